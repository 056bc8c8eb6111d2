import { Card, Col, Flex, Row, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SensorGrid, SensorRow } from '@ems/contract';
import { formatNumber } from '@ems/domain';
import { EmptyState } from '../../../widgets/empty-state/empty-state';
import { floorLayout } from '../floor-layout';
import { levelColor } from '../level';
import { SensorGlyph } from './sensor-glyph';

/**
 * The floor view: the rooms of the picked place as tiles drawn from the model, grouped by building
 * and floor, each sensor an icon coloured by its level; a click opens its trend.
 */
export function FloorView({ grid, onPick }: { grid: SensorGrid; onPick: (s: SensorRow) => void }) {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const groups = floorLayout(grid.rooms, grid.sensors);
  if (groups.length === 0) return <EmptyState description={t('noRooms')} />;
  // the first channel's value under the icon (temperature of a temperature-humidity sensor)
  const caption = (s: SensorRow) => {
    const c = s.channels[0];
    return c && c.value !== null ? `${formatNumber(c.value, 1)} ${c.unit}` : '--';
  };
  const value = (s: SensorRow) => s.channels.map((c) => `${t(`quantity.${c.quantity}`)} ${formatNumber(c.value)} ${c.unit}`).join(' · ');
  return (
    <Flex vertical gap={token.margin} data-testid="env-floor-view">
      {groups.map((g) => (
        <Flex vertical gap={token.marginXS} key={g.title}>
          {g.title && <Typography.Text strong>{g.title}</Typography.Text>}
          <Row gutter={[token.marginSM, token.marginSM]}>
            {g.tiles.map((tile) => (
              <Col key={tile.key} xs={12} md={8} xl={6} xxl={4}>
                <Card size="small" title={tile.room?.name ?? t('outsideRooms')} styles={{ body: { minHeight: 64 } }} data-testid="env-room-tile">
                  <Flex wrap gap={token.marginXS}>
                    {tile.sensors.map((s) => (
                      <Tooltip key={s.id} title={`${s.name}: ${t(`level.${s.level}`)}${s.channels.length ? ` — ${value(s)}` : ''}`}>
                        <Flex vertical align="center" gap={2} style={{ minWidth: 48 }}>
                          <button
                            type="button"
                            onClick={() => onPick(s)}
                            data-testid="env-sensor-icon"
                            data-level={s.level}
                            data-sensor={s.name}
                            aria-label={s.name}
                            style={{
                              display: 'inline-flex',
                              alignItems: 'center',
                              justifyContent: 'center',
                              width: 32,
                              height: 32,
                              borderRadius: '50%',
                              border: `2px solid ${levelColor(s.level, token)}`,
                              background: token.colorBgContainer,
                              color: levelColor(s.level, token),
                              cursor: 'pointer',
                              padding: 0,
                            }}
                          >
                            <SensorGlyph sensor={s} />
                          </button>
                          <Typography.Text style={{ fontSize: token.fontSizeSM, color: levelColor(s.level, token) }}>{caption(s)}</Typography.Text>
                        </Flex>
                      </Tooltip>
                    ))}
                  </Flex>
                </Card>
              </Col>
            ))}
          </Row>
        </Flex>
      ))}
    </Flex>
  );
}
