import { ENVIRONMENT_API, type SensorAlarm, type SensorScope } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST …/environment/alarms: the sensors' limit and offline events of the last 7 days, newest first. */
export async function fetchAlarms(nodeId: number, modelLabel: string, scope: SensorScope): Promise<SensorAlarm[]> {
  return (await http.post<SensorAlarm[]>(ENVIRONMENT_API.alarms, { nodeId, modelLabel, scope }, { hideNotice: true })).data;
}

export const alarmsQuery = defineQuery(['environment', 'alarms'], (nodeId: number, modelLabel: string, scope: SensorScope) => ({ key: [nodeId, modelLabel, scope], queryFn: () => fetchAlarms(nodeId, modelLabel, scope) }));
