import ExcelJS from 'exceljs';
import type { CostExportQuery, MonthSummary } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { zonedDateTime } from '../../lib/zoned-time.js';
import { costYear } from './service.js';

type View = CostExportQuery['view'];
/** A column: its headers and its value of a month (times written on the project's clock, `timeZone`). */
type Column = { zh: string; en: string; value: (m: MonthSummary, timeZone: string) => string | number | null };

const yuan = (fen: number) => fen / 100;
const period = (p: 'sharp' | 'peak' | 'flat' | 'valley', zh: string, en: string): Column[] => [
  { zh: `${zh}电量(kWh)`, en: `${en} (kWh)`, value: (m) => m.kwhByPeriod[p] ?? 0 },
  { zh: `${zh}电费(元)`, en: `${en} fee (¥)`, value: (m) => yuan(m.energyFenByPeriod[p] ?? 0) },
];

const COLUMNS: Record<View, Column[]> = {
  summary: [
    { zh: '电量(kWh)', en: 'Energy (kWh)', value: (m) => m.kwh },
    { zh: '电度电费(元)', en: 'Energy fee (¥)', value: (m) => yuan(m.energyFen) },
    { zh: '基本电费(元)', en: 'Basic fee (¥)', value: (m) => yuan(m.basicFen) },
    { zh: '力调电费(元)', en: 'PF adjustment (¥)', value: (m) => yuan(m.pfFen) },
    { zh: '附加费(元)', en: 'Surcharges (¥)', value: (m) => yuan(m.surchargeFen) },
    { zh: '总电费(元)', en: 'Total (¥)', value: (m) => yuan(m.totalFen) },
    { zh: '平均电价(元/kWh)', en: 'Average price (¥/kWh)', value: (m) => m.averagePriceYuanPerKwh },
  ],
  energy: [...period('sharp', '尖峰', 'Sharp'), ...period('peak', '峰', 'Peak'), ...period('flat', '平', 'Flat'), ...period('valley', '谷', 'Valley'), { zh: '电度电费(元)', en: 'Energy fee (¥)', value: (m) => yuan(m.energyFen) }],
  basic: [
    { zh: '最大需量(kW)', en: 'MD (kW)', value: (m) => m.mdKw },
    { zh: '最大需量时刻', en: 'MD time', value: (m, tz) => (m.mdTime === null ? null : zonedDateTime(m.mdTime, tz, false)) },
    { zh: '按容量(元)', en: 'By capacity (¥)', value: (m) => yuan(m.capacityFeeFen) },
    { zh: '按需量(元)', en: 'By demand (¥)', value: (m) => yuan(m.demandFeeFen) },
    { zh: '基本电费(元)', en: 'Basic fee (¥)', value: (m) => yuan(m.basicFen) },
  ],
  powerFactor: [
    { zh: '有功电量(kWh)', en: 'Active (kWh)', value: (m) => m.kwh },
    { zh: '无功电量(kvarh)', en: 'Reactive (kvarh)', value: (m) => m.kvarh },
    { zh: '功率因数', en: 'cosφ', value: (m) => m.cosPhi },
    { zh: '调整率(%)', en: 'Rate (%)', value: (m) => m.pfPct },
    { zh: '力调电费(元)', en: 'PF adjustment (¥)', value: (m) => yuan(m.pfFen) },
  ],
};

const SHEET = { summary: ['电费汇总', 'Cost summary'], energy: ['度电电费', 'Energy fee'], basic: ['基本电费', 'Basic fee'], powerFactor: ['力调电费', 'Power factor'] } as const;

/** One row per month of the year (months not billed are left out), the view's columns, headers in the language. */
export async function exportCost(ems: Ems, lang: Lang, scope: readonly number[], q: CostExportQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const y = await costYear(ems, scope, q);
  const en = lang === 'en';
  const cols = COLUMNS[q.view];
  const wb = new ExcelJS.Workbook();
  const sheet = SHEET[q.view][en ? 1 : 0];
  const ws = wb.addWorksheet(sheet);
  ws.addRow([en ? 'Month' : '月份', ...cols.map((c) => (en ? c.en : c.zh))]);
  ws.getRow(1).font = { bold: true };
  for (const m of y.months.filter((x) => x.billed)) ws.addRow([`${m.year}-${String(m.month).padStart(2, '0')}`, ...cols.map((c) => c.value(m, y.timezone))]);
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 12 : 18));
  const name = y.name.replace(/[\\/:*?"<>|]/g, '_');
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), fileName: `${sheet}-${name}-${q.year}.xlsx` };
}
