import { DATA_ID, HARMONIC_ORDERS, POWER_15M_MAX_DAYS, PQ_AGGREGATE_MS, harmonicCurrentId, harmonicVoltageId, type PqIndex, type PqIndexKey, type PqTrendPoint, type SpectrumBar } from '@ems/contract';
import { DEFAULT_FREQUENCY_LIMITS, DEFAULT_UNBALANCE_LIMITS, thdLimit, voltageDeviationLimit, voltageDeviationPct, worstPhaseOfStats, type Band, type Phase } from '@ems/domain';

const DAY_MS = 86_400_000;

/** System nominal voltage (kV) of a transformer's LV side: 0.38 kV for a 0.4 kV secondary (GB/T 156), else the secondary. */
export function nominalKvOf(secondaryKv: number | null): number {
  return secondaryKv === null || secondaryKv <= 0.4 + 1e-9 ? 0.38 : secondaryKv;
}

/** Phase nominal voltage, V: 220 V for 0.38 kV systems, else U_N / √3. */
export function nominalPhaseV(nominalKv: number): number {
  return nominalKv <= 0.38 + 1e-9 ? 220 : (nominalKv * 1000) / Math.sqrt(3);
}

/**
 * How a series' 10-min means become an index's values, v = (mean − offset) / divisor × scale (so
 * δU = (U − U_N) / U_N × 100 and Δf = f − 50 are computed as the domain computes them), and the
 * band they are held to (null: none).
 */
export interface SeriesSpec {
  dataId: number;
  offset: number;
  divisor: number;
  scale: number;
  band: Band | null;
}

/** A series' 10-min values over the window: counts, extremes and CP95 (of |v| for a two-sided band). */
export interface SeriesStats {
  measured: number;
  within: number;
  min: number | null;
  max: number | null;
  cp95: number | null;
}

/** A trend value: the mean of a series' 10-min means over one trend step starting at t. */
export interface PqTrendRow {
  dataId: number;
  t: number;
  value: number;
}

export const isTwoSided = (band: Band | null): boolean => band?.lower !== undefined && band.upper !== undefined;

const PHASES: readonly Phase[] = ['a', 'b', 'c'];

function limitsOf(nominalKv: number) {
  const thd = thdLimit(nominalKv);
  return {
    un: nominalPhaseV(nominalKv),
    dev: voltageDeviationLimit(nominalKv),
    freq: DEFAULT_FREQUENCY_LIMITS.normal,
    unb: DEFAULT_UNBALANCE_LIMITS.pcc.normal as Band,
    thd,
  };
}

const plain = (dataId: number, band: Band | null): SeriesSpec => ({ dataId, offset: 0, divisor: 1, scale: 1, band });

/** The series a report reads: those of the indices, and with `spectrum` the phase-A harmonics. */
export function pqSeriesSpecs(nominalKv: number, spectrum: boolean): SeriesSpec[] {
  const l = limitsOf(nominalKv);
  const specs: SeriesSpec[] = [
    ...PHASES.map((_, i) => ({ dataId: DATA_ID.voltageA + i, offset: l.un, divisor: l.un, scale: 100, band: l.dev })),
    { dataId: DATA_ID.frequency, offset: 50, divisor: 1, scale: 1, band: l.freq },
    plain(DATA_ID.voltageUnbalance, l.unb),
    ...PHASES.map((_, i) => plain(DATA_ID.thdVoltageA + i, { upper: l.thd.thdPct })),
    plain(DATA_ID.currentUnbalance, null),
    ...PHASES.map((_, i) => plain(DATA_ID.thdCurrentA + i, null)),
  ];
  if (spectrum) {
    for (const h of HARMONIC_ORDERS) specs.push(plain(harmonicVoltageId(h), { upper: h % 2 ? l.thd.oddPct : l.thd.evenPct }), plain(harmonicCurrentId(h), null));
  }
  return specs;
}

/** The trend's step for a window: 10-min values up to 7 days, hourly means up to 35, daily means beyond. */
export function pqTrendStepMs(spanMs: number): number {
  if (spanMs <= 7 * DAY_MS) return PQ_AGGREGATE_MS;
  return spanMs <= POWER_15M_MAX_DAYS * DAY_MS ? 3_600_000 : DAY_MS;
}

const round = (v: number | null, d = 3) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** d) / 10 ** d);
const ratePct = (s: SeriesStats | undefined) => (s && s.measured > 0 ? (s.within / s.measured) * 100 : null);
const NONE: SeriesStats = { measured: 0, within: 0, min: null, max: null, cp95: null };

export interface PqResult {
  indices: PqIndex[];
  overallCompliancePct: number | null;
  trend: PqTrendPoint[];
  spectrum: SpectrumBar[];
  limits: { voltageDeviationLower: number; voltageDeviationUpper: number; unbalanceUpper: number; thdUpper: number; oddPct: number; evenPct: number };
}

/**
 * Power quality of one meter from the statistics of its 10-min aggregates (DOMAIN §9): compliance =
 * share of 10-min values within the limit; per-phase indices report the worst phase's figures
 * (lowest compliance, then furthest excursion; without a limit the highest CP95) with max and min
 * over all phases; CP95 of |value| for two-sided bands, of the value otherwise; the phase-A spectrum
 * (when its series were read) with CP95 per order against the odd/even individual limits.
 */
