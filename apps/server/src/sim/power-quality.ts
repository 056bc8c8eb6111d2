import { DATA_ID, HARMONIC_ORDERS, harmonicCurrentId, harmonicVoltageId } from '@ems/contract';
import type { PlanMeter, ProjectPlan } from './model.js';
import { Q15, ensureComputed } from './model.js';
import { u01 } from './random.js';

/**
 * Power quality and reverse reactive energy of the demo meters (issue 5, DOMAIN §9), pure seeded
 * functions of (meter, time) like the rest of the model:
 * - PQ meters (`pq`, the transformers' LV mains): voltage THD per phase rising with the load (the
 *   plants' VFDs, welders and LED drivers), current THD falling with it, voltage and current
 *   unbalance, frequency, and every 15 min the phase-A spectrum h2–h25 (odd orders dominant, 5th
 *   and 7th largest, scaled so √Σ U_h² equals the phase-A THD). About one hour in twenty carries
 *   a harmonic burst (+1.4 % THD) and one in twenty-five a short unbalance excursion (+1.5 %),
 *   and light-load night hours sometimes a voltage swell (tap set high), so compliance is below 100 %.
 * - Reactive meters (`reactive`): a reverse (capacitive) kvarh counter, growing only at light load
 *   (< 20 % of rated kW), when the fixed capacitor stage over-compensates.
 */

const clamp = (x: number, a: number, b: number) => Math.min(b, Math.max(a, x));
const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const HOUR_MS = 3_600_000;

/** Relative voltage harmonic content by order (2..25): odd dominant, 5th and 7th largest. */
const V_WEIGHTS: Record<number, number> = { 2: 0.04, 3: 0.22, 4: 0.03, 5: 0.72, 6: 0.02, 7: 0.5, 8: 0.02, 9: 0.09, 10: 0.015, 11: 0.3, 12: 0.012, 13: 0.24, 14: 0.01, 15: 0.05, 16: 0.01, 17: 0.12, 18: 0.008, 19: 0.1, 20: 0.008, 21: 0.03, 22: 0.006, 23: 0.07, 24: 0.006, 25: 0.06 };
/** Relative current harmonic content by order: a six-pulse-rectifier-like spectrum. */
const I_WEIGHTS: Record<number, number> = { 2: 0.03, 3: 0.3, 4: 0.02, 5: 0.8, 6: 0.015, 7: 0.55, 8: 0.01, 9: 0.1, 10: 0.01, 11: 0.25, 12: 0.008, 13: 0.2, 14: 0.006, 15: 0.04, 16: 0.005, 17: 0.1, 18: 0.004, 19: 0.08, 20: 0.004, 21: 0.02, 22: 0.003, 23: 0.05, 24: 0.003, 25: 0.04 };
const norm = (w: Record<number, number>) => Math.sqrt(HARMONIC_ORDERS.reduce((s, h) => s + (w[h] ?? 0) ** 2, 0));
const V_NORM = norm(V_WEIGHTS);
const I_NORM = norm(I_WEIGHTS);

/** Whether hour-slot events of the meter fire: a harmonic burst, an unbalance excursion, a night swell. */
function events(plan: ProjectPlan, m: PlanMeter, t: number) {
  const h = Math.floor(t / HOUR_MS);
  return {
    burst: u01(plan.seed, m.key, h, 301) < 0.05,
    unbalance: u01(plan.seed, m.key, h, 302) < 0.04,
    swell: u01(plan.seed, m.key, h, 303) < 0.25,
  };
}

/** Volts added to the phase voltages of a PQ meter at t: a light-load swell (tap set for the day's load) on some night hours. */
export function pqVoltageOffset(plan: ProjectPlan, m: PlanMeter, t: number, loading: number): number {
  if (!m.pq || loading >= 0.2) return 0;
  return events(plan, m, t).swell ? 4.5 : 0;
}

/**
 * The PQ readings of meter m at t, given its active-power loading (P / rated kW) and its phase-A
 * current (A): THD per phase, unbalance, frequency; the spectrum on 15-min grid points only.
 */
