import { DATA_ID, type AlgorithmKind, type EventHistoryStatus } from '@ems/contract';
import { bucketEnd, bucketStart } from '@ems/domain';
import type { CommittedReading, Ems } from '../../context.js';
import { backgroundHealth } from '../project/background-health.js';
import { engineDataRepository } from './data-repository.js';
import { createEngineState, memoryOf, readEngineConfig, restoreMemory, resumeActive, type AlgCfg, type EngineState, type EventSink } from './engine-state.js';
import { HISTORY_KEY, historyRepository, type StepChanges } from './history-repository.js';
import { evaluateBlockDemand, onReadings } from './on-readings.js';
import { periodicChecks } from './periodic.js';

/** A project's seeded history: [from, to), `to` being where the live engine took over (the seed's "now"). */
export interface HistoryWindow {
  projectId: number;
  from: number;
  to: number;
}

const Q15 = 900_000;
const HOURLY: readonly AlgorithmKind[] = ['balance', 'efficiency', 'quota', 'baseLoad'];
/** A live event of a condition the history left open is the same event when it began this soon after the hand-over. */
const HANDOVER_GRACE_MS = 30 * 60_000;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A sink that keeps a step's events in memory (temporary negative ids) until the step commits them. */
function stepSink(buf: StepChanges & { next: number }): EventSink {
  return {
    async insert(row) {
      const temp = buf.next--;
      buf.inserts.set(temp, { ...row });
      return temp;
    },
    async finish(id, ts) {
      const row = buf.inserts.get(id);
      if (row) Object.assign(row, { status: 1, end_time: ts, active_key: null });
      else buf.finishes.set(id, ts);
    },
    async setWorst(id, value) {
      const row = buf.inserts.get(id);
      if (row) row.value = value;
      else buf.worsts.set(id, value);
    },
  };
}

/**
 * One project's history evaluated with the live rule engine's own functions (limit rules, switch
 * changes and demand on the stored readings; offline every 15 min; balance, efficiency, quota and night
 * use at every hour), in time order, one local day per step. A step's events and its progress are
 * committed together, so a restart resumes at the first unfinished day without duplicates. Events from
 * history raise no notifications; the conditions still open at the end are handed over to the live engine.
 */
export class ProjectHistory {
  private readonly data;
  private readonly repo;
  private readonly buf: StepChanges & { next: number } = { inserts: new Map(), finishes: new Map(), worsts: new Map(), next: -1 };
  private state: EngineState | undefined;
  private series: { deviceId: number; dataId: number }[] = [];
  private demands: AlgCfg[] = [];
  /** the project's time zone, read by prepare */
  private tz: string | undefined;
  /** evaluated up to here (exclusive); null until prepared */
  doneTo: number | null = null;
  finished = false;
  /** events written so far in this run */
  written = 0;

  constructor(
    private readonly ems: Ems,
    readonly window: HistoryWindow,
  ) {
    this.data = engineDataRepository(ems.db);
    this.repo = historyRepository(ems.db);
  }

  /** Records the window (once), reads where it got to, and rebuilds the engine's state from the open history events. */
  async prepare(): Promise<void> {
    const { projectId, from, to } = this.window;
    await this.repo.plan(projectId, from, to, this.ems.config.now());
    const p = await this.repo.progress(projectId);
    if (!p || p.finished_at !== null) {
      this.finished = true;
      return;
    }
    this.window.from = Number(p.from_ts);
    this.window.to = Number(p.to_ts);
    this.doneTo = Number(p.done_to);
    this.tz = await this.data.projectTimezone(projectId);
    const config = await readEngineConfig(this.ems, this.data, projectId);
    // a rule the history cannot read would make it differ from the live engine: this project waits (reported)
    if (config.broken[0]) throw config.broken[0].err;
    const state = createEngineState(this.ems, this.data, stepSink(this.buf), HISTORY_KEY);
    state.configure(config);
    // where the last committed step left the engine (ids of open events come from the store below)
    restoreMemory(state, p.state);
    for (const id of resumeActive(state, await this.repo.open(projectId), config.ruleIds, HISTORY_KEY)) await this.repo.finish(id, this.doneTo);
    this.state = state;
    this.demands = config.algorithms.filter((a) => a.kind === 'demand');
    this.series = await this.readingPlan(config);
  }

