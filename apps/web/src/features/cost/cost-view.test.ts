import { describe, expect, it } from 'vitest';
import { rangeOf } from '@ems/domain';
import en from './locales/en-US';
import zh from './locales/zh-CN';
import { contractNote, yearMonthOf } from './cost-view';

describe("rule 15: the bill's month is the project's, the browser in Los Angeles", () => {
  it('the day 1 Nov 2026 in Shanghai bills November (its middle is still 31 Oct in Los Angeles)', () => {
    const day = rangeOf(1, Date.UTC(2026, 10, 1, 2), 'Asia/Shanghai');
    expect(new Date(day.startTime + (day.endTime - day.startTime) / 2).getMonth() + 1).toBe(10);
    expect(yearMonthOf(day, 'Asia/Shanghai')).toEqual({ year: 2026, month: 11 });
  });
  it('a year range gives its own year, a month range its month', () => {
    expect(yearMonthOf(rangeOf(3, Date.UTC(2026, 0, 15), 'Asia/Shanghai'), 'Asia/Shanghai')).toEqual({ year: 2026, month: 1 });
    expect(yearMonthOf(rangeOf(5, Date.UTC(2025, 5, 1), 'Asia/Shanghai'), 'Asia/Shanghai').year).toBe(2025);
  });
});

describe('发改办价格〔2016〕1583号: the basic-fee page says when the 40 % floor billed the demand, as the server flags it', () => {
  /** the locale's text with {{name}} filled in, as i18next does */
  const tr = (texts: typeof zh) => (key: string, o: Record<string, unknown> = {}) =>
    String(key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], texts)).replace(/{{(\w+)}}/g, (_, k: string) => String(o[k]));
  // 2 000 kVA: 40 % = 800 kW
  it('a contract below 40 %: the version and the floor', () =>
    expect(contractNote({ versions: ['2025-01-01'], raisedToMinimum: true, minDemandKw: 800 }, tr(zh))).toBe('2025-01-01 起生效的电价版本 · 低于容量的40%，按 800.00 kW 计收'));
  it('electing actual maximum demand (no contract), MD 600 kW below 800 kW: the floor is said too', () =>
    expect(contractNote({ versions: ['2025-01-01'], raisedToMinimum: true, minDemandKw: 800 }, tr(en))).toBe('tariff version in force from 2025-01-01 · below 40 % of the capacity: billed at 800.00 kW'));
  it('not raised: the version only; no version: nothing', () => {
    expect(contractNote({ versions: ['2025-01-01', '2025-06-16'], raisedToMinimum: false, minDemandKw: 800 }, tr(zh))).toBe('2025-06-16 起生效的电价版本');
    expect(contractNote({ versions: [], raisedToMinimum: false, minDemandKw: null }, tr(zh))).toBeUndefined();
  });
});
