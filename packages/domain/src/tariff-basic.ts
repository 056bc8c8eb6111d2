import { zonedStart, localParts } from './counters-calendar.js';
import { amountFen, averagePriceYuanPerKwh, decimal, decimalToNumber, decimalToString, mulDecimal, sumDecimal, sumFen, toFen, type Decimal, type Fen } from './money.js';
import type { BillLine, EnergyFee } from './tariff.js';

/**
 * Basic fee (基本电费) by capacity or by demand, the billing month, allocation to days, and the
 * month's bill (DOMAIN.md §3). Money to the fen, half-up per line; totals are sums of lines.
 */

/** Demand-basis rules (发改办价格〔2016〕1583号 / 发改价格〔2023〕526号) [V], as data. */
export interface DemandRules {
  /** MD up to contract × this bills the contract (1.05) */
  toleranceRatio: number | string;
  /** the part above contract × toleranceRatio is billed at price × this (2) */
  excessMultiplier: number | string;
  /** the contracted demand may not be below capacity × this (0.4); also the floor of a billed actual MD */
  minContractRatio: number | string;
}
export const DEFAULT_DEMAND_RULES: DemandRules = { toleranceRatio: '1.05', excessMultiplier: '2', minContractRatio: '0.4' };

/**
 * Days of a monthly basic fee billed for part of a month (新装、增容、变更与终止用电当月, and a change
 * of tariff version inside a billing month). 供电营业规则 第84条: the basic fee of such a month is
 * billed by the days in use, each day at one thirtieth of the monthly fee, in 28-, 30- and 31-day
 * months alike ({@link BASIC_FEE_DAY_DIVISOR}). A whole billing month is the monthly fee itself.
 */
export interface ProRate {
  /** days in use (a day with less than 24 h of supply counts as a day), 1–30 */
  days: number;
}

/** 供电营业规则 第84条: one day of basic fee is 1/30 of the monthly fee, whatever the month's length. */
export const BASIC_FEE_DAY_DIVISOR = 30;

/**
 * The days of each stretch of a billing month that bills a part of the monthly fee, in order, each
 * day 1/30 of the monthly fee (供电营业规则 第84条), so that together they never bill more than a
 * month (30/30). When the stretches cover the whole billing period (a tariff change inside it) they
 * bill exactly a month: the last one gets the remainder up to 30 days, so a change of price alone
 * never changes what a month bills — a 31-day month cut 15 + 16 bills 15/30 + 15/30, a 28-day
 * February cut 14 + 14 bills 14/30 + 16/30. Stretches that leave days out (metering began inside
 * the month) bill their own days. One stretch covering the month is not pro-rated (null).
 */
export function proRatedDays(stretchDays: readonly number[], daysInPeriod: number): (ProRate | null)[] {
  if (stretchDays.length === 1 && stretchDays[0] === daysInPeriod) return [null];
  const whole = stretchDays.reduce((a, d) => a + d, 0) === daysInPeriod;
  let left = BASIC_FEE_DAY_DIVISOR;
  return stretchDays.map((d, i) => {
    const days = whole && i === stretchDays.length - 1 ? left : Math.max(0, Math.min(d, left));
    left -= days;
    return { days };
  });
}

const neg = (d: Decimal): Decimal => ({ units: -d.units, scale: d.scale });
const cmp = (a: Decimal, b: Decimal) => {
  const s = sumDecimal([a, neg(b)]).units;
  return s > 0n ? 1 : s < 0n ? -1 : 0;
};
const line = (key: string, qty: Decimal, price: Decimal, pro?: ProRate): BillLine => ({
  key,
  quantity: decimalToNumber(qty),
  unitPriceYuan: decimalToString(price),
  fen: pro ? toFen(mulDecimal(qty, price), pro.days, BASIC_FEE_DAY_DIVISOR) : amountFen(qty, price),
  ...(pro ? { days: pro.days, daysInPeriod: BASIC_FEE_DAY_DIVISOR } : {}),
});

/**
 * Capacity basis: Fee_B = kVA (transformers plus HV motors without a transformer) × ¥/kVA·month,
 * for part of a month × days / 30 (供电营业规则 第84条), rounded once.
 */
export function capacityBasicFee(capacityKva: number | string, priceYuanPerKvaMonth: number | string, pro?: ProRate): BillLine {
  return line('capacity', decimal(capacityKva), decimal(priceYuanPerKvaMonth), pro);
}

