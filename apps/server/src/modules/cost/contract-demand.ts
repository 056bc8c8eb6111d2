import { DEFAULT_DEMAND_RULES, decimalToNumber, mulDecimal, versionAt } from '@ems/domain';
import type { Ems } from '../../context.js';
import { analysisRepository } from '../analysis/repository.js';
import { buildTree } from '../analysis/tree.js';
import { schemeOf } from './service.js';

/** The contracted demand a node's basic fee is billed against at an instant: one source of truth for the bill and the demand rule. */
export interface ContractDemand {
  schemeId: number;
  schemeName: string;
  /** the version in force: its effectiveFrom (local 'YYYY-MM-DD') */
  effectiveFrom: string;
  basis: 'capacity' | 'demand';
  /** 'contract' (合同最大需量) or 'actual' (按实际最大需量, no contract) */
  election: 'contract' | 'actual';
  /** the contracted demand as entered, kW; null when the version elects actual MD */
  contractKw: number | null;
  /** 40 % of the version's capacity, kW: the least demand billed */
  minKw: number;
  /**
   * the demand the bill holds the MD against, kW: max(contract, 40 % of capacity) (a contract
   * below 40 % is billed at 40 %); null when the version elects actual MD
   */
  billedContractKw: number | null;
}

/**
 * The contracted demand of the tariff version in force for a node at `ts`: the scheme attached to
 * the node or its nearest ancestor (the project's own last), its version in force on ts's local
 * day in the project's zone. Null when the node is unknown, no scheme applies or no version is in
 * force yet. No caller scope is checked: for server jobs (the demand rule of the event engine);
 * routes go through {@link costContext}.
 */
export async function contractDemandAt(ems: Ems, node: { nodeId: number; modelLabel: string }, ts: number): Promise<ContractDemand | null> {
  const ar = analysisRepository(ems.db);
  const projectId = node.modelLabel === 'project' ? node.nodeId : await ar.nodeProject(node.nodeId, node.modelLabel);
  if (projectId === undefined) return null;
  const project = await ar.project(projectId);
  if (!project) return null;
  const tree = buildTree(await ar.nodes(projectId));
  const root = node.modelLabel === 'project' ? null : (tree.byId.get(node.nodeId) ?? null);
  if (node.modelLabel !== 'project' && (root === null || root.modelLabel !== node.modelLabel)) return null;
  const scheme = await schemeOf(ems, projectId, tree, root);
  const v = scheme ? versionAt(scheme.versions, ts, project.timezone) : null;
  if (!scheme || !v) return null;
  const minKw = decimalToNumber(mulDecimal(v.capacityKva, DEFAULT_DEMAND_RULES.minContractRatio));
  const contract = v.demandElection === 'contract';
  return {
    schemeId: scheme.id,
    schemeName: scheme.name,
    effectiveFrom: v.effectiveFrom,
    basis: v.basis,
    election: v.demandElection,
    contractKw: contract ? v.contractKw : null,
    minKw,
    billedContractKw: contract ? Math.max(v.contractKw, minKw) : null,
  };
}
