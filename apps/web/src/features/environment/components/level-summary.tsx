import { Badge, Flex, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SensorGrid } from '@ems/contract';
import { formatNumber } from '@ems/domain';
import { LEVELS, levelColor } from '../level';

/** Summary badges: sensors per level and the online rate (reporting ÷ all). */
export function LevelSummary({ grid }: { grid: SensorGrid }) {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  return (
    <Flex wrap gap={token.marginLG} align="center" data-testid="env-summary">
      <Statistic title={t('total')} value={grid.sensors.length} data-testid="env-count-total" />
      {LEVELS.map((l) => (
        <Statistic
          key={l}
          title={
            <Flex gap={token.marginXXS} align="center">
              <Badge color={levelColor(l, token)} />
              {t(`level.${l}`)}
            </Flex>
          }
          value={grid.counts[l]}
          valueStyle={{ color: grid.counts[l] > 0 && l !== 'normal' ? levelColor(l, token) : undefined }}
          data-testid={`env-count-${l}`}
        />
      ))}
      <Statistic title={t('onlineRate')} value={formatNumber(grid.onlineRatePct, 1)} suffix="%" data-testid="env-online-rate" />
    </Flex>
  );
}
