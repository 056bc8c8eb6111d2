import { describe, expect, it } from 'vitest';
import type { EChartsOption } from 'echarts';
import type { AbnormalResults } from '@ems/contract';
import { heatCells, heatmapOption, resultChartOption, weekdayOf } from './result-view';

const H = 3_600_000;
describe('abnormal results views', () => {
  it('shades each span from the bucket holding its start to the bucket holding its last instant', () => {
    const r = {
      unit: 'kWh',
      series: [0, 1, 2, 3, 4].map((h) => ({ start: h * H, actual: h, expected: 1 })),
      spans: [
        { start: 1 * H + 900_000, end: 3 * H, level: 'alarm' },
        { start: 4 * H, end: 4 * H + 900_000, level: 'warn' },
      ],
    } as AbnormalResults;
    const o = resultChartOption(r, { actual: 'A', expected: 'E', abnormal: 'X' }, { actual: 'a', expected: 'e', warn: 'w', alarm: 'r' }, (ts) => `h${ts / H}`);
    const series = o.series as { markArea?: { data: [{ xAxis: string; itemStyle?: { color: string } }, { xAxis: string }][] } }[];
    expect(series[0]?.markArea?.data.map(([a, b]) => [a.xAxis, b.xAxis, a.itemStyle?.color])).toEqual([
      ['h1', 'h2', 'r'],
      ['h4', 'h4', 'w'],
    ]);
  });

  it('lays the days out by week (from Monday) and weekday, in ¥ when priced', () => {
    expect(weekdayOf('2026-07-13')).toBe(0); // a Monday
    expect(weekdayOf('2026-07-19')).toBe(6);
    const { cells, weeks } = heatCells(
      [
        { date: '2026-07-15', excess: 5, fen: 2500 },
        { date: '2026-07-20', excess: 2, fen: 1000 },
      ],
      '2026-07-15',
      true,
    );
    expect(weeks).toEqual(['07-13', '07-20']);
    expect(cells.map((c) => [c.week, c.weekday, c.value])).toEqual([
      [0, 2, 25],
      [1, 0, 10],
    ]);
    expect(heatCells([{ date: '2026-07-15', excess: 5, fen: 0 }], '2026-07-15', false).cells[0]?.value).toBe(5);
  });
});

describe('the options render in ECharts (server-side SVG: no canvas needed)', () => {
  it('actual vs expected with a shaded span, and the calendar heat-map', async () => {
    const { echarts } = await import('../../widgets');
    const r = {
      unit: 'kWh',
      series: [0, 1, 2, 3].map((h) => ({ start: h * H, actual: h + 1, expected: 1 })),
      spans: [{ start: H, end: 3 * H, level: 'alarm' }],
    } as AbnormalResults;
    const render = (option: EChartsOption) => {
      const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
      chart.setOption(option);
      const svg = chart.renderToSVGString();
      chart.dispose();
      return svg;
    };
    const line = render(resultChartOption(r, { actual: 'Actual', expected: 'Expected', abnormal: 'X' }, { actual: '#1677ff', expected: '#888888', warn: '#faad14', alarm: '#ff4d4f' }, (ts) => `h${ts / H}`));
    expect(line).toContain('Actual');
    expect(line).toContain('h3');
    const { cells, weeks } = heatCells([{ date: '2026-07-15', excess: 5, fen: 2500 }], '2026-07-13', true);
    const heat = render(heatmapOption(cells, weeks, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], { low: '#fff7e6', high: '#ff4d4f' }, 'Cost'));
    expect(heat).toContain('Wed');
    expect(heat).toContain('07-13');
    // the day's cell is coloured by its value (the day at the maximum in the high colour), not left blank
    expect(heat).toMatch(/<path[^>]*fill="rgb\(255,77,79\)"[^>]*ecmeta_series_index="0"/);
  });
});