  /**
   * The readings the history feeds the engine: the watched points of limit rules, switch and demand
   * algorithms, and one series of every device an offline algorithm watches (its counter when it has one:
   * any reading says the device reported).
   */
  private async readingPlan(config: Awaited<ReturnType<typeof readEngineConfig>>): Promise<{ deviceId: number; dataId: number }[]> {
    const plan = new Map<string, { deviceId: number; dataId: number }>();
    const add = (deviceId: number, dataId: number) => plan.set(`${deviceId}:${dataId}`, { deviceId, dataId });
    for (const [deviceId, rules] of config.rulesByDevice) for (const r of rules) for (const c of r.conditions) add(deviceId, c.dataId);
    for (const a of config.algorithms) {
      if (a.kind === 'switch') for (const d of a.devices) add(d, a.params.dataId ?? DATA_ID.switchStatus);
      if (a.kind === 'demand') add(a.nodeId, a.params.dataId ?? DATA_ID.activePower);
    }
    // every device an offline algorithm watches gets a series of its own: a watched point may report only some days
    const offline = [...new Set(config.algorithms.filter((a) => a.kind === 'offline').flatMap((a) => a.devices))];
    const { counters } = config;
    const byDevice = new Map<number, number[]>();
    for (const s of await this.data.seriesOf(offline)) byDevice.set(s.deviceId, [...(byDevice.get(s.deviceId) ?? []), s.dataId]);
    for (const [deviceId, ids] of byDevice) add(deviceId, ids.find((id) => counters.has(id)) ?? Math.min(...ids));
    return [...plan.values()];
  }

  /** Evaluates the next local day and commits it; false once the window is done (or nothing is left to do). */
  async step(): Promise<boolean> {
    const { state, tz } = this;
    if (this.finished || !state || tz === undefined || this.doneTo === null) return false;
    if (this.doneTo >= this.window.to) {
      await this.handOver();
      return false;
    }
    const d = this.doneTo;
    const e = Math.min(bucketEnd(bucketStart(d, 'day', tz), 'day', tz), this.window.to);
    const readings: CommittedReading[] = [];
    for (const [i, s] of this.series.entries()) {
      for (const r of await this.data.committed(s.deviceId, s.dataId, d, e)) if (!judgedLive(this.ems, r)) readings.push(r);
      // the store answers at once (SQLite): let requests in now and then, so pages stay quick meanwhile
      if (i % 16 === 15) await yieldToRequests();
    }
    readings.sort((a, b) => a.ts - b.ts);
    const blocks = await this.demandBlocks(readings, d, e);
    let next = 0;
    const feed = async (upTo: number) => {
      let end = next;
      while (end < readings.length && (readings[end] as CommittedReading).ts <= upTo) end++;
      if (end > next) await onReadings(state, this.window.projectId, readings.slice(next, end));
      next = end;
    };
    for (let g = Math.ceil(d / Q15) * Q15; g < e; g += Q15) {
      await feed(g);
      for (const b of blocks.get(g) ?? []) await evaluateBlockDemand(state, b.a, g, b.kw);
      await periodicChecks(state, this.data, g, ['offline']);
      if (bucketStart(g, 'hour', tz) === g) {
        await periodicChecks(state, this.data, g, HOURLY);
        await yieldToRequests();
      }
    }
    await feed(e - 1);
    // the day's last block ends at e, where the next step's checks begin: it is judged with this day
    for (const b of blocks.get(e) ?? []) await evaluateBlockDemand(state, b.a, e, b.kw);
    await this.commit(e);
    return true;
  }

