import type { BoilerAnalysis, BoilerFigures, BoilerQuery } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDate, zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { boilerAnalysis } from './service.js';

const HEADERS: Record<Lang, string[]> = {
  zh: ['时间', '蒸汽量(t)', '燃气量(m³)', '正平衡效率(%)', '反平衡效率(%)', 'q2排烟损失(%)', 'q3化学不完全燃烧(%)', 'q5散热损失(%)', '未计损失(%)', '负荷率(%)', '蒸汽压力(MPa)', '给水温度(°C)', '排烟温度(°C)', '含氧量(%)', '过量空气系数', '汽气比(t/万m³)', '吨汽标煤(kgce/t)', '吨汽燃料费(元/t)'],
  en: ['Time', 'Steam (t)', 'Gas (m³)', 'Direct η (%)', 'Indirect η (%)', 'q2 flue gas (%)', 'q3 unburnt gas (%)', 'q5 surface (%)', 'Unaccounted (%)', 'Load (%)', 'Steam pressure (MPa)', 'Feed water (°C)', 'Flue gas (°C)', 'O₂ (%)', 'Excess air α', 'Steam/gas (t per 10⁴ m³)', 'kgce per t steam', 'Fuel cost (¥/t steam)'],
};

const cells = (f: BoilerFigures): (number | null)[] => [
  f.steamT,
  f.gasM3,
  f.directEfficiencyPct,
  f.indirectEfficiencyPct,
  f.losses.q2,
  f.losses.q3,
  f.losses.q5,
  f.losses.unaccounted,
  f.loadPct,
  f.pressureMpa,
  f.feedWaterC,
  f.flueTempC,
  f.o2Pct,
  f.excessAir,
  f.steamPerGas,
  f.kgcePerSteamT,
  f.fuelCostYuanPerSteamT,
];

/** The bucket table of the page (its times on the project's clock) and a total row. */
export async function boilerWorkbook(a: BoilerAnalysis, lang: Lang): Promise<Buffer> {
  const label = (t: number) => (a.grain === 'hour' ? zonedDateTime(t, a.timezone, false) : a.grain === 'day' ? zonedDate(t, a.timezone) : zonedDate(t, a.timezone).slice(0, 7));
  const rows: (string | number | null)[][] = [...a.buckets.map((b) => [label(b.time), ...cells(b)]), [lang === 'en' ? 'Total' : '合计', ...cells(a.total)]];
  return xlsxOf([sheetOf({ name: lang === 'en' ? 'Boiler efficiency' : '锅炉能效', headers: HEADERS[lang], items: rows, row: (r: (string | number | null)[]) => r, width: (i) => (i === 0 ? 20 : 16) })]);
}

export async function exportBoiler(ems: Ems, lang: Lang, scope: readonly number[], q: BoilerQuery) {
  const a = await boilerAnalysis(ems, lang, scope, q);
  const day = zonedDayStamp(a.from, a.timezone);
  const name = a.boiler.name.replace(/[\\/:*?"<>|#]/g, '');
  return { buffer: await boilerWorkbook(a, lang), fileName: lang === 'en' ? `boiler-efficiency-${name}-${day}.xlsx` : `锅炉能效-${name}-${day}.xlsx` };
}
