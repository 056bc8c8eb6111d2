import ExcelJS from 'exceljs';
import type { EnergyFlowReply, FlowNodeT, FlowQuery } from '@ems/contract';
import { displayUnit } from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { zonedDayStamp } from '../../lib/zoned-time.js';
import { periodFlow } from './service.js';

const HEADERS = {
  zh: ['从', '到', '类别', '能流', '占来源(%)', '占总供给(%)', '损耗率(%)'],
  en: ['From', 'To', 'Kind', 'Flow', 'Share of source (%)', 'Share of supply (%)', 'Loss rate (%)'],
} as const;
const KIND = { flow: ['能流', 'flow'], loss: ['损耗', 'loss'], unmetered: ['未计量', 'unmetered'] } as const;
const NAMES = { supply: ['总供给', 'Supply'], loss: ['损耗', 'Loss'], unmetered: ['未计量', 'Unmetered'] } as const;

const round = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** A node as the table names it: the meter; 'Loss (parent)'; 'Unmetered (parent)'; 'Supply'. */
export function nodeLabel(n: FlowNodeT | undefined, lang: Lang): string {
  const i = lang === 'en' ? 1 : 0;
  if (!n) return '';
  if (n.kind === 'supply') return NAMES.supply[i];
  if (n.kind === 'loss' || n.kind === 'unmetered') return `${NAMES[n.kind][i]} (${n.name})`;
  return n.name;
}

/**
 * The flow table, one row per link in tree order: from, to, kind, value, shares, and the loss rate
 * λ — of the parent for a loss or unmetered branch, of the receiving meter for a flow into a parent.
 */
export async function flowWorkbook(f: EnergyFlowReply, lang: Lang): Promise<Buffer> {
  const i = lang === 'en' ? 1 : 0;
  const unit = displayUnit(f.unit);
  const nodes = new Map(f.nodes.map((n) => [n.key, n]));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' ? 'Energy flow' : '能流分析');
  ws.addRow(HEADERS[lang].map((h, k) => (k === 3 ? `${h} (${unit})` : h)));
  ws.getRow(1).font = { bold: true };
  for (const l of f.links) {
    const to = nodes.get(l.target);
    const rate = l.kind === 'flow' ? to?.lossRatePct : nodes.get(l.source)?.lossRatePct;
    ws.addRow([nodeLabel(nodes.get(l.source), lang), nodeLabel(to, lang), KIND[l.kind][i], round(l.value), round(l.sharePct), round(l.supplySharePct), round(rate)]);
  }
  ws.columns.forEach((c, k) => (c.width = k <= 1 ? 32 : 16));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function exportFlow(ems: Ems, lang: Lang, scope: readonly number[], q: FlowQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const f = await periodFlow(ems, lang, scope, q);
  const day = zonedDayStamp(f.from, f.timezone);
  return { buffer: await flowWorkbook(f, lang), fileName: lang === 'en' ? `energy-flow-${day}.xlsx` : `能流分析-${day}.xlsx` };
}
