import { utcOffsetMs } from './counters-calendar.js';
import { amountFen, decimal, decimalToNumber, decimalToString, sumDecimal, sumFen, type Fen } from './money.js';

/**
 * Time-of-use energy fee (China two-part tariff, DOMAIN.md §3): an editable period calendar
 * (seasons by month, hour:minute ranges per period, holiday overrides by date), the period of a
 * 15-min interval in the project's timezone, and the energy fee per period to the fen. The basic
 * fee, the billing month and the month's bill are in tariff-basic.ts, the scheme's versions over
 * time in tariff-versions.ts, both re-exported from here.
 */

/** 尖峰 sharp, 峰 peak, 平 flat, 谷 valley, 深谷 deep valley. */
export type PeriodCode = 'sharp' | 'peak' | 'flat' | 'valley' | 'deepValley';
export const PERIOD_CODES: readonly PeriodCode[] = ['sharp', 'peak', 'flat', 'valley', 'deepValley'];

/** One range of a day: local 'HH:mm' start (inclusive) to end (exclusive, '24:00' allowed); end ≤ start wraps past midnight. */
export interface PeriodRange {
  start: string;
  end: string;
  period: PeriodCode;
}

/** A day's ranges; together they must cover the 24 h exactly once ({@link validateCalendar}). */
export type DaySchedule = readonly PeriodRange[];

/** Months fromMonth..toMonth inclusive (1–12, wrapping: 11→2 is Nov–Feb) with their day schedule. */
export interface Season {
  name: string;
  fromMonth: number;
  toMonth: number;
  schedule: DaySchedule;
}

/** A local date ('YYYY-MM-DD') with its own schedule (holidays, or any special day). */
export interface HolidayOverride {
  date: string;
  name?: string;
  schedule: DaySchedule;
}

export interface PeriodCalendar {
  seasons: readonly Season[];
  holidays?: readonly HolidayOverride[];
}

/** ¥/kWh per period, up to 6 decimals (strings kept exact). */
export type TouPrices = Partial<Record<PeriodCode, number | string>>;

const std = (pairs: [string, string, PeriodCode][]): DaySchedule => pairs.map(([start, end, period]) => ({ start, end, period }));

/**
 * An example calendar [V] — not any province's schedule; each site enters its own. Valley
 * 23:00–07:00; peak 08:00–11:00 and 17:00–22:00; in July and August 20:00–22:00 is sharp.
 * Holidays: none (add them per year).
 */
export const EXAMPLE_PERIOD_CALENDAR: PeriodCalendar = {
  seasons: [
    {
      name: 'summer',
      fromMonth: 7,
      toMonth: 8,
      schedule: std([
        ['23:00', '07:00', 'valley'],
        ['07:00', '08:00', 'flat'],
        ['08:00', '11:00', 'peak'],
        ['11:00', '17:00', 'flat'],
        ['17:00', '20:00', 'peak'],
        ['20:00', '22:00', 'sharp'],
        ['22:00', '23:00', 'flat'],
      ]),
    },
    {
      name: 'other',
      fromMonth: 9,
      toMonth: 6,
      schedule: std([
        ['23:00', '07:00', 'valley'],
        ['07:00', '08:00', 'flat'],
        ['08:00', '11:00', 'peak'],
        ['11:00', '17:00', 'flat'],
        ['17:00', '22:00', 'peak'],
        ['22:00', '23:00', 'flat'],
      ]),
    },
  ],
};

/** Example prices [V], ¥/kWh, meeting the 1093号 frame: peak/valley 4:1, sharp 20 % above peak. */
export const EXAMPLE_TOU_PRICES: TouPrices = { sharp: '1.2000', peak: '1.0000', flat: '0.6000', valley: '0.2500' };

const TIME_RE = /^(\d{2}):(\d{2})$/;
/** Minutes since local midnight of 'HH:mm' (0–1440), or null when malformed. */
function minutesOf(hhmm: string): number | null {
  const m = TIME_RE.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (mi > 59 || h > 24 || (h === 24 && mi !== 0)) return null;
  return h * 60 + mi;
}

const compiled = new WeakMap<DaySchedule, (PeriodCode | undefined)[]>();
/** The schedule as a period per minute of the day, cached per schedule object: treat calendars as immutable. */
function perMinute(schedule: DaySchedule): (PeriodCode | undefined)[] {
  let table = compiled.get(schedule);
  if (table) return table;
  table = new Array<PeriodCode | undefined>(1440).fill(undefined);
  for (const r of schedule) {
    const s = minutesOf(r.start);
    const e = minutesOf(r.end);
    if (s === null || e === null) continue;
    const end = e <= s ? e + 1440 : e;
    for (let t = s; t < end; t++) table[t % 1440] ??= r.period;
  }
  compiled.set(schedule, table);
  return table;
}

