import type { AirManager, AirManagerQuery, StandingBook } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDayStamp } from '../../lib/zoned-time.js';
import { airManager, standingBook } from './service.js';

type Texts = Record<Lang, string>;
const GRADE: Record<string, Texts> = {
  1: { zh: '1级', en: 'grade 1' },
  2: { zh: '2级', en: 'grade 2' },
  3: { zh: '3级', en: 'grade 3' },
  below: { zh: '低于3级', en: 'below grade 3' },
  unrated: { zh: '无对应', en: 'not in table' },
};
const DRIVE: Record<string, Texts> = { fixed: { zh: '工频', en: 'fixed speed' }, vsd: { zh: '变频', en: 'variable speed' } };

const BOOK_HEADERS: Record<Lang, string[]> = {
  zh: ['空压机', '编号', '调速方式', '额定功率(kW)', '额定排气量(m³/min)', '额定排气压力(MPa)', '加载压力(MPa)', '卸载压力(MPa)', '目标压力(MPa)', '额定比功率(kW/(m³/min))', '1级限值', '2级限值', '3级限值', '铭牌能效等级'],
  en: ['Compressor', 'Code', 'Drive', 'Rated power (kW)', 'Rated flow (m³/min)', 'Rated pressure (MPa)', 'Load pressure (MPa)', 'Unload pressure (MPa)', 'Target pressure (MPa)', 'Rated specific power (kW/(m³/min))', 'Grade 1 limit', 'Grade 2 limit', 'Grade 3 limit', 'Nameplate grade'],
};
const UNIT_HEADERS: Record<Lang, string[]> = {
  zh: ['空压机', '调速方式', '用电量(kWh)', '产气量(m³)', '比功率(kW/(m³/min))', '加权比功率(kW/(m³/min))', '加载时间(h)', '卸载时间(h)', '运行时间(h)', '加载率(%)', '能效等级'],
  en: ['Compressor', 'Drive', 'Electricity (kWh)', 'Air (m³)', 'Specific power (kW/(m³/min))', 'Weighted specific power (kW/(m³/min))', 'Loaded (h)', 'Unloaded (h)', 'Run (h)', 'Loading rate (%)', 'Grade'],
};

const limit = (g: StandingBook['units'][number]['gradeLimits'], grade: 1 | 2 | 3) => g?.find((x) => x.grade === grade)?.specificPower ?? null;

/** The standing book and the machines' figures over the range, as on the page. */
export async function workbook(book: StandingBook, m: AirManager, lang: Lang): Promise<Buffer> {
  return xlsxOf([
    sheetOf({
      name: lang === 'en' ? 'Compressors' : '空压机台账',
      headers: BOOK_HEADERS[lang],
      items: book.units,
      width: (i) => (i === 0 ? 20 : 16),
      row: (u) => [
        u.name,
        u.code,
        DRIVE[u.drive]?.[lang] ?? u.drive,
        u.ratedKw,
        u.ratedFlowM3min,
        u.pressureMPa,
        u.loadPressureMPa,
        u.unloadPressureMPa,
        u.targetPressureMPa,
        u.ratedSpecificPower,
        limit(u.gradeLimits, 1),
        limit(u.gradeLimits, 2),
        limit(u.gradeLimits, 3),
        GRADE[String(u.ratedGrade)]?.[lang] ?? String(u.ratedGrade),
      ],
    }),
    sheetOf({
      name: lang === 'en' ? 'Figures' : '运行指标',
      headers: UNIT_HEADERS[lang],
      items: m.units,
      width: (i) => (i === 0 ? 20 : 16),
      row: (u) => [u.name, DRIVE[u.drive]?.[lang] ?? u.drive, u.kwh, u.airM3, u.specificPower, u.weightedSpecificPower, u.loadedH, u.unloadedH, u.runH, u.loadingRatePct, GRADE[String(u.grade)]?.[lang] ?? String(u.grade)],
    }),
  ]);
}

export async function exportStation(ems: Ems, lang: Lang, scope: readonly number[], q: AirManagerQuery): Promise<{ buffer: Buffer; fileName: string }> {
  const [book, m] = await Promise.all([standingBook(ems, scope, { projectId: q.projectId }), airManager(ems, lang, scope, q)]);
  const day = zonedDayStamp(m.from, m.timezone);
  return { buffer: await workbook(book, m, lang), fileName: lang === 'en' ? `compressed-air-${day}.xlsx` : `空压能效-${day}.xlsx` };
}
