import { HIERARCHY_MAX_ITEMS, MODEL_META, type HierarchyItem, type HierarchyResult, type ModelDeleteBody, type ModelLabel, type ModelMeta } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import { nextTurn } from '../../lib/work-slices.js';
import { holds } from '../auth/session-service.js';
import { checkItems, checkRequired, draftOf, fieldsOf, label, valueOf, type CheckedItem, type Fields } from './item-checks.js';
import { nodeOf, parseAttrs, projectNodeOf } from './props.js';
import { bad } from './query-service.js';
import { NewNode, NewNodes, NodeUpdates, idOf } from './pending-writes.js';
import { modelRepository, type ModelRepository, type NodeRow } from './repository.js';

type Parent = { kind: 'project'; projectId: number } | { kind: 'node'; id: number | NewNode; label: ModelLabel; projectId: number };

function allowedUnder(parent: ModelLabel, child: ModelLabel, path: string) {
  if (!MODEL_META[parent].children.includes(child)) throw bad(`${path}.modelLabel`, `${child} is not allowed under ${parent}`);
}

interface RefCheck {
  projectId: number;
  /** a new node's self-reference is known once it is inserted */
  self: number | NewNode;
  refId: number;
  refLabel: string;
  field: string;
}

class HierarchyWriter {
  readonly deletes: number[] = [];
  readonly refs: RefCheck[] = [];
  private readonly created = new NewNodes();
  private readonly updated = new NodeUpdates();

  constructor(
    private readonly repo: ModelRepository,
    private readonly session: Session,
    private readonly scope: readonly number[],
    private readonly projects: Map<number, ReturnType<typeof projectNodeOf>>,
    private readonly now: number,
    private readonly checked: ReadonlyMap<HierarchyItem, CheckedItem>,
    /** the nodes the request names, read at once before the walk, each as this write has left it */
    private readonly known: Map<number, NodeRow>,
  ) {}

  /** The next sort under a parent: its children's last sort read once per write, then counted on (5,000 new siblings each reading all the others held the loop for seconds). */
  private readonly sorts = new Map<string | NewNode, number>();

  private async nextSort(projectId: number, parent: number | NewNode | null): Promise<number> {
    // a new parent has no children yet
    const key = parent instanceof NewNode ? parent : `${projectId}:${parent}`;
    let next = this.sorts.get(key);
    if (next === undefined) {
      if (parent instanceof NewNode) next = 0;
      else {
        await this.beforeRead({ created: false, shape: true });
        next = (await this.repo.maxChildSort(projectId, parent)) + 1;
      }
    }
    this.sorts.set(key, next + 1);
    return next;
  }

  /** Writes the new nodes, then the changes, met so far. */
  async flush(): Promise<void> {
    if (this.created.size > 0) await this.created.flush(this.repo, this.now);
    await this.updated.flush(this.repo, this.now);
  }

  /**
   * Before a read of the store, what it must see of this write so far, as when each node was
   * written at once: `created`, the new nodes (an id the request names may be one of theirs);
   * `shape`, the changes if one moves a node (a parent's children; the nodes changed are read from
   * `known`). A parent's next sort needs only the moves: its new children so far are in `sorts`.
   */
  private async beforeRead(need: { created: boolean; shape: boolean }): Promise<void> {
    if (need.created && this.created.size > 0) await this.created.flush(this.repo, this.now);
    if (need.shape && this.updated.moving) await this.updated.flush(this.repo, this.now);
  }

  /** A node in scope, as this write has left it (a node read is kept: no change of it is pending, or it would be known). */
  private async node(id: number): Promise<NodeRow | undefined> {
    const known = this.known.get(id);
    if (known) return known;
    await this.beforeRead({ created: true, shape: false });
    const row = await this.repo.findNode(this.scope, id);
    if (row) this.known.set(id, row);
    return row;
  }

  /**
   * Whether `target` is `id` or under it, up its parents as this write has left them: no read of
   * the store per move (a subtree read each, with the moves before it written first, took 5,000
   * moves to over half a second).
   */
  private async isUnder(target: number, id: number): Promise<boolean> {
    const seen = new Set<number>();
    for (let at: number | null = target; at !== null && !seen.has(at); ) {
      if (at === id) return true;
      seen.add(at);
      const row = await this.node(at);
      at = row && row.parent_id !== null ? Number(row.parent_id) : null;
    }
    return false;
  }

