import { economicLoadRate, gradeRow, efficiencyGrade, zoneBounds, type Insulation, type TransformerNameplate, type TransformerVariant, type GradeRow, DEFAULT_GRADE_TABLE } from './transformer.js';

/**
 * The fleet table's suggestions (DOMAIN.md §5: "merge/disconnect the lightly loaded unit",
 * "overloaded"; §11: equipment below grade), each with its reason and, where the measured load
 * allows, the active energy and money a year it is worth. Losses are the nameplate model's
 * ΔP = P0 + β² Pk over the range's measured buckets, scaled to a year of 8 760 h.
 */

export const HOURS_PER_YEAR = 8760;

/** One transformer of the fleet: nameplate, grading variant and its measured apparent power per bucket start (kVA). */
export interface FleetUnit {
  id: number;
  name: string;
  nameplate: TransformerNameplate | null;
  insulation: Insulation | null;
  variant?: TransformerVariant;
  /** S = √(P² + Q²) of the LV main per bucket start, kVA; buckets without a reading left out */
  kva: ReadonlyMap<number, number>;
}

/** What a year of a suggestion is worth: active energy (kWh) and, with a price, money (¥). */
export interface Saving {
  kwhPerYear: number;
  yuanPerYear: number | null;
}

export type TransformerSuggestion =
  /**
   * the peak load rate exceeds the rating (β_max > 1): add capacity or move load. `into`: the unit
   * that can take the part above the rating in every overloaded bucket (its own load plus that
   * part ≤ its rating) and saves the most load loss doing so, with `saving` what a year of that
   * transfer is worth; null when no unit can
   */
  | { kind: 'overloaded'; loadRateMaxPct: number; into?: { id: number; name: string; loadRateMaxPct: number } | null; saving?: Saving | null }
  /**
   * the mean load rate is below the optimal zone (β < 1.33 β_JZ², GB/T 13462): merge its load
   * onto `into` and disconnect it, when another unit can carry both (mean β ≤ 0.75, peak ≤ 1) and
   * that saves energy; else `into` is null (a smaller unit, or switching it off at night)
   */
  | { kind: 'lightLoad'; loadRateAvgPct: number; thresholdPct: number; into: { id: number; name: string; loadRateAvgPct: number; loadRateMaxPct: number } | null; saving: Saving | null }
  /** fails the grade-3 limits of GB 20052-2024: the saving of a grade-1 unit of the same rating at the measured load */
  | { kind: 'belowGrade'; p0Kw: number; pkKw: number; gradeOne: { p0Kw: number; pkKw: number }; saving: Saving | null };

interface Load {
  /** mean, peak and mean-square load rate over the measured buckets */
  avg: number;
  max: number;
  meanSquare: number;
}

function loadOf(kva: ReadonlyMap<number, number>, ratedKva: number): Load | null {
  if (kva.size === 0 || !(ratedKva > 0)) return null;
  let sum = 0;
  let sq = 0;
  let max = 0;
  for (const s of kva.values()) {
    sum += s;
    sq += s * s;
    if (s > max) max = s;
  }
  return { avg: sum / kva.size / ratedKva, max: max / ratedKva, meanSquare: sq / kva.size / (ratedKva * ratedKva) };
}

const pct = (x: number) => Math.round(x * 10000) / 100;
const saving = (kw: number, yuanPerKwh: number | null): Saving => {
  const kwhPerYear = Math.round(kw * HOURS_PER_YEAR);
  return { kwhPerYear, yuanPerYear: yuanPerKwh === null ? null : Math.round(kwhPerYear * yuanPerKwh) };
};

/**
 * Merging L's load onto R over the buckets both measured: S' = S_R + S_L. It fits when R's mean
 * load rate stays in the optimal zone's top (≤ 0.75) and its peak ≤ 1. The saving is the active
 * loss removed: L's P0 + Pk_L·mean β_L² + Pk_R·mean β_R² − Pk_R·mean β'² (kW, R's P0 stays).
 */
function merge(l: FleetUnit & { nameplate: TransformerNameplate }, r: FleetUnit & { nameplate: TransformerNameplate }): { avg: number; max: number; kw: number } | null {
  let n = 0;
  let sum = 0;
  let max = 0;
  let sqL = 0;
  let sqR = 0;
  let sqM = 0;
  for (const [t, sl] of l.kva) {
    const sr = r.kva.get(t);
    if (sr === undefined) continue;
    const s = sl + sr;
    n++;
    sum += s;
    if (s > max) max = s;
    sqL += sl * sl;
    sqR += sr * sr;
    sqM += s * s;
  }
  if (n === 0) return null;
  const nl = l.nameplate;
  const nr = r.nameplate;
  const avg = sum / n / nr.ratedKva;
  const peak = max / nr.ratedKva;
  if (avg > 0.75 || peak > 1) return null;
  const before = nl.p0Kw + (nl.pkKw * sqL) / n / nl.ratedKva ** 2 + (nr.pkKw * sqR) / n / nr.ratedKva ** 2;
  const after = (nr.pkKw * sqM) / n / nr.ratedKva ** 2;
  return { avg, max: peak, kw: before - after };
}

