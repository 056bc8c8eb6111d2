import { describe, expect, it } from 'vitest';
import type { BoilerAnalysis } from '@ems/contract';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import { flueOption, waterfallSteps } from './boiler-charts';
import { bucketPattern, fig, overLimit } from './boiler-view';

const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`]));
const C = { primary: 'p', secondary: 's', success: 'g', warning: 'w', error: 'e', info: 'i', text: 't', transparent: 'transparent' };

describe('boiler charts', () => {
  it('the waterfall steps down from 100 % by q2, q3, q5 and the unaccounted part to the direct η', () => {
    const s = waterfallSteps({ directEfficiencyPct: 88.77, losses: { q2: 4.07, q3: 0.02, q4: 0, q5: 7.14, q6: 0, unaccounted: 0 } });
    expect(s?.map((x) => x.key)).toEqual(['input', 'q2', 'q3', 'q5', 'unaccounted', 'efficiency']);
    expect(s?.[1]).toEqual({ key: 'q2', base: expect.closeTo(95.93, 6) as unknown as number, value: 4.07 });
    expect(s?.[3]?.base).toBeCloseTo(88.77, 6);
    expect(s?.[5]).toEqual({ key: 'efficiency', base: 0, value: 88.77 });
    // losses larger than 100 − η (the indirect method under the direct one): the unaccounted step goes back up
    const up = waterfallSteps({ directEfficiencyPct: 90, losses: { q2: 5, q3: 0, q4: 0, q5: 6, q6: 0, unaccounted: -1 } });
    expect(up?.[4]).toEqual({ key: 'unaccounted', base: 89, value: 1 });
    expect(waterfallSteps({ directEfficiencyPct: null, losses: { q2: 5, q3: 0, q4: 0, q5: 6, q6: 0, unaccounted: null } })).toBeNull();
  });

  it('flue temperature and O₂ carry their limit lines', () => {
    const a = { buckets: [{ time: 0, flueTempC: 120.44, o2Pct: 3.61 }], limits: { flueTempMaxC: 150, excessAirMax: 1.2, o2MaxPct: 3.5 } } as unknown as BoilerAnalysis;
    const o = flueOption(a, C, { flueTemp: 'T', o2: 'O2', flueLimit: 'limit 150', o2Limit: 'limit 3.5' }, String) as { series: { data: unknown[]; markLine?: { data: { yAxis: number }[] } }[] };
    expect(o.series[0]?.data).toEqual([120.4]);
    expect(o.series[0]?.markLine?.data[0]?.yAxis).toBe(150);
    expect(o.series[1]?.markLine?.data[0]?.yAxis).toBe(3.5);
    expect(overLimit({ flueTempC: 120, o2Pct: 3.61 }, a.limits)).toEqual({ flue: false, o2: true });
  });

  it('labels and figures: hours, days or months on the project clock; -- for a missing figure', () => {
    expect([bucketPattern('hour'), bucketPattern('day'), bucketPattern('month')]).toEqual(['HH:mm', 'MM-DD', 'YYYY-MM']);
    expect([fig(88.768, 2), fig(null, 1), fig(9838.4, 0)]).toEqual(['88.77', '--', '9,838']);
  });

  it('zh-CN and en-US hold the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
});
