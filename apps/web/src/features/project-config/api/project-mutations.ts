import { API, type ProjectBody, type ProjectInfo } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST /eem-service/v1/project/project */
export async function createProject(body: ProjectBody): Promise<ProjectInfo> {
  return (await http.post<ProjectInfo>(API.projects, body)).data;
}

/** PUT /eem-service/v1/project/project/{id} */
export async function updateProject(id: number, body: ProjectBody): Promise<ProjectInfo> {
  return (await http.put<ProjectInfo>(`${API.projects}/${id}`, body)).data;
}

/** DELETE /eem-service/v1/project/project/{id} */
export async function deleteProject(id: number): Promise<void> {
  await http.del(`${API.projects}/${id}`);
}
