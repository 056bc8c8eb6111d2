import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { attrsOf, numOrNull } from '../common/attrs.js';

/** The reads of measurements the rule engine needs (readings and rollups). */
export function engineDataRepository(db: Db) {
  return {
    /** The newest reading time of each device (any data point); devices without readings are absent. */
    async lastSeen(deviceIds: readonly number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      if (deviceIds.length === 0) return out;
      const rows = await db
        .selectFrom('reading')
        .select(['device_id', sql<number>`max(ts)`.as('ts')])
        .where('device_id', 'in', [...deviceIds])
        .groupBy('device_id')
        .execute();
      for (const r of rows) out.set(Number(r.device_id), Number(r.ts));
      return out;
    },

    /** The devices under a node (itself included) that are not containers. */
    async devicesUnder(nodeId: number, containers: readonly string[]): Promise<number[]> {
      const r = await sql<{ id: number }>`
        with recursive sub(id) as (select id from node where id = ${nodeId} union all select n.id from node n join sub on n.parent_id = sub.id)
        select n.id from node n join sub on sub.id = n.id where n.model_label not in (${sql.join(containers.map((c) => sql`${c}`))})`.execute(db);
      return r.rows.map((x) => Number(x.id));
    },

    /** The devices of a project (every node that is not a container). */
    async devicesOfProject(projectId: number, containers: readonly string[]): Promise<number[]> {
      const rows = await db.selectFrom('node').select('id').where('project_id', '=', projectId).where('model_label', 'not in', [...containers]).execute();
      return rows.map((r) => Number(r.id));
    },

    /** The newest value of a point before ts (the switch state before a batch). */
    async valueBefore(deviceId: number, dataId: number, ts: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('reading')
        .select('value')
        .where('device_id', '=', deviceId)
        .where('data_id', '=', dataId)
        .where('ts', '<', ts)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? Number(r.value) : undefined;
    },

    /** Readings of a point in [from, to), oldest first (the demand window after a restart). */
    async readings(deviceId: number, dataId: number, from: number, to: number): Promise<{ ts: number; value: number }[]> {
      const rows = await db
        .selectFrom('reading')
        .select(['ts', 'value'])
        .where('device_id', '=', deviceId)
        .where('data_id', '=', dataId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .orderBy('ts')
        .execute();
      return rows.map((r) => ({ ts: Number(r.ts), value: Number(r.value) }));
    },

    /** Consumption of each device in one bucket of a rollup table (null values and absent buckets left out). */
    async bucket(table: 'rollup_hour' | 'rollup_month', deviceIds: readonly number[], dataId: number, bucketStart: number): Promise<Map<number, { value: number; complete: boolean }>> {
      const out = new Map<number, { value: number; complete: boolean }>();
      if (deviceIds.length === 0) return out;
      const rows = await db
        .selectFrom(table)
        .select(['device_id', 'value', 'n_intervals'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '=', bucketStart)
        .execute();
      for (const r of rows) if (r.value !== null) out.set(Number(r.device_id), { value: Number(r.value), complete: Number(r.n_intervals) >= 4 });
      return out;
    },

    /** Child meters of a meter by the parentMeterId attribute (the balance tree). */
    async childMeters(parentId: number, projectId: number): Promise<number[]> {
      const rows = await db.selectFrom('node').select(['id', 'attrs']).where('project_id', '=', projectId).where('model_label', '=', 'meter').execute();
      // read as the balance pages read it (a numeric string names the parent too)
      return rows.filter((r) => numOrNull(attrsOf(r.attrs).parentMeterId) === parentId).map((r) => Number(r.id));
    },

    async projectTimezone(projectId: number): Promise<string> {
      const r = await db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
      return r?.timezone ?? 'Asia/Shanghai';
    },
  };
}
