import { describe, expect, it } from 'vitest';
import type { AbnormalResults } from '@ems/contract';
import { heatCells, resultChartOption, weekdayOf } from './result-view';

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
