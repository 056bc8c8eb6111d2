import { COMBINATOR, COMPARE_OP, type RuleConfig, type RuleConfigInput } from '@ems/contract';

/** Comparison codes and their symbols (spec section 4): 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=. */
export const OPERATOR_SYMBOLS: Readonly<Record<number, string>> = {
  [COMPARE_OP.gt]: '>',
  [COMPARE_OP.lt]: '<',
  [COMPARE_OP.eq]: '=',
  [COMPARE_OP.ge]: '>=',
  [COMPARE_OP.le]: '<=',
  [COMPARE_OP.ne]: '!=',
};
export const OPERATOR_CODES = [1, 2, 3, 4, 5, 6] as const;
/** Combinators (spec section 4): 1 and, 2 or. */
export const COMBINATOR_CODES = [COMBINATOR.and, COMBINATOR.or] as const;

/** The conditions as one line, e.g. "A相电压 > 240 V 且 B相电压 > 240 V"; `joiner` is the combinator's word. */
export function describeConditions(conditions: RuleConfig['conditions'], joiner: string): string {
  return conditions.map((c) => `${c.dataName} ${OPERATOR_SYMBOLS[c.operator] ?? '?'} ${c.limit}${c.unit ? ` ${c.unit}` : ''}`).join(` ${joiner} `);
}

/** What the rule form holds. */
export interface RuleFormValues {
  name: string;
  node: { id: number; modelLabel: string } | null;
  conditions: { dataId?: number; operator?: number; limit?: string | number }[];
  combinator: 1 | 2;
  minDurationSec: string | number;
  hysteresis: string | number;
  level: 1 | 2 | 4;
  enabled: boolean;
  description?: string;
}

/** A new rule: one empty condition, and, raise at once, alarm level, enabled (the event type follows the data point: the server's). */
export const NEW_RULE: RuleFormValues = {
  name: '',
  node: null,
  conditions: [{ operator: COMPARE_OP.gt }],
  combinator: 1,
  minDurationSec: 0,
  hysteresis: 0,
  level: 2,
  enabled: true,
  description: '',
};

/** A listed rule → form values. */
export function toRuleForm(r: RuleConfig): RuleFormValues {
  return {
    name: r.name,
    node: { id: r.nodeId, modelLabel: r.modelLabel },
    conditions: r.conditions.map((c) => ({ dataId: c.dataId, operator: c.operator, limit: c.limit })),
    combinator: r.combinator === 2 ? 2 : 1,
    minDurationSec: r.minDurationSec,
    hysteresis: r.hysteresis,
    level: r.level === 1 || r.level === 4 ? r.level : 2,
    enabled: r.enabled,
    description: r.description,
  };
}

/** Validated form values → the save body (numbers from their text; the id when editing). */
export function toRuleInput(v: RuleFormValues, id?: number): RuleConfigInput {
  if (!v.node) throw new Error('no node');
  return {
    ...(id !== undefined ? { id } : {}),
    name: v.name.trim(),
    nodeId: v.node.id,
    modelLabel: v.node.modelLabel,
    conditions: v.conditions.map((c) => ({ dataId: Number(c.dataId), operator: Number(c.operator), limit: Number(c.limit) })),
    combinator: v.combinator,
    minDurationSec: Number(v.minDurationSec),
    hysteresis: Number(v.hysteresis),
    level: v.level,
    enabled: v.enabled,
    description: (v.description ?? '').trim(),
  };
}
