import type { AlgorithmParams, DemandContract } from '@ems/contract';
import type { Ems } from '../../context.js';
import { contractDemandAt } from '../cost/contract-demand.js';

/**
 * The contracted demand a demand algorithm judges against at ts (issue 11 defect 5: one source of
 * truth with the basic fee): the administrator's `contractKw` when the algorithm sets one; else the
 * contracted demand of the tariff version in force for its node that day, when that version bills
 * the basic fee by demand against a contract; else none (kw null: the algorithm raises nothing).
 */
export async function demandContract(ems: Ems, a: { nodeId: number; modelLabel: string; params: AlgorithmParams }, ts: number): Promise<DemandContract> {
  if (a.params.contractKw !== undefined) return { kw: a.params.contractKw, source: 'admin', schemeId: null, schemeName: null, effectiveFrom: null };
  const c = await contractDemandAt(ems, { nodeId: a.nodeId, modelLabel: a.modelLabel }, ts);
  if (!c || c.basis !== 'demand' || c.contractKw === null) return { kw: null, source: 'none', schemeId: c?.schemeId ?? null, schemeName: c?.schemeName ?? null, effectiveFrom: c?.effectiveFrom ?? null };
  return { kw: c.contractKw, source: 'tariff', schemeId: c.schemeId, schemeName: c.schemeName, effectiveFrom: c.effectiveFrom };
}
