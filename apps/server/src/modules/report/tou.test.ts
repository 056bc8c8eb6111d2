import { describe, expect, it } from 'vitest';
import { EXAMPLE_PERIOD_CALENDAR, EXAMPLE_TOU_PRICES, touCostTable, type TouTariffVersion } from '@ems/domain';
import { keyOf, touSpans, touTableFromSlots, type SlotSum } from './tou.js';

const H = 3_600_000;
const Q = 900_000;

/** What the SQL of reportRepository.slotSums returns: per device and key, Σ value, values and buckets. */
function grouped(series: Map<number, { start: number; kwh: number | null }[]>, spans: ReturnType<typeof touSpans>, slotMs: number): SlotSum[] {
  const out = new Map<string, SlotSum>();
  for (const [deviceId, list] of series)
    for (const it of list) {
      const key = keyOf(spans, it.start, slotMs);
      const k = `${deviceId}:${key}`;
      const s = out.get(k) ?? { deviceId, key, value: null, values: 0, buckets: 0 };
      s.buckets++;
      if (it.kwh !== null) {
        s.values++;
        s.value = (s.value ?? 0) + it.kwh;
      }
      out.set(k, s);
    }
  return [...out.values()];
}

/** A second version from 1 June: a holiday schedule, a deep valley and no sharp price (sharp kWh unpriced). */
const V2: TouTariffVersion = {
  effectiveFrom: '2025-06-01',
  calendar: {
    ...EXAMPLE_PERIOD_CALENDAR,
    holidays: [{ date: '2025-10-01', schedule: [{ start: '00:00', end: '24:00', period: 'deepValley' }] }],
  },
  touPrices: { peak: '1.1', flat: '0.65', valley: '0.3', deepValley: '0.15' },
};
const V1: TouTariffVersion = { effectiveFrom: '2025-02-01', calendar: EXAMPLE_PERIOD_CALENDAR, touPrices: EXAMPLE_TOU_PRICES };

describe('TOU cost from (span, slot) sums = the domain touCostTable over every interval', () => {
  it.each([
    ['Asia/Shanghai, hourly', 'Asia/Shanghai', H],
    ['Europe/Berlin (DST in March and October), hourly', 'Europe/Berlin', H],
    ['Europe/Berlin, 15-min', 'Europe/Berlin', Q],
  ])('%s: a year before, across and after the versions, with gaps; signed rows', (_, zone, slotMs) => {
    const from = Date.UTC(2024, 11, 31, 23);
    const to = Date.UTC(2025, 11, 31, 23);
    const versions = [V1, V2];
    const series = new Map<number, { start: number; kwh: number | null }[]>();
    let seed = 7;
    const rnd = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (const id of [1, 2, 3]) {
      const list: { start: number; kwh: number | null }[] = [];
      for (let t = from; t < to; t += slotMs) list.push({ start: t, kwh: rnd() < 0.01 ? null : Math.round(rnd() * 1e6) / 1e4 });
      series.set(id, list);
    }
    const spans = touSpans(versions, zone, from, to, slotMs);
    // a year: a span per season, version, DST change and holiday, not one per day
    expect(spans.length).toBeLessThan(20);
    const rows = [
      { id: 1, name: 'one', weights: [{ id: 1, weight: 1 as const }] },
      { id: 2, name: 'two', weights: [{ id: 2, weight: 1 as const }] },
    ];
    const fast = touTableFromSlots(rows, grouped(series, spans, slotMs), spans, versions, 'Total');
    const ref = touCostTable(
      rows.map((r) => ({ id: r.id, name: r.name, intervals: series.get(r.id) ?? [] })),
      versions,
      zone,
    );
    for (const [i, r] of ref.rows.entries()) {
      const f = fast.rows[i]!;
      expect(f.fen).toEqual(r.fen);
      expect(f.totalFen).toBe(r.totalFen);
      expect(f.missingIntervals).toBe(r.missingIntervals);
      for (const p of ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const) expect(f.kwh[p]).toBeCloseTo(r.kwh[p], 5);
      expect(f.unpricedKwh).toBeCloseTo(r.unpricedKwh, 5);
    }
    expect(fast.totals.totalFen).toBe(ref.totals.totalFen);
    expect(fast.periods).toEqual(ref.periods);
    // January is before the first version: unpriced; 1 October a deep-valley holiday
    expect(fast.rows[0]!.unpricedKwh).toBeGreaterThan(0);
    expect(fast.rows[0]!.kwh.deepValley).toBeGreaterThan(0);
  });

  it('a signed row (a child that passes energy on) is the weighted Σ of its meters', () => {
    const from = Date.UTC(2025, 2, 9, 16);
    const to = from + 24 * H;
    const spans = touSpans([V1], 'Asia/Shanghai', from, to, H);
    const series = new Map([
      [1, Array.from({ length: 24 }, (_, i) => ({ start: from + i * H, kwh: 10 }))],
      [2, Array.from({ length: 24 }, (_, i) => ({ start: from + i * H, kwh: 4 }))],
    ]);
    const fast = touTableFromSlots([{ id: 9, name: 'own', weights: [{ id: 1, weight: 1 }, { id: 2, weight: -1 }] }], grouped(series, spans, H), spans, [V1], 'Total');
    const ref = touCostTable([{ id: 9, name: 'own', intervals: Array.from({ length: 24 }, (_, i) => ({ start: from + i * H, kwh: 6 })) }], [V1], 'Asia/Shanghai');
    expect(fast.rows[0]!.fen).toEqual(ref.rows[0]!.fen);
    expect(fast.rows[0]!.totalKwh).toBe(144);
  });
});
