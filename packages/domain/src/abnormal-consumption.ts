import { DEFAULT_CARRIER_FACTORS, toCo2T, toTce, type CarrierFactors } from './comparison.js';
import { localParts, ReadingStatus, utcOffsetMs, zonedStart } from './counters.js';
import { mulDecimal, sumDecimal, sumFen, toFen, type Decimal, type Fen } from './money.js';

/**
 * Abnormal-consumption diagnosis and waste (DOMAIN.md §10; issue 15). Pure, no I/O: the rules the
 * /useException and /energyLossEvent pages evaluate on interval series.
 * 1. by percent: dev = (E_actual − E_baseline) / E_baseline against warn / alarm levels, the baseline
 *    the mean of the same local weekday and time of day over the last N = 4 weeks, or an external
 *    series (the regression forecast of §12, a tb/hb reference);
 * 2. by period: consumption inside non-working windows (nights, weekends, holidays, shift breaks)
 *    above a limit, and the base-load ratio min-load / mean-load above Y %;
 * 3. by usage / quota: cumulative E over the quota, over the pro-rated quota, or forecast to breach it.
 * Waste kWh = Σ max(0, E_actual − E_expected) over the abnormal intervals, priced at each interval's
 * time-of-use price (§3) and converted to tce and CO₂ with the §1 factors.
 *
 * Units: timestamps ms since the epoch, intervals [start, start + intervalMs); energy in kWh (any
 * carrier's register unit works the same; pass its energy-type code for tce / CO₂). Calendar fields
 * (weekday, time of day, holidays) are local to the project's IANA zone, so DST never shifts a slot.
 */

const DAY_MS = 86_400_000;

/** One interval of a meter's series (a 15-min or hourly rollup bucket). */
export interface EnergyInterval {
  /** bucket start, ms */
  start: number;
  /** consumption of the bucket; null when missing */
  kwh: number | null;
  /** quality code of the rollup ({@link ReadingStatus}); default 0 normal */
  status?: number;
}

/**
 * Qualities that are never a baseline input and never waste: suspect (spikes, unexplained drops)
 * and reset (rollover or meter replacement). Interpolated and estimated values count.
 */
export const ABNORMAL_EXCLUDED_STATUSES: readonly number[] = [ReadingStatus.suspect, ReadingStatus.reset];

/** The interval's kWh when it may be used (present, finite, not of an excluded quality), else null. */
export function usableKwh(iv: EnergyInterval, excluded: readonly number[] = ABNORMAL_EXCLUDED_STATUSES): number | null {
  if (iv.kwh === null || !Number.isFinite(iv.kwh)) return null;
  return excluded.includes(iv.status ?? ReadingStatus.normal) ? null : iv.kwh;
}

/** Local calendar slot of an instant: days since 1970-01-01 (local date), weekday 0 = Sunday, minute of the day. */
export interface LocalSlot {
  day: number;
  weekday: number;
  minute: number;
}

/** The local day, weekday and minute of the day of `ts` in the zone (wall clock, so DST-safe). */
export function localSlot(ts: number, timeZone: string): LocalSlot {
  // the zone's offset is cached per hour, so a year of intervals costs one Intl call per hour
  const local = ts + utcOffsetMs(ts, timeZone);
  const day = Math.floor(local / DAY_MS);
  return { day, weekday: (((day + 4) % 7) + 7) % 7, minute: Math.floor((local - day * DAY_MS) / 60_000) };
}

// ---------------------------------------------------------------------------------------------
// Baselines

/** Expected consumption of an interval: the baseline value (null: no baseline) and the samples behind it. */
export interface ExpectedInterval {
  start: number;
  expected: number | null;
  /** how many past intervals were averaged; null for an external baseline */
  samples: number | null;
}

export interface WeekdayBaselineOptions {
  /** N weeks looked back, default 4 (DOMAIN §10) */
  weeks?: number;
  /** fewer usable samples than this: null baseline. Default 3 [V] */
  minSamples?: number;
  /** qualities left out, default {@link ABNORMAL_EXCLUDED_STATUSES} */
  excluded?: readonly number[];
}

export const DEFAULT_BASELINE_WEEKS = 4;
export const DEFAULT_BASELINE_MIN_SAMPLES = 3;

