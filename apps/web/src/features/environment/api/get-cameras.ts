import { queryOptions } from '@tanstack/react-query';
import { ENVIRONMENT_API, type Camera } from '@ems/contract';
import { http } from '../../../lib/http/client';

/** POST …/environment/cameras: the cameras of a node's subtree. */
export async function fetchCameras(nodeId: number, modelLabel: string): Promise<Camera[]> {
  return (await http.post<Camera[]>(ENVIRONMENT_API.cameras, { nodeId, modelLabel })).data;
}

export const camerasQuery = (nodeId: number, modelLabel: string) => queryOptions({ queryKey: ['environment', 'cameras', nodeId, modelLabel], queryFn: () => fetchCameras(nodeId, modelLabel) });
