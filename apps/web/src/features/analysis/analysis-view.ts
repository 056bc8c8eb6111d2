import type { EChartsOption } from 'echarts';
import type { AnalysisGrain, ConsumptionAnalysis } from '@ems/contract';
import { NO_VALUE, analysisGrainFits, formatNumber, formatThousands, localParts, type DateRange } from '@ems/domain';
import { formatInZone, zoneOrDefault } from '../../lib/time';
import { PERIODS, type Period } from '../../lib/theme/tou-periods';

// the 同比/环比 display rules are shared with the other pages (packages/domain)
export { changeTone, formatChange, type ChangeTone } from '@ems/domain';

/** Below this share of the compared intervals a 同比/环比 reference is flagged as incomplete. */
export const FULL_REFERENCE_PCT = 95;

/** The reference holds noticeably fewer intervals than the compared part (shorter history, meters added since). */
export const partialReference = (coveragePct: number | null) => coveragePct !== null && coveragePct < FULL_REFERENCE_PCT;

/** A figure as the cards and the table print it: thousands separators, 2 decimals, '--' for null. */
export const formatFigure = (value: number | null, precision = 2) => formatThousands(value, precision);

/**
 * Axis label pattern of a reply's buckets on the project's clock: months 'YYYY-MM'; days 'MM-DD',
 * 'YYYY-MM-DD' when the range spans two years (a year by day, issue 16: 01-05 would name two days);
 * hours 'HH:mm' within one day, else with the date (and the year when it spans two).
 */
export function labelPattern(a: Pick<ConsumptionAnalysis, 'from' | 'to' | 'grain'>, timeZone: string): string {
  if (a.grain === 'month') return 'YYYY-MM';
  const first = localParts(a.from, timeZone);
  const last = localParts(Math.max(a.from, a.to - 1), timeZone);
  const years = first.year !== last.year;
  if (a.grain === 'day') return years ? 'YYYY-MM-DD' : 'MM-DD';
  if (years) return 'YYYY-MM-DD HH:mm';
  return first.month === last.month && first.day === last.day ? 'HH:mm' : 'MM-DD HH:mm';
}

/** Axis labels of a reply's buckets ({@link labelPattern}). */
export function bucketLabels(a: Pick<ConsumptionAnalysis, 'from' | 'to' | 'grain' | 'timezone' | 'series'>): string[] {
  const zone = zoneOrDefault(a.timezone);
  const pattern = labelPattern(a, zone);
  return a.series.map((b) => formatInZone(b.time, zone, pattern));
}

/** The grain picker's choice: the server's automatic grain, or a grain asked for (issue 16). */
export type GrainChoice = 'auto' | AnalysisGrain;
export const GRAIN_CHOICES: readonly GrainChoice[] = ['auto', 'hour', 'day', 'month'];

/** Whether a choice may be asked for over the selector's range (hours up to 31 days, days up to 366; @ems/domain analysisGrainFits). */
export const grainAllowed = (choice: GrainChoice, range: DateRange, timeZone: string) => choice === 'auto' || analysisGrainFits(choice, range.startTime, range.endTime + 1, timeZone);

/** At most this many children are stacked; the rest of the node's total is one 'other' part. */
export const MAX_STACKED = 8;

export interface BarTexts {
  total: string;
  lastYear: string;
  other: string;
  unit: string;
}

/** Children whose figures do not overlap: their shares add up to at most the node's total (0.5 % slack for rounding). */
export function childrenPartition(a: ConsumptionAnalysis): boolean {
  const shares = a.children.map((c) => c.sharePct ?? 0);
  return shares.length > 0 && shares.reduce((s, x) => s + x, 0) <= 100.5;
}

/**
 * Bars per bucket: the node's total, or stacked by its largest children with the rest as 'other'
 * (the node's total minus the stacked children, when positive); stacked only when the children
 * partition the node (a child metered upstream of another would stack past the total). The same
 * buckets a year earlier as a line.
 */
