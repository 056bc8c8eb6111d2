import type { FastifyInstance } from 'fastify';
import type { Ems } from '../../context.js';
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

export interface CompactionScheduler {
  /** asks for a run: starts one now, or after the one in progress, or COMPACT_MIN_GAP_MS after the last start */
  trigger(): void;
  /** resolves when no run is in progress or asked for */
  idle(): Promise<void>;
  /** no more runs; resolves when the one in progress has ended */
  close(): Promise<void>;
}

/**
 * The runs of compactSeriesDays for one store: never two at once, at most one start per `minGapMs`
 * (COMPACT_MIN_GAP_MS), none while `paused()` (the simulator seeding its demo history, which writes past
 * days straight into the tables). Each run's summary and problems go to `log`.
 */
export function compactionScheduler(
  ems: Ems,
  log: { info(m: string): void; warn(m: string): void },
  paused: () => boolean = () => false,
  minGapMs = COMPACT_MIN_GAP_MS,
): CompactionScheduler {
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastStart = -Infinity;
  let soon: NodeJS.Timeout | undefined;
  let soonDone: (() => void) | undefined;
  const soonWait = () => new Promise<void>((r) => (soonDone = r));

  const trigger = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastStart + minGapMs - Date.now();
    if (wait > 0) {
      soon ??= setTimeout(() => {
        soon = undefined;
        trigger();
        soonDone?.();
      }, wait);
      soon.unref();
      return;
    }
    if (paused()) return;
    lastStart = Date.now();
    again = false;
    const started = performance.now();
    running = compactSeriesDays(ems)
      .then((r) => {
        const line = compactionSummary(r, Math.round(performance.now() - started));
        if (line) log.info(line);
        for (const p of r.problems) log.warn(`series days: ${p}`);
      })
      .catch((err: unknown) => log.warn(`series days: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = null;
        if (again) trigger();
      });
  };
  return {
    trigger,
    async idle() {
      for (;;) {
        if (running) await running;
        else if (soon) await soonWait();
        else return;
      }
    },
    async close() {
      closed = true;
      if (soon) clearTimeout(soon);
      soon = undefined;
      soonDone?.();
      await running;
    },
  };
}

/**
 * PostgreSQL (issue 16, docs/storage.md): moves the closed days of every series into day rows
 * (compaction.ts) a minute after the app is ready, then every COMPACT_EVERY_MS, and, at most every
 * COMPACT_MIN_GAP_MS, when this process writes readings of a new UTC day (a backfill moving through
 * history). Runs never overlap; none runs while the simulator seeds its demo history. Off on SQLite and
 * with config.seriesCompaction false (the unit tests call compactSeriesDays by hand). A failed run is
 * logged; the next runs as planned.
 */
export function registerSeriesCompaction(app: FastifyInstance): void {
  const ems = app.ems;
  if (ems.kind !== 'postgres' || ems.config.seriesCompaction === false) return;
  const seeding = () => {
    const sim = (app as { sim?: { status(): { state: string } } }).sim;
    return sim !== undefined && sim.status().state === 'seeding';
  };
  const runs = compactionScheduler(ems, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) }, seeding);
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    onNewReadingDay(ems, runs.trigger);
    timer = setInterval(runs.trigger, COMPACT_EVERY_MS);
    timer.unref();
    first = setTimeout(runs.trigger, 60_000);
    first.unref();
  });
  app.addHook('onClose', async () => {
    onNewReadingDay(ems, undefined);
    if (timer) clearInterval(timer);
    if (first) clearTimeout(first);
    await runs.close();
  });
}
