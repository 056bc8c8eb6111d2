import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EventAlgorithmTable, EventRuleTable, EventTables } from './tables.js';

export type RuleRow = Selectable<EventRuleTable>;
export type AlgorithmRow = Selectable<EventAlgorithmTable>;
type ConfigTable = 'event_rule' | 'event_algorithm';

export interface ConfigFilter {
  projectIds: readonly number[];
  keyword?: string | undefined;
  nodeId?: number | undefined;
  modelLabel?: string | undefined;
  enabled?: boolean | undefined;
  kind?: string | undefined;
  index: number;
  limit: number;
}

/** The node and the nodes under it (for filters that include descendants). */
export const subtreeOf = (nodeId: number) =>
  sql<number>`(with recursive sub(id) as (select id from node where id = ${nodeId} union all select n.id from node n join sub on n.parent_id = sub.id) select id from sub)`;

/** All SQL of the rule and algorithm configurations. */
export function configRepository(db: Db) {
  const edb = db.withTables<EventTables>();

  const filtered = (table: ConfigTable, f: ConfigFilter) => {
    let q = edb.selectFrom(table).where('project_id', 'in', f.projectIds.length > 0 ? [...f.projectIds] : [-1]);
    if (f.keyword) q = q.where('name', 'like', `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.nodeId !== undefined && f.modelLabel !== 'project') q = q.where('node_id', 'in', subtreeOf(f.nodeId));
    if (f.nodeId !== undefined && f.modelLabel === 'project') q = q.where('project_id', '=', f.nodeId);
    if (f.enabled !== undefined) q = q.where('enabled', '=', f.enabled ? 1 : 0);
    if (f.kind !== undefined && table === 'event_algorithm') q = q.where('kind', '=', f.kind);
    return q;
  };

  async function list<T>(table: ConfigTable, f: ConfigFilter): Promise<{ rows: T[]; total: number }> {
    const [rows, count] = await Promise.all([
      filtered(table, f).selectAll().orderBy('id').limit(f.limit).offset(f.index * f.limit).execute(),
      filtered(table, f).select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirst(),
    ]);
    return { rows: rows as T[], total: Number(count?.n ?? 0) };
  }

  return {
    listRules: (f: ConfigFilter) => list<RuleRow>('event_rule', f),
    listAlgorithms: (f: ConfigFilter) => list<AlgorithmRow>('event_algorithm', f),

    rule: (id: number, projectIds: readonly number[]) =>
      edb.selectFrom('event_rule').selectAll().where('id', '=', id).where('project_id', 'in', [...projectIds, -1]).executeTakeFirst(),
    algorithm: (id: number, projectIds: readonly number[]) =>
      edb.selectFrom('event_algorithm').selectAll().where('id', '=', id).where('project_id', 'in', [...projectIds, -1]).executeTakeFirst(),

    async insertRule(v: Omit<RuleRow, 'id'>): Promise<number> {
      return Number((await edb.insertInto('event_rule').values(v).returning('id').executeTakeFirstOrThrow()).id);
    },
    async updateRule(id: number, v: Omit<RuleRow, 'id'>): Promise<void> {
      await edb.updateTable('event_rule').set(v).where('id', '=', id).execute();
    },
    async insertAlgorithm(v: Omit<AlgorithmRow, 'id'>): Promise<number> {
      return Number((await edb.insertInto('event_algorithm').values(v).returning('id').executeTakeFirstOrThrow()).id);
    },
    async updateAlgorithm(id: number, v: Omit<AlgorithmRow, 'id'>): Promise<void> {
      await edb.updateTable('event_algorithm').set(v).where('id', '=', id).execute();
    },

    /** Deletes the ids that lie in the projects; returns those deleted. */
    async remove(table: ConfigTable, ids: readonly number[], projectIds: readonly number[]): Promise<number[]> {
      const rows = await edb.deleteFrom(table).where('id', 'in', [...ids]).where('project_id', 'in', [...projectIds, -1]).returning('id').execute();
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    },
    async setEnabled(table: ConfigTable, ids: readonly number[], projectIds: readonly number[], enabled: boolean, now: number): Promise<number> {
      const r = await edb
        .updateTable(table)
        .set({ enabled: enabled ? 1 : 0, update_time: now })
        .where('id', 'in', [...ids])
        .where('project_id', 'in', [...projectIds, -1])
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Every enabled rule and algorithm (the engine's working set). */
    enabledRules: () => edb.selectFrom('event_rule').selectAll().where('enabled', '=', 1).execute(),
    enabledAlgorithms: () => edb.selectFrom('event_algorithm').selectAll().where('enabled', '=', 1).execute(),

    /** The node if it lies in the projects (the project itself for label 'project'): its project id. */
    async nodeProject(nodeId: number, label: string, projectIds: readonly number[]): Promise<number | undefined> {
      if (label === 'project') return projectIds.includes(nodeId) ? nodeId : undefined;
      const row = await db
        .selectFrom('node')
        .select('project_id')
        .where('id', '=', nodeId)
        .where('model_label', '=', label)
        .where('project_id', 'in', [...projectIds, -1])
        .executeTakeFirst();
      return row ? Number(row.project_id) : undefined;
    },
    /** Whether the node (whatever its label) lies in the projects. */
    async nodeIn(nodeId: number, projectIds: readonly number[]): Promise<boolean> {
      const row = await db.selectFrom('node').select('id').where('id', '=', nodeId).where('project_id', 'in', [...projectIds, -1]).executeTakeFirst();
      return row !== undefined;
    },
    /** Nodes of one project among the ids (to check a list of devices). */
    async projectNodes(projectId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('node').select('id').where('project_id', '=', projectId).where('id', 'in', [...ids]).execute();
      return new Set(rows.map((r) => Number(r.id)));
    },
    async nodeNames(ids: readonly number[]): Promise<Map<number, string>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.selectFrom('node').select(['id', 'name']).where('id', 'in', unique).execute();
      return new Map(rows.map((r) => [Number(r.id), r.name]));
    },
    catalogue: () => db.selectFrom('data_point').selectAll().execute(),
  };
}
