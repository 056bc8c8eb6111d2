import { ErrorCode, MODEL_QUERY_MAX_VALUES, QUERY_OPERATORS, type ModelLabel, type ModelNode, type ModelQueryBody, type QueryOperator, type SubLayerCondition } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import { nextTurn } from '../../lib/work-slices.js';
import { modelRepository, type Cond, type ModelRepository, type NodeSelection, type OrderBy, type Scalar } from './repository.js';
import { asLabel, nodeOf, pick, projectNodeOf, resolveProp, type ResolvedProp } from './props.js';

/** 400 naming the field. */
export const bad = (field: string, detail: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, detail]);

const MAX_INT = 2147483647;
/** tree levels followed below the roots */
const MAX_DEPTH = 32;

export interface CompiledCond extends Cond {
  /** the property name as sent */
  name: string;
}
export interface CompiledOrder extends OrderBy {
  name: string;
}

function labelOf(label: string, field: string): ModelLabel {
  const l = asLabel(label);
  if (!l) throw bad(field, `unknown model label ${label}`);
  return l;
}

function propOf(label: ModelLabel, prop: string, field: string): ResolvedProp {
  const p = resolveProp(label, prop);
  if (!p) throw bad(field, `unknown property ${prop} of ${label}`);
  return p;
}

function scalarOf(p: ResolvedProp, v: unknown, field: string): Scalar {
  switch (p.ref.value) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) throw bad(field, 'must be a number');
      if (p.integer) {
        if (!Number.isInteger(n)) throw bad(field, 'must be an integer');
        const max = p.ref.kind === 'column' && (p.ref.column === 'create_time' || p.ref.column === 'update_time') ? Number.MAX_SAFE_INTEGER : MAX_INT;
        if (Math.abs(n) > max) throw bad(field, 'out of range');
      }
      return n;
    }
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 1) return true;
      if (v === 'false' || v === 0) return false;
      throw bad(field, 'must be a boolean');
    case 'string': {
      const s = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'boolean' ? String(v) : undefined;
      if (s === undefined) throw bad(field, 'must be a string');
      if (s.includes('\u0000') || s.length > 1000) throw bad(field, 'invalid string');
      return s;
    }
  }
}

/** Filter expressions of a label as conditions; 400 naming the bad prop, operator or limit. */
export function compileFilter(label: ModelLabel, filter: { expressions?: { prop: string; operator: string; limit?: unknown }[] | null } | null | undefined, path: string): CompiledCond[] {
  const out: CompiledCond[] = [];
  for (const [i, e] of (filter?.expressions ?? []).entries()) {
    const at = `${path}.expressions.${i}`;
    const p = propOf(label, e.prop, `${at}.prop`);
    const op = e.operator.toUpperCase() as QueryOperator;
    if (!QUERY_OPERATORS.includes(op)) throw bad(`${at}.operator`, `unknown operator ${e.operator}`);
    const field = `${at}.limit`;
    const lim = e.limit;
    let values: Scalar[] | null;
    if (op === 'IN' || op === 'BETWEEN') {
      if (!Array.isArray(lim)) throw bad(field, `${op} needs an array`);
      if (op === 'BETWEEN' && lim.length !== 2) throw bad(field, 'BETWEEN needs two values');
      if (op === 'IN' && lim.length === 0) throw bad(field, 'IN needs at least one value');
      values = lim.map((v, j) => scalarOf(p, v, `${field}.${j}`));
    } else if (lim === null || lim === undefined) {
      if (op !== 'EQ' && op !== 'NE') throw bad(field, 'required');
      values = null;
    } else if (op === 'LIKE') {
      if (p.ref.value !== 'string') throw bad(`${at}.operator`, `LIKE needs a text property, ${e.prop} is not`);
      values = [scalarOf(p, lim, field)];
    } else {
      if (Array.isArray(lim) || typeof lim === 'object') throw bad(field, `${op} needs a single value`);
      values = [scalarOf(p, lim, field)];
    }
    out.push({ prop: p.ref, op, values, name: e.prop });
  }
  return out;
}

export function compileOrders(label: ModelLabel, orders: { orderType: 'asc' | 'desc'; priority?: number; propertyLabel: string }[] | null | undefined, path: string): CompiledOrder[] {
  return (orders ?? [])
    .map((o, i) => ({ o, i, p: propOf(label, o.propertyLabel, `${path}.${i}.propertyLabel`) }))
    .sort((a, b) => (a.o.priority ?? 0) - (b.o.priority ?? 0) || a.i - b.i)
    .map(({ o, p }) => ({ prop: p.ref, desc: o.orderType === 'desc', name: o.propertyLabel }));
}

