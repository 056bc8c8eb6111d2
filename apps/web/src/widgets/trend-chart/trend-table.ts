import { differenceView, displayUnit, formatNumber, mergeTrendRows, trendSeriesName, type TrendSeries } from '@ems/domain';
import { formatInZone } from '../../lib/time';
import { DEFAULT_DATE_FORMAT } from '../constants';

/** A row of the trend table as shown: the time text and one value per line (raw number or null). */
export interface TrendTableViewRow {
  key: number;
  time: string;
  values: (number | null)[];
}

/** The trend table: column titles (time first) and rows merged on time. */
export interface TrendTable {
  titles: string[];
  rows: TrendTableViewRow[];
}

/** Column title of a line: 'device - data point (unit)'. */
export function trendColumnTitle(s: TrendSeries): string {
  const unit = displayUnit(s.param.unit);
  return unit ? `${trendSeriesName(s.param)} (${unit})` : trendSeriesName(s.param);
}

/** The table of the lines (in difference view when `diff`): time YYYY-MM-DD HH:mm:ss in `timeZone`, one column a line. */
export function buildTrendTable(series: readonly TrendSeries[], diff: boolean, timeTitle: string, timeZone: string): TrendTable {
  const lines = series.map((s) => (diff ? differenceView(s.data) : s.data));
  return {
    titles: [timeTitle, ...series.map(trendColumnTitle)],
    rows: mergeTrendRows(lines).map((r) => ({ key: r.time, time: formatInZone(r.time, timeZone, DEFAULT_DATE_FORMAT), values: r.values })),
  };
}

/** The texts of a row as the table shows them: time, then each value with 2 decimals or '--'. */
export function trendRowTexts(row: TrendTableViewRow): string[] {
  return [row.time, ...row.values.map((v) => formatNumber(v))];
}
