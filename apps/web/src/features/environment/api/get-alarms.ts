import { queryOptions } from '@tanstack/react-query';
import { ENVIRONMENT_API, type SensorAlarm, type SensorScope } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST …/environment/alarms: the sensors' limit and offline events of the last 7 days, newest first. */
export async function fetchAlarms(nodeId: number, modelLabel: string, scope: SensorScope): Promise<SensorAlarm[]> {
  return (await http.post<SensorAlarm[]>(ENVIRONMENT_API.alarms, { nodeId, modelLabel, scope }, { hideNotice: true })).data;
}

export const alarmsQuery = (nodeId: number, modelLabel: string, scope: SensorScope) =>
  queryOptions({ queryKey: ['environment', 'alarms', nodeId, modelLabel, scope], queryFn: () => fetchAlarms(nodeId, modelLabel, scope) });
