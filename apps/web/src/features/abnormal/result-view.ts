import type { EChartsOption } from 'echarts';
import type { AbnormalResults } from '@ems/contract';

export interface ResultLabels {
  actual: string;
  expected: string;
  abnormal: string;
}
export interface ResultColours {
  actual: string;
  expected: string;
  warn: string;
  alarm: string;
}

/** Label pattern of a chart bucket. */
export const BUCKET_PATTERN: Record<AbnormalResults['bucket'], string> = { '15m': 'MM-DD HH:mm', hour: 'MM-DD HH:mm', day: 'YYYY-MM-DD' };

/**
 * Actual vs expected per bucket (category axis of the bucket starts), the abnormal spans shaded as
 * mark areas from the bucket holding their start to the one holding their end.
 */
export function resultChartOption(r: AbnormalResults, labels: ResultLabels, colours: ResultColours, label: (ts: number) => string): EChartsOption {
  const starts = r.series.map((s) => s.start);
  const cats = starts.map(label);
  /** the category of the bucket holding ts */
  const catOf = (ts: number) => {
    let i = 0;
    while (i + 1 < starts.length && (starts[i + 1] as number) <= ts) i++;
    return cats[i] as string;
  };
  const areas = r.spans
    .filter((s) => starts.length > 0 && s.end > (starts[0] as number))
    .map((s) => [
      { xAxis: catOf(s.start), itemStyle: { color: s.level === 'alarm' ? colours.alarm : colours.warn, opacity: 0.18 } },
      { xAxis: catOf(Math.max(s.start, s.end - 1)) },
    ]);
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [labels.actual, labels.expected] },
    grid: { left: 56, right: 24, top: 40, bottom: 56 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: { type: 'category', data: cats },
    yAxis: { type: 'value', name: r.unit },
    series: [
      {
        name: labels.actual,
        type: 'line',
        showSymbol: false,
        data: r.series.map((s) => s.actual),
        itemStyle: { color: colours.actual },
        markArea: { silent: true, data: areas as never },
      },
      { name: labels.expected, type: 'line', showSymbol: false, data: r.series.map((s) => s.expected), lineStyle: { type: 'dashed' }, itemStyle: { color: colours.expected } },
    ],
  };
}

/** One cell of the calendar heat-map: column (week from the first local day's week), row (weekday Monday 0 … Sunday 6). */
export interface HeatCell {
  date: string;
  week: number;
  weekday: number;
  value: number;
}

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
/** Monday 0 … Sunday 6 of a local date (a date has no zone: its weekday is the calendar's) */
export const weekdayOf = (date: string) => (new Date(dayNumber(date) * 86_400_000).getUTCDay() + 6) % 7;

/**
 * The waste per local day laid out as a calendar: one column per week (weeks starting Monday, from
 * the week of `firstDate`), one row per weekday; the value is ¥ when priced, else the amount.
 */
export function heatCells(days: AbnormalResults['days'], firstDate: string, priced: boolean): { cells: HeatCell[]; weeks: string[] } {
  const first = dayNumber(firstDate);
  const monday0 = first - weekdayOf(firstDate);
  const cells = days.map((d) => {
    const n = dayNumber(d.date);
    return { date: d.date, week: Math.floor((n - monday0) / 7), weekday: weekdayOf(d.date), value: priced ? d.fen / 100 : d.excess };
  });
  const lastWeek = Math.max(0, ...cells.map((c) => c.week));
  const weeks = Array.from({ length: lastWeek + 1 }, (_, w) => new Date((monday0 + 7 * w) * 86_400_000).toISOString().slice(5, 10));
  return { cells, weeks };
}

export function heatmapOption(cells: readonly HeatCell[], weeks: readonly string[], weekdays: readonly string[], colours: { low: string; high: string }, valueName: string): EChartsOption {
  const max = Math.max(0, ...cells.map((c) => c.value));
  return {
    tooltip: { formatter: (p: unknown) => {
      const d = (p as { data: [number, number, number, string] }).data;
      return `${d[3]}<br/>${valueName}: ${d[2].toFixed(2)}`;
    } },
    grid: { left: 48, right: 24, top: 16, bottom: 64 },
    xAxis: { type: 'category', data: [...weeks], splitArea: { show: true } },
    yAxis: { type: 'category', data: [...weekdays], inverse: true, splitArea: { show: true } },
    // dimension 2: the value (ECharts maps the last dimension by default, here the date string)
    visualMap: { dimension: 2, min: 0, max: max > 0 ? max : 1, calculable: true, orient: 'horizontal', left: 'center', bottom: 4, itemHeight: 120, inRange: { color: [colours.low, colours.high] } },
    series: [{ type: 'heatmap', name: valueName, data: cells.map((c) => [c.week, c.weekday, c.value, c.date]) }],
  };
}
