import { useQuery } from '@tanstack/react-query';
import type { SensorScope } from '@ems/contract';
import type { TreeNodeRef } from '../../lib/api/model-tree';
import { usePeriodicTask } from '../../widgets/hooks/use-periodic-task';
import { sensorsQuery } from './api/get-sensors';

/** The picked place's sensors, refreshed by the realtime periodic task (every 5 s) while shown. */
export function useSensorGrid(node: TreeNodeRef | null, scope: SensorScope) {
  const grid = useQuery({ ...sensorsQuery(node?.id ?? -1, node?.modelLabel ?? 'project', scope), enabled: node !== null });
  usePeriodicTask(() => grid.refetch().then(() => undefined), { realtime: true, enabled: node !== null });
  return grid;
}
