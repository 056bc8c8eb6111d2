import { MODEL_META, NAME_PATTERN, NODE_CODE_MAX, NODE_CODE_PATTERN, NODE_NAME_MAX, type AttrMeta, type HierarchyItem, type HierarchyResult, type ModelLabel, type ModelMeta } from '@ems/contract';
import { slicer } from '../../lib/work-slices.js';
import { asLabel, nodeOf } from './props.js';
import { bad } from './query-service.js';

/*
 * The checks of a hierarchy write's items that read nothing from the store: fields, attribute values,
 * the stored attributes and reply of a new node. They run before the write's transaction (see checkItems).
 */

/** Item keys that are not fields of the node (structure, or reply fields echoed back and ignored). */
const STRUCTURE = new Set(['modelLabel', 'id', 'children', 'delete_flag', 'moveFrom', 'projectId', 'parentId', 'createTime', 'updateTime']);
const nameRe = new RegExp(NAME_PATTERN, 'u');
const codeRe = new RegExp(NODE_CODE_PATTERN, 'u');
const patterns = new Map<string, RegExp>();

export interface Fields {
  name?: string;
  code?: string;
  /** null clears the attribute */
  attrs: Record<string, unknown>;
}

export function label(value: string, field: string): ModelLabel {
  const l = asLabel(value);
  if (!l) throw bad(field, `unknown model label ${value}`);
  return l;
}

/** Checks one attribute value against its metadata; 400 naming the field. */
export function checkAttr(a: AttrMeta, v: unknown, field: string): unknown {
  switch (a.type) {
    case 'number':
    case 'integer': {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(field, 'must be a number');
      if (a.type === 'integer' && !Number.isInteger(v)) throw bad(field, 'must be an integer');
      if (a.min !== undefined && (v < a.min || (a.exclusiveMin === true && v === a.min))) throw bad(field, `must be ${a.exclusiveMin ? '>' : '>='} ${a.min}`);
      if (a.max !== undefined && v > a.max) throw bad(field, `must be <= ${a.max}`);
      return v;
    }
    case 'boolean':
      if (typeof v !== 'boolean') throw bad(field, 'must be a boolean');
      return v;
    case 'enum':
      if (!(a.values ?? []).some((e) => e.value === v)) throw bad(field, `must be one of ${(a.values ?? []).map((e) => String(e.value)).join(', ')}`);
      return v;
    case 'ref':
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2147483647) throw bad(field, 'must be a node id');
      return v;
    case 'string': {
      if (typeof v !== 'string') throw bad(field, 'must be a string');
      if (v.length > (a.maxLength ?? 255) || v.includes('\u0000')) throw bad(field, `length is 0 to ${a.maxLength ?? 255} characters`);
      if (a.pattern && v !== '') {
        let re = patterns.get(a.pattern);
        if (!re) patterns.set(a.pattern, (re = new RegExp(a.pattern, 'u')));
        if (!re.test(v)) throw bad(field, 'invalid format');
      }
      return v;
    }
  }
}

/** The name, code and attributes an item sends, each checked; unknown fields are refused. */
export function fieldsOf(meta: ModelMeta, item: HierarchyItem, path: string): Fields {
  const out: Fields = { attrs: {} };
  for (const [key, v] of Object.entries(item)) {
    if (STRUCTURE.has(key)) continue;
    const field = `${path}.${key}`;
    if (key === 'name') {
      if (typeof v !== 'string' || v.length < 1 || v.length > NODE_NAME_MAX) throw bad(field, `length is 1 to ${NODE_NAME_MAX} characters`);
      if (!nameRe.test(v)) throw bad(field, 'please do not enter special characters');
      out.name = v;
    } else if (key === 'code') {
      const c = v ?? '';
      if (typeof c !== 'string' || c.length > NODE_CODE_MAX || !codeRe.test(c)) throw bad(field, `letters, digits and _-.# up to ${NODE_CODE_MAX} characters`);
      out.code = c;
    } else {
      const a = meta.attrs.find((x) => x.name === key);
      if (!a) throw bad(field, `unknown field of ${meta.label}`);
      out.attrs[key] = v === null ? null : checkAttr(a, v, field);
    }
  }
  return out;
}

