import type { FastifyInstance } from 'fastify';
import { compactSeriesDays, onNewReadingDay, type CompactionResult } from './repository.js';

/** How often the compaction runs at least (ms): the days closed meanwhile (past COMPACT_GRACE_MS) are moved. */
export const COMPACT_EVERY_MS = 10 * 60_000;
/** Runs start at most this often (ms) when ingest moves on by days quickly (a backfill). */
export const COMPACT_MIN_GAP_MS = 10_000;

/** The log line of a run that moved something, else undefined. */
export function compactionSummary(r: CompactionResult, ms: number): string | undefined {
  if (r.days + r.days15 === 0) return undefined;
  return `series days: ${r.days} series-days of readings and ${r.days15} of 15-min values moved into day rows in ${r.batches} transactions (${ms} ms)`;
}

/**
 * PostgreSQL (issue 16, docs/storage.md): moves the closed days of every series into day rows
 * (compaction.ts) a minute after the app is ready, then every COMPACT_EVERY_MS, and, at most every
 * COMPACT_MIN_GAP_MS, when this process writes readings of a new UTC day (a backfill moving through
 * history). Runs never overlap; none runs while the simulator seeds its demo history (it writes past
 * days straight into the tables). Off on SQLite and with config.seriesCompaction false (the unit tests
 * call compactSeriesDays by hand). A failed run is logged; the next runs as planned.
 */
export function registerSeriesCompaction(app: FastifyInstance): void {
  const ems = app.ems;
  if (ems.kind !== 'postgres' || ems.config.seriesCompaction === false) return;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastStart = 0;
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;

  const seeding = () => {
    const sim = (app as { sim?: { status(): { state: string } } }).sim;
    return sim !== undefined && sim.status().state === 'seeding';
  };
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastStart + COMPACT_MIN_GAP_MS - Date.now();
    if (wait > 0) {
      soon ??= setTimeout(() => {
        soon = undefined;
        run();
      }, wait);
      soon.unref();
      return;
    }
    if (seeding()) return;
    lastStart = Date.now();
    again = false;
    const started = performance.now();
    running = compactSeriesDays(ems)
      .then((r) => {
        const line = compactionSummary(r, Math.round(performance.now() - started));
        if (line) app.log.info(line);
        for (const p of r.problems) app.log.warn(`series days: ${p}`);
      })
      .catch((err: unknown) => app.log.warn(`series days: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = null;
        if (again) run();
      });
  };
  app.addHook('onReady', async () => {
    onNewReadingDay(ems, run);
    timer = setInterval(run, COMPACT_EVERY_MS);
    timer.unref();
    const first = setTimeout(run, 60_000);
    first.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    onNewReadingDay(ems, undefined);
    if (timer) clearInterval(timer);
    if (soon) clearTimeout(soon);
    await running;
  });
}
