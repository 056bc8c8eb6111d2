import { INTERVAL_MS, ReadingStatus, counterDelta, DEFAULT_GAP_MS, type CounterParams, type Reading } from './counters.js';
import { localParts, zonedStart, type Grain } from './counters-calendar.js';
import { DEMAND_WINDOW_MS, maxDemand, powerFromEnergy } from './demand.js';
import { averagePriceYuanPerKwh, decimal, decimalToNumber, rescale, sumDecimal, sumFen, type Fen } from './money.js';
import { monthlyCosPhi } from './power-factor.js';
import { PERIOD_CODES, energyFee, splitByPeriod, versionAt, type PeriodCalendar, type PeriodCode, type TouPrices } from './tariff.js';

/**
 * Period reports (issue 15, /onlyReport; DOMAIN.md §1 and §3): the columns of a daily, monthly or
 * yearly report in the project's time zone, the consumption table with row and column totals and
 * shares that add up to exactly 100 %, the cost by time-of-use period, the meter readings (start and
 * end register, multiplier, consumption across a reset) and the power figures (maximum demand with
 * its time, power factor). Pure: the server reads the rollups, registers and tariff and passes them
 * in. Timestamps are ms since the epoch; periods and columns are [start, end).
 */

/** daily: hourly columns · monthly: daily columns · yearly: monthly columns. */
export type ReportKind = 'daily' | 'monthly' | 'yearly';
export const REPORT_KINDS: readonly ReportKind[] = ['daily', 'monthly', 'yearly'];

/** The rollup grain a kind's columns are read from (rollup_hour, rollup_day, rollup_month). */
export const REPORT_COLUMN_GRAIN: Readonly<Record<ReportKind, Grain>> = { daily: 'hour', monthly: 'day', yearly: 'month' };

