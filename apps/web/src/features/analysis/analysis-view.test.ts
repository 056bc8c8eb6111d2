import { describe, expect, it } from 'vitest';
import type { ConsumptionAnalysis, ConsumptionChild } from '@ems/contract';
import { rangeOf, zonedStart } from '@ems/domain';
import { barsOption, bucketLabels, changeTone, childrenPartition, formatChange, grainAllowed, hasTou, labelPattern, partialReference, rankingOption, touBarsOption } from './analysis-view';
import { consumptionQuery } from './api/get-consumption';

const child = (name: string, value: number | null, sharePct: number | null, series: (number | null)[]): ConsumptionChild => ({
  nodeId: name.length,
  modelLabel: 'building',
  name,
  value,
  sharePct,
  yoyPct: null,
  momPct: null,
  areaM2: null,
  intensityPerM2: null,
  qualityPct: null,
  meterCount: 1,
  series,
});

const analysis = (children: ConsumptionChild[]): ConsumptionAnalysis => ({
  nodeId: 1,
  modelLabel: 'project',
  name: 'P',
  energyType: 2,
  unit: 'kWh',
  timezone: 'Asia/Shanghai',
  from: 0,
  to: 2,
  grain: 'day',
  comparedUntil: 2,
  energyTypes: [2],
  meterCount: 1,
  kpi: { total: 100, tce: null, co2T: null, compared: null, yoyReference: null, momReference: null, yoyPct: null, momPct: null, yoyCoveragePct: null, momCoveragePct: null, areaM2: null, intensityPerM2: null, qualityPct: null },
  series: [
    { time: 0, value: 60, lastYear: 50 },
    { time: 1, value: 40, lastYear: null },
  ],
  children,
});

const TEXTS = { total: 'Total', lastYear: 'Last year', other: 'Other', unit: 'kWh' };
type S = { name?: string; stack?: string; data?: unknown[] };

describe("rule 15: the month's days on the project's clock, the browser in Los Angeles", () => {
  it('the buckets of November in Shanghai are labelled 11-01 … 11-30 (not 10-31 … 11-29)', () => {
    const day = (d: number) => Date.UTC(2026, 10, d) - 8 * 3_600_000; // 00:00 +08:00
    const a = { ...analysis([]), series: Array.from({ length: 30 }, (_, i) => ({ time: day(i + 1), value: 1, lastYear: null })) };
    const x = (o: ReturnType<typeof barsOption>) => (o.xAxis as { data: string[] }).data;
    expect(x(barsOption(a, false, false, TEXTS))[0]).toBe('11-01');
    expect(x(barsOption(a, false, false, TEXTS)).at(-1)).toBe('11-30');
    expect(x(barsOption({ ...a, grain: 'month' }, false, false, TEXTS))[0]).toBe('2026-11');
    expect(x(barsOption({ ...a, grain: 'hour', series: [{ time: day(1) + 23 * 3_600_000, value: 1, lastYear: null }] }, false, false, TEXTS))).toEqual(['23:00']);
  });
});

