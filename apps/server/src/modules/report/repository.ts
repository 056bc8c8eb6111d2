import { SqliteAdapter, sql, type Generated } from 'kysely';
import type { Db } from '../../db/connect.js';
import { latestReadingTs, readingRows, rollup15Rows, rollupRows, storeKindOf } from '../../db/series-source.js';
import type { RollupTable } from '../analysis/periods.js';
import type { SlotSum } from './tou.js';

/** Table `report_template` (migration 0025-report-templates). */
export interface ReportTemplateTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  node_id: number;
  model_label: string;
  energy_type: number;
  kind: string;
  rows_kind: string;
  /** JSON text: ReportSection[] */
  sections: string;
  update_time: number;
}
type Tables = { report_template: ReportTemplateTable };

export interface TemplateRow {
  id: number;
  projectId: number;
  name: string;
  nodeId: number;
  modelLabel: string;
  energyType: number;
  kind: string;
  rows: string;
  sections: string[];
  updateTime: number;
}
export type TemplateValues = Omit<TemplateRow, 'id'>;

/** A rollup bucket of a counter series, with its quality. */
export interface ReportBucketRow {
  deviceId: number;
  start: number;
  value: number | null;
  quality: number;
  nIntervals: number;
}

/** A register read at (or last before) a boundary. */
export interface RegisterRow {
  deviceId: number;
  ts: number;
  value: number;
  status: number;
}

/** A signed member of a group whose coincident 15-min peak is wanted. */
export interface GroupMember {
  group: number;
  deviceId: number;
  weight: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const toTemplate = (r: {
  id: unknown;
  project_id: unknown;
  name: string;
  node_id: unknown;
  model_label: string;
  energy_type: unknown;
  kind: string;
  rows_kind: string;
  sections: string;
  update_time: unknown;
}): TemplateRow => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  name: r.name,
  nodeId: Number(r.node_id),
  modelLabel: r.model_label,
  energyType: Number(r.energy_type),
  kind: r.kind,
  rows: r.rows_kind,
  sections: JSON.parse(r.sections) as string[],
  updateTime: Number(r.update_time),
});

/**
 * All SQL of the period reports: set-based reads of the rollups (one statement for all rows'
 * buckets of a data point, never one per row or per bucket), the boundary registers of all meters in
 * one statement per boundary, the coincident 15-min peaks of all groups in one statement, and the
 * templates.
 */
