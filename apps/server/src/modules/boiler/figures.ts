import type { BoilerFigures, BoilerItem } from '@ems/contract';
import {
  absolutePressureMpa,
  directEfficiencyPct,
  excessAirRatio,
  fuelCostPerSteamT,
  gasTce,
  exhaustLossPct,
  periodRadiationLossPct,
  unburntGasLossPct,
  kgcePerSteamT,
  naturalGasCombustion,
  saturatedLiquidEnthalpyKjPerKg,
  saturationTemperatureC,
  steamEnthalpyKjPerKg,
  steamToGasRatio,
  waterEnthalpyKjPerKg,
} from '@ems/domain';

/** The steam-weighted means of a bucket's instruments (null: no sample while the burner ran). */
export interface InstantMeans {
  pressureMpa: number | null;
  steamTempC: number | null;
  feedWaterC: number | null;
  flueTempC: number | null;
  o2Pct: number | null;
  coPpm: number | null;
  airTempC: number | null;
}

/** What the figures of a bucket are made of: its counters, instrument means and hours. */
export interface BucketInput {
  steamT: number | null;
  gasM3: number | null;
  means: InstantMeans;
  /** hours the steam meter counted in the bucket (rollup intervals ÷ 4): the load's denominator */
  hours: number;
  /** the steam-flow samples' Σ min(1, L / L_min) and Σ L (q5 of the period); null: none */
  loadShape: { hot: number; load: number } | null;
}

const r = (v: number | null | undefined, d = 4): number | null => (v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 10 ** d) / 10 ** d);

/** Useful heat per kg of steam, kJ/kg: (h_s − h_fw) + bd·(h_bd − h_fw); null without pressure or feed water. */
function usefulKjPerKg(m: InstantMeans, blowdownPct: number): { hs: number; hfw: number; hbd: number } | null {
  if (m.pressureMpa === null || m.feedWaterC === null) return null;
  const p = absolutePressureMpa(m.pressureMpa);
  try {
    const hfw = waterEnthalpyKjPerKg(Math.min(m.feedWaterC, saturationTemperatureC(p)), p);
    return { hs: steamEnthalpyKjPerKg(p, m.steamTempC), hfw, hbd: blowdownPct > 0 ? saturatedLiquidEnthalpyKjPerKg(p) : hfw };
  } catch {
    return null;
  }
}

/**
 * The figures of one bucket (DOMAIN §8, GB/T 10180): direct η from the counters and the IF97
 * enthalpies of the means, the heat losses from the flue gas, the ratios per t of steam. `fuelHeatKj`
 * and `usefulKj` are returned for the totals (Σ over buckets).
 */
export function bucketFigures(b: BoilerItem, x: BucketInput): { figures: BoilerFigures; usefulKj: number | null; fuelHeatKj: number | null } {
  const lhvKj = (b.fuelLhvMjPerM3 ?? 0) * 1000;
  const bd = b.blowdownPct ?? 0;
  const m = x.means;
  const h = usefulKjPerKg(m, bd);
  const blowdownT = x.steamT === null ? 0 : (x.steamT * bd) / 100;
  const direct = h ? directEfficiencyPct({ steamT: x.steamT, steamEnthalpyKjPerKg: h.hs, feedWaterEnthalpyKjPerKg: h.hfw, blowdownT, blowdownEnthalpyKjPerKg: h.hbd, fuel: x.gasM3, lhvKjPerUnit: lhvKj }) : null;
  const usefulKj = h && x.steamT !== null ? (x.steamT * (h.hs - h.hfw) + blowdownT * (h.hbd - h.hfw)) * 1000 : null;
  const load = b.ratedTph && x.steamT !== null && x.hours > 0 ? x.steamT / (b.ratedTph * x.hours) : null;
  let losses: BoilerFigures['losses'] = { q2: null, q3: null, q4: null, q5: null, q6: null, unaccounted: null };
  let indirect: number | null = null;
  const q5 = b.q5RatedPct !== null && x.loadShape ? periodRadiationLossPct(b.q5RatedPct, x.loadShape.hot, x.loadShape.load) : null;
  if (b.fuel === 'gas' && lhvKj > 0 && m.flueTempC !== null && m.o2Pct !== null && m.airTempC !== null && m.o2Pct < 21 && q5 !== null) {
    const c = naturalGasCombustion(lhvKj);
    const q2 = exhaustLossPct(c, m.flueTempC, m.o2Pct, m.airTempC);
    const q3 = unburntGasLossPct(c, m.o2Pct, m.coPpm ?? 0);
    indirect = 100 - q2 - q3 - q5;
    losses = { q2, q3, q4: 0, q5, q6: 0, unaccounted: direct === null ? null : indirect - direct };
  }
  const gas = x.gasM3;
  const tce = gas !== null && lhvKj > 0 ? gasTce(gas, lhvKj) : null;
  const cost = gas !== null && b.fuelPriceYuanPerM3 !== null ? gas * b.fuelPriceYuanPerM3 : null;
  return {
    usefulKj,
    fuelHeatKj: gas !== null && lhvKj > 0 ? gas * lhvKj : null,
    figures: {
      steamT: r(x.steamT),
      gasM3: r(gas, 3),
      usefulHeatGj: r(usefulKj === null ? null : usefulKj / 1e6),
      directEfficiencyPct: r(direct, 3),
      indirectEfficiencyPct: r(indirect, 3),
      losses: { q2: r(losses.q2, 3), q3: r(losses.q3, 4), q4: r(losses.q4), q5: r(losses.q5, 3), q6: r(losses.q6), unaccounted: r(losses.unaccounted, 3) },
      loadPct: r(load === null ? null : load * 100, 2),
      pressureMpa: r(m.pressureMpa, 4),
      steamTempC: r(m.steamTempC, 2),
      feedWaterC: r(m.feedWaterC, 2),
      flueTempC: r(m.flueTempC, 2),
      o2Pct: r(m.o2Pct, 3),
      excessAir: r(m.o2Pct !== null && m.o2Pct < 21 ? excessAirRatio(m.o2Pct) : null, 4),
      coPpm: r(m.coPpm, 1),
      airTempC: r(m.airTempC, 2),
      steamPerGas: r(steamToGasRatio(x.steamT, gas), 3),
      kgcePerSteamT: r(lhvKj > 0 ? kgcePerSteamT(gas, x.steamT, lhvKj) : null, 3),
      tce: r(tce, 4),
      fuelCostYuan: r(cost, 2),
      fuelCostYuanPerSteamT: r(fuelCostPerSteamT(gas, x.steamT, b.fuelPriceYuanPerM3), 2),
    },
  };
}