export interface DemandBasisInput {
  /** installed capacity, kVA (for the 40 % rule) */
  capacityKva: number | string;
  /** contracted (declared) demand, kW; ignored when election is 'actual' */
  contractKw: number | string;
  /** the month's maximum demand MD (highest 15-min average), kW */
  actualMdKw: number | string;
  priceYuanPerKwMonth: number | string;
  /** 'contract' (合同最大需量) or 'actual' (按实际最大需量) */
  election: 'contract' | 'actual';
}

export type DemandBasicFee = {
  lines: BillLine[];
  fen: Fen;
  billedKw: number;
  /** capacity × minContractRatio (40 %): the least demand billed */
  minKw: number;
  /** the contracted demand (or, electing actual, the MD) was below minKw and is billed at minKw */
  raisedToMinimum: boolean;
};

const maxDecimal = (a: Decimal, b: Decimal) => (cmp(a, b) >= 0 ? a : b);

/**
 * Demand basis: billing demand × ¥/kW·month (发改办价格〔2016〕1583号 / 发改价格〔2023〕526号). A
 * contracted (or actual) maximum demand below 40 % of the capacity is billed at 40 % of the
 * capacity (`raisedToMinimum`).
 * - contract: the contract C' = max(contract, 40 % of capacity) is billed; the MD above 105 % of C'
 *   is billed at double price, as a second line.
 * - actual: bills max(MD, 40 % of capacity).
 */
export function demandBasicFee(input: DemandBasisInput, rules: DemandRules = DEFAULT_DEMAND_RULES, pro?: ProRate): DemandBasicFee {
  const price = decimal(input.priceYuanPerKwMonth);
  const md = decimal(input.actualMdKw);
  const minKw = mulDecimal(input.capacityKva, rules.minContractRatio);
  let lines: BillLine[];
  let raisedToMinimum: boolean;
  if (input.election === 'actual') {
    raisedToMinimum = cmp(md, minKw) < 0;
    lines = [line('demandActual', maxDecimal(md, minKw), price, pro)];
  } else {
    const declared = decimal(input.contractKw);
    raisedToMinimum = cmp(declared, minKw) < 0;
    const contract = maxDecimal(declared, minKw);
    const excess = sumDecimal([md, neg(mulDecimal(contract, rules.toleranceRatio))]);
    lines = [line('demandContract', contract, price, pro)];
    if (excess.units > 0n) lines.push(line('demandExcess', excess, mulDecimal(price, rules.excessMultiplier), pro));
  }
  const billed = sumDecimal(lines.map((l) => decimal(l.quantity ?? 0)));
  return { lines, fen: sumFen(lines.map((l) => l.fen)), billedKw: decimalToNumber(billed), minKw: decimalToNumber(minKw), raisedToMinimum };
}

/** One stretch of a billing period under one tariff version: its capacity and demand terms, its MD, and its days when it is part of a month. */
export interface BasisStretch {
  capacityKva: number | string;
  priceYuanPerKvaMonth: number | string;
  /** the stretch's own maximum demand (highest 15-min average of its days), kW */
  actualMdKw: number | string;
  priceYuanPerKwMonth: number | string;
  election: 'contract' | 'actual';
  contractKw: number | string;
  /** part of a month: its days ({@link proRatedDays}); absent or null for a whole month */
  pro?: ProRate | null;
}

/** Both sides of "which basis is cheaper" over a period, stretch by stretch, and the verdict. */
export interface BasisComparison {
  /** each stretch's capacity line */
  capacity: BillLine[];
  /** each stretch's demand-basis fee under its own election (lines, 40 % floor flag) */
  demand: DemandBasicFee[];
  capacityFen: Fen;
  demandFen: Fen;
  cheaper: 'capacity' | 'demand' | 'equal';
}

/**
 * "Which basis is cheaper", like with like (DOMAIN §3): over the stretches of a billing period,
 * each under its own tariff version and pro-rated alike, the capacity fee (capacity × price_kVA)
 * against what the demand basis would bill under each version's own election — the 105 %
 * double-price excess and the 40 % floor included ({@link demandBasicFee}; electing actual MD, the
 * demand side is max(MD, 40 % of capacity) × price_kW). Each side is the sum of its lines in fen;
 * ties are 'equal'. A whole month under one version is one stretch without `pro`.
 */
