import { describe, expect, it } from 'vitest';
import { contractAt, demandOption } from './cost-charts';

const l = { demand: 'Demand', contract: 'Contract', tolerance: '105 %', kw: 'kW' };
const colors = { line: '#1', limit: '#2', tolerance: '#3' };
const points = [0, 1, 2, 3].map((i) => ({ time: i * 1000, kw: 10 + i }));

describe('demand chart', () => {
  it('one version: flat contract and 105 % lines as mark lines', () => {
    const o = demandOption(points, 40, l, colors, String) as { series: { markLine?: { data: { yAxis: number }[] } }[] };
    expect(o.series).toHaveLength(1);
    expect(o.series[0]?.markLine?.data.map((m) => m.yAxis)).toEqual([40, 42]);
  });

  it('a version change inside the month: the contract and 105 % lines step with the version in force (none where it is not on the demand basis)', () => {
    const steps = [
      { from: 0, to: 2000, contractKw: null },
      { from: 2000, to: 4000, contractKw: 40 },
    ];
    expect(contractAt(points, steps)).toEqual([null, null, 40, 40]);
    const o = demandOption(points, 40, l, colors, String, steps) as { series: { name: string; data: (number | null)[]; markLine?: unknown }[] };
    expect(o.series.map((s) => s.name)).toEqual(['Demand', 'Contract', '105 %']);
    expect(o.series[1]?.data).toEqual([null, null, 40, 40]);
    expect(o.series[2]?.data).toEqual([null, null, 42, 42]);
    expect(o.series[0]?.markLine).toBeUndefined();
  });
});