/** Σ of nullable numbers (null when all are null). */
const sum = (xs: readonly (number | null)[]): number | null => xs.reduce<number | null>((a, v) => (v === null ? a : (a ?? 0) + v), null);

/**
 * The whole range: Σ steam and gas; the means weighted as the buckets' own (steam for the
 * instruments, fuel heat for the losses); direct η = Σ useful heat ÷ Σ fuel heat.
 */
export function totalFigures(b: BoilerItem, buckets: readonly { input: BucketInput; out: ReturnType<typeof bucketFigures> }[]): BoilerFigures {
  const steamT = sum(buckets.map((x) => x.input.steamT));
  const gasM3 = sum(buckets.map((x) => x.input.gasM3));
  const hours = buckets.reduce((a, x) => a + x.input.hours, 0);
  const wMean = (pick: (m: InstantMeans) => number | null) => {
    let s = 0;
    let w = 0;
    for (const x of buckets) {
      const v = pick(x.input.means);
      const wt = x.input.steamT ?? 0;
      if (v === null || wt <= 0) continue;
      s += v * wt;
      w += wt;
    }
    return w > 0 ? s / w : null;
  };
  const means: InstantMeans = {
    pressureMpa: wMean((m) => m.pressureMpa),
    steamTempC: wMean((m) => m.steamTempC),
    feedWaterC: wMean((m) => m.feedWaterC),
    flueTempC: wMean((m) => m.flueTempC),
    o2Pct: wMean((m) => m.o2Pct),
    coPpm: wMean((m) => m.coPpm),
    airTempC: wMean((m) => m.airTempC),
  };
  const whole = bucketFigures(b, { steamT, gasM3, means, hours, loadShape: null });
  const useful = sum(buckets.map((x) => (x.out.fuelHeatKj === null ? null : x.out.usefulKj)));
  const fuel = sum(buckets.map((x) => (x.out.usefulKj === null ? null : x.out.fuelHeatKj)));
  const direct = useful !== null && fuel !== null && fuel > 0 ? (useful / fuel) * 100 : null;
  const lossMean = (k: 'q2' | 'q3' | 'q5') => {
    let s = 0;
    let w = 0;
    for (const x of buckets) {
      const v = x.out.figures.losses[k];
      const wt = x.out.fuelHeatKj ?? 0;
      if (v === null || wt <= 0) continue;
      s += v * wt;
      w += wt;
    }
    return w > 0 ? s / w : null;
  };
  const q2 = lossMean('q2');
  const q3 = lossMean('q3');
  const q5 = lossMean('q5');
  const indirect = q2 !== null && q3 !== null && q5 !== null ? 100 - q2 - q3 - q5 : null;
  return {
    ...whole.figures,
    usefulHeatGj: r(useful === null ? null : useful / 1e6),
    directEfficiencyPct: r(direct, 3),
    indirectEfficiencyPct: r(indirect, 3),
    losses: { q2: r(q2, 3), q3: r(q3, 4), q4: q2 === null ? null : 0, q5: r(q5, 3), q6: q2 === null ? null : 0, unaccounted: r(indirect !== null && direct !== null ? indirect - direct : null, 3) },
  };
}
