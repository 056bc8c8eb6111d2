import { DASHBOARD_API, type ProjectDashboard } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/**
 * GET /eem-service/v1/dashboard/project/{projectId}: the project home's figures. Quiet (no loading
 * overlay, no toasts): it is polled every 15 s; the page shows a failure itself.
 */
export async function fetchDashboard(projectId: number): Promise<ProjectDashboard> {
  return (await http.get<ProjectDashboard>(`${DASHBOARD_API.project}/${projectId}`, undefined, { hideNotice: true })).data;
}

export const dashboardQuery = defineQuery(['home', 'dashboard'], (projectId: number) => ({ key: [projectId], queryFn: () => fetchDashboard(projectId) }));
