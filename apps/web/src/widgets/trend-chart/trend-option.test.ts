import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts';
import { buildTrendOption, trendExtremesText, type TrendLabels } from './trend-option';
import { DEFAULT_TREND_TOGGLES, type TrendToggles } from './trend-toggles';
import { H, T0, TZ, line, wall } from './fixtures';

const tokens = { colorWarningBg: 'tok-warning-bg', colorWarningBorder: 'tok-warning-border', colorTextSecondary: 'tok-text-2' };
const labels: TrendLabels = { max: 'Max', min: 'Min', average: 'Average', upperLimit: 'Upper limit', lowerLimit: 'Lower limit', rawMark: 'Raw' };
const build = (on: Partial<TrendToggles>, ...series: ReturnType<typeof line>[]) => buildTrendOption(series, { ...DEFAULT_TREND_TOGGLES, ...on }, tokens, labels, TZ);
const first = (o: ReturnType<typeof build>) => (o.series as LineSeriesOption[])[0]!;
const limits = line([10, 50, 30, 2147483648], { upperLimit: 45, lowerLimit: 5 });

describe('spec 4 trend chart option', () => {
  it("rule 15: the time axis is the project's wall clock (values shifted, formatted in UTC), not the browser's", () => {
    const o = build({}, limits);
    expect(o.useUTC).toBe(true);
    expect(o.xAxis).toEqual({ type: 'time' });
    // 00:00 UTC is 08:00 in Shanghai: drawn at 08:00 on a UTC-formatted axis
    expect((first(o).data as [number, number][])[0]![0]).toBe(Date.UTC(2024, 2, 1, 8));
  });

  it('all overlays off: plain line, no markers, symbols hidden, sentinels as gaps', () => {
    const s = first(build({}, limits));
    expect(s).toMatchObject({ type: 'line', name: 'Compressor 1 - Active power', showSymbol: false, connectNulls: false });
    expect(s.markPoint).toBeUndefined();
    expect(s.markLine).toBeUndefined();
    expect(s.markArea).toBeUndefined();
    expect(s.data).toEqual([
      [wall(T0), 10],
      [wall(T0 + H), 50],
      [wall(T0 + 2 * H), 30],
      [wall(T0 + 3 * H), null],
    ]);
  });

  it("the markers as text, a line each, in the project's wall clock (the chart's text alternative); none when the markers are off", () => {
    const text = (v: Record<string, string>) => `${v.line}: max ${v.max} (${v.maxTime}), min ${v.min} (${v.minTime})`;
    const two = [limits, line([3, 1, 2])];
    expect(trendExtremesText(two, { ...DEFAULT_TREND_TOGGLES, maxMin: true }, TZ, text).split('\n')).toEqual([
      'Compressor 1 - Active power: max 50.00 kW (2024-03-01 09:00:00), min 10.00 kW (2024-03-01 08:00:00)',
      'Compressor 1 - Active power: max 3.00 kW (2024-03-01 08:00:00), min 1.00 kW (2024-03-01 09:00:00)',
    ]);
    // the difference view: the extremes of the differences, as its markers
    expect(trendExtremesText([line([3, 1, 2])], { ...DEFAULT_TREND_TOGGLES, maxMin: true, diff: true }, TZ, text)).toBe('Compressor 1 - Active power: max 1.00 kW (2024-03-01 09:00:00), min -2.00 kW (2024-03-01 08:00:00)');
    expect(trendExtremesText(two, DEFAULT_TREND_TOGGLES, TZ, text)).toBe('');
  });

  it('limit: upper and lower lines at the parameter limits', () => {
    const data = first(build({ limit: true }, limits)).markLine?.data;
    expect(data).toEqual([expect.objectContaining({ name: 'Upper limit', yAxis: 45 }), expect.objectContaining({ name: 'Lower limit', yAxis: 5 })]);
  });

  it('limit: the y axis stretches to take in limits beyond the values, so the lines show', () => {
    type Bound = (v: { min: number; max: number }) => number;
    const axis = (o: ReturnType<typeof build>) => (o.yAxis as { min?: Bound; max?: Bound }[])[0]!;
    const far = line([220, 230, 225], { upperLimit: 500, lowerLimit: 0 });
    const on = axis(build({ limit: true }, far));
    expect([on.min?.({ min: 220, max: 230 }), on.max?.({ min: 220, max: 230 })]).toEqual([0, 500]);
    expect([on.min?.({ min: -5, max: 600 }), on.max?.({ min: -5, max: 600 })]).toEqual([-5, 600]);
    const off = axis(build({}, far));
    expect([off.min, off.max]).toEqual([undefined, undefined]);
    expect(axis(build({ limit: true, diff: true }, far)).max).toBeUndefined();
  });

  it('limit: a line without limits (null or sentinel) draws none; the difference view hides limits', () => {
    expect(first(build({ limit: true }, line([1, 2], { upperLimit: null, lowerLimit: -2147483648 }))).markLine).toBeUndefined();
    expect(first(build({ limit: true, diff: true }, limits)).markLine).toBeUndefined();
  });

  it('average: a line at the mean of the values, sentinels ignored', () => {
    expect(first(build({ average: true }, limits)).markLine?.data).toEqual([expect.objectContaining({ name: 'Average', yAxis: 30 })]);
  });

  it('max/min: markers at the highest and lowest point', () => {
    const data = first(build({ maxMin: true }, limits)).markPoint?.data;
    expect(data).toEqual([
      expect.objectContaining({ name: 'Max', coord: [wall(T0 + H), 50], value: 50 }),
      expect.objectContaining({ name: 'Min', coord: [wall(T0), 10], value: 10 }),
    ]);
  });

  it('diff: values become next minus this, last 0; overlays measure the differences', () => {
    const s = first(build({ diff: true, maxMin: true }, line([10, 50, 30])));
    expect((s.data as [number, number][]).map((p) => p[1])).toEqual([40, -20, 0]);
    expect(s.markPoint?.data).toEqual([expect.objectContaining({ value: 40 }), expect.objectContaining({ value: -20 })]);
  });

  it('point: symbols shown', () => expect(first(build({ point: true }, limits)).showSymbol).toBe(true));

  it('raw mark: areas from status 3 to the next status 0, tinted with theme tokens', () => {
    const s = first(build({ rawMark: true }, line([1, 2, 3, 4, 5], {}, [0, 3, 1, 0, 3])));
    expect(s.markArea?.data).toEqual([
      [{ name: 'Raw', xAxis: wall(T0 + H) }, { xAxis: wall(T0 + 3 * H) }],
      [{ name: 'Raw', xAxis: wall(T0 + 4 * H) }, { xAxis: wall(T0 + 4 * H) }],
    ]);
    expect(s.markArea?.itemStyle).toMatchObject({ color: 'tok-warning-bg', borderColor: 'tok-warning-border' });
  });

  it('one y axis per unit: left, right, then offset outward; lines point at their unit axis', () => {
    const o = build({}, line([1], { unit: 'kW' }), line([1], { unit: 'm3' }), line([1], { unit: 'kW' }), line([1], { unit: '℃' }));
    expect((o.yAxis as { name: string; position: string; offset: number }[]).map((a) => [a.name, a.position, a.offset])).toEqual([
      ['kW', 'left', 0],
      ['m³', 'right', 0],
      ['℃', 'left', 60],
    ]);
    expect((o.series as LineSeriesOption[]).map((s) => s.yAxisIndex)).toEqual([0, 1, 0, 2]);
  });

  it("the y axes' unit names stand below the legend's row (12 px text above each axis end), not on it", () => {
    const o = build({}, limits, line([3, 1, 2], { unit: 'V' }), line([1, 2], { unit: 'A' }));
    const top = (o.grid as { top: number }).top;
    const axes = o.yAxis as { name: string; nameGap: number }[];
    expect(axes.map((a) => a.name)).toEqual(['kW', 'V', 'A']);
    for (const a of axes) expect(top - a.nameGap - 12).toBeGreaterThanOrEqual(32);
    expect((o.legend as { top: number }).top).toBe(0);
  });

  it('no lines (still loading): one plain y axis', () => expect(buildTrendOption([], DEFAULT_TREND_TOGGLES, tokens, labels, TZ).yAxis).toEqual([{ type: 'value' }]));

  it('time axis, zoom no narrower than 1 hour, legend, tooltip with 2 decimals and the unit', () => {
    const o = build({}, limits);
    expect(o.xAxis).toMatchObject({ type: 'time' });
    expect(o.dataZoom).toEqual([expect.objectContaining({ minValueSpan: H }), expect.objectContaining({ minValueSpan: H })]);
    expect(o.legend).toBeDefined();
    const fmt = (first(o).tooltip as { valueFormatter: (v: unknown) => string }).valueFormatter;
    expect([fmt(12.345), fmt(null), fmt(2147483648)]).toEqual(['12.35 kW', '--', '--']);
  });
});
