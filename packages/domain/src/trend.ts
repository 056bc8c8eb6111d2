/**
 * The trend series model (spec sections 3, 4 and 9): trend parameters, points, the difference
 * view, raw-data marks, statistics, y-axis assignment, zoom span and the merged table.
 */
import { NUMBER_SENTINELS } from './number-format.js';

/** What a trend line shows (spec section 3); limits are null when the data point has none. */
export interface TrendParam {
  deviceName: string;
  dataName: string;
  dataTypeName: string;
  unit: string;
  upperLimit: number | null;
  lowerLimit: number | null;
  /** Index of the y axis, one axis per unit (see `assignYAxes`). */
  yIndex: number;
}

/** One reading of the trend reply: time in ms, value (null or a sentinel when missing), status. */
export interface TrendPoint {
  time: number;
  value: number | null;
  status: number;
}

/** A trend line: its parameter and its points in ascending time. */
export interface TrendSeries {
  param: TrendParam;
  data: TrendPoint[];
}

/** Status that starts a raw-data mark, and the one that ends it. */
export const RAW_MARK_START_STATUS = 3;
export const RAW_MARK_END_STATUS = 0;
/** Minimum zoom span of a time axis: 1 hour (spec section 9). */
export const TREND_MIN_ZOOM_SPAN_MS = 3_600_000;

/** The value of a point as a number, or null when missing, not finite or a '--' sentinel (±2147483648). */
export function trendValue(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && !NUMBER_SENTINELS.includes(value) ? value : null;
}

/** Legend and column name of a trend line: 'device - data point'. */
export function trendSeriesName(param: Pick<TrendParam, 'deviceName' | 'dataName'>): string {
  return `${param.deviceName} - ${param.dataName}`;
}

/**
 * Difference view (spec section 4): each point becomes the next value minus this one, the last
 * point 0. A difference with a missing value on either side is missing (null). Time and status stay.
 */
export function differenceView(points: readonly TrendPoint[]): TrendPoint[] {
  return points.map((p, i) => {
    if (i === points.length - 1) return { ...p, value: 0 };
    const here = trendValue(p.value);
    const next = trendValue(points[i + 1]?.value);
    return { ...p, value: here === null || next === null ? null : next - here };
  });
}

/** A span of time in ms, both ends included. */
export interface TimeSpan {
  start: number;
  end: number;
}

/**
 * Raw-data mark areas (spec section 4): from a point with status 3 to the next point with status 0;
 * a mark with no closing point runs to the last point.
 */
export function rawMarkSpans(points: readonly TrendPoint[]): TimeSpan[] {
  const spans: TimeSpan[] = [];
  let start: number | null = null;
  for (const p of points) {
    if (start === null && p.status === RAW_MARK_START_STATUS) start = p.time;
    else if (start !== null && p.status === RAW_MARK_END_STATUS) {
      spans.push({ start, end: p.time });
      start = null;
    }
  }
  const last = points[points.length - 1];
  if (start !== null && last) spans.push({ start, end: last.time });
  return spans;
}

/** A point of a statistic: where the maximum or minimum is. */
export interface TrendExtreme {
  time: number;
  value: number;
}

/** Maximum, minimum (first occurrence) and average of a line; null when it holds no value. */
export interface TrendStats {
  max: TrendExtreme | null;
  min: TrendExtreme | null;
  average: number | null;
}

/** Statistics of a line, ignoring missing values and the '--' sentinels. */
export function trendStats(points: readonly TrendPoint[]): TrendStats {
  let max: TrendExtreme | null = null;
  let min: TrendExtreme | null = null;
  let sum = 0;
  let count = 0;
  for (const p of points) {
    const value = trendValue(p.value);
    if (value === null) continue;
    if (!max || value > max.value) max = { time: p.time, value };
    if (!min || value < min.value) min = { time: p.time, value };
    sum += value;
    count++;
  }
  return { max, min, average: count ? sum / count : null };
}

/** Units of the y axes in order of first appearance, and the axis index of each parameter. */
export interface YAxisAssignment {
  units: string[];
  yIndex: number[];
}

/** One y axis per unit, numbered by the first appearance of the unit. */
export function assignYAxes(params: readonly Pick<TrendParam, 'unit'>[]): YAxisAssignment {
  const units: string[] = [];
  const yIndex = params.map(({ unit }) => {
    const found = units.indexOf(unit);
    if (found >= 0) return found;
    units.push(unit);
    return units.length - 1;
  });
  return { units, yIndex };
}

/**
 * The minimum zoom span as a fraction (0–1) of the visible range `[startMs, endMs]`: 1 hour by
 * default; 1 when the range is an hour or shorter (no zooming in further).
 */
export function minZoomSpanFraction(startMs: number, endMs: number, minSpanMs = TREND_MIN_ZOOM_SPAN_MS): number {
  const range = endMs - startMs;
  return range <= minSpanMs ? 1 : minSpanMs / range;
}

/** A row of the trend table: a time and the value of each line at that time (null when it has none). */
export interface TrendTableRow {
  time: number;
  values: (number | null)[];
}

/**
 * The table view (and export) of several lines: one row per distinct time, ascending, with one
 * value per line in the given order. Missing values and sentinels are null; when a line has two
 * points at the same time the later one wins.
 */
export function mergeTrendRows(lines: readonly (readonly TrendPoint[])[]): TrendTableRow[] {
  const rows = new Map<number, (number | null)[]>();
  lines.forEach((points, k) => {
    for (const p of points) {
      let values = rows.get(p.time);
      if (!values) rows.set(p.time, (values = lines.map(() => null)));
      values[k] = trendValue(p.value);
    }
  });
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([time, values]) => ({ time, values }));
}
