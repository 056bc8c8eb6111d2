import { INGEST_MAX_READINGS, type SimStatus } from '@ems/contract';
import { bucketEnd, bucketStart, localParts, zonedStart } from '@ems/domain';
import type { Ems } from '../context.js';
import { demoGatewayCredentials } from '../ingest/service.js';
import { backgroundHealth } from '../modules/project/background-health.js';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { bulkWriter, type BulkWriter, type Chunk } from './bulk.js';
import { buildChunk, projectPlan } from './chunk.js';
import { directIngest, type SimPublish, type SimReading } from './feed.js';
import { countersAt, instantsAt, Q15, type ProjectPlan } from './model.js';
import { CONTROL, newControl, runSeedWorker, seedWorkerEntry, type SeedWorkerInput } from './seed-thread.js';
import { ensureStateTable, insertState, readState, setFilledTo, type SimStateRow } from './state.js';

export interface SimOptions {
  /** history length in months (default 13); `days` overrides */
  months?: number;
  days?: number;
  /** instantaneous values for the last `instantDays` days (default 3) every `instantStepMin` minutes (default 5) */
  instantDays?: number;
  instantStepMin?: number;
  /** live feed on (default config.sim ?? true) */
  live?: boolean;
  /** live tick period (default 60 s) */
  liveIntervalMs?: number;
  publish?: SimPublish;
  log?: (msg: string, data?: Record<string, unknown>) => void;
  /** called once the history is complete (on every start): each project's window [from, to), `to` the seed's "now" */
  afterSeed?: (windows: { projectId: number; from: number; to: number }[]) => void;
}

export interface SeedThreadOption {
  /** where the seed runs (default: a worker on SQLite for a history of 64 project-days or more, see seedThread) */
  thread?: 'worker' | 'main';
}

interface ProjectRun {
  /** the demo project's name (DEMO_PROJECTS) and its nodes' ids by code: what the seed worker builds the plan from */
  name: string;
  ids: Map<string, number>;
  plan: ProjectPlan;
  state: SimStateRow;
  gatewayId: number | undefined;
  /** node attrs (JSON text) by node id, for the counter parameters (as the write path reads them) */
  attrs: Map<number, string>;
}

interface ChunkJob {
  run: ProjectRun;
  from: number;
  to: number;
  newest: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The demo-plant simulator: on first start it writes the history of both demo projects (counters
 * every 15 min, instantaneous values for the last days), newest day first, through the bulk path,
 * recording progress per chunk in sim_state so a restart resumes; then a live loop sends the
 * current readings through the publisher (default: the ingest service). Times come from
 * config.now() (EMS_NOW pins it).
 */
export class Simulator {
  private runs: ProjectRun[] = [];
  private writer: BulkWriter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private running: Promise<void> | undefined;
  private ticking: Promise<number> | undefined;
  /** shared with the seed worker: its stop flag (seed-thread.ts CONTROL) */
  readonly control = newControl();
  private readonly thread: SeedThreadOption['thread'];
  private publish: SimPublish;
  private st: { state: SimStatus['state']; total: number; done: number; doneThisRun: number; startedAt: number; seedMs: number | null; live: boolean } = {
    state: 'off',
    total: 0,
    done: 0,
    doneThisRun: 0,
    startedAt: 0,
    seedMs: null,
    live: false,
  };
  private readonly opts: Required<Omit<SimOptions, 'days' | 'publish' | 'log' | 'afterSeed'>> & Pick<SimOptions, 'days' | 'log' | 'afterSeed'>;

  constructor(
    private readonly ems: Ems,
    options: SimOptions & SeedThreadOption = {},
  ) {
    this.opts = {
      months: options.months ?? 13,
      days: options.days,
      instantDays: options.instantDays ?? 3,
      instantStepMin: options.instantStepMin ?? 5,
      live: options.live ?? ems.config.sim ?? true,
      liveIntervalMs: options.liveIntervalMs ?? 60_000,
      log: options.log,
      afterSeed: options.afterSeed,
    };
    this.publish = options.publish ?? directIngest(ems);
    this.thread = options.thread;
  }