const inSeason = (s: Season, month: number) => (s.fromMonth <= s.toMonth ? month >= s.fromMonth && month <= s.toMonth : month >= s.fromMonth || month <= s.toMonth);
const dateKey = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * The period of the 15-min interval starting at `start` (ms), by its local start time in the zone:
 * a holiday override for that local date, else the season of its month. Null when the calendar
 * does not cover it (an invalid calendar; see {@link validateCalendar}).
 */
export function classifyInterval(start: number, calendar: PeriodCalendar, timeZone: string): PeriodCode | null {
  const localMs = start + offsetMs(start, timeZone);
  const table = dayTable(calendar, Math.floor(localMs / DAY_MS));
  const minute = Math.floor((localMs - Math.floor(localMs / DAY_MS) * DAY_MS) / 60_000);
  return (table && table[minute]) ?? null;
}

/** calendar → local day (days since 1970-01-01 local) → its schedule per minute; the calendar is treated as immutable. */
const dayTables = new WeakMap<PeriodCalendar, Map<number, (PeriodCode | undefined)[] | null>>();

/** The per-minute schedule of a local day: a holiday override for that date, else the season of its month. */
function dayTable(calendar: PeriodCalendar, localDay: number): (PeriodCode | undefined)[] | null {
  let days = dayTables.get(calendar);
  if (!days || days.size > 100_000) dayTables.set(calendar, (days = new Map()));
  let table = days.get(localDay);
  if (table === undefined) {
    const local = new Date(localDay * DAY_MS);
    const month = local.getUTCMonth() + 1;
    const holidays = calendar.holidays;
    const key = holidays?.length ? dateKey(local.getUTCFullYear(), month, local.getUTCDate()) : '';
    const schedule = holidays?.find((h) => h.date === key)?.schedule ?? calendar.seasons.find((s) => inSeason(s, month))?.schedule;
    table = schedule ? perMinute(schedule) : null;
    days.set(localDay, table);
  }
  return table;
}

/**
 * True when every range of every schedule of the calendar starts and ends on a whole hour: each
 * hour then lies in one period, and hourly rollups split by period exactly as 15-min ones do.
 */
export function calendarOnWholeHours(calendar: PeriodCalendar): boolean {
  const schedules = [...calendar.seasons.map((s) => s.schedule), ...(calendar.holidays ?? []).map((h) => h.schedule)];
  return schedules.every((day) => day.every((r) => [r.start, r.end].every((t) => (minutesOf(t) ?? 1) % 60 === 0)));
}

const DAY_MS = 86_400_000;
/** Local − UTC offset at ts (whole seconds), from the calendar's per-hour offset cache. */
const offsetMs = utcOffsetMs;

