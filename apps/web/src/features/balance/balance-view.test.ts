import { describe, expect, it } from 'vitest';
import type { BalanceDay, BalanceRow, PipeMedium } from '@ems/contract';
import { expandedKeys, formatPct, toTreeRows, trendOption } from './balance-view';
import { networkOption } from './pipe-view';

const row = (meterId: number, parentMeterId: number | null, depth: number, childCount = 0): BalanceRow => ({
  meterId,
  name: `m${meterId}`,
  code: `M${meterId}`,
  parentMeterId,
  depth,
  value: 1,
  childCount,
  balance: null,
});

const figures = { parent: 100, childrenSum: 97, parentTotal: 100, childrenTotal: 97, knownChildrenSum: 97, missingChildren: 0, loss: 3, tolerancePct: 5 };

describe('balance view', () => {
  it('nests the depth-first rows under their balance parents; opens the top level', () => {
    const rows = [row(1, null, 0, 2), row(2, 1, 1, 1), row(3, 2, 2), row(4, 1, 1), row(5, null, 0)];
    const tree = toTreeRows(rows);
    expect(tree.map((r) => [r.key, r.children?.map((c) => c.key)])).toEqual([
      [1, [2, 4]],
      [5, undefined],
    ]);
    expect(tree[0]?.children?.[0]?.children?.map((c) => c.key)).toEqual([3]);
    expect(expandedKeys(rows)).toEqual([1]);
  });

  it('formats rates with 2 decimals and -- for none', () => {
    expect([formatPct(3.14159), formatPct(null)]).toEqual(['3.14%', '--']);
  });

  it('trend: λ per day, days over tolerance and below zero in their colours, the band 0…tolerance', () => {
    const days: BalanceDay[] = [
      { time: 0, ...figures, lossRatePct: 3, status: 'pass' },
      { time: 1, ...figures, lossRatePct: 7, status: 'fail' },
      { time: 2, ...figures, lossRatePct: -1, status: 'meteringFault' },
      { time: 3, ...figures, lossRatePct: null, status: 'incomplete' },
    ];
    const o = trendOption(days, 5, { rate: 'λ', tolerance: 'tol' }, { line: 'L', band: 'B', limit: 'W', fault: 'E' }, (ts) => `d${ts}`) as {
      xAxis: { data: string[] };
      yAxis: { min: number; max: number };
      series: { data: unknown[]; markArea?: { data: unknown } }[];
    };
    expect(o.xAxis.data).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect([o.yAxis.min, o.yAxis.max]).toEqual([-1, 8]);
    expect(o.series[0]?.data).toEqual([
      { value: 3, itemStyle: undefined },
      { value: 7, itemStyle: { color: 'W' } },
      { value: -1, itemStyle: { color: 'E' } },
      { value: null, itemStyle: undefined },
    ]);
    expect(o.series[0]?.markArea?.data).toEqual([[{ yAxis: 0 }, { yAxis: 5 }]]);
    expect(o.series[1]?.data).toEqual([5, 5, 5, 5]);
  });

  it('network: supply to each end user plus a loss branch in the status colour; none for a negative loss', () => {
    const m: PipeMedium = {
      energyType: 3,
      unit: 'm3',
      supply: [{ meterId: 1, name: 'main', value: 100, sharePct: 100 }],
      endUsers: [
        { meterId: 2, name: 'a', value: 60, sharePct: 60 },
        { meterId: 3, name: 'b', value: 35, sharePct: 35 },
      ],
      balance: { ...figures, loss: 5, lossRatePct: 5, status: 'pass' },
      days: [],
      stepChange: null,
    };
    const links = (o: unknown) => (o as { series: { links: { source: string; target: string; value: number }[] }[] }).series[0]?.links.map((l) => [l.source, l.target, l.value]);
    const labels = { loss: 'loss', supply: 'supply', unmetered: 'unmetered' };
    expect(links(networkOption(m, labels, { loss: 'green', unmetered: 'orange' }, 'text'))).toEqual([
      ['main', 'a', 60],
      ['main', 'b', 35],
      ['main', 'loss', 5],
    ]);
    const fault = { ...m, balance: { ...m.balance, loss: -5, status: 'meteringFault' as const } };
    expect(links(networkOption(fault, labels, { loss: 'red', unmetered: 'orange' }, 'text'))).toHaveLength(2);
  });

  it('network: an end user reporting part of the range — the loss of the covered days and the unmetered rest as branches, adding up to the supply', () => {
    // the server balance test's gas: N0 6720 over N1 4032 and N2 1152 (from day 4 of 7); loss 384 over days 4–7, 1152 unmetered
    const m: PipeMedium = {
      energyType: 15,
      unit: 'm3',
      supply: [{ meterId: 1, name: 'N0', value: 6720, sharePct: 100 }],
      endUsers: [
        { meterId: 2, name: 'N1', value: 4032, sharePct: 60 },
        { meterId: 3, name: 'N2', value: 1152, sharePct: (1152 / 6720) * 100 },
      ],
      balance: { parent: 3840, childrenSum: 3456, parentTotal: 6720, childrenTotal: 5184, knownChildrenSum: 3456, missingChildren: 0, loss: 384, lossRatePct: 10, tolerancePct: 5, status: 'fail', unmetered: 1152 },
      days: [],
      stepChange: null,
    };
    const o = networkOption(m, { loss: 'loss', supply: 'supply', unmetered: 'unmetered' }, { loss: 'orange', unmetered: 'gold' }, 'text') as { series: { links: { source: string; target: string; value: number; lineStyle?: { color: string } }[] }[] };
    const links = o.series[0]?.links ?? [];
    expect(links.map((l) => [l.target, l.value, l.lineStyle?.color])).toEqual([
      ['N1', 4032, undefined],
      ['N2', 1152, undefined],
      ['loss', 384, 'orange'],
      ['unmetered', 1152, 'gold'],
    ]);
    expect(links.reduce((x, l) => x + l.value, 0)).toBe(m.balance.parentTotal);
  });
});
