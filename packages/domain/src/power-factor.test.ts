import { describe, expect, it } from 'vitest';
import {
  PF_STANDARDS,
  POWER_FACTOR_ADJUSTMENT_TABLE_1983 as TABLE,
  compensationKvar,
  monthlyCosPhi,
  pfAdjustmentPct,
  powerFactorAdjustment,
  type PfStandard,
} from './power-factor.js';

const row = (c: number) => TABLE.find((r) => Math.round(r[0] * 100) === Math.round(c * 100));
const at = (c: number, s: PfStandard) => pfAdjustmentPct(c, s);

describe('the 1983 table as data: one row per 0.01 from 1.00 to 0.00, three standards', () => {
  it('101 rows, descending by 0.01, no duplicates', () => {
    expect(TABLE).toHaveLength(101);
    TABLE.forEach((r, i) => expect(Math.round(r[0] * 100)).toBe(100 - i));
  });
  it('0 % at each standard itself', () => {
    expect(at(0.9, '0.90')).toBe(0);
    expect(at(0.85, '0.85')).toBe(0);
    expect(at(0.8, '0.80')).toBe(0);
  });
  it.each([
    // values DOMAIN.md marks [S] (wgbc.cn table page): cosφ → 0.90 / 0.85 / 0.80
    ...[0.95, 0.96, 0.97, 0.98, 0.99, 1.0].map((c) => [c, -0.75, -1.1, -1.3] as const),
    [0.94, -0.6, -1.1, -1.3],
    [0.93, -0.45, -0.95, -1.3],
    [0.65, 15, 10, 7.5],
    [0.6, 25, 15, 10],
    [0.59, 27, 17, 11],
  ] as const)('[S] cosφ %d → %d / %d / %d', (c, a, b, d) => expect(row(c)?.slice(1)).toEqual([a, b, d]));

  // per-step rules of DOMAIN §3, checked row by row against the literal data: how much r% rises
  // when cosφ drops by 0.01 (a reward of −0.15 % per 0.01 up is a rise of 0.15 per 0.01 down)
  const steps = (s: 1 | 2 | 3, hi: number, lo: number) =>
    TABLE.filter((r) => Math.round(r[0] * 100) <= hi && Math.round(r[0] * 100) > lo).map((r) => {
      const next = row(r[0] - 0.01);
      return Math.round(((next?.[s] ?? NaN) - r[s]) * 100) / 100;
    });
  it.each([
    ['0.90: reward −0.15 % per 0.01 from 0.95 down to 0.90', 1, 95, 90, 0.15],
    ['0.90: +0.5 % per 0.01 from 0.90 down to 0.70 (+10 %)', 1, 90, 70, 0.5],
    ['0.90: +1 % per 0.01 from 0.70 down to 0.65 (+15 %)', 1, 70, 65, 1],
    ['0.90: +2 % per 0.01 from 0.65 down (0.64 = +17 %)', 1, 65, 0, 2],
    ['0.85: −0.15 % per 0.01 from 0.94 down to 0.90 (−0.50)', 2, 94, 90, 0.15],
    ['0.85: −0.10 % per 0.01 from 0.90 down to 0.85', 2, 90, 85, 0.1],
    ['0.85: +0.5 % per 0.01 from 0.85 down to 0.65 (+10 %)', 2, 85, 65, 0.5],
    ['0.85: +1 % per 0.01 from 0.65 down to 0.60 (+15 %)', 2, 65, 60, 1],
    ['0.85: +2 % per 0.01 from 0.60 down (0.59 = +17 %)', 2, 60, 0, 2],
    ['0.80: −0.15 % per 0.01 from 0.92 down to 0.90 (−1.00)', 3, 92, 90, 0.15],
    ['0.80: −0.10 % per 0.01 from 0.90 down to 0.80', 3, 90, 80, 0.1],
    ['0.80: +0.5 % per 0.01 from 0.80 down to 0.60 (+10 %)', 3, 80, 60, 0.5],
    ['0.80: +1 % per 0.01 from 0.60 down to 0.55', 3, 60, 55, 1],
    ['0.80: +2 % per 0.01 from 0.55 down', 3, 55, 0, 2],
  ] as const)('%s', (_rule, col, hi, lo, step) => {
    const diffs = steps(col, hi, lo);
    expect(diffs.length).toBe(hi - lo);
    for (const d of diffs) expect(d).toBe(step);
  });
  it('rewards are capped: flat from 0.95 (0.90), 0.94 (0.85), 0.92 (0.80) up to 1.00', () => {
    for (const [s, from, cap] of [['0.90', 0.95, -0.75], ['0.85', 0.94, -1.1], ['0.80', 0.92, -1.3]] as const) {
      for (let c = Math.round(from * 100); c <= 100; c++) expect(at(c / 100, s)).toBe(cap);
    }
  });
  it('every standard is a column', () => expect(PF_STANDARDS).toEqual(['0.90', '0.85', '0.80']));
});

