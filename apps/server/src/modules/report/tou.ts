import {
  PERIOD_CODES,
  averagePriceYuanPerKwh,
  classifyInterval,
  decimalToNumber,
  energyFee,
  sumDecimal,
  sumFen,
  utcOffsetMs,
  versionAt,
  type PeriodCode,
  type TouCostRow,
  type TouTariffVersion,
  type WeightedMeter,
} from '@ems/domain';

/**
 * The cost by time-of-use period of a report's rows from rollups grouped in SQL (issue 15, the
 * report's speed): a year of hours of a hundred meters is 876,000 buckets, and pricing each one in
 * JS took five times the read. The TOU period of a bucket depends only on its local slot of the day
 * (hour, or 15 min when a calendar changes period off the hour) and on the day's schedule and tariff
 * version. So the period [from, to) is cut into spans — runs of slots with one UTC offset, one
 * version and one slot → period map (a season, a holiday, a DST change or a new version starts a new
 * span) — and SQL sums each device's buckets per (span, local slot): a few thousand rows instead of
 * the buckets. Each (span, slot) is then priced exactly as packages/domain touCostRow prices an
 * interval (the version in force on its local day, its calendar's period, energyFee per version to
 * the fen, half-up per line); report.test.ts checks the two agree.
 */

export interface TouSpan {
  from: number;
  /** UTC offset in ms over the span */
  offset: number;
  /** index into the versions, -1 before the first */
  version: number;
  /** local slot of the day → period (null: outside the calendar) */
  periods: (PeriodCode | null | undefined)[];
}

/** The spans of [from, to) in slots of `slotMs` (3,600,000 or 900,000). */
export function touSpans(versions: readonly TouTariffVersion[], timeZone: string, from: number, to: number, slotMs: number): TouSpan[] {
  const perDay = Math.round(86_400_000 / slotMs);
  const spans: TouSpan[] = [];
  let cur: TouSpan | null = null;
  for (let t = from; t < to; t += slotMs) {
    const offset = utcOffsetMs(t, timeZone);
    const v = versionAt(versions, t, timeZone);
    const version = v === null ? -1 : versions.indexOf(v);
    const period = v === null ? null : classifyInterval(t, v.calendar, timeZone);
    const slot = slotOf(t, offset, slotMs, perDay);
    if (cur === null || cur.offset !== offset || cur.version !== version || (cur.periods[slot] !== undefined && cur.periods[slot] !== period)) {
      cur = { from: t, offset, version, periods: new Array<PeriodCode | null | undefined>(perDay).fill(undefined) };
      spans.push(cur);
    }
    cur.periods[slot] = period;
  }
  return spans;
}

/** The local slot of the day of an instant (whole-slot offsets: the bucket starts on a local slot). */
export const slotOf = (t: number, offset: number, slotMs: number, perDay: number) => Math.floor((t + offset) / slotMs) % perDay;

/** The grouping key of a bucket: span index × 1000 + local slot (what the SQL computes). */
export function keyOf(spans: readonly TouSpan[], t: number, slotMs: number): number {
  let i = spans.length - 1;
  while (i > 0 && (spans[i] as TouSpan).from > t) i--;
  const s = spans[i] as TouSpan;
  return i * 1000 + slotOf(t, s.offset, slotMs, Math.round(86_400_000 / slotMs));
}

/** One device's Σ value, count of values and count of buckets in a (span, slot) group. */
export interface SlotSum {
  deviceId: number;
  key: number;
  value: number | null;
  values: number;
  buckets: number;
}

const zeros = (): Record<PeriodCode, number> => ({ sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 });
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function totalsOf(id: number | null, name: string, kwh: Record<PeriodCode, number>, fen: Record<PeriodCode, number>, unpricedKwh: number, missingIntervals: number): TouCostRow {
  const totalKwh = decimalToNumber(sumDecimal(PERIOD_CODES.map((p) => kwh[p])));
  const totalFen = sumFen(PERIOD_CODES.map((p) => fen[p]));
  return { id, name, kwh, fen, totalKwh, totalFen, averagePriceYuanPerKwh: averagePriceYuanPerKwh(totalFen, totalKwh), unpricedKwh, missingIntervals };
}

