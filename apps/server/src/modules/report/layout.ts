import type { Report } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { zonedDateTime } from '../../lib/zoned-time.js';

/**
 * A report laid out as tables (one per section), shared by the xlsx and the PDF: the same headers,
 * cells, totals rows and number formats, in the request's language.
 */
export interface ReportTable {
  /** sheet name / section heading */
  name: string;
  headers: string[];
  rows: (string | number | null)[][];
  /** the totals row, when the section has one */
  totals: (string | number | null)[] | null;
  /** Excel number format of each column (undefined: text) */
  formats: (string | undefined)[];
  /** a line under the table (e.g. why a section is empty) */
  note?: string;
}

const PERIOD_TEXT: Record<string, [string, string]> = { sharp: ['尖', 'Sharp'], peak: ['峰', 'Peak'], flat: ['平', 'Flat'], valley: ['谷', 'Valley'], deepValley: ['深谷', 'Deep valley'] };
const QUALITY_TEXT: Record<string, [string, string]> = {
  ok: ['正常', 'ok'],
  reset: ['换表/翻转', 'reset'],
  estimated: ['估算', 'estimated'],
  suspect: ['可疑', 'suspect'],
  missing: ['缺失', 'missing'],
};

const T = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);
export const VALUE_FORMAT = '#,##0.00';
export const SHARE_FORMAT = '0.0';
export const PF_FORMAT = '0.00';
export const REGISTER_FORMAT = '#,##0.000';
const yuan = (fen: number) => fen / 100;

/** The header lines above every table: project, node, period (with the zone), unit. */
export function headerLines(r: Report, lang: Lang): string[] {
  return [
    `${T(lang, '项目', 'Project')}: ${r.projectName}    ${T(lang, '节点', 'Node')}: ${r.nodeName}`,
    `${T(lang, '时段', 'Period')}: ${r.periodLabel} (${r.timezone})    ${T(lang, '单位', 'Unit')}: ${r.unit}`,
  ];
}

export function reportTables(r: Report, lang: Lang): ReportTable[] {
  const out: ReportTable[] = [];
  const total = T(lang, '合计', 'Total');
  if (r.consumption) {
    const c = r.consumption;
    const n = r.columns.length;
    out.push({
      name: T(lang, '用能', 'Consumption'),
      headers: [T(lang, '名称', 'Name'), ...r.columns.map((col) => (col.repeated ? `${col.label}*` : col.label)), `${total} (${r.unit})`, T(lang, '占比(%)', 'Share (%)')],
      rows: c.rows.map((row) => [row.name, ...row.values, row.total, row.sharePct]),
      totals: [total, ...c.columnTotals, c.total, c.total !== null && c.total > 0 ? 100 : null],
      formats: [undefined, ...Array.from({ length: n + 1 }, () => VALUE_FORMAT), SHARE_FORMAT],
    });
  }
  if (r.sections.includes('tou')) {
    if (r.tou) {
      const periods = r.tou.periods;
      const cells = (row: NonNullable<Report['tou']>['totals']) => [
        row.name,
        ...periods.map((p) => row.kwh[p as keyof typeof row.kwh]),
        ...periods.map((p) => yuan(row.fen[p as keyof typeof row.fen])),
        row.totalKwh,
        yuan(row.totalFen),
        row.averagePriceYuanPerKwh,
      ];
      out.push({
        name: T(lang, '分时电费', 'TOU cost'),
        headers: [
          T(lang, '名称', 'Name'),
          ...periods.map((p) => `${PERIOD_TEXT[p]?.[lang === 'en' ? 1 : 0] ?? p} (kWh)`),
          ...periods.map((p) => `${PERIOD_TEXT[p]?.[lang === 'en' ? 1 : 0] ?? p} (${T(lang, '元', '¥')})`),
          `${total} (kWh)`,
          `${total} (${T(lang, '元', '¥')})`,
          T(lang, '均价(元/kWh)', 'Average (¥/kWh)'),
        ],
        rows: r.tou.rows.map(cells),
        totals: cells({ ...r.tou.totals, name: total }),
        formats: [undefined, ...periods.map(() => VALUE_FORMAT), ...periods.map(() => VALUE_FORMAT), VALUE_FORMAT, VALUE_FORMAT, '0.0000'],
        note: `${T(lang, '电价方案', 'Tariff')}: ${r.tou.schemeName}`,
      });
    } else {
      out.push({
        name: T(lang, '分时电费', 'TOU cost'),
        headers: [T(lang, '名称', 'Name')],
        rows: [],
        totals: null,
        formats: [undefined],
        note: r.touNote === 'notElectricity' ? T(lang, '分时电费仅适用于电', 'TOU cost applies to electricity only') : T(lang, '该节点没有电价方案', 'no tariff scheme applies to the node'),
      });
    }
  }
  if (r.readings) {
    const q = (k: string) => QUALITY_TEXT[k]?.[lang === 'en' ? 1 : 0] ?? k;
    out.push({
      name: T(lang, '抄表', 'Meter readings'),
      headers: [T(lang, '表计', 'Meter'), T(lang, '起始读数', 'Start register'), T(lang, '结束读数', 'End register'), T(lang, '倍率', 'Multiplier'), `${T(lang, '用量', 'Consumption')} (${r.unit})`, T(lang, '质量', 'Quality')],
      rows: r.readings.rows.map((m) => [m.name, m.startRegister, m.endRegister, m.multiplier, m.consumption, q(m.quality)]),
      totals: [total, null, null, null, r.readings.total, null],
      formats: [undefined, REGISTER_FORMAT, REGISTER_FORMAT, '0.###', VALUE_FORMAT, undefined],
    });
  }
  if (r.power) {
    const at = (t: number | null) => (t === null ? null : zonedDateTime(t, r.timezone, false));
    const cells = (p: NonNullable<Report['power']>['node']) => [p.name, p.maxDemandKw, at(p.maxDemandAt), p.powerFactor];
    out.push({
      name: T(lang, '功率', 'Power'),
      headers: [T(lang, '名称', 'Name'), T(lang, '最大需量(kW)', 'Max demand (kW)'), T(lang, '发生时间', 'At'), T(lang, '功率因数', 'Power factor')],
      rows: r.power.rows.map(cells),
      totals: cells({ ...r.power.node, name: `${r.power.node.name} (${T(lang, '同时', 'coincident')})` }),
      formats: [undefined, VALUE_FORMAT, undefined, PF_FORMAT],
    });
  }
  return out;
}

/** A file name of the report's title ('/' and other unsafe characters replaced). */
export const reportFileName = (r: Report, ext: string) => `${r.title.replace(/[\\/:*?"<>|\s]+/g, '_')}.${ext}`;
