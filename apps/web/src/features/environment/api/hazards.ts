import { ENVIRONMENT_API, type HazardSource, type HazardSourceInput } from '@ems/contract';
import { http } from '../../../lib/http/client';
import { defineQuery } from '../../../lib/api/define-query';

/** GET …/environment/hazards: the register of the current project. */
export async function fetchHazards(): Promise<HazardSource[]> {
  return (await http.get<HazardSource[]>(ENVIRONMENT_API.hazards)).data;
}

export const hazardsQuery = defineQuery(['environment', 'hazards'], (projectId: number) => ({ key: [projectId], queryFn: fetchHazards }));

/** POST (new) or PUT (existing id) a hazard source; the server's 400 names the bad field. */
export async function saveHazard(id: number | null, input: HazardSourceInput): Promise<HazardSource> {
  return id === null
    ? (await http.post<HazardSource>(ENVIRONMENT_API.createHazard, input)).data
    : (await http.put<HazardSource>(ENVIRONMENT_API.updateHazard.replace(':id', String(id)), input)).data;
}

/** DELETE a hazard source. */
export async function removeHazard(id: number): Promise<number> {
  return (await http.del<number>(ENVIRONMENT_API.removeHazard.replace(':id', String(id)))).data;
}