export function powerQuality(stats: ReadonlyMap<number, SeriesStats>, trendRows: readonly PqTrendRow[], nominalKv: number): PqResult {
  const l = limitsOf(nominalKv);
  const of = (dataId: number) => stats.get(dataId) ?? NONE;
  const stat = (key: PqIndexKey, unit: string, band: Band | null, s: SeriesStats, phase: Phase | null, all: readonly SeriesStats[] = [s]): PqIndex => {
    const maxes = all.flatMap((x) => (x.max === null ? [] : [x.max]));
    const mins = all.flatMap((x) => (x.min === null ? [] : [x.min]));
    return {
      key,
      unit,
      lower: band?.lower ?? null,
      upper: band?.upper ?? null,
      compliancePct: band ? round(ratePct(s), 2) : null,
      measured: s.measured,
      within: band ? s.within : 0,
      cp95: round(s.cp95),
      max: maxes.length ? round(Math.max(...maxes)) : null,
      min: mins.length ? round(Math.min(...mins)) : null,
      worstPhase: phase,
    };
  };
  const phased = (key: PqIndexKey, unit: string, band: Band | null, firstId: number): PqIndex => {
    const per = PHASES.map((_, i) => of(firstId + i));
    let phase: Phase | null;
    if (band) {
      phase = worstPhaseOfStats(PHASES.map((p, i) => [p, { ratePct: ratePct(per[i]), extreme: Math.max(Math.abs(per[i]?.min ?? 0), Math.abs(per[i]?.max ?? 0)) }] as const));
    } else {
      // no limit: the phase with the highest CP95
      let best = 0;
      per.forEach((s, i) => {
        if ((s.cp95 ?? -Infinity) > (per[best]?.cp95 ?? -Infinity)) best = i;
      });
      phase = per.some((s) => s.measured > 0) ? (PHASES[best] ?? null) : null;
    }
    return stat(key, unit, band, per[phase ? PHASES.indexOf(phase) : 0] ?? NONE, phase, per);
  };

  const indices: PqIndex[] = [
    phased('voltageDeviation', '%', l.dev, DATA_ID.voltageA),
    stat('frequency', 'Hz', l.freq, of(DATA_ID.frequency), null),
    stat('voltageUnbalance', '%', l.unb, of(DATA_ID.voltageUnbalance), null),
    phased('thdVoltage', '%', { upper: l.thd.thdPct }, DATA_ID.thdVoltageA),
    stat('currentUnbalance', '%', null, of(DATA_ID.currentUnbalance), null),
    phased('thdCurrent', '%', null, DATA_ID.thdCurrentA),
  ];
  const limited = indices.filter((x) => x.compliancePct !== null && (x.lower !== null || x.upper !== null)).map((x) => x.compliancePct as number);

  const spectrum: SpectrumBar[] = stats.has(harmonicVoltageId(HARMONIC_ORDERS[0] ?? 2))
    ? HARMONIC_ORDERS.map((h) => {
        const v = of(harmonicVoltageId(h));
        const rate = ratePct(v);
        return {
          order: h,
          voltagePct: round(v.cp95),
          currentA: round(of(harmonicCurrentId(h)).cp95, 2),
          limitPct: h % 2 ? l.thd.oddPct : l.thd.evenPct,
          overPct: rate === null ? null : round(100 - rate, 2),
        };
      })
    : [];
  return {
    indices,
    overallCompliancePct: limited.length ? Math.min(...limited) : null,
    trend: trendOf(trendRows, l.un),
    spectrum,
    limits: {
      voltageDeviationLower: l.dev.lower ?? -7,
      voltageDeviationUpper: l.dev.upper ?? 7,
      unbalanceUpper: l.unb.upper ?? 2,
      thdUpper: l.thd.thdPct,
      oddPct: l.thd.oddPct,
      evenPct: l.thd.evenPct,
    },
  };
}

/** Trend points in time order: voltage deviation per phase, voltage unbalance, voltage THD per phase. */
function trendOf(rows: readonly PqTrendRow[], un: number): PqTrendPoint[] {
  const points = new Map<number, PqTrendPoint>();
  for (const r of rows) {
    let p = points.get(r.t);
    if (!p) points.set(r.t, (p = { t: r.t, devA: null, devB: null, devC: null, unbalance: null, thdA: null, thdB: null, thdC: null }));
    const dev = round(voltageDeviationPct(r.value, un));
    if (r.dataId === DATA_ID.voltageA) p.devA = dev;
    else if (r.dataId === DATA_ID.voltageB) p.devB = dev;
    else if (r.dataId === DATA_ID.voltageC) p.devC = dev;
    else if (r.dataId === DATA_ID.voltageUnbalance) p.unbalance = round(r.value);
    else if (r.dataId === DATA_ID.thdVoltageA) p.thdA = round(r.value);
    else if (r.dataId === DATA_ID.thdVoltageB) p.thdB = round(r.value);
    else if (r.dataId === DATA_ID.thdVoltageC) p.thdC = round(r.value);
  }
  return [...points.values()].sort((a, b) => a.t - b.t);
}
