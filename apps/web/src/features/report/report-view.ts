import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { REPORT_SECTIONS, type Report, type ReportKindT, type ReportQuery, type ReportSectionT } from '@ems/contract';
import { formatInZone } from '../../lib/time';

export const KINDS: readonly ReportKindT[] = ['daily', 'monthly', 'yearly'];
export const SECTIONS: readonly ReportSectionT[] = REPORT_SECTIONS;

/** antd DatePicker's picker and format for a kind. */
export const PICKER: Record<ReportKindT, { picker: 'date' | 'month' | 'year'; format: string }> = {
  daily: { picker: 'date', format: 'YYYY-MM-DD' },
  monthly: { picker: 'month', format: 'YYYY-MM' },
  yearly: { picker: 'year', format: 'YYYY' },
};

/** Today's local date in the project's zone, 'YYYY-MM-DD'. */
export const todayIn = (zone: string, now = Date.now()) => formatInZone(now, zone, 'YYYY-MM-DD');

/** The default date of a kind: yesterday (daily), this month, this year — the latest period with data, on the project's calendar. */
export function defaultDate(kind: ReportKindT, zone: string, now = Date.now()): string {
  const today = todayIn(zone, now);
  return kind === 'daily' ? dayjs(today).subtract(1, 'day').format('YYYY-MM-DD') : today;
}

/** The request's date for a kind: 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' of the picked local date. */
export const dateFor = (kind: ReportKindT, date: string) => date.slice(0, PICKER[kind].format.length);

export function reportBody(projectId: number, node: { id: number; modelLabel: string }, energyType: number, kind: ReportKindT, date: string, rows: 'children' | 'meters'): ReportQuery {
  return { projectId, nodeId: node.id, modelLabel: node.modelLabel, energyType, kind, date: dateFor(kind, date), rows };
}

/** The bars of the column totals (the consumption of the node's rows per hour, day or month). */
export function totalsChart(r: Report, colour: string, name: string): EChartsOption {
  const totals = r.consumption?.columnTotals ?? [];
  return {
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: r.columns.map((c) => (c.repeated ? `${c.label}*` : c.label)) },
    yAxis: { type: 'value', name: r.unit },
    series: [{ type: 'bar', name, data: totals.map((v) => v), itemStyle: { color: colour } }],
  };
}
