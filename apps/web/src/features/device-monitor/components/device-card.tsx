import { memo, type CSSProperties } from 'react';
import { Card, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LimitState, MonitorDevice } from '@ems/contract';
import { displayUnit, formatNumber, NO_VALUE, pointReading, type PointReading } from '@ems/domain';
import { useFormatTime } from '../../../lib/time';

type Token = ReturnType<typeof theme.useToken>['token'];

/** Value colour of a limit state, from the antd tokens. */
export function limitColor(state: LimitState, token: Pick<Token, 'colorText' | 'colorError' | 'colorWarning'>): string {
  return state === 'over' ? token.colorError : state === 'under' ? token.colorWarning : token.colorText;
}

/** A reading as text: a number with its unit, a state as running/stopped, '--' where there is none. */
function readingText(r: PointReading, unit: string, t: (key: string) => string): string {
  if (r.type === 'state') return r.on === null ? NO_VALUE : t(r.on ? 'state.running' : 'state.stopped');
  if (r.type === 'none') return NO_VALUE;
  return `${formatNumber(r.value)}${unit ? ` ${displayUnit(unit)}` : ''}`;
}

const row: CSSProperties = { display: 'flex', justifyContent: 'space-between' };
const pointName: CSSProperties = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

/**
 * One device: name, online tag, each data point's latest value with unit and limit state (on hover),
 * last-reading time. The point rows are plain elements styled from the tokens, not antd components:
 * a project's monitor draws ~1000 of them at once, and an antd Typography/Tooltip/Flex per row made
 * that first draw take over a second. Memoised: the 5 s refresh keeps an unchanged device's object
 * (the query's structural sharing), so only changed cards draw again.
 */
export const DeviceCard = memo(function DeviceCard({ device }: { device: MonitorDevice }) {
  const { t } = useTranslation('device-monitor');
  const time = useFormatTime();
  const { token } = theme.useToken();
  const secondary: CSSProperties = { color: token.colorTextSecondary };
  return (
    <Card
      size="small"
      data-testid="monitor-device"
      data-device-id={device.id}
      data-online={device.online}
      title={device.name}
      extra={
        <Tag color={device.online ? 'success' : 'default'} data-testid="monitor-online">
          {t(device.online ? 'online' : 'offline')}
        </Tag>
      }
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXXS, minHeight: 96 }}>
        {device.points.length === 0 && <span style={secondary}>{t('noReading')}</span>}
        {device.points.map((p) => (
          <div key={p.dataId} style={{ ...row, gap: token.marginXS }} data-testid="monitor-point" data-data-id={p.dataId} data-limit={p.limitState}>
            <span style={{ ...secondary, ...pointName }} title={p.name}>
              {p.name}
            </span>
            <span
              title={t(`limit.${p.limitState}`)}
              style={{ color: limitColor(p.limitState, token), fontWeight: p.limitState === 'normal' ? undefined : token.fontWeightStrong, whiteSpace: 'nowrap' }}
            >
              {readingText(pointReading(p, device.points), p.unit, t)}
            </span>
          </div>
        ))}
      </div>
      <div style={{ ...secondary, fontSize: token.fontSizeSM }} data-testid="monitor-last">
        {t('lastReading')}: {time(device.lastTs)}
      </div>
    </Card>
  );
});