  /**
   * 15-min block demands (kWh × 4, keyed by the block's end) of the demand algorithms, for each block
   * in which their node has no power reading: the seed keeps power for its last days only, so on the
   * day power begins the hours before its first reading are judged by their energy, the rest by power.
   */
  private async demandBlocks(readings: readonly CommittedReading[], d: number, e: number): Promise<Map<number, { a: AlgCfg; kw: number }[]>> {
    const out = new Map<number, { a: AlgCfg; kw: number }[]>();
    for (const a of this.demands) {
      const power = a.params.dataId ?? DATA_ID.activePower;
      const powered = new Set(readings.filter((r) => r.deviceId === a.nodeId && r.dataId === power).map((r) => Math.floor(r.ts / Q15)));
      for (const iv of await this.data.intervals(a.nodeId, DATA_ID.activeEnergyImport, d, e)) {
        if (powered.has(Math.floor(iv.start / Q15))) continue;
        const end = iv.start + Q15;
        out.set(end, [...(out.get(end) ?? []), { a, kw: (iv.value * 3_600_000) / Q15 }]);
      }
    }
    return out;
  }

  private async commit(doneTo: number): Promise<void> {
    const state = this.state as EngineState;
    const ids = await this.repo.commitStep(this.window.projectId, this.buf, doneTo, memoryOf(state), this.ems.config.now());
    this.written += this.buf.inserts.size;
    for (const [key, id] of state.active) if (id < 0) state.active.set(key, ids.get(id) as number);
    this.buf.inserts.clear();
    this.buf.finishes.clear();
    this.buf.worsts.clear();
    this.doneTo = doneTo;
  }

  /**
   * The history's end: a condition it saw open that the live engine also raised (from the history's
   * start to a little after the hand-over) is one event, the live one (already notified) with the
   * history's start; any other open one ends at the hand-over.
   */
  private async handOver(): Promise<void> {
    const { projectId, to } = this.window;
    const now = this.ems.config.now();
    for (const h of await this.repo.open(projectId)) {
      const live = await this.repo.liveSuccessor(projectId, h, Number(h.start_time), to + HANDOVER_GRACE_MS);
      if (live) await this.repo.merge(Number(h.id), Number(live.id), Number(h.start_time), now, projectId);
      else await this.repo.finish(Number(h.id), to);
    }
    await this.repo.finished(projectId, now);
    this.finished = true;
  }
}

/**
 * Readings the live engine judged with times inside a seeded window the history had not yet replayed
 * (a gateway's buffered upload or an import with past times, arriving while the seed or its history
 * runs): by series, their times. The history leaves exactly those readings out, so one crossing is
 * never raised twice, once live and once by the history. Kept only until the history is done, at most
 * LIVE_NOTED_MAX times (beyond that the rest are not noted, and logged once).
 */
interface LiveNoted {
  /** device → data point → times, ascending without repeats (appended in the usual case: readings come in time order) */
  bySeries: Map<number, Map<number, number[]>>;
  size: number;
  full: boolean;
}
const LIVE_NOTED_MAX = 200_000;
const liveNoted = new WeakMap<Ems, LiveNoted>();
/** the hand-over instant of each project's window, once the history knows them */
const windowEnds = new WeakMap<Ems, Map<number, number>>();

/** Notes the readings the live engine is about to judge (see LiveNoted); nothing once the history is done, or without demo history. */
export function noteLiveReadings(ems: Ems, projectId: number, readings: readonly CommittedReading[], log: (msg: string) => void = () => undefined): void {
  if (!ems.config.demo || historyStatus(ems).state === 'done') return;
  const end = windowEnds.get(ems)?.get(projectId);
  let noted = liveNoted.get(ems);
  // the last device's points at hand: a write's readings come grouped by device (a gateway's message) more often than not
  let device = NaN;
  let points: Map<number, number[]> | undefined;
  for (const r of readings) {
    // readings after the hand-over are the live engine's alone: the history never reads them
    if (end !== undefined && r.ts >= end) continue;
    if (!noted) liveNoted.set(ems, (noted = { bySeries: new Map(), size: 0, full: false }));
    if (noted.size >= LIVE_NOTED_MAX) {
      if (!noted.full) log(`events: more than ${LIVE_NOTED_MAX} live readings inside the history's window; later ones may be judged twice`);
      noted.full = true;
      return;
    }
    if (r.deviceId !== device || !points) {
      device = r.deviceId;
      points = noted.bySeries.get(device);
      if (!points) noted.bySeries.set(device, (points = new Map()));
    }
    let times = points.get(r.dataId);
    if (!times) points.set(r.dataId, (times = []));
    const last = times.length === 0 ? -Infinity : (times[times.length - 1] as number);
    if (r.ts > last) times.push(r.ts);
    else {
      const i = sortedIndex(times, r.ts);
      if (times[i] === r.ts) continue;
      times.splice(i, 0, r.ts);
    }
    noted.size++;
  }
}

