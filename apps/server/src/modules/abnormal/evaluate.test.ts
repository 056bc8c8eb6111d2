import { describe, expect, it } from 'vitest';
import type { EnergyInterval } from '@ems/domain';
import { evaluateMeter } from './evaluate.js';
import type { RuleRow } from './repository.js';

const Q = 900_000;
const H = 3_600_000;
const TZ = 'Asia/Shanghai';
/** 2026-07-13 00:00 in Shanghai, a Monday */
const D0 = Date.UTC(2026, 6, 12, 16);
const rule = (kind: RuleRow['kind'], params: RuleRow['params'], o: Partial<RuleRow> = {}): RuleRow => ({ id: 1, projectId: 1, kind, name: 'r', meterIds: [1], params, level: 'alarm', minDurationMin: 15, enabled: true, description: '', evaluatedTo: 0, updateTime: 0, ...o });
/** 15-min intervals [from, to) of kwh(t) */
const series = (from: number, to: number, kwh: (t: number) => number | null, status: (t: number) => number = () => 0): EnergyInterval[] => {
  const out: EnergyInterval[] = [];
  for (let t = from; t < to; t += Q) out.push({ start: t, kwh: kwh(t), status: status(t) });
  return out;
};

describe('evaluateMeter', () => {
  const night = rule('period', { nights: [{ start: '00:00', end: '05:00' }], limitPerHour: 0.1 }, { minDurationMin: 60 });
  const leak = series(D0 - 2 * 86_400_000, D0 + 86_400_000, () => 0.3);

  it('period: a night above its limit is a finding once the night has closed; an open night gives none yet (the chart still shades it)', () => {
    const closed = evaluateMeter(night, leak, D0, D0 + 6 * H, TZ, D0 + 6 * H);
    const mine = closed.findings.filter((f) => f.start >= D0);
    expect(mine.map((f) => [f.start, f.end])).toEqual([[D0, D0 + 5 * H]]);
    expect(mine[0]?.excessKwh).toBeCloseTo(20 * (0.3 - 0.025), 9);
    expect(closed.expected.get(D0 + H)).toBeCloseTo(0.025, 12);
    const open = evaluateMeter(night, leak, D0, D0 + 3 * H, TZ, D0 + 3 * H);
    expect(open.findings.filter((f) => f.start >= D0)).toEqual([]);
    expect(evaluateMeter(night, leak, D0, D0 + 3 * H, TZ, D0 + 3 * H, false).findings.filter((f) => f.start >= D0).map((f) => f.end)).toEqual([D0 + 3 * H]);
  });

  it('percent: a suspect or reset interval is never abnormal and breaks the run', () => {
    const pct = rule('percent', { warnPct: 20, alarmPct: 40, weeks: 4 });
    const from = D0;
    const s = series(
      from - 28 * 86_400_000,
      from + 4 * H,
      (t) => (t >= from + H && t < from + 3 * H ? 5 : 1),
      (t) => (t === from + 2 * H ? 3 : t === from + 2 * H + Q ? 4 : 0),
    );
    const ev = evaluateMeter(pct, s, from, from + 4 * H, TZ, from + 4 * H);
    expect(ev.findings.map((f) => [f.start, f.end, f.level])).toEqual([
      [from + H, from + 2 * H, 'alarm'],
      [from + 2 * H + 2 * Q, from + 3 * H, 'alarm'],
    ]);
    expect(ev.findings.reduce((a, f) => a + f.excessKwh, 0)).toBeCloseTo(6 * 4, 9);
  });

  it('period by base-load ratio: a working day above the ratio is one finding once closed, waste (min − Y·mean) in each interval; weekend days are not judged', () => {
    // Monday D0 … Sunday: 0.5 kWh a quarter 00:00–08:00, 1.5 the rest: min 0.5, mean (32 × 0.5 + 64 × 1.5) / 96 = 7 / 6
    const s = series(D0 - 86_400_000, D0 + 7 * 86_400_000, (t) => ((((t - D0) % 86_400_000) + 86_400_000) % 86_400_000 < 8 * H ? 0.5 : 1.5));
    const r = rule('period', { baseLoadRatioPct: 40, weekendDays: [0, 6] });
    const ev = evaluateMeter(r, s, D0, D0 + 7 * 86_400_000 - 2 * H, TZ, D0 + 7 * 86_400_000);
    // ratio 0.5 / (7/6) = 42.86 % > 40 %: Monday … Friday; Sunday is still open at `to` (and a weekend day)
    expect(ev.findings.map((f) => f.start)).toEqual([0, 1, 2, 3, 4].map((d) => D0 + d * 86_400_000));
    // Δ = 0.5 − 0.4 × 7/6 = 1/30 kWh a quarter, 96 quarters: 3.2 kWh a day
    expect(ev.findings[0]?.excessKwh).toBeCloseTo(3.2, 9);
    expect(ev.expected.get(D0 + H)).toBeCloseTo(0.5 - 1 / 30, 12);
    // the working days only (the Sunday before, Saturday and Sunday left out)
    expect(ev.baseLoad?.map((d) => Math.round(d.ratioPct * 100) / 100)).toEqual([42.86, 42.86, 42.86, 42.86, 42.86]);
    expect(evaluateMeter({ ...r, params: { baseLoadRatioPct: 45 } }, s, D0, D0 + 5 * 86_400_000, TZ, D0 + 5 * 86_400_000).findings).toEqual([]);
  });

  it('percent with the regression baseline: the day predicted from its cooling degree-days and spread on its weekday shape; without 14 past days, no baseline', () => {
    // 28 days of 1 + 0.1·CDD kWh a quarter, CDD = the day's index mod 5 (temperature 18 + that all day); D0 at 25 °C (CDD 7): 1.7
    const DAY = 86_400_000;
    const dayOf = (t: number) => Math.floor((t + 8 * H) / DAY);
    const cdd = (t: number) => (dayOf(t) === dayOf(D0) ? 7 : dayOf(t) % 5);
    const s = series(D0 - 28 * DAY, D0 + 4 * H, (t) => (t >= D0 + 2 * H && t < D0 + 3 * H ? 3 : 1 + 0.1 * cdd(t)));
    const temperatures = [];
    for (let t = D0 - 28 * DAY; t < D0 + DAY; t += H) temperatures.push({ start: t, c: 18 + cdd(t) });
    const r = rule('percent', { baseline: 'regression', warnPct: 20, alarmPct: 40 });
    const ev = evaluateMeter(r, s, D0, D0 + 4 * H, TZ, D0 + 4 * H, true, { temperatures });
    expect(ev.expected.get(D0)).toBeCloseTo(1.7, 9);
    expect(ev.findings.map((f) => [f.start, f.end, f.level])).toEqual([[D0 + 2 * H, D0 + 3 * H, 'alarm']]);
    expect(ev.findings[0]?.excessKwh).toBeCloseTo(4 * (3 - 1.7), 9);
    expect(ev.regression?.find((d) => d.start === D0)?.fit?.cdd).toBeCloseTo(9.6, 6);
    const short = evaluateMeter(r, s.filter((iv) => iv.start >= D0 - 10 * DAY), D0, D0 + 4 * H, TZ, D0 + 4 * H, true, { temperatures });
    expect(short.findings).toEqual([]);
    expect(short.regression?.find((d) => d.start === D0)?.gap).toBe('tooFewDays');
    expect(evaluateMeter(r, s, D0, D0 + 4 * H, TZ, D0 + 4 * H).regression?.every((d) => d.gap === 'noDrivers')).toBe(true);
  });

  it('usage: the month over its quota is an alarm whose excess is what was used after the crossing', () => {
    const usage = rule('usage', { quota: 100 });
    // 1 kWh per 15 min from 1 July (local): 96 a day; the quota is crossed on 2 July at 01:00
    const monthStart = Date.UTC(2026, 5, 30, 16);
    const s = series(monthStart, monthStart + 3 * 86_400_000, () => 1);
    const ev = evaluateMeter(usage, s, monthStart + 86_400_000, monthStart + 3 * 86_400_000, TZ, monthStart + 3 * 86_400_000);
    expect(ev.findings).toHaveLength(1);
    const f = ev.findings[0];
    expect([f?.start, f?.level, f?.actualKwh, f?.excessKwh]).toEqual([monthStart, 'alarm', 288, 188]);
    expect(f?.intervals[0]?.start).toBe(monthStart + 100 * Q);
  });
});
