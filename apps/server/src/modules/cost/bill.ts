import { PERIOD_CODE_VALUES, type CostBillLine, type MonthSummary, type TariffVersion } from '@ems/contract';
import {
  DEFAULT_DEMAND_RULES,
  averagePriceYuanPerKwh,
  compensationKvar,
  decimalToNumber,
  energyFee,
  localParts,
  monthlyBill,
  monthlyCosPhi,
  mulDecimal,
  powerFactorAdjustment,
  splitByPeriod,
  sumDecimal,
  sumFen,
  versionAt,
  versionSpans,
  zonedStart,
  type BillLine,
  type BillingPeriod,
  type PeriodCode,
} from '@ems/domain';
import { basicPart } from './basic-fee.js';
import type { IntervalRow } from './repository.js';

/**
 * The bill of one billing period from the 15-min interval energies of the node's top-level
 * electricity meters (pure: the service reads the rows). Energy is priced interval by interval with
 * the version in force on its local day; the basic fee by the days each version is in force (and
 * the node metered); the surcharges per version on the kWh of its days; the power-factor standard
 * from the version in force at the end of the period.
 */

export type Figures = Record<PeriodCode, number>;
const zero = (): Figures => ({ sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 });

export interface EnergyPart {
  lines: BillLine[];
  kwhByPeriod: Figures;
  energyFenByPeriod: Figures;
  energyFen: number;
  pricedKwh: number;
  unpricedKwh: number;
  missingIntervals: number;
  /** the priced kWh of each version's intervals, in order of effectiveFrom (the surcharges' quantities) */
  kwhByVersion: { version: TariffVersion; kwh: number }[];
}

/** Energy fee of a set of interval rows, each priced with the version of its local day. */
export function energyPart(rows: readonly IntervalRow[], versions: readonly TariffVersion[], timeZone: string): EnergyPart {
  const groups = new Map<TariffVersion | null, { start: number; kwh: number | null }[]>();
  for (const r of rows) {
    const v = versionAt(versions, r.start, timeZone);
    const list = groups.get(v) ?? [];
    list.push({ start: r.start, kwh: r.value });
    groups.set(v, list);
  }
  const lines: BillLine[] = [];
  const kwhParts: Record<PeriodCode, number[]> = { sharp: [], peak: [], flat: [], valley: [], deepValley: [] };
  const priced: number[] = [];
  const unpriced: (number | null)[] = [];
  let missingIntervals = 0;
  const kwhByVersion: EnergyPart['kwhByVersion'] = [];
  for (const [v, list] of groups) {
    if (v === null) {
      for (const it of list) if (it.kwh === null) missingIntervals++;
      unpriced.push(...list.map((it) => it.kwh));
      continue;
    }
    const split = splitByPeriod(list, v.calendar, timeZone);
    missingIntervals += split.missingIntervals;
    if (split.unclassifiedKwh !== 0) unpriced.push(split.unclassifiedKwh);
    const fee = energyFee(split.kwh, v.touPrices);
    lines.push(...fee.lines);
    priced.push(fee.totalKwh);
    kwhByVersion.push({ version: v, kwh: fee.totalKwh });
    for (const p of PERIOD_CODE_VALUES) kwhParts[p].push(split.kwh[p]);
  }
  const kwhByPeriod = zero();
  const energyFenByPeriod = zero();
  for (const p of PERIOD_CODE_VALUES) kwhByPeriod[p] = decimalToNumber(sumDecimal(kwhParts[p]));
  for (const l of lines) if (l.key in energyFenByPeriod) energyFenByPeriod[l.key as PeriodCode] += l.fen;
  return {
    lines,
    kwhByPeriod,
    energyFenByPeriod,
    energyFen: sumFen(lines.map((l) => l.fen)),
    pricedKwh: decimalToNumber(sumDecimal(priced)),
    unpricedKwh: decimalToNumber(sumDecimal(unpriced.filter((x): x is number => x !== null))),
    missingIntervals,
    kwhByVersion: kwhByVersion.sort((a, b) => a.version.effectiveFrom.localeCompare(b.version.effectiveFrom)),
  };
}

