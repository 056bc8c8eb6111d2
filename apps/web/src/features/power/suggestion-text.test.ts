import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { TransformerSuggestion } from '@ems/contract';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import { suggestionText, suggestionTone } from './suggestion-text';

function tOf(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.init({ lng, resources: { 'zh-CN': { power: zh }, 'en-US': { power: en } }, ns: ['power'], defaultNS: 'power', interpolation: { escapeValue: false }, initImmediate: false } as Parameters<typeof i18n.init>[0]);
  return i18n.t;
}

/** 2# at 18 % merged onto 1# (transformer-advice.test.ts's worked example) */
const merge: TransformerSuggestion = { kind: 'lightLoad', loadRateAvgPct: 18, thresholdPct: 19.69, into: { id: 1, name: '1#', loadRateAvgPct: 58, loadRateMaxPct: 58 }, saving: { kwhPerYear: 2406, yuanPerYear: 1444 } };

describe('the 建议 column: each suggestion with its reason and money a year, in both languages', () => {
  it('merge a lightly loaded unit', () => {
    expect(suggestionText(merge, tOf('zh-CN'))).toBe('轻载：平均负载率 18.0%（最佳经济区下限 19.7%），可将负荷并入 1#（合并后平均 58.0%、最大 58.0%）并退出运行，年节电 2,406 kWh（约 ¥1,444）');
    expect(suggestionText(merge, tOf('en-US'))).toBe('Light load: mean load rate 18.0 % (optimal zone from 19.7 %); merge its load onto 1# (then 58.0 %, peak 58.0 %) and disconnect it, saving 2,406 kWh (¥1,444) a year');
  });
  it('light load with nothing to merge onto, overloaded, below grade without a price', () => {
    const t = tOf('en-US');
    expect(suggestionText({ ...merge, into: null, saving: null }, t)).toBe('Light load: mean load rate 18.0 % (optimal zone from 19.7 %); no other unit can take its load: a smaller unit, or off at light hours');
    expect(suggestionText({ kind: 'overloaded', loadRateMaxPct: 110 }, t)).toBe('Overloaded: peak load rate 110.0 %; add capacity or move load');
    expect(suggestionText({ kind: 'belowGrade', p0Kw: 1.6, pkKw: 8, gradeOne: { p0Kw: 1.02, pkKw: 7.315 }, saving: { kwhPerYear: 6581, yuanPerYear: null } }, t)).toBe(
      'Below GB 20052-2024 grade 3 (P0 1.600 kW, Pk 8.000 kW): a grade-1 unit (1.020 / 7.315 kW), saving 6,581 kWh a year',
    );
  });
  it('overloaded with a unit to take the part above its rating (transformer-advice.test.ts: T3 onto 2#), in both languages', () => {
    const shed: TransformerSuggestion = { kind: 'overloaded', loadRateMaxPct: 110, into: { id: 2, name: '2#', loadRateMaxPct: 24.4 }, saving: { kwhPerYear: 2625, yuanPerYear: 1575 } };
    expect(suggestionText(shed, tOf('en-US'))).toBe('Overloaded: peak load rate 110.0 %; move the load above the rating onto 2# (its peak then 24.4 %), saving 2,625 kWh (¥1,575) a year');
    expect(suggestionText(shed, tOf('zh-CN'))).toBe('过载：最大负载率 110.0%，可将超出额定的负荷转移至 2#（转移后其最大 24.4%），年节电 2,625 kWh（约 ¥1,575）');
  });
  it('overloaded reads as an error, the rest as warnings', () => {
    expect(suggestionTone([merge, { kind: 'overloaded', loadRateMaxPct: 110 }])).toBe('danger');
    expect(suggestionTone([merge])).toBe('warning');
  });
});
