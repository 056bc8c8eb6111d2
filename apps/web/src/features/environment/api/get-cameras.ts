import { ENVIRONMENT_API, type Camera } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** POST …/environment/cameras: the cameras of a node's subtree. */
export async function fetchCameras(nodeId: number, modelLabel: string): Promise<Camera[]> {
  return (await http.post<Camera[]>(ENVIRONMENT_API.cameras, { nodeId, modelLabel })).data;
}

export const camerasQuery = defineQuery(['environment', 'cameras'], (nodeId: number, modelLabel: string) => ({ key: [nodeId, modelLabel], queryFn: () => fetchCameras(nodeId, modelLabel) }));