/** MD: the highest 15-min block demand (Σ meters' kWh × 4), with the block's start; the earliest on a tie. */
export function blockDemands(rows: readonly IntervalRow[]): { time: number; kw: number }[] {
  const byTs = new Map<number, number>();
  for (const r of rows) if (r.value !== null) byTs.set(r.start, (byTs.get(r.start) ?? 0) + r.value);
  return [...byTs.entries()].sort((a, b) => a[0] - b[0]).map(([time, kwh]) => ({ time, kw: Math.round(kwh * 4 * 1e6) / 1e6 }));
}

export function maxOf(points: readonly { time: number; kw: number }[]): { time: number; kw: number } | null {
  let best: { time: number; kw: number } | null = null;
  for (const p of points) if (best === null || p.kw > best.kw) best = p;
  return best;
}

/** The version that sets the period's meter-reading day: the one in force at its start (or the first that starts inside it). */
export function headVersion(versions: readonly TariffVersion[], period: Pick<BillingPeriod, 'from' | 'to'>, timeZone: string): TariffVersion | null {
  return versionAt(versions, period.from, timeZone) ?? versionAt(versions, period.to - 1, timeZone);
}

export interface PeriodBill {
  summary: MonthSummary;
  lines: CostBillLine[];
  demandLines: CostBillLine[];
  capacityLine: CostBillLine | null;
  averageKw: number | null;
  compensationKvar: number | null;
  missingIntervals: number;
  unpricedKwh: number;
}

const plain = (l: BillLine, name?: string): CostBillLine => {
  const out: CostBillLine = { key: l.key, fen: l.fen };
  if (l.quantity !== undefined) out.quantity = l.quantity;
  if (l.unitPriceYuan !== undefined) out.unitPriceYuan = l.unitPriceYuan;
  if (l.allocated) out.allocated = true;
  if (l.days !== undefined && l.daysInPeriod !== undefined) {
    out.days = l.days;
    out.daysInPeriod = l.daysInPeriod;
  }
  if (name !== undefined) out.name = name;
  return out;
};

/** The local midnight of ts's day. */
const dayStart = (ts: number, timeZone: string) => {
  const l = localParts(ts, timeZone);
  return zonedStart(l.year, l.month, l.day, timeZone);
};

/**
 * The bill of a billing period (unbilled without a version in force or without any 15-min rollup
 * of its meters: a month before metering began is not a month of basic fees): energy lines by
 * period, basic fee by each version's basis over its days (both ways computed for the comparison),
 * the power-factor adjustment on (basic + energy) × r% from the month's kWh and kvarh, the per-kWh
 * surcharges of each version on its kWh, total and average price.
 */
