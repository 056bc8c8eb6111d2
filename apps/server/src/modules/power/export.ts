import type { BusbarQuery, BusbarView, PqIndexKey, TransformerAnalysis, TransformerAnalysisQuery, TransformerFleet, TransformerFleetQuery, TransformerRow, TransformerSuggestion } from '@ems/contract';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { zonedDateTime, zonedDayStamp } from '../../lib/zoned-time.js';
import { busbarView, transformerAnalysis, transformerFleet } from './service.js';

type Texts = Record<Lang, string>;
export const ZONE: Record<string, Texts> = {
  light: { zh: '轻载(非经济)', en: 'light load (non-economic)' },
  economic: { zh: '经济', en: 'economic' },
  optimal: { zh: '最佳经济', en: 'optimal' },
  over: { zh: '过载(非经济)', en: 'overloaded (non-economic)' },
};
export const GRADE: Record<string, Texts> = {
  1: { zh: '1级', en: 'grade 1' },
  2: { zh: '2级', en: 'grade 2' },
  3: { zh: '3级', en: 'grade 3' },
  below: { zh: '低于3级', en: 'below grade 3' },
  unrated: { zh: '无对应', en: 'not in table' },
};
export const PQ_INDEX: Record<PqIndexKey, Texts> = {
  voltageDeviation: { zh: '电压偏差', en: 'Voltage deviation' },
  frequency: { zh: '频率偏差', en: 'Frequency deviation' },
  voltageUnbalance: { zh: '电压不平衡度', en: 'Voltage unbalance' },
  thdVoltage: { zh: '电压总谐波畸变率', en: 'Voltage THD' },
  currentUnbalance: { zh: '电流不平衡度', en: 'Current unbalance' },
  thdCurrent: { zh: '电流总谐波畸变率', en: 'Current THD' },
};
const n = (v: number, d = 0) => v.toLocaleString('en-US', { maximumFractionDigits: d });
const worth = (s: { kwhPerYear: number; yuanPerYear: number | null } | null, lang: Lang) =>
  s === null ? '' : lang === 'en' ? `, saving ${n(s.kwhPerYear)} kWh${s.yuanPerYear === null ? '' : ` (¥${n(s.yuanPerYear)})`} a year` : `，年节电 ${n(s.kwhPerYear)} kWh${s.yuanPerYear === null ? '' : `（约 ¥${n(s.yuanPerYear)}）`}`;

/** A fleet suggestion as one line of the export, with its reason and what a year of it is worth (the page says the same, translated). */
export function suggestionText(s: TransformerSuggestion, lang: Lang): string {
  const en = lang === 'en';
  switch (s.kind) {
    case 'overloaded':
      if (s.into)
        return en
          ? `Overloaded: peak load rate ${n(s.loadRateMaxPct, 1)} %; move the load above the rating onto ${s.into.name} (its peak then ${n(s.into.loadRateMaxPct, 1)} %)${worth(s.saving ?? null, lang)}`
          : `过载：最大负载率 ${n(s.loadRateMaxPct, 1)}%，可将超出额定的负荷转移至 ${s.into.name}（转移后其最大 ${n(s.into.loadRateMaxPct, 1)}%）${worth(s.saving ?? null, lang)}`;
      return en ? `Overloaded: peak load rate ${n(s.loadRateMaxPct, 1)} %; add capacity or move load` : `过载：最大负载率 ${n(s.loadRateMaxPct, 1)}%，需增容或转移负荷`;
    case 'lightLoad': {
      const why = en ? `Light load: mean load rate ${n(s.loadRateAvgPct, 1)} % (optimal zone from ${n(s.thresholdPct, 1)} %)` : `轻载：平均负载率 ${n(s.loadRateAvgPct, 1)}%（最佳经济区下限 ${n(s.thresholdPct, 1)}%）`;
      if (s.into === null) return en ? `${why}; no other unit can take its load: a smaller unit, or off at light hours` : `${why}，无其他变压器可承接负荷，可换小容量或轻载时段退出`;
      return en
        ? `${why}; merge its load onto ${s.into.name} (then ${n(s.into.loadRateAvgPct, 1)} %, peak ${n(s.into.loadRateMaxPct, 1)} %) and disconnect it${worth(s.saving, lang)}`
        : `${why}，可将负荷并入 ${s.into.name}（合并后平均 ${n(s.into.loadRateAvgPct, 1)}%、最大 ${n(s.into.loadRateMaxPct, 1)}%）并退出运行${worth(s.saving, lang)}`;
    }
    case 'belowGrade':
      return en
        ? `Below GB 20052-2024 grade 3 (P0 ${n(s.p0Kw, 3)} kW, Pk ${n(s.pkKw, 3)} kW): a grade-1 unit (${n(s.gradeOne.p0Kw, 3)} / ${n(s.gradeOne.pkKw, 3)} kW)${worth(s.saving, lang)}`
        : `低于 GB 20052-2024 三级能效（P0 ${n(s.p0Kw, 3)} kW、Pk ${n(s.pkKw, 3)} kW），更换为一级能效（${n(s.gradeOne.p0Kw, 3)} / ${n(s.gradeOne.pkKw, 3)} kW）${worth(s.saving, lang)}`;
  }
}