export function pqInstants(plan: ProjectPlan, m: PlanMeter, t: number, loading: number, currentA: number, push: (dataId: number, value: number) => void): void {
  if (!m.pq) return;
  const slot = Math.floor(t / 60_000);
  const u = (j: number) => u01(plan.seed, m.key, slot, 400 + j);
  const ev = events(plan, m, t);
  const l = clamp(loading, 0, 1.2);
  const thdBase = 2 + 3 * l + (ev.burst ? 1.4 : 0);
  const thdU = [0, 1, 2].map((ph) => Math.max(0.3, thdBase * (ph === 0 ? 1.04 : ph === 1 ? 0.97 : 1) + 0.3 * (u(ph) - 0.5)));
  const thdI = [0, 1, 2].map((ph) => Math.max(1, 5 + 16 * (1 - Math.min(1, l)) + (ev.burst ? 4 : 0) + 2 * (u(3 + ph) - 0.5)));
  thdU.forEach((v, ph) => push(DATA_ID.thdVoltageA + ph, r2(v)));
  thdI.forEach((v, ph) => push(DATA_ID.thdCurrentA + ph, r2(v)));
  push(DATA_ID.voltageUnbalance, r2(0.35 + 0.5 * (1 - Math.min(1, l)) + (ev.unbalance ? 1.5 : 0) + 0.2 * u(6)));
  push(DATA_ID.currentUnbalance, r2(3 + 9 * (1 - Math.min(1, l)) + 1.5 * u(7)));
  push(DATA_ID.frequency, r3(50 + 0.06 * (u(8) - 0.5)));
  if (t % Q15 !== 0) return;
  const a = thdU[0] as number;
  const ia = (currentA * (thdI[0] as number)) / 100;
  for (const h of HARMONIC_ORDERS) {
    const jitter = 0.9 + 0.2 * u(20 + h);
    push(harmonicVoltageId(h), r3((a * (V_WEIGHTS[h] ?? 0) * jitter) / V_NORM));
    push(harmonicCurrentId(h), r2((ia * (I_WEIGHTS[h] ?? 0) * jitter) / I_NORM));
  }
}

/** Reverse kvarh (primary) of a reactive meter in interval i with e kWh: the capacitor stage left on at light load. */
function exportIn(plan: ProjectPlan, m: PlanMeter, i: number, e: number): number {
  if (!m.ratedKw) return 0;
  const light = 0.2 * m.ratedKw;
  const p = e * 4;
  if (p >= light) return 0;
  return 0.03 * m.ratedKw * (1 - p / light) * (0.8 + 0.4 * u01(plan.seed, m.key, i, 304)) * 0.25;
}

const exportCum = new WeakMap<ProjectPlan, Map<number, { arr: Float64Array; filled: number }>>();

/** Cumulative reverse kvarh (primary) of meter m at grid point k, from the plan's interval energies (cached per plan). */
function exportAtGrid(plan: ProjectPlan, m: PlanMeter, k: number): number {
  ensureComputed(plan, k);
  let perMeter = exportCum.get(plan);
  if (!perMeter) exportCum.set(plan, (perMeter = new Map()));
  let s = perMeter.get(m.idx);
  if (!s) perMeter.set(m.idx, (s = { arr: new Float64Array((plan.cum[m.idx] as Float64Array).length), filled: 0 }));
  if (s.arr.length <= k) {
    const bigger = new Float64Array(k + 1 + 96 * 7);
    bigger.set(s.arr);
    s.arr = bigger;
  }
  const energy = plan.cum[m.idx] as Float64Array;
  for (let i = s.filled; i < k; i++) s.arr[i + 1] = (s.arr[i] as number) + exportIn(plan, m, i, (energy[i + 1] as number) - (energy[i] as number));
  s.filled = Math.max(s.filled, k);
  return s.arr[k] as number;
}

/** The reverse-kvarh register (register units) of a reactive meter at t ≥ anchor (linear inside an interval). */
export function reactiveExportAt(plan: ProjectPlan, m: PlanMeter, t: number): number {
  const x = (t - plan.anchor) / Q15;
  const k = Math.floor(x);
  const a = exportAtGrid(plan, m, k);
  const b = exportAtGrid(plan, m, k + 1);
  const r0 = Math.round(m.r0q * 5) / 100;
  return Math.round((r0 + (a + (b - a) * (x - k)) / m.ctPt) * 10_000) / 10_000;
}