/**
 * Moving the part of O's load above its rating, Δ = S_O − S_N,O in each bucket where it is
 * positive, onto R. It fits when R carries its own load plus Δ within its rating in every such
 * bucket (O must be overloaded in a bucket R also measured). The saving is the load loss removed,
 * averaged over all O's measured buckets: Σ [Pk_O (β_O² − 1) + Pk_R (β_R² − β_R'²)] / n (kW; the
 * no-load losses do not change). Also R's peak load rate during the transfers.
 */
function shed(o: FleetUnit & { nameplate: TransformerNameplate }, r: FleetUnit & { nameplate: TransformerNameplate }): { max: number; kw: number } | null {
  const no = o.nameplate;
  const nr = r.nameplate;
  let kw = 0;
  let max = 0;
  let moved = 0;
  for (const [t, so] of o.kva) {
    const delta = so - no.ratedKva;
    if (delta <= 0) continue;
    const sr = r.kva.get(t);
    if (sr === undefined || sr + delta > nr.ratedKva) return null;
    moved++;
    max = Math.max(max, (sr + delta) / nr.ratedKva);
    kw += no.pkKw * ((so / no.ratedKva) ** 2 - 1) + nr.pkKw * ((sr / nr.ratedKva) ** 2 - ((sr + delta) / nr.ratedKva) ** 2);
  }
  return moved > 0 ? { max, kw: kw / o.kva.size } : null;
}

/**
 * The suggestions of each unit of a fleet (by id; none: an empty list). `yuanPerKwh` prices the
 * saved energy (null: energy only); `table` the grade limits (GB 20052-2024 by default); `kq` the
 * reactive economic equivalent of β_JZ.
 */
export function fleetSuggestions(units: readonly FleetUnit[], o: { yuanPerKwh: number | null; table?: readonly GradeRow[]; kq?: number }): Map<number, TransformerSuggestion[]> {
  const out = new Map<number, TransformerSuggestion[]>();
  const rated = units.filter((u): u is FleetUnit & { nameplate: TransformerNameplate } => u.nameplate !== null);
  const loads = new Map(rated.map((u) => [u.id, loadOf(u.kva, u.nameplate.ratedKva)]));
  for (const u of units) {
    const list: TransformerSuggestion[] = [];
    out.set(u.id, list);
    const np = u.nameplate;
    const load = loads.get(u.id) ?? null;
    if (!np) continue;
    if (load && load.max > 1) {
      let best: { r: FleetUnit; m: { max: number; kw: number } } | null = null;
      for (const r of rated) {
        if (r.id === u.id) continue;
        const m = shed(u as FleetUnit & { nameplate: TransformerNameplate }, r);
        if (m && m.kw > 0 && (best === null || m.kw > best.m.kw)) best = { r, m };
      }
      list.push({
        kind: 'overloaded',
        loadRateMaxPct: pct(load.max),
        into: best ? { id: best.r.id, name: best.r.name, loadRateMaxPct: pct(best.m.max) } : null,
        saving: best ? saving(best.m.kw, o.yuanPerKwh) : null,
      });
    }
    const jz = economicLoadRate(np, o.kq);
    if (load && jz !== null && load.avg < zoneBounds(jz).optimalLower) {
      let best: { r: FleetUnit; m: { avg: number; max: number; kw: number } } | null = null;
      for (const r of rated) {
        if (r.id === u.id) continue;
        const m = merge(u as FleetUnit & { nameplate: TransformerNameplate }, r);
        if (m && m.kw > 0 && (best === null || m.kw > best.m.kw)) best = { r, m };
      }
      list.push({
        kind: 'lightLoad',
        loadRateAvgPct: pct(load.avg),
        thresholdPct: pct(zoneBounds(jz).optimalLower),
        into: best ? { id: best.r.id, name: best.r.name, loadRateAvgPct: pct(best.m.avg), loadRateMaxPct: pct(best.m.max) } : null,
        saving: best ? saving(best.m.kw, o.yuanPerKwh) : null,
      });
    }
    if (u.insulation && efficiencyGrade(np, u.insulation, o.table ?? DEFAULT_GRADE_TABLE, u.variant) === 'below') {
      const g1 = gradeRow(np.ratedKva, u.insulation, u.variant, o.table ?? DEFAULT_GRADE_TABLE)?.limits[0];
      if (g1) {
        const kw = np.p0Kw - g1.p0Kw + (np.pkKw - g1.pkKw) * (load?.meanSquare ?? 0);
        list.push({ kind: 'belowGrade', p0Kw: np.p0Kw, pkKw: np.pkKw, gradeOne: { p0Kw: g1.p0Kw, pkKw: g1.pkKw }, saving: load ? saving(kw, o.yuanPerKwh) : null });
      }
    }
  }
  return out;
}
