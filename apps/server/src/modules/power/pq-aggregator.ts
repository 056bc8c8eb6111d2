import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PQ_AGGREGATE_MS, PQ_MAX_WINDOW_MS } from '@ems/contract';
import { bucketSpans, nextCatchUpSpan, pqBucketStart, windowCovered, type Extent, type Span } from '@ems/domain';
import type { Ems, ReadingListener } from '../../context.js';
import { nextTurn } from '../../lib/work-slices.js';
import { backgroundHealth } from '../project/background-health.js';
import { aggregateRepository } from './aggregate-repository.js';
import { PQ_DATA_ID_SET } from './pq-series.js';

const B = PQ_AGGREGATE_MS;
/** a background recompute reads at most a day of one device's PQ readings */
const BACKGROUND_SPAN_MS = 86_400_000;
/**
 * ...in statements of at most 2 hours, a turn of the event loop between two: a day or a report's two
 * days of readings in one statement held every other request back, and six hours still 70 ms during
 * the recompute after an unclean stop (issue 12)
 */
const PIECE_MS = 2 * 3_600_000;
/** marks wait this long for the batches that follow before they are recomputed */
const SETTLE_MS = 1000;
const HEARTBEAT_MS = 60_000;
/** a run not seen for this long has crashed (PostgreSQL: other servers may share the store) */
const STALE_MS = 3 * HEARTBEAT_MS;
/** demo mode: how often readings the simulator's bulk path wrote (no listener) are caught up */
const DEMO_CATCHUP_MS = 10 * 60_000;
/** a device with more pending marks (about 70 days of buckets) is recomputed whole instead */
const MAX_MARKS_PER_DEVICE = 10_000;
/** guard against a catch-up that makes no progress */
const MAX_STEPS = 100_000;

/**
 * Keeps pq_10m (10-min mean, min, max and count per PQ series, DOMAIN §9) up to date:
 * - committed readings of PQ data points mark their (device, bucket) dirty (the reading listener);
 *   a second later the marked buckets are recomputed from their readings (an idempotent upsert, so
 *   late and repeated readings just recompute their bucket);
 * - a catch-up grows each device's covered span to the extent of its readings, a day at a time,
 *   at start and (demo) periodically: it fills the table for readings that came without a listener
 *   (the simulator's bulk history, a store from before the table) or whose marks a crash lost;
 * - a crash can also lose the marks of a late reading inside the covered span: each run keeps a
 *   heartbeat row, and a run found dead makes the coverage start over (everything is recomputed).
 * Reports call refresh() first: it recomputes the window's marks and one catch-up step, at most
 * PQ_MAX_WINDOW_MS of raw readings, and says whether the aggregates then cover the window.
 */
