import { type Generated } from 'kysely';
import type { Db } from '../../db/connect.js';
import { TS_MIN, rollup15Rows, storeKindOf } from '../../db/series-source.js';

/** Table `cost_scheme` (migration 0007-tariff): versions as JSON text (TariffVersion[]). */
export interface CostSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string;
  versions: string;
  update_time: number;
}

/** Table `cost_scheme_node`: a node (or the project, model_label 'project') attached to one scheme. */
export interface CostSchemeNodeTable {
  scheme_id: number;
  project_id: number;
  node_id: number;
  model_label: string;
}

export type CostTables = { cost_scheme: CostSchemeTable; cost_scheme_node: CostSchemeNodeTable };

export interface SchemeRow {
  id: number;
  projectId: number;
  name: string;
  description: string;
  versions: string;
  updateTime: number;
}

export interface AttachmentRow {
  schemeId: number;
  nodeId: number;
  modelLabel: string;
}

const toScheme = (r: { id: unknown; project_id: unknown; name: string; description: string; versions: string; update_time: unknown }): SchemeRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  name: r.name,
  description: r.description,
  versions: r.versions,
  updateTime: Number(r.update_time),
});

/** All SQL of the tariff schemes and their attachments (the rollups are read through the analysis repository). */
export function costRepository(db: Db) {
  const cdb = db.withTables<CostTables>();
  return {
    async schemes(projectIds: readonly number[]): Promise<SchemeRow[]> {
      if (projectIds.length === 0) return [];
      const rows = await cdb.selectFrom('cost_scheme').selectAll().where('project_id', 'in', [...projectIds]).orderBy('project_id').orderBy('id').execute();
      return rows.map(toScheme);
    },

    async scheme(id: number): Promise<SchemeRow | undefined> {
      const r = await cdb.selectFrom('cost_scheme').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toScheme(r) : undefined;
    },

    async insert(s: Omit<SchemeRow, 'id'>): Promise<number> {
      const r = await cdb
        .insertInto('cost_scheme')
        .values({ project_id: s.projectId, name: s.name, description: s.description, versions: s.versions, update_time: s.updateTime })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async update(id: number, s: Omit<SchemeRow, 'id' | 'projectId'>): Promise<void> {
      await cdb.updateTable('cost_scheme').set({ name: s.name, description: s.description, versions: s.versions, update_time: s.updateTime }).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const t = tx.withTables<CostTables>();
        await t.deleteFrom('cost_scheme_node').where('scheme_id', '=', id).execute();
        const r = await t.deleteFrom('cost_scheme').where('id', '=', id).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    async attachments(projectIds: readonly number[]): Promise<AttachmentRow[]> {
      if (projectIds.length === 0) return [];
      const rows = await cdb.selectFrom('cost_scheme_node').select(['scheme_id', 'node_id', 'model_label']).where('project_id', 'in', [...projectIds]).execute();
      return rows.map((r) => ({ schemeId: Number(r.scheme_id), nodeId: Number(r.node_id), modelLabel: r.model_label }));
    },

    /** Replaces the scheme's nodes; a node attached to another scheme moves to this one. */
    async attach(schemeId: number, projectId: number, nodes: readonly { nodeId: number; modelLabel: string }[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const t = tx.withTables<CostTables>();
        await t.deleteFrom('cost_scheme_node').where('scheme_id', '=', schemeId).execute();
        for (const n of nodes) {
          await t.deleteFrom('cost_scheme_node').where('node_id', '=', n.nodeId).where('model_label', '=', n.modelLabel).execute();
          await t.insertInto('cost_scheme_node').values({ scheme_id: schemeId, project_id: projectId, node_id: n.nodeId, model_label: n.modelLabel }).execute();
        }
      });
    },
  };
}

export type CostRepository = ReturnType<typeof costRepository>;

/** One 15-min rollup bucket of a counter. */
export interface IntervalRow {
  deviceId: number;
  start: number;
  value: number | null;
}

/** Reads of the 15-min rollups for the bills (indexed by device, data point and bucket start). */
export function intervalRepository(db: Db) {
  // the callers hand over ems.db only: the store's kind from its adapter (the rollup_15m source)
  const kind = storeKindOf(db);
  return {
    async intervals(deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<IntervalRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(rollup15Rows(kind, from, to).as('rollup_15m'))
        .select(['device_id', 'bucket_start', 'value'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('bucket_start')
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), start: Number(r.bucket_start), value: r.value === null ? null : Number(r.value) }));
    },

    /** Whether any of the devices has a 15-min rollup of the data point before ts (an index seek per device). */
    async anyBefore(deviceIds: readonly number[], dataId: number, ts: number): Promise<boolean> {
      if (deviceIds.length === 0) return false;
      // the day rows hold the oldest values: both forms, from the first on
      const r = await db
        .selectFrom(rollup15Rows(kind, TS_MIN, ts).as('rollup_15m'))
        .select('bucket_start')
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '<', ts)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
  };
}
