import ExcelJS from 'exceljs';
import type { ConsumptionAnalysis, ConsumptionQuery } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { zonedDayStamp } from '../../lib/zoned-time.js';
import { consumptionAnalysis } from './service.js';

const HEADERS = {
  zh: ['节点', '用能', '同比(%)', '环比(%)', '占比(%)', '强度', '数据质量(%)'],
  en: ['Node', 'Consumption', 'YoY (%)', 'MoM (%)', 'Share (%)', 'Intensity', 'Data quality (%)'],
} as const;
const TOTAL = { zh: '合计', en: 'Total' } as const;
/** The part metered at the node itself, outside its children (ConsumptionAnalysis.unassigned). */
const UNASSIGNED = { zh: '本节点直属计量（未分配到子节点）', en: 'Metered at this node (not in a child)' } as const;
/** Columns added when the node has output counters: output and consumption per unit of it. */
const OUTPUT_HEADERS = { zh: ['产量', '单耗'], en: ['Output', 'Per unit of output'] } as const;

const round = (v: number | null, digits = 2) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The table of the page (the node's total, then each child) as one worksheet, headers in the language. */
export async function consumptionWorkbook(a: ConsumptionAnalysis, lang: Lang): Promise<Buffer> {
  const unit = displayUnit(a.unit);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Consumption' : '能耗分析');
  const k = a.kpi;
  const out = k.outputUnit ?? null;
  const outputHeaders = out === null ? [] : [`${OUTPUT_HEADERS[lang][0]} (${out})`, `${OUTPUT_HEADERS[lang][1]} (${unit}/${out})`];
  ws.addRow([...HEADERS[lang].map((h, i) => (i === 1 ? `${h} (${unit})` : i === 5 ? `${h} (${unit}/m²)` : h)), ...outputHeaders]);
  ws.getRow(1).font = { bold: true };
  const outputCells = (output: number | null | undefined, perOutput: number | null | undefined) => (out === null ? [] : [round(output ?? null), round(perOutput ?? null, 4)]);
  ws.addRow([`${a.name} (${TOTAL[lang]})`, round(k.total), round(k.yoyPct), round(k.momPct), k.total === null ? null : 100, round(k.intensityPerM2, 4), round(k.qualityPct), ...outputCells(k.output, k.intensityPerOutput)]);
  for (const c of a.children) ws.addRow([c.name, round(c.value), round(c.yoyPct), round(c.momPct), round(c.sharePct), round(c.intensityPerM2, 4), round(c.qualityPct), ...outputCells(c.output, c.intensityPerOutput)]);
  if (a.unassigned) ws.addRow([UNASSIGNED[lang], round(a.unassigned.value), null, null, round(a.unassigned.sharePct), null, null, ...outputCells(null, null)]);
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 32 : 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The export: the same query as the page, its table as .xlsx and a file name with the node and the day the range starts. */
export async function exportConsumption(ems: Ems, lang: Lang, scope: readonly number[], q: ConsumptionQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const a = await consumptionAnalysis(ems, lang, scope, q);
  const day = zonedDayStamp(a.from, a.timezone);
  const name = a.name.replace(/[\\/:*?"<>|]/g, '_');
  return { buffer: await consumptionWorkbook(a, lang), fileName: lang === 'en' ? `energy-consumption-${name}-${day}.xlsx` : `能耗分析-${name}-${day}.xlsx` };
}
