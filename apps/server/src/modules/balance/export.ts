import ExcelJS from 'exceljs';
import type { BalanceQuery, BalanceStatusT, BalanceTree, PipeAnalysis, PipeQuery } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { zonedDayStamp } from '../../lib/zoned-time.js';
import { balanceTree, pipeAnalysis } from './service.js';

const HEADERS = {
  zh: ['计量表', '用能', '下级合计', '损耗', '损耗率(%)', '未计量', '容差(%)', '状态'],
  en: ['Meter', 'Consumption', 'Σ children', 'Loss', 'Loss rate (%)', 'Unmetered', 'Tolerance (%)', 'Status'],
} as const;
const PIPE_HEADERS = {
  zh: ['介质', '供给总表', '末端合计', '损耗', '损耗率(%)', '未计量', '容差(%)', '状态', '阶跃变化'],
  en: ['Medium', 'Supply', 'Σ end users', 'Loss', 'Loss rate (%)', 'Unmetered', 'Tolerance (%)', 'Status', 'Step change'],
} as const;
export const STATUS_TEXT: Record<BalanceStatusT, { zh: string; en: string }> = {
  pass: { zh: '合格', en: 'pass' },
  fail: { zh: '超限', en: 'over tolerance' },
  meteringFault: { zh: '计量故障', en: 'metering fault' },
  incomplete: { zh: '数据不全', en: 'incomplete' },
  noLoad: { zh: '无负荷', en: 'no load' },
};
const MEDIUM = { 3: ['水', 'water'], 15: ['天然气', 'natural gas'], 16: ['蒸汽', 'steam'], 45: ['压缩空气', 'compressed air'] } as Record<number, [string, string]>;

const round = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The tree table as one worksheet: each meter indented by its depth, balance columns on parent meters. */
export async function treeWorkbook(t: BalanceTree, lang: Lang): Promise<Buffer> {
  const unit = displayUnit(t.unit);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Energy balance' : '能耗平衡');
  ws.addRow(HEADERS[lang].map((h, i) => ((i >= 1 && i <= 3) || i === 5 ? `${h} (${unit})` : h)));
  ws.getRow(1).font = { bold: true };
  for (const r of t.rows) {
    const b = r.balance;
    const row = ws.addRow([r.name, round(r.value), round(b?.childrenTotal), round(b?.loss), round(b?.lossRatePct), round(b?.unmetered), b ? b.tolerancePct : null, b ? STATUS_TEXT[b.status][lang] : null]);
    row.getCell(1).alignment = { indent: r.depth };
  }
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 36 : 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function exportTree(ems: Ems, lang: Lang, scope: readonly number[], q: BalanceQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const t = await balanceTree(ems, lang, scope, q);
  const day = zonedDayStamp(t.from, t.timezone);
  return { buffer: await treeWorkbook(t, lang), fileName: lang === 'en' ? `energy-balance-${day}.xlsx` : `能耗平衡-${day}.xlsx` };
}

/** The media table: supply against end users per medium. */
export async function pipeWorkbook(p: PipeAnalysis, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Pipeline' : '管网能耗');
  ws.addRow([...PIPE_HEADERS[lang]]);
  ws.getRow(1).font = { bold: true };
  for (const m of p.media) {
    const b = m.balance;
    const name = `${MEDIUM[m.energyType]?.[lang === 'en' ? 1 : 0] ?? m.energyType} (${displayUnit(m.unit)})`;
    ws.addRow([name, round(b.parentTotal), round(b.childrenTotal), round(b.loss), round(b.lossRatePct), round(b.unmetered), b.tolerancePct, STATUS_TEXT[b.status][lang], round(m.stepChange?.deltaPct)]);
  }
  ws.columns.forEach((c, i) => (c.width = i === 0 ? 24 : 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function exportPipe(ems: Ems, lang: Lang, scope: readonly number[], q: PipeQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const p = await pipeAnalysis(ems, lang, scope, q);
  const day = zonedDayStamp(p.from, p.timezone);
  return { buffer: await pipeWorkbook(p, lang), fileName: lang === 'en' ? `pipeline-loss-${day}.xlsx` : `管网能耗-${day}.xlsx` };
}
