import { DATA_ID, HARMONIC_ORDERS, harmonicCurrentId, harmonicVoltageId } from '@ems/contract';
import { DEFAULT_SENSOR_THRESHOLDS, localParts } from '@ems/domain';
import type { DemoNode, MeterBehaviour, PlantConfig, Profile, SimDevice, SimMeter } from '../modules/seed/demo-plant.js';
import { walk } from '../modules/seed/demo-plant.js';
import { pqInstants, pqVoltageOffset, reactiveExportAt } from './power-quality.js';
import { activity, dayType, type DayType } from './calendar.js';
import { codeKey, u01 } from './random.js';
import { weatherAt, type Weather } from './weather.js';
import { boilerGasM3, boilerState, type BoilerState } from './boiler.js';

/**
 * The plant model: a pure, seeded function from (project plan, 15-min interval index) to the
 * consumption of every meter, plus the cumulative registers and instantaneous values derived from
 * it. Interval i covers [anchor + i·15 min, anchor + (i+1)·15 min).
 */
export const Q15 = 900_000;
const DAY_MS = 86_400_000;

/** Counter data point of each energy type (DATA_ID). */
export const COUNTER_DATA_ID: Readonly<Record<number, number>> = {
  2: DATA_ID.activeEnergyImport,
  3: DATA_ID.waterVolume,
  15: DATA_ID.gasVolume,
  16: DATA_ID.steamMass,
  45: DATA_ID.compressedAirVolume,
  18: DATA_ID.coolingEnergy,
  17: DATA_ID.heatEnergy,
};

export interface PlanMeter {
  idx: number;
  code: string;
  key: number;
  /** node id; null when the node is missing (renamed/deleted): computed, never written */
  deviceId: number | null;
  energyType: number;
  dataId: number;
  ctPt: number;
  ratedKw: number | null;
  registerMax: number | null;
  b: MeterBehaviour;
  parentIdx: number;
  children: number[];
  pf: number;
  hv: boolean;
  reactive: boolean;
  /** a power-quality meter (THD, unbalance, frequency, spectrum; sim/power-quality.ts) */
  pq: boolean;
  /** register at the anchor (register units) */
  r0: number;
  r0q: number;
  /** mean loss share of the group this meter is the parent of */
  loss: number;
}

export interface PlanDevice {
  code: string;
  key: number;
  deviceId: number | null;
  sim: SimDevice;
}

export interface PlanFaults {
  leak?: { idx: number; from: number; perInterval: number };
  /** readings with from < ts < to are missing */
  gap?: { idx: number; from: number; to: number };
  /** meter replaced at ts (between grid points): the new register opens at 0 */
  reset?: { idx: number; ts: number };
  /** the register jumps by extra (primary units) at ts (a grid point) */
  spike?: { idx: number; ts: number; extra: number };
  /** live faults (issue 4): sensor temperature held high from `from` */
  hot?: { deviceId: number; from: number; celsius: number };
  /** meter idx has no readings (counters or instants) after `from` */
  silent?: { idx: number; from: number };
  /** meter idx counts perInterval more than its children from `from` */
  unmetered?: { idx: number; from: number; perInterval: number };
  /** breaker status (20) of a cabinet: open for openMs of every periodMs counted from `from` */
  breaker?: { deviceId: number; from: number; periodMs: number; openMs: number };
  /** a gas detector reads about `lel` %LEL in [from, to) */
  gasLeak?: { deviceId: number; from: number; to: number; lel: number };
}

export interface ProjectPlan {
  projectId: number;
  timeZone: string;
  /** local − UTC offset, ms (taken at the anchor; the demo zones have no DST) */
  offsetMs: number;
  plant: PlantConfig;
  seed: number;
  meters: PlanMeter[];
  /** evaluation order (dependencies first) */
  order: number[];
  devices: PlanDevice[];
  anchor: number;
  plannedNow: number;
  faults: PlanFaults;
  /** cumulative primary consumption per meter at grid points 0..computed */
  cum: Float64Array[];
  computed: number;
  byCode: Map<string, number>;
}

/** Per-interval plant state (dispatch), for the devices' instantaneous values. */
export interface IntervalCtx {
  w: Weather;
  hour: number;
  dayType: DayType;
  doy: number;
  localDay: number;
  coolingKw: number;
  chillersOn: number;
  plr: number;
  cop: number;
  week: number;
  /** compressors: loaded fraction of each unit (fixed…, vsd last as v/vsdFlow); running flag */
  compLoad: number[];
  compOn: boolean[];
  boilerLoad: number;
  /** the gas boiler's state (sim/boiler.ts), null until its meters are evaluated */
  boiler: BoilerState | null;
}

const clamp = (x: number, a: number, b: number) => Math.min(b, Math.max(a, x));