describe('monthlyCosPhi = P / √(P² + Q²), rounded half-up to 2 decimals', () => {
  it.each([
    // 300 000 / √(300 000² + 400 000²) = 300 000 / 500 000 = 0.60
    ['3-4-5: P 300 000 kWh, Q 400 000 kvarh → 0.60', { kwh: 300000, kvarh: 400000 }, 0.6],
    // 400 000 / √(400 000² + 200 000²) = 1 / √1.25 = 0.894427… → 0.89
    ['P 400 000, Q 200 000 → 0.8944 → 0.89', { kwh: 400000, kvarh: 200000 }, 0.89],
    // 400 000 / √(400 000² + 216 000²): 216/400 = 0.54, √(1 + 0.2916) = 1.136486 → 0.87990 → 0.88
    ['P 400 000, Q 216 000 → 0.8799 → 0.88', { kwh: 400000, kvarh: 216000 }, 0.88],
    ['no reactive energy → 1.00', { kwh: 1000, kvarh: 0 }, 1],
    // 1983 功率因数调整电费办法: where reverse reactive energy is metered, Q = |Q forward| + |Q reverse|.
    // Q = 300 000 + 100 000 = 400 000 → the 3-4-5 triangle → 0.60 (by default, without naming the flag)
    ['1983 rule, by default: reverse kvarh counts into Q (|300 000| + |100 000| → 0.60)', { kwh: 300000, kvarh: 300000, reverseKvarh: 100000 }, 0.6],
    ['reverse kvarh given as a negative register difference counts by its magnitude (|−100 000|)', { kwh: 300000, kvarh: 300000, reverseKvarh: -100000 }, 0.6],
    // a province that leaves it out: Q = 300 000 → 300 000 / √(2 · 300 000²) = 0.7071 → 0.71
    ['flag false (a province leaving it out): reverse kvarh ignored → 0.71', { kwh: 300000, kvarh: 300000, reverseKvarh: 100000, addReverseKvarh: false }, 0.71],
    ['no energy at all → null', { kwh: 0, kvarh: 0 }, null],
  ] as const)('%s', (_rule, e, cos) => expect(monthlyCosPhi(e)).toBe(cos));
});

describe('powerFactorAdjustment = (basic + energy fee) × r%, half-up to the fen', () => {
  it('cosφ 0.88 at the 0.90 standard: +1 % of (¥48 640.00 + ¥262 500.00) = ¥3 111.40', () => {
    const a = powerFactorAdjustment({ basicFen: 4864000, energyFeeFen: 26250000, cosPhi: 0.88, standard: '0.90' });
    expect(a).toEqual({ cosPhi: 0.88, standard: '0.90', ratePct: 1, baseFen: 31114000, fen: 311140 });
  });
  it('cosφ 0.93 at 0.90: −0.45 % of ¥100 000.01 = −450.000045 → −¥450.00', () => {
    expect(powerFactorAdjustment({ basicFen: 1, energyFeeFen: 10000000, cosPhi: 0.93, standard: '0.90' }).fen).toBe(-45000);
  });
  it('cosφ 0.91 at 0.85: −0.65 % of ¥1 234.50 = −8.02425 → −¥8.02', () => {
    expect(powerFactorAdjustment({ basicFen: 23450, energyFeeFen: 100000, cosPhi: 0.91, standard: '0.85' }).fen).toBe(-802);
  });
  it('a custom table replaces the 1983 one', () => {
    const table = [[0.9, 1, 2, 3]] as const;
    expect(powerFactorAdjustment({ basicFen: 10000, energyFeeFen: 0, cosPhi: 0.9, standard: '0.80' }, table).fen).toBe(300);
    expect(() => pfAdjustmentPct(0.5, '0.80', table)).toThrow(RangeError);
  });
});

describe('compensationKvar: Q_c = P · (tanφ₁ − tanφ₂)', () => {
  it('500 kW from 0.80 to 0.95: tan 0.75 − tan 0.328684 → 500 × 0.421316 = 210.66 kvar', () => {
    // tanφ₁ = 0.6/0.8 = 0.75; tanφ₂ = √(1 − 0.9025)/0.95 = 0.312250/0.95 = 0.328684
    expect(compensationKvar(500, 0.8, 0.95)).toBeCloseTo(210.658, 2);
  });
  it('already at or above the target → 0', () => expect(compensationKvar(500, 0.96, 0.95)).toBe(0));
  it('to 1.00: all reactive power, 400 kW at 0.60 → 400 × 4/3 = 533.33 kvar', () => expect(compensationKvar(400, 0.6, 1)).toBeCloseTo(533.333, 3));
  it('cosφ outside (0, 1] is rejected', () => expect(() => compensationKvar(1, 0, 0.9)).toThrow(RangeError));
});
