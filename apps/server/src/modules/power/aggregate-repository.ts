import { sql } from 'kysely';
import { PQ_AGGREGATE_MS } from '@ems/contract';
import type { Extent, Span } from '@ems/domain';
import type { Db } from '../../db/connect.js';
import type { StoreKind } from '../../db/migrate.js';
import { DAY_MS, TS_MAX, TS_MIN, readingRows } from '../../db/series-source.js';
import { PQ_DATA_IDS } from './pq-series.js';

const STEP = sql.lit(PQ_AGGREGATE_MS);
const IDS = sql.join(PQ_DATA_IDS.map((id) => sql.lit(id)));

/**
 * All SQL that maintains the 10-min PQ aggregates (pq_10m, pq_coverage, pq_run): each recompute
 * reads one device's readings of a bounded span and upserts its buckets, so repeating it is harmless.
 */
export function aggregateRepository(db: Db, kind: StoreKind) {
  /**
   * On PostgreSQL recomputes of all servers take turns (a transaction-scoped advisory lock): the
   * last one to write a bucket is then the last to start, and it read every reading committed
   * before its bucket was marked. SQLite has one writer in-process.
   */
  const serialise = async (tx: Db) => {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.pq_10m'))`.execute(tx);
  };

  /** The span joins the device's covered span (a span not touching it is not claimed). */
  const claim = async (tx: Db, deviceId: number, span: Span) => {
    await sql`insert into pq_coverage (device_id, lo, hi) values (${deviceId}, ${span.from}, ${span.to})
      on conflict (device_id) do update set
        lo = case when excluded.lo < pq_coverage.lo then excluded.lo else pq_coverage.lo end,
        hi = case when excluded.hi > pq_coverage.hi then excluded.hi else pq_coverage.hi end
      where pq_coverage.lo <= excluded.hi and pq_coverage.hi >= excluded.lo`.execute(tx);
  };

  /**
   * PostgreSQL: a CTE `b` whose `hi` bounds the source of the device's oldest PQ reading: the end of the
   * day of its oldest day row, or just after its oldest row (a seek per series each). A series' day rows
   * hold its oldest readings, so the oldest lies before `hi`, and the source reads at most one day row
   * per series (unbounded, it read every reading of a series: a min() over the UNION ALL takes no index).
   */
  const oldestBound = (deviceId: number) =>
    kind === 'sqlite'
      ? { cte: sql``, hi: TS_MAX }
      : {
          cte: sql`, b as (select coalesce(least(
              min((select min(y.day) from reading_day y where y.device_id = ${deviceId} and y.data_id = d.id)) + ${sql.lit(DAY_MS)},
              min((select min(y.ts) from reading y where y.device_id = ${deviceId} and y.data_id = d.id)) + 1), ${sql.lit(TS_MAX)}) as hi from d)`,
          hi: sql`(select hi from b)`,
        };

  return {
    /** Oldest and newest reading of the device's PQ series (index seeks per series; PostgreSQL: and its oldest day row); null without any. */
    async extent(deviceId: number): Promise<Extent | null> {
      const oldest = oldestBound(deviceId);
      // the newest (no upper bound) from the row table: a series' newest reading is always a row
      const r = await sql<{ oldest: number | string | null; newest: number | string | null }>`
        with d (id) as (values ${sql.join(PQ_DATA_IDS.map((id) => sql`(${sql.lit(id)})`))})${oldest.cte},
        e as (select (select min(ts) from ${readingRows(kind, TS_MIN, oldest.hi)} r where r.device_id = ${deviceId} and r.data_id = d.id) as lo,
                     (select max(ts) from reading r where r.device_id = ${deviceId} and r.data_id = d.id) as hi from d)
        select min(lo) as oldest, max(hi) as newest from e`.execute(db);
      const row = r.rows[0];
      return row && row.oldest !== null && row.newest !== null ? { oldest: Number(row.oldest), newest: Number(row.newest) } : null;
    },

    async coverage(deviceId: number): Promise<Span | null> {
      const r = await db.selectFrom('pq_coverage').select(['lo', 'hi']).where('device_id', '=', deviceId).executeTakeFirst();
      return r ? { from: Number(r.lo), to: Number(r.hi) } : null;
    },

    /**
     * Recomputes the device's buckets in [span.from, span.to) from its readings; with `cover`, the
     * span joins the device's covered span (a span not touching it is not claimed).
     */
    async aggregate(deviceId: number, span: Span, cover: boolean): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await serialise(tx);
        await sql`insert into pq_10m (device_id, data_id, bucket_start, mean, min, max, n)
          select device_id, data_id, ts - ts % ${STEP} as b, avg(value), min(value), max(value), count(*)
          from ${readingRows(kind, span.from, span.to)} reading
          where device_id = ${deviceId} and data_id in (${IDS}) and ts >= ${span.from} and ts < ${span.to}
          group by device_id, data_id, b
          on conflict (device_id, data_id, bucket_start) do update set mean = excluded.mean, min = excluded.min, max = excluded.max, n = excluded.n`.execute(tx);
        if (cover) await claim(tx, deviceId, span);
      });
    },

    /** The span joins the device's covered span (its buckets were recomputed piece by piece before). */
    async cover(deviceId: number, span: Span): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await serialise(tx);
        await claim(tx, deviceId, span);
      });
    },

    /** Forgets the covered spans (all devices, or the given ones): the catch-up recomputes them. */
    async resetCoverage(deviceIds?: readonly number[]): Promise<void> {
      if (deviceIds === undefined) await db.deleteFrom('pq_coverage').execute();
      else if (deviceIds.length > 0) await db.deleteFrom('pq_coverage').where('device_id', 'in', [...deviceIds]).execute();
    },

    /** Every node with its project: a device is a node (readings of any node may carry PQ data points). */
    async devices(): Promise<{ deviceId: number; projectId: number }[]> {
      const rows = await db.selectFrom('node').select(['id', 'project_id']).orderBy('id').execute();
      return rows.map((r) => ({ deviceId: Number(r.id), projectId: Number(r.project_id) }));
    },

    /** This server's heartbeat. */
    async beat(runId: string, now: number): Promise<void> {
      await db
        .insertInto('pq_run')
        .values({ run_id: runId, seen_at: now })
        .onConflict((oc) => oc.column('run_id').doUpdateSet({ seen_at: now }))
        .execute();
    },

    /**
     * Runs other than this one last seen before `staleBefore`: each is removed and, if any was,
     * every covered span is forgotten in the same transaction (its crash may have lost marks).
     */
    async reapCrashedRuns(runId: string, staleBefore: number): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const gone = await tx.selectFrom('pq_run').select('run_id').where('run_id', '<>', runId).where('seen_at', '<', staleBefore).execute();
        if (gone.length === 0) return 0;
        await tx.deleteFrom('pq_run').where('run_id', 'in', gone.map((g) => g.run_id)).execute();
        await tx.deleteFrom('pq_coverage').execute();
        return gone.length;
      });
    },

    async endRun(runId: string): Promise<void> {
      await db.deleteFrom('pq_run').where('run_id', '=', runId).execute();
    },
  };
}

export type AggregateRepository = ReturnType<typeof aggregateRepository>;
