import { describe, expect, it } from 'vitest';
import type { ChillerRow } from '@ems/contract';
import { curvePoints, scatterOption, splitOption, temperatureOption, trendOption, type ChillerTokens } from './chiller-charts';
import { curveText, gradeColor, pair } from './chiller-view';

const C: ChillerTokens = { primary: 'p', success: 's', warning: 'w', error: 'e', info: 'i', secondary: 'x', purple: 'pu', cyan: 'cy' };
const curve = { a: 3, b: 6, c: -4, n: 144, r2: 1, plrMin: 0.3, plrMax: 0.9 };
const row = (over: Partial<ChillerRow>): ChillerRow => ({
  id: 1,
  name: '1#',
  ratedCoolingKw: 800,
  ratedCop: 6,
  condenser: 'water',
  coolingKwh: 100,
  electricityKwh: 20,
  runHours: 1,
  cop: 5,
  kwPerRt: 0.7034,
  plrAvg: 0.5,
  curve,
  copAt100: 5,
  iplv: 4.88,
  grade: 'below',
  gradeLimits: null,
  points: [
    [0.3, 4.44],
    [0.5, 5],
  ],
  temps: { chws: 7, chwr: 12, cws: 30, cwr: 35, flowM3h: 120, loadKw: 697.8 },
  ...over,
});

describe('COP-vs-PLR chart', () => {
  it('the fitted curve 3 + 6x − 4x² drawn in PLR % from 30 to 90 % (COP 4.44 … 5.16)', () => {
    const pts = curvePoints(curve, 0.3, 0.9);
    expect(pts[0]).toEqual([30, 4.44]);
    expect(pts[pts.length - 1]).toEqual([90, 5.16]);
    expect(pts).toHaveLength(31);
  });
  it('per chiller: its points in %, the curve solid over the loads seen and dashed on to 100 %; no curve, no line', () => {
    const o = scatterOption([row({}), row({ id: 2, name: '2#', curve: null, points: [] })], C, { fit: '', plr: 'PLR' });
    const series = o.series as { type: string; name: string; data: number[][]; lineStyle?: { type?: string; color?: string } }[];
    expect(series.map((s) => [s.type, s.name, s.lineStyle?.type ?? null])).toEqual([
      ['scatter', '1#', null],
      ['line', '1#', null],
      ['line', '1#', 'dashed'],
      ['scatter', '2#', null],
    ]);
    expect(series[0]?.data).toEqual([
      [30, 4.44],
      [50, 5],
    ]);
    expect(series[2]?.data[series[2].data.length - 1]).toEqual([100, 5]);
    // each chiller its own colour from the theme's tokens
    expect(series[1]?.lineStyle?.color).toBe('p');
    expect((series[3] as unknown as { itemStyle: { color: string } }).itemStyle.color).toBe('w');
  });
});

describe('trend, temperatures and split', () => {
  it('trend: cooling bars, COP and EER lines on the right axis; a bucket without data stays empty', () => {
    const o = trendOption(
      [
        { start: 0, coolingKwh: 510, electricity: { chillers: 102.08, chwPumps: 20, cwPumps: 30, towers: 8 }, cop: 4.9958, eer: 3.1858 },
        { start: 1, coolingKwh: null, electricity: { chillers: 0, chwPumps: 0, cwPumps: 0, towers: 0 }, cop: null, eer: null },
      ],
      C,
      { cooling: 'Cooling', cop: 'COP', eer: 'EER' },
      (t) => `t${t}`,
    );
    const s = o.series as { name: string; data: (number | null)[]; yAxisIndex?: number }[];
    expect(s.map((x) => [x.name, x.data, x.yAxisIndex ?? 0])).toEqual([
      ['Cooling', [510, null], 0],
      ['COP', [5, null], 1],
      ['EER', [3.19, null], 1],
    ]);
    expect((o.xAxis as { data: string[] }).data).toEqual(['t0', 't1']);
  });
  it('temperatures: six lines in °C and the approach as bars in K', () => {
    const o = temperatureOption(
      [{ start: 0, chws: 7, chwr: 12, cws: 30, cwr: 35, outdoorC: 30, outdoorRh: 60, wetBulbC: 23.9955, approachK: 6.0045 }],
      C,
      { chws: 'a', chwr: 'b', cws: 'c', cwr: 'd', outdoor: 'e', wetBulb: 'f', approach: 'g' },
      String,
    );
    const s = o.series as { name: string; type: string; data: (number | null)[] }[];
    expect(s.map((x) => [x.name, x.type, x.data[0]])).toEqual([
      ['a', 'line', 7],
      ['b', 'line', 12],
      ['c', 'line', 30],
      ['d', 'line', 35],
      ['e', 'line', 30],
      ['f', 'line', 24],
      ['g', 'bar', 6],
    ]);
  });
  it('split: the four parts in kWh', () => {
    const o = splitOption({ chillers: 3675.06, chwPumps: 720, cwPumps: 1080, towers: 288 }, C, { chillers: 'CH', chwPumps: 'CHWP', cwPumps: 'CWP', towers: 'CT' });
    const data = (o.series as { data: { name: string; value: number }[] }[])[0]?.data;
    // the legend carries each share: 3675.06 / 5763.06 = 63.8 %
    const legend = o.legend as { formatter: (name: string) => string };
    expect(['CH', 'CHWP', 'CWP', 'CT'].map(legend.formatter)).toEqual(['CH 63.8%', 'CHWP 12.5%', 'CWP 18.7%', 'CT 5%']);
    expect(data?.map((d) => [d.name, d.value])).toEqual([
      ['CH', 3675.1],
      ['CHWP', 720],
      ['CWP', 1080],
      ['CT', 288],
    ]);
  });
});

describe('table texts', () => {
  it('the curve with its signs, the supply/return pair, the grade colours', () => {
    expect(curveText(curve)).toBe('3.000 + 6.000·PLR − 4.000·PLR² (R² 1.000)');
    expect(curveText(null)).toBe('--');
    expect(pair(7, null)).toBe('7.0/--');
    expect([1, 2, 3, 'below', 'unrated'].map((g) => gradeColor(g as ChillerRow['grade']))).toEqual(['success', 'processing', 'warning', 'error', 'default']);
  });
});
