import { amountFen, type Fen } from './money.js';

/**
 * Demand management (DOMAIN.md §4): fixed-block and sliding-window demand from 1-min (or 5-min)
 * power or interval energy, the in-window forecast, the month's maximum demand and the pre-alarm /
 * over-limit / penalty classification. Pure: the reference the analysis pages use. Timestamps are
 * ms since the epoch; windows are [start, end); power in kW, energy in kWh.
 */

const HOUR_MS = 3_600_000;
/** The demand window: 15 min. */
export const DEMAND_WINDOW_MS = 15 * 60_000;

export interface PowerSample {
  /** start of the sample's subinterval (ms) */
  ts: number;
  /** average (or instantaneous) kW over the subinterval; null when missing */
  kw: number | null;
}

export interface DemandValue {
  start: number;
  end: number;
  /** average kW over the window; null when the window lacks data */
  kw: number | null;
}

/**
 * Fixed (block) demand: the average kW of each clock-aligned window (15 min by default; clock
 * quarters coincide with epoch multiples in every zone with a whole-quarter offset). A block missing
 * any of its `windowMs / sampleMs` samples is null, so a gap never lowers the MD silently.
 */
export function blockDemand(samples: readonly PowerSample[], sampleMs = 60_000, windowMs = DEMAND_WINDOW_MS): DemandValue[] {
  const need = Math.round(windowMs / sampleMs);
  const blocks = new Map<number, Map<number, number>>();
  for (const s of samples) {
    const start = Math.floor(s.ts / windowMs) * windowMs;
    const b = blocks.get(start) ?? new Map<number, number>();
    if (s.kw !== null && Number.isFinite(s.kw)) b.set(s.ts, s.kw);
    blocks.set(start, b);
  }
  return [...blocks.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, b]) => ({ start, end: start + windowMs, kw: b.size >= need ? [...b.values()].reduce((x, y) => x + y, 0) / b.size : null }));
}

/** Average kW of interval energies: kWh / hours of the interval (e.g. a 1-min 2.5 kWh → 150 kW). */
export function powerFromEnergy(intervals: readonly { start: number; kwh: number | null }[], intervalMs: number): PowerSample[] {
  return intervals.map((i) => ({ ts: i.start, kw: i.kwh === null ? null : i.kwh / (intervalMs / HOUR_MS) }));
}

/**
 * Sliding-window demand: the window split into n subintervals of `subMs` (1 min → n = 15, or 3 ×
 * 5 min); after each subinterval, demand = mean of the last n subinterval averages. Emitted only
 * where all n are present.
 */
export function slidingDemand(subintervals: readonly PowerSample[], subMs: number, n = Math.round(DEMAND_WINDOW_MS / subMs)): DemandValue[] {
  const byTs = new Map<number, number>();
  for (const s of subintervals) if (s.kw !== null && Number.isFinite(s.kw)) byTs.set(s.ts, s.kw);
  const out: DemandValue[] = [];
  for (const ts of [...byTs.keys()].sort((a, b) => a - b)) {
    let sum = 0;
    let count = 0;
    for (let j = 0; j < n; j++) {
      const v = byTs.get(ts - j * subMs);
      if (v === undefined) break;
      sum += v;
      count++;
    }
    if (count === n) out.push({ start: ts - (n - 1) * subMs, end: ts + subMs, kw: sum / n });
  }
  return out;
}

/**
 * Predicted demand of the running window (EIG / Niagara): D̂ = (E_elapsed + P_now × t_remaining ×
 * k) / T, kW, with E_elapsed the window's energy so far (kWh), P_now the last subinterval's average
 * kW and k the prediction factor (1.0–1.2).
 */
export function predictDemand(p: { elapsedKwh: number; nowKw: number; elapsedMs: number; windowMs?: number; k?: number }): number {
  const windowMs = p.windowMs ?? DEMAND_WINDOW_MS;
  const remainingH = Math.max(0, windowMs - p.elapsedMs) / HOUR_MS;
  return (p.elapsedKwh + p.nowKw * remainingH * (p.k ?? 1)) / (windowMs / HOUR_MS);
}

