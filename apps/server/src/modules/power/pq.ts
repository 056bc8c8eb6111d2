import { DATA_ID, HARMONIC_ORDERS, harmonicCurrentId, harmonicVoltageId, type PqIndex, type PqIndexKey, type PqTrendPoint, type SpectrumBar } from '@ems/contract';
import {
  DEFAULT_FREQUENCY_LIMITS,
  DEFAULT_UNBALANCE_LIMITS,
  complianceRate,
  cp95,
  frequencyDeviationHz,
  thdLimit,
  voltageDeviationLimit,
  voltageDeviationPct,
  worstPhase,
  type Band,
  type Phase,
} from '@ems/domain';
import type { PqAggRow } from './repository.js';

/** The data points a PQ report reads from the LV main. */
export const PQ_DATA_IDS: readonly number[] = [
  DATA_ID.voltageA,
  DATA_ID.voltageB,
  DATA_ID.voltageC,
  DATA_ID.frequency,
  DATA_ID.thdVoltageA,
  DATA_ID.thdVoltageB,
  DATA_ID.thdVoltageC,
  DATA_ID.thdCurrentA,
  DATA_ID.thdCurrentB,
  DATA_ID.thdCurrentC,
  DATA_ID.voltageUnbalance,
  DATA_ID.currentUnbalance,
  ...HARMONIC_ORDERS.map(harmonicVoltageId),
  ...HARMONIC_ORDERS.map(harmonicCurrentId),
];

/** System nominal voltage (kV) of a transformer's LV side: 0.38 kV for a 0.4 kV secondary (GB/T 156), else the secondary. */
export function nominalKvOf(secondaryKv: number | null): number {
  return secondaryKv === null || secondaryKv <= 0.4 + 1e-9 ? 0.38 : secondaryKv;
}

/** Phase nominal voltage, V: 220 V for 0.38 kV systems, else U_N / √3. */
export function nominalPhaseV(nominalKv: number): number {
  return nominalKv <= 0.38 + 1e-9 ? 220 : (nominalKv * 1000) / Math.sqrt(3);
}

const round = (v: number | null, d = 3) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** d) / 10 ** d);
const PHASES: readonly Phase[] = ['a', 'b', 'c'];

export interface PqResult {
  indices: PqIndex[];
  overallCompliancePct: number | null;
  trend: PqTrendPoint[];
  spectrum: SpectrumBar[];
  limits: { voltageDeviationLower: number; voltageDeviationUpper: number; unbalanceUpper: number; thdUpper: number; oddPct: number; evenPct: number };
}

/**
 * Power quality of one meter from its 10-min aggregates (DOMAIN §9): compliance = share of 10-min
 * values within the limit; per-phase indices report the worst phase's figures (lowest compliance,
 * then furthest excursion); CP95 of |value| for two-sided bands, of the value otherwise; the
 * phase-A spectrum with CP95 per order against the odd/even individual limits.
 */