/** Builds a project's plan from its demo tree, the node ids by code and the seed window. */
export function buildPlan(o: { projectId: number; timeZone: string; nodes: readonly DemoNode[]; plant: PlantConfig; ids: ReadonlyMap<string, number>; anchor: number; plannedNow: number }): ProjectPlan {
  const meters: PlanMeter[] = [];
  const devices: PlanDevice[] = [];
  const byCode = new Map<string, number>();
  const seed = o.plant.seed;
  walk(o.nodes, (n) => {
    if (!n.code || !n.sim) return;
    if (n.sim.kind === 'meter') {
      const s = n.sim as SimMeter;
      const a = n.attrs ?? {};
      const key = codeKey(n.code);
      const idx = meters.length;
      byCode.set(n.code, idx);
      meters.push({
        idx,
        code: n.code,
        key,
        deviceId: o.ids.get(n.code) ?? null,
        energyType: s.energyType,
        dataId: s.dataId ?? COUNTER_DATA_ID[s.energyType] ?? DATA_ID.activeEnergyImport,
        ctPt: typeof a.ctPt === 'number' ? a.ctPt : 1,
        ratedKw: typeof a.ratedKw === 'number' ? a.ratedKw : null,
        registerMax: typeof a.registerMax === 'number' ? a.registerMax : null,
        b: s.b,
        parentIdx: -1,
        children: [],
        pf: s.pf ?? 0.92,
        hv: s.hv ?? false,
        reactive: s.reactive ?? false,
        pq: s.pq ?? false,
        r0: Math.round((200 + u01(seed, key, 11) * 60000) * 100) / 100,
        r0q: Math.round((100 + u01(seed, key, 12) * 20000) * 100) / 100,
        loss: 0.026 + 0.008 * u01(seed, key, 13),
      });
    } else {
      devices.push({ code: n.code, key: codeKey(n.code), deviceId: o.ids.get(n.code) ?? null, sim: n.sim as SimDevice });
      // a compressor's loaded-time and run-time counters (h) are registers of the compressor node itself
      if (n.sim.kind === 'compressor') {
        for (const [k, dataId] of [['compressorLoaded', DATA_ID.compressorLoadedHours], ['compressorRun', DATA_ID.compressorRunHours]] as const) {
          const code = `${n.code}:${k}`;
          const key = codeKey(code);
          const idx = meters.length;
          byCode.set(code, idx);
          meters.push({
            idx,
            code,
            key,
            deviceId: o.ids.get(n.code) ?? null,
            energyType: 0,
            dataId,
            ctPt: 1,
            ratedKw: null,
            registerMax: null,
            b: { k, unit: n.sim.unit ?? 0 },
            parentIdx: -1,
            children: [],
            pf: 1,
            hv: false,
            reactive: false,
            pq: false,
            r0: Math.round((8000 + u01(seed, key, 11) * 30000) * 100) / 100,
            r0q: 0,
            loss: 0,
          });
        }
      }
    }
  });
  walk(o.nodes, (n) => {
    if (n.sim?.kind !== 'meter' || !n.code || n.sim.parent === undefined) return;
    const me = byCode.get(n.code) as number;
    const parent = byCode.get(n.sim.parent);
    if (parent === undefined) throw new Error(`sim: parent ${n.sim.parent} of ${n.code} unknown`);
    (meters[me] as PlanMeter).parentIdx = parent;
    (meters[parent] as PlanMeter).children.push(me);
  });
  // dependencies: sums need their children; compressors need the air header; boiler gas/electricity the steam main
  const deps = (m: PlanMeter): number[] => {
    if (m.b.k === 'sum') return m.children;
    if ((m.b.k === 'compressor' || m.b.k === 'compressorAir' || m.b.k === 'compressorLoaded' || m.b.k === 'compressorRun') && o.plant.compressors) return [byCode.get(o.plant.compressors.header) as number];
    if ((m.b.k === 'boilerGas' || m.b.k === 'boilerElec') && o.plant.boiler) return [byCode.get(o.plant.boiler.steamMain) as number];
    return [];
  };
  const order: number[] = [];
  const mark = new Uint8Array(meters.length);
  const visit = (i: number) => {
    if (mark[i] === 2) return;
    if (mark[i] === 1) throw new Error('sim: cyclic meter dependencies');
    mark[i] = 1;
    for (const d of deps(meters[i] as PlanMeter)) visit(d);
    mark[i] = 2;
    order.push(i);
  };
  for (let i = 0; i < meters.length; i++) visit(i);

  const lp = localParts(o.anchor, o.timeZone);
  const offsetMs = Math.round((Date.UTC(lp.year, lp.month - 1, lp.day, lp.hour, lp.minute, lp.second) - o.anchor) / 60_000) * 60_000;
  const localDayStart = (daysBack: number) => {
    const nowLocalDay = Math.floor((o.plannedNow + offsetMs) / DAY_MS);
    return (nowLocalDay - daysBack) * DAY_MS - offsetMs;
  };
  const f = o.plant.faults;
  const faults: PlanFaults = {};
  const idxOf = (code: string) => {
    const i = byCode.get(code);
    if (i === undefined) throw new Error(`sim: fault meter ${code} unknown`);
    return i;
  };
  if (f.leak) faults.leak = { idx: idxOf(f.leak.meter), from: localDayStart(f.leak.daysBack), perInterval: f.leak.perHour / 4 };
  if (f.gap) {
    const from = localDayStart(f.gap.daysBack) + f.gap.fromHour * 3_600_000;
    faults.gap = { idx: idxOf(f.gap.meter), from, to: from + f.gap.hours * 3_600_000 };
  }
  // A reset or spike before the history's first interval has nothing to act on (a short history,
  // EMS_SIM_DAYS): it is not planted, rather than computed from registers that do not exist.
  const inHistory = (ts: number) => ts > o.anchor + Q15;
  const resetTs = f.reset ? localDayStart(f.reset.daysBack) + f.reset.hour * 3_600_000 + f.reset.minute * 60_000 : undefined;
  if (f.reset && resetTs !== undefined && inHistory(resetTs)) faults.reset = { idx: idxOf(f.reset.meter), ts: resetTs };
  const spikeTs = f.spike ? localDayStart(f.spike.daysBack) + f.spike.hour * 3_600_000 + f.spike.minute * 60_000 : undefined;
  if (f.spike && spikeTs !== undefined && inHistory(spikeTs)) faults.spike = { idx: idxOf(f.spike.meter), ts: spikeTs, extra: f.spike.extra };
  const idOf = (code: string) => {
    const id = o.ids.get(code);
    if (id === undefined) throw new Error(`sim: fault node ${code} unknown`);
    return id;
  };
  if (f.hot) faults.hot = { deviceId: idOf(f.hot.sensor), from: o.plannedNow - f.hot.minutesBack * 60_000, celsius: f.hot.celsius };
  if (f.silent) faults.silent = { idx: idxOf(f.silent.meter), from: o.plannedNow - f.silent.minutesBack * 60_000 };
  if (f.unmeteredLeak) faults.unmetered = { idx: idxOf(f.unmeteredLeak.meter), from: o.plannedNow - f.unmeteredLeak.hoursBack * 3_600_000, perInterval: f.unmeteredLeak.perHour / 4 };
  if (f.breaker) faults.breaker = { deviceId: idOf(f.breaker.cabinet), from: o.plannedNow, periodMs: f.breaker.periodMin * 60_000, openMs: f.breaker.openMin * 60_000 };
  if (f.gasLeak) {
    const from = o.plannedNow - f.gasLeak.minutesBack * 60_000;
    faults.gasLeak = { deviceId: idOf(f.gasLeak.detector), from, to: from + f.gasLeak.hours * 3_600_000, lel: f.gasLeak.lel };
  }

  const cap = Math.ceil((o.plannedNow - o.anchor) / Q15) + 2 * 96 + 2;
  return {
    projectId: o.projectId,
    timeZone: o.timeZone,
    offsetMs,
    plant: o.plant,
    seed,
    meters,
    order,
    devices,
    anchor: o.anchor,
    plannedNow: o.plannedNow,
    faults,
    cum: meters.map(() => new Float64Array(cap)),
    computed: 0,
    byCode,
  };
}