/**
 * Baseline by percent rule (DOMAIN §10.1): for each target start, the mean of the usable history
 * intervals on the same local weekday and time of day 1…N weeks earlier (local dates, so a week
 * holding a DST change still lines up: 08:00 matches 08:00). Missing and flagged intervals are
 * skipped; a repeated hour (autumn DST) contributes both its intervals. Null below `minSamples`.
 */
export function weekdayBaseline(history: readonly EnergyInterval[], targets: readonly number[], timeZone: string, options: WeekdayBaselineOptions = {}): ExpectedInterval[] {
  const weeks = options.weeks ?? DEFAULT_BASELINE_WEEKS;
  const minSamples = options.minSamples ?? DEFAULT_BASELINE_MIN_SAMPLES;
  const bySlot = new Map<number, number[]>();
  for (const iv of history) {
    const kwh = usableKwh(iv, options.excluded);
    if (kwh === null) continue;
    const s = localSlot(iv.start, timeZone);
    const key = s.day * 1440 + s.minute;
    const list = bySlot.get(key);
    if (list) list.push(kwh);
    else bySlot.set(key, [kwh]);
  }
  return targets.map((start) => {
    const s = localSlot(start, timeZone);
    const values: number[] = [];
    for (let k = 1; k <= weeks; k++) values.push(...(bySlot.get((s.day - 7 * k) * 1440 + s.minute) ?? []));
    const expected = values.length >= Math.max(1, minSamples) ? values.reduce((a, b) => a + b, 0) / values.length : null;
    return { start, expected, samples: values.length };
  });
}

/**
 * An external baseline through the same interface: the regression forecast (§12) or a tb / hb
 * reference series already aligned to the actual intervals' starts (samples: null).
 */
export function externalBaseline(series: readonly { start: number; kwh: number | null }[]): ExpectedInterval[] {
  return series.map((p) => ({ start: p.start, expected: p.kwh !== null && Number.isFinite(p.kwh) ? p.kwh : null, samples: null }));
}

// ---------------------------------------------------------------------------------------------
// Findings

export type AbnormalLevel = 'warn' | 'alarm';
const LEVEL_RANK: Record<AbnormalLevel, number> = { warn: 1, alarm: 2 };

/** One abnormal interval inside a finding: actual, expected and excess = max(0, actual − expected). */
export interface FindingInterval {
  start: number;
  actualKwh: number;
  expectedKwh: number;
  excessKwh: number;
}

/** A finding: a run of consecutive abnormal intervals [start, end) with its totals. */
export interface AbnormalFinding {
  start: number;
  end: number;
  /** the worst level of its intervals */
  level: AbnormalLevel;
  actualKwh: number;
  expectedKwh: number;
  /** Σ max(0, actual − expected) of its intervals */
  excessKwh: number;
  intervals: FindingInterval[];
}

/** An abnormal interval before merging, with its level. */
export interface LevelledInterval extends FindingInterval {
  level: AbnormalLevel;
}

/** Sorted by start, one interval per start (the first after ordering by start then actual, so the result never depends on the input order). */
function byStartUnique<T extends { start: number; actualKwh: number }>(items: readonly T[]): T[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.actualKwh - b.actualKwh);
  return sorted.filter((it, i) => i === 0 || sorted[i - 1]?.start !== it.start);
}

/** Totals and bounds of a run of abnormal intervals. */
function finding(run: readonly LevelledInterval[], intervalMs: number): AbnormalFinding {
  let level: AbnormalLevel = 'warn';
  const sum = (f: (i: FindingInterval) => number) => run.reduce((a, i) => a + f(i), 0);
  for (const i of run) if (LEVEL_RANK[i.level] > LEVEL_RANK[level]) level = i.level;
  return {
    start: run[0]?.start ?? 0,
    end: (run[run.length - 1]?.start ?? 0) + intervalMs,
    level,
    actualKwh: sum((i) => i.actualKwh),
    expectedKwh: sum((i) => i.expectedKwh),
    excessKwh: sum((i) => i.excessKwh),
    intervals: run.map(({ start, actualKwh, expectedKwh, excessKwh }) => ({ start, actualKwh, expectedKwh, excessKwh })),
  };
}

