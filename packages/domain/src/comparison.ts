import { localParts, zonedStart } from './counters-calendar.js';
import { naturalGasFactors } from './natural-gas.js';

/**
 * Period comparisons (DOMAIN.md §1): 同比 (tb, year-on-year) and 环比 (hb, period-on-period) in %,
 * like-for-like ranges for a partial current period, and standard coal (tce) / CO₂ from energy
 * with the factors passed in. Timestamps are ms since the epoch; ranges are [from, to).
 */

/**
 * Change of `current` against `reference` in %: (X_cur − X_ref) / X_ref × 100. Null when either
 * is missing (null/undefined/not finite) or the reference is 0 (DOMAIN §1: no denominator).
 */
export function changePct(current: number | null | undefined, reference: number | null | undefined): number | null {
  if (current === null || current === undefined || !Number.isFinite(current)) return null;
  if (reference === null || reference === undefined || !Number.isFinite(reference) || reference === 0) return null;
  return ((current - reference) / reference) * 100;
}

const DAY_MS = 86_400_000;
/** Days since the epoch of a calendar date (proleptic Gregorian, month 1–12). */
const epochDay = (y: number, m: number, d: number) => Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
/** The Monday of ISO week 1 of an ISO year: the week holding 4 January. */
const isoWeekOneMonday = (isoYear: number) => {
  const jan4 = epochDay(isoYear, 1, 4);
  return jan4 - ((new Date(jan4 * DAY_MS).getUTCDay() + 6) % 7);
};

/**
 * ISO 8601 week of a calendar date: weeks run Monday to Sunday, week 1 holds the year's first
 * Thursday, and the days around New Year may belong to the neighbouring ISO year. E.g. 2026-11-23
 * (a Monday) is 2026-W48; 2021-01-03 is 2020-W53; 2024-12-30 is 2025-W01.
 */
export function isoWeek(year: number, month: number, day: number): { isoYear: number; week: number } {
  const d = epochDay(year, month, day);
  const thursday = d + 3 - ((new Date(d * DAY_MS).getUTCDay() + 6) % 7);
  const isoYear = new Date(thursday * DAY_MS).getUTCFullYear();
  return { isoYear, week: Math.floor((thursday - isoWeekOneMonday(isoYear)) / 7) + 1 };
}

/** Weeks of an ISO year: 53 when it starts on a Thursday, or on a Wednesday in a leap year; else 52. */
export const isoWeeksIn = (isoYear: number) => isoWeek(isoYear, 12, 28).week;

/**
 * 同比 of a week (DOMAIN §1: the same period last year): the same ISO week of the previous ISO year,
 * weekday for weekday — not the same calendar dates, which start on another weekday and so compare
 * working days with weekends. Returns the days to go back from a date to the same weekday of that
 * week: 364, or 371 when the previous ISO year has 53 weeks. Week 53 of a year whose previous year
 * has only 52 compares with week 52. E.g. 2026-W48 (Mon 23 Nov 2026) → 2025-W48 (Mon 24 Nov 2025):
 * 364 days back, where the calendar date 23 Nov 2025 is a Sunday.
 */
export function sameIsoWeekLastYearDays(year: number, month: number, day: number): number {
  const { isoYear, week } = isoWeek(year, month, day);
  const target = Math.min(week, isoWeeksIn(isoYear - 1));
  return isoWeekOneMonday(isoYear) + (week - 1) * 7 - (isoWeekOneMonday(isoYear - 1) + (target - 1) * 7);
}

/** A [from, to) range in ms; empty when to ≤ from. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * A span read from rollups: whole local days from day buckets plus hours from hour buckets (either
 * may be empty). Together they cover one contiguous stretch of time.
 */
export interface RollupSpan {
  days: TimeRange;
  hours: TimeRange;
}

/** The like-for-like basis of a partial current period and its two references. */
export interface LikeForLike {
  /** the current period's elapsed part that is compared (up to the last complete local hour) */
  current: RollupSpan;
  /** 环比 reference: the same elapsed part of the previous adjacent period */
  mom: RollupSpan;
  /** 同比 reference: the same elapsed part of the same period one year earlier */
  yoy: RollupSpan;
  /** the instant the comparison runs to: the start of the current local hour */
  until: number;
}

const EMPTY = (at: number): TimeRange => ({ from: at, to: at });
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Today so far vs the same hours yesterday (环比) and the same day last year (同比). Compared up to
 * the start of the current local hour, so all three spans hold complete hours only (hour rollups);
 * at 00:xx the spans are empty and the comparisons are null. 29 February compares with 28 February
 * of the previous year.
 */
export function likeForLikeToday(now: number, timeZone: string): LikeForLike {
  const l = localParts(now, timeZone);
  const span = (y: number, m: number, d: number): RollupSpan => {
    const start = zonedStart(y, m, d, timeZone);
    return { days: EMPTY(start), hours: { from: start, to: zonedStart(y, m, d, timeZone, l.hour) } };
  };
  const current = span(l.year, l.month, l.day);
  return {
    current,
    mom: span(l.year, l.month, l.day - 1),
    yoy: span(l.year - 1, l.month, Math.min(l.day, daysInMonth(l.year - 1, l.month))),
    until: current.hours.to,
  };
}

/**
 * Month to date vs the same days of last month (环比) and of the same month last year (同比): the
 * complete days before today (day rollups) plus today's complete hours (hour rollups), and the same
 * day count and hour of the reference month. When the reference month is shorter than the elapsed
 * part (31 March vs February) the reference is its whole month.
 */
