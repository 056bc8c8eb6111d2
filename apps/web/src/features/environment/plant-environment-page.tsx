import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SensorRow } from '@ems/contract';
import { EmptyState } from '../../widgets/empty-state/empty-state';
import { exportEnvironment } from './api/export-environment';
import { FloorView } from './components/floor-view';
import { LevelSummary } from './components/level-summary';
import { PlaceTreePanel } from './components/place-tree-panel';
import { SensorTable } from './components/sensor-table';
import { TrendDialog } from './components/trend-dialog';
import { usePlace } from './use-place';
import { useSensorGrid } from './use-sensor-grid';

/**
 * Plant environment (/plantEnvironment, DOMAIN §13): the environment sensors of the picked place —
 * level counts and online rate, the rooms as tiles with each sensor coloured by level, the real-time
 * value grid (every 5 s); a sensor opens its last 24 h with the limit lines.
 */
export default function PlantEnvironmentPage() {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const place = usePlace();
  const grid = useSensorGrid(place.node, 'env');
  const [trendOf, setTrendOf] = useState<SensorRow | null>(null);
  if (place.projectId === null || !place.node) return <Empty description={t('noProject')} />;
  const node = place.node;
  return (
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="plant-environment" data-ready={grid.data !== undefined}>
      <PlaceTreePanel places={place.places} loading={place.loading} node={node} onPick={place.setPicked} storageKey="plantEnvironment.sidePanel" />
      <Flex vertical gap={token.margin} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        {grid.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {grid.isLoading || !grid.data ? (
          <Skeleton active />
        ) : (
          <>
            <Card size="small">
              <Flex justify="space-between" align="center" wrap gap={token.margin}>
                <LevelSummary grid={grid.data} />
                <Typography.Text type="secondary">{t('refreshEvery')}</Typography.Text>
              </Flex>
            </Card>
            <Card size="small" title={t('floorView')} extra={<Typography.Text type="secondary">{t('trendHint')}</Typography.Text>}>
              <FloorView grid={grid.data} onPick={setTrendOf} />
            </Card>
            <Card
              size="small"
              title={t('valueGrid')}
              extra={
                <Button data-testid="env-export" onClick={() => void exportEnvironment({ table: 'sensors', nodeId: node.id, modelLabel: node.modelLabel, scope: 'env' })}>
                  {t('export')}
                </Button>
              }
            >
              {grid.data.sensors.length === 0 ? <EmptyState description={t('noSensors')} /> : <SensorTable grid={grid.data} onPick={setTrendOf} testId="env-grid" />}
            </Card>
          </>
        )}
      </Flex>
      <TrendDialog sensor={trendOf} onClose={() => setTrendOf(null)} />
    </Flex>
  );
}
