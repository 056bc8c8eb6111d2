import type { AlgorithmConfig, AlgorithmConfigInput, AlgorithmKind, AlgorithmParams, DemandContract } from '@ems/contract';
import { formatThousands } from '@ems/domain';

/** How a parameter is entered: a decimal, several decimals (comma-separated), an integer, one node, several nodes, or the efficiency indicator. */
export type ParamInput = 'decimal' | 'decimals' | 'integer' | 'node' | 'nodes' | 'indicator';

export interface ParamField {
  name: keyof AlgorithmParams;
  input: ParamInput;
  required?: boolean;
}

/**
 * The parameters each algorithm kind takes (the contract's AlgorithmParams notes): required ones
 * first; the rest fall back to the server's defaults when left empty.
 */
export const ALGORITHM_PARAMS: Record<AlgorithmKind, readonly ParamField[]> = {
  demand: [
    // empty: the contracted demand of the node's tariff (the server's; DemandContract says which applies)
    { name: 'contractKw', input: 'decimal' },
    { name: 'preAlarmPercent', input: 'decimal' },
    { name: 'windowMinutes', input: 'integer' },
    { name: 'subintervalMinutes', input: 'integer' },
    { name: 'predictionFactor', input: 'decimal' },
    { name: 'dataId', input: 'integer' },
  ],
  offline: [
    { name: 'offlineMinutes', input: 'integer', required: true },
    { name: 'deviceIds', input: 'nodes' },
  ],
  switch: [
    { name: 'dataId', input: 'integer' },
    { name: 'deviceIds', input: 'nodes' },
  ],
  efficiency: [
    { name: 'threshold', input: 'decimal', required: true },
    { name: 'outputDeviceId', input: 'node', required: true },
    { name: 'indicator', input: 'indicator' },
    { name: 'outputDataId', input: 'integer' },
    { name: 'dataId', input: 'integer' },
    { name: 'gradeBounds', input: 'decimals' },
  ],
  balance: [
    { name: 'tolerancePercent', input: 'decimal', required: true },
    { name: 'childIds', input: 'nodes' },
    { name: 'dataId', input: 'integer' },
  ],
  quota: [
    { name: 'quotaMonthly', input: 'decimal', required: true },
    { name: 'deviceIds', input: 'nodes' },
    { name: 'dataId', input: 'integer' },
  ],
  baseLoad: [
    { name: 'nightLimit', input: 'decimal', required: true },
    { name: 'dataId', input: 'integer' },
    { name: 'nightStartHour', input: 'integer' },
    { name: 'nightEndHour', input: 'integer' },
  ],
};

/**
 * Which contracted demand a demand algorithm judges against, as a sentence: the tariff's (scheme and
 * the version's first day; when its contract is below 40 % of the capacity, the figure entered and
 * that the 40 % floor raised it, as the bill does), the administrator's, or none.
 */
export function describeContract(c: DemandContract, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (c.kw === null) return t('contract.none');
  const kw = formatThousands(c.kw, 0);
  if (c.source !== 'tariff') return t('contract.admin', { kw });
  const o = { kw, scheme: c.schemeName ?? '', from: c.effectiveFrom ?? '' };
  return c.enteredKw !== null && c.enteredKw < c.kw ? t('contract.tariffRaised', { ...o, entered: formatThousands(c.enteredKw, 0) }) : t('contract.tariff', o);
}

export interface AlgorithmFormValues {
  name: string;
  kind: AlgorithmKind;
  node: { id: number; modelLabel: string } | null;
  params: Partial<Record<keyof AlgorithmParams, unknown>>;
  level: 1 | 2 | 4;
  enabled: boolean;
  description?: string;
}

export const NEW_ALGORITHM: AlgorithmFormValues = { name: '', kind: 'demand', node: null, params: {}, level: 2, enabled: true, description: '' };

export function toAlgorithmForm(a: AlgorithmConfig): AlgorithmFormValues {
  return {
    name: a.name,
    kind: a.kind,
    node: { id: a.nodeId, modelLabel: a.modelLabel },
    // several decimals are edited as one comma-separated text
    params: Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, Array.isArray(v) && ALGORITHM_PARAMS[a.kind].some((f) => f.name === k && f.input === 'decimals') ? v.join(', ') : v])),
    level: a.level === 1 || a.level === 4 ? a.level : 2,
    enabled: a.enabled,
    description: a.description,
  };
}

/** '5, 4，3' → [5, 4, 3]: numbers split by commas (either width) or spaces. */
export const decimalsOf = (v: unknown): number[] =>
  String(v)
    .split(/[,，\s]+/)
    .filter((x) => x !== '')
    .map(Number);

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Only the kind's parameters go out, empty ones left to the server's defaults; texts become numbers. */
export function toAlgorithmInput(v: AlgorithmFormValues, id?: number): AlgorithmConfigInput {
  if (!v.node) throw new Error('no node');
  const params: Record<string, unknown> = {};
  for (const f of ALGORITHM_PARAMS[v.kind]) {
    const value = v.params[f.name];
    if (empty(value)) continue;
    params[f.name] = f.input === 'decimal' || f.input === 'integer' || f.input === 'node' ? Number(value) : f.input === 'decimals' ? decimalsOf(value) : value;
  }
  return {
    ...(id !== undefined ? { id } : {}),
    name: v.name.trim(),
    kind: v.kind,
    nodeId: v.node.id,
    modelLabel: v.node.modelLabel,
    params: params as AlgorithmParams,
    level: v.level,
    enabled: v.enabled,
    description: (v.description ?? '').trim(),
  };
}
