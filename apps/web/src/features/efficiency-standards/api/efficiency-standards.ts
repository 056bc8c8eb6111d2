import { EFFICIENCY_STANDARDS_API, type EfficiencyStandard, type EfficiencyStandardInput, type EfficiencyStandardSummary, type EquipmentKindT } from '@ems/contract';
import { defineQuery } from '../../../lib/api/define-query';
import { http } from '../../../lib/http/client';

const one = (kind: EquipmentKindT) => EFFICIENCY_STANDARDS_API.one.replace(':kind', kind);

/** The four grade tables in force (edition, effective date, edited or published). */
export const standardsQuery = defineQuery(['efficiencyStandards', 'list'], () => ({
  key: [],
  queryFn: async () => (await http.get<EfficiencyStandardSummary[]>(EFFICIENCY_STANDARDS_API.list)).data,
}));

/** One kind's table in force with its rows. */
export const standardQuery = defineQuery(['efficiencyStandards', 'table'], (kind: EquipmentKindT) => ({
  key: [kind],
  queryFn: async () => (await http.get<EfficiencyStandard>(one(kind))).data,
}));

/** PUT the edited edition (the server's refusal names the row and field: shown by the editor, not as a toast). */
export async function saveStandard(kind: EquipmentKindT, input: EfficiencyStandardInput): Promise<EfficiencyStandard> {
  return (await http.put<EfficiencyStandard>(one(kind), input, { hideNotice: true })).data;
}

/** Back to the published edition. */
export async function resetStandard(kind: EquipmentKindT): Promise<EfficiencyStandard> {
  return (await http.post<EfficiencyStandard>(EFFICIENCY_STANDARDS_API.reset.replace(':kind', kind))).data;
}