describe('a year by day (issue 16): labels name the day unambiguously, the grain goes into the query key', () => {
  const sh = (y: number, m: number, d: number, h = 0) => zonedStart(y, m, d, 'Asia/Shanghai', h);
  it.each([
    ['a year by day', 'day', sh(2024, 1, 1), sh(2025, 1, 1), 'MM-DD'],
    ['a custom year across the new year by day', 'day', sh(2024, 7, 1), sh(2025, 7, 1), 'YYYY-MM-DD'],
    ['a day by hour', 'hour', sh(2025, 3, 10), sh(2025, 3, 11), 'HH:mm'],
    ['a month by hour', 'hour', sh(2025, 3, 1), sh(2025, 4, 1), 'MM-DD HH:mm'],
    ['hours across the new year', 'hour', sh(2024, 12, 31), sh(2025, 1, 2), 'YYYY-MM-DD HH:mm'],
    ['months', 'month', sh(2024, 7, 1), sh(2025, 7, 1), 'YYYY-MM'],
  ] as const)('%s: %s', (_name, grain, from, to, pattern) => {
    expect(labelPattern({ from, to, grain }, 'Asia/Shanghai')).toBe(pattern);
  });
  it('the days of a range across the new year carry their year on the axis', () => {
    const a = { ...analysis([]), from: sh(2024, 12, 31), to: sh(2025, 1, 2), series: [sh(2024, 12, 31), sh(2025, 1, 1)].map((time) => ({ time, value: 1, lastYear: null })) };
    expect(bucketLabels(a)).toEqual(['2024-12-31', '2025-01-01']);
    expect((barsOption(a, false, false, TEXTS).xAxis as { data: string[] }).data).toEqual(['2024-12-31', '2025-01-01']);
  });
  it('hours up to 31 days, days up to 366 (a leap year), months and automatic always', () => {
    const leap = rangeOf(5, sh(2024, 6, 1), 'Asia/Shanghai');
    const month = rangeOf(3, sh(2024, 3, 5), 'Asia/Shanghai');
    expect((['auto', 'hour', 'day', 'month'] as const).map((g) => grainAllowed(g, leap, 'Asia/Shanghai'))).toEqual([true, false, true, true]);
    expect((['auto', 'hour', 'day', 'month'] as const).map((g) => grainAllowed(g, month, 'Asia/Shanghai'))).toEqual([true, true, true, true]);
  });
  it('the query key holds the grain: a year by day and by month are two entries', () => {
    const body = { nodeId: 1, modelLabel: 'project', energyType: 2, startTime: sh(2024, 1, 1), endTime: sh(2025, 1, 1) - 1, dateType: 5 };
    expect(consumptionQuery({ ...body, grain: 'day' }).queryKey).toEqual(['analysis', 'consumption', { ...body, grain: 'day' }]);
    expect(consumptionQuery({ ...body, grain: 'day' }).queryKey).not.toEqual(consumptionQuery(body).queryKey);
  });
});

describe('analysis view', () => {
  it('a reference under 95 % of the compared intervals is flagged as partial', () => {
    expect([partialReference(94.9), partialReference(95), partialReference(null)]).toEqual([true, false, false]);
  });

  it('change tone and text: more is up, less is down, null is none', () => {
    expect([changeTone(12), changeTone(-3), changeTone(0.01), changeTone(null)]).toEqual(['up', 'down', 'flat', 'none']);
    expect([formatChange(16.666), formatChange(-25), formatChange(null)]).toEqual(['+16.7%', '-25.0%', '--']);
  });

  it('stacks the children with the rest as other when they partition the node, with last year as a line', () => {
    const a = analysis([child('A', 70, 70, [50, 20]), child('B', 20, 20, [5, 15])]);
    expect(childrenPartition(a)).toBe(true);
    const series = barsOption(a, true, true, TEXTS).series as S[];
    expect(series.map((s) => [s.name, s.stack ?? null, s.data])).toEqual([
      ['A', 'total', [50, 20]],
      ['B', 'total', [5, 15]],
      ['Other', 'total', [5, 5]],
      ['Last year', null, [50, null]],
    ]);
  });

  it('no other part when the children make up the whole total', () => {
    const a = analysis([child('A', 80, 80, [50, 30]), child('B', 20, 20, [10, 10])]);
    expect((barsOption(a, true, false, TEXTS).series as S[]).map((s) => s.name)).toEqual(['A', 'B']);
  });

  it('one bar of the total when children overlap (shares past 100 %) or stacking is off', () => {
    const overlapping = analysis([child('Room', 100, 100, [60, 40]), child('Building', 30, 30, [20, 10])]);
    expect(childrenPartition(overlapping)).toBe(false);
    expect((barsOption(overlapping, true, false, TEXTS).series as S[]).map((s) => [s.name, s.data])).toEqual([['Total', [60, 40]]]);
    expect((barsOption(analysis([child('A', 70, 70, [50, 20])]), false, false, TEXTS).series as S[]).map((s) => s.name)).toEqual(['Total']);
  });

  it('ranking: largest on top (ECharts draws categories bottom up); a child without a meter is listed as such; the part metered at the node comes last', () => {
    const texts = { unassigned: 'At the node', noMeter: 'no meter' };
    const a = { ...analysis([child('A', 70, 70, [50, 20]), child('B', 20, 20, [5, 15]), child('C', null, null, [null, null])]), unassigned: { value: 10, sharePct: 10, meterCount: 1, series: [5, 5] } };
    const o = rankingOption(a, 'kWh', 'kWh', undefined, texts);
    expect((o.yAxis as { data: string[] }).data).toEqual(['At the node', 'C', 'B', 'A']);
    const bars = (o.series as { data: { value: number; share: number | null }[]; label: { formatter: (p: unknown) => string } }[])[0];
    expect(bars?.data.map((d) => d.value)).toEqual([10, 0, 20, 70]);
    expect(bars?.data.map((d) => bars.label.formatter({ data: d }))).toEqual(['10.0%', 'no meter', '20.0%', '70.0%']);
    expect((rankingOption(analysis([child('A', 70, 70, [50, 20])]), 'kWh', 'kWh', undefined, texts).yAxis as { data: string[] }).data).toEqual(['A']);
  });
});

