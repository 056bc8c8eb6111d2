import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/types.js';
import type { Ems } from '../../context.js';
import { nextTurn, slicer } from '../../lib/work-slices.js';
import { retentionRepository, type SeriesKey } from './retention-repository.js';

/**
 * Retention of raw readings (issue 16; docs/ingest.md "Retention"). With EMS_READING_RETENTION_DAYS = N,
 * the readings older than N days are deleted by an hourly pass and refused at ingest (beyond_retention).
 * Only the table `reading` loses rows; everything derived from readings is kept, among it:
 */
export const RETENTION_KEEPS = [
  'rollup_15m',
  'rollup_hour',
  'rollup_day',
  'rollup_month',
  /** the readings pyramid (hour cells) */
  'reading_hour',
  /** 10-min power-quality aggregates */
  'pq_10m',
  'counter_reset',
] as const;

const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** How often the pass runs (ms), from the end of one to the start of the next. */
export const RETENTION_EVERY_MS = HOUR_MS;
/** The first pass, this long after the app is ready (ms). */
const FIRST_PASS_MS = 60_000;
/** Readings one delete statement removes at most (SQLite: a few ms of write lock), a turn of the event loop between two. */
export const RETENTION_CHUNK = 5000;

/** Ingest refuses readings before this (ms since epoch); undefined when retention is off. */
export function retentionAcceptFrom(config: Pick<AppConfig, 'readingRetentionDays'>, now: number): number | undefined {
  const days = config.readingRetentionDays;
  return days !== undefined && days > 0 ? now - days * DAY_MS : undefined;
}

/**
 * The pass deletes readings before this: the UTC hour of the ingest cutoff, less one hour. The hour
 * of slack covers a batch checked against an earlier clock and committed during the pass; the whole
 * hour keeps every readings-pyramid cell and 15-min interval that an accepted reading can touch whole.
 */
export function retentionDeleteBefore(acceptFrom: number): number {
  return Math.floor(acceptFrom / HOUR_MS) * HOUR_MS - HOUR_MS;
}

export interface RetentionResult {
  /** readings before this were deleted (ms); undefined when retention is off */
  before?: number;
  /** readings deleted (on PostgreSQL besides the dropped partitions) */
  deleted: number;
  /** PostgreSQL: the month partitions dropped whole */
  dropped: string[];
  /** readings kept before the cutoff: per counter series the ones its rollup window still needs */
  anchors: number;
  /** what went wrong without stopping the pass */
  problems: string[];
  ms: number;
}

/**
 * One pass: with retention off, nothing. Else (PostgreSQL) every month partition wholly before the
 * cutoff is dropped, then each series' readings before the cutoff are deleted RETENTION_CHUNK at a
 * time with a turn of the event loop between. A counter series keeps the readings from the one at or
 * before the 15-min boundary at or before its last reading before the cutoff: the write path
 * recomputes a late reading's rollups from the reading before it, widened to whole 15-min intervals
 * (repository.ts, the window), so a reading at or after the cutoff finds the same neighbours as if
 * nothing had been deleted and its rollup buckets come out the same. `stop` ends the pass early (app close);
 * `chunk`: readings per delete statement.
 */
export async function retentionPass(ems: Ems, stop: () => boolean = () => false, chunk = RETENTION_CHUNK): Promise<RetentionResult> {
  const started = performance.now();
  const acceptFrom = retentionAcceptFrom(ems.config, ems.config.now());
  const out: RetentionResult = { deleted: 0, dropped: [], anchors: 0, problems: [], ms: 0 };
  if (acceptFrom === undefined) return out;
  const before = retentionDeleteBefore(acceptFrom);
  out.before = before;
  const repo = retentionRepository(ems.db, ems.kind);
  const counters = await repo.counterDataIds();

  if (ems.kind === 'postgres') {
    for (const p of await repo.partitions()) {
      if (stop()) break;
      if (p.to > before) continue;
      try {
        out.anchors += await repo.dropPartition(p, [...counters], before);
        out.dropped.push(p.name);
      } catch (err) {
        // e.g. the lock on reading not had within 5 s: its rows go by the batched delete below, the partition next time
        out.problems.push(`partition ${p.name} not dropped: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  const turn = slicer();
  for (let s: SeriesKey | null = await repo.nextSeries(null); s && !stop(); s = await repo.nextSeries(s)) {
    await turn();
    const oldest = await repo.oldest(s);
    if (oldest === null || oldest >= before) continue;
    let upTo = before;
    if (counters.has(s.dataId)) upTo = Math.min(upTo, (await repo.counterKeepFrom(s, before)) ?? before);
    // PostgreSQL: the closed days in day rows first (they are older than the rows)
    out.deleted += await repo.deleteDayRowsBefore(s, upTo);
    while (!stop()) {
      const n = await repo.deleteOldest(s, upTo, chunk);
      out.deleted += n;
      await nextTurn();
      if (n < chunk) break;
    }
  }
  out.ms = Math.round(performance.now() - started);
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The log line of a pass that did something, else undefined. */
export function retentionSummary(r: RetentionResult): string | undefined {
  if (r.before === undefined || (r.deleted === 0 && r.dropped.length === 0)) return undefined;
  const parts = [`${r.deleted} readings before ${iso(r.before)} deleted`];
  if (r.dropped.length > 0) parts.push(`partitions dropped: ${r.dropped.join(', ')} (${r.anchors} counter readings kept for the rollup windows)`);
  return `reading retention: ${parts.join('; ')}; rollups and the readings pyramid kept (${r.ms} ms)`;
}

/**
 * Runs the pass a minute after the app is ready, then every RETENTION_EVERY_MS; passes never overlap.
 * Off without config.readingRetentionDays, or with config.readingRetentionPass false (the unit tests
 * run retentionPass by hand). A failed pass is logged and the next one runs as planned. Stops when the
 * app closes (a pass in progress stops at its next batch).
 */
export function registerReadingRetention(app: FastifyInstance): void {
  const config = app.ems.config;
  if (retentionAcceptFrom(config, 0) === undefined || config.readingRetentionPass === false) return;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (closed) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = retentionPass(app.ems, () => closed)
      .then((r) => {
        const line = retentionSummary(r);
        if (line) app.log.info(line);
        for (const p of r.problems) app.log.warn(`reading retention: ${p}`);
      })
      .catch((err: unknown) => app.log.warn(`reading retention: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => schedule(RETENTION_EVERY_MS));
  };
  app.addHook('onReady', async () => {
    app.log.info(`reading retention: raw readings older than ${config.readingRetentionDays} days are deleted hourly (rollups and the readings pyramid kept)`);
    schedule(FIRST_PASS_MS);
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