/**
 * Merges abnormal intervals into findings: consecutive intervals (one starting where the previous
 * ends) form one finding, its level the worst; runs shorter than `minDurationMs` are dropped. The
 * result is sorted, never overlapping, and independent of the input order.
 */
export function mergeFindings(intervals: readonly LevelledInterval[], intervalMs: number, minDurationMs = intervalMs): AbnormalFinding[] {
  const out: AbnormalFinding[] = [];
  let run: LevelledInterval[] = [];
  const flush = () => {
    if (run.length > 0 && run.length * intervalMs >= minDurationMs) out.push(finding(run, intervalMs));
    run = [];
  };
  for (const iv of byStartUnique(intervals)) {
    const last = run[run.length - 1];
    if (last && iv.start !== last.start + intervalMs) flush();
    run.push(iv);
  }
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rule 1: by percent

export interface PercentRule {
  /** bucket length, ms (15 min or 1 h) */
  intervalMs: number;
  /** dev > this % → warn; default 20 [V] */
  warnPct?: number;
  /** dev > this % → alarm; default 40 [V] */
  alarmPct?: number;
  /** shortest finding, ms; default one interval */
  minDurationMs?: number;
  /** dead band: an interval whose actual − expected is at most this (kWh) is never abnormal, so a tiny baseline (a night at 0.01 kWh) raises no 400 % alarm; default 0 */
  minExcessKwh?: number;
  /** qualities never judged (nor counted as waste); default {@link ABNORMAL_EXCLUDED_STATUSES} */
  excluded?: readonly number[];
}

export const DEFAULT_WARN_PCT = 20;
export const DEFAULT_ALARM_PCT = 40;

/** dev = (actual − baseline) / baseline × 100 (%); null when the baseline is missing or not positive. */
export function deviationPct(actual: number, baseline: number | null): number | null {
  return baseline === null || !(baseline > 0) ? null : ((actual - baseline) / baseline) * 100;
}

/** The level of a deviation: alarm above alarmPct, warn above warnPct, else null. */
export function percentLevel(devPct: number | null, warnPct = DEFAULT_WARN_PCT, alarmPct = DEFAULT_ALARM_PCT): AbnormalLevel | null {
  if (devPct === null) return null;
  if (devPct > alarmPct) return 'alarm';
  return devPct > warnPct ? 'warn' : null;
}

/**
 * Rule by percent (DOMAIN §10.1): each usable actual interval against its expected value; those
 * whose dev exceeds the warn level are abnormal, and consecutive ones merge into findings (level the
 * worst, excess = Σ (actual − expected)). Missing and flagged intervals are never abnormal, so a
 * spike or a meter reset breaks a run and is never waste.
 */
export function percentFindings(actual: readonly EnergyInterval[], expected: readonly ExpectedInterval[], rule: PercentRule): AbnormalFinding[] {
  const base = new Map(expected.map((e) => [e.start, e.expected]));
  const abnormal: LevelledInterval[] = [];
  for (const iv of actual) {
    const kwh = usableKwh(iv, rule.excluded);
    const exp = base.get(iv.start) ?? null;
    if (kwh === null || exp === null || kwh - exp <= (rule.minExcessKwh ?? 0)) continue;
    const level = percentLevel(deviationPct(kwh, exp), rule.warnPct, rule.alarmPct);
    if (level) abnormal.push({ start: iv.start, actualKwh: kwh, expectedKwh: exp, excessKwh: Math.max(0, kwh - exp), level });
  }
  return mergeFindings(abnormal, rule.intervalMs, rule.minDurationMs);
}

// ---------------------------------------------------------------------------------------------
// Rule 2: by period

/** A daily local time range 'HH:mm'–'HH:mm'; an end at or before the start runs past midnight (22:00–06:00). */
export interface DailyRange {
  start: string;
  end: string;
}

/** The non-working calendar of a meter or node, in local time. */
export interface NonWorkingCalendar {
  /** night hours, every day */
  nights?: readonly DailyRange[];
  /** whole non-working weekdays, 0 = Sunday … 6 = Saturday */
  weekendDays?: readonly number[];
  /** local dates 'YYYY-MM-DD' off work all day */
  holidays?: readonly string[];
  /** shift breaks, every working day */
  breaks?: readonly DailyRange[];
}

/** Default: nights 22:00–06:00, Saturday and Sunday [V]; holidays and breaks are the project's data. */
export const DEFAULT_NON_WORKING_CALENDAR: NonWorkingCalendar = { nights: [{ start: '22:00', end: '06:00' }], weekendDays: [0, 6] };

export type NonWorkingKind = 'holiday' | 'weekend' | 'night' | 'break';

const hhmm = (t: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(t.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** range → its [start, end) in minutes of the day (null: unreadable); ranges are treated as immutable. */
const parsedRanges = new WeakMap<DailyRange, readonly [number, number] | null>();

/** Whether a minute of the day lies in a daily range [start, end), ranges with end ≤ start wrapping midnight; an unreadable range holds nothing. */
export function inDailyRange(minute: number, r: DailyRange): boolean {
  let p = parsedRanges.get(r);
  if (p === undefined) {
    const s = hhmm(r.start);
    const e = hhmm(r.end);
    parsedRanges.set(r, (p = s === null || e === null ? null : [s, e]));
  }
  if (p === null) return false;
  const [s, e] = p;
  return e > s ? minute >= s && minute < e : minute >= s || minute < e;
}

/** holiday list → its local days (days since 1970-01-01); lists are treated as immutable. */
const holidayDays = new WeakMap<readonly string[], ReadonlySet<number>>();
function holidaySet(dates: readonly string[]): ReadonlySet<number> {
  let set = holidayDays.get(dates);
  if (!set) {
    set = new Set(dates.map((d) => Date.parse(`${d.trim()}T00:00:00Z`) / DAY_MS).filter(Number.isInteger));
    holidayDays.set(dates, set);
  }
  return set;
}

/** Why the interval starting at `start` is off work (holiday, weekend, night, break in that order), or null when it is working time. */
export function nonWorkingKind(start: number, calendar: NonWorkingCalendar, timeZone: string): NonWorkingKind | null {
  const s = localSlot(start, timeZone);
  if (calendar.holidays?.length && holidaySet(calendar.holidays).has(s.day)) return 'holiday';
  if (calendar.weekendDays?.includes(s.weekday)) return 'weekend';
  if (calendar.nights?.some((r) => inDailyRange(s.minute, r))) return 'night';
  if (calendar.breaks?.some((r) => inDailyRange(s.minute, r))) return 'break';
  return null;
}

/** A non-working window: a run of consecutive off-work intervals, with the kinds it spans. */
export interface NonWorkingWindow {
  start: number;
  end: number;
  kinds: NonWorkingKind[];
  intervals: EnergyInterval[];
}

/** Splits a series into its non-working windows (consecutive off-work intervals; a missing bucket row ends a window; one interval per start). */
export function nonWorkingWindows(series: readonly EnergyInterval[], calendar: NonWorkingCalendar, timeZone: string, intervalMs: number): NonWorkingWindow[] {
  const out: NonWorkingWindow[] = [];
  let cur: NonWorkingWindow | null = null;
  const sorted = [...series].sort((a, b) => a.start - b.start || (a.kwh ?? -Infinity) - (b.kwh ?? -Infinity));
  for (const [i, iv] of sorted.entries()) {
    if (i > 0 && sorted[i - 1]?.start === iv.start) continue;
    const kind = nonWorkingKind(iv.start, calendar, timeZone);
    if (cur && (kind === null || iv.start !== cur.end)) cur = null;
    if (kind === null) continue;
    if (!cur) out.push((cur = { start: iv.start, end: iv.start, kinds: [], intervals: [] }));
    cur.end = iv.start + intervalMs;
    if (!cur.kinds.includes(kind)) cur.kinds.push(kind);
    cur.intervals.push(iv);
  }
  return out;
}

export interface PeriodRule {
  intervalMs: number;
  /** an off-work interval above this kWh is abnormal (its expected value is the limit) */
  limitKwhPerInterval?: number;
  /** a window whose usable total is above this kWh is abnormal (the limit shared in proportion to each interval's kWh) */
  limitKwhPerWindow?: number;
  /** the level of the findings, default 'alarm' */
  level?: AbnormalLevel;
  /** shortest abnormal time inside a window, ms; default one interval */
  minDurationMs?: number;
  excluded?: readonly number[];
}

/** A period-rule finding: the abnormal part of one non-working window. */
export interface PeriodFinding extends AbnormalFinding {
  window: { start: number; end: number; kinds: NonWorkingKind[] };
}

/** The abnormal intervals of one window under the per-interval and per-window limits (the stricter expected value wins). */
function windowExcess(w: NonWorkingWindow, rule: PeriodRule): FindingInterval[] {
  const usable = w.intervals.flatMap((iv) => {
    const kwh = usableKwh(iv, rule.excluded);
    return kwh === null ? [] : [{ start: iv.start, kwh }];
  });
  const total = usable.reduce((a, u) => a + u.kwh, 0);
  const perWindow = rule.limitKwhPerWindow;
  const share = perWindow !== undefined && total > perWindow && total > 0 ? perWindow / total : null;
  const out: FindingInterval[] = [];
  for (const u of usable) {
    const limits = [rule.limitKwhPerInterval !== undefined && u.kwh > rule.limitKwhPerInterval ? rule.limitKwhPerInterval : null, share === null ? null : u.kwh * share];
    const exp = limits.reduce<number | null>((m, l) => (l === null ? m : m === null ? l : Math.min(m, l)), null);
    if (exp !== null && u.kwh > exp) out.push({ start: u.start, actualKwh: u.kwh, expectedKwh: exp, excessKwh: u.kwh - exp });
  }
  return out;
}

/**
 * Rule by period (DOMAIN §10.2): in each non-working window, the usable intervals above the
 * per-interval limit, or all of them when the window's total exceeds the per-window limit (the
 * excess shared in proportion to each interval's kWh, so Σ excess = total − limit). One finding per
 * window, from its first to its last abnormal interval; windows with less abnormal time than
 * `minDurationMs` are dropped. Typical: a night leak, a constant extra load every night.
 */
export function periodFindings(series: readonly EnergyInterval[], calendar: NonWorkingCalendar, timeZone: string, rule: PeriodRule): PeriodFinding[] {
  const out: PeriodFinding[] = [];
  for (const w of nonWorkingWindows(series, calendar, timeZone, rule.intervalMs)) {
    const ivs = windowExcess(w, rule);
    if (ivs.length === 0 || ivs.length * rule.intervalMs < (rule.minDurationMs ?? rule.intervalMs)) continue;
    const f = finding(ivs.map((i) => ({ ...i, level: rule.level ?? 'alarm' })), rule.intervalMs);
    out.push({ ...f, window: { start: w.start, end: w.end, kinds: w.kinds } });
  }
  return out;
}

export interface BaseLoadRule {
  intervalMs: number;
  /** min-load / mean-load above this % is abnormal; default 50 [V] */
  maxRatioPct?: number;
  /** share of the local day that must be usable for a ratio, default 0.75 */
  minCoverage?: number;
  excluded?: readonly number[];
}

/** The base-load ratio of one local day. */
export interface BaseLoadDay {
  /** local day start and end, ms */
  start: number;
  end: number;
  minKwh: number;
  meanKwh: number;
  /** min / mean × 100 */
  ratioPct: number;
  abnormal: boolean;
}

/**
 * Base-load ratio per local day (DOMAIN §10.2): min-load / mean-load × 100 over the day's usable
 * intervals; abnormal above `maxRatioPct` (a plant that never turns down: lights, HVAC or
 * compressors left on). Days with less than `minCoverage` usable data or no consumption give none.
 */
export function baseLoadDays(series: readonly EnergyInterval[], timeZone: string, rule: BaseLoadRule): BaseLoadDay[] {
  const days = new Map<number, { first: number; last: number; values: number[] }>();
  for (const iv of series) {
    const kwh = usableKwh(iv, rule.excluded);
    if (kwh === null) continue;
    const day = localSlot(iv.start, timeZone).day;
    const d = days.get(day) ?? { first: iv.start, last: iv.start, values: [] };
    d.first = Math.min(d.first, iv.start);
    d.last = Math.max(d.last, iv.start);
    d.values.push(kwh);
    days.set(day, d);
  }
  const out: BaseLoadDay[] = [];
  for (const [, d] of [...days].sort((a, b) => a[0] - b[0])) {
    const l = localParts(d.first, timeZone);
    const start = zonedStart(l.year, l.month, l.day, timeZone);
    const end = zonedStart(l.year, l.month, l.day + 1, timeZone);
    const mean = d.values.reduce((a, b) => a + b, 0) / d.values.length;
    if (d.values.length * rule.intervalMs < (rule.minCoverage ?? 0.75) * (end - start) || !(mean > 0)) continue;
    const ratioPct = (Math.min(...d.values) / mean) * 100;
    out.push({ start, end, minKwh: Math.min(...d.values), meanKwh: mean, ratioPct, abnormal: ratioPct > (rule.maxRatioPct ?? 50) });
  }
  return out;
}

/**
 * The base-load excess of a day, per interval: Δ = min − Y·mean, Y = maxRatioPct / 100 — the standing
 * load (the day's lowest interval, present in every interval) above what the ratio allows at the
 * day's mean. 0 when the day is not above Y. Conservative on purpose: removing Δ lowers the mean too,
 * so the ratio after it is still above Y; the exact Δ' = (min − Y·mean) / (1 − Y) that would reach Y
 * tends to the whole consumption of a near-flat day (a continuous process), which is not waste.
 */
export function baseLoadExcessKwh(minKwh: number, meanKwh: number, maxRatioPct: number): number {
  const y = maxRatioPct / 100;
  return meanKwh > 0 && minKwh > y * meanKwh ? minKwh - y * meanKwh : 0;
}

export interface BaseLoadFindingRule extends BaseLoadRule {
  /** the level of the findings, default 'alarm' */
  level?: AbnormalLevel;
  /** whole non-working days (its weekendDays and holidays) are not judged: a plant at rest all day has min ≈ mean by nature */
  calendar?: NonWorkingCalendar;
}

/** A base-load finding: one local day above the ratio, with its figures. */
export interface BaseLoadFinding extends AbnormalFinding {
  day: BaseLoadDay;
}

/**
 * Base-load ratio as findings (DOMAIN §10.2): each local day of {@link baseLoadDays} above
 * `maxRatioPct` (weekend days and holidays of the calendar left out) is one finding over its usable
 * intervals; each interval's expected = actual − Δ, its excess Δ = min − Y·mean ({@link baseLoadExcessKwh}),
 * so the day's waste = Δ × its usable intervals: the standing load above what the ratio allows, all day.
 */
export function baseLoadFindings(series: readonly EnergyInterval[], timeZone: string, rule: BaseLoadFindingRule): BaseLoadFinding[] {
  const maxRatioPct = rule.maxRatioPct ?? 50;
  const restDays: NonWorkingCalendar = { ...(rule.calendar?.weekendDays ? { weekendDays: rule.calendar.weekendDays } : {}), ...(rule.calendar?.holidays ? { holidays: rule.calendar.holidays } : {}) };
  const days = baseLoadDays(series, timeZone, { ...rule, maxRatioPct }).filter((d) => d.abnormal && nonWorkingKind(d.start, restDays, timeZone) === null);
  if (days.length === 0) return [];
  const out: BaseLoadFinding[] = [];
  const sorted = byStartUnique(series.map((s) => ({ ...s, actualKwh: s.kwh ?? 0 })));
  let i = 0;
  for (const day of days) {
    const delta = baseLoadExcessKwh(day.minKwh, day.meanKwh, maxRatioPct);
    const ivs: LevelledInterval[] = [];
    while (i < sorted.length && (sorted[i] as EnergyInterval).start < day.start) i++;
    for (; i < sorted.length && (sorted[i] as EnergyInterval).start < day.end; i++) {
      const kwh = usableKwh(sorted[i] as EnergyInterval, rule.excluded);
      if (kwh !== null && delta > 0) ivs.push({ start: (sorted[i] as EnergyInterval).start, actualKwh: kwh, expectedKwh: kwh - delta, excessKwh: delta, level: rule.level ?? 'alarm' });
    }
    if (ivs.length > 0) out.push({ ...finding(ivs, rule.intervalMs), day });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rule 3: by usage / quota

export interface QuotaInput {
  /** the period [periodStart, periodEnd), ms (a local month, a year) */
  periodStart: number;
  periodEnd: number;
  /** the period's quota, kWh */
  quotaKwh: number;
  /** evaluation instant, ms */
  now: number;
  /** the period's intervals up to now */
  intervals: readonly EnergyInterval[];
  intervalMs: number;
  /** a forecast of the period's total (§12); without it, the run rate to date is projected */
  forecastTotalKwh?: number | null;
  excluded?: readonly number[];
}

export interface QuotaStatus {
  usedKwh: number;
  /** elapsed share of the period, 0…1 */
  elapsedFraction: number;
  /** quota × elapsed fraction */
  proRatedQuotaKwh: number;
  projectedKwh: number | null;
  projectedFrom: 'forecast' | 'runRate' | null;
  /** used > quota */
  exceeded: boolean;
  /** used > pro-rated quota */
  overProRata: boolean;
  /** projected > quota (not yet exceeded) */
  breachForecast: boolean;
  /** when the quota was crossed (exceeded) or is expected to be (breachForecast), ms; else null */
  breachAt: number | null;
  /** alarm when exceeded, warn when over pro rata or forecast to breach, else null */
  level: AbnormalLevel | null;
}

/** The instant the cumulative usable consumption of the sorted intervals first passed `quota` (linear inside the interval), or null. */
function crossingAt(intervals: readonly { start: number; kwh: number }[], quota: number, intervalMs: number): number | null {
  let cum = 0;
  for (const iv of intervals) {
    if (cum + iv.kwh > quota && iv.kwh > 0) return iv.start + ((quota - cum) / iv.kwh) * intervalMs;
    cum += iv.kwh;
  }
  return null;
}

/**
 * Rule by usage / quota (DOMAIN §10.3): consumption to date against the quota and against the
 * pro-rated quota (quota × elapsed fraction), and the warning before the breach: the projected
 * period total (the given forecast, or the run rate used / elapsed × period) above the quota, with
 * the expected breach time at the projected rate (now + (quota − used) / rate).
 */
export function quotaStatus(q: QuotaInput): QuotaStatus {
  const span = q.periodEnd - q.periodStart;
  const elapsedMs = Math.min(span, Math.max(0, q.now - q.periodStart));
  const elapsedFraction = span > 0 ? elapsedMs / span : 0;
  const usable = q.intervals
    .filter((iv) => iv.start >= q.periodStart && iv.start < Math.min(q.now, q.periodEnd))
    .flatMap((iv) => {
      const kwh = usableKwh(iv, q.excluded);
      return kwh === null ? [] : [{ start: iv.start, kwh }];
    })
    .sort((a, b) => a.start - b.start);
  const usedKwh = usable.reduce((a, u) => a + u.kwh, 0);
  const forecast = q.forecastTotalKwh ?? null;
  const projectedFrom = forecast !== null && Number.isFinite(forecast) ? 'forecast' : elapsedFraction > 0 ? 'runRate' : null;
  const projectedKwh = projectedFrom === 'forecast' ? forecast : projectedFrom === 'runRate' ? usedKwh / elapsedFraction : null;
  const exceeded = usedKwh > q.quotaKwh;
  const breachForecast = !exceeded && projectedKwh !== null && projectedKwh > q.quotaKwh;
  let breachAt: number | null = null;
  if (exceeded) breachAt = crossingAt(usable, q.quotaKwh, q.intervalMs);
  else if (breachForecast && projectedKwh !== null) {
    const remainingMs = span - elapsedMs;
    const ratePerMs = projectedFrom === 'forecast' ? (remainingMs > 0 ? (projectedKwh - usedKwh) / remainingMs : 0) : elapsedMs > 0 ? usedKwh / elapsedMs : 0;
    breachAt = ratePerMs > 0 ? q.periodStart + elapsedMs + (q.quotaKwh - usedKwh) / ratePerMs : null;
  }
  const proRatedQuotaKwh = q.quotaKwh * elapsedFraction;
  const overProRata = usedKwh > proRatedQuotaKwh && elapsedFraction > 0;
  const level: AbnormalLevel | null = exceeded ? 'alarm' : overProRata || breachForecast ? 'warn' : null;
  return { usedKwh, elapsedFraction, proRatedQuotaKwh, projectedKwh, projectedFrom, exceeded, overProRata, breachForecast, breachAt, level };
}

// ---------------------------------------------------------------------------------------------
// Waste

/** A TOU price (¥/kWh) of the interval starting at `start`; null when none applies (e.g. `touPricer`). */
export type PriceAt = (start: number) => number | string | null;

export interface Waste {
  /** Σ excess kWh */
  kwh: number;
  /** Σ excess × TOU price, rounded half-up to the fen per finding; the total is the sum of the findings' fen */
  fen: Fen;
  /** excess kWh of intervals without a price */
  unpricedKwh: number;
  /** standard coal, tce; null without a factor */
  tce: number | null;
  /** CO₂, t; null without a factor */
  co2T: number | null;
}

/** The exact ¥ of one finding's excess at each interval's price, and its unpriced kWh. */
function findingYuan(f: Pick<AbnormalFinding, 'intervals'>, priceAt: PriceAt): { yuan: Decimal; unpricedKwh: number } {
  const lines: Decimal[] = [];
  let unpricedKwh = 0;
  for (const i of f.intervals) {
    if (!(i.excessKwh > 0)) continue;
    const price = priceAt(i.start);
    if (price === null || price === '') unpricedKwh += i.excessKwh;
    else lines.push(mulDecimal(i.excessKwh, price));
  }
  return { yuan: sumDecimal(lines), unpricedKwh };
}

/** The ¥ of one finding's waste in fen: Σ excess_i × price_i exactly, rounded half-up to the fen once. */
export function findingFen(f: Pick<AbnormalFinding, 'intervals'>, priceAt: PriceAt): Fen {
  return toFen(findingYuan(f, priceAt).yuan);
}

/**
 * Waste of findings (DOMAIN §10): kWh = Σ max(0, actual − expected) over their abnormal intervals;
 * ¥ at each interval's TOU price (money as bill lines: exact products, a finding rounded to the fen,
 * the total the sum of the findings); tce and CO₂ with the §1 factors of the energy type (default 2,
 * electricity: 0.1229 kgce/kWh, 0.5703 kgCO₂/kWh).
 */
export function wasteOf(findings: readonly Pick<AbnormalFinding, 'intervals'>[], priceAt: PriceAt, energyType = 2, factors: Readonly<Record<number, CarrierFactors>> = DEFAULT_CARRIER_FACTORS): Waste {
  const fens: Fen[] = [];
  let kwh = 0;
  let unpricedKwh = 0;
  for (const f of findings) {
    const y = findingYuan(f, priceAt);
    fens.push(toFen(y.yuan));
    unpricedKwh += y.unpricedKwh;
    for (const i of f.intervals) kwh += Math.max(0, i.excessKwh);
  }
  const amount = [{ energyType, amount: kwh }];
  return { kwh, fen: sumFen(fens), unpricedKwh, tce: toTce(amount, factors), co2T: toCo2T(amount, factors) };
}

/** Waste of one local day, for the calendar heat-map (DOMAIN §10 UI). */
export interface DayWaste {
  /** local date 'YYYY-MM-DD' */
  date: string;
  kwh: number;
  /** Σ excess × price of the day's intervals, rounded half-up to the fen once per day (Σ days may differ from Σ findings by rounding) */
  fen: Fen;
}

/** The findings' excess per local day of each interval's start, sorted by date; days without excess are left out. */
export function wasteByLocalDay(findings: readonly Pick<AbnormalFinding, 'intervals'>[], priceAt: PriceAt, timeZone: string): DayWaste[] {
  const days = new Map<number, { kwh: number; lines: Decimal[] }>();
  for (const f of findings) {
    for (const i of f.intervals) {
      if (!(i.excessKwh > 0)) continue;
      const day = localSlot(i.start, timeZone).day;
      const d = days.get(day) ?? { kwh: 0, lines: [] };
      d.kwh += i.excessKwh;
      const price = priceAt(i.start);
      if (price !== null && price !== '') d.lines.push(mulDecimal(i.excessKwh, price));
      days.set(day, d);
    }
  }
  return [...days]
    .sort((a, b) => a[0] - b[0])
    .map(([day, d]) => ({ date: new Date(day * DAY_MS).toISOString().slice(0, 10), kwh: d.kwh, fen: toFen(sumDecimal(d.lines)) }));
}
