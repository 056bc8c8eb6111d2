import { queryOptions } from '@tanstack/react-query';
import { HEADER, MONITOR_API, type MonitorDataPoint } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** GET MONITOR_API.dataPoints?deviceId=: the data points a device has readings for (the conditions' choices). */
export async function fetchDataPoints(projectId: number, deviceId: number): Promise<MonitorDataPoint[]> {
  return (await http.get<MonitorDataPoint[]>(MONITOR_API.dataPoints, { deviceId }, { headers: { [HEADER.projectId]: String(projectId) } })).data ?? [];
}

export const dataPointsQuery = (projectId: number, deviceId: number | null) =>
  queryOptions({ queryKey: ['rule-config', 'points', projectId, deviceId], queryFn: () => fetchDataPoints(projectId, deviceId ?? 0), enabled: deviceId !== null });