export function powerQuality(rows: readonly PqAggRow[], nominalKv: number): PqResult {
  const series = new Map<number, Map<number, number>>();
  const buckets = new Set<number>();
  for (const r of rows) {
    let s = series.get(r.dataId);
    if (!s) series.set(r.dataId, (s = new Map()));
    s.set(r.bucket, r.value);
    buckets.add(r.bucket);
  }
  const times = [...buckets].sort((a, b) => a - b);
  const values = (dataId: number, f: (v: number) => number = (v) => v): (number | null)[] => {
    const s = series.get(dataId);
    return times.map((t) => {
      const v = s?.get(t);
      return v === undefined ? null : f(v);
    });
  };
  const un = nominalPhaseV(nominalKv);
  const devBand = voltageDeviationLimit(nominalKv);
  const freqBand = DEFAULT_FREQUENCY_LIMITS.normal;
  const unbBand: Band = DEFAULT_UNBALANCE_LIMITS.pcc.normal;
  const thd = thdLimit(nominalKv);
  const thdBand: Band = { upper: thd.thdPct };
  const dev = PHASES.map((_, i) => values(DATA_ID.voltageA + i, (u) => voltageDeviationPct(u, un)));
  const thdU = PHASES.map((_, i) => values(DATA_ID.thdVoltageA + i));
  const thdI = PHASES.map((_, i) => values(DATA_ID.thdCurrentA + i));

  const finite = (list: readonly (number | null)[]) => list.filter((v): v is number => v !== null && Number.isFinite(v));
  const stat = (key: PqIndexKey, unit: string, band: Band | null, list: readonly (number | null)[], phase: Phase | null, all: readonly (number | null)[] = list): PqIndex => {
    const twoSided = band?.lower !== undefined && band.upper !== undefined;
    const c = band ? complianceRate(list, band) : null;
    const vals = finite(all);
    return {
      key,
      unit,
      lower: band?.lower ?? null,
      upper: band?.upper ?? null,
      compliancePct: round(c?.ratePct ?? null, 2),
      measured: c?.measured ?? finite(list).length,
      within: c?.within ?? 0,
      cp95: round(cp95(twoSided ? list.map((v) => (v === null ? null : Math.abs(v))) : list)),
      max: vals.length ? round(Math.max(...vals)) : null,
      min: vals.length ? round(Math.min(...vals)) : null,
      worstPhase: phase,
    };
  };
  const phased = (key: PqIndexKey, unit: string, band: Band | null, per: (number | null)[][]): PqIndex => {
    const all = per.flat();
    if (band) {
      const w = worstPhase({ a: per[0] ?? [], b: per[1] ?? [], c: per[2] ?? [] }, band);
      const i = w ? PHASES.indexOf(w.phase) : 0;
      return stat(key, unit, band, per[i] ?? [], w?.phase ?? null, all);
    }
    // no limit: the phase with the highest CP95
    let best = 0;
    let bestV = -Infinity;
    per.forEach((list, i) => {
      const v = cp95(list) ?? -Infinity;
      if (v > bestV) [best, bestV] = [i, v];
    });
    return stat(key, unit, null, per[best] ?? [], finite(all).length ? (PHASES[best] ?? null) : null, all);
  };

  const indices: PqIndex[] = [
    phased('voltageDeviation', '%', devBand, dev),
    stat('frequency', 'Hz', freqBand, values(DATA_ID.frequency, (f) => frequencyDeviationHz(f)), null),
    stat('voltageUnbalance', '%', unbBand, values(DATA_ID.voltageUnbalance), null),
    phased('thdVoltage', '%', thdBand, thdU),
    stat('currentUnbalance', '%', null, values(DATA_ID.currentUnbalance), null),
    phased('thdCurrent', '%', null, thdI),
  ];
  const limited = indices.filter((x) => x.compliancePct !== null && (x.lower !== null || x.upper !== null)).map((x) => x.compliancePct as number);

  const unb = values(DATA_ID.voltageUnbalance);
  const trend: PqTrendPoint[] = times.map((t, k) => ({
    t,
    devA: round(dev[0]?.[k] ?? null),
    devB: round(dev[1]?.[k] ?? null),
    devC: round(dev[2]?.[k] ?? null),
    unbalance: round(unb[k] ?? null),
    thdA: round(thdU[0]?.[k] ?? null),
    thdB: round(thdU[1]?.[k] ?? null),
    thdC: round(thdU[2]?.[k] ?? null),
  }));
  const spectrum: SpectrumBar[] = HARMONIC_ORDERS.map((h) => {
    const limitPct = h % 2 ? thd.oddPct : thd.evenPct;
    const v = values(harmonicVoltageId(h));
    const c = complianceRate(v, { upper: limitPct });
    return {
      order: h,
      voltagePct: round(cp95(v)),
      currentA: round(cp95(values(harmonicCurrentId(h))), 2),
      limitPct,
      overPct: c.ratePct === null ? null : round(100 - c.ratePct, 2),
    };
  });
  return {
    indices,
    overallCompliancePct: limited.length ? Math.min(...limited) : null,
    trend,
    spectrum,
    limits: {
      voltageDeviationLower: devBand.lower ?? -7,
      voltageDeviationUpper: devBand.upper ?? 7,
      unbalanceUpper: unbBand.upper ?? 2,
      thdUpper: thd.thdPct,
      oddPct: thd.oddPct,
      evenPct: thd.evenPct,
    },
  };
}
