import type { TransformerEfficiency, TransformerEfficiencyQuery } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { transformerEfficiency } from './efficiency.js';
import { GRADE, ZONE, suggestionText } from './export.js';

type Cells = (string | number | null)[];

const FLEET: Record<Lang, string[]> = {
  zh: ['变压器', '额定容量(kVA)', '平均负载率(%)', '最大负载率(%)', '输出电量(kWh)', '空载损耗(kWh)', '负载损耗(kWh)', '总损耗(kWh)', '空载损耗(元)', '负载损耗(元)', '损耗电费(元)', '损耗率(%)', '效率(%)', '最佳负载率(%)', '经济负载率(%)', '轻载(h)', '经济(h)', '最佳经济(h)', '过载(h)', '运行区间', '能效等级', '建议'],
  en: ['Transformer', 'Rated (kVA)', 'Mean load rate (%)', 'Peak load rate (%)', 'Output (kWh)', 'No-load loss (kWh)', 'Load loss (kWh)', 'Total loss (kWh)', 'No-load loss (¥)', 'Load loss (¥)', 'Loss cost (¥)', 'Loss rate (%)', 'Efficiency (%)', 'Optimum load rate (%)', 'Economic load rate (%)', 'Light (h)', 'Economic (h)', 'Optimal (h)', 'Overloaded (h)', 'Zone', 'Grade', 'Advice'],
};
const BUCKETS: Record<Lang, string[]> = {
  zh: ['时间', '运行小时(h)', '平均负载率(%)', '输出电量(kWh)', '空载损耗(kWh)', '负载损耗(kWh)', '空载损耗(元)', '负载损耗(元)'],
  en: ['Time', 'Hours (h)', 'Mean load rate (%)', 'Output (kWh)', 'No-load loss (kWh)', 'Load loss (kWh)', 'No-load loss (¥)', 'Load loss (¥)'],
};

type Row = TransformerEfficiency['rows'][number];
const zh = (h: number) => Math.round(h * 100) / 100;

/** The fleet's rows, then its totals row (the sums of the rows; loss rate and η from the sums; the capacity-weighted mean load rate). */
export function efficiencyRows(e: TransformerEfficiency, lang: Lang): Cells[] {
  const rows: Cells[] = e.rows.map((r: Row) => [
    r.name,
    r.ratedKva,
    r.loadRateAvgPct,
    r.loadRateMaxPct,
    r.energyKwh,
    r.noLoadLossKwh,
    r.loadLossKwh,
    r.lossKwh,
    r.noLoadLossYuan,
    r.loadLossYuan,
    r.lossYuan,
    r.lossRatePct,
    r.efficiencyPct,
    r.optimumLoadRatePct,
    r.economicLoadRatePct,
    zh(r.zoneHours.light),
    zh(r.zoneHours.economic),
    zh(r.zoneHours.optimal),
    zh(r.zoneHours.over),
    r.zone ? (ZONE[r.zone]?.[lang] ?? r.zone) : null,
    GRADE[String(r.grade)]?.[lang] ?? String(r.grade),
    r.suggestions.length > 0 ? r.suggestions.map((x) => suggestionText(x, lang)).join('; ') : null,
  ]);
  const t = e.totals;
  const r4 = (v: number | null) => (v === null ? null : Math.round(v * 1e4) / 1e4);
  rows.push([
    lang === 'en' ? 'Fleet total' : '合计',
    t.ratedKva,
    r4(t.loadRateAvgPct),
    null,
    t.energyKwh,
    t.noLoadLossKwh,
    t.loadLossKwh,
    t.lossKwh,
    t.noLoadLossYuan,
    t.loadLossYuan,
    t.lossYuan,
    r4(t.lossRatePct),
    r4(t.efficiencyPct),
    null,
    null,
    zh(t.zoneHours.light),
    zh(t.zoneHours.economic),
    zh(t.zoneHours.optimal),
    zh(t.zoneHours.over),
    null,
    null,
    null,
  ]);
  return rows;
}

export async function efficiencyWorkbook(e: TransformerEfficiency, lang: Lang): Promise<Buffer> {
  const chosen = e.rows.find((r) => r.id === e.detail?.transformerId);
  const fmt = e.step === 'month' ? (t: number) => zonedDateTime(t, e.timezone, false).slice(0, 7) : e.step === 'day' ? (t: number) => zonedDateTime(t, e.timezone, false).slice(0, 10) : (t: number) => zonedDateTime(t, e.timezone, false);
  const en = lang === 'en';
  return xlsxOf([
    sheetOf({ name: en ? 'Transformer efficiency' : '变压器能效', headers: FLEET[lang], items: efficiencyRows(e, lang), row: (c: Cells) => c, width: (i) => (i === 0 ? 20 : i === FLEET[lang].length - 1 ? 60 : 14) }),
    sheetOf({
      // a worksheet name may not hold \ / : * ? [ ]
      name: (chosen ? `${chosen.name.replace(/[\\/:*?[\]]/g, '')} ` : '') + (en ? 'losses' : '损耗'),
      headers: BUCKETS[lang],
      items: e.detail?.buckets ?? [],
      row: (b: NonNullable<TransformerEfficiency['detail']>['buckets'][number]) => [fmt(b.t), zh(b.hours), b.loadRateAvgPct, b.energyKwh, b.noLoadLossKwh, b.loadLossKwh, b.noLoadLossYuan, b.loadLossYuan],
      width: (i) => (i === 0 ? 20 : 14),
    }),
  ]);
}

export async function exportEfficiency(ems: Ems, lang: Lang, scope: readonly number[], q: TransformerEfficiencyQuery) {
  const e = await transformerEfficiency(ems, lang, scope, q);
  const day = zonedDayStamp(e.from, e.timezone);
  return { buffer: await efficiencyWorkbook(e, lang), fileName: lang === 'en' ? `transformer-efficiency-${day}.xlsx` : `变压器能效-${day}.xlsx` };
}
