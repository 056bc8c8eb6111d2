import { MONITOR_API, type MonitorDevices } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/**
 * POST /eem-service/v1/monitor/devices: the devices under the node with their latest readings.
 * Quiet (no loading overlay, no toasts): it is polled every 5 s; the page shows failures itself.
 */
export async function fetchDevices(nodeId: number, modelLabel: string): Promise<MonitorDevices> {
  return (await http.post<MonitorDevices>(MONITOR_API.devices, { nodeId, modelLabel }, { hideNotice: true })).data;
}

export const devicesQuery = defineQuery(['device-monitor', 'devices'], (nodeId: number, modelLabel: string) => ({ key: [nodeId, modelLabel], queryFn: () => fetchDevices(nodeId, modelLabel) }));
