import { API, type ProjectInfo, type ProjectSummary } from '@ems/contract';
import { http } from '../http/client';
import { defineQuery } from './define-query';

/** GET /eem-service/v1/project/project?system=cloud: the caller's projects. */
export async function fetchProjects(options?: { hideNotice?: boolean }): Promise<ProjectInfo[]> {
  const reply = await http.get<ProjectInfo[]>(API.projects, { system: 'cloud' }, options);
  return reply.data ?? [];
}

export const projectsQuery = defineQuery(['projects'], () => ({ key: [], queryFn: () => fetchProjects() }));

/** GET /eem-service/v1/project/summary/{projectId}: project info plus node counts. */
export async function fetchProjectSummary(projectId: number): Promise<ProjectSummary> {
  return (await http.get<ProjectSummary>(`${API.projectSummary}/${projectId}`)).data;
}

export const projectSummaryQuery = defineQuery(['projectSummary'], (projectId: number) => ({ key: [projectId], queryFn: () => fetchProjectSummary(projectId) }));
