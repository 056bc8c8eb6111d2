import { ENVIRONMENT_API, type SensorGrid, type SensorScope } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST …/environment/sensors: the sensors of a node with levels, counts and online rate. Quiet: it is polled. */
export async function fetchSensors(nodeId: number, modelLabel: string, scope: SensorScope): Promise<SensorGrid> {
  return (await http.post<SensorGrid>(ENVIRONMENT_API.sensors, { nodeId, modelLabel, scope }, { hideNotice: true })).data;
}

export const sensorsQuery = defineQuery(['environment', 'sensors'], (nodeId: number, modelLabel: string, scope: SensorScope) => ({ key: [nodeId, modelLabel, scope], queryFn: () => fetchSensors(nodeId, modelLabel, scope) }));
