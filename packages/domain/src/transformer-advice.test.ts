import { describe, expect, it } from 'vitest';
import { fleetSuggestions, type FleetUnit } from './transformer-advice.js';

/** Four 15-min buckets of a constant (or given) apparent power, kVA. */
const kva = (...s: number[]) => new Map(s.map((v, i) => [i * 900_000, v]));
/** SCB13 1 250 kVA dry (GB 20052-2024 表2 grade 3, class F): P0 1.67 kW, Pk 9.69 kW, I0 0.7 %, Uk 6 %. */
const scb13 = { ratedKva: 1250, p0Kw: 1.67, pkKw: 9.69, i0Pct: 0.7, ukPct: 6 };

/*
 * BY HAND (DOMAIN.md §5, GB/T 13462 zones, losses ΔP = P0 + β² Pk, 8 760 h a year, ¥0.60/kWh):
 * 2# SCB13 1 250 kVA at 225 kVA: β = 0.18. β_JZ² = (1.67 + 0.1 × 8.75) / (9.69 + 0.1 × 75) = 2.545 / 17.19
 *   = 0.148051; the optimal zone starts at 1.33 × 0.148051 = 0.196908 → 18 % < 19.69 %: light load.
 * 1# SCB13 1 250 kVA at 500 kVA (β 0.40). 2#'s load on 1#: 725 kVA, β' = 0.58 ≤ 0.75, peak 0.58 ≤ 1: fits.
 *   before = P0₂ + Pk β₂² + Pk β₁² = 1.67 + 9.69 × 0.0324 + 9.69 × 0.16 = 3.534356 kW
 *   after  = Pk β'² = 9.69 × 0.3364 = 3.259716 kW        saving 0.27464 kW × 8 760 = 2 405.8 → 2 406 kWh, × 0.6 → ¥1 444
 * T3 SCB13 800 kVA, 880 kVA in one bucket: β_max 1.10 → overloaded (too full to take 2#: 1 105 kVA > 800).
 * T4 1 000 kVA dry, P0 1.6 kW > 1.415 (表2 grade 3): below grade; grade 1 is 1.02 / 7.315 kW. At 500 kVA
 *   (β² 0.25): (1.6 − 1.02) + (8.0 − 7.315) × 0.25 = 0.75125 kW × 8 760 = 6 580.95 → 6 581 kWh, ¥3 949.
 *   (2# onto T4 would add 8.0 × (0.725² − 0.25) = 2.205 kW of load loss for 1.67 + 0.314 saved: not chosen.)
 */
const units: FleetUnit[] = [
  { id: 1, name: '1#', nameplate: scb13, insulation: 'dry', kva: kva(500, 500, 500, 500) },
  { id: 2, name: '2#', nameplate: scb13, insulation: 'dry', kva: kva(225, 225, 225, 225) },
  { id: 3, name: 'T3', nameplate: { ratedKva: 800, p0Kw: 1.21, pkKw: 6.96, i0Pct: 0.8, ukPct: 6 }, insulation: 'dry', kva: kva(880, 400, 400, 400) },
  { id: 4, name: 'T4', nameplate: { ratedKva: 1000, p0Kw: 1.6, pkKw: 8.0, i0Pct: 0.8, ukPct: 6 }, insulation: 'dry', kva: kva(500, 500, 500, 500) },
  { id: 5, name: 'no nameplate', nameplate: null, insulation: null, kva: kva(10) },
];

describe('fleet suggestions (DOMAIN §5): merge or disconnect a lightly loaded unit, overloaded, below grade — with the reason and the money a year', () => {
  const s = fleetSuggestions(units, { yuanPerKwh: 0.6 });
  it('2# at 18 % (below the optimal zone from 19.69 %): merge onto 1# (58 %), 2 406 kWh and ¥1 444 a year', () =>
    expect(s.get(2)).toEqual([{ kind: 'lightLoad', loadRateAvgPct: 18, thresholdPct: 19.69, into: { id: 1, name: '1#', loadRateAvgPct: 58, loadRateMaxPct: 58 }, saving: { kwhPerYear: 2406, yuanPerYear: 1444 } }]));
  it('1# at 40 % has nothing to change', () => expect(s.get(1)).toEqual([]));
  /*
   * T3 (800 kVA, Pk 6.96 kW) at 880 kVA in one of its four buckets: Δ = 80 kVA above the rating. Its own load loss falls by
   * 6.96 × (1.1² − 1) = 1.4616 kW there; each other unit takes the 80 kVA at a load-loss cost:
   *   1#: 9.69 × (0.464² − 0.4²) = 0.535818   2#: 9.69 × (0.244² − 0.18²) = 0.262948   T4: 8 × (0.58² − 0.5²) = 0.6912
   * 2# gains the most: (1.4616 − 0.262948) / 4 buckets = 0.299663 kW × 8 760 = 2 625.05 → 2 625 kWh, × 0.6 → ¥1 575; 2#'s peak then 305 / 1 250 = 24.4 %.
   */
  it('T3 peaks at 110 %: overloaded; moving the 80 kVA above its rating onto 2# saves 2 625 kWh, ¥1 575 a year', () =>
    expect(s.get(3)).toEqual([{ kind: 'overloaded', loadRateMaxPct: 110, into: { id: 2, name: '2#', loadRateMaxPct: 24.4 }, saving: { kwhPerYear: 2625, yuanPerYear: 1575 } }]));
  it('an overloaded unit no other can relieve (no room in the overloaded bucket): no transfer, no saving', () => {
    const full: FleetUnit = { id: 6, name: 'full', nameplate: scb13, insulation: 'dry', kva: kva(1200, 1200, 1200, 1200) };
    expect(fleetSuggestions([units[2] as FleetUnit, full], { yuanPerKwh: 0.6 }).get(3)).toEqual([{ kind: 'overloaded', loadRateMaxPct: 110, into: null, saving: null }]);
  });
  it('T4 fails grade 3 of GB 20052-2024: a grade-1 unit saves 6 581 kWh, ¥3 949 a year', () =>
    expect(s.get(4)).toEqual([{ kind: 'belowGrade', p0Kw: 1.6, pkKw: 8, gradeOne: { p0Kw: 1.02, pkKw: 7.315 }, saving: { kwhPerYear: 6581, yuanPerYear: 3949 } }]));
  it('a unit without a nameplate gets none; without a price the saving is energy only', () => {
    expect(s.get(5)).toEqual([]);
    const e = fleetSuggestions(units, { yuanPerKwh: null }).get(2)?.[0];
    expect(e).toMatchObject({ saving: { kwhPerYear: 2406, yuanPerYear: null } });
  });
  it('a lightly loaded unit alone (nothing can take its load): the suggestion without a merge or a saving', () =>
    expect(fleetSuggestions([units[1] as FleetUnit], { yuanPerKwh: 0.6 }).get(2)).toEqual([{ kind: 'lightLoad', loadRateAvgPct: 18, thresholdPct: 19.69, into: null, saving: null }]));
});
