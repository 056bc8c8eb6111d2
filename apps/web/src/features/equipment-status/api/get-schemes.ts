import { EQUIPMENT_STATUS_API, type EquipmentScheme, type EquipmentSchemeInput, type EquipmentStatusOptions } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

/** GET equipmentStatus/schemes: the project's programmes with their detail. */
export const schemesQuery = defineQuery(['equipment-status', 'schemes'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<EquipmentScheme[]>(EQUIPMENT_STATUS_API.schemes, { projectId: projectId ?? 0 })).data ?? [],
  enabled: projectId !== null,
}));

/** GET equipmentStatus/options: the meters a programme classifies, the nodes a condition reads, the comparable data points. */
export const statusOptionsQuery = defineQuery(['equipment-status', 'options'], (projectId: number | null) => ({
  key: [projectId],
  queryFn: async () => (await http.get<EquipmentStatusOptions>(EQUIPMENT_STATUS_API.options, { projectId: projectId ?? 0 })).data,
  enabled: projectId !== null,
  staleTime: 60_000,
}));

/** POST (new) or PUT (id) a programme. */
export async function saveScheme(input: EquipmentSchemeInput, id?: number): Promise<EquipmentScheme> {
  const reply = id === undefined ? await http.post<EquipmentScheme>(EQUIPMENT_STATUS_API.create, input) : await http.put<EquipmentScheme>(EQUIPMENT_STATUS_API.update.replace(':id', String(id)), input);
  return reply.data;
}

/** DELETE a programme. */
export async function removeScheme(id: number): Promise<number> {
  return (await http.del<number>(EQUIPMENT_STATUS_API.remove.replace(':id', String(id)))).data;
}
