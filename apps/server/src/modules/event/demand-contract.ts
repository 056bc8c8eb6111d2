import type { AlgorithmParams, DemandContract } from '@ems/contract';
import type { Ems } from '../../context.js';
import { contractDemandAt } from '../cost/contract-demand.js';

/**
 * The contracted demand a demand algorithm judges against at ts (issue 11 defect 5: one source of
 * truth with the basic fee): the administrator's `contractKw` when the algorithm sets one; else the
 * contracted demand the basic fee of the tariff version in force for its node that day bills the
 * MD against, when that version bills by demand against a contract — max(contract, 40 % of the
 * capacity), with the contract as entered and the 40 % beside it; else none (kw null: the
 * algorithm raises nothing).
 */
export async function demandContract(ems: Ems, a: { nodeId: number; modelLabel: string; params: AlgorithmParams }, ts: number): Promise<DemandContract> {
  const blank = { schemeId: null, schemeName: null, effectiveFrom: null, enteredKw: null, minKw: null };
  if (a.params.contractKw !== undefined) return { ...blank, kw: a.params.contractKw, source: 'admin' };
  const c = await contractDemandAt(ems, { nodeId: a.nodeId, modelLabel: a.modelLabel }, ts);
  const scheme = { schemeId: c?.schemeId ?? null, schemeName: c?.schemeName ?? null, effectiveFrom: c?.effectiveFrom ?? null };
  if (!c || c.basis !== 'demand' || c.billedContractKw === null) return { ...blank, ...scheme, kw: null, source: 'none' };
  return { ...scheme, kw: c.billedContractKw, source: 'tariff', enteredKw: c.contractKw, minKw: c.minKw };
}
