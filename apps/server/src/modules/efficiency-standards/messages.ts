import type { EquipmentKind, StandardIssueCode } from '@ems/domain';
import type { StandardRowT } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';

/** Field names of the grade tables as a user reads them. */
const FIELDS: Record<string, [string, string]> = {
  limits: ['损耗限值', 'loss limits'],
  p0Kw: ['空载损耗 P0', 'no-load loss P0'],
  pkKw: ['负载损耗 Pk', 'load loss Pk'],
  ratedKva: ['额定容量', 'rated capacity'],
  insulation: ['绝缘类型', 'insulation'],
  core: ['铁心材料', 'core material'],
  connection: ['联结组别', 'connection'],
  insulationClass: ['绝缘耐热等级', 'insulation class'],
  condenser: ['冷凝方式', 'condenser'],
  overKw: ['区间下限', 'band lower bound'],
  upToKw: ['区间上限', 'band upper bound'],
  cop: ['COP', 'COP'],
  iplv: ['IPLV', 'IPLV'],
  drive: ['驱动方式', 'drive'],
  cooling: ['冷却方式', 'cooling'],
  overMPa: ['压力下限', 'pressure lower bound'],
  upToMPa: ['压力上限', 'pressure upper bound'],
  specificPower: ['比功率', 'specific power'],
  fuel: ['燃料', 'fuel'],
  variant: ['类别', 'variant'],
  overTph: ['容量下限', 'capacity lower bound'],
  upToTph: ['容量上限', 'capacity upper bound'],
  efficiencyPct: ['热效率', 'thermal efficiency'],
  rows: ['表格', 'table'],
};

export function fieldLabel(lang: Lang, field: string): string {
  const f = FIELDS[field];
  return f ? f[lang === 'en' ? 1 : 0] : field;
}

const band = (over: number, upTo: number | null, unit: string, lang: Lang) =>
  upTo === null ? (lang === 'en' ? `> ${over} ${unit}` : `>${over} ${unit}`) : over <= 0 ? `≤ ${upTo} ${unit}` : `${over}–${upTo} ${unit}`;

/** A row as the table shows it: its group and band, e.g. "水冷 528–1163 kW" or "fixed, air-cooled, 90–110 kW, 0.7–0.8 MPa". */
export function describeRow(lang: Lang, kind: EquipmentKind, row: StandardRowT): string {
  const en = lang === 'en';
  const r = row as unknown as Record<string, unknown>;
  switch (kind) {
    case 'transformer': {
      const ins = r.insulation === 'oil' ? (en ? 'oil' : '油浸式') : en ? 'dry' : '干式';
      const core = r.core === 'amorphous' ? (en ? 'amorphous' : '非晶合金') : en ? 'steel' : '电工钢带';
      const v = r.insulation === 'oil' ? String(r.connection ?? 'Dyn11') : `${en ? 'class ' : ''}${String(r.insulationClass ?? 'F')}${en ? '' : ' 级'}`;
      return `${ins} ${String(r.ratedKva)} kVA ${core} ${v}`;
    }
    case 'chiller':
      return `${r.condenser === 'air' ? (en ? 'air-cooled' : '风冷') : en ? 'water-cooled' : '水冷'} ${band(Number(r.overKw), r.upToKw as number | null, 'kW', lang)}`;
    case 'compressor':
      return [
        r.drive === 'vsd' ? (en ? 'VSD' : '变频') : en ? 'fixed speed' : '工频',
        r.cooling === 'liquid' ? (en ? 'liquid-cooled' : '液冷') : en ? 'air-cooled' : '风冷',
        band(Number(r.overKw), Number(r.upToKw), 'kW', lang),
        band(Number(r.overMPa), Number(r.upToMPa), 'MPa', lang),
      ].join(en ? ', ' : '，');
    default:
      return `${String(r.fuel)} ${String(r.variant)} ${band(Number(r.overTph), r.upToTph as number | null, 't/h', lang)}`;
  }
}

/** The reason of a refused table in the language, naming the row (1-based) and the field. */
export function issueText(
  lang: Lang,
  i: { code: StandardIssueCode; row: number; desc: string; field: string; other?: number | undefined; otherDesc?: string | undefined; better: 'higher' | 'lower' },
): string {
  const en = lang === 'en';
  const at = en ? `row ${i.row} (${i.desc})` : `第 ${i.row} 行（${i.desc}）`;
  const other = i.other !== undefined ? (en ? `row ${i.other} (${i.otherDesc ?? ''})` : `第 ${i.other} 行（${i.otherDesc ?? ''}）`) : '';
  switch (i.code) {
    case 'gradeOrder':
      return en
        ? `${at}, ${i.field}: grade 1 must be at least as good as grade 2, and grade 2 as grade 3 (${i.better === 'higher' ? 'higher is better' : 'lower is better'})`
        : `${at}的${i.field}：1 级须不劣于 2 级，2 级须不劣于 3 级（${i.better === 'higher' ? '数值越大越好' : '数值越小越好'}）`;
    case 'overlap':
      return en ? `${at} overlaps ${other}: the bands of one group must not overlap` : `${at}与${other}的区间重叠：同一类别的区间不能重叠`;
    case 'unsorted':
      return en ? `${at} must come before ${other}: rows of one group are sorted by band` : `${at}须排在${other}之前：同一类别的行按区间从小到大排列`;
    case 'bandEmpty':
      return en ? `${at}, ${i.field}: the lower bound must be below the upper bound` : `${at}的${i.field}：下限须小于上限`;
    case 'notPositive':
      return en ? `${at}, ${i.field}: must be a positive number` : `${at}的${i.field}：须为正数`;
    default:
      return en ? 'the table has no rows' : '表格没有数据行';
  }
}