export function newCtx(): IntervalCtx {
  return { w: { t: 0, rh: 0, wb: 0 }, hour: 0, dayType: 'work', doy: 0, localDay: 0, coolingKw: 0, chillersOn: 0, plr: 0, cop: 0, week: 0, compLoad: [], compOn: [], boilerLoad: 0, boiler: null };
}

const yearStart = new Map<number, number>();
function dayOfYear(localDay: number): number {
  const y = new Date(localDay * DAY_MS).getUTCFullYear();
  let s = yearStart.get(y);
  if (s === undefined) {
    s = Date.UTC(y, 0, 1) / DAY_MS;
    yearStart.set(y, s);
  }
  return localDay - s;
}

/** Compressor dispatch: fixed machines base-load, the VSD trims; a fixed machine may load/unload. */
function dispatchCompressors(c: NonNullable<PlantConfig['compressors']>, d: number, week: number, ctx: IntervalCtx) {
  const load = new Array<number>(c.fixed + 1).fill(0);
  const on = new Array<boolean>(c.fixed + 1).fill(false);
  let v: number;
  const vsdMin = 0.25 * c.vsdFlow;
  if (d <= c.vsdFlow) v = d;
  else {
    const nFull = Math.min(c.fixed, Math.floor((d - vsdMin) / c.fixedFlow));
    const rem = d - nFull * c.fixedFlow;
    const slots: number[] = [];
    for (let s = 0; s < nFull; s++) slots.push(1);
    if (rem <= c.vsdFlow || nFull >= c.fixed) v = Math.min(rem, c.vsdFlow);
    else {
      const l = clamp((rem - c.vsdFlow / 2) / c.fixedFlow, 0, 1);
      slots.push(l);
      v = rem - l * c.fixedFlow;
    }
    slots.forEach((l, s) => {
      const unit = (s + week) % c.fixed;
      load[unit] = l;
      on[unit] = true;
    });
  }
  load[c.fixed] = v / c.vsdFlow;
  on[c.fixed] = v > 0;
  ctx.compLoad = load;
  ctx.compOn = on;
}

/**
 * Header pressure (MPa) at an instant of the interval whose dispatch ctx holds, `flowM3min` the header's
 * flow, `phase` and `jitter` uniform draws: a fixed machine that loads and unloads saws the pressure
 * between its load and unload set-points (rising while loaded, a `phase` of its cycle); else the VSD
 * holds its target (cycling ±0.02 MPa below its minimum speed). The dryer and filters drop about
 * 0.03 MPa at the station's rated flow, with the square of the flow.
 */
function headerPressureMpa(c: NonNullable<PlantConfig['compressors']>, ctx: IntervalCtx, flowM3min: number, phase: number, jitter: number): number {
  let p: number;
  const cycling = ctx.compLoad.findIndex((l, unit) => unit < c.fixed && (ctx.compOn[unit] ?? false) && l > 0 && l < 1);
  const vsdLoad = ctx.compLoad[c.fixed] ?? 0;
  if (cycling >= 0) {
    const l = ctx.compLoad[cycling] as number;
    p = c.loadMPa + (c.unloadMPa - c.loadMPa) * (phase < l ? phase / l : (1 - phase) / (1 - l));
  } else if (vsdLoad > 0 && vsdLoad < 0.25) p = c.targetMPa + 0.04 * (phase - 0.5);
  else p = c.targetMPa + 0.008 * (jitter - 0.5);
  const rated = c.fixed * c.fixedFlow + c.vsdFlow;
  return Math.max(0, p - 0.03 * Math.pow(Math.max(0, flowM3min) / rated, 2));
}

/**
 * Consumption of every meter in interval i (primary units: kWh, m³, t), into out[meter idx];
 * ctx receives the interval's plant state.
 */
