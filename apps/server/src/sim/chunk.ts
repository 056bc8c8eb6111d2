import { DATA_ID } from '@ems/contract';
import type { Reading } from '@ems/domain';
import type { DemoProject } from '../modules/seed/demo-data.js';
import { meterAttrs } from '../modules/timeseries/service.js';
import type { Chunk, CounterChunk, ReadingRow } from './bulk.js';
import { reactiveExportAt } from './power-quality.js';
import { buildPlan, ensureComputed, hasReading, HISTORY_INSTANT_IDS, HISTORY_INSTANT_STEP_MS, instantsAt, plannedReset, Q15, reactiveAt, registerAt, type ProjectPlan } from './model.js';
import type { SimStateRow } from './state.js';

const DAY_MS = 86_400_000;

/** One piece of the history to write: [from, to) of a project (a local day), `newest` the one ending at the seed's "now". */
export interface ChunkSpec {
  plan: ProjectPlan;
  /** node attrs (JSON text) by node id, for the counter parameters (as the write path reads them) */
  attrs: ReadonlyMap<number, string>;
  from: number;
  to: number;
  newest: boolean;
}

/** instantaneous values for the last `instantDays` days, every `instantStepMin` minutes */
export interface InstantOptions {
  instantDays: number;
  instantStepMin: number;
}

/** A demo project's plan over its seed window, computed up to the seed's "now" (the same on every thread). */
export function projectPlan(p: DemoProject, projectId: number, timeZone: string, ids: ReadonlyMap<string, number>, state: SimStateRow): ProjectPlan {
  const plan = buildPlan({ projectId, timeZone, nodes: p.nodes, plant: { ...p.plant, seed: state.seed }, ids, anchor: state.anchor, plannedNow: state.plannedNow });
  ensureComputed(plan, Math.round((state.plannedNow - state.anchor) / Q15));
  return plan;
}

/**
 * A chunk of the history: counter readings (without the planted gap), the declared reset, and instantaneous
 * values (all of them over the last `instantDays`, the `historyIds` hourly before that).
 */
export function buildChunk(job: ChunkSpec, opts: InstantOptions, historyIds: ReadonlySet<number> = HISTORY_INSTANT_IDS): Chunk {
  const { plan } = job;
  const kFrom = Math.round((job.from - plan.anchor) / Q15);
  const kTo = Math.round((job.to - plan.anchor) / Q15);
  const kMax = Math.round((plan.plannedNow - plan.anchor) / Q15);
  const readings: ReadingRow[] = [];
  const counters: CounterChunk[] = [];
  const reset = plannedReset(plan);
  const resets: Chunk['resets'] = [];
  for (const m of plan.meters) {
    if (m.deviceId === null) continue;
    let kA = Math.max(0, kFrom - 1);
    while (kA > 0 && !hasReading(plan, m.idx, plan.anchor + kA * Q15)) kA--;
    let kB = kTo;
    while (kB < kMax && !hasReading(plan, m.idx, plan.anchor + kB * Q15)) kB++;
    const window: Reading[] = [];
    const windowQ: Reading[] = [];
    const windowX: Reading[] = [];
    for (let k = kA; k <= kB; k++) {
      const ts = plan.anchor + k * Q15;
      if (!hasReading(plan, m.idx, ts)) continue;
      const value = registerAt(plan, m.idx, ts);
      window.push({ ts, value });
      const stored = k >= kFrom && (k < kTo || (job.newest && k === kTo));
      if (stored) readings.push({ deviceId: m.deviceId, dataId: m.dataId, ts, value, status: 0 });
      if (m.reactive) {
        const q = reactiveAt(plan, m.idx, ts);
        windowQ.push({ ts, value: q });
        if (stored) readings.push({ deviceId: m.deviceId, dataId: DATA_ID.reactiveEnergyImport, ts, value: q, status: 0 });
        const x = reactiveExportAt(plan, m, ts);
        windowX.push({ ts, value: x });
        if (stored) readings.push({ deviceId: m.deviceId, dataId: DATA_ID.reactiveEnergyExport, ts, value: x, status: 0 });
      }
    }
    const a = meterAttrs(job.attrs.get(m.deviceId));
    const params = { multiplier: a.multiplier, registerMax: a.registerMax, ratedKw: a.ratedKw };
    const first = window[0]?.ts ?? 0;
    const last = window[window.length - 1]?.ts ?? 0;
    const rs = reset && reset.m === m.idx && reset.ts > first && reset.ts <= last ? [{ ts: reset.ts, closing: reset.closing, opening: reset.opening }] : [];
    counters.push({ deviceId: m.deviceId, dataId: m.dataId, params, window, resets: rs });
    if (m.reactive) counters.push({ deviceId: m.deviceId, dataId: DATA_ID.reactiveEnergyImport, params, window: windowQ, resets: [] });
    if (m.reactive) counters.push({ deviceId: m.deviceId, dataId: DATA_ID.reactiveEnergyExport, params, window: windowX, resets: [] });
    if (reset && reset.m === m.idx && reset.ts >= job.from && reset.ts < job.to) {
      resets.push({ deviceId: m.deviceId, dataId: m.dataId, ts: reset.ts, closing: reset.closing, opening: reset.opening });
    }
  }
  const step = opts.instantStepMin * 60_000;
  const instFrom = Math.max(job.from, plan.plannedNow - opts.instantDays * DAY_MS);
  const instTo = job.newest ? job.to + 1 : job.to;
  // the history instants (HISTORY_INSTANT_IDS) hourly where the finer instants below are not written
  if (historyIds.size > 0) {
    const histTo = Math.min(instFrom, job.to);
    for (let t = Math.ceil(job.from / HISTORY_INSTANT_STEP_MS) * HISTORY_INSTANT_STEP_MS; t < histTo; t += HISTORY_INSTANT_STEP_MS) {
      for (const s of instantsAt(plan, t, historyIds)) readings.push({ deviceId: s.deviceId, dataId: s.dataId, ts: t, value: s.value, status: 0 });
    }
  }
  // (rows of one shape, the counters' key order: the writer reads them all through one access site)
  for (let t = Math.ceil(instFrom / step) * step; t < instTo; t += step) {
    for (const s of instantsAt(plan, t)) readings.push({ deviceId: s.deviceId, dataId: s.dataId, ts: t, value: s.value, status: 0 });
  }
  return { from: job.from, to: job.to, counters, readings, resets };
}
