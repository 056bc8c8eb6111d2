import type { LoadPoint, TransformerRow } from '@ems/contract';
import {
  economicLoadRate,
  efficiency,
  efficiencyGrade,
  loadRate,
  loadZone,
  lossEnergyKwh,
  optimumLoadRate,
  periodEfficiency,
  zoneHours,
  type GradeRow,
  type LoadInterval,
  type TransformerVariant,
  type TransformerNameplate,
} from '@ems/domain';
import { numAttr } from './topology.js';

/** A transformer's nameplate from its attrs; null unless S_N, P0 and Pk are all given (I0 %, Uk % default 0). */
export function nameplateOf(attrs: Record<string, unknown>): TransformerNameplate | null {
  const ratedKva = numAttr(attrs.ratedKva);
  const p0Kw = numAttr(attrs.p0Kw);
  const pkKw = numAttr(attrs.pkKw);
  if (!ratedKva || ratedKva <= 0 || p0Kw === null || pkKw === null) return null;
  return { ratedKva, p0Kw, pkKw, i0Pct: numAttr(attrs.i0Pct) ?? 0, ukPct: numAttr(attrs.ukPct) ?? 0 };
}

/** The GB 20052-2024 variant of a transformer from its attrs (coreMaterial, windingConnection, insulationClass; absent: steel, Dyn11, class F). */
export function variantOf(attrs: Record<string, unknown>): TransformerVariant {
  const v: TransformerVariant = {};
  if (attrs.coreMaterial === 'steel' || attrs.coreMaterial === 'amorphous') v.core = attrs.coreMaterial;
  if (attrs.windingConnection === 'Dyn11' || attrs.windingConnection === 'Yyn0') v.connection = attrs.windingConnection;
  if (attrs.insulationClass === 'B' || attrs.insulationClass === 'F' || attrs.insulationClass === 'H') v.insulationClass = attrs.insulationClass;
  return v;
}

/** One bucket of the LV main: its energies (null: no value). */
export interface EnergyBucket {
  start: number;
  kwh: number | null;
  kvarh: number | null;
}

export type Figures = Omit<TransformerRow, 'id' | 'name' | 'meterId' | 'meterName' | 'pq' | 'suggestions'>;

const r = (v: number | null, d = 4) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** d) / 10 ** d);

/**
 * The fleet-table figures of a transformer from its LV main's buckets of `hours` each (DOMAIN §5):
 * P = kWh / h, Q = kvarh / h (0 without a kvarh counter), β = √(P² + Q²) / S_N; losses over the
 * buckets with a value (E0 = P0 · t, E_k = Pk Σ β² Δt); η = E_out / (E_out + E_loss); the zone of
 * the mean β against β_JZ; the grade from the nameplate against `table` (the GB 20052 edition in
 * force, modules/efficiency-standards currentStandard; the published one by default). Also the load curve.
 */
export function transformerFigures(
  attrs: Record<string, unknown>,
  buckets: readonly EnergyBucket[],
  hours: number,
  expected: number,
  table?: readonly GradeRow[],
): { figures: Figures; load: LoadPoint[]; cosPhi: number | null } {
  const np = nameplateOf(attrs);
  const insulation = attrs.insulation === 'oil' ? 'oil' : attrs.insulation === 'dry' ? 'dry' : null;
  const load: LoadPoint[] = [];
  const ivs: LoadInterval[] = [];
  let kwhSum = 0;
  let sSum = 0;
  let betaSum = 0;
  let n = 0;
  let max: { beta: number; t: number } | null = null;
  for (const b of buckets) {
    if (b.kwh === null) {
      load.push({ t: b.start, kw: null, kvar: null, loadRatePct: null });
      continue;
    }
    const kw = b.kwh / hours;
    const kvar = (b.kvarh ?? 0) / hours;
    const beta = np ? loadRate(kw, kvar, np.ratedKva) : null;
    load.push({ t: b.start, kw: r(kw), kvar: r(kvar), loadRatePct: beta === null ? null : r(beta * 100) });
    kwhSum += b.kwh;
    sSum += Math.hypot(b.kwh, b.kvarh ?? 0);
    n++;
    if (beta !== null) {
      ivs.push({ beta, hours });
      betaSum += beta;
      if (!max || beta > max.beta) max = { beta, t: b.start };
    }
  }
  const betaJz = np ? economicLoadRate(np) : null;
  const betaOpt = np ? optimumLoadRate(np) : null;
  const betaAvg = ivs.length > 0 ? betaSum / ivs.length : null;
  const loss = np ? lossEnergyKwh(np, ivs) : null;
  const lossKwh = loss ? loss.noLoadKwh + loss.loadKwh : null;
  const zh = betaJz !== null ? zoneHours(ivs, betaJz) : { light: 0, economic: 0, optimal: 0, over: 0 };
  return {
    cosPhi: sSum > 0 ? kwhSum / sSum : null,
    load,
    figures: {
      ratedKva: numAttr(attrs.ratedKva),
      p0Kw: numAttr(attrs.p0Kw),
      pkKw: numAttr(attrs.pkKw),
      i0Pct: numAttr(attrs.i0Pct),
      ukPct: numAttr(attrs.ukPct),
      insulation,
      loadRateAvgPct: betaAvg === null ? null : r(betaAvg * 100),
      loadRateMaxPct: max ? r(max.beta * 100) : null,
      loadRateMaxTime: max ? max.t : null,
      energyKwh: n > 0 ? r(kwhSum, 3) : null,
      noLoadLossKwh: loss && n > 0 ? r(loss.noLoadKwh, 3) : null,
      loadLossKwh: loss && n > 0 ? r(loss.loadKwh, 3) : null,
      lossKwh: lossKwh !== null && n > 0 ? r(lossKwh, 3) : null,
      efficiencyPct: lossKwh !== null && n > 0 ? r((periodEfficiency(kwhSum, lossKwh) ?? NaN) * 100) : null,
      optimumLoadRatePct: betaOpt === null ? null : r(betaOpt * 100),
      economicLoadRatePct: betaJz === null ? null : r(betaJz * 100),
      zone: betaAvg !== null && betaJz !== null ? loadZone(betaAvg, betaJz) : null,
      zoneHours: zh,
      grade: np && insulation ? efficiencyGrade(np, insulation, table, variantOf(attrs)) : 'unrated',
      intervals: expected,
      intervalsWithData: n,
    },
  };
}

/** η (%) against β (%) from 0 to 120 % in steps of 2 % at cosφ. */
export function etaCurve(np: TransformerNameplate, cosPhi: number): { loadRatePct: number; efficiencyPct: number }[] {
  const out: { loadRatePct: number; efficiencyPct: number }[] = [];
  for (let b = 0; b <= 120; b += 2) out.push({ loadRatePct: b, efficiencyPct: r(efficiency(np, b / 100, cosPhi) * 100) ?? 0 });
  return out;
}