  /** permissions asked once per write (holds() costs microseconds: 5,000 new nodes took tens of ms) */
  private readonly granted = new Map<string, boolean>();

  private need(permission: string) {
    let ok = this.granted.get(permission);
    if (ok === undefined) this.granted.set(permission, (ok = holds(this.session, permission)));
    if (!ok) throw noPermission();
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
    const pre = this.checked.get(item);
    const fields = pre ? valueOf(pre.fields) : fieldsOf(meta, item, path);
    let node: HierarchyResult;
    let self: number | NewNode;
    let projectId: number;
    if (id !== undefined) {
      const written = await this.update(l, meta, id, item, fields, path, parent);
      node = nodeOf(written);
      self = node.id;
      projectId = Number(written.project_id);
    } else {
      const created = await this.create(l, meta, item, fields, path, parent, pre);
      node = created.reply;
      self = created;
      projectId = created.row.project_id;
    }
    for (const [key, v] of Object.entries(fields.attrs)) {
      const a = meta.attrs.find((x) => x.name === key);
      if (a?.type === 'ref' && typeof v === 'number') {
        if (v === self) throw bad(`${path}.${key}`, 'a node cannot refer to itself');
        this.refs.push({ projectId, self, refId: v, refLabel: a.refLabel ?? '', field: `${path}.${key}` });
      }
    }
    const children = await this.children(item, path, { kind: 'node', id: self, label: l, projectId });
    if (children) node.children = children;
    return node;
  }

  /** After the last flush: each reference names another node of its label in the node's project. */
  async checkRefs(): Promise<void> {
    const targets = new Map((await this.repo.findNodes(this.scope, [...new Set(this.refs.map((r) => r.refId))])).map((n) => [Number(n.id), n]));
    // a new node's reference to itself is found here, after the nodes after it were checked
    for (const r of this.refs) if (typeof r.self !== 'number' && idOf(r.self) === r.refId) throw bad(r.field, 'a node cannot refer to itself');
    for (const r of this.refs) {
      const target = targets.get(r.refId);
      if (!target || Number(target.project_id) !== r.projectId || target.model_label !== r.refLabel) throw bad(r.field, `no ${r.refLabel} ${r.refId} in this project`);
    }
  }

  private async remove(l: ModelLabel, id: number | undefined, path: string): Promise<HierarchyResult> {
    if (id === undefined) throw bad(`${path}.id`, 'required to delete');
    this.need('device_delete');
    if (l === 'project') throw bad(`${path}.modelLabel`, 'delete projects through the project API');
    const row = await this.node(id);
    if (!row) throw noPermission();
    if (row.model_label !== l) throw bad(`${path}.modelLabel`, `node ${id} is a ${row.model_label}`);
    this.deletes.push(id);
    return { id, modelLabel: l, delete_flag: true };
  }

  private async create(l: ModelLabel, meta: ModelMeta, item: HierarchyItem, fields: Fields, path: string, parent: Parent | null, pre: CheckedItem | undefined): Promise<NewNode> {
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
    const { attrs, reply } = pre?.draft ? valueOf(pre.draft) : draftOf(l, meta, { ...fields, name: fields.name }, path, this.now);
    const under = target.kind === 'project' ? null : target.id;
    const row = {
      project_id: target.projectId,
      model_label: l,
      name: fields.name,
      code: fields.code ?? '',
      attrs,
      // after the siblings already there, in the order of the request
      sort: await this.nextSort(target.projectId, under),
    };
    // the id (and the parentId under a new parent) once the row is inserted
    reply.projectId = target.projectId;
    reply.parentId = typeof under === 'number' ? under : null;
    const node = new NewNode(row, under, reply);
    this.created.add(node);
    return node;
  }