export interface PqAggregator {
  readonly listener: ReadingListener;
  /** brings the device's aggregates of the window up to date within the request budget; true when they cover it */
  refresh(deviceId: number, window: Span): Promise<boolean>;
  /** recomputes every mark and catches every device up (tests; close) */
  flush(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

const aggregators = new WeakMap<Ems, PqAggregator>();

/** This app's aggregator (made without timers when registerPqAggregates was not called). */
export function pqAggregatorOf(ems: Ems): PqAggregator {
  return aggregators.get(ems) ?? createPqAggregator(ems, () => undefined);
}

/** Creates the aggregator: it listens to committed readings at once, works once the app is ready, stops with it. */
export function registerPqAggregates(app: FastifyInstance): PqAggregator {
  const agg = createPqAggregator(app.ems, (msg) => app.log.warn(msg));
  app.addHook('onReady', async () => agg.start());
  app.addHook('onClose', async () => agg.close());
  return agg;
}

export function createPqAggregator(ems: Ems, log: (msg: string) => void): PqAggregator {
  const repo = aggregateRepository(ems.db, ems.kind);
  const runId = randomBytes(12).toString('hex');
  const health = backgroundHealth(ems);
  /** the project of each device seen (readings, the catch-up), to report a device's failure against */
  const projectOf = new Map<number, number>();
  const marks = new Map<number, Set<number>>();
  const overflow = new Set<number>();
  const locks = new Map<number, Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let settle: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let running = false;
  let closed = false;

  /** Jobs of one device run one after another (requests and background alike). */
  function withDevice<T>(deviceId: number, fn: () => Promise<T>): Promise<T> {
    const run = (locks.get(deviceId) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    locks.set(deviceId, tail);
    void tail.then(() => locks.get(deviceId) === tail && locks.delete(deviceId));
    return run;
  }

  /** Background jobs run one at a time; a failure is logged and the next job runs. */
  function enqueue(job: () => Promise<void>): Promise<void> {
    chain = chain.then(job).catch((err: unknown) => log(`pq aggregates: ${err instanceof Error ? err.message : String(err)}`));
    return chain;
  }

  function schedule() {
    if (!running || settle) return;
    settle = setTimeout(() => {
      settle = undefined;
      void enqueue(drain);
    }, SETTLE_MS);
    settle.unref();
  }

  /** Takes the device's marks of buckets overlapping the window (all: null), at most budgetMs of buckets. */
  function take(deviceId: number, window: Span | null, budgetMs: number): number[] {
    const set = marks.get(deviceId);
    if (!set) return [];
    const picked: number[] = [];
    for (const b of set) {
      if (picked.length * B >= budgetMs) break;
      if (!window || (b < window.to && b + B > window.from)) picked.push(b);
    }
    for (const b of picked) set.delete(b);
    if (set.size === 0) marks.delete(deviceId);
    return picked;
  }

  function hasMarks(deviceId: number, window: Span): boolean {
    if (overflow.has(deviceId)) return true;
    for (const b of marks.get(deviceId) ?? []) if (b < window.to && b + B > window.from) return true;
    return false;
  }

  /** Recomputes the buckets (put back if that fails, for the next round). */
  async function recompute(deviceId: number, buckets: readonly number[]): Promise<void> {
    try {
      for (const [i, span] of bucketSpans(buckets, B, PIECE_MS).entries()) {
        if (i > 0) await nextTurn();
        await repo.aggregate(deviceId, span, true);
      }
    } catch (err) {
      mark(deviceId, buckets);
      throw err;
    }
  }

  function mark(deviceId: number, buckets: Iterable<number>): boolean {
    if (overflow.has(deviceId)) return true;
    let set = marks.get(deviceId);
    if (!set) marks.set(deviceId, (set = new Set()));
    for (const b of buckets) set.add(b);
    if (set.size > MAX_MARKS_PER_DEVICE) {
      marks.delete(deviceId);
      overflow.add(deviceId);
    }
    return true;
  }

  const listener: ReadingListener = (projectId, readings) => {
    let any = false;
    for (const r of readings) {
      if (!PQ_DATA_ID_SET.has(r.dataId)) continue;
      any = mark(r.deviceId, [pqBucketStart(r.ts, B)]);
      projectOf.set(r.deviceId, projectId);
    }
    if (any) schedule();
  };
  ems.readingListeners.add(listener);

  /** One catch-up step of at most budgetMs of raw readings; false when the device is covered. */
  async function step(deviceId: number, budgetMs: number, state?: { extent: Extent | null; covered: Span | null }): Promise<boolean> {
    const extent = state ? state.extent : await repo.extent(deviceId);
    const span = extent && nextCatchUpSpan(extent, state ? state.covered : await repo.coverage(deviceId), B, budgetMs);
    if (!span) return false;
    // the span's buckets piece by piece, then the whole span covered (a crash between: recomputed again)
    for (let from = span.from; from < span.to; from += PIECE_MS) {
      if (from > span.from) await nextTurn();
      await repo.aggregate(deviceId, { from, to: Math.min(span.to, from + PIECE_MS) }, false);
    }
    await repo.cover(deviceId, span);
    return true;
  }

  async function catchUp(deviceId: number): Promise<void> {
    for (let i = 0; i < MAX_STEPS && !closed; i++) {
      if (!(await withDevice(deviceId, () => step(deviceId, BACKGROUND_SPAN_MS)))) return;
    }
  }

  /**
   * Runs the job for each device in turn, each on its own: a device whose job throws (its project's
   * data or store rows broken) is counted against its project in the background health, and the next
   * device still runs. A project fails a round when any of its devices failed. `untilClosed`: stops
   * once the aggregator is closing (a catch-up; the last drain runs whole).
   */
  async function eachDevice(deviceIds: readonly number[], job: (deviceId: number) => Promise<void>, untilClosed = false): Promise<void> {
    const failed = new Map<number, unknown>();
    const fine = new Set<number>();
    for (const id of deviceIds) {
      if (untilClosed && closed) return;
      const project = projectOf.get(id);
      try {
        await job(id);
        if (project !== undefined) fine.add(project);
      } catch (err) {
        if (project === undefined) log(`pq aggregates: device ${id}: ${err instanceof Error ? err.message : String(err)}`);
        else if (!failed.has(project)) failed.set(project, err);
      }
    }
    for (const [project, err] of failed) health.failure(project, 'pqAggregates', err, log);
    for (const project of fine) if (!failed.has(project)) health.success(project, 'pqAggregates');
  }

  async function pass(): Promise<void> {
    const devices = await repo.devices();
    for (const d of devices) projectOf.set(d.deviceId, d.projectId);
    await eachDevice(
      devices.map((d) => d.deviceId),
      catchUp,
      true,
    );
  }

  async function drain(): Promise<void> {
    const overflowed = [...overflow];
    overflow.clear();
    await eachDevice(overflowed, async (id) => {
      await withDevice(id, () => repo.resetCoverage([id]));
      await catchUp(id);
    });
    await eachDevice([...marks.keys()], (id) => withDevice(id, () => recompute(id, take(id, null, Infinity))));
    if (marks.size > 0 || overflow.size > 0) schedule();
  }

  /** Heartbeat, and a dead run (another, or this store's previous process) makes everything recompute. */
  async function beat(first: boolean): Promise<void> {
    const now = Date.now(); // liveness is wall-clock time, whatever the configured clock says
    await repo.beat(runId, now);
    // one process owns a SQLite file: any other run there is a previous one that did not close
    const dead = await repo.reapCrashedRuns(runId, first && ems.kind === 'sqlite' ? Number.MAX_SAFE_INTEGER : now - STALE_MS);
    if (dead > 0) {
      log(`pq aggregates: ${dead} server run(s) ended without closing; recomputing every device`);
      if (!first) void enqueue(pass);
    }
  }

  const agg: PqAggregator = {
    listener,
    refresh: (deviceId, window) =>
      withDevice(deviceId, async () => {
        const picked = take(deviceId, window, PQ_MAX_WINDOW_MS);
        // marks made while this report runs are readings newer than the report: they do not make it incomplete
        const left = hasMarks(deviceId, window);
        await recompute(deviceId, picked);
        const budget = PQ_MAX_WINDOW_MS - picked.length * B;
        const [extent, covered] = await Promise.all([repo.extent(deviceId), repo.coverage(deviceId)]);
        if (!windowCovered(covered, extent, window, B) && budget >= B) await step(deviceId, budget, { extent, covered });
        return !left && windowCovered(await repo.coverage(deviceId), extent, window, B);
      }),
    flush: () =>
      enqueue(async () => {
        await drain();
        await pass();
      }),
    start() {
      if (running) return;
      running = true;
      void enqueue(async () => {
        await beat(true);
        await pass();
      });
      timers.push(setInterval(() => void beat(false).catch((err: unknown) => log(`pq aggregates: ${String(err)}`)), HEARTBEAT_MS));
      if (ems.config.demo) timers.push(setInterval(() => void enqueue(pass), DEMO_CATCHUP_MS));
      for (const t of timers) t.unref();
      if (marks.size > 0) schedule();
    },
    async close() {
      running = false;
      closed = true;
      for (const t of timers.splice(0)) clearInterval(t);
      if (settle) clearTimeout(settle);
      settle = undefined;
      ems.readingListeners.delete(listener);
      await enqueue(async () => {
        await drain();
        await repo.endRun(runId);
      });
    },
  };
  aggregators.set(ems, agg);
  return agg;
}
