import { MODEL_META, NAME_PATTERN, NODE_CODE_MAX, NODE_CODE_PATTERN, NODE_NAME_MAX, type AttrMeta, type HierarchyItem, type HierarchyResult, type ModelDeleteBody, type ModelLabel, type ModelMeta } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import { holds } from '../auth/session-service.js';
import { asLabel, nodeOf, parseAttrs, projectNodeOf } from './props.js';
import { bad } from './query-service.js';
import { modelRepository, type ModelRepository } from './repository.js';

/** Item keys that are not fields of the node (structure, or reply fields echoed back and ignored). */
const STRUCTURE = new Set(['modelLabel', 'id', 'children', 'delete_flag', 'moveFrom', 'projectId', 'parentId', 'createTime', 'updateTime']);
const nameRe = new RegExp(NAME_PATTERN, 'u');
const codeRe = new RegExp(NODE_CODE_PATTERN, 'u');
const patterns = new Map<string, RegExp>();

type Parent = { kind: 'project'; projectId: number } | { kind: 'node'; id: number; label: ModelLabel; projectId: number };

interface Fields {
  name?: string;
  code?: string;
  /** null clears the attribute */
  attrs: Record<string, unknown>;
}

function label(value: string, field: string): ModelLabel {
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

function checkRequired(meta: ModelMeta, attrs: Record<string, unknown>, path: string) {
  for (const a of meta.attrs) if (a.required && (attrs[a.name] === undefined || attrs[a.name] === null)) throw bad(`${path}.${a.name}`, 'required');
}

function allowedUnder(parent: ModelLabel, child: ModelLabel, path: string) {
  if (!MODEL_META[parent].children.includes(child)) throw bad(`${path}.modelLabel`, `${child} is not allowed under ${parent}`);
}

interface RefCheck {
  projectId: number;
  selfId: number;
  refId: number;
  refLabel: string;
  field: string;
}

class HierarchyWriter {
  readonly deletes: number[] = [];
  readonly refs: RefCheck[] = [];

  constructor(
    private readonly repo: ModelRepository,
    private readonly session: Session,
    private readonly scope: readonly number[],
    private readonly projects: Map<number, ReturnType<typeof projectNodeOf>>,
    private readonly now: number,
  ) {}

  /** The next sort under a parent: its children's last sort read once per write, then counted on (5,000 new siblings each reading all the others held the loop for seconds). */
  private readonly sorts = new Map<string, number>();

  private async nextSort(projectId: number, parentId: number | null): Promise<number> {
    const key = `${projectId}:${parentId}`;
    const next = this.sorts.get(key) ?? (await this.repo.maxChildSort(projectId, parentId)) + 1;
    this.sorts.set(key, next + 1);
    return next;
  }

  private need(permission: string) {
    if (!holds(this.session, permission)) throw noPermission();
  }

  private async children(item: HierarchyItem, path: string, parent: Parent): Promise<HierarchyResult[] | undefined> {
    if (!item.children) return undefined;
    const out: HierarchyResult[] = [];
    for (const [i, child] of item.children.entries()) out.push(await this.write(child, `${path}.children.${i}`, parent));
    return out;
  }

  async write(item: HierarchyItem, path: string, parent: Parent | null): Promise<HierarchyResult> {
    const l = label(item.modelLabel, `${path}.modelLabel`);
    const id = item.id ?? undefined;
    if (item.delete_flag === true) return this.remove(l, id, path);
    if (l === 'project') {
      if (parent) throw bad(`${path}.modelLabel`, 'a project is never under another node');
      if (id === undefined) throw bad(`${path}.id`, 'create projects through the project API');
      const project = this.projects.get(id);
      if (!project || !this.scope.includes(id)) throw noPermission();
      const children = await this.children(item, path, { kind: 'project', projectId: id });
      return children ? { ...project, children } : project;
    }
    const meta = MODEL_META[l];
    const fields = fieldsOf(meta, item, path);
    const written = id !== undefined ? await this.update(l, meta, id, item, fields, path, parent) : await this.create(l, meta, item, fields, path, parent);
    const node: HierarchyResult = nodeOf(written);
    for (const [key, v] of Object.entries(fields.attrs)) {
      const a = meta.attrs.find((x) => x.name === key);
      if (a?.type === 'ref' && typeof v === 'number') {
        if (v === node.id) throw bad(`${path}.${key}`, 'a node cannot refer to itself');
        this.refs.push({ projectId: Number(written.project_id), selfId: node.id, refId: v, refLabel: a.refLabel ?? '', field: `${path}.${key}` });
      }
    }
    const children = await this.children(item, path, { kind: 'node', id: node.id, label: l, projectId: Number(written.project_id) });
    if (children) node.children = children;
    return node;
  }

  private async remove(l: ModelLabel, id: number | undefined, path: string): Promise<HierarchyResult> {
    if (id === undefined) throw bad(`${path}.id`, 'required to delete');
    this.need('device_delete');
    if (l === 'project') throw bad(`${path}.modelLabel`, 'delete projects through the project API');
    const row = await this.repo.findNode(this.scope, id);
    if (!row) throw noPermission();
    if (row.model_label !== l) throw bad(`${path}.modelLabel`, `node ${id} is a ${row.model_label}`);
    this.deletes.push(id);
    return { id, modelLabel: l, delete_flag: true };
  }

  private async create(l: ModelLabel, meta: ModelMeta, item: HierarchyItem, fields: Fields, path: string, parent: Parent | null) {
    this.need('device_create');
    let target = parent;
    if (!target) {
      const pid = item.projectId;
      if (typeof pid !== 'number' || !Number.isInteger(pid)) throw bad(`${path}.projectId`, 'a new top-level node needs projectId (or send it as a child of its parent)');
      if (!this.scope.includes(pid)) throw noPermission();
      target = { kind: 'project', projectId: pid };
    }
    if (item.moveFrom) throw bad(`${path}.moveFrom`, 'a new node has no old parent');
    allowedUnder(target.kind === 'project' ? 'project' : target.label, l, path);
    if (fields.name === undefined) throw bad(`${path}.name`, 'required');
    const attrs: Record<string, unknown> = {};
    for (const a of meta.attrs) if (a.default !== undefined) attrs[a.name] = a.default;
    for (const [k, v] of Object.entries(fields.attrs)) {
      if (v === null) delete attrs[k];
      else attrs[k] = v;
    }
    checkRequired(meta, attrs, path);
    const parentId = target.kind === 'project' ? null : target.id;
    const values = {
      project_id: target.projectId,
      parent_id: parentId,
      model_label: l,
      name: fields.name,
      code: fields.code ?? '',
      attrs: JSON.stringify(attrs),
      // after the siblings already there, in the order of the request
      sort: await this.nextSort(target.projectId, parentId),
    };
    const id = await this.repo.insertNode({ ...values, now: this.now });
    return { ...values, id, create_time: this.now, update_time: this.now };
  }

  private async update(l: ModelLabel, meta: ModelMeta, id: number, item: HierarchyItem, fields: Fields, path: string, parent: Parent | null) {
    const row = await this.repo.findNode(this.scope, id);
    if (!row) throw noPermission();
    if (row.model_label !== l) throw bad(`${path}.modelLabel`, `node ${id} is a ${row.model_label}`);
    const projectId = Number(row.project_id);
    let parentId = row.parent_id === null ? null : Number(row.parent_id);
    let moved = false;
    const from = item.moveFrom ?? undefined;
    if (parent) {
      const target = parent.kind === 'project' ? null : parent.id;
      if (parent.projectId !== projectId) throw bad(`${path}.moveFrom`, 'a node cannot move to another project');
      if (target !== parentId) {
        if (!from) throw bad(`${path}.moveFrom`, `node ${id} is not under this parent; send moveFrom (its old parent) to move it`);
        const oldLabel = parentId === null ? 'project' : (await this.repo.findNode(this.scope, parentId))?.model_label;
        const oldId = parentId ?? projectId;
        if (from.id !== oldId || from.modelLabel !== oldLabel) throw bad(`${path}.moveFrom`, `node ${id} is under ${oldLabel ?? '?'} ${oldId}`);
        allowedUnder(parent.kind === 'project' ? 'project' : parent.label, l, path);
        if (parent.kind === 'node' && (await this.repo.subtreeIds(id)).includes(parent.id)) throw bad(`${path}.moveFrom`, 'a node cannot move under its own subtree');
        parentId = target;
        moved = true;
      }
    } else if (from) {
      throw bad(`${path}.moveFrom`, 'a moved node must appear under its new parent');
    }
    const current = parseAttrs(row.attrs);
    const attrs: Record<string, unknown> = { ...current };
    for (const [k, v] of Object.entries(fields.attrs)) {
      if (v === null) delete attrs[k];
      else attrs[k] = v;
    }
    checkRequired(meta, attrs, path);
    const name = fields.name ?? row.name;
    const code = fields.code ?? row.code;
    const text = JSON.stringify(attrs);
    if (moved || name !== row.name || code !== row.code || text !== JSON.stringify(current)) {
      this.need('device_update');
      await this.repo.updateNode(id, { parent_id: parentId, name, code, attrs: text, now: this.now });
      return { ...row, parent_id: parentId, name, code, attrs: text, update_time: this.now };
    }
    return row;
  }
}

/**
 * The hierarchy write: creates, updates, moves and deletes (with subtrees) in ONE transaction, each
 * node checked against the model metadata; any error (400, 404) leaves the store unchanged. Replies
 * the written nodes with their ids in the same nesting.
 */
export async function writeHierarchy(ems: Ems, session: Session, scope: readonly number[], items: readonly HierarchyItem[]): Promise<HierarchyResult[]> {
  const now = ems.config.now();
  return ems.db.transaction().execute(async (tx) => {
    const repo = modelRepository(tx, ems.kind);
    const projects = new Map((await repo.projects(session.tenantId, scope)).map((p) => [Number(p.id), projectNodeOf(p)]));
    const writer = new HierarchyWriter(repo, session, scope, projects, now);
    const out: HierarchyResult[] = [];
    for (const [i, item] of items.entries()) out.push(await writer.write(item, String(i), null));
    if (writer.deletes.length > 0) await repo.deleteSubtrees(writer.deletes);
    for (const r of writer.refs) {
      const target = await repo.findNode([r.projectId], r.refId);
      if (!target || target.model_label !== r.refLabel) throw bad(r.field, `no ${r.refLabel} ${r.refId} in this project`);
    }
    return out;
  });
}

/** DELETE /model/v1/{modelLabel}: the nodes (all of that label, in scope) and their subtrees. */
export async function deleteNodes(ems: Ems, scope: readonly number[], pathLabel: string, body: ModelDeleteBody): Promise<number[]> {
  const l = label(pathLabel, 'modelLabel');
  if (body.modelLabel !== pathLabel) throw bad('modelLabel', `the body names ${body.modelLabel}, the path ${pathLabel}`);
  if (l === 'project') throw bad('modelLabel', 'delete projects through the project API');
  return ems.db.transaction().execute(async (tx) => {
    const repo = modelRepository(tx, ems.kind);
    const ids = [...new Set(body.idRange)];
    const rows = await repo.findNodes(scope, ids);
    if (rows.length !== ids.length) throw noPermission();
    const wrong = rows.find((r) => r.model_label !== l);
    if (wrong) throw bad('idRange', `node ${wrong.id} is a ${wrong.model_label}`);
    return repo.deleteSubtrees(ids);
  });
}
