import { describe, expect, it } from 'vitest';
import type { AbnormalRule } from '@ems/contract';
import { NEW_RULE, parseDates, parseRanges, toRuleForm, toRuleInput } from './rule-form';

describe('abnormal rule form', () => {
  it('reads daily ranges and dates from text; a bad part makes the whole null', () => {
    expect(parseRanges('22:00-06:00, 12:00 – 13:00；9:30~9:45')).toEqual([
      { start: '22:00', end: '06:00' },
      { start: '12:00', end: '13:00' },
      { start: '9:30', end: '9:45' },
    ]);
    expect(parseRanges('')).toEqual([]);
    expect(parseRanges('22:00-06:00, night')).toBeNull();
    expect(parseDates('2026-10-01, 2026-10-02\n2026-10-03')).toEqual(['2026-10-01', '2026-10-02', '2026-10-03']);
    expect(parseDates('2026-10-1')).toBeNull();
  });

  it("sends only the kind's parameters, blanks left to the server's defaults", () => {
    const v = { ...NEW_RULE.percent, name: ' Presses ', meterIds: [7], warnPct: 30, alarmPct: null, limitPerHour: 5, quota: 9 };
    expect(toRuleInput(3, 'percent', v)).toEqual({ projectId: 3, kind: 'percent', name: 'Presses', meterIds: [7], params: { warnPct: 30, weeks: 4 }, level: 'alarm', minDurationMin: 15, enabled: true });
    const p = { ...NEW_RULE.period, name: 'Night', meterIds: [8], nights: '00:00-05:00', weekendDays: [6, 0], holidays: '2026-10-01', limitPerHour: 0.1, unitPrice: 5, warnPct: 20 };
    expect(toRuleInput(3, 'period', p).params).toEqual({ nights: [{ start: '00:00', end: '05:00' }], weekendDays: [0, 6], holidays: ['2026-10-01'], limitPerHour: 0.1, unitPrice: 5 });
    expect(toRuleInput(3, 'usage', { ...NEW_RULE.usage, name: 'Office', meterIds: [9], quota: 42000 }).params).toEqual({ quota: 42000, quotaPeriod: 'month' });
  });

  it('the options: the regression baseline of a percent rule; a period rule by base-load ratio sends the ratio and the days off, not the night limits', () => {
    const pct = toRuleInput(3, 'percent', { ...NEW_RULE.percent, name: 'Presses', meterIds: [7], baseline: 'regression' });
    expect(pct.params).toEqual({ warnPct: 20, alarmPct: 40, weeks: 4, baseline: 'regression' });
    // the default same-weekday baseline is left out: a rule saved before the option reads the same
    expect(toRuleInput(3, 'percent', { ...NEW_RULE.percent, name: 'Presses', meterIds: [7] }).params).not.toHaveProperty('baseline');
    const base = { ...NEW_RULE.period, name: 'Base', meterIds: [8], periodMode: 'baseLoad' as const, baseLoadRatioPct: 30, weekendDays: [6, 0], holidays: '2026-06-19', limitPerHour: 1 };
    expect(toRuleInput(3, 'period', base).params).toEqual({ baseLoadRatioPct: 30, weekendDays: [0, 6], holidays: ['2026-06-19'] });
    const stored: AbnormalRule = { id: 5, projectId: 3, kind: 'period', name: 'Base', meters: [{ id: 8, name: 'Toilets', unit: 'm3' }], params: { baseLoadRatioPct: 30, weekendDays: [0, 6] }, level: 'alarm', minDurationMin: 15, enabled: true, description: '', evaluatedTo: 0, updateTime: 0 };
    expect(toRuleForm(stored)).toMatchObject({ periodMode: 'baseLoad', baseLoadRatioPct: 30 });
    expect(toRuleInput(3, 'period', toRuleForm(stored)).params).toEqual(stored.params);
    expect(toRuleForm({ ...stored, kind: 'percent', params: { baseline: 'regression' } })).toMatchObject({ baseline: 'regression', periodMode: 'limit' });
  });

  it('a stored rule round-trips through the form', () => {
    const r: AbnormalRule = {
      id: 2,
      projectId: 3,
      kind: 'period',
      name: 'Night',
      meters: [{ id: 8, name: 'Toilets', unit: 'm3' }],
      params: { nights: [{ start: '00:00', end: '05:00' }], breaks: [{ start: '12:00', end: '13:00' }], weekendDays: [0], holidays: ['2026-10-01', '2026-10-02'], limitPerWindow: 2, unitPrice: 5 },
      level: 'warn',
      minDurationMin: 60,
      enabled: false,
      description: 'leak',
      evaluatedTo: 0,
      updateTime: 0,
    };
    const form = toRuleForm(r);
    expect(form).toMatchObject({ nights: '00:00-05:00', breaks: '12:00-13:00', holidays: '2026-10-01, 2026-10-02' });
    expect(toRuleInput(3, 'period', form)).toEqual({ projectId: 3, kind: 'period', name: 'Night', meterIds: [8], params: r.params, level: 'warn', minDurationMin: 60, enabled: false, description: 'leak' });
  });
});