export function reportRepository(db: Db) {
  const t = db.withTables<Tables>();
  // the callers hand over ems.db only: the store's kind from its adapter (reading and rollup_15m sources)
  const kind = storeKindOf(db);
  return {
    /** The buckets of the devices' series of one data point with bucket_start in [from, to). */
    async buckets(table: RollupTable | 'rollup_15m', deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<ReportBucketRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(rollupRows(kind, table, from, to).as('b'))
        .select(['device_id', 'bucket_start', 'value', 'quality', 'n_intervals'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), start: Number(r.bucket_start), value: num(r.value), quality: Number(r.quality), nIntervals: Number(r.n_intervals) }));
    },

    /** Per device, Σ value of one data point's buckets with bucket_start in [from, to) (one statement; null when no bucket holds a value). */
    async sums(table: RollupTable, deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<Map<number, number | null>> {
      if (deviceIds.length === 0 || to <= from) return new Map();
      const rows = await db
        .selectFrom(table)
        .select('device_id')
        .select((eb) => [eb.fn.sum<number | string | null>('value').as('v'), eb.fn.count<number | string>('value').as('nv')])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .groupBy('device_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.device_id), Number(r.nv) > 0 ? num(r.v) : null]));
    },

    /**
     * Per device, the register reading of the counter at or last before `at`, no earlier than
     * `notBefore`: one statement driven by the device list, each device one max(ts) seek on the
     * primary key (device_id, data_id, ts) and one lookup of that row — never a scan of its readings
     * (PostgreSQL: and of its day rows, at most the range's days of the one series).
     */
    async registersAt(deviceIds: readonly number[], dataId: number, at: number, notBefore: number): Promise<RegisterRow[]> {
      if (deviceIds.length === 0 || at < notBefore) return [];
      const ids = sql.join([...new Set(deviceIds)].map((d) => sql`(${sql.lit(d)})`));
      const source = readingRows(kind, notBefore, at + 1);
      type Row = { device_id: number | string; ts: number | string; value: number | string; status: number | string };
      // PostgreSQL: a join clause does not reach into the source's UNION ALL (it would read every meter's readings
      // of the range), a filter of a lateral subquery does (its `limit 1` keeps it from being merged into the join;
      // a series has one reading at a ts); the newest time by latestReadingTs (key probes), once per device
      // (materialized: else the lateral's filter computes it again)
      const statement =
        kind === 'sqlite'
          ? sql<Row>`
        with d(id) as (values ${ids})
        select r.device_id, r.ts, r.value, r.status from d join ${source} r
          on r.device_id = d.id and r.data_id = ${dataId}
          and r.ts = (select max(x.ts) from ${source} x where x.device_id = d.id and x.data_id = ${dataId} and x.ts <= ${at} and x.ts >= ${notBefore})`
          : sql<Row>`
        with d(id) as (values ${ids}),
        l as materialized (select d.id, ${latestReadingTs(kind, sql.ref('d.id'), sql.lit(dataId), at)} as ts from d)
        select l.id as device_id, r.ts, r.value, r.status from l cross join lateral (
          select x.ts, x.value, x.status from ${source} x where x.device_id = l.id and x.data_id = ${dataId} and x.ts = l.ts limit 1
        ) r
        where l.ts >= ${notBefore}`;
      const r = await statement.execute(db);
      return r.rows.map((x) => ({ deviceId: Number(x.device_id), ts: Number(x.ts), value: Number(x.value), status: Number(x.status) }));
    },

    /**
     * Per device, Σ value, count of values and count of buckets per (span, local slot) — the key
     * span × 1000 + ⌊(bucket_start + the span's offset) / slotMs⌋ mod slots a day — over [from, to):
     * the TOU cost's read (report/tou.ts), one statement.
     */
    async slotSums(table: 'rollup_hour' | 'rollup_15m', deviceIds: readonly number[], dataId: number, from: number, to: number, spans: readonly { from: number; offset: number }[], slotMs: number): Promise<SlotSum[]> {
      if (deviceIds.length === 0 || to <= from || spans.length === 0) return [];
      const perDay = Math.round(86_400_000 / slotMs);
      const slot = (i: number, offset: number) => sql`${sql.lit(i * 1000)} + ((bucket_start + ${sql.lit(offset)}) / ${sql.lit(slotMs)}) % ${sql.lit(perDay)}`;
      const last = spans.length - 1;
      const key =
        last === 0
          ? slot(0, spans[0]!.offset)
          : sql`case ${sql.join(
              spans.slice(0, last).map((s, i) => sql`when bucket_start < ${sql.lit(spans[i + 1]!.from)} then ${slot(i, s.offset)}`),
              sql` `,
            )} else ${slot(last, spans[last]!.offset)} end`;
      const r = await sql<{ device_id: number | string; k: number | string; v: number | string | null; nv: number | string; nb: number | string }>`
        select device_id, ${key} as k, sum(value) as v, count(value) as nv, count(*) as nb
        from ${rollupRows(kind, table, from, to)} b
        where device_id in (${sql.join(deviceIds.map((d) => sql.lit(d)))}) and data_id = ${dataId} and bucket_start >= ${from} and bucket_start < ${to}
        group by device_id, k`.execute(db);
      return r.rows.map((x) => ({ deviceId: Number(x.device_id), key: Number(x.k), value: num(x.v), values: Number(x.nv), buckets: Number(x.nb) }));
    },

    /** Per device, its highest bucket of the 15-min rollups in [from, to) and the earliest start holding it (for all devices: one statement on SQLite, two on PostgreSQL). */
    async devicePeaks(deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<Map<number, { start: number; value: number }>> {
      if (deviceIds.length === 0 || to <= from) return new Map();
      if (db.getExecutor().adapter instanceof SqliteAdapter) {
        // SQLite: one pass. A max() aggregate's bare columns come from the row holding the maximum, and
        // SQLite keeps the first such row it meets (a later row replaces it only when strictly greater);
        // the group by device_id walks the primary key (device_id, data_id, bucket_start), so the first is
        // the earliest window — the statement below on PostgreSQL, without reading every row twice.
        const one = await sql<{ device_id: number | string; v: number | string | null; s: number | string }>`
          select device_id, max(value) as v, bucket_start as s from rollup_15m indexed by sqlite_autoindex_rollup_15m_1
          where device_id in (${sql.join(deviceIds.map((d) => sql.lit(d)))}) and data_id = ${dataId} and bucket_start >= ${from} and bucket_start < ${to}
          group by device_id`.execute(db);
        return new Map(one.rows.filter((x) => x.v !== null).map((x) => [Number(x.device_id), { start: Number(x.s), value: Number(x.v) }]));
      }
      const maxes = await db
        .selectFrom(rollup15Rows(kind, from, to).as('rollup_15m'))
        .select('device_id')
        .select((eb) => eb.fn.max('value').as('v'))
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .groupBy('device_id')
        .execute();
      const known = maxes.filter((m) => m.v !== null).map((m) => ({ id: Number(m.device_id), v: Number(m.v) }));
      if (known.length === 0) return new Map();
      // the earliest window at each device's maximum: per device a range of its primary key (device_id, data_id,
      // bucket_start) in start order, the value compared as stored (a join on the value alone scanned the whole table)
      const maxima = sql.join(known.map((m) => sql`(${sql.lit(m.id)}, cast(${m.v} as double precision))`));
      const r = await sql<{ device_id: number | string; s: number | string }>`
        with m(id, v) as (values ${maxima})
        select m.id as device_id, f.s from m cross join lateral (
          select r.bucket_start as s from ${rollup15Rows(kind, from, to)} r
          where r.device_id = m.id and r.data_id = ${dataId} and r.bucket_start >= ${from} and r.bucket_start < ${to} and r.value = m.v
          order by r.bucket_start limit 1
        ) f`.execute(db);
      const value = new Map(known.map((m) => [m.id, m.v]));
      return new Map(r.rows.map((x) => [Number(x.device_id), { start: Number(x.s), value: value.get(Number(x.device_id)) as number }]));
    },

    /** Declared replacements / resets of the devices' counter with ts in (from, to]. */
    async resets(deviceIds: readonly number[], dataId: number, from: number, to: number) {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .selectFrom('counter_reset')
        .select(['device_id', 'ts', 'closing', 'opening'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('ts', '>', from)
        .where('ts', '<=', to)
        .orderBy('ts')
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), ts: Number(r.ts), closing: Number(r.closing), opening: Number(r.opening) }));
    },

    /**
     * Per group, its highest coincident 15-min energy Σ weight × value in [from, to) and the window's
     * start (the earliest on a tie), over the windows where every member has a value (a gap never
     * lowers a peak silently). One statement for all groups.
     */
    async groupPeaks(members: readonly GroupMember[], dataId: number, from: number, to: number): Promise<{ group: number; start: number; value: number }[]> {
      if (members.length === 0 || to <= from) return [];
      const groups = [...new Set(members.map((m) => m.group))];
      if (groups.length === 1 && members.every((m) => m.weight === 1)) {
        // one group of added meters (the node's supply): a plain Σ per window, the highest first
        const ids = members.map((m) => m.deviceId);
        const one = await sql<{ bucket_start: number | string; v: number | string }>`
          select bucket_start, sum(value) as v from ${rollup15Rows(kind, from, to)} r
          where device_id in (${sql.join(ids.map((d) => sql.lit(d)))}) and data_id = ${dataId} and bucket_start >= ${from} and bucket_start < ${to}
          group by bucket_start having count(value) = ${sql.lit(ids.length)}
          order by v desc, bucket_start asc limit 1`.execute(db);
        return one.rows.map((x) => ({ group: groups[0] as number, start: Number(x.bucket_start), value: Number(x.v) }));
      }
      const values = sql.join(members.map((m) => sql`(${sql.lit(m.group)}, ${sql.lit(m.deviceId)}, ${sql.lit(m.weight)})`));
      // PostgreSQL: the join with m does not reach into the source's UNION ALL (it would read every meter's
      // 15-min values of the range), the members' list as a filter does. SQLite's statement stays as it was.
      const memberIds = sql.join([...new Set(members.map((m) => m.deviceId))].map((d) => sql.lit(d)));
      const onlyMembers = kind === 'sqlite' ? sql`` : sql` and r.device_id in (${memberIds})`;
      const r = await sql<{ grp: number | string; bucket_start: number | string; v: number | string }>`
        with m(grp, device_id, w) as (values ${values}),
        n as (select grp, count(*) as k from m group by grp),
        s as (
          select m.grp, r.bucket_start, sum(r.value * m.w) as v, count(r.value) as c
          from ${rollup15Rows(kind, from, to)} r join m on r.device_id = m.device_id
          where r.data_id = ${dataId} and r.bucket_start >= ${from} and r.bucket_start < ${to}${onlyMembers}
          group by m.grp, r.bucket_start
        ),
        ranked as (
          select s.grp, s.bucket_start, s.v, row_number() over (partition by s.grp order by s.v desc, s.bucket_start asc) as rn
          from s join n on n.grp = s.grp where s.c = n.k
        )
        select grp, bucket_start, v from ranked where rn = 1`.execute(db);
      return r.rows.map((x) => ({ group: Number(x.grp), start: Number(x.bucket_start), value: Number(x.v) }));
    },

    async templates(projectId: number): Promise<TemplateRow[]> {
      return (await t.selectFrom('report_template').selectAll().where('project_id', '=', projectId).orderBy('id').execute()).map(toTemplate);
    },

    async template(id: number): Promise<TemplateRow | undefined> {
      const r = await t.selectFrom('report_template').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toTemplate(r) : undefined;
    },

    async nameTaken(projectId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = t.selectFrom('report_template').select('id').where('project_id', '=', projectId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(v: TemplateValues): Promise<number> {
      const r = await t
        .insertInto('report_template')
        .values({
          project_id: v.projectId,
          name: v.name,
          node_id: v.nodeId,
          model_label: v.modelLabel,
          energy_type: v.energyType,
          kind: v.kind,
          rows_kind: v.rows,
          sections: JSON.stringify(v.sections),
          update_time: v.updateTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async update(id: number, v: TemplateValues): Promise<void> {
      await t
        .updateTable('report_template')
        .set({ name: v.name, node_id: v.nodeId, model_label: v.modelLabel, energy_type: v.energyType, kind: v.kind, rows_kind: v.rows, sections: JSON.stringify(v.sections), update_time: v.updateTime })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<number> {
      const r = await t.deleteFrom('report_template').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;
