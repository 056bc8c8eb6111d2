import { utcOffsetMs } from './counters-calendar.js';
import { calendarOnWholeHours, classifyInterval, type PeriodCalendar, type TouPrices } from './tariff.js';
import { decimal, decimalToNumber } from './money.js';
import type { TransformerNameplate } from './transformer.js';

/**
 * Transformer losses in money (DOMAIN.md §5 losses priced with §3's time-of-use tariff). The
 * no-load loss P0 runs round the clock while the unit is energised, so it is priced at the TOU
 * price of every interval alike: over whole ordinary days that is the time-weighted mean price of
 * the day (`meanDayPriceYuanPerKwh`, the round-the-clock price). The load loss Pk·β² occurs where
 * the load is, so each interval's load loss is priced at that interval's own TOU price (β²
 * weighting: a unit loaded by day pays peak prices for most of its load loss).
 * Units are in the names: kW, kWh, ¥ (yuan), hours; β is a fraction.
 */

const QUARTER_MS = 900_000;

/** What the price of a span is read from: the tariff version's period calendar and prices, in the project's zone. */
export interface TouTariff {
  calendar: PeriodCalendar;
  prices: TouPrices;
  timeZone: string;
}

/**
 * The mean TOU price (¥/kWh) of the span [start, start + ms), a constant load assumed across it:
 * the mean of its 15-min sub-intervals' prices (each classified by its local start, holidays
 * included). An hourly bucket under a calendar with half-hour boundaries thus gets half of each
 * period's price. Null when a sub-interval has no period or its period has no price.
 */
export function spanPriceYuanPerKwh(start: number, ms: number, tariff: TouTariff): number | null {
  const prices = numericPrices(tariff.prices);
  // a local whole hour under a calendar whose ranges all start and end on whole hours lies in one period
  if (ms <= HOUR_MS && wholeHours(tariff.calendar) && (start + utcOffsetMs(start, tariff.timeZone)) % HOUR_MS === 0) {
    const p = classifyInterval(start, tariff.calendar, tariff.timeZone);
    return (p === null ? undefined : prices.get(p)) ?? null;
  }
  const n = Math.max(1, Math.round(ms / QUARTER_MS));
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = classifyInterval(start + i * QUARTER_MS, tariff.calendar, tariff.timeZone);
    const price = p === null ? undefined : prices.get(p);
    if (price === undefined) return null;
    sum += price;
  }
  return sum / n;
}

const HOUR_MS = 3_600_000;
const onWholeHours = new WeakMap<PeriodCalendar, boolean>();
/** calendarOnWholeHours, cached per calendar object (treat tariffs as immutable). */
function wholeHours(calendar: PeriodCalendar): boolean {
  let w = onWholeHours.get(calendar);
  if (w === undefined) onWholeHours.set(calendar, (w = calendarOnWholeHours(calendar)));
  return w;
}

/** The prices as numbers, cached per prices object (treat tariffs as immutable). */
const numeric = new WeakMap<TouPrices, Map<string, number>>();
function numericPrices(prices: TouPrices): Map<string, number> {
  let m = numeric.get(prices);
  if (!m) {
    m = new Map(Object.entries(prices).flatMap(([k, v]) => (v === undefined ? [] : [[k, decimalToNumber(decimal(v))] as [string, number]])));
    numeric.set(prices, m);
  }
  return m;
}

/** One interval of operation: its start (ms), length (h), load rate (null: not measured) and TOU price (null: none). */
export interface PricedInterval {
  start: number;
  hours: number;
  beta: number | null;
  yuanPerKwh: number | null;
}

/** Loss energy and its money over intervals; ¥ null when no interval had a price. */
export interface LossCost {
  /** E0 = P0 · t over the measured hours, kWh */
  noLoadKwh: number;
  /** E_k = Pk · Σ β² Δt, kWh */
  loadKwh: number;
  /** Σ P0 Δt · price, ¥ */
  noLoadYuan: number | null;
  /** Σ Pk β² Δt · price, ¥ */
  loadYuan: number | null;
  /** measured hours */
  hours: number;
  /** measured hours without a price (their loss energy is counted, its money is not) */
  unpricedHours: number;
}

/**
 * The loss of each measured interval, E0 = P0 Δt and E_k = Pk β² Δt (DOMAIN §5), priced at the
 * interval's TOU price; intervals with β null are skipped (not measured, the unit's state unknown).
 */
