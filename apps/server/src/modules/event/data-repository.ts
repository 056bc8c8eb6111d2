import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { lastReadingPerDevice } from '../../db/latest.js';
import { latestReadingTs, readingRows, readingValueAt, rollup15Rows, storeKindOf } from '../../db/series-source.js';
import { attrsOf, numOrNull } from '../common/attrs.js';

/** The reads of measurements the rule engine needs (readings and rollups). */
export function engineDataRepository(db: Db) {
  // the callers hand over ems.db only: the store's kind from its adapter (reading and rollup_15m sources)
  const kind = storeKindOf(db);
  return {
    /** The newest reading time (at or before `atOrBefore`) of each device (any data point); devices without readings are absent. */
    lastSeen: (deviceIds: readonly number[], atOrBefore = Number.MAX_SAFE_INTEGER): Promise<Map<number, number>> => lastReadingPerDevice(db, deviceIds, atOrBefore),

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
      if (kind === 'postgres') {
        // the reading before ts may lie in a day row (issue 16): its time, then its value, from both forms
        // (offset 0: b's time is found once, not copied into each use of it)
        const [d, k] = [sql`${deviceId}`, sql`${dataId}`];
        const p = await sql<{ value: number | null }>`
          select ${readingValueAt(kind, d, k, sql.ref('b.ts'))} as value
          from (select ${latestReadingTs(kind, d, k, sql`${ts - 1}`)} as ts offset 0) b where b.ts is not null`.execute(db);
        const row = p.rows[0];
        return row ? Number(row.value) : undefined;
      }
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
        .selectFrom(readingRows(kind, from, to).as('reading'))
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

    /** The sum of the devices' buckets of a rollup table with a start in [from, to) (month to date). */
    async sumBuckets(table: 'rollup_day' | 'rollup_hour', deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<number> {
      if (deviceIds.length === 0 || to <= from) return 0;
      const r = await db
        .selectFrom(table)
        .select(sql<number | null>`sum(value)`.as('v'))
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .executeTakeFirst();
      return Number(r?.v ?? 0);
    },

    /** One device's hourly rollups with a start in [from, to), oldest first (null values left out). */
    async hours(deviceId: number, dataId: number, from: number, to: number): Promise<{ start: number; value: number; complete: boolean }[]> {
      const rows = await db
        .selectFrom('rollup_hour')
        .select(['bucket_start', 'value', 'n_intervals'])
        .where('device_id', '=', deviceId)
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('bucket_start')
        .execute();
      return rows.filter((r) => r.value !== null).map((r) => ({ start: Number(r.bucket_start), value: Number(r.value), complete: Number(r.n_intervals) >= 4 }));
    },

    /** One device's 15-min rollups with a start in [from, to), oldest first (null values left out): a counter's intervals. */
    async intervals(deviceId: number, dataId: number, from: number, to: number): Promise<{ start: number; value: number }[]> {
      const rows = await db
        .selectFrom(rollup15Rows(kind, from, to).as('rollup_15m'))
        .select(['bucket_start', 'value'])
        .where('device_id', '=', deviceId)
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .orderBy('bucket_start')
        .execute();
      return rows.filter((r) => r.value !== null).map((r) => ({ start: Number(r.bucket_start), value: Number(r.value) }));
    },

    /** The readings of one data point of one device in [from, to) as the write path hands them on, oldest first. */
    async committed(deviceId: number, dataId: number, from: number, to: number): Promise<{ deviceId: number; dataId: number; ts: number; value: number; status: number }[]> {
      const rows = await db
        .selectFrom(readingRows(kind, from, to).as('reading'))
        .select(['ts', 'value', 'status'])
        .where('device_id', '=', deviceId)
        .where('data_id', '=', dataId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .orderBy('ts')
        .execute();
      return rows.map((r) => ({ deviceId, dataId, ts: Number(r.ts), value: Number(r.value), status: Number(r.status) }));
    },

    /** The data points each device has readings of (the history replay's reading plan). */
    async seriesOf(deviceIds: readonly number[]): Promise<{ deviceId: number; dataId: number }[]> {
      const out: { deviceId: number; dataId: number }[] = [];
      // a probe per catalogue point (an index seek each), not a scan of the device's readings; the row table
      // alone: a series' newest reading is always a row (PostgreSQL day rows hold older days only, issue 16)
      for (const deviceId of deviceIds) {
        const rows = await db
          .selectFrom('data_point as d')
          .select('d.data_id')
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('reading as r').select('r.ts').where('r.device_id', '=', deviceId).whereRef('r.data_id', '=', 'd.data_id').limit(1)),
          )
          .execute();
        for (const r of rows) out.push({ deviceId, dataId: Number(r.data_id) });
      }
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
