import { ENVIRONMENT_API, type SensorTrend } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST …/environment/trend: a sensor's last 24 h of raw readings with its limit lines. */
export async function fetchTrend(sensorId: number): Promise<SensorTrend> {
  return (await http.post<SensorTrend>(ENVIRONMENT_API.trend, { sensorId, hours: 24 }, { hideNotice: true })).data;
}

export const trendQuery = defineQuery(['environment', 'trend'], (sensorId: number) => ({ key: [sensorId], queryFn: () => fetchTrend(sensorId) }));