describe('time-of-use bars (electricity under a tariff scheme)', () => {
  const zero = { sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 };
  const withTou = (): ConsumptionAnalysis => ({
    ...analysis([]),
    series: [
      // 60 = 10 sharp + 20 peak + 30 valley; 40 of which 25 flat and 15 before the first tariff version
      { time: 0, value: 60, lastYear: 50, tou: { ...zero, sharp: 10, peak: 20, valley: 30 } },
      { time: 1, value: 40, lastYear: null, tou: { ...zero, flat: 25 } },
    ],
    tou: { schemeName: 'S', totals: { ...zero, sharp: 10, peak: 20, flat: 25, valley: 30 }, unclassified: 15 },
  });
  const texts = { total: 'T', lastYear: 'LY', other: 'O', unit: 'kWh', periods: { sharp: '尖', peak: '峰', flat: '平', valley: '谷', deepValley: '深谷' }, unclassified: 'none' };
  const colors = { sharp: 'red', peak: 'orange', flat: 'blue', valley: 'green', deepValley: 'cyan' };

  it('offers the split only when a bucket holds one', () => {
    expect(hasTou(withTou())).toBe(true);
    expect(hasTou(analysis([]))).toBe(false);
    expect(hasTou({ ...withTou(), tou: null })).toBe(false);
  });

  it('stacks the periods that occur, in bill order and period colours, the unclassified rest on top, last year as a line', () => {
    const o = touBarsOption(withTou(), true, texts, colors);
    const series = o.series as { name: string; type: string; stack?: string; data: (number | null)[]; itemStyle?: { color: string } }[];
    expect(series.map((x) => [x.name, x.type, x.stack])).toEqual([
      ['尖', 'bar', 'tou'],
      ['峰', 'bar', 'tou'],
      ['平', 'bar', 'tou'],
      ['谷', 'bar', 'tou'],
      ['none', 'bar', 'tou'],
      ['LY', 'line', undefined],
    ]);
    expect(series.map((x) => x.itemStyle?.color)).toEqual(['red', 'orange', 'blue', 'green', undefined, undefined]);
    expect(series[2]?.data).toEqual([0, 25]);
    expect(series[4]?.data).toEqual([null, 15]);
    // each bucket's stack adds up to its value
    for (const i of [0, 1]) expect(series.slice(0, 5).reduce((sum, x) => sum + (x.data[i] ?? 0), 0)).toBe(withTou().series[i]?.value);
  });
});
