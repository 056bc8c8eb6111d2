import type { EChartsOption } from 'echarts';
import type { BalanceDay, BalanceRow, BalanceStatusT } from '@ems/contract';
import { NO_VALUE, formatNumber } from '@ems/domain';

/** A row of the tree table: the API row with its child rows (antd's tree data). */
export interface TreeRow extends BalanceRow {
  key: number;
  children?: TreeRow[];
}

/** Builds the nested rows from the depth-first list: each row under its balance parent. */
export function toTreeRows(rows: readonly BalanceRow[]): TreeRow[] {
  const byId = new Map<number, TreeRow>();
  const top: TreeRow[] = [];
  for (const r of rows) {
    const node: TreeRow = { ...r, key: r.meterId };
    byId.set(r.meterId, node);
    const parent = r.parentMeterId === null ? undefined : byId.get(r.parentMeterId);
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
  }
  return top;
}

/** Keys of the rows that have children, down to `depth` (the table opens that far). */
export function expandedKeys(rows: readonly BalanceRow[], depth = 1): number[] {
  return rows.filter((r) => r.childCount > 0 && r.depth < depth).map((r) => r.meterId);
}

/** antd Tag colour of a status: pass green, fail orange, metering fault red, incomplete and no load grey. */
export const STATUS_COLOR: Record<BalanceStatusT, 'success' | 'warning' | 'error' | 'default'> = {
  pass: 'success',
  fail: 'warning',
  meteringFault: 'error',
  incomplete: 'default',
  noLoad: 'default',
};

/** A rate in % with 2 decimals: '3.12%'; '--' when null. */
export const formatPct = (v: number | null | undefined) => (v === null || v === undefined ? NO_VALUE : `${formatNumber(v, 2)}%`);

export interface TrendColors {
  line: string;
  band: string;
  limit: string;
  fault: string;
}

/**
 * Daily λ as a line over the days, the tolerance band 0…tolerance shaded and its limit as a dashed
 * line; days over the limit or below zero are marked in the warning and error colours (antd tokens).
 */
export function trendOption(days: readonly BalanceDay[], tolerancePct: number, labels: { rate: string; tolerance: string }, colors: TrendColors, dayLabel: (ts: number) => string): EChartsOption {
  const values = days.map((d) => d.lossRatePct);
  const known = values.filter((v): v is number => v !== null);
  const min = Math.min(0, ...known);
  const max = Math.max(tolerancePct * 1.5, ...known);
  return {
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.rate, labels.tolerance], top: 0 },
    xAxis: { type: 'category', data: days.map((d) => dayLabel(d.time)) },
    yAxis: { type: 'value', name: '%', min: Math.floor(min), max: Math.ceil(max) },
    series: [
      {
        type: 'line',
        name: labels.rate,
        data: days.map((d) => ({
          value: d.lossRatePct,
          itemStyle: d.status === 'fail' ? { color: colors.limit } : d.status === 'meteringFault' ? { color: colors.fault } : undefined,
        })),
        connectNulls: false,
        symbolSize: 7,
        lineStyle: { color: colors.line },
        itemStyle: { color: colors.line },
        markArea: { silent: true, itemStyle: { color: colors.band }, data: [[{ yAxis: 0 }, { yAxis: tolerancePct }]] },
      },
      {
        type: 'line',
        name: labels.tolerance,
        data: days.map(() => tolerancePct),
        symbol: 'none',
        lineStyle: { type: 'dashed', color: colors.limit },
        itemStyle: { color: colors.limit },
      },
    ],
  };
}
