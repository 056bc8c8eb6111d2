import { queryOptions } from '@tanstack/react-query';
import { MONITOR_API, type MonitorDataPoint } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** GET MONITOR_API.dataPoints?deviceId=: the data points the device has readings for. */
export async function fetchDataPoints(deviceId: number): Promise<MonitorDataPoint[]> {
  return (await http.get<MonitorDataPoint[]>(MONITOR_API.dataPoints, { deviceId })).data ?? [];
}

export const dataPointsQuery = (deviceId: number | null) =>
  queryOptions({ queryKey: ['events', 'points', deviceId], queryFn: () => fetchDataPoints(deviceId ?? 0), enabled: deviceId !== null });
