import type { FormRule } from 'antd';
import { NODE_CODE_MAX, NODE_CODE_PATTERN, NODE_NAME_MAX, type AttrInfo, type ModelNode } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import { sentenceCase } from '../../lib/model-label';
import type { useFormRules } from '../../widgets';
import type { NodeFields } from './payload';

/** The shared spec-5 validators (widgets' useFormRules). */
export type FormRules = ReturnType<typeof useFormRules>;
/** Translates a key of this feature's namespace. */
export type Msg = (key: string, params?: Record<string, string | number>) => string;

/** Which input an attribute gets. */
export type FieldKind = 'text' | 'number' | 'integer' | 'enum' | 'boolean' | 'ref';

export interface FieldSpec {
  name: string;
  label: string;
  /** display unit ('m²', 'm³/h', 'kVA'); empty when none */
  unit: string;
  kind: FieldKind;
  required: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  /** enum values with their texts (in the language of the metadata) */
  options?: { value: string | number; label: string }[];
  /** ref: label of the referenced nodes */
  refLabel?: string;
  /** value on create */
  initial?: unknown;
  rules: FormRule[];
}

/** Units as shown: cubic and square metres as superscripts. */
export function unitText(unit: string | undefined): string {
  return displayUnit(unit).replace(/m2(?!\d)/g, 'm²');
}

/** A label as a heading: model-meta's English texts are lower case ('energy type' → 'Energy type'). */
export const headingText = sentenceCase;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const STRING_MAX = 255;

/** Range and integer check of a number attribute; empty passes (required is its own rule). */
function numberRule(attr: AttrInfo, msg: Msg): FormRule {
  const { min, max, exclusiveMin } = attr;
  const rangeMessage = () => {
    if (min !== undefined && max !== undefined) return msg(exclusiveMin ? 'rules.rangeAbove' : 'rules.range', { min, max });
    if (min !== undefined) return msg(exclusiveMin ? 'rules.above' : 'rules.atLeast', { min });
    return msg('rules.atMost', { max: max ?? 0 });
  };
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) return;
      const n = Number(value);
      if (!Number.isFinite(n)) throw new Error(msg('rules.number'));
      if (attr.type === 'integer' && !Number.isInteger(n)) throw new Error(msg('rules.integer'));
      const low = min !== undefined && (exclusiveMin ? n <= min : n < min);
      const high = max !== undefined && n > max;
      if (low || high) throw new Error(rangeMessage());
    },
  };
}

const KIND: Record<AttrInfo['type'], FieldKind> = { string: 'text', number: 'number', integer: 'integer', enum: 'enum', boolean: 'boolean', ref: 'ref' };

/** One attribute of model-meta → its input kind, label with unit, bounds, options and rules. */
export function buildField(attr: AttrInfo, rules: FormRules, msg: Msg): FieldSpec {
  const kind = KIND[attr.type];
  const unit = unitText(attr.unit);
  const label = unit ? `${headingText(attr.label)} (${unit})` : headingText(attr.label);
  const required = attr.required;
  const list: FormRule[] = [];
  if (kind === 'enum' || kind === 'ref') {
    if (required) list.push(...rules.select(attr.label));
  } else if (kind === 'number' || kind === 'integer') {
    if (required) list.push(...rules.required(attr.label));
    list.push(numberRule(attr, msg));
  } else if (kind === 'text') {
    if (required) list.push(...rules.required(attr.label));
    const maxLength = attr.maxLength ?? STRING_MAX;
    list.push({ max: maxLength, message: msg('rules.maxLength', { max: maxLength }) });
    if (attr.pattern) list.push({ pattern: new RegExp(attr.pattern, 'u'), message: msg('rules.pattern') });
  }
  return {
    name: attr.name,
    label,
    unit,
    kind,
    required,
    ...(attr.min !== undefined ? { min: attr.min } : {}),
    ...(attr.max !== undefined ? { max: attr.max } : {}),
    ...(kind === 'text' ? { maxLength: attr.maxLength ?? STRING_MAX } : {}),
    ...(attr.values ? { options: attr.values.map((v) => ({ value: v.value, label: v.text })) } : {}),
    ...(attr.refLabel ? { refLabel: attr.refLabel } : {}),
    ...(attr.default !== undefined ? { initial: attr.default } : kind === 'boolean' ? { initial: false } : {}),
    rules: list,
  };
}

export function buildFields(attrs: readonly AttrInfo[], rules: FormRules, msg: Msg): FieldSpec[] {
  return attrs.map((a) => buildField(a, rules, msg));
}

/**
 * Rules of every node's name: required, 1–50 without special characters (spec 5, the shared
 * validators), starting with a letter or digit (the server's rule). `stored`: the name of the node
 * being edited; kept unchanged it passes, as the server accepted it (older names may hold `#`).
 */
export function nameRules(label: string, rules: FormRules, msg: Msg, stored?: string): FormRule[] {
  const checks: FormRule[] = [...rules.name(NODE_NAME_MAX), { pattern: /^[\p{L}\p{N}]/u, message: msg('rules.namePattern') }];
  return [...rules.required(label), ...(stored === undefined ? checks : checks.map((r) => unlessEqual(r, stored)))];
}

/** A validator or pattern rule that passes when the value equals `kept`. */
function unlessEqual(rule: FormRule, kept: string): FormRule {
  return (form) => {
    const r = typeof rule === 'function' ? rule(form) : rule;
    return {
      ...(r.validateTrigger ? { validateTrigger: r.validateTrigger } : {}),
      validator: async (inner, value: unknown, callback) => {
        if (typeof value === 'string' && value.trim() === kept) return;
        if (r.validator) return r.validator(inner, value, callback);
        if (r.pattern && typeof value === 'string' && value !== '' && !r.pattern.test(value)) throw new Error(String(r.message));
      },
    };
  };
}

/** Rules of every node's code: optional, at most 50 of letters, digits and `_-.#`. */
export function codeRules(msg: Msg): FormRule[] {
  return [
    { max: NODE_CODE_MAX, message: msg('rules.maxLength', { max: NODE_CODE_MAX }) },
    { pattern: new RegExp(NODE_CODE_PATTERN, 'u'), message: msg('rules.codePattern') },
  ];
}

/** Form values of a node being edited, or the defaults of a new one. */
export function initialValues(fields: readonly FieldSpec[], node?: ModelNode): Record<string, unknown> {
  if (node) return Object.fromEntries([['name', node.name ?? ''], ['code', node.code ?? ''], ...fields.map((f) => [f.name, node[f.name] ?? undefined])]);
  return Object.fromEntries(fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]));
}

/**
 * Submitted form values → the fields written: strings trimmed, numbers as numbers. An empty
 * attribute is left out on create and sent as null (cleared) on edit; an empty code likewise.
 */
export function formToFields(values: Record<string, unknown>, fields: readonly FieldSpec[], mode: 'create' | 'edit'): NodeFields {
  const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
  const out: NodeFields = { name: clean(values.name) ?? '' };
  const code = clean(values.code);
  if (!isEmpty(code)) out.code = code;
  else if (mode === 'edit') out.code = '';
  for (const f of fields) {
    const v = clean(values[f.name]);
    if (isEmpty(v)) {
      if (mode === 'edit') out[f.name] = null;
    } else out[f.name] = f.kind === 'number' || f.kind === 'integer' ? Number(v) : v;
  }
  return out;
}