/** A local calendar date in the project's zone; month 1–12. A monthly report reads year and month, a yearly one the year. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** One column of a report: a local hour, day or month. */
export interface ReportColumn {
  start: number;
  end: number;
  /** local label: 'HH:mm' (daily), 'MM-DD' (monthly), 'YYYY-MM' (yearly) */
  label: string;
  /** the second hour with the same local label on a day the clocks go back (e.g. the CET 02:00 after the CEST one) */
  repeated?: true;
  /** the 15-min intervals the column spans (4 for an hour, 92 for a 23-hour day) */
  intervals: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The local date holding the instant ms in the zone. */
export function reportDateOf(ms: number, timeZone: string): LocalDate {
  const l = localParts(ms, timeZone);
  return { year: l.year, month: l.month, day: l.day };
}

/** The report's period [from, to): the local day, the calendar month or the calendar year holding the date, in the zone. */
export function reportPeriod(kind: ReportKind, date: LocalDate, timeZone: string): { from: number; to: number } {
  const { year: y, month: m, day: d } = date;
  if (kind === 'daily') return { from: zonedStart(y, m, d, timeZone), to: zonedStart(y, m, d + 1, timeZone) };
  if (kind === 'monthly') return { from: zonedStart(y, m, 1, timeZone), to: zonedStart(y, m + 1, 1, timeZone) };
  return { from: zonedStart(y, 1, 1, timeZone), to: zonedStart(y + 1, 1, 1, timeZone) };
}

const column = (start: number, end: number, label: string): ReportColumn => ({ start, end, label, intervals: Math.round((end - start) / INTERVAL_MS) });

/**
 * The columns of a report for the date, in the zone. Daily: the elapsed hours from local midnight
 * to the next, so a day the clocks go forward has 23 columns (no 02:00 in Europe/Berlin on
 * 2026-03-29) and a day they go back 25 (02:00 twice on 2026-10-25, the second `repeated`).
 * Monthly: each local day (a DST day spans 23 or 25 h). Yearly: the 12 months.
 */
export function reportColumns(kind: ReportKind, date: LocalDate, timeZone: string): ReportColumn[] {
  const { from, to } = reportPeriod(kind, date, timeZone);
  const { year: y, month: m } = date;
  if (kind === 'yearly') return Array.from({ length: 12 }, (_, i) => column(zonedStart(y, i + 1, 1, timeZone), zonedStart(y, i + 2, 1, timeZone), `${pad(y, 4)}-${pad(i + 1)}`));
  if (kind === 'monthly') {
    const days = Math.round((Date.UTC(y, m, 1) - Date.UTC(y, m - 1, 1)) / 86_400_000);
    return Array.from({ length: days }, (_, i) => column(zonedStart(y, m, i + 1, timeZone), zonedStart(y, m, i + 2, timeZone), `${pad(m)}-${pad(i + 1)}`));
  }
  const out: ReportColumn[] = [];
  const seen = new Set<string>();
  for (let t = from; t < to; t += 3_600_000) {
    const l = localParts(t, timeZone);
    const label = `${pad(l.hour)}:${pad(l.minute)}`;
    const c = column(t, Math.min(t + 3_600_000, to), label);
    out.push(seen.has(label) ? { ...c, repeated: true } : c);
    seen.add(label);
  }
  return out;
}

/** A rollup bucket as read for a column (a subset of the contract's RollupRow). */
export interface ReportBucket {
  /** consumption in the unit × CT×PT; null when no interval was explained */
  value: number | null;
  /** worst ReadingStatus of its 15-min intervals; default normal */
  quality?: number;
  /** the 15-min intervals it holds; fewer than the column spans makes the cell partial */
  nIntervals?: number;
}

/** A row of the report (a child node or a meter) with its rollup buckets by bucket start. */
export interface ReportRowInput {
  id: number;
  name: string;
  buckets: ReadonlyMap<number, ReportBucket>;
}

/** How complete a row's figures are: counts of its columns that are due (start before `asOf`). */
export interface RowQuality {
  /** columns due (not in the future) */
  columns: number;
  /** due columns without a value (no bucket or a null value) */
  missing: number;
  /** columns with interpolated or estimated intervals */
  estimated: number;
  /** columns with a suspect interval (a spike, an unexplained drop) */
  suspect: number;
  /** columns with a value over fewer 15-min intervals than they span */
  partial: number;
  /** share of due columns with a value, % (100 when no column is due) */
  coveragePct: number;
}

export interface ConsumptionRow {
  id: number;
  name: string;
  /** one per column; null when missing or not yet due (never 0 for missing) */
  values: (number | null)[];
  /** Σ of the row's values; null when it has none */
  total: number | null;
  /** % of the table's total at `sharePrecision` decimals (largest remainder); null for a row without a total or a table whose total is not > 0 */
  sharePct: number | null;
  quality: RowQuality;
}

export interface ConsumptionTable {
  columns: ReportColumn[];
  rows: ConsumptionRow[];
  /** Σ of each column over the rows that have a value there; null when none has */
  columnTotals: (number | null)[];
  /** Σ of the column totals (= Σ of the row totals); null when there is no value */
  total: number | null;
  sharePrecision: number;
}

/**
 * Exact Σ of the non-null values (each taken to 6 decimals, money.ts's {@link decimal}), so that a
 * table's totals add up to the last digit whichever way they are summed; null when all are null.
 */
export function sumOrNull(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return known.length === 0 ? null : decimalToNumber(sumDecimal(known));
}

const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/**
 * Shares in % that add up to exactly 100 at `precision` decimals (largest-remainder / Hamilton
 * method, exact in decimals): each row gets the floor of its quota v / Σv × 100 and the units left
 * over go one each to the rows with the largest remainders (ties: the larger value, then the
 * earlier row). Null for a null value, and all null when the total is not > 0.
 */
export function largestRemainderShares(values: readonly (number | null)[], precision = 1): (number | null)[] {
  const known = values.map((v) => (v === null || !Number.isFinite(v) ? null : decimal(v)));
  const scale = Math.max(0, ...known.map((d) => d?.scale ?? 0));
  const units = known.map((d) => (d === null ? null : rescale(d, scale).units));
  const total = units.reduce<bigint>((a, u) => a + (u ?? 0n), 0n);
  if (total <= 0n) return values.map(() => null);
  const whole = 10n ** BigInt(precision + 2);
  const parts = units.map((u, i) => (u === null ? null : { i, u, q: floorDiv(u * whole, total), r: u * whole - floorDiv(u * whole, total) * total }));
  const present = parts.filter((p): p is NonNullable<typeof p> => p !== null);
  let left = whole - present.reduce((a, p) => a + p.q, 0n);
  for (const p of [...present].sort((a, b) => (a.r !== b.r ? (b.r > a.r ? 1 : -1) : a.u !== b.u ? (b.u > a.u ? 1 : -1) : a.i - b.i))) {
    if (left <= 0n) break;
    p.q += 1n;
    left -= 1n;
  }
  const div = 10 ** precision;
  return parts.map((p) => (p === null ? null : Number(p.q) / div));
}

const ESTIMATED = new Set<number>([ReadingStatus.interpolated, ReadingStatus.estimated]);

/** A row's values per column and its quality counts; columns starting at or after `asOf` are not due (null, not missing). */
function rowCells(row: ReportRowInput, columns: readonly ReportColumn[], asOf: number): { values: (number | null)[]; quality: RowQuality } {
  const q = { columns: 0, missing: 0, estimated: 0, suspect: 0, partial: 0 };
  const values = columns.map((c) => {
    if (c.start >= asOf) return null;
    q.columns++;
    const b = row.buckets.get(c.start);
    const v = b === undefined || b.value === null || !Number.isFinite(b.value) ? null : b.value;
    if (v === null) q.missing++;
    if (b !== undefined && ESTIMATED.has(b.quality ?? 0)) q.estimated++;
    if (b !== undefined && b.quality === ReadingStatus.suspect) q.suspect++;
    if (v !== null && b?.nIntervals !== undefined && b.nIntervals < c.intervals) q.partial++;
    return v;
  });
  return { values, quality: { ...q, coveragePct: q.columns === 0 ? 100 : ((q.columns - q.missing) / q.columns) * 100 } };
}

/**
 * The consumption table (DOMAIN §1: the period total is the Σ of its buckets): per row its value in
 * each column (missing stays null, never 0), its total and its share of the table's total; per
 * column the Σ over the rows; the grand total as the Σ of the column totals. Sums are exact to 6
 * decimals ({@link sumOrNull}). `asOf` (default: never) marks the columns from then on as not yet due.
 */
export function consumptionTable(
  columns: readonly ReportColumn[],
  rows: readonly ReportRowInput[],
  opts: { sharePrecision?: number; asOf?: number } = {},
): ConsumptionTable {
  const sharePrecision = opts.sharePrecision ?? 1;
  const cells = rows.map((r) => rowCells(r, columns, opts.asOf ?? Infinity));
  const totals = cells.map((c) => sumOrNull(c.values));
  const shares = largestRemainderShares(totals, sharePrecision);
  const columnTotals = columns.map((_, j) => sumOrNull(cells.map((c) => c.values[j] ?? null)));
  return {
    columns: [...columns],
    rows: rows.map((r, i) => ({ id: r.id, name: r.name, values: cells[i]?.values ?? [], total: totals[i] ?? null, sharePct: shares[i] ?? null, quality: cells[i]?.quality as RowQuality })),
    columnTotals,
    total: sumOrNull(columnTotals),
    sharePrecision,
  };
}

/** A tariff version as the report needs it: its period calendar and TOU prices from a local date on. */
export interface TouTariffVersion {
  effectiveFrom: string;
  calendar: PeriodCalendar;
  touPrices: TouPrices;
}

/** kWh and ¥ by TOU period of one row (or of the totals). */
export interface TouCostRow {
  id: number | null;
  name: string;
  kwh: Record<PeriodCode, number>;
  fen: Record<PeriodCode, Fen>;
  totalKwh: number;
  totalFen: Fen;
  /** total ¥ / total kWh (DOMAIN §3 average price); null without energy */
  averagePriceYuanPerKwh: number | null;
  /** energy outside any tariff version, outside the calendar, or in a period without a price: not priced */
  unpricedKwh: number;
  /** 15-min intervals without a value: the split is incomplete when > 0 */
  missingIntervals: number;
}

const zeros = (): Record<PeriodCode, number> => ({ sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 });

/**
 * A row's energy and energy fee by TOU period (DOMAIN §3: Fee_E = Σ_p E_p × price_p from 15-min
 * interval energy): each interval priced with the tariff version in force on its local day
 * ({@link versionAt}), split by that version's calendar ({@link splitByPeriod}) and billed per period
 * to the fen ({@link energyFee}, half-up per line); a period's ¥ is the Σ of its lines. Hourly
 * rollup buckets may stand in for the 15-min intervals when every version's calendar changes period
 * on whole hours (`calendarOnWholeHours` of tariff.ts): an hour then lies in one period, and a year is a
 * quarter of the rows.
 */
export function touCostRow(
  row: { id: number; name: string; intervals: readonly { start: number; kwh: number | null }[] },
  versions: readonly TouTariffVersion[],
  timeZone: string,
): TouCostRow {
  const groups = new Map<TouTariffVersion | null, { start: number; kwh: number | null }[]>();
  for (const it of row.intervals) {
    const v = versionAt(versions, it.start, timeZone);
    const list = groups.get(v);
    if (list) list.push(it);
    else groups.set(v, [it]);
  }
  const kwhParts = new Map<PeriodCode, number[]>(PERIOD_CODES.map((p) => [p, []]));
  const fen = zeros();
  const unpriced: number[] = [];
  let missingIntervals = 0;
  for (const [v, list] of groups) {
    if (v === null) {
      missingIntervals += list.filter((it) => it.kwh === null).length;
      unpriced.push(...list.flatMap((it) => (it.kwh === null ? [] : [it.kwh])));
      continue;
    }
    const split = splitByPeriod(list, v.calendar, timeZone);
    missingIntervals += split.missingIntervals;
    unpriced.push(split.unclassifiedKwh, ...PERIOD_CODES.filter((p) => v.touPrices[p] === undefined).map((p) => split.kwh[p]));
    const priced = Object.fromEntries(PERIOD_CODES.filter((p) => v.touPrices[p] !== undefined).map((p) => [p, split.kwh[p]]));
    for (const p of Object.keys(priced) as PeriodCode[]) kwhParts.get(p)?.push(split.kwh[p]);
    for (const line of energyFee(priced, v.touPrices).lines) fen[line.key as PeriodCode] += line.fen;
  }
  const kwh = zeros();
  for (const p of PERIOD_CODES) kwh[p] = decimalToNumber(sumDecimal(kwhParts.get(p) ?? []));
  return touTotals(row.id, row.name, kwh, fen, decimalToNumber(sumDecimal(unpriced)), missingIntervals);
}

function touTotals(id: number | null, name: string, kwh: Record<PeriodCode, number>, fen: Record<PeriodCode, Fen>, unpricedKwh: number, missingIntervals: number): TouCostRow {
  const totalKwh = decimalToNumber(sumDecimal(PERIOD_CODES.map((p) => kwh[p])));
  const totalFen = sumFen(PERIOD_CODES.map((p) => fen[p]));
  return {
    id,
    name,
    kwh,
    fen,
    totalKwh,
    totalFen,
    averagePriceYuanPerKwh: averagePriceYuanPerKwh(totalFen, totalKwh),
    unpricedKwh,
    missingIntervals,
  };
}

/**
 * The cost-by-period table: a {@link touCostRow} per row and the totals row, each figure the Σ of
 * the rows' (¥ as the Σ of the rows' rounded lines, so the table adds up to the fen; a bill of the
 * node's own meters may differ from it by rounding). `periods`: the periods with energy, in order.
 */
export function touCostTable(
  rows: readonly { id: number; name: string; intervals: readonly { start: number; kwh: number | null }[] }[],
  versions: readonly TouTariffVersion[],
  timeZone: string,
): { rows: TouCostRow[]; totals: TouCostRow; periods: PeriodCode[] } {
  const out = rows.map((r) => touCostRow(r, versions, timeZone));
  const kwh = zeros();
  const fen = zeros();
  for (const p of PERIOD_CODES) {
    kwh[p] = decimalToNumber(sumDecimal(out.map((r) => r.kwh[p])));
    fen[p] = sumFen(out.map((r) => r.fen[p]));
  }
  const totals = touTotals(null, '', kwh, fen, decimalToNumber(sumDecimal(out.map((r) => r.unpricedKwh))), out.reduce((a, r) => a + r.missingIntervals, 0));
  return { rows: out, totals, periods: PERIOD_CODES.filter((p) => kwh[p] !== 0) };
}

/** ok: measured · reset: a rollover or a meter replacement inside the period · estimated: a boundary register read away from its boundary, or estimated intervals · suspect: an unexplained drop or a spike · missing: no register at a boundary. */
export type MeterQuality = 'ok' | 'reset' | 'estimated' | 'suspect' | 'missing';

export interface MeterReadingInput {
  id: number;
  name: string;
  /** the register read at (or last before) the period's start; null: none */
  start: Reading | null;
  /** the register read at (or last before) the period's end; null: none */
  end: Reading | null;
  /** multiplier (CT×PT), registerMax, declared resets, ratedKw: as for the rollups */
  params?: CounterParams;
  /** worst ReadingStatus of the period's rollup buckets, when known (estimated or suspect intervals show in the flag) */
  periodQuality?: number;
}

export interface MeterReadingRow {
  id: number;
  name: string;
  startRegister: number | null;
  endRegister: number | null;
  multiplier: number;
  /** (end − start) × multiplier, across resets; null when missing or unexplained; never negative */
  consumption: number | null;
  quality: MeterQuality;
  /** rollovers and declared replacements inside the period */
  resets: number;
}

/** The register read nearest before (or at) `at`: the boundary register of a period; null when every reading is later. */
export function registerAt(readings: readonly Reading[], at: number): Reading | null {
  let best: Reading | null = null;
  for (const r of readings) if (r.ts <= at && Number.isFinite(r.value) && (best === null || r.ts > best.ts)) best = r;
  return best;
}

const SEVERITY: Record<MeterQuality, number> = { ok: 0, reset: 1, estimated: 2, suspect: 3, missing: 4 };
const worse = (a: MeterQuality, b: MeterQuality) => (SEVERITY[a] >= SEVERITY[b] ? a : b);
const flagOf = (status: number): MeterQuality =>
  status === ReadingStatus.reset ? 'reset' : ESTIMATED.has(status) ? 'estimated' : status === ReadingStatus.suspect ? 'suspect' : 'ok';

/**
 * A meter's reading row (DOMAIN §1): consumption = (R_end − R_start) × multiplier, split at every
 * declared replacement inside the period ((closing − R_start) + (R_end − opening)) and each piece
 * classified by {@link counterDelta} (a drop is a rollover at registerMax when P_max allows, else
 * unexplained: null, never negative). A boundary register read more than the gap (default 20 min)
 * away from its boundary makes the row estimated.
 */
export function meterReadingRow(input: MeterReadingInput, period: { from: number; to: number }): MeterReadingRow {
  const params = input.params ?? {};
  const multiplier = params.multiplier ?? 1;
  const base = { id: input.id, name: input.name, startRegister: input.start?.value ?? null, endRegister: input.end?.value ?? null, multiplier };
  if (input.start === null || input.end === null || input.end.ts < input.start.ts) return { ...base, consumption: null, quality: 'missing', resets: 0 };
  const { start, end } = input;
  const resets = (params.resets ?? []).filter((r) => r.ts > start.ts && r.ts <= end.ts).sort((a, b) => a.ts - b.ts);
  // pieces between replacements: start → closing₁, opening₁ → closing₂, …, openingₖ → end
  const ends: Reading[] = [...resets.map((r) => ({ ts: r.ts, value: r.closing })), end];
  const begins: Reading[] = [start, ...resets.map((r) => ({ ts: r.ts, value: r.opening }))];
  const pieces = ends.map((e, i) => counterDelta(begins[i] as Reading, e, { ...params, resets: [] }));
  const gap = params.gapMs ?? DEFAULT_GAP_MS;
  let quality: MeterQuality = resets.length > 0 ? 'reset' : 'ok';
  for (const p of pieces) quality = worse(quality, flagOf(p.status));
  for (const s of [start.status, end.status, input.periodQuality]) if (s !== undefined) quality = worse(quality, flagOf(s));
  if (Math.abs(period.from - start.ts) > gap || Math.abs(period.to - end.ts) > gap) quality = worse(quality, 'estimated');
  const unexplained = pieces.some((p) => p.value === null);
  const consumption = unexplained ? null : decimalToNumber(sumDecimal(pieces.map((p) => p.value as number)));
  return { ...base, consumption, quality, resets: resets.length + pieces.filter((p) => p.kind === 'wrap').length };
}

/** The period's power figures of a row or of the node. */
export interface PowerSummary {
  /** MD: the highest 15-min average kW; null without a complete window */
  maxDemandKw: number | null;
  /** start of the MD's window */
  maxDemandAt: number | null;
  /** cosφ = P / √(P² + Q²), 2 decimals; null without energy */
  powerFactor: number | null;
}

/**
 * Maximum demand and power factor of a period (DOMAIN §4 and §3): the MD is the highest 15-min
 * window's average kW (kWh × 4, {@link powerFromEnergy} and {@link maxDemand}: the earliest on a
 * tie; a null window never counts), the power factor {@link monthlyCosPhi} of the period's active
 * and reactive energy (reverse kvarh added unless the flag says not).
 */
export function powerSummary(input: {
  intervals: readonly { start: number; kwh: number | null }[];
  kwh: number | null;
  kvarh: number | null;
  reverseKvarh?: number;
  addReverseKvarh?: boolean;
}): PowerSummary {
  const windows = powerFromEnergy(input.intervals, DEMAND_WINDOW_MS).map((s) => ({ start: s.ts, end: s.ts + DEMAND_WINDOW_MS, kw: s.kw }));
  const md = maxDemand(windows);
  const powerFactor =
    input.kwh === null || input.kvarh === null ? null : monthlyCosPhi({ kwh: input.kwh, kvarh: input.kvarh, reverseKvarh: input.reverseKvarh, addReverseKvarh: input.addReverseKvarh });
  return { maxDemandKw: md === null ? null : Math.round(md.kw * 1e6) / 1e6, maxDemandAt: md?.start ?? null, powerFactor };
}

/**
 * The node's coincident 15-min energy from its rows' intervals: per window start the Σ of the rows,
 * null when any row lacks that window (a gap never lowers the node's MD silently). The node's MD
 * is taken from these, not from the Σ of the rows' MDs, which need not fall in the same window.
 */
export function coincidentIntervals(rows: readonly (readonly { start: number; kwh: number | null }[])[]): { start: number; kwh: number | null }[] {
  const byStart = new Map<number, (number | null)[]>();
  rows.forEach((list, i) => {
    for (const it of list) {
      const cell = byStart.get(it.start) ?? new Array<number | null>(rows.length).fill(null);
      cell[i] = it.kwh;
      byStart.set(it.start, cell);
    }
  });
  return [...byStart.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, cell]) => ({ start, kwh: cell.some((v) => v === null) ? null : sumOrNull(cell) }));
}