  /** Replaces the live publisher (the MQTT transport's seam, see feed.ts). */
  setPublisher(p: SimPublish): void {
    this.publish = p;
  }

  /** The plans (tests, docs). */
  plans(): ProjectPlan[] {
    return this.runs.map((r) => r.plan);
  }

  status(): SimStatus {
    const s = this.st;
    if (this.runs.length === 0) return { state: s.state, progress: 0, from: null, to: null, filledFrom: null, etaMs: null, seedMs: s.seedMs, live: false };
    const from = Math.min(...this.runs.map((r) => r.state.anchor));
    const to = Math.max(...this.runs.map((r) => r.state.filledTo));
    const filledFrom = Math.max(...this.runs.map((r) => Math.min(r.state.doneFrom, r.state.filledTo)));
    const progress = s.total === 0 ? 100 : Math.round((1000 * s.done) / s.total) / 10;
    const elapsed = Date.now() - s.startedAt;
    const etaMs = s.state === 'seeding' && s.doneThisRun > 0 ? Math.round((elapsed / s.doneThisRun) * (s.total - s.done)) : null;
    return { state: s.state, progress, from, to, filledFrom, etaMs, seedMs: s.seedMs, live: s.live };
  }

  /** Starts seeding in the background (returns at once); the live loop follows. */
  start(): void {
    if (!this.ems.config.demo || this.running) return;
    this.running = this.run().catch((err: unknown) => {
      this.opts.log?.(`sim: stopped on an error: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  /** Seeds (or resumes) the history; resolves when it is complete. Starts the live loop when enabled. */
  async run(): Promise<void> {
    await this.prepare();
    const jobs = this.jobs();
    this.st.state = jobs.length > 0 ? 'seeding' : this.opts.live ? 'live' : 'off';
    this.st.startedAt = Date.now();
    const t0 = performance.now();
    let liveStarted = false;
    const newestCount = jobs.filter((j) => j.newest).length;
    let rows = 0;
    const written = (i: number, n: number) => {
      const job = jobs[i] as ChunkJob;
      job.run.state.doneFrom = Math.min(job.run.state.doneFrom, job.from);
      rows += n;
      this.st.done++;
      this.st.doneThisRun++;
      if (!liveStarted && i + 1 >= newestCount) {
        liveStarted = true;
        this.startLive();
      }
    };
    const worker = this.seedThread(jobs.length);
    if (worker) {
      await runSeedWorker(worker, this.workerInput(jobs), this.control, written);
      if (this.stopping) return;
    } else {
      for (const [i, job] of jobs.entries()) {
        if (this.stopping) return;
        written(i, await this.writeChunk(job));
        // let requests in between chunks
        await new Promise((r) => setImmediate(r));
      }
    }
    if (!liveStarted) this.startLive();
    if (jobs.length > 0) {
      this.st.seedMs = Math.round(performance.now() - t0);
      const thread = worker ? 'worker' : 'main';
      this.opts.log?.(`sim: history seeded in ${(this.st.seedMs / 1000).toFixed(1)} s (${jobs.length} project-days, ${rows} rows, ${thread} thread)`, { seedMs: this.st.seedMs, rows, chunks: jobs.length, thread });
    }
    this.st.state = this.opts.live ? 'live' : 'off';
    this.opts.afterSeed?.(this.runs.map((r) => ({ projectId: r.plan.projectId, from: r.state.anchor, to: r.state.plannedNow })));
  }

  private async prepare() {
    const ems = this.ems;
    await ensureStateTable(ems);
    this.writer ??= bulkWriter(ems);
    const gateways = await this.gateways();
    this.runs = [];
    for (const p of DEMO_PROJECTS) {
      const proj = await ems.db.selectFrom('project').select(['id', 'timezone']).where('tenant_id', '=', 1).where('name', '=', p.name).executeTakeFirst();
      if (!proj) continue;
      // a project whose plan cannot be made (its stored zone, say) is left out; the others are simulated
      try {
        this.runs.push(await this.prepareRun(p, Number(proj.id), proj.timezone, gateways));
      } catch (err) {
        backgroundHealth(ems).failure(Number(proj.id), 'demoSimulator', err, (msg) => this.opts.log?.(`sim: ${msg}`));
      }
    }
  }

  /** A demo project's run: its nodes, its progress (made on the first start) and its plan. */
  private async prepareRun(p: (typeof DEMO_PROJECTS)[number], projectId: number, timeZone: string, gateways: { projectId: number; gatewayId: number }[]): Promise<ProjectRun> {
    const ems = this.ems;
    const nodes = await ems.db.selectFrom('node').select(['id', 'code', 'attrs']).where('project_id', '=', projectId).execute();
    const ids = new Map<string, number>();
    const attrs = new Map<number, string>();
    for (const n of nodes) {
      if (n.code) ids.set(n.code, Number(n.id));
      attrs.set(Number(n.id), n.attrs);
    }
    let state = await readState(ems, projectId);
    if (!state) {
      const plannedNow = Math.floor(ems.config.now() / Q15) * Q15;
      const lp = localParts(plannedNow, timeZone);
      const anchor = this.opts.days !== undefined ? bucketStart(plannedNow - this.opts.days * DAY_MS, 'day', timeZone) : zonedStart(lp.year, lp.month - this.opts.months, lp.day, timeZone);
      state = { projectId, seed: p.plant.seed, plannedNow, anchor, doneFrom: plannedNow + 1, filledTo: plannedNow };
      await insertState(ems, state);
    }
    const plan = projectPlan(p, projectId, timeZone, ids, state);
    return { name: p.name, ids, plan, state, gatewayId: gateways.find((g) => g.projectId === projectId)?.gatewayId, attrs };
  }

  /** The demo gateways (created when missing; another start-up task may be creating them at the same moment: retried). */
  private async gateways(): Promise<{ projectId: number; gatewayId: number }[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await demoGatewayCredentials(this.ems);
      } catch (err) {
        if (attempt >= 5) {
          this.opts.log?.(`sim: demo gateways unavailable: ${(err as Error).message}`);
          return [];
        }
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      }
    }
  }

  /** Day chunks still to write, newest first, the projects interleaved. */
  private jobs(): ChunkJob[] {
    const perProject: ChunkJob[][] = [];
    let total = 0;
    for (const run of this.runs) {
      const { plannedNow, anchor, doneFrom } = run.state;
      const tz = run.plan.timeZone;
      const list: ChunkJob[] = [];
      let from = bucketStart(plannedNow, 'day', tz);
      let to = plannedNow;
      let newest = true;
      for (;;) {
        if (from < anchor) from = anchor;
        total++;
        if (from < doneFrom) list.push({ run, from, to, newest });
        if (from <= anchor) break;
        to = from;
        from = bucketStart(from - 1, 'day', tz);
        newest = false;
      }
      perProject.push(list);
    }
    const out: ChunkJob[] = [];
    for (let i = 0; perProject.some((l) => i < l.length); i++) for (const l of perProject) if (i < l.length) out.push(l[i] as ChunkJob);
    this.st.total = total;
    this.st.done = total - out.length;
    return out;
  }

  /**
   * Where the seed runs: a worker thread on SQLite when its code is there (seed-thread.ts), else this
   * thread (PostgreSQL's writes do not hold the event loop). By default a short history (under 64
   * project-days, a few seconds) stays in-thread: a worker costs its start-up.
   */
  private seedThread(chunks: number): ReturnType<typeof seedWorkerEntry> {
    if (this.ems.config.store.kind !== 'sqlite' || chunks === 0) return null;
    const thread = this.thread ?? (chunks >= 64 ? 'worker' : 'main');
    return thread === 'worker' ? seedWorkerEntry() : null;
  }

  /** What the worker needs to build and write the same chunks: the projects' plan inputs and the jobs. */
  private workerInput(jobs: ChunkJob[]): Omit<SeedWorkerInput, 'control'> {
    const store = this.ems.config.store;
    return {
      file: store.kind === 'sqlite' ? store.file : '',
      projects: this.runs.map((r) => ({ name: r.name, projectId: r.plan.projectId, timeZone: r.plan.timeZone, ids: [...r.ids], attrs: [...r.attrs], state: { ...r.state } })),
      jobs: jobs.map((j) => ({ p: this.runs.indexOf(j.run), from: j.from, to: j.to, newest: j.newest })),
      opts: { instantDays: this.opts.instantDays, instantStepMin: this.opts.instantStepMin },
    };
  }

  /** Builds one chunk from the model and writes it with its progress mark; returns the rows written. */
  private async writeChunk(job: ChunkJob): Promise<number> {
    const { plan } = job.run;
    const chunk = this.buildChunk(job);
    await (this.writer as BulkWriter).write(chunk, plan.timeZone, { projectId: plan.projectId, doneFrom: job.from, updatedAt: Date.now() });
    return chunk.readings.length;
  }

  /** A chunk of the history (chunk.ts buildChunk). */
  buildChunk(job: { run: ProjectRun; from: number; to: number; newest: boolean }): Chunk {
    return buildChunk({ plan: job.run.plan, attrs: job.run.attrs, from: job.from, to: job.to, newest: job.newest }, this.opts);
  }

  private startLive() {
    if (!this.opts.live || this.stopping || this.timer) return;
    this.st.live = true;
    // a step that fails (the store, say) is logged: an unhandled rejection would end the process
    const step = () => void this.tick().catch((err: unknown) => this.opts.log?.(`sim: live step failed: ${String(err)}`));
    step();
    this.timer = setInterval(step, this.opts.liveIntervalMs);
    this.timer.unref();
  }

  /**
   * One live step at the current minute: counters (with any missed 15-min points since the last
   * reading, so a restart fills its gap) and instantaneous values, through the publisher.
   * Returns the readings sent. With a pinned clock nothing new is sent after the first step.
   */
  async tick(): Promise<number> {
    if (this.ticking) return this.ticking;
    this.ticking = this.liveStep().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async liveStep(): Promise<number> {
    const now = Math.floor(this.ems.config.now() / 60_000) * 60_000;
    let sent = 0;
    if (this.runs.some((r) => r.gatewayId === undefined)) {
      const gateways = await this.gateways();
      for (const r of this.runs) r.gatewayId ??= gateways.find((g) => g.projectId === r.plan.projectId)?.gatewayId;
    }
    const health = backgroundHealth(this.ems);
    for (const run of this.runs) {
      if (run.gatewayId === undefined || now <= run.state.filledTo) continue;
      try {
        sent += await this.liveRun(run, run.gatewayId, now);
        health.success(run.plan.projectId, 'demoSimulator');
      } catch (err) {
        health.failure(run.plan.projectId, 'demoSimulator', err, (msg) => this.opts.log?.(`sim: ${msg}`));
      }
    }
    return sent;
  }

  /** One project's live step (liveStep) up to `now`; the readings sent. */
  private async liveRun(run: ProjectRun, gatewayId: number, now: number): Promise<number> {
    const { plan, state } = run;
    const readings: SimReading[] = [];
    for (let g = Math.floor(state.filledTo / Q15) * Q15 + Q15; g < now; g += Q15) {
      for (const s of countersAt(plan, g, false)) readings.push({ ...s, ts: g });
    }
    for (const s of countersAt(plan, now, false)) readings.push({ ...s, ts: now });
    for (const s of instantsAt(plan, now)) readings.push({ ...s, ts: now });
    for (let i = 0; i < readings.length; i += INGEST_MAX_READINGS) {
      const part = readings.slice(i, i + INGEST_MAX_READINGS);
      await this.publish(plan.projectId, gatewayId, { gatewayId, ts: part[part.length - 1]?.ts ?? now, readings: part });
    }
    state.filledTo = now;
    await setFilledTo(this.ems, plan.projectId, now);
    return readings.length;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    Atomics.store(this.control, CONTROL.stop, 1);
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await this.ticking;
    this.writer?.close();
    this.writer = undefined;
    this.st.live = false;
  }
}

/** Day boundaries helper for docs/tests: the local day [start, end) containing ts. */
export function localDay(ts: number, timeZone: string): [number, number] {
  const s = bucketStart(ts, 'day', timeZone);
  return [s, bucketEnd(s, 'day', timeZone)];
}
