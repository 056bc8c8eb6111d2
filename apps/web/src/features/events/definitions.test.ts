import { describe, expect, it } from 'vitest';
import { NAV_ROUTES, TARGET_LOG_TYPES, targetOfLogType } from '@ems/contract';
import { EVENT_PAGES, EVENT_ROUTE_KEYS } from './definitions';
import zh from './locales/zh-CN';
import en from './locales/en-US';

describe('event page registry (spec section 2 named targets, section 4 log type to target)', () => {
  it.each([
    ['demandevent', [704, 705]],
    ['energyEfficiencyEvent', [708, 709]],
    ['energyConsumptionEvent', [701, 702, 703, 710]],
    ['inspectorder', [711]],
    ['energyLossWarning', [706, 707]],
    // 804: a limit on temperature, humidity, gas, … (issue 11: not among the energy-consumption events)
    ['eventDiagnosis', [801, 802, 803, 804]],
  ] as const)('%s lists log types %j, the ones a notification of those types leads to', (key, logTypes) => {
    expect(EVENT_PAGES[key].logTypes).toEqual(logTypes);
    expect(EVENT_PAGES[key].logTypes).toEqual(TARGET_LOG_TYPES[key]);
    for (const lt of logTypes) expect(targetOfLogType(lt)).toBe(key);
  });

  it('energyLossEvent lists the waste events: abnormal consumption 703, balance loss 706, negative loss 707', () => {
    expect(EVENT_PAGES.energyLossEvent.logTypes).toEqual([703, 706, 707]);
  });

  it('every key is a navigation route and each definition names itself', () => {
    const nav = new Set(NAV_ROUTES.map((r) => r.key));
    for (const key of EVENT_ROUTE_KEYS) {
      expect(nav.has(key), key).toBe(true);
      expect(EVENT_PAGES[key].key).toBe(key);
    }
    expect(EVENT_ROUTE_KEYS).toHaveLength(7);
  });

  it('only event diagnosis has the diagnosis extras', () => {
    expect(EVENT_ROUTE_KEYS.filter((k) => EVENT_PAGES[k].diagnosis)).toEqual(['eventDiagnosis']);
  });

  it('inspection orders (no type, level or data point) offer neither those filters nor those columns', () => {
    const def = EVENT_PAGES.inspectorder;
    expect(def.filters).toEqual(['status', 'confirmState', 'keyword']);
    for (const c of ['level', 'eventType', 'dataPoint', 'value', 'limit'] as const) expect(def.columns).not.toContain(c);
  });

  it('every title key exists in both languages', () => {
    for (const key of EVENT_ROUTE_KEYS) {
      const [ns, sub] = EVENT_PAGES[key].titleKey.split('.') as ['title', keyof typeof zh.title];
      expect(ns).toBe('title');
      expect(zh.title[sub]).toBeTruthy();
      expect(en.title[sub]).toBeTruthy();
    }
  });
});