export function lossCost(np: Pick<TransformerNameplate, 'p0Kw' | 'pkKw'>, intervals: readonly PricedInterval[]): LossCost {
  const out: LossCost = { noLoadKwh: 0, loadKwh: 0, noLoadYuan: null, loadYuan: null, hours: 0, unpricedHours: 0 };
  for (const iv of intervals) {
    if (iv.beta === null || !Number.isFinite(iv.beta)) continue;
    const e0 = np.p0Kw * iv.hours;
    const ek = np.pkKw * iv.beta * iv.beta * iv.hours;
    out.noLoadKwh += e0;
    out.loadKwh += ek;
    out.hours += iv.hours;
    if (iv.yuanPerKwh === null) {
      out.unpricedHours += iv.hours;
      continue;
    }
    out.noLoadYuan = (out.noLoadYuan ?? 0) + e0 * iv.yuanPerKwh;
    out.loadYuan = (out.loadYuan ?? 0) + ek * iv.yuanPerKwh;
  }
  return out;
}

/** Loss rate = E_loss / (E_out + E_loss), % (the share of the energy taken in that the unit loses); null without energy. */
export function lossRatePct(outputKwh: number, lossKwh: number): number | null {
  const input = outputKwh + lossKwh;
  return input > 0 ? (lossKwh / input) * 100 : null;
}

/** A fleet row's figures the totals add up (null: not available for that unit). */
export interface FleetEfficiencyRow {
  ratedKva: number | null;
  /** mean load rate over the range, % */
  loadRateAvgPct: number | null;
  energyKwh: number | null;
  noLoadLossKwh: number | null;
  loadLossKwh: number | null;
  noLoadLossYuan: number | null;
  loadLossYuan: number | null;
  zoneHours: Readonly<Record<'light' | 'economic' | 'optimal' | 'over', number>>;
}

export interface FleetEfficiencyTotals {
  ratedKva: number;
  energyKwh: number;
  noLoadLossKwh: number;
  loadLossKwh: number;
  lossKwh: number;
  noLoadLossYuan: number | null;
  loadLossYuan: number | null;
  lossYuan: number | null;
  /** Σ loss / (Σ energy + Σ loss), % */
  lossRatePct: number | null;
  /** 100 − loss rate, % */
  efficiencyPct: number | null;
  /** capacity-weighted mean load rate Σ β_i S_Ni / Σ S_Ni over the units with both, % (the fleet's mean kVA over its rated kVA) */
  loadRateAvgPct: number | null;
  /** unit-hours per zone */
  zoneHours: Record<'light' | 'economic' | 'optimal' | 'over', number>;
}

/** Adds fixed-point figures without binary drift: each value rounded to `digits` decimals, summed as integers. */
export function sumFixed(values: readonly (number | null)[], digits: number): number | null {
  const k = 10 ** digits;
  let units = 0;
  let any = false;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    units += Math.round(v * k);
    any = true;
  }
  return any ? units / k : null;
}

/**
 * The fleet's totals as the sums of its rows (kWh to `kwhDigits`, ¥ to `yuanDigits` decimals, so
 * the total shown equals the sum of the rows shown): energy, losses (total = no-load + load),
 * money, loss rate and efficiency from the sums, the capacity-weighted mean load rate, zone hours.
 */
export function fleetEfficiencyTotals(rows: readonly FleetEfficiencyRow[], kwhDigits = 1, yuanDigits = 2): FleetEfficiencyTotals {
  const sum = (get: (r: FleetEfficiencyRow) => number | null, d: number) => sumFixed(rows.map(get), d);
  const noLoadLossKwh = sum((r) => r.noLoadLossKwh, kwhDigits) ?? 0;
  const loadLossKwh = sum((r) => r.loadLossKwh, kwhDigits) ?? 0;
  const lossKwh = sumFixed([noLoadLossKwh, loadLossKwh], kwhDigits) ?? 0;
  const energyKwh = sum((r) => r.energyKwh, kwhDigits) ?? 0;
  const noLoadLossYuan = sum((r) => r.noLoadLossYuan, yuanDigits);
  const loadLossYuan = sum((r) => r.loadLossYuan, yuanDigits);
  const lossYuan = noLoadLossYuan === null && loadLossYuan === null ? null : sumFixed([noLoadLossYuan, loadLossYuan], yuanDigits);
  const rate = lossRatePct(energyKwh, lossKwh);
  let weighted = 0;
  let capacity = 0;
  for (const r of rows) {
    if (r.ratedKva === null || r.loadRateAvgPct === null) continue;
    weighted += r.loadRateAvgPct * r.ratedKva;
    capacity += r.ratedKva;
  }
  const zoneHours = { light: 0, economic: 0, optimal: 0, over: 0 };
  for (const r of rows) for (const z of ['light', 'economic', 'optimal', 'over'] as const) zoneHours[z] += r.zoneHours[z];
  return {
    ratedKva: rows.reduce((a, r) => a + (r.ratedKva ?? 0), 0),
    energyKwh,
    noLoadLossKwh,
    loadLossKwh,
    lossKwh,
    noLoadLossYuan,
    loadLossYuan,
    lossYuan,
    lossRatePct: rate,
    efficiencyPct: rate === null ? null : 100 - rate,
    loadRateAvgPct: capacity > 0 ? weighted / capacity : null,
    zoneHours,
  };
}
