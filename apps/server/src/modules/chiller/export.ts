import type { ChillerEfficiency, ChillerEfficiencyQuery, ChillerRow } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDate, zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { chillerEfficiency } from './service.js';

type Cells = (string | number | null)[];
const GRADE: Record<string, Record<Lang, string>> = {
  1: { zh: '1级', en: 'grade 1' },
  2: { zh: '2级', en: 'grade 2' },
  3: { zh: '3级', en: 'grade 3' },
  below: { zh: '低于3级', en: 'below grade 3' },
  unrated: { zh: '无对应', en: 'not in table' },
};
const r = (v: number | null, d: number) => (v === null ? null : Math.round(v * 10 ** d) / 10 ** d);

const CHILLER_HEADERS: Record<Lang, string[]> = {
  zh: ['冷水机组', '额定制冷量(kW)', '额定COP', '制冷量(kWh)', '耗电量(kWh)', '运行时长(h)', 'COP', 'kW/RT', '平均负载率(%)', '满负荷COP(拟合)', 'IPLV', '能效等级', '冷冻水供水(°C)', '冷冻水回水(°C)', '冷却水供水(°C)', '冷却水回水(°C)', '冷冻水流量(m³/h)', '流量×温差负荷(kW)', '拟合 a', '拟合 b', '拟合 c', 'R²'],
  en: ['Chiller', 'Rated cooling (kW)', 'Rated COP', 'Cooling (kWh)', 'Electricity (kWh)', 'Run hours (h)', 'COP', 'kW/RT', 'Mean PLR (%)', 'COP at 100 % (fit)', 'IPLV', 'Grade', 'CHW supply (°C)', 'CHW return (°C)', 'CW supply (°C)', 'CW return (°C)', 'CHW flow (m³/h)', 'Load from flow × ΔT (kW)', 'Fit a', 'Fit b', 'Fit c', 'R²'],
};
const TREND_HEADERS: Record<Lang, string[]> = {
  zh: ['时间', '制冷量(kWh)', '冷水机组(kWh)', '冷冻水泵(kWh)', '冷却水泵(kWh)', '冷却塔(kWh)', 'COP', '系统EER', '冷冻水供水(°C)', '冷冻水回水(°C)', '冷却水供水(°C)', '冷却水回水(°C)', '室外温度(°C)', '室外湿度(%)', '湿球温度(°C)', '冷却塔逼近度(K)'],
  en: ['Time', 'Cooling (kWh)', 'Chillers (kWh)', 'CHW pumps (kWh)', 'CW pumps (kWh)', 'Towers (kWh)', 'COP', 'System EER', 'CHW supply (°C)', 'CHW return (°C)', 'CW supply (°C)', 'CW return (°C)', 'Outdoor (°C)', 'Outdoor RH (%)', 'Wet bulb (°C)', 'Tower approach (K)'],
};

export function chillerRow(c: ChillerRow, lang: Lang): Cells {
  return [
    c.name,
    c.ratedCoolingKw,
    c.ratedCop,
    r(c.coolingKwh, 1),
    r(c.electricityKwh, 1),
    r(c.runHours, 2),
    r(c.cop, 2),
    r(c.kwPerRt, 3),
    c.plrAvg === null ? null : r(c.plrAvg * 100, 1),
    r(c.copAt100, 2),
    r(c.iplv, 2),
    GRADE[String(c.grade)]?.[lang] ?? String(c.grade),
    r(c.temps.chws, 2),
    r(c.temps.chwr, 2),
    r(c.temps.cws, 2),
    r(c.temps.cwr, 2),
    r(c.temps.flowM3h, 1),
    r(c.temps.loadKw, 1),
    c.curve ? r(c.curve.a, 4) : null,
    c.curve ? r(c.curve.b, 4) : null,
    c.curve ? r(c.curve.c, 4) : null,
    c.curve ? r(c.curve.r2, 4) : null,
  ];
}

/** The per-chiller table (with the plant's total row) and the trend with its temperatures, as two sheets. */
export async function chillerWorkbook(e: ChillerEfficiency, lang: Lang): Promise<Buffer> {
  const p = e.plant;
  const totalRow: Cells = [lang === 'en' ? 'Plant' : '制冷站合计', null, null, r(p.coolingKwh, 1), r(p.electricity.chillers, 1), null, r(p.cop, 2), r(p.kwPerRt, 3), null, null, null, null, r(p.temps.chws, 2), r(p.temps.chwr, 2), r(p.temps.cws, 2), r(p.temps.cwr, 2), null, null, null, null, null, null];
  const label = (t: number) => (e.bucket === 'hour' ? zonedDateTime(t, e.timezone, false) : e.bucket === 'day' ? zonedDate(t, e.timezone) : zonedDate(t, e.timezone).slice(0, 7));
  return xlsxOf([
    sheetOf<Cells>({ name: lang === 'en' ? 'Chillers' : '冷水机组', headers: CHILLER_HEADERS[lang], items: [...e.chillers.map((c) => chillerRow(c, lang)), totalRow], row: (x) => x, width: (i) => (i === 0 ? 18 : 15) }),
    sheetOf({
      name: lang === 'en' ? 'Trend' : '趋势',
      headers: TREND_HEADERS[lang],
      items: e.trend.map((b, i) => ({ b, t: e.temperatures[i] })),
      row: ({ b, t }) => [
        label(b.start),
        r(b.coolingKwh, 1),
        r(b.electricity.chillers, 1),
        r(b.electricity.chwPumps, 1),
        r(b.electricity.cwPumps, 1),
        r(b.electricity.towers, 1),
        r(b.cop, 2),
        r(b.eer, 2),
        r(t?.chws ?? null, 2),
        r(t?.chwr ?? null, 2),
        r(t?.cws ?? null, 2),
        r(t?.cwr ?? null, 2),
        r(t?.outdoorC ?? null, 1),
        r(t?.outdoorRh ?? null, 1),
        r(t?.wetBulbC ?? null, 2),
        r(t?.approachK ?? null, 2),
      ],
      width: (i) => (i === 0 ? 18 : 14),
    }),
  ]);
}

export async function exportChiller(ems: Ems, lang: Lang, scope: readonly number[], q: ChillerEfficiencyQuery) {
  const e = await chillerEfficiency(ems, lang, scope, q);
  const day = zonedDayStamp(e.from, e.timezone);
  return { buffer: await chillerWorkbook(e, lang), fileName: lang === 'en' ? `chiller-plant-${day}.xlsx` : `制冷能效-${day}.xlsx` };
}