/**
 * The TOU table of the rows (each a signed group of meters) from the devices' (span, slot) sums: per
 * row kWh and fen by period, unpriced kWh (before any version, outside the calendar, a period without
 * a price) and the intervals without a value of its added meters; the totals row the Σ of the rows.
 */
export function touTableFromSlots(
  rows: readonly { id: number; name: string; weights: readonly WeightedMeter[] }[],
  sums: readonly SlotSum[],
  spans: readonly TouSpan[],
  versions: readonly TouTariffVersion[],
  totalName: string,
): { rows: TouCostRow[]; totals: TouCostRow; periods: PeriodCode[] } {
  // per device: version index → period ('x': outside the calendar) → Σ kWh; and its empty buckets
  const byDevice = new Map<number, { kwh: Map<number, Map<PeriodCode | 'x', number>>; missing: number }>();
  for (const s of sums) {
    let d = byDevice.get(s.deviceId);
    if (!d) byDevice.set(s.deviceId, (d = { kwh: new Map(), missing: 0 }));
    d.missing += s.buckets - s.values;
    if (s.value === null || s.values === 0) continue;
    const span = spans[Math.floor(s.key / 1000)];
    if (!span) continue;
    const p = span.periods[s.key % 1000] ?? 'x';
    let m = d.kwh.get(span.version);
    if (!m) d.kwh.set(span.version, (m = new Map()));
    m.set(p, (m.get(p) ?? 0) + s.value);
  }
  const out = rows.map((row) => {
    const byVersion = new Map<number, Map<PeriodCode | 'x', number>>();
    let missing = 0;
    for (const w of row.weights) {
      const d = byDevice.get(w.id);
      if (!d) continue;
      if (w.weight > 0) missing += d.missing;
      for (const [v, m] of d.kwh) {
        let acc = byVersion.get(v);
        if (!acc) byVersion.set(v, (acc = new Map()));
        for (const [p, x] of m) acc.set(p, (acc.get(p) ?? 0) + w.weight * x);
      }
    }
    const kwhParts = new Map<PeriodCode, number[]>(PERIOD_CODES.map((p) => [p, []]));
    const fen = zeros();
    const unpriced: number[] = [];
    for (const [vi, m] of byVersion) {
      const v = vi < 0 ? null : versions[vi];
      if (!v) {
        unpriced.push(...[...m.values()].map(round6));
        continue;
      }
      unpriced.push(round6(m.get('x') ?? 0));
      const priced: Partial<Record<PeriodCode, number>> = {};
      for (const p of PERIOD_CODES) {
        const x = round6(m.get(p) ?? 0);
        if (v.touPrices[p] === undefined) unpriced.push(x);
        else {
          priced[p] = x;
          kwhParts.get(p)?.push(x);
        }
      }
      for (const line of energyFee(priced, v.touPrices).lines) fen[line.key as PeriodCode] += line.fen;
    }
    const kwh = zeros();
    for (const p of PERIOD_CODES) kwh[p] = decimalToNumber(sumDecimal(kwhParts.get(p) ?? []));
    return totalsOf(row.id, row.name, kwh, fen, decimalToNumber(sumDecimal(unpriced)), missing);
  });
  const kwh = zeros();
  const fen = zeros();
  for (const p of PERIOD_CODES) {
    kwh[p] = decimalToNumber(sumDecimal(out.map((r) => r.kwh[p])));
    fen[p] = sumFen(out.map((r) => r.fen[p]));
  }
  const totals = totalsOf(null, totalName, kwh, fen, decimalToNumber(sumDecimal(out.map((r) => r.unpricedKwh))), out.reduce((a, r) => a + r.missingIntervals, 0));
  return { rows: out, totals, periods: PERIOD_CODES.filter((p) => kwh[p] !== 0) };
}