export function likeForLikeMonth(now: number, timeZone: string): LikeForLike {
  const l = localParts(now, timeZone);
  const span = (y: number, m: number): RollupSpan => {
    const monthStart = zonedStart(y, m, 1, timeZone);
    const len = daysInMonth(y, m);
    if (l.day > len) return { days: { from: monthStart, to: zonedStart(y, m + 1, 1, timeZone) }, hours: EMPTY(zonedStart(y, m + 1, 1, timeZone)) };
    const dayStart = zonedStart(y, m, l.day, timeZone);
    return { days: { from: monthStart, to: dayStart }, hours: { from: dayStart, to: zonedStart(y, m, l.day, timeZone, l.hour) } };
  };
  const current = span(l.year, l.month);
  return { current, mom: span(l.year, l.month - 1), yoy: span(l.year - 1, l.month), until: current.hours.to };
}

/** Today [local midnight, next midnight) and this month [1st, 1st of next month) containing now. */
export function currentPeriods(now: number, timeZone: string): { today: TimeRange; month: TimeRange } {
  const l = localParts(now, timeZone);
  return {
    today: { from: zonedStart(l.year, l.month, l.day, timeZone), to: zonedStart(l.year, l.month, l.day + 1, timeZone) },
    month: { from: zonedStart(l.year, l.month, 1, timeZone), to: zonedStart(l.year, l.month + 1, 1, timeZone) },
  };
}

/** Conversion factors of one energy carrier, per unit of its register (kWh, m³, t, GJ). */
export interface CarrierFactors {
  /** standard coal, kgce per unit; null: not counted in tce */
  kgcePerUnit: number | null;
  /** CO₂, kg per unit; null: not counted in CO₂ */
  kgCo2PerUnit: number | null;
}

/**
 * Default factors per energy-type code (ENERGY_TYPE of the contract), DOMAIN §1. Data, not rules:
 * pass project-specific factors to {@link toTce} / {@link toCo2T} instead.
 * - 2 electricity (kWh): 0.1229 kgce/kWh (equivalent value, GB/T 2589-2020); 0.5703 tCO₂/MWh = 0.5703 kg/kWh (MEE grid average).
 * - 15 natural gas (m³): both from one LHV, 38 931 kJ/m³ (natural-gas.ts): 1.32836 kgce/m³, 2.16219 kgCO₂/m³.
 * - 16 steam (t): 128.6 kgce/t (legacy low-pressure steam 0.1286 kgce/kg); CO₂ as purchased heat,
 *   0.11 tCO₂/GJ × 3.769 GJ/t (the enthalpy implied by 128.6 kgce/t ÷ 0.03412 kgce/MJ) = 414.6 kg/t.
 * - 17 heat (GJ): 34.12 kgce/GJ; 110 kgCO₂/GJ.
 * - 3 water (m³ ≈ t): 0.0857 kgce/t (new water, 2020 revision); no CO₂ factor.
 * Secondary media made on site from the above (compressed air, cooling) have none, so nothing is
 * counted twice. Steam raised by the site's own gas boiler is counted twice unless its factors
 * are set to null for that site.
 */
export const DEFAULT_CARRIER_FACTORS: Readonly<Record<number, CarrierFactors>> = {
  2: { kgcePerUnit: 0.1229, kgCo2PerUnit: 0.5703 },
  3: { kgcePerUnit: 0.0857, kgCo2PerUnit: null },
  15: naturalGasFactors(),
  16: { kgcePerUnit: 128.6, kgCo2PerUnit: 414.6 },
  17: { kgcePerUnit: 34.12, kgCo2PerUnit: 110 },
};

/** Quantity of one carrier: energy-type code and amount in its register unit (null: unknown). */
export interface CarrierAmount {
  energyType: number;
  amount: number | null;
}

function convert(items: readonly CarrierAmount[], factor: (f: CarrierFactors) => number | null, factors: Readonly<Record<number, CarrierFactors>>): number | null {
  let total = 0;
  let counted = false;
  for (const it of items) {
    const f = factors[it.energyType];
    const k = f ? factor(f) : null;
    if (k === null || it.amount === null || !Number.isFinite(it.amount)) continue;
    total += it.amount * k;
    counted = true;
  }
  return counted ? total / 1000 : null;
}

/**
 * Standard coal in tce: E_tce = Σ q_k · f_k / 1000 (f in kgce per unit). Carriers without a factor
 * or without an amount are left out; null when nothing was counted.
 */
export function toTce(items: readonly CarrierAmount[], factors: Readonly<Record<number, CarrierFactors>> = DEFAULT_CARRIER_FACTORS): number | null {
  return convert(items, (f) => f.kgcePerUnit, factors);
}

/** CO₂ in t: Σ q_k · c_k / 1000 (c in kg CO₂ per unit); as {@link toTce} for missing factors and amounts. */
export function toCo2T(items: readonly CarrierAmount[], factors: Readonly<Record<number, CarrierFactors>> = DEFAULT_CARRIER_FACTORS): number | null {
  return convert(items, (f) => f.kgCo2PerUnit, factors);
}

/**
 * Data completeness in %: good 15-min intervals / expected intervals × 100, capped at 100; null
 * when nothing was expected.
 */
export function completenessPct(goodIntervals: number, expectedIntervals: number): number | null {
  if (!(expectedIntervals > 0)) return null;
  return Math.min(100, (Math.max(0, goodIntervals) / expectedIntervals) * 100);
}