export function checkRequired(meta: ModelMeta, attrs: Record<string, unknown>, path: string) {
  for (const a of meta.attrs) if (a.required && (attrs[a.name] === undefined || attrs[a.name] === null)) throw bad(`${path}.${a.name}`, 'required');
}

/** A new node's attributes: the label's defaults, then the item's (null drops one); checked for the required ones. */
export function newAttrs(meta: ModelMeta, fields: Fields, path: string): string {
  const attrs: Record<string, unknown> = {};
  for (const a of meta.attrs) if (a.default !== undefined) attrs[a.name] = a.default;
  for (const [k, v] of Object.entries(fields.attrs)) {
    if (v === null) delete attrs[k];
    else attrs[k] = v;
  }
  checkRequired(meta, attrs, path);
  return JSON.stringify(attrs);
}

/** The outcome of a check: its value, or what it threw (thrown again where the write meets the item). */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: unknown };

function checked<T>(f: () => T): Checked<T> {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

export function valueOf<T>(c: Checked<T>): T {
  if (!c.ok) throw c.error;
  return c.value;
}

/** A new node's attributes as stored, and its reply with id, projectId and parentId still to fill in (the keys in the reply's order). */
export interface NewNodeDraft {
  attrs: string;
  reply: HierarchyResult;
}

/** An item's fields and, for a new node with a name, its draft, checked before the write's transaction. */
export interface CheckedItem {
  fields: Checked<Fields>;
  draft?: Checked<NewNodeDraft>;
}

export function draftOf(l: ModelLabel, meta: ModelMeta, fields: Fields & { name: string }, path: string, now: number): NewNodeDraft {
  const attrs = newAttrs(meta, fields, path);
  const reply = nodeOf({ id: 0, project_id: 0, parent_id: null, model_label: l, name: fields.name, code: fields.code ?? '', attrs, sort: 0, create_time: now, update_time: now });
  return { attrs, reply };
}

/**
 * The checks that read nothing from the store (fields, attribute values, required attributes of new
 * nodes) for every item, and the ids of the existing nodes the items name, as themselves or as the
 * old parent in moveFrom (to read them at once), before the write's transaction and with turns of
 * the event loop between items: on SQLite the transaction holds the loop from begin to commit, so it
 * does only the work that needs the store.
 * Errors are kept and thrown where the write meets the item, so the first error of the request is
 * the one reported, as before.
 */
export async function checkItems(items: readonly HierarchyItem[], now: number): Promise<{ items: Map<HierarchyItem, CheckedItem>; ids: number[] }> {
  const out = new Map<HierarchyItem, CheckedItem>();
  const ids = new Set<number>();
  const turn = slicer();
  const visit = async (item: HierarchyItem, path: string): Promise<void> => {
    const l = asLabel(item.modelLabel);
    const id = item.id ?? undefined;
    if (l && l !== 'project' && typeof id === 'number') ids.add(id);
    // a moved node's old parent is read to check moveFrom
    if (item.moveFrom && item.moveFrom.modelLabel !== 'project') ids.add(item.moveFrom.id);
    // the write refuses the label, deletes without reading fields or children, or reads a project's children only
    if (!l || item.delete_flag === true) return;
    if (l !== 'project') {
      const meta = MODEL_META[l];
      const fields = checked(() => fieldsOf(meta, item, path));
      const f = fields.ok ? fields.value : undefined;
      const name = f?.name;
      const isNew = id === undefined;
      // a new node without a name is refused before its attributes are looked at
      out.set(item, f && name !== undefined && isNew ? { fields, draft: checked(() => draftOf(l, meta, { ...f, name }, path, now)) } : { fields });
      await turn();
    }
    for (const [i, child] of (item.children ?? []).entries()) await visit(child, `${path}.children.${i}`);
  };
  for (const [i, item] of items.entries()) await visit(item, String(i));
  return { items: out, ids: [...ids] };
}