/** 400 naming the expression at which the query's filters pass MODEL_QUERY_MAX_VALUES values in all (each is a bound parameter). */
function checkValueCount(body: ModelQueryBody) {
  const filters = [
    { path: 'rootCondition.filter', filter: body.rootCondition?.filter },
    ...(body.subLayerConditions ?? []).map((s, i) => ({ path: `subLayerConditions.${i}.filter`, filter: s.filter })),
  ];
  let n = 0;
  for (const { path, filter } of filters) {
    for (const [i, e] of (filter?.expressions ?? []).entries()) {
      n += Array.isArray(e.limit) ? e.limit.length : 1;
      if (n > MODEL_QUERY_MAX_VALUES) throw bad(`${path}.expressions.${i}.limit`, `the filters hold more than ${MODEL_QUERY_MAX_VALUES} values in all`);
    }
  }
}

function checkProps(label: ModelLabel, props: readonly string[] | null | undefined, path: string): string[] | undefined {
  if (!props || props.length === 0) return undefined;
  props.forEach((p, i) => propOf(label, p, `${path}.${i}`));
  return [...props];
}

// ---- in-memory evaluation (project roots come from the project table) ----

function typed(node: ModelNode, c: { name: string; prop: { value: string } }): Scalar | null {
  const v = node[c.name];
  return typeof v === c.prop.value ? (v as Scalar) : null;
}

function cmp(a: Scalar, b: Scalar): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a node satisfies a condition, with the store's semantics (a missing value matches only EQ null). */
export function satisfies(node: ModelNode, c: CompiledCond): boolean {
  const v = typed(node, c);
  if (c.values === null) return c.op === 'NE' ? v !== null : v === null;
  if (v === null) return false;
  const [a, b] = [c.values[0] as Scalar, c.values[1] as Scalar];
  switch (c.op) {
    case 'EQ':
      return v === a;
    case 'NE':
      return v !== a;
    case 'GT':
      return cmp(v, a) > 0;
    case 'GE':
      return cmp(v, a) >= 0;
    case 'LT':
      return cmp(v, a) < 0;
    case 'LE':
      return cmp(v, a) <= 0;
    case 'IN':
      return c.values.includes(v);
    case 'BETWEEN':
      return cmp(v, a) >= 0 && cmp(v, b) <= 0;
    case 'LIKE':
      return String(v).toLowerCase().includes(String(a).toLowerCase());
  }
}

function sortNodes(nodes: ModelNode[], orders: readonly CompiledOrder[]): ModelNode[] {
  return [...nodes].sort((x, y) => {
    for (const o of orders) {
      const a = typed(x, o);
      const b = typed(y, o);
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
        continue;
      }
      const c = cmp(a, b);
      if (c !== 0) return o.desc ? -c : c;
    }
    return x.id - y.id;
  });
}

interface Layer {
  label: ModelLabel;
  conds: CompiledCond[];
  orders: CompiledOrder[];
  props: string[] | undefined;
}

function compileLayers(subs: readonly SubLayerCondition[] | null | undefined): Layer[] {
  return (subs ?? []).map((s, i) => {
    const path = `subLayerConditions.${i}`;
    const label = labelOf(s.modelLabel, `${path}.modelLabel`);
    if (label === 'project') throw bad(`${path}.modelLabel`, 'a project is never under another node');
    return {
      label,
      conds: compileFilter(label, s.filter, `${path}.filter`),
      orders: compileOrders(label, s.orders, `${path}.orders`),
      props: checkProps(label, s.props, `${path}.props`),
    };
  });
}

/** Parents of a level per read of their children. */
const PARENTS_PER_READ = 5000;