type Cells = (string | number | null)[];

/** A worksheet of the items, one row each (a 400-day load curve has 9,600): bold headers, the first column `firstWidth` wide, the others 16. */
const sheet = <T>(name: string, headers: readonly string[], items: readonly T[], row: (item: T) => Cells, firstWidth = 24) =>
  sheetOf({ name, headers, items, row, width: (i) => (i === 0 ? firstWidth : 16) });

const FLEET_HEADERS: Record<Lang, string[]> = {
  zh: ['变压器', '额定容量(kVA)', '平均负载率(%)', '最大负载率(%)', '输出电量(kWh)', '空载损耗(kWh)', '负载损耗(kWh)', '总损耗(kWh)', '效率(%)', '最佳负载率(%)', '经济负载率(%)', '运行区间', '能效等级', '电能质量合格率(%)', '建议'],
  en: ['Transformer', 'Rated (kVA)', 'Mean load rate (%)', 'Peak load rate (%)', 'Output (kWh)', 'No-load loss (kWh)', 'Load loss (kWh)', 'Total loss (kWh)', 'Efficiency (%)', 'Optimum load rate (%)', 'Economic load rate (%)', 'Zone', 'Grade', 'PQ compliance (%)', 'Advice'],
};

export function fleetRow(r: TransformerRow, lang: Lang): (string | number | null)[] {
  return [
    r.name,
    r.ratedKva,
    r.loadRateAvgPct,
    r.loadRateMaxPct,
    r.energyKwh,
    r.noLoadLossKwh,
    r.loadLossKwh,
    r.lossKwh,
    r.efficiencyPct,
    r.optimumLoadRatePct,
    r.economicLoadRatePct,
    r.zone ? (ZONE[r.zone]?.[lang] ?? r.zone) : null,
    GRADE[String(r.grade)]?.[lang] ?? String(r.grade),
    r.pq?.overallCompliancePct ?? null,
    r.suggestions.length > 0 ? r.suggestions.map((x) => suggestionText(x, lang)).join('; ') : null,
  ];
}

export async function fleetWorkbook(f: TransformerFleet, lang: Lang): Promise<Buffer> {
  return xlsxOf([sheet(lang === 'en' ? 'Transformers' : '变压器总览', FLEET_HEADERS[lang], f.rows, (r) => fleetRow(r, lang))]);
}

export async function exportFleet(ems: Ems, lang: Lang, scope: readonly number[], q: TransformerFleetQuery) {
  const f = await transformerFleet(ems, lang, scope, q);
  const day = zonedDayStamp(f.from, f.timezone);
  return { buffer: await fleetWorkbook(f, lang), fileName: lang === 'en' ? `transformer-overview-${day}.xlsx` : `变压器总览-${day}.xlsx` };
}

const PQ_HEADERS: Record<Lang, string[]> = {
  zh: ['指标', '单位', '下限', '上限', '合格率(%)', '统计点数', 'CP95', '最大值', '最小值', '最差相'],
  en: ['Index', 'Unit', 'Lower', 'Upper', 'Compliance (%)', 'Samples', 'CP95', 'Max', 'Min', 'Worst phase'],
};
const SPECTRUM_HEADERS: Record<Lang, string[]> = {
  zh: ['谐波次数', '电压含有率CP95(%)', '限值(%)', '越限比例(%)', '电流CP95(A)'],
  en: ['Order', 'Voltage CP95 (%)', 'Limit (%)', 'Over limit (%)', 'Current CP95 (A)'],
};