export function barsOption(a: ConsumptionAnalysis, stacked: boolean, lastYearLine: boolean, texts: BarTexts): EChartsOption {
  const labels = bucketLabels(a);
  const parts = stacked && childrenPartition(a) ? a.children.filter((c) => c.value !== null).slice(0, MAX_STACKED) : [];
  // what the stacked children leave of the node's total (metered at the node, or by children not stacked)
  const rest = a.series.map((b, i) => {
    if (b.value === null) return null;
    const r = b.value - parts.reduce((s, c) => s + (c.series[i] ?? 0), 0);
    return r > 1e-6 * Math.max(1, Math.abs(b.value)) ? r : null;
  });
  const bars: EChartsOption['series'] =
    parts.length === 0
      ? [{ type: 'bar', name: texts.total, data: a.series.map((b) => b.value), barMaxWidth: 28 }]
      : [
          ...parts.map((c) => ({ type: 'bar' as const, name: c.name, stack: 'total', data: c.series, barMaxWidth: 28 })),
          ...(rest.some((v) => v !== null) ? [{ type: 'bar' as const, name: texts.other, stack: 'total', barMaxWidth: 28, data: rest }] : []),
        ];
  const line: EChartsOption['series'] = lastYearLine ? [{ type: 'line', name: texts.lastYear, data: a.series.map((b) => b.lastYear), symbolSize: 4, connectNulls: false }] : [];
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', name: texts.unit },
    series: [...bars, ...line],
  };
}

/** The buckets hold a time-of-use split (electricity under a tariff scheme). */
export const hasTou = (a: ConsumptionAnalysis) => a.tou !== null && a.tou !== undefined && a.series.some((b) => b.tou);

/**
 * Bars per bucket stacked by time-of-use period (sharp → deep valley, only the periods that occur),
 * in the period colours, with last year's line; what no period covers (before the first tariff
 * version) as its own part.
 */
export function touBarsOption(a: ConsumptionAnalysis, lastYearLine: boolean, texts: BarTexts & { periods: Record<Period, string>; unclassified: string }, colors: Record<Period, string>): EChartsOption {
  const labels = bucketLabels(a);
  const used = PERIODS.filter((p) => a.series.some((b) => (b.tou?.[p] ?? 0) > 0));
  const rest = a.series.map((b) => {
    if (b.value === null) return null;
    const split = b.tou ? PERIODS.reduce((s, p) => s + (b.tou?.[p] ?? 0), 0) : 0;
    const r = b.value - split;
    return r > 1e-6 * Math.max(1, Math.abs(b.value)) ? r : null;
  });
  const bars: EChartsOption['series'] = [
    ...used.map((p) => ({ type: 'bar' as const, name: texts.periods[p], stack: 'tou', itemStyle: { color: colors[p] }, barMaxWidth: 28, data: a.series.map((b) => (b.tou ? b.tou[p] : null)) })),
    ...(rest.some((v) => v !== null) ? [{ type: 'bar' as const, name: texts.unclassified, stack: 'tou', barMaxWidth: 28, data: rest }] : []),
  ];
  const line: EChartsOption['series'] = lastYearLine ? [{ type: 'line', name: texts.lastYear, data: a.series.map((b) => b.lastYear), symbolSize: 4, connectNulls: false }] : [];
  return {
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    legend: { type: 'scroll', top: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', name: texts.unit },
    series: [...bars, ...line],
  };
}

/** Texts of the ranking: the part metered at the node itself, and a child without a meter of the energy type. */
export interface RankingTexts {
  unassigned: string;
  noMeter: string;
}

/**
 * Horizontal bars of the children (each with its own consumption), largest on top, each labelled
 * with its share of the node's total; a child without a meter of the energy type is listed with
 * `noMeter` instead of a share, and the part metered at the node itself comes last.
 */
export function rankingOption(a: ConsumptionAnalysis, seriesName: string, unit: string, labelColor: string | undefined, texts: RankingTexts): EChartsOption {
  const rows = [
    ...a.children.map((c) => ({ name: c.name, value: c.value ?? 0, share: c.sharePct, noMeter: c.value === null })),
    ...(a.unassigned && a.unassigned.value !== null ? [{ name: texts.unassigned, value: a.unassigned.value, share: a.unassigned.sharePct, noMeter: false }] : []),
  ].reverse();
  return {
    grid: { left: 8, right: 64, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', name: unit },
    yAxis: { type: 'category', data: rows.map((c) => c.name), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        name: seriesName,
        barMaxWidth: 20,
        data: rows.map((c) => ({ value: c.value, share: c.share, noMeter: c.noMeter })),
        label: {
          show: true,
          position: 'right',
          color: labelColor,
          textBorderWidth: 0,
          formatter: (p: unknown) => {
            const d = (p as { data?: { share?: number | null; noMeter?: boolean } }).data;
            if (d?.noMeter) return texts.noMeter;
            const share = d?.share ?? null;
            return share === null ? NO_VALUE : `${formatNumber(share, 1)}%`;
          },
        },
      },
    ],
  };
}
