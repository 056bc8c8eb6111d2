import { describe, expect, it } from 'vitest';
import { BASE_RESOURCES } from '../i18n';
import { collectLocales } from '../i18n/collect';
import { AREA_LOCALES, PAGE_LOCALE_FEATURES, PAGE_LOCALE_LOADERS } from './locales';

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const PAGE_LOCALES = collectLocales(Object.fromEntries(await Promise.all(Object.entries(PAGE_LOCALE_LOADERS).map(async ([path, load]) => [path, await load()]))));
const zh = { ...BASE_RESOURCES['zh-CN'], ...AREA_LOCALES['zh-CN'], ...PAGE_LOCALES['zh-CN'] };
const en = { ...BASE_RESOURCES['en-US'], ...AREA_LOCALES['en-US'], ...PAGE_LOCALES['en-US'] };

describe('every visible string is translated (house style 7)', () => {
  it('zh-CN and en-US hold the same namespaces, including the widgets and every feature', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(Object.keys(zh)).toEqual(expect.arrayContaining(['common', 'frame', 'widgets', 'login', 'home', 'no-permission', 'project-navigation', 'project-config']));
  });
  it('the features whose texts load with their pages are not in the eager set, and are all found', () => {
    for (const ns of PAGE_LOCALE_FEATURES) {
      expect(Object.keys(AREA_LOCALES['zh-CN'])).not.toContain(ns);
      expect(Object.keys(PAGE_LOCALES['zh-CN'])).toContain(ns);
      expect(Object.keys(PAGE_LOCALES['en-US'])).toContain(ns);
    }
  });
  it.each(Object.keys(zh))('namespace %s: zh-CN and en-US hold the same keys, none empty', (ns) => {
    const zhKeys = keys(zh[ns]).sort();
    expect(keys(en[ns]).sort()).toEqual(zhKeys);
    for (const k of zhKeys) {
      const pick = (o: unknown) => k.split('.').reduce<unknown>((acc, part) => (acc as Record<string, unknown>)?.[part], o);
      expect(String(pick(zh[ns])).length, `zh ${ns}:${k}`).toBeGreaterThan(0);
      expect(String(pick(en[ns])).length, `en ${ns}:${k}`).toBeGreaterThan(0);
    }
  });
});
