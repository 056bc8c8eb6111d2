import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SensorRow } from '@ems/contract';
import { EmptyState } from '../../widgets/empty-state/empty-state';
import { exportEnvironment } from './api/export-environment';
import { alarmsQuery } from './api/get-alarms';
import { hazardsQuery } from './api/hazards';
import { sensorsQuery } from './api/get-sensors';
import { AlarmLog } from './components/alarm-log';
import { HazardRegister } from './components/hazard-register';
import { LevelSummary } from './components/level-summary';
import { PlaceTreePanel } from './components/place-tree-panel';
import { SensorTable } from './components/sensor-table';
import { TrendDialog } from './components/trend-dialog';
import { usePlace } from './use-place';
import { useSensorGrid } from './use-sensor-grid';

/**
 * Hazard-source monitoring (/hazardSourceMonitoring, DOMAIN §13): the gas detectors of the picked
 * place with their levels (every 5 s) and 24 h trends, the project's hazard-source register, and the
 * detectors' alarm log with a way to the event page to acknowledge.
 */
export default function HazardSourcePage() {
  const { t } = useTranslation('environment');
  const { token } = theme.useToken();
  const place = usePlace();
  const grid = useSensorGrid(place.node, 'gas');
  const all = useQuery({ ...sensorsQuery(place.projectId ?? -1, 'project', 'all'), enabled: place.projectId !== null });
  // the register's and the alarm log's queries (their components read the same cache entries): for data-ready only
  const hazards = useQuery({ ...hazardsQuery(place.projectId ?? -1), enabled: place.projectId !== null });
  const alarms = useQuery({ ...alarmsQuery(place.node?.id ?? -1, place.node?.modelLabel ?? 'project', 'gas'), enabled: place.node !== null });
  const [trendOf, setTrendOf] = useState<SensorRow | null>(null);
  if (place.projectId === null || !place.node) return <Empty description={t('noProject')} />;
  const node = place.node;
  return (
    // data-ready: the detectors, the register and the alarm log of the picked place are drawn (the 5 s / 15 s refreshes keep it)
    <Flex gap={token.margin} style={{ height: '100%', minHeight: 560 }} data-testid="hazard-source" data-ready={grid.data !== undefined && hazards.data !== undefined && alarms.data !== undefined}>
      <PlaceTreePanel places={place.places} loading={place.loading} node={node} onPick={place.setPicked} storageKey="hazardSource.sidePanel" />
      <Flex vertical gap={token.margin} style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        {grid.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        <Card
          size="small"
          title={t('gasGrid')}
          extra={
            <Flex gap={token.margin} align="center">
              <Typography.Text type="secondary">{t('refreshEvery')}</Typography.Text>
              <Button data-testid="gas-export" onClick={() => void exportEnvironment({ table: 'sensors', nodeId: node.id, modelLabel: node.modelLabel, scope: 'gas' })}>
                {t('export')}
              </Button>
            </Flex>
          }
        >
          {grid.isLoading || !grid.data ? (
            <Skeleton active />
          ) : (
            <Flex vertical gap={token.margin}>
              <LevelSummary grid={grid.data} />
              {grid.data.sensors.length === 0 ? <EmptyState description={t('noSensors')} /> : <SensorTable grid={grid.data} onPick={setTrendOf} testId="gas-grid" />}
            </Flex>
          )}
        </Card>
        <HazardRegister projectId={place.projectId} node={node} places={place.places} sensors={all.data?.sensors ?? []} />
        <AlarmLog node={node} scope="gas" />
      </Flex>
      <TrendDialog sensor={trendOf} onClose={() => setTrendOf(null)} />
    </Flex>
  );
}