export function evalInterval(plan: ProjectPlan, i: number, out: Float64Array, ctx: IntervalCtx): void {
  const seed = plan.seed;
  const t = plan.anchor + i * Q15;
  const lt = t + Q15 / 2 + plan.offsetMs;
  const localDay = Math.floor(lt / DAY_MS);
  const hour = (lt - localDay * DAY_MS) / 3_600_000;
  const doy = dayOfYear(localDay);
  const dt = dayType(localDay);
  const w = weatherAt(seed, localDay, hour, doy, Math.floor(t / Q15));
  const week = Math.floor((localDay + 3) / 7);
  ctx.w = w;
  ctx.hour = hour;
  ctx.dayType = dt;
  ctx.doy = doy;
  ctx.localDay = localDay;
  ctx.week = week;
  const acts = new Map<Profile, number>();
  const act = (p: Profile) => {
    let a = acts.get(p);
    if (a === undefined) {
      a = activity(p, hour, dt, doy);
      acts.set(p, a);
    }
    return a;
  };

  // chiller plant: cooling load → sequencing → part-load COP
  const ch = plan.plant.chillers;
  const comfort = Math.max(ch.comfortFloor, act(ch.comfortProfile));
  let q = ch.processKw * act(ch.processProfile) + ch.perK * Math.max(0, w.t - ch.balanceC) * comfort * (1 + 0.006 * Math.max(0, w.rh - 60));
  q *= 0.97 + 0.06 * u01(seed, 21, i);
  if (q < 0.12 * ch.ratedKw) q = 0;
  const n = q > 0 ? Math.min(ch.n, Math.ceil(q / (0.9 * ch.ratedKw))) : 0;
  q = Math.min(q, n * ch.ratedKw);
  const plr = n > 0 ? q / (n * ch.ratedKw) : 0;
  const cop = n > 0 ? clamp(ch.cop * (0.55 + 1.45 * plr - plr * plr) * (1 + 0.015 * (26 - Math.max(w.wb, 16))), 2, 9) : 0;
  ctx.coolingKw = q;
  ctx.chillersOn = n;
  ctx.plr = plr;
  ctx.cop = cop;
  const unitOn = (u: number) => (((u - week) % ch.n) + ch.n) % ch.n < n;
  const towerFan = clamp(0.3 + (0.7 * (w.wb - 8)) / 18, 0.3, 1);
  ctx.compLoad = [];
  ctx.compOn = [];
  ctx.boilerLoad = 0;
  ctx.boiler = null;

  const faults = plan.faults;
  for (const idx of plan.order) {
    const m = plan.meters[idx] as PlanMeter;
    const b = m.b;
    let v = 0;
    const noise = u01(seed, m.key, i);
    switch (b.k) {
      case 'load': {
        let a = act(b.profile);
        if (b.weather === 'cool') a *= clamp((w.t - 18) / 12, 0, 1.3);
        else if (b.weather === 'heat') a *= 0.4 + 0.8 * clamp((16 - w.t) / 14, 0, 1);
        const dayNoise = 0.94 + 0.12 * u01(seed, m.key, localDay, 1);
        v = b.peak * (b.base + (1 - b.base) * a) * dayNoise * (0.96 + 0.08 * noise) * 0.25;
        break;
      }
      case 'sum': {
        let s = 0;
        for (const c of m.children) s += out[c] as number;
        v = s / (1 - m.loss * (0.8 + 0.4 * noise));
        break;
      }
      case 'chiller':
        v = unitOn(b.unit) ? ((plr * ch.ratedKw) / cop) * 0.25 : 0;
        break;
      case 'chillerCooling':
        v = unitOn(b.unit) ? plr * ch.ratedKw * 0.25 : 0;
        break;
      case 'chwPump':
        v = unitOn(b.unit) ? ch.chwPumpKw * (0.93 + 0.04 * noise) * 0.25 : 0;
        break;
      case 'cwPump':
        v = unitOn(b.unit) ? ch.cwPumpKw * (0.93 + 0.04 * noise) * 0.25 : 0;
        break;
      case 'tower':
        v = unitOn(b.unit) ? ch.towerKw * towerFan * (0.97 + 0.06 * noise) * 0.25 : 0;
        break;
      case 'cooling':
        v = q * 0.25;
        break;
      case 'compressor':
      case 'compressorAir': {
        const c = plan.plant.compressors;
        if (!c) break;
        if (ctx.compLoad.length === 0) dispatchCompressors(c, (out[plan.byCode.get(c.header) as number] as number) / 15, week, ctx);
        const l = ctx.compLoad[b.unit] ?? 0;
        const running = ctx.compOn[b.unit] ?? false;
        const vsd = b.unit === c.fixed;
        if (b.k === 'compressorAir') v = l * (vsd ? c.vsdFlow : c.fixedFlow) * 15;
        else if (running) v = (vsd ? c.vsdKw * (0.12 + 0.88 * l) : c.fixedKw * (l + 0.28 * (1 - l))) * (0.98 + 0.04 * noise) * 0.25;
        break;
      }
      case 'compressorLoaded':
      case 'compressorRun': {
        const c = plan.plant.compressors;
        if (!c) break;
        if (ctx.compLoad.length === 0) dispatchCompressors(c, (out[plan.byCode.get(c.header) as number] as number) / 15, week, ctx);
        if (!(ctx.compOn[b.unit] ?? false)) break;
        // hours of the quarter: a fixed machine is loaded for its load share and unloaded the rest; the
        // VSD is loaded while it turns at or above its minimum speed (25 %) and cycles below it
        const l = ctx.compLoad[b.unit] ?? 0;
        v = b.k === 'compressorRun' ? 0.25 : 0.25 * (b.unit === c.fixed ? Math.min(1, l / 0.25) : l);
        break;
      }
      case 'boilerGas':
      case 'boilerElec': {
        const bl = plan.plant.boiler;
        if (!bl) break;
        const s = out[plan.byCode.get(bl.steamMain) as number] as number;
        const load = Math.min(1.2, (s * 4) / bl.ratedTph);
        ctx.boilerLoad = load;
        if (b.k === 'boilerGas') {
          const st = boilerState(bl, s, w, doy);
          ctx.boiler = st;
          v = boilerGasM3(bl, st, s);
        } else v = (1.5 + (s > 0.0005 ? 7.5 + 15 * Math.min(1, load) : 0)) * 0.25;
        break;
      }
    }
    if (faults.leak && faults.leak.idx === idx && t >= faults.leak.from) v += faults.leak.perInterval * (0.9 + 0.2 * u01(seed, m.key, i, 7));
    if (faults.unmetered && faults.unmetered.idx === idx && t >= faults.unmetered.from) v += faults.unmetered.perInterval * (0.9 + 0.2 * u01(seed, m.key, i, 8));
    out[idx] = v;
  }
}