/** Attaches `children` level by level down the listed labels. */
async function attachChildren(repo: ModelRepository, scope: readonly number[], roots: ModelNode[], rootsAreProjects: boolean, layers: Layer[]) {
  for (const r of roots) r.children = [];
  if (layers.length === 0 || roots.length === 0) return;
  let parents = new Map<number, ModelNode>(roots.map((r) => [r.id, r]));
  let projectLevel = rootsAreProjects;
  for (let depth = 0; depth < MAX_DEPTH && parents.size > 0; depth++) {
    const all = [...parents.keys()];
    const next = new Map<number, ModelNode>();
    // a level's parents PARENTS_PER_READ to a statement (SQLite binds at most 32,766 values), a turn of the
    // event loop between: a parent's children all come from one statement, so their order holds
    for (let i = 0; i < all.length; i += PARENTS_PER_READ) {
      if (i > 0) await nextTurn();
      const ids = all.slice(i, i + PARENTS_PER_READ);
      for (const layer of layers) {
        const rows = await repo.select({
          projectIds: scope,
          label: layer.label,
          ...(projectLevel ? { parentProjectIds: ids } : { parentIds: ids }),
          conds: layer.conds,
          orders: layer.orders,
        });
        for (const row of rows) {
          const full = nodeOf(row);
          const parent = parents.get(projectLevel ? Number(row.project_id) : Number(row.parent_id));
          if (!parent) continue;
          const node = pick(full, layer.props);
          node.children = [];
          parent.children?.push(node);
          next.set(full.id, node);
        }
      }
    }
    parents = next;
    projectLevel = false;
  }
}

/**
 * The generic model query: root nodes of rootLabel in the caller's scope (one id, or all when rootID
 * is negative or null), filtered, ordered, paged (total before paging), with props picked and, with
 * treeReturnEnable, children of the sub-layer labels attached recursively.
 */
export async function queryModel(ems: Ems, session: Session, scope: readonly number[], body: ModelQueryBody): Promise<{ data: ModelNode[]; total: number }> {
  const repo = modelRepository(ems.db, ems.kind);
  const label = labelOf(body.rootLabel, 'rootLabel');
  checkValueCount(body);
  const rc = body.rootCondition ?? {};
  const conds = compileFilter(label, rc.filter, 'rootCondition.filter');
  const orders = compileOrders(label, rc.orders, 'rootCondition.orders');
  const props = checkProps(label, rc.props, 'rootCondition.props');
  const layers = body.treeReturnEnable === true ? compileLayers(body.subLayerConditions) : [];
  const rootId = body.rootID !== null && body.rootID !== undefined && body.rootID >= 0 ? body.rootID : undefined;
  const page = rc.page ?? undefined;

  let projectIds = [...scope];
  let underNode: number | undefined;
  const tn = rc.treeNode ?? undefined;
  if (tn) {
    const tl = labelOf(tn.modelLabel, 'rootCondition.treeNode.modelLabel');
    if (tl === 'project') {
      if (!scope.includes(tn.id)) throw noPermission();
      projectIds = [tn.id];
    } else {
      const n = await repo.findNode(scope, tn.id);
      if (!n) throw noPermission();
      if (n.model_label !== tl) throw bad('rootCondition.treeNode.modelLabel', `node ${tn.id} is a ${n.model_label}`);
      underNode = tn.id;
    }
  }

  if (label === 'project') {
    if (rootId !== undefined && !scope.includes(rootId)) throw noPermission();
    const ids = rootId !== undefined ? [rootId] : projectIds;
    const all = (await repo.projects(ids.filter((id) => projectIds.includes(id)))).map(projectNodeOf);
    const matched = sortNodes(
      all.filter((n) => conds.every((c) => satisfies(n, c))),
      orders,
    );
    const paged = page ? matched.slice(page.index, page.index + page.limit) : matched;
    if (layers.length > 0) await attachChildren(repo, scope, paged, true, layers);
    return { data: paged.map((n) => withChildren(pick(n, props), n)), total: matched.length };
  }

  if (rootId !== undefined) {
    const n = await repo.findNode(projectIds, rootId);
    if (!n) throw noPermission();
    if (n.model_label !== label) throw bad('rootID', `node ${rootId} is a ${n.model_label}`);
  }
  const selection: NodeSelection = {
    projectIds,
    label,
    ...(rootId !== undefined ? { id: rootId } : {}),
    ...(underNode !== undefined ? { underNode } : {}),
    conds,
    orders,
  };
  const total = await repo.count(selection);
  const rows = await repo.select({ ...selection, ...(page ? { offset: page.index, limit: page.limit } : {}) });
  const full = rows.map(nodeOf);
  if (layers.length > 0) await attachChildren(repo, scope, full, false, layers);
  return { data: full.map((n) => withChildren(pick(n, props), n)), total };
}

function withChildren(picked: ModelNode, full: ModelNode): ModelNode {
  if (full.children) picked.children = full.children;
  return picked;
}