/** The index of the first element of the ascending list not below x. */
function sortedIndex(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the live engine already judged this reading (noteLiveReadings). */
function judgedLive(ems: Ems, r: CommittedReading): boolean {
  const times = liveNoted.get(ems)?.bySeries.get(r.deviceId)?.get(r.dataId);
  return times !== undefined && times[sortedIndex(times, r.ts)] === r.ts;
}

/** The history replay of this process: one at a time; `stop` ends it between steps. */
const running = new WeakMap<Ems, { run: Promise<void>; stop: boolean }>();
const statuses = new WeakMap<Ems, EventHistoryStatus>();

/** How far the history's evaluation got in this process (pending until a replay was asked for). */
export const historyStatus = (ems: Ems): EventHistoryStatus => statuses.get(ems) ?? { state: 'pending', progress: 0 };

/** The share of the windows evaluated, 0..100 (one decimal). */
function shareDone(projects: readonly ProjectHistory[]): number {
  let total = 0;
  let done = 0;
  for (const p of projects) {
    const span = Math.max(1, p.window.to - p.window.from);
    total += span;
    done += p.finished ? span : Math.min(span, Math.max(0, (p.doneTo ?? p.window.from) - p.window.from));
  }
  return total === 0 ? 100 : Math.round((1000 * done) / total) / 10;
}

/** Stops the history replay (the app is closing) after its current step; its progress stays for the next start. */
export async function stopHistory(ems: Ems): Promise<void> {
  const r = running.get(ems);
  if (!r) return;
  r.stop = true;
  await r.run;
}

/**
 * Evaluates the seeded history of each project in the background, the projects' days interleaved; a
 * project whose step fails is logged (its progress keeps the last committed day, so the next start
 * resumes it) and the others go on. Resolves when every project is done.
 */
export function replayHistory(ems: Ems, windows: readonly HistoryWindow[], log: (msg: string) => void = () => undefined): Promise<void> {
  const current = running.get(ems);
  if (current) return current.run;
  const control = { run: Promise.resolve(), stop: false };
  statuses.set(ems, { state: 'running', progress: statuses.get(ems)?.progress ?? 0 });
  const run = (async () => {
    const t0 = performance.now();
    windowEnds.set(ems, new Map(windows.map((w) => [w.projectId, w.to])));
    const projects: ProjectHistory[] = [];
    for (const w of windows) {
      const p = new ProjectHistory(ems, { ...w });
      try {
        await p.prepare();
        if (!p.finished) projects.push(p);
      } catch (err) {
        backgroundHealth(ems).failure(w.projectId, 'eventHistory', err, log);
        await historyRepository(ems.db)
          .setError(w.projectId, (err as Error).message, ems.config.now())
          .catch(() => undefined);
      }
    }
    const all = [...projects];
    statuses.set(ems, { state: 'running', progress: shareDone(all) });
    let left = projects;
    while (left.length > 0) {
      const next: ProjectHistory[] = [];
      for (const p of left) {
        if (control.stop) return;
        try {
          if (await p.step()) next.push(p);
          else log(`events: history of project ${p.window.projectId} evaluated (${p.written} events this run)`);
          backgroundHealth(ems).success(p.window.projectId, 'eventHistory');
        } catch (err) {
          backgroundHealth(ems).failure(p.window.projectId, 'eventHistory', err, log);
          await historyRepository(ems.db)
            .setError(p.window.projectId, (err as Error).message, ems.config.now())
            .catch(() => undefined);
        }
        await yieldToRequests();
      }
      left = next;
      statuses.set(ems, { state: 'running', progress: shareDone(all) });
    }
    statuses.set(ems, { state: 'done', progress: 100 });
    liveNoted.delete(ems);
    log(`events: history evaluated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  })().finally(() => running.delete(ems));
  control.run = run;
  running.set(ems, control);
  return run;
}