/** Makes cum[…][0..k] available (grows the arrays as the live feed moves on). */
export function ensureComputed(plan: ProjectPlan, k: number): void {
  if (k <= plan.computed) return;
  const cap = (plan.cum[0] as Float64Array).length;
  if (k >= cap) {
    const bigger = Math.max(k + 96 * 7, Math.ceil(cap * 1.25));
    plan.cum = plan.cum.map((a) => {
      const b = new Float64Array(bigger);
      b.set(a);
      return b;
    });
  }
  const out = new Float64Array(plan.meters.length);
  const ctx = newCtx();
  for (let i = plan.computed; i < k; i++) {
    evalInterval(plan, i, out, ctx);
    for (let m = 0; m < out.length; m++) {
      const c = plan.cum[m] as Float64Array;
      c[i + 1] = (c[i] as number) + (out[m] as number);
    }
  }
  plan.computed = k;
}

/** Cumulative primary consumption of meter m at instant t ≥ anchor (linear inside an interval). */
export function cumAt(plan: ProjectPlan, m: number, t: number): number {
  const x = (t - plan.anchor) / Q15;
  const k = Math.floor(x);
  ensureComputed(plan, k + 1);
  const c = plan.cum[m] as Float64Array;
  const a = c[k] as number;
  return a + ((c[k + 1] as number) - a) * (x - k);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The meter's register reading at t (register units), with the planted reset and spike. */
export function registerAt(plan: ProjectPlan, m: number, t: number): number {
  const meter = plan.meters[m] as PlanMeter;
  const f = plan.faults;
  let r: number;
  if (f.reset && f.reset.idx === m && t > f.reset.ts) r = (cumAt(plan, m, t) - cumAt(plan, m, f.reset.ts)) / meter.ctPt;
  else r = meter.r0 + cumAt(plan, m, t) / meter.ctPt;
  if (f.spike && f.spike.idx === m && t >= f.spike.ts) r += f.spike.extra / meter.ctPt;
  return round4(r);
}

/** Reactive-energy register (kvarh, register units) of a meter with `reactive`. */
export function reactiveAt(plan: ProjectPlan, m: number, t: number): number {
  const meter = plan.meters[m] as PlanMeter;
  const tan = Math.tan(Math.acos(meter.pf));
  return round4(meter.r0q + (cumAt(plan, m, t) * tan) / meter.ctPt);
}

/** The declared reset of the plan: closing total of the old meter, opening 0 of the new one. */
export function plannedReset(plan: ProjectPlan): { m: number; ts: number; closing: number; opening: number } | undefined {
  const r = plan.faults.reset;
  if (!r) return undefined;
  const meter = plan.meters[r.idx] as PlanMeter;
  return { m: r.idx, ts: r.ts, closing: round4(meter.r0 + cumAt(plan, r.idx, r.ts) / meter.ctPt), opening: 0 };
}

/** Whether meter m has a stored reading at grid instant t (false inside the planted gap). */
export function hasReading(plan: ProjectPlan, m: number, t: number): boolean {
  const g = plan.faults.gap;
  return !(g && g.idx === m && t > g.from && t < g.to) && !isSilent(plan, m, t);
}

/** Whether meter m has stopped reporting by t (the planted offline meter). */
export function isSilent(plan: ProjectPlan, m: number, t: number): boolean {
  const s = plan.faults.silent;
  return s !== undefined && s.idx === m && t > s.from;
}

/** The breaker's status at t: 0 open for the first openMs of each period after `from`, else 1 closed; undefined before. */
export function breakerAt(plan: ProjectPlan, t: number): number | undefined {
  const b = plan.faults.breaker;
  if (!b) return undefined;
  const x = (((t - b.from) % b.periodMs) + b.periodMs) % b.periodMs;
  return t > b.from && x < b.openMs ? 0 : 1;
}

export interface Sample {
  deviceId: number;
  dataId: number;
  value: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** Counter readings of every meter (and reactive registers) at instant t. */
export function countersAt(plan: ProjectPlan, t: number, gaps = true): Sample[] {
  const out: Sample[] = [];
  for (const m of plan.meters) {
    if (m.deviceId === null) continue;
    if ((gaps && !hasReading(plan, m.idx, t)) || isSilent(plan, m.idx, t)) continue;
    out.push({ deviceId: m.deviceId, dataId: m.dataId, value: registerAt(plan, m.idx, t) });
    if (m.reactive) out.push({ deviceId: m.deviceId, dataId: DATA_ID.reactiveEnergyImport, value: reactiveAt(plan, m.idx, t) });
    if (m.reactive) out.push({ deviceId: m.deviceId, dataId: DATA_ID.reactiveEnergyExport, value: reactiveExportAt(plan, m, t) });
  }
  return out;
}

/**
 * Instantaneous data points written over the whole seeded history, not only its last days (sim/chunk.ts):
 * one sample an hour (at the hour) wherever no finer instants are written, so a year's range of an
 * efficiency page has its temperatures, pressures and flue-gas figures. Only the ids listed here: the
 * rest of the instants (P/Q/U/I of every meter, ...) stay with the last days, as a real store's raw
 * retention would keep them.
 */
export const HISTORY_INSTANT_IDS: ReadonlySet<number> = new Set<number>([
  // chiller plant (issue 14): loop temperatures, chilled-water flow, the weather station's dry bulb and RH
  DATA_ID.chilledWaterSupplyTemp,
  DATA_ID.chilledWaterReturnTemp,
  DATA_ID.condenserWaterSupplyTemp,
  DATA_ID.condenserWaterReturnTemp,
  DATA_ID.chilledWaterFlow,
  DATA_ID.outdoorTemperature,
  DATA_ID.outdoorHumidity,
  // compressed-air station (issue 14): the header pressure
  DATA_ID.airHeaderPressure,
  // boiler (issue 14): steam pressure and temperature, feed water, flue gas, combustion air, live flows
  DATA_ID.steamPressure,
  DATA_ID.steamTemperature,
  DATA_ID.feedWaterTemperature,
  DATA_ID.flueGasTemperature,
  DATA_ID.flueGasOxygen,
  DATA_ID.flueGasCo,
  DATA_ID.combustionAirTemperature,
  DATA_ID.steamFlow,
  DATA_ID.gasFlow,
]);
/** Step of the history instants (HISTORY_INSTANT_IDS). */
export const HISTORY_INSTANT_STEP_MS = 3_600_000;

/**
 * The data ids each part of instantsAt can push (an electric meter with its power quality, a water
 * meter, the air header, each device kind, the breakers): with `only`, a part none of whose ids is
 * asked for is not computed. Every draw is keyed by (seed, key, slot, index) (random.ts), so what is
 * computed does not depend on what is skipped; history-instants.test.ts holds the two paths equal.
 */
const INSTANT_IDS_OF = {
  electric: [
    DATA_ID.activePower,
    DATA_ID.reactivePower,
    DATA_ID.powerFactor,
    ...[0, 1, 2].flatMap((ph) => [DATA_ID.currentA + ph, DATA_ID.voltageA + ph, DATA_ID.thdVoltageA + ph, DATA_ID.thdCurrentA + ph]),
    DATA_ID.voltageUnbalance,
    DATA_ID.currentUnbalance,
    DATA_ID.frequency,
    ...HARMONIC_ORDERS.flatMap((h) => [harmonicVoltageId(h), harmonicCurrentId(h)]),
  ],
  water: [DATA_ID.waterFlow],
  header: [DATA_ID.airHeaderPressure],
  chiller: [
    DATA_ID.temperature,
    DATA_ID.switchStatus,
    DATA_ID.chilledWaterFlow,
    DATA_ID.chilledWaterSupplyTemp,
    DATA_ID.chilledWaterReturnTemp,
    DATA_ID.condenserWaterSupplyTemp,
    DATA_ID.condenserWaterReturnTemp,
  ],
  chwPump: [DATA_ID.waterFlow, DATA_ID.switchStatus],
  cwPump: [DATA_ID.waterFlow, DATA_ID.switchStatus],
  tower: [DATA_ID.temperature, DATA_ID.switchStatus],
  compressor: [DATA_ID.switchStatus],
  boiler: [
    DATA_ID.temperature,
    DATA_ID.switchStatus,
    DATA_ID.steamPressure,
    DATA_ID.steamTemperature,
    DATA_ID.feedWaterTemperature,
    DATA_ID.combustionAirTemperature,
    DATA_ID.flueGasTemperature,
    DATA_ID.flueGasOxygen,
    DATA_ID.flueGasCo,
    DATA_ID.steamFlow,
    DATA_ID.gasFlow,
  ],
  env: [DATA_ID.noise, DATA_ID.pm25, DATA_ID.temperature, DATA_ID.humidity, DATA_ID.outdoorTemperature, DATA_ID.outdoorHumidity],
  gas: [DATA_ID.carbonMonoxide, DATA_ID.combustibleGas, DATA_ID.switchStatus],
  breaker: [DATA_ID.switchStatus],
} as const satisfies Record<string, readonly number[]>;
type InstantPart = keyof typeof INSTANT_IDS_OF;

/** Which parts of instantsAt `only` asks for (memoised per set: the seed passes the same set for every hour). */
const partsFor = new WeakMap<ReadonlySet<number>, ReadonlySet<string>>();
function wantedParts(only: ReadonlySet<number>): ReadonlySet<string> {
  let parts = partsFor.get(only);
  if (!parts) {
    parts = new Set((Object.keys(INSTANT_IDS_OF) as InstantPart[]).filter((part) => INSTANT_IDS_OF[part].some((id) => only.has(id))));
    partsFor.set(only, parts);
  }
  return parts;
}

/** Instantaneous values of meters and devices at t (5-min or 1-min samples): P/Q/U/I/PF, flows, temperatures, states; `only`: just these data ids. */
export function instantsAt(plan: ProjectPlan, t: number, only?: ReadonlySet<number>): Sample[] {
  const seed = plan.seed;
  const k = Math.floor((t - plan.anchor) / Q15);
  ensureComputed(plan, k + 1);
  const energy = new Float64Array(plan.meters.length);
  const ctx = newCtx();
  evalInterval(plan, k, energy, ctx);
  const slot = Math.floor(t / 60_000);
  const out: Sample[] = [];
  const push = (deviceId: number | null, dataId: number, value: number) => {
    if (deviceId !== null && Number.isFinite(value) && (only === undefined || only.has(dataId))) out.push({ deviceId, dataId, value });
  };
  // with `only`, the parts that can push one of its ids (the rest is skipped, not computed and filtered)
  const parts = only === undefined ? undefined : wantedParts(only);
  const wants = (part: InstantPart) => parts === undefined || parts.has(part);
  const electric = wants('electric');
  const water = wants('water');
  const header = wants('header') ? plan.plant.compressors?.header : undefined;
  for (const m of plan.meters) {
    if (m.deviceId === null) continue;
    if (m.energyType === 2 ? !electric : m.energyType === 3 ? !water : m.code !== header) continue;
    if (isSilent(plan, m.idx, t)) continue;
    const e = energy[m.idx] as number;
    const u = (j: number) => u01(seed, m.key, slot, 100 + j);
    if (m.energyType === 2) {
      const p = e * 4 * (0.98 + 0.04 * u(0));
      const light = m.ratedKw !== null && p < 0.1 * m.ratedKw;
      const pf = clamp(m.pf + 0.02 * (u(1) - 0.5) - (light ? 0.06 : 0), 0.5, 0.995);
      const qv = p * Math.tan(Math.acos(pf));
      push(m.deviceId, DATA_ID.activePower, r2(p));
      push(m.deviceId, DATA_ID.reactivePower, r2(qv));
      push(m.deviceId, DATA_ID.powerFactor, r3(pf));
      if (m.hv) {
        const i = p / (Math.sqrt(3) * 10.2 * pf);
        for (let ph = 0; ph < 3; ph++) push(m.deviceId, DATA_ID.currentA + ph, r2(i * (0.98 + 0.04 * u(2 + ph))));
      } else {
        const loading = m.ratedKw ? clamp(p / m.ratedKw, 0, 1.2) : 0.5;
        const base = 231 - 5 * loading + 2 * (u(5) - 0.5) + pqVoltageOffset(plan, m, t, loading);
        let ia = 0;
        for (let ph = 0; ph < 3; ph++) {
          const uph = base + 1.2 * (u(6 + ph) - 0.5);
          const iph = ((p * 1000) / (3 * uph * pf)) * (0.97 + 0.06 * u(9 + ph));
          if (ph === 0) ia = iph;
          push(m.deviceId, DATA_ID.voltageA + ph, r2(uph));
          push(m.deviceId, DATA_ID.currentA + ph, r2(iph));
        }
        pqInstants(plan, m, t, loading, ia, (dataId, value) => push(m.deviceId, dataId, value));
      }
    } else if (m.energyType === 3) {
      push(m.deviceId, DATA_ID.waterFlow, r3(e * 4 * (0.95 + 0.1 * u(0))));
    } else if (plan.plant.compressors && m.code === plan.plant.compressors.header) {
      push(m.deviceId, DATA_ID.airHeaderPressure, r3(headerPressureMpa(plan.plant.compressors, ctx, e / 15, u(20), u(21))));
    }
  }
  const ch = plan.plant.chillers;
  const week = ctx.week;
  const unitOn = (unit: number) => (((unit - week) % ch.n) + ch.n) % ch.n < ctx.chillersOn;
  for (const d of plan.devices) {
    if (!wants(d.sim.kind)) continue;
    const u = (j: number) => u01(seed, d.key, slot, 200 + j);
    const unit = d.sim.unit ?? 0;
    const w = ctx.w;
    switch (d.sim.kind) {
      case 'chiller': {
        const on = unitOn(unit);
        const chws = on ? 7 + 0.6 * (ctx.plr - 0.6) + 0.3 * (u(0) - 0.5) : 12 + 0.3 * (w.t - 12);
        push(d.deviceId, DATA_ID.temperature, r2(chws));
        push(d.deviceId, DATA_ID.switchStatus, on ? 1 : 0);
        // the loop's temperatures follow the dispatched load: Q = 1.163·V·ΔT on the chilled side, Q·(1 + 1/COP) rejected on the condenser side
        const qUnit = on ? ctx.plr * ch.ratedKw : 0;
        const chwFlow = on ? ch.chwFlowM3h * (0.94 + 0.05 * u(1)) : 0;
        // the towers hold the condenser water at no less than 16 °C wet bulb + approach (the COP's wet-bulb floor in evalInterval): in cold weather the approach widens
        const cws = on ? Math.max(w.wb, 16) + 3.2 + 2 * ctx.plr + 0.3 * (u(2) - 0.5) : w.t + 0.5 * (20 - w.t);
        push(d.deviceId, DATA_ID.chilledWaterFlow, r2(chwFlow));
        push(d.deviceId, DATA_ID.chilledWaterSupplyTemp, r2(chws));
        push(d.deviceId, DATA_ID.chilledWaterReturnTemp, r2(on ? chws + qUnit / (1.163 * chwFlow) : chws + 0.2));
        push(d.deviceId, DATA_ID.condenserWaterSupplyTemp, r2(cws));
        push(d.deviceId, DATA_ID.condenserWaterReturnTemp, r2(on ? cws + (qUnit * (1 + 1 / ctx.cop)) / (1.163 * ch.cwFlowM3h * (0.95 + 0.04 * u(3))) : cws));
        break;
      }
      case 'chwPump':
      case 'cwPump': {
        const on = unitOn(unit);
        const rated = d.sim.kind === 'chwPump' ? ch.chwFlowM3h : ch.cwFlowM3h;
        push(d.deviceId, DATA_ID.waterFlow, r2(on ? rated * (0.94 + 0.05 * u(0)) : 0));
        push(d.deviceId, DATA_ID.switchStatus, on ? 1 : 0);
        break;
      }
      case 'tower': {
        const on = unitOn(unit);
        push(d.deviceId, DATA_ID.temperature, r2(on ? Math.max(w.wb, 16) + 3.2 + 2 * ctx.plr + 0.3 * u(0) : w.t));
        push(d.deviceId, DATA_ID.switchStatus, on ? 1 : 0);
        break;
      }
      case 'compressor': {
        const on = ctx.compOn[unit] ?? false;
        const l = ctx.compLoad[unit] ?? 0;
        const c = plan.plant.compressors;
        const vsd = c !== undefined && unit === c.fixed;
        push(d.deviceId, DATA_ID.switchStatus, on && (vsd || u(0) < l) ? 1 : 0);
        break;
      }
      case 'boiler': {
        const on = ctx.boilerLoad > 0.001;
        push(d.deviceId, DATA_ID.temperature, r2(on ? 118 + 22 * Math.min(1, ctx.boilerLoad) + 2 * u(0) : 38 + 0.2 * w.t));
        push(d.deviceId, DATA_ID.switchStatus, on ? 1 : 0);
        const bs = ctx.boiler;
        const bl = plan.plant.boiler;
        if (bs && bl) {
          // the interval's state as the boiler's instruments read it (a little noise; off: cold flue, air)
          const steamTph = bs.load * bl.ratedTph;
          push(d.deviceId, DATA_ID.steamPressure, r3(bs.pressureGaugeMPa + 0.01 * (u(1) - 0.5)));
          push(d.deviceId, DATA_ID.steamTemperature, r2(bs.steamTempC + 0.4 * (u(2) - 0.5)));
          push(d.deviceId, DATA_ID.feedWaterTemperature, r2(bs.feedWaterC + 0.6 * (u(3) - 0.5)));
          push(d.deviceId, DATA_ID.combustionAirTemperature, r2(bs.airC + 0.6 * (u(4) - 0.5)));
          push(d.deviceId, DATA_ID.flueGasTemperature, r2(bs.on ? bs.flueC + 2 * (u(5) - 0.5) : bs.airC + 8));
          push(d.deviceId, DATA_ID.flueGasOxygen, r2(bs.on ? bs.o2Pct + 0.2 * (u(6) - 0.5) : 20.9));
          push(d.deviceId, DATA_ID.flueGasCo, Math.round(bs.on ? bs.coPpm + 6 * (u(7) - 0.5) : 0));
          push(d.deviceId, DATA_ID.steamFlow, r3(bs.on ? steamTph : 0));
          push(d.deviceId, DATA_ID.gasFlow, r2(bs.on ? (steamTph * 1000 * bs.usefulKjPerKg) / ((bs.efficiencyPct / 100) * bl.lhvKjPerM3) : 0));
        }
        break;
      }
      case 'env': {
        let tt = w.t;
        let rh = w.rh;
        const busy = activity('twoShift', ctx.hour, ctx.dayType, ctx.doy);
        switch (d.sim.place) {
          case 'workshop':
            tt = 22 + 0.45 * (w.t - 20) + 2 * busy;
            rh = 50 + 0.35 * (w.rh - 70);
            break;
          case 'office':
            tt = w.t > 24 ? 25.5 + 0.1 * (w.t - 24) : w.t < 14 ? 21 + 0.1 * (w.t - 14) : 22 + 0.3 * (w.t - 14);
            rh = 48 + 0.25 * (w.rh - 70);
            break;
          case 'elecRoom':
            tt = 26 + 0.35 * (w.t - 20) + 1.5 * busy;
            rh = 45 + 0.3 * (w.rh - 70);
            break;
          case 'plantRoom':
            tt = 28 + 0.4 * (w.t - 20);
            rh = 55 + 0.3 * (w.rh - 70);
            break;
          case 'dataRoom':
            tt = 23;
            rh = 45;
            break;
          case 'warehouse':
            tt = w.t + 0.5 * (21 - w.t);
            rh = w.rh - 8;
            break;
          default:
            break;
        }
        const hot = plan.faults.hot;
        if (hot && hot.deviceId === d.deviceId && t >= hot.from) tt = hot.celsius + 1.5 * busy;
        if (d.sim.sensor === 'noise') {
          // presses and fans while the shifts run: 58–78 dB(A), under the 80 dB(A) action level
          push(d.deviceId, DATA_ID.noise, r2(58 + 18 * busy + 2 * u(2)));
          break;
        }
        if (d.sim.sensor === 'pm25') {
          // welding and grinding fumes over a seasonal outdoor background (winter haze): 15–75 μg/m³
          const winter = 0.5 + 0.5 * Math.cos((2 * Math.PI * (ctx.doy - 15)) / 365);
          push(d.deviceId, DATA_ID.pm25, r2(15 + 20 * winter + 25 * busy + 10 * u(3)));
          break;
        }
        push(d.deviceId, DATA_ID.temperature, r2(tt + 0.4 * (u(0) - 0.5)));
        push(d.deviceId, DATA_ID.humidity, r2(clamp(rh + 1.5 * (u(1) - 0.5), 5, 100)));
        if (d.sim.place === 'outdoor') {
          // the weather station's own points, kept over the whole history (HISTORY_INSTANT_IDS)
          push(d.deviceId, DATA_ID.outdoorTemperature, r2(tt + 0.4 * (u(0) - 0.5)));
          push(d.deviceId, DATA_ID.outdoorHumidity, r2(clamp(rh + 1.5 * (u(1) - 0.5), 5, 100)));
        }
        break;
      }
      case 'gas': {
        // background: solvent vapour while the paint line runs (0.5–3.5 %LEL), boiler-room CO with the burner's load (1–4.5 mg/m³)
        const co = d.sim.gas === 'co';
        let value = co ? 1 + 2.5 * Math.min(1, ctx.boilerLoad) + u(0) : 0.5 + 2 * activity('twoShift', ctx.hour, ctx.dayType, ctx.doy) + u(0);
        const leak = plan.faults.gasLeak;
        if (leak && leak.deviceId === d.deviceId && t >= leak.from && t < leak.to) value = leak.lel * Math.min(1, (t - leak.from) / 600_000 + 0.1) + 3 * (u(1) - 0.5);
        const level1 = co ? DEFAULT_SENSOR_THRESHOLDS.co.highPreAlarm : DEFAULT_SENSOR_THRESHOLDS.combustibleLel.highPreAlarm;
        push(d.deviceId, co ? DATA_ID.carbonMonoxide : DATA_ID.combustibleGas, Math.round(Math.max(0, value) * 10) / 10);
        // the detector's relay output: 1 once its level-1 setpoint is reached
        push(d.deviceId, DATA_ID.switchStatus, value >= level1 ? 1 : 0);
        break;
      }
    }
  }
  if (!wants('breaker')) return out;
  // feeder and incoming breakers report closed (1); the planted EV-feeder breaker is pushed below
  for (const d of plan.devices) if (d.sim.kind === 'breaker' && d.deviceId !== plan.faults.breaker?.deviceId) push(d.deviceId, DATA_ID.switchStatus, 1);
  const breaker = breakerAt(plan, t);
  if (plan.faults.breaker && breaker !== undefined) push(plan.faults.breaker.deviceId, DATA_ID.switchStatus, breaker);
  return out;
}
