import type { Selectable } from 'kysely';
import { MODEL_META, NODE_COLUMNS, isModelLabel, type AttrMeta, type ModelLabel, type ModelNode, type NodeColumn } from '@ems/contract';
import type { ProjectTable } from '../../db/schema.js';
import type { NodeColumnName, NodeRow, PropRef, ValueKind } from './repository.js';

const COLUMN: Record<NodeColumn, { column: NodeColumnName; value: ValueKind; integer: boolean }> = {
  id: { column: 'id', value: 'number', integer: true },
  name: { column: 'name', value: 'string', integer: false },
  modelLabel: { column: 'model_label', value: 'string', integer: false },
  parentId: { column: 'parent_id', value: 'number', integer: true },
  projectId: { column: 'project_id', value: 'number', integer: true },
  code: { column: 'code', value: 'string', integer: false },
  createTime: { column: 'create_time', value: 'number', integer: true },
  updateTime: { column: 'update_time', value: 'number', integer: true },
};

export function valueKindOf(a: AttrMeta): ValueKind {
  switch (a.type) {
    case 'number':
    case 'integer':
    case 'ref':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return a.values?.every((v) => typeof v.value === 'number') ? 'number' : 'string';
    case 'string':
      return 'string';
  }
}

export interface ResolvedProp {
  ref: PropRef;
  /** limits must be integers (integer columns; PostgreSQL compares them as integers) */
  integer: boolean;
  attr?: AttrMeta;
}

/** Resolves a property name of a label: a node column or one of the label's attributes. */
export function resolveProp(label: ModelLabel, prop: string): ResolvedProp | undefined {
  if ((NODE_COLUMNS as readonly string[]).includes(prop)) {
    const c = COLUMN[prop as NodeColumn];
    return { ref: { kind: 'column', column: c.column, value: c.value }, integer: c.integer };
  }
  const attr = MODEL_META[label].attrs.find((a) => a.name === prop);
  if (!attr) return undefined;
  return { ref: { kind: 'attr', name: attr.name, value: valueKindOf(attr) }, integer: false, attr };
}

export function asLabel(label: string): ModelLabel | undefined {
  return isModelLabel(label) ? label : undefined;
}

export function parseAttrs(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A stored node as returned: columns plus every attribute of its label (null when unset). */
export function nodeOf(row: NodeRow): ModelNode {
  const attrs = parseAttrs(row.attrs);
  const node: ModelNode = {
    id: Number(row.id),
    modelLabel: row.model_label,
    name: row.name,
    projectId: Number(row.project_id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    code: row.code,
    createTime: Number(row.create_time),
    updateTime: Number(row.update_time),
  };
  const label = asLabel(row.model_label);
  if (label) for (const a of MODEL_META[label].attrs) node[a.name] = attrs[a.name] ?? null;
  return node;
}

/** A project as a root node (modelLabel 'project', id = projectId, parentId null). */
export function projectNodeOf(p: Selectable<ProjectTable>): ModelNode {
  const createTime = Number(p.create_time);
  return {
    id: Number(p.id),
    modelLabel: 'project',
    name: p.name,
    projectId: Number(p.id),
    parentId: null,
    code: p.code,
    createTime,
    updateTime: createTime,
    enName: p.en_name,
    address: p.address,
    enAddress: p.en_address,
    capacityKva: Number(p.capacity_kva),
    areaM2: Number(p.area_m2),
    timezone: p.timezone,
    latitude: p.latitude === null ? null : Number(p.latitude),
    longitude: p.longitude === null ? null : Number(p.longitude),
    industry: p.industry,
  };
}

/** Keeps id, modelLabel and the picked properties (all when props is empty). */
export function pick(node: ModelNode, props: readonly string[] | undefined): ModelNode {
  if (!props || props.length === 0) return node;
  const out: ModelNode = { id: node.id, modelLabel: node.modelLabel };
  for (const p of props) if (p in node) out[p] = node[p];
  return out;
}
