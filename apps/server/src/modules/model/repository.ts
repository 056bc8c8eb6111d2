import { CompiledQuery, sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { QueryOperator } from '@ems/contract';
import type { Database, NodeTable } from '../../db/schema.js';
import type { StoreKind } from '../../db/migrate.js';

export type Scalar = string | number | boolean;
export type ValueKind = 'number' | 'string' | 'boolean';
export type NodeColumnName = 'id' | 'name' | 'model_label' | 'parent_id' | 'project_id' | 'code' | 'create_time' | 'update_time';

/** A property resolved against the model metadata: a column or an attribute read with its type. */
export type PropRef = { kind: 'column'; column: NodeColumnName; value: ValueKind } | { kind: 'attr'; name: string; value: ValueKind };

/** One filter condition; `values` null means EQ null (is null) or NE null (is not null). */
export interface Cond {
  prop: PropRef;
  op: QueryOperator;
  values: Scalar[] | null;
}

export interface OrderBy {
  prop: PropRef;
  desc: boolean;
}

/** Which nodes a query reads; every read is limited to projectIds (the caller's scope). */
export interface NodeSelection {
  projectIds: readonly number[];
  label: string;
  id?: number;
  /** the subtree under a node (the node itself excluded) */
  underNode?: number;
  /** direct children of these nodes or (parent null) of these projects */
  parentIds?: readonly number[];
  parentProjectIds?: readonly number[];
  conds: readonly Cond[];
  orders: readonly OrderBy[];
  offset?: number;
  limit?: number;
}

export type NodeRow = Selectable<NodeTable>;

const NODE_FIELDS = ['node.id', 'node.project_id', 'node.parent_id', 'node.model_label', 'node.name', 'node.attrs', 'node.sort', 'node.code', 'node.create_time', 'node.update_time'] as const;

const FALSE = sql<SqlBool>`1 = 0`;

/** A new node's columns (times are the write's). */
export interface NewNodeRow {
  project_id: number;
  parent_id: number | null;
  model_label: string;
  name: string;
  code: string;
  attrs: string;
  sort: number;
}

/** What an insert of nodes gives back of each. */
interface InsertedNode {
  id: number;
  project_id: number;
  parent_id: number | null;
  sort: number;
}

/** An existing node's new columns (the update time is the write's). */
export interface NodeChange {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  attrs: string;
}

/** Rows, or ids, per statement of a bulk write or read (9 bound values a row: far below SQLite's 32,766 and PostgreSQL's 65,535). */
const BATCH = 500;

/**
 * The INSERT of n nodes. Written by hand, not built: Kysely's builder took about as long as SQLite
 * itself for 500 rows (~1.2 ms a statement), and no plugin watches writes to node (see
 * db/write-watch.ts). The full batch's text is kept, per store kind.
 */
const fullInserts = new Map<boolean, string>();
function insertText(pg: boolean, n: number): string {
  const kept = n === BATCH ? fullInserts.get(pg) : undefined;
  if (kept !== undefined) return kept;
  const row = (k: number) => `(${Array.from({ length: 9 }, (_, c) => (pg ? `$${k * 9 + c + 1}` : '?')).join(', ')})`;
  const text = `insert into node (project_id, parent_id, model_label, name, code, attrs, sort, create_time, update_time) values ${Array.from({ length: n }, (_, k) => row(k)).join(', ')} returning id, project_id, parent_id, sort`;
  if (n === BATCH) fullInserts.set(pg, text);
  return text;
}

/** Subtree ids under a node (excluded), one recursive query. */
const subtreeOf = (id: number) =>
  sql`(with recursive sub(id) as (select id from node where parent_id = ${id} union all select n.id from node n inner join sub on n.parent_id = sub.id) select id from sub)`;

/** All SQL of the plant model. Attributes are read with json_extract (SQLite) or ->> (PostgreSQL), typed. */
export function modelRepository(db: Kysely<Database>, kind: StoreKind) {
  const pg = kind === 'postgres';

  const valueExpr = (p: PropRef): RawBuilder<unknown> => {
    if (p.kind === 'column') return sql.ref(`node.${p.column}`);
    if (!pg) {
      const path = `$.${p.name}`;
      const types = p.value === 'number' ? sql`('integer', 'real')` : p.value === 'string' ? sql`('text')` : sql`('true', 'false')`;
      return sql`(case when json_type(node.attrs, ${path}) in ${types} then json_extract(node.attrs, ${path}) end)`;
    }
    const cast = p.value === 'number' ? sql`::double precision` : p.value === 'boolean' ? sql`::boolean` : sql``;
    return sql`(case when jsonb_typeof(node.attrs::jsonb -> ${p.name}::text) = ${p.value} then (node.attrs::jsonb ->> ${p.name}::text)${cast} end)`;
  };
  /** ordered comparisons of strings by code point on both stores */
  const ordered = (p: PropRef) => (pg && p.value === 'string' ? sql`${valueExpr(p)} collate "C"` : valueExpr(p));
  const bind = (v: Scalar) => (!pg && typeof v === 'boolean' ? (v ? 1 : 0) : v);

  const condSql = (c: Cond): RawBuilder<SqlBool> => {
    const x = valueExpr(c.prop);
    const xo = ordered(c.prop);
    const vs = c.values;
    if (vs === null) return c.op === 'NE' ? sql<SqlBool>`${x} is not null` : sql<SqlBool>`${x} is null`;
    const [a, b] = [vs[0] as Scalar, vs[1] as Scalar];
    switch (c.op) {
      case 'EQ':
        return sql<SqlBool>`${x} = ${bind(a)}`;
      case 'NE':
        return sql<SqlBool>`${x} <> ${bind(a)}`;
      case 'GT':
        return sql<SqlBool>`${xo} > ${bind(a)}`;
      case 'GE':
        return sql<SqlBool>`${xo} >= ${bind(a)}`;
      case 'LT':
        return sql<SqlBool>`${xo} < ${bind(a)}`;
      case 'LE':
        return sql<SqlBool>`${xo} <= ${bind(a)}`;
      case 'IN':
        return sql<SqlBool>`${x} in (${sql.join(vs.map(bind))})`;
      case 'BETWEEN':
        return sql<SqlBool>`${xo} between ${bind(a)} and ${bind(b)}`;
      case 'LIKE': {
        const pattern = `%${String(a).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        return sql<SqlBool>`lower(${x}) like lower(${pattern}) escape '\\'`;
      }
    }
  };

  const whereOf = (s: NodeSelection): RawBuilder<SqlBool>[] => {
    if (s.projectIds.length === 0) return [FALSE];
    const parts: RawBuilder<SqlBool>[] = [
      sql<SqlBool>`node.project_id in (${sql.join([...s.projectIds])})`,
      sql<SqlBool>`node.model_label = ${s.label}`,
    ];
    if (s.id !== undefined) parts.push(sql<SqlBool>`node.id = ${s.id}`);
    if (s.underNode !== undefined) parts.push(sql<SqlBool>`node.id in ${subtreeOf(s.underNode)}`);
    if (s.parentIds !== undefined || s.parentProjectIds !== undefined) {
      const alts: RawBuilder<SqlBool>[] = [];
      if (s.parentIds && s.parentIds.length > 0) alts.push(sql<SqlBool>`node.parent_id in (${sql.join([...s.parentIds])})`);
      if (s.parentProjectIds && s.parentProjectIds.length > 0) {
        alts.push(sql<SqlBool>`(node.parent_id is null and node.project_id in (${sql.join([...s.parentProjectIds])}))`);
      }
      parts.push(alts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(alts, sql` or `)})`);
    }
    for (const c of s.conds) parts.push(condSql(c));
    return parts;
  };
  const whereSql = (s: NodeSelection) => sql<SqlBool>`${sql.join(whereOf(s), sql` and `)}`;

  const orderSql = (orders: readonly OrderBy[]) => {
    const parts = orders.flatMap((o) => {
      const x = valueExpr(o.prop);
      return [sql`case when ${x} is null then 1 else 0 end`, o.desc ? sql`${ordered(o.prop)} desc` : sql`${ordered(o.prop)} asc`];
    });
    if (orders.length === 0) parts.push(sql`node.sort asc`);
    parts.push(sql`node.id asc`);
    return sql.join(parts);
  };

  return {

    /** Nodes of a selection, ordered and paged. */
    async select(s: NodeSelection): Promise<NodeRow[]> {
      let q = db.selectFrom('node').select([...NODE_FIELDS]).where(whereSql(s)).orderBy(orderSql(s.orders));
      if (s.limit !== undefined) q = q.limit(s.limit).offset(s.offset ?? 0);
      return q.execute();
    },

    async count(s: NodeSelection): Promise<number> {
      const row = await db.selectFrom('node').select(sql<number>`cast(count(*) as integer)`.as('n')).where(whereSql(s)).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A node inside the scope, or undefined. */
    findNode(projectIds: readonly number[], id: number): Promise<NodeRow | undefined> {
      if (projectIds.length === 0) return Promise.resolve(undefined);
      return db.selectFrom('node').select([...NODE_FIELDS]).where('node.id', '=', id).where('node.project_id', 'in', [...projectIds]).executeTakeFirst();
    },

    /** The nodes of these ids inside the scope, read BATCH ids at a time. */
    async findNodes(projectIds: readonly number[], ids: readonly number[]): Promise<NodeRow[]> {
      const out: NodeRow[] = [];
      if (projectIds.length === 0) return out;
      for (let i = 0; i < ids.length; i += BATCH) {
        const part = ids.slice(i, i + BATCH);
        out.push(...(await db.selectFrom('node').select([...NODE_FIELDS]).where('node.id', 'in', part).where('node.project_id', 'in', [...projectIds]).execute()));
      }
      return out;
    },

    /** The highest sort among the children of a parent (project top level when parentId is null); -1 when none. */
    async maxChildSort(projectId: number, parentId: number | null): Promise<number> {
      let q = db.selectFrom('node').select((eb) => eb.fn.max('node.sort').as('m')).where('node.project_id', '=', projectId);
      q = parentId === null ? q.where('node.parent_id', 'is', null) : q.where('node.parent_id', '=', parentId);
      const row = await q.executeTakeFirst();
      return row?.m === null || row?.m === undefined ? -1 : Number(row.m);
    },

    /**
     * Inserts the rows, BATCH to a statement; their ids in the order of the rows. RETURNING
     * gives rows in no promised order (SQLite says so), but ids are handed out in the order of the
     * VALUES: the rows back, by id, are matched to the rows sent and checked (project, parent, sort).
     */
    async insertNodes(rows: readonly NewNodeRow[], now: number): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        const params: unknown[] = [];
        for (const r of batch) params.push(r.project_id, r.parent_id, r.model_label, r.name, r.code, r.attrs, r.sort, now, now);
        const back = [...(await db.executeQuery<InsertedNode>(CompiledQuery.raw(insertText(pg, batch.length), params))).rows];
        back.sort((x, y) => Number(x.id) - Number(y.id));
        for (const [j, r] of batch.entries()) {
          const b = back[j];
          const parent = b?.parent_id === null ? null : Number(b?.parent_id);
          if (!b || Number(b.project_id) !== r.project_id || parent !== r.parent_id || Number(b.sort) !== r.sort) throw new Error('insertNodes: the ids back do not follow the rows sent');
          ids.push(Number(b.id));
        }
      }
      return ids;
    },

    /** Updates the nodes, BATCH to a statement (a VALUES list joined on id; each id once); their parents too when `parents`. */
    async updateNodes(changes: readonly NodeChange[], now: number, parents: boolean): Promise<void> {
      for (let i = 0; i < changes.length; i += BATCH) {
        const rows = changes
          .slice(i, i + BATCH)
          .map((c) => sql`(cast(${c.id} as integer), cast(${c.parent_id} as integer), cast(${c.name} as text), cast(${c.code} as text), cast(${c.attrs} as text))`);
        const parent = parents ? sql`parent_id = v.parent_id, ` : sql``;
        await sql`with v(id, parent_id, name, code, attrs) as (values ${sql.join(rows)})
          update node set ${parent}name = v.name, code = v.code, attrs = v.attrs, update_time = ${now} from v where node.id = v.id`.execute(db);
      }
    },

    /** Deletes the nodes and their subtrees; returns every deleted id (the nodes, then the ones under them). */
    async deleteSubtrees(ids: readonly number[]): Promise<number[]> {
      const all = new Set<number>(ids);
      const roots = [...all];
      // one recursive read per BATCH nodes, not one per node (5,000 held the event loop ~200 ms)
      for (let i = 0; i < roots.length; i += BATCH) {
        const part = roots.slice(i, i + BATCH);
        const under = await sql<{ id: number }>`with recursive sub(id) as (select id from node where parent_id in (${sql.join(part)}) union all select n.id from node n inner join sub on n.parent_id = sub.id) select id from sub`.execute(db);
        for (const r of under.rows) all.add(Number(r.id));
      }
      const list = [...all];
      for (let i = 0; i < list.length; i += BATCH) await db.deleteFrom('node').where('id', 'in', list.slice(i, i + BATCH)).execute();
      return list;
    },

    /** Visible projects as rows: the ids are the caller's scope (session.projectIds; a service provider's include its customers'). */
    projects(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('project').selectAll().where('id', 'in', [...ids]).orderBy('id').execute();
    },

    /** [modelLabel, id] of every node of the projects (cheap: two columns, one index). */
    async nodeRefs(projectIds: readonly number[]): Promise<{ id: number; model_label: string }[]> {
      if (projectIds.length === 0) return [];
      return db.selectFrom('node').select(['id', 'model_label']).where('project_id', 'in', [...projectIds]).orderBy('id').execute();
    },
  };
}

export type ModelRepository = ReturnType<typeof modelRepository>;