/** Problems of a calendar (empty when valid): every month in exactly one season, every schedule covering the day exactly once. */
export function validateCalendar(calendar: PeriodCalendar): string[] {
  const errors: string[] = [];
  for (let m = 1; m <= 12; m++) {
    const n = calendar.seasons.filter((s) => inSeason(s, m)).length;
    if (n !== 1) errors.push(`month ${m} is in ${n} seasons`);
  }
  const check = (label: string, schedule: DaySchedule) => {
    const count = new Array<number>(1440).fill(0);
    for (const r of schedule) {
      const s = minutesOf(r.start);
      const e = minutesOf(r.end);
      if (s === null || e === null || !PERIOD_CODES.includes(r.period)) {
        errors.push(`${label}: bad range ${r.start}–${r.end} ${r.period}`);
        continue;
      }
      for (let t = s; t < (e <= s ? e + 1440 : e); t++) count[t % 1440] = (count[t % 1440] ?? 0) + 1;
    }
    const gap = count.indexOf(0);
    const overlap = count.findIndex((c) => c > 1);
    const hhmm = (t: number) => `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    if (gap >= 0) errors.push(`${label}: ${hhmm(gap)} is not covered`);
    if (overlap >= 0) errors.push(`${label}: ${hhmm(overlap)} is covered twice`);
  };
  for (const s of calendar.seasons) check(`season ${s.name}`, s.schedule);
  const seen = new Set<string>();
  for (const h of calendar.holidays ?? []) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(h.date)) errors.push(`holiday ${h.date}: not a YYYY-MM-DD date`);
    if (seen.has(h.date)) errors.push(`holiday ${h.date} appears twice`);
    seen.add(h.date);
    check(`holiday ${h.date}`, h.schedule);
  }
  return errors;
}

/** Energy per period, exact sums of the interval energies (kWh). */
export interface PeriodEnergy {
  kwh: Record<PeriodCode, number>;
  /** energy of intervals the calendar does not cover */
  unclassifiedKwh: number;
  /** intervals with no energy value (null): the split is incomplete when > 0 */
  missingIntervals: number;
}

/** Splits 15-min interval energies by period (DOMAIN §3: E_p from 15-min interval energy). */
export function splitByPeriod(intervals: readonly { start: number; kwh: number | string | null }[], calendar: PeriodCalendar, timeZone: string): PeriodEnergy {
  const parts = new Map<PeriodCode | null, (number | string)[]>();
  let missingIntervals = 0;
  for (const it of intervals) {
    if (it.kwh === null) {
      missingIntervals++;
      continue;
    }
    const p = classifyInterval(it.start, calendar, timeZone);
    const list = parts.get(p) ?? [];
    list.push(it.kwh);
    parts.set(p, list);
  }
  const total = (p: PeriodCode | null) => decimalToNumber(sumDecimal(parts.get(p) ?? []));
  const kwh = Object.fromEntries(PERIOD_CODES.map((p) => [p, total(p)])) as Record<PeriodCode, number>;
  return { kwh, unclassifiedKwh: total(null), missingIntervals };
}

/** One line of a bill; `fen` is rounded half-up to the fen. */
export interface BillLine {
  /** what the line is: a period code, 'capacity', 'demandContract', 'demandExcess', 'demandActual', 'powerFactor', or a surcharge key */
  key: string;
  /** quantity billed (kWh, kVA, kW), when the line has one */
  quantity?: number;
  /** ¥ per unit of the quantity */
  unitPriceYuan?: string;
  fen: Fen;
  /** a share of a monthly fee shown on a day or week view, not a billed amount */
  allocated?: boolean;
  /** a monthly fee pro-rated for part of its billing period: the days billed of `daysInPeriod` */
  days?: number;
  daysInPeriod?: number;
}

export interface EnergyFee {
  lines: BillLine[];
  totalKwh: number;
  totalFen: Fen;
}

/**
 * Fee_E = Σ_p E_p × price_p, one line per period with energy, each rounded half-up to the fen; the
 * total is the sum of the lines. Throws when a period with energy has no price.
 */
export function energyFee(kwhByPeriod: Partial<Record<PeriodCode, number | string>>, prices: TouPrices): EnergyFee {
  const lines: BillLine[] = [];
  const energies: (number | string)[] = [];
  for (const p of PERIOD_CODES) {
    const e = kwhByPeriod[p];
    if (e === undefined || decimal(e).units === 0n) continue;
    const price = prices[p];
    if (price === undefined) throw new RangeError(`no price for period ${p}`);
    energies.push(e);
    lines.push({ key: p, quantity: decimalToNumber(decimal(e)), unitPriceYuan: decimalToString(decimal(price)), fen: amountFen(e, price) });
  }
  return { lines, totalKwh: decimalToNumber(sumDecimal(energies)), totalFen: sumFen(lines.map((l) => l.fen)) };
}

/**
 * Checks prices against the 发改价格〔2021〕1093号 frame [V]: peak/valley ≥ minPeakValleyRatio
 * (4 where the system's peak–valley gap exceeds 40 %, else 3) and sharp ≥ (1 + minSharpUplift) ×
 * peak. Returns the rules broken (warnings for the editor, not errors).
 */
export function checkTouPrices(prices: TouPrices, rules = { minPeakValleyRatio: 3, minSharpUplift: 0.2 }): ('peakValleyRatio' | 'sharpUplift')[] {
  const n = (p: PeriodCode) => (prices[p] === undefined ? null : decimalToNumber(decimal(prices[p])));
  const out: ('peakValleyRatio' | 'sharpUplift')[] = [];
  const peak = n('peak');
  const valley = n('valley');
  const sharp = n('sharp');
  if (peak !== null && valley !== null && valley > 0 && peak / valley < rules.minPeakValleyRatio - 1e-12) out.push('peakValleyRatio');
  if (peak !== null && sharp !== null && sharp < peak * (1 + rules.minSharpUplift) - 1e-12) out.push('sharpUplift');
  return out;
}

/**
 * The time-weighted mean of the TOU prices over an ordinary day of the month's season (¥/kWh,
 * 6 decimals): the price of a load that runs round the clock, such as a transformer's no-load
 * loss. Null when the calendar has no season for the month or a period of it has no price.
 */
export function meanDayPriceYuanPerKwh(calendar: PeriodCalendar, prices: TouPrices, month: number): number | null {
  const schedule = calendar.seasons.find((x) => inSeason(x, month))?.schedule;
  if (!schedule) return null;
  let sum = 0;
  for (const p of perMinute(schedule)) {
    const price = p === undefined ? undefined : prices[p];
    if (price === undefined) return null;
    sum += decimalToNumber(decimal(price));
  }
  return Math.round((sum / 1440) * 1e6) / 1e6;
}

export * from './tariff-basic.js';
export * from './tariff-versions.js';
