import { HEADER, MONITOR_API, type MonitorDataPoint } from '@ems/contract';
import { http } from '../http/client';
import { defineQuery } from './define-query';

/**
 * GET MONITOR_API.dataPoints?deviceId=: the data points a device has readings for. With a project
 * id the request names that project (a platform user configuring another project's rules).
 */
export async function fetchDataPoints(deviceId: number, projectId: number | null = null): Promise<MonitorDataPoint[]> {
  const headers = projectId === null ? undefined : { headers: { [HEADER.projectId]: String(projectId) } };
  return (await http.get<MonitorDataPoint[]>(MONITOR_API.dataPoints, { deviceId }, headers)).data ?? [];
}

/** A device's data points (trend pickers, event diagnosis, rule conditions); idle without a device. Device ids are unique across projects. */
export const dataPointsQuery = defineQuery(['data-points'], (deviceId: number | null, projectId: number | null = null) => ({
  key: [deviceId],
  queryFn: () => fetchDataPoints(deviceId ?? 0, projectId),
  enabled: deviceId !== null,
}));