export async function analysisWorkbook(a: TransformerAnalysis, lang: Lang): Promise<Buffer> {
  const pq = a.row.pq;
  return xlsxOf([
    sheet(lang === 'en' ? 'Power quality' : '电能质量', PQ_HEADERS[lang], pq?.indices ?? [], (x) => [
      PQ_INDEX[x.key][lang],
      x.unit,
      x.lower,
      x.upper,
      x.compliancePct,
      x.measured,
      x.cp95,
      x.max,
      x.min,
      x.worstPhase?.toUpperCase() ?? null,
    ]),
    sheet(lang === 'en' ? 'Harmonic spectrum' : '谐波频谱', SPECTRUM_HEADERS[lang], a.spectrum, (s) => [s.order, s.voltagePct, s.limitPct, s.overPct, s.currentA], 12),
    sheet(
      lang === 'en' ? 'Load' : '负载曲线',
      lang === 'en' ? ['Time', 'P (kW)', 'Q (kvar)', 'Load rate (%)'] : ['时间', '有功功率(kW)', '无功功率(kvar)', '负载率(%)'],
      a.load,
      (p) => [zonedDateTime(p.t, a.timezone, false), p.kw, p.kvar, p.loadRatePct],
      20,
    ),
  ]);
}

export async function exportAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: TransformerAnalysisQuery) {
  const a = await transformerAnalysis(ems, lang, scope, q);
  const day = zonedDayStamp(a.from, a.timezone);
  const name = a.row.name.replace(/[\\/:*?"<>|#]/g, '');
  return { buffer: await analysisWorkbook(a, lang), fileName: lang === 'en' ? `transformer-analysis-${name}-${day}.xlsx` : `变压器分析-${name}-${day}.xlsx` };
}

const BUS_HEADERS: Record<Lang, string[]> = {
  zh: ['变压器', '母线', '馈线', '开关', '有功功率(kW)', '无功功率(kvar)', 'Ua(V)', 'Ub(V)', 'Uc(V)', 'Ia(A)', 'Ib(A)', 'Ic(A)', '功率因数', '更新时间', '在线'],
  en: ['Transformer', 'Busbar', 'Feeder', 'Breaker', 'P (kW)', 'Q (kvar)', 'Ua (V)', 'Ub (V)', 'Uc (V)', 'Ia (A)', 'Ib (A)', 'Ic (A)', 'PF', 'Updated', 'Online'],
};

/** The feeder table of the single-line view: one row per bay (incomers, LV mains, feeders). */
export function busbarRows(v: BusbarView, lang: Lang, timeZone: string): Cells[] {
  const sw = (s: 0 | 1 | null) => (s === null ? null : s === 1 ? (lang === 'en' ? 'closed' : '合闸') : lang === 'en' ? 'open' : '分闸');
  const yes = (b: boolean) => (b ? (lang === 'en' ? 'yes' : '是') : lang === 'en' ? 'no' : '否');
  const out: (string | number | null)[][] = [];
  const bay = (t: string | null, bus: string | null, b: BusbarView['supplies'][number]['incomer']) => {
    if (!b) return;
    const m = b.meter;
    const at = m?.ts ?? b.switchTs;
    out.push([t, bus, b.name, sw(b.switchState), m?.p ?? null, m?.q ?? null, m?.ua ?? null, m?.ub ?? null, m?.uc ?? null, m?.ia ?? null, m?.ib ?? null, m?.ic ?? null, m?.pf ?? null, at === null ? null : zonedDateTime(at, timeZone, false), m ? yes(m.online) : null]);
  };
  for (const s of v.supplies) {
    bay(null, null, s.incomer);
    for (const b of s.blocks) {
      const t = b.transformer?.name ?? null;
      bay(t, null, b.lvMain);
      for (const bus of b.busbars) for (const f of bus.feeders) bay(t, bus.name, f);
    }
  }
  return out;
}

export async function exportBusbar(ems: Ems, lang: Lang, scope: readonly number[], q: BusbarQuery) {
  const v = await busbarView(ems, scope, q);
  const timeZone = v.timezone;
  const buffer = await xlsxOf([sheet(lang === 'en' ? 'Busbar' : '母线监测', BUS_HEADERS[lang], busbarRows(v, lang, timeZone), (r) => r, 14)]);
  const stamp = zonedDateTime(v.now, timeZone, false).replace(/[-: ]/g, '');
  return { buffer, fileName: lang === 'en' ? `busbar-${stamp}.xlsx` : `母线监测-${stamp}.xlsx` };
}
