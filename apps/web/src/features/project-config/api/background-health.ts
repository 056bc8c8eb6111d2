import { API, type BackgroundHealth } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/**
 * GET /eem-service/v1/project/backgroundHealth: how the background passes fare per project. Only
 * administrators may read it; for anyone else (404) the page shows no markers and no message.
 */
export async function fetchBackgroundHealth(): Promise<BackgroundHealth[]> {
  try {
    return (await http.get<BackgroundHealth[]>(API.projectBackgroundHealth, undefined, { hideNotice: true })).data ?? [];
  } catch {
    return [];
  }
}

export const backgroundHealthQuery = defineQuery(['projectBackgroundHealth'], () => ({ key: [], queryFn: fetchBackgroundHealth, refetchInterval: 60_000 }));
