import ExcelJS from 'exceljs';
import type { ForecastAnalysisQuery, ForecastExportQuery } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { zonedDate, zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { forecastAnalysis } from './analysis.js';
import { predict } from './service.js';

const round = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits);
/** a row's time on the project's clock: 'YYYY-MM-DD HH:mm' hour by hour, 'YYYY-MM-DD' day by day */
const fmt = (ts: number, timeZone: string, hour: boolean) => (hour ? zonedDateTime(ts, timeZone, false) : zonedDate(ts, timeZone));
const safe = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');
const HORIZON = { day: ['未来24小时', 'next-24h'], week: ['未来7天', 'next-7-days'], month: ['本月', 'this-month'] } as const;

async function book(sheet: string, header: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 20 : 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The forecast table of one horizon (time, actual so far, P10, P50, P90) as .xlsx. */
export async function exportForecast(ems: Ems, lang: Lang, scope: readonly number[], q: ForecastExportQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const { horizon, ...query } = q;
  const f = await predict(ems, lang, scope, query);
  const h = f.horizons.find((x) => x.key === horizon);
  const u = displayUnit(f.unit);
  const header = lang === 'en' ? ['Time', `Actual (${u})`, `P10 (${u})`, `Forecast P50 (${u})`, `P90 (${u})`] : ['时间', `实际(${u})`, `P10(${u})`, `预测P50(${u})`, `P90(${u})`];
  const rows = (h?.points ?? []).map((p) => [fmt(p.time, f.timezone, h?.grain === 'hour'), round(p.actual), round(p.p10), round(p.p50), round(p.p90)]);
  const [zh, en] = HORIZON[horizon];
  const buffer = await book(lang === 'en' ? 'Forecast' : '能耗预测', header, rows);
  return { buffer, fileName: lang === 'en' ? `consumption-forecast-${safe(f.name)}-${en}.xlsx` : `能耗预测-${safe(f.name)}-${zh}.xlsx` };
}

/** The analysis table of the range (time, actual, forecast, band, error) as .xlsx. */
export async function exportAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: ForecastAnalysisQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const a = await forecastAnalysis(ems, lang, scope, q);
  const u = displayUnit(a.unit);
  const header =
    lang === 'en'
      ? ['Time', `Actual (${u})`, `Day-ahead forecast (${u})`, `P10 (${u})`, `P90 (${u})`, `Error (${u})`, 'Error (%)']
      : ['时间', `实际(${u})`, `日前预测(${u})`, `P10(${u})`, `P90(${u})`, `偏差(${u})`, '偏差率(%)'];
  const rows = a.points.map((p) => [fmt(p.time, a.timezone, a.grain === 'hour'), round(p.actual), round(p.forecast), round(p.p10), round(p.p90), round(p.error), round(p.errorPct)]);
  const day = zonedDayStamp(a.from, a.timezone);
  const buffer = await book(lang === 'en' ? 'Forecast analysis' : '能耗预测分析', header, rows);
  return { buffer, fileName: lang === 'en' ? `forecast-analysis-${safe(a.name)}-${day}.xlsx` : `能耗预测分析-${safe(a.name)}-${day}.xlsx` };
}