export function periodBill(input: {
  period: BillingPeriod;
  versions: readonly TariffVersion[];
  timeZone: string;
  kwhRows: readonly IntervalRow[];
  /** the month's kvarh of the same meters; null when none of them has a kvarh counter */
  kvarh: number | null;
  /** the month's reverse (capacitive) kvarh of the same meters (DATA_ID.reactiveEnergyExport); added into Q (|Q forward| + |Q reverse|) unless the version sets addReverseKvarh false */
  reverseKvarh?: number | null;
  /** hours of the period elapsed (for the average kW of the compensation) */
  elapsedHours: number;
  /**
   * when the node's metering began inside this period: its first 15-min rollup. The basic fee is
   * then pro-rated from that local day on. Omitted: the supply is in use from the period start.
   */
  meteringFrom?: number | null;
}): PeriodBill {
  const { period, versions, timeZone } = input;
  // The month's state when the meter is read, at its end: the power-factor standard (and whether
  // reverse kvarh counts into Q) of the version in force then applies to the whole month's cosφ,
  // and its basis and contract head the summary. With one version in the month it is that version.
  const v = versionAt(versions, period.to - 1, timeZone);
  const e = energyPart(input.kwhRows, versions, timeZone);
  const blocks = blockDemands(input.kwhRows);
  const md = maxOf(blocks);
  const kwh = decimalToNumber(sumDecimal([e.pricedKwh, e.unpricedKwh]));
  const base: MonthSummary = {
    year: period.year,
    month: period.month,
    from: period.from,
    to: period.to,
    billed: v !== null && input.kwhRows.length > 0,
    kwh,
    kwhByPeriod: e.kwhByPeriod,
    energyFenByPeriod: e.energyFenByPeriod,
    energyFen: e.energyFen,
    basis: null,
    basicFen: 0,
    capacityFeeFen: 0,
    demandFeeFen: 0,
    cheaper: null,
    mdKw: md?.kw ?? null,
    mdTime: md?.time ?? null,
    contractKw: null,
    minDemandKw: null,
    raisedToMinimum: false,
    kvarh: input.kvarh,
    cosPhi: input.kvarh === null ? null : monthlyCosPhi({ kwh, kvarh: input.kvarh, reverseKvarh: input.reverseKvarh ?? 0, addReverseKvarh: v?.addReverseKvarh ?? true }),
    pfStandard: null,
    pfPct: null,
    pfFen: 0,
    surchargeFen: 0,
    totalFen: e.energyFen,
    averagePriceYuanPerKwh: null,
  };
  const rest = { averageKw: null, compensationKvar: null, missingIntervals: e.missingIntervals, unpricedKwh: e.unpricedKwh };
  if (v === null || input.kwhRows.length === 0) return { summary: base, lines: e.lines.map((l) => plain(l)), demandLines: [], capacityLine: null, ...rest };

  const inUseFrom = input.meteringFrom != null && input.meteringFrom > period.from ? Math.min(dayStart(input.meteringFrom, timeZone), period.to) : period.from;
  const basic = basicPart(versionSpans(versions, { from: inUseFrom, to: period.to }, timeZone), period.days, blocks);
  const basicFen = sumFen(basic.basic.map((l) => l.fen));

  const pf =
    v.pfStandard !== null && base.cosPhi !== null && base.cosPhi > 0
      ? powerFactorAdjustment({ basicFen, energyFeeFen: e.energyFen, cosPhi: base.cosPhi, standard: v.pfStandard })
      : null;
  const head = monthlyBill({ energy: { lines: e.lines, totalKwh: e.pricedKwh, totalFen: e.energyFen }, basic: basic.basic, powerFactorFen: pf?.fen ?? null });
  // each version's surcharges on the kWh of its own intervals
  const surcharges = e.kwhByVersion.flatMap(({ version, kwh: q }) => {
    const names = new Map(version.surcharges.map((s) => [s.key, s.name]));
    const perKwh = version.surcharges.map((s) => ({ key: s.key, priceYuanPerKwh: s.priceYuanPerKwh }));
    return monthlyBill({ energy: { lines: [], totalKwh: q, totalFen: 0 }, basic: [], perKwh }).lines.map((l) => plain(l, names.get(l.key)));
  });
  const lines = [...head.lines.map((l) => plain(l)), ...surcharges];
  const totalFen = sumFen(lines.map((l) => l.fen));
  const average = averagePriceYuanPerKwh(totalFen, e.pricedKwh);
  const averageKw = input.elapsedHours > 0 ? kwh / input.elapsedHours : null;
  const target = v.pfStandard === null ? null : Number(v.pfStandard);
  return {
    summary: {
      ...base,
      basis: v.basis,
      basicFen,
      capacityFeeFen: basic.capacityFen,
      demandFeeFen: basic.demandFen,
      cheaper: basic.cheaper,
      // the contract of the version in force (the demand side of the comparison bills it on either basis)
      contractKw: v.demandElection === 'contract' ? v.contractKw : null,
      minDemandKw: decimalToNumber(mulDecimal(v.capacityKva, DEFAULT_DEMAND_RULES.minContractRatio)),
      raisedToMinimum: basic.raisedToMinimum,
      pfStandard: v.pfStandard,
      pfPct: pf?.ratePct ?? null,
      pfFen: pf?.fen ?? 0,
      surchargeFen: sumFen(surcharges.map((l) => l.fen)),
      totalFen,
      averagePriceYuanPerKwh: average === null ? null : Math.round(average * 1e6) / 1e6,
    },
    lines,
    demandLines: basic.demandLines.map((l) => plain(l)),
    capacityLine: basic.capacityLine === null ? null : plain(basic.capacityLine),
    averageKw,
    compensationKvar: averageKw !== null && base.cosPhi !== null && base.cosPhi > 0 && target !== null ? compensationKvar(averageKw, base.cosPhi, target) : null,
    missingIntervals: e.missingIntervals,
    unpricedKwh: e.unpricedKwh,
  };
}