export function cheaperBasicFeeBasis(stretches: readonly BasisStretch[], rules: DemandRules = DEFAULT_DEMAND_RULES): BasisComparison {
  const capacity = stretches.map((s) => capacityBasicFee(s.capacityKva, s.priceYuanPerKvaMonth, s.pro ?? undefined));
  const demand = stretches.map((s) => demandBasicFee(s, rules, s.pro ?? undefined));
  const capacityFen = sumFen(capacity.map((l) => l.fen));
  const demandFen = sumFen(demand.map((d) => d.fen));
  return { capacity, demand, capacityFen, demandFen, cheaper: capacityFen < demandFen ? 'capacity' : demandFen < capacityFen ? 'demand' : 'equal' };
}

/** A billing period: [from, to) in ms, its label year/month and its number of local days. */
export interface BillingPeriod {
  year: number;
  month: number;
  from: number;
  to: number;
  days: number;
}

const daysBetween = (y: number, m: number, d: number, y2: number, m2: number, d2: number) => Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y, m - 1, d)) / 86_400_000);

function checkReadingDay(day: number | null | undefined): number {
  if (day === null || day === undefined) return 1;
  if (!Number.isInteger(day) || day < 1 || day > 28) throw new RangeError(`meter-reading day must be 1–28: ${day}`);
  return day;
}

/**
 * The billing month labelled year-month: the calendar month, or with a meter-reading day d (1–28)
 * from local day d of that month to day d − 1 of the next (i.e. up to day d of the next, exclusive).
 */
export function billingPeriod(year: number, month: number, timeZone: string, meterReadingDay?: number | null): BillingPeriod {
  const d = checkReadingDay(meterReadingDay);
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return { year: y, month: m, from: zonedStart(y, m, d, timeZone), to: zonedStart(y, m + 1, d, timeZone), days: daysBetween(y, m, d, y, m + 1, d) };
}

/** The billing period containing the instant ts. */
export function billingPeriodOf(ts: number, timeZone: string, meterReadingDay?: number | null): BillingPeriod {
  const d = checkReadingDay(meterReadingDay);
  const l = localParts(ts, timeZone);
  return l.day >= d ? billingPeriod(l.year, l.month, timeZone, d) : billingPeriod(l.year, l.month - 1, timeZone, d);
}

/**
 * Day and week views: the monthly basic fee × days / days-in-month, rounded half-up, labelled
 * allocated (DOMAIN §3 cycles) — a share of the month's bill shown on a shorter view, so a month's
 * days add up to its bill; not a billed amount (a part-month bill is {@link ProRate}'s 1/30 a day).
 */
export function allocatedBasicFee(monthlyFen: Fen, days: number, daysInMonth: number): BillLine {
  return { key: 'basicAllocated', fen: toFen({ units: BigInt(monthlyFen), scale: 2 }, days, daysInMonth), allocated: true };
}

/** A per-kWh surcharge (government funds, post-2023 system-operation or line-loss items) [V]. */
export interface PerKwhCharge {
  key: string;
  priceYuanPerKwh: number | string;
}

export interface MonthlyBill {
  lines: BillLine[];
  totalFen: Fen;
  totalKwh: number;
  /** total ¥ / total kWh; null without energy */
  averagePriceYuanPerKwh: number | null;
}

/**
 * The month's bill = energy-fee lines + basic-fee lines + 力调 line + per-kWh surcharges (each on
 * the month's total kWh); total = Σ lines.
 */
export function monthlyBill(parts: { energy: EnergyFee; basic: readonly BillLine[]; powerFactorFen?: Fen | null; perKwh?: readonly PerKwhCharge[] }): MonthlyBill {
  const lines: BillLine[] = [...parts.energy.lines, ...parts.basic];
  if (parts.powerFactorFen !== null && parts.powerFactorFen !== undefined) lines.push({ key: 'powerFactor', fen: parts.powerFactorFen });
  for (const c of parts.perKwh ?? []) lines.push(line(c.key, decimal(parts.energy.totalKwh), decimal(c.priceYuanPerKwh)));
  const totalFen = sumFen(lines.map((l) => l.fen));
  return { lines, totalFen, totalKwh: parts.energy.totalKwh, averagePriceYuanPerKwh: averagePriceYuanPerKwh(totalFen, parts.energy.totalKwh) };
}
