import { queryOptions } from '@tanstack/react-query';
import { MONITOR_API, type MonitorDataPoint } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** GET /eem-service/v1/monitor/dataPoints?deviceId=: the points the device has readings for. */
export async function fetchDataPoints(deviceId: number): Promise<MonitorDataPoint[]> {
  return (await http.get<MonitorDataPoint[]>(MONITOR_API.dataPoints, { deviceId })).data ?? [];
}

export const dataPointsQuery = (deviceId: number) =>
  queryOptions({ queryKey: ['equipment-trend', 'points', deviceId], queryFn: () => fetchDataPoints(deviceId) });
