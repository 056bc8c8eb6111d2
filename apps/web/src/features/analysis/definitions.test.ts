import { describe, expect, it } from 'vitest';
import { NAV_ROUTES } from '@ems/contract';
import { ANALYSIS_PAGES, ANALYSIS_ROUTE_KEYS } from './definitions';
import zh from './locales/zh-CN';
import en from './locales/en-US';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
const lookup = (o: object, path: string): unknown => path.split('.').reduce<unknown>((x, k) => (x && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined), o);

describe('analysis page registry (spec section 2: the routes that share one page)', () => {
  it('every key is a navigation route; each definition names itself and has a title in both languages', () => {
    const nav = new Map(NAV_ROUTES.map((r) => [r.key, r]));
    for (const key of ANALYSIS_ROUTE_KEYS) {
      const def = ANALYSIS_PAGES[key];
      expect(nav.has(key), key).toBe(true);
      expect(def.key).toBe(key);
      expect(lookup(zh, def.titleKey)).toBe(nav.get(key)?.zh);
      expect(lookup(en, def.titleKey)).toBe(nav.get(key)?.en);
    }
  });

  it('energyConsumption: month by default, KPI total/tce/CO₂/tb/hb, stacked bars with last year, the DOMAIN §1 table, intensity panel', () => {
    const def = ANALYSIS_PAGES.energyConsumption;
    expect([def.defaultDateType, def.metric, def.chart, def.lastYearLine, def.extraPanel]).toEqual([3, 'consumption', 'stackedBar', true, 'intensity']);
    expect(def.kpis).toEqual(['total', 'tce', 'co2', 'yoy', 'mom']);
    expect(def.columns).toEqual(['name', 'value', 'yoy', 'mom', 'share', 'intensity', 'output', 'outputIntensity', 'quality']);
  });

  it('zh-CN and en-US hold the same keys, none empty', () => {
    expect(keysOf(en)).toEqual(keysOf(zh));
    for (const k of keysOf(zh)) expect([lookup(zh, k), lookup(en, k)].every((v) => typeof v === 'string' && v !== ''), k).toBe(true);
  });
});
