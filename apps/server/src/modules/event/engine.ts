import type { CommittedReading, Ems, ReadingListener } from '../../context.js';
import { backgroundHealth } from '../project/background-health.js';
import { engineDataRepository } from './data-repository.js';
import { createEngineState, readEngineConfig, resumeActive, type BrokenConfig } from './engine-state.js';
import { eventRepository } from './event-repository.js';
import type { EventHistoryStatus } from '@ems/contract';
import { historyStatus, noteLiveReadings, replayHistory, stopHistory, type HistoryWindow } from './history.js';
import { onReadings } from './on-readings.js';
import { periodicChecks } from './periodic.js';

/** How often offline, balance, efficiency and quota are checked (and the configuration re-read). */
export const EVENT_CHECK_MS = 30_000;
/** Reading batches waiting for the engine beyond this are dropped (the write path must never wait). */
const MAX_PENDING = 1000;

export interface EventEngine {
  /** Resolves when every batch handed over so far has been evaluated. */
  idle(): Promise<void>;
  /**
   * Runs the periodic checks now (offline, balance, efficiency, quota) after re-reading the rules and
   * algorithms (another instance may have changed them); contracts, zones and child meters read before are kept.
   */
  checkNow(): Promise<void>;
  /** Re-reads rules and algorithms and forgets the contracts, zones and child meters read before (after a change through the API). */
  reload(): Promise<void>;
  /**
   * Evaluates the seeded history of these projects in the background (after the seed; resumable),
   * with this engine's rules, without notifications; resolves when done.
   */
  replayHistory(windows: readonly HistoryWindow[]): Promise<void>;
  /** how far that evaluation got in this process */
  historyStatus(): EventHistoryStatus;
  start(): void;
  close(): Promise<void>;
}

const engines = new WeakMap<Ems, EventEngine>();
/** The engine of an app (the rule API reloads it after a change). */
export const engineOf = (ems: Ems): EventEngine | undefined => engines.get(ems);

/**
 * The rule engine: listens to committed readings (limit rules, switch changes, demand) and checks
 * on a timer (offline, balance, efficiency, quota). Work is queued and done one job at a time, so
 * the write path never waits and the state needs no locks. Times are reading times for readings and
 * config.now() for the timed checks.
 */
export function createEventEngine(ems: Ems, log: (msg: string) => void = () => undefined): EventEngine {
  const events = eventRepository(ems.db);
  const data = engineDataRepository(ems.db);
  const health = backgroundHealth(ems);
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  let loaded = false;
  let timer: NodeJS.Timeout | undefined;
  /** rules and algorithms left out at the last load (their stored JSON cannot be read) */
  let broken: BrokenConfig[] = [];

  const state = createEngineState(ems, data, {
    insert: (row) => events.insertActive(row),
    finish: (id, ts) => events.finish(id, ts),
    setWorst: (id, value) => events.setWorst(id, value),
    notify: (n) => ems.notifier.notify(n),
  });

  async function load() {
    const [config, active] = await Promise.all([readEngineConfig(ems, data), events.active()]);
    state.configure(config);
    broken = config.broken;
    // events whose rule or algorithm is gone or disabled finish now; the others resume their state
    const now = ems.config.now();
    for (const id of resumeActive(state, active, config.ruleIds, '', broken.map((b) => b.key))) await events.finish(id, now);
    loaded = true;
  }

  /** Queues a job; jobs run one at a time, after the configuration is loaded. */
  function enqueue(job: () => Promise<void>): Promise<void> {
    pending++;
    const run = chain.then(async () => {
      try {
        if (!loaded) await load();
        await job();
      } catch (err) {
        log(`events: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        pending--;
      }
    });
    chain = run;
    return run;
  }

  /**
   * The timed checks, one algorithm at a time: a project whose check throws (a zone stored before
   * zones were validated, a broken node) or whose rule or algorithm could not be read is counted and
   * logged in the background health, and every other check, of that project and of the others, still runs.
   */
  async function checkEachProject(now: number): Promise<void> {
    const failed = new Map<number, unknown>();
    const projects = new Set<number>();
    for (const b of broken) {
      projects.add(b.projectId);
      if (!failed.has(b.projectId)) failed.set(b.projectId, b.err);
    }
    for (const a of state.algorithms) {
      projects.add(a.projectId);
      try {
        await periodicChecks(state, data, now, undefined, [a]);
      } catch (err) {
        if (!failed.has(a.projectId)) failed.set(a.projectId, err);
      }
    }
    for (const p of projects) {
      if (failed.has(p)) health.failure(p, 'eventChecks', failed.get(p), log);
      else health.success(p, 'eventChecks');
    }
  }

  const listener: ReadingListener = (projectId: number, readings: readonly CommittedReading[]) => {
    if (pending >= MAX_PENDING) {
      log('events: the rule engine is behind; a batch of readings was not evaluated');
      return;
    }
    // the history (demo) must not judge these again
    noteLiveReadings(ems, projectId, readings, log);
    void enqueue(async () => {
      try {
        await onReadings(state, projectId, readings);
        health.success(projectId, 'eventReadings');
      } catch (err) {
        health.failure(projectId, 'eventReadings', err, log);
      }
    });
  };
  ems.readingListeners.add(listener);

  const engine: EventEngine = {
    idle: () => chain,
    checkNow: () => enqueue(async () => {
      await load();
      await checkEachProject(ems.config.now());
    }),
    reload: () =>
      enqueue(async () => {
        await load();
        state.forget();
      }),
    replayHistory: (windows) => replayHistory(ems, windows, log),
    historyStatus: () => historyStatus(ems),
    start() {
      if (timer) return;
      timer = setInterval(() => void engine.checkNow(), EVENT_CHECK_MS);
      timer.unref();
      void engine.checkNow();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      ems.readingListeners.delete(listener);
      await stopHistory(ems);
      await chain;
    },
  };
  engines.set(ems, engine);
  return engine;
}