  private async update(l: ModelLabel, meta: ModelMeta, id: number, item: HierarchyItem, fields: Fields, path: string, parent: Parent | null) {
    const row = await this.node(id);
    if (!row) throw noPermission();
    if (row.model_label !== l) throw bad(`${path}.modelLabel`, `node ${id} is a ${row.model_label}`);
    const projectId = Number(row.project_id);
    let parentId = row.parent_id === null ? null : Number(row.parent_id);
    let moved = false;
    const from = item.moveFrom ?? undefined;
    if (parent) {
      if (parent.kind === 'node' && typeof parent.id !== 'number' && parent.id.id === undefined) await this.beforeRead({ created: true, shape: false });
      const target = parent.kind === 'project' ? null : idOf(parent.id);
      if (parent.projectId !== projectId) throw bad(`${path}.moveFrom`, 'a node cannot move to another project');
      if (target !== parentId) {
        if (!from) throw bad(`${path}.moveFrom`, `node ${id} is not under this parent; send moveFrom (its old parent) to move it`);
        const oldLabel = parentId === null ? 'project' : (await this.node(parentId))?.model_label;
        const oldId = parentId ?? projectId;
        if (from.id !== oldId || from.modelLabel !== oldLabel) throw bad(`${path}.moveFrom`, `node ${id} is under ${oldLabel ?? '?'} ${oldId}`);
        allowedUnder(parent.kind === 'project' ? 'project' : parent.label, l, path);
        if (target !== null && (await this.isUnder(target, id))) throw bad(`${path}.moveFrom`, 'a node cannot move under its own subtree');
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
      this.updated.set({ id, parent_id: parentId, name, code, attrs: text }, moved);
      const written = { ...row, parent_id: parentId, name, code, attrs: text, update_time: this.now };
      this.known.set(id, written);
      return written;
    }
    return row;
  }
}

/** The hierarchy write's transactions waiting for the one before. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the SQLite transactions of hierarchy writes one at a time, each in a turn of the event loop
 * of its own, and the reply of one (5,000 nodes: near 1 MB of JSON) in the turn after it, before the
 * next begins. A transaction holds the loop from begin to commit, and the driver hands its connection
 * to the next one waiting within the same turn: three writes sent together held it for two
 * transactions at once (about 200 ms in `npm run bench -- bound`).
 */
async function oneTurnEach<T>(transaction: () => Promise<T>): Promise<T> {
  const before = queue;
  let done!: () => void;
  queue = new Promise<void>((resolve) => (done = resolve));
  try {
    await before;
    await nextTurn();
    const result = await transaction();
    await nextTurn();
    return result;
  } finally {
    done();
  }
}

/** At most HIERARCHY_MAX_ITEMS nodes in the whole tree: 400 naming the first item over, before any work. */
function capItems(items: readonly HierarchyItem[]): void {
  let n = 0;
  const walk = (list: readonly HierarchyItem[], path: string) => {
    for (const [i, item] of list.entries()) {
      const at = path === '' ? String(i) : `${path}.children.${i}`;
      if (++n > HIERARCHY_MAX_ITEMS) throw bad(at, `a write holds at most ${HIERARCHY_MAX_ITEMS} nodes in all; write a larger model in several calls`);
      if (item.children) walk(item.children, at);
    }
  };
  walk(items, '');
}

/**
 * The hierarchy write: creates, updates, moves and deletes (with subtrees) in ONE transaction, each
 * node checked against the model metadata; any error (400, 404) leaves the store unchanged. Replies
 * the written nodes with their ids in the same nesting.
 *
 * On SQLite the transaction holds the event loop from begin to commit (one synchronous connection,
 * and it holds it: turns given inside would only leave every other request's statements waiting),
 * so it does only the work that needs the store: the other checks run before it, in slices; the
 * nodes the items name are read at once; new nodes, changes and deletes are written a few hundred to
 * a statement (issue 12: 5,000 new nodes held the loop 200–700 ms one insert at a time, 5,000 changes
 * about a second).
 */
export async function writeHierarchy(ems: Ems, session: Session, scope: readonly number[], items: readonly HierarchyItem[]): Promise<HierarchyResult[]> {
  capItems(items);
  const now = ems.config.now();
  const checked = await checkItems(items, now);
  const transaction = () => ems.db.transaction().execute(async (tx) => {
    const repo = modelRepository(tx, ems.kind);
    const projects = new Map((await repo.projects(scope)).map((p) => [Number(p.id), projectNodeOf(p)]));
    const known = new Map((await repo.findNodes(scope, checked.ids)).map((n) => [Number(n.id), n]));
    const writer = new HierarchyWriter(repo, session, scope, projects, now, checked.items, known);
    const out: HierarchyResult[] = [];
    for (const [i, item] of items.entries()) out.push(await writer.write(item, String(i), null));
    await writer.flush();
    if (writer.deletes.length > 0) await repo.deleteSubtrees(writer.deletes);
    await writer.checkRefs();
    return out;
  });
  return ems.kind === 'sqlite' ? oneTurnEach(transaction) : transaction();
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