/** MD: the highest window demand with its window (the earliest on a tie); null without any. */
export function maxDemand(demands: readonly DemandValue[]): (DemandValue & { kw: number }) | null {
  let best: (DemandValue & { kw: number }) | null = null;
  for (const d of demands) if (d.kw !== null && (best === null || d.kw > best.kw)) best = { ...d, kw: d.kw };
  return best;
}

/** Thresholds as ratios of the contracted demand [V, configurable]. */
export interface DemandThresholds {
  /** predicted demand ≥ contract × this: pre-alarm (0.90–0.95) */
  preAlarmRatio: number;
  /** window demand > contract × this: over-limit (1.0) */
  overLimitRatio: number;
  /** window demand > contract × this: penalty (1.05) */
  penaltyRatio: number;
}
export const DEFAULT_DEMAND_THRESHOLDS: DemandThresholds = { preAlarmRatio: 0.9, overLimitRatio: 1, penaltyRatio: 1.05 };

export type DemandLevel = 'normal' | 'preAlarm' | 'overLimit' | 'penalty';

/** The level of the current window: penalty / over-limit on the window demand, pre-alarm on the prediction (or the demand). */
export function classifyDemand(
  v: { demandKw: number; predictedKw?: number | null },
  contractKw: number,
  t: DemandThresholds = DEFAULT_DEMAND_THRESHOLDS,
): DemandLevel {
  if (v.demandKw > contractKw * t.penaltyRatio) return 'penalty';
  if (v.demandKw > contractKw * t.overLimitRatio) return 'overLimit';
  if (Math.max(v.demandKw, v.predictedKw ?? -Infinity) >= contractKw * t.preAlarmRatio) return 'preAlarm';
  return 'normal';
}

export interface DemandEvent {
  start: number;
  end: number;
  durationMs: number;
  peakKw: number;
  /** end of the window that peaked */
  peakAt: number;
  /** the worst level reached */
  level: 'overLimit' | 'penalty';
  /** peak − contract, kW */
  excessKw: number;
  /** excess kW × ¥/kW·month, the month's cost of that excess if it stands as the MD */
  excessFen: Fen;
}

/**
 * Over-limit and penalty events: runs of consecutive windows (touching or overlapping) whose demand
 * exceeds the contract × overLimitRatio, with start, peak, duration and excess × price.
 */
export function demandEvents(demands: readonly DemandValue[], contractKw: number, priceYuanPerKwMonth: number | string, t: DemandThresholds = DEFAULT_DEMAND_THRESHOLDS): DemandEvent[] {
  type Open = Pick<DemandEvent, 'start' | 'end' | 'peakKw' | 'peakAt' | 'level'>;
  const finish = (e: Open): DemandEvent => ({
    ...e,
    durationMs: e.end - e.start,
    excessKw: e.peakKw - contractKw,
    excessFen: amountFen(e.peakKw - contractKw, priceYuanPerKwMonth),
  });
  const events: DemandEvent[] = [];
  let cur: Open | null = null;
  for (const d of [...demands].sort((a, b) => a.start - b.start)) {
    const kw = d.kw;
    const over = kw !== null && kw > contractKw * t.overLimitRatio;
    if (cur && (!over || d.start > cur.end)) {
      events.push(finish(cur));
      cur = null;
    }
    if (kw === null || !over) continue;
    const level = kw > contractKw * t.penaltyRatio ? 'penalty' : 'overLimit';
    if (!cur) {
      cur = { start: d.start, end: d.end, peakKw: kw, peakAt: d.end, level };
      continue;
    }
    cur.end = d.end;
    if (kw > cur.peakKw) {
      cur.peakKw = kw;
      cur.peakAt = d.end;
    }
    if (level === 'penalty') cur.level = 'penalty';
  }
  if (cur) events.push(finish(cur));
  return events;
}

/** Headroom: contracted demand − current (or predicted) demand, kW; negative when over. */
export function headroomKw(contractKw: number, demandKw: number): number {
  return contractKw - demandKw;
}
