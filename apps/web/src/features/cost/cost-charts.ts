import type { EChartsOption } from 'echarts';
import type { CostPeriodBucket, MonthSummary } from '@ems/contract';
import { PERIODS, chartYuan, type Period } from './cost-view';

export interface CompositionLabels {
  energy: string;
  basic: string;
  pf: string;
  surcharge: string;
  average: string;
  yuan: string;
  yuanPerKwh: string;
}

/** Bill composition per month (stacked ¥: energy, basic, 力调, surcharges) with the average price on a second axis. */
export function compositionOption(months: readonly MonthSummary[], l: CompositionLabels): EChartsOption {
  const billed = months.filter((m) => m.billed);
  const x = billed.map((m) => `${m.month}`.padStart(2, '0'));
  const bar = (name: string, pick: (m: MonthSummary) => number) => ({ name, type: 'bar' as const, stack: 'fee', barMaxWidth: 48, data: billed.map((m) => chartYuan(pick(m))) });
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 70, right: 60, top: 40, bottom: 76 },
    xAxis: { type: 'category', data: x },
    yAxis: [
      { type: 'value', name: l.yuan },
      { type: 'value', name: l.yuanPerKwh, splitLine: { show: false } },
    ],
    series: [
      bar(l.energy, (m) => m.energyFen),
      bar(l.basic, (m) => m.basicFen),
      bar(l.pf, (m) => m.pfFen),
      bar(l.surcharge, (m) => m.surchargeFen),
      { name: l.average, type: 'line', yAxisIndex: 1, data: billed.map((m) => (m.averagePriceYuanPerKwh === null ? null : Math.round(m.averagePriceYuanPerKwh * 10000) / 10000)) },
    ],
  };
}

/** Stacked energy fee (¥) per period per bucket. */
export function periodStackOption(x: readonly string[], rows: readonly Pick<CostPeriodBucket, 'energyFenByPeriod'>[], names: Record<Period, string>, colors: Record<Period, string>, yuanLabel: string): EChartsOption {
  const used = PERIODS.filter((p) => rows.some((r) => (r.energyFenByPeriod[p] ?? 0) !== 0));
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 70, right: 20, top: 40, bottom: 76 },
    xAxis: { type: 'category', data: [...x] },
    yAxis: { type: 'value', name: yuanLabel },
    series: used.map((p) => ({ name: names[p], type: 'bar', stack: 'fee', itemStyle: { color: colors[p] }, data: rows.map((r) => chartYuan(r.energyFenByPeriod[p] ?? 0)) })),
  };
}

/** Donut of the TOU split (kWh by period). */
export function donutOption(kwh: Record<string, number>, names: Record<Period, string>, colors: Record<Period, string>): EChartsOption {
  const data = PERIODS.filter((p) => (kwh[p] ?? 0) > 0).map((p) => ({ name: names[p], value: Math.round((kwh[p] ?? 0) * 100) / 100, itemStyle: { color: colors[p] } }));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} kWh ({d}%)' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '70%'], center: ['50%', '45%'], label: { position: 'inside', formatter: '{d}%', overflow: 'none' }, data }],
  };
}

/** The contract in force at each block's time, from the steps of a month whose tariff version changes (null outside any). */
export function contractAt(points: readonly { time: number }[], steps: readonly { from: number; to: number; contractKw: number | null }[]): (number | null)[] {
  return points.map((p) => steps.find((s) => p.time >= s.from && p.time < s.to)?.contractKw ?? null);
}

/**
 * 15-min demand with the contract and its 105 % lines, the MD marked. With `steps` (the tariff version
 * changed inside the month) the two lines step with the version in force instead of running flat.
 */
export function demandOption(
  points: readonly { time: number; kw: number }[],
  contractKw: number | null,
  l: { demand: string; contract: string; tolerance: string; kw: string },
  colors: { line: string; limit: string; tolerance: string },
  fmt: (ts: number) => string,
  steps?: readonly { from: number; to: number; contractKw: number | null }[],
): EChartsOption {
  if (steps && steps.length > 1) {
    const contract = contractAt(points, steps);
    const top = Math.max(0, ...contract.map((c) => c ?? 0));
    const stepLine = (name: string, data: (number | null)[], color: string, type: 'solid' | 'dotted') => ({ name, type: 'line' as const, step: 'end' as const, showSymbol: false, connectNulls: false, lineStyle: { color, type }, itemStyle: { color }, data });
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 60 },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      xAxis: { type: 'category', data: points.map((p) => fmt(p.time)) },
      yAxis: { type: 'value', name: l.kw, max: (v: { max: number }) => Math.ceil(Math.max(v.max, top * 1.1)) },
      series: [
        { name: l.demand, type: 'line', showSymbol: false, itemStyle: { color: colors.line }, data: points.map((p) => p.kw), markPoint: { data: [{ type: 'max', name: 'MD' }] } },
        stepLine(l.contract, contract, colors.limit, 'solid'),
        stepLine(l.tolerance, contract.map((c) => (c === null ? null : Math.round(c * 1.05 * 100) / 100)), colors.tolerance, 'dotted'),
      ],
    };
  }
  const marks = contractKw === null ? [] : [
    { yAxis: contractKw, name: l.contract, lineStyle: { color: colors.limit }, label: { position: 'insideEndBottom' as const, formatter: `${l.contract} {c}` } },
    { yAxis: Math.round(contractKw * 1.05 * 100) / 100, name: l.tolerance, lineStyle: { color: colors.tolerance, type: 'dotted' as const }, label: { position: 'insideEndTop' as const, formatter: `${l.tolerance} {c}` } },
  ];
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 60, right: 30, top: 40, bottom: 60 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: points.map((p) => fmt(p.time)) },
    yAxis: { type: 'value', name: l.kw, max: (v: { max: number }) => Math.ceil(Math.max(v.max, (contractKw ?? 0) * 1.1)) },
    series: [
      {
        name: l.demand,
        type: 'line',
        showSymbol: false,
        itemStyle: { color: colors.line },
        data: points.map((p) => p.kw),
        markLine: { symbol: 'none', data: marks },
        markPoint: { data: [{ type: 'max', name: 'MD' }] },
      },
    ],
  };
}

/** cosφ gauge from 0.5 to 1 with the standard marked as the boundary between the penalty and the reward band. */
export function gaugeOption(cosPhi: number | null, standard: number | null, colors: { bad: string; good: string }, label: string): EChartsOption {
  const min = 0.5;
  const split = standard === null ? 0.9 : standard;
  return {
    series: [
      {
        type: 'gauge',
        min,
        max: 1,
        splitNumber: 5,
        axisLine: { lineStyle: { width: 14, color: [[(split - min) / (1 - min), colors.bad], [1, colors.good]] } },
        pointer: { width: 5 },
        axisLabel: { formatter: (v: number) => v.toFixed(2) },
        detail: { formatter: (v: number) => (cosPhi === null ? '--' : v.toFixed(2)), fontSize: 24, offsetCenter: [0, '60%'] },
        title: { offsetCenter: [0, '85%'] },
        data: [{ value: cosPhi ?? min, name: label }],
      },
    ],
  };
}
