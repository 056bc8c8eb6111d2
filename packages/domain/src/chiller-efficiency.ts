/**
 * Chiller-plant efficiency (DOMAIN.md §6): cooling load from chilled-water flow and ΔT, COP, kW/RT,
 * the plant's system EER, part-load ratio, the COP-vs-PLR curve fitted by least squares and the
 * IPLV of GB/T 18430.1 weighed from that curve.
 */

/** ρ·c_p of water / 3600: kW per (m³/h · K) (ρ 1000 kg/m³, c_p 4.1868 kJ/(kg·K)). */
export const WATER_KW_PER_M3H_K = 1.163;
/** kW of cooling in one refrigeration ton (RT, 12 000 Btu/h). */
export const KW_PER_RT = 3.517;

/**
 * Cooling load Q_c (kW) = ρ c_p V ΔT / 3600 ≈ 1.163 × V(m³/h) × (T_return − T_supply).
 * A negative ΔT (return colder than supply: no load, or swapped sensors) gives 0.
 */
export function coolingLoadKw(flowM3h: number, supplyC: number, returnC: number): number {
  return Math.max(0, WATER_KW_PER_M3H_K * flowM3h * (returnC - supplyC));
}

/** Coefficient of performance: cooling ÷ electricity (same unit, kWh/kWh or kW/kW); null without electricity. */
export function copOf(cooling: number, electricity: number): number | null {
  return electricity > 0 && cooling >= 0 ? cooling / electricity : null;
}

/** kW per refrigeration ton = 3.517 / COP; null for a COP that is null or not positive. */
export function kwPerRt(c: number | null): number | null {
  return c !== null && c > 0 ? KW_PER_RT / c : null;
}

/** Electricity of the plant's parts over a period (kWh, or kW for instants). */
export interface PlantElectricity {
  chillers: number;
  chwPumps: number;
  cwPumps: number;
  towers: number;
}

/** Σ of the plant's electricity. */
export function plantElectricity(e: PlantElectricity): number {
  return e.chillers + e.chwPumps + e.cwPumps + e.towers;
}

/** System EER = Q_c / (ΣP_chillers + ΣP_CHWP + ΣP_CWP + ΣP_towers) ("wire to water"); null without electricity. */
export function systemEer(cooling: number, e: PlantElectricity): number | null {
  return copOf(cooling, plantElectricity(e));
}

/**
 * Part-load ratio PLR = Q_c / Q_rated of a chiller over the time it ran: cooling kWh ÷ (rated kW ×
 * running hours). Null without a rating or running time.
 */
export function partLoadRatio(coolingKwh: number, ratedCoolingKw: number, runHours = 1): number | null {
  return ratedCoolingKw > 0 && runHours > 0 ? coolingKwh / (ratedCoolingKw * runHours) : null;
}

/** y = a + b·x + c·x² fitted by least squares. */
export interface QuadraticFit {
  a: number;
  b: number;
  c: number;
  /** number of points */
  n: number;
  /** coefficient of determination */
  r2: number;
  /** range of x the fit saw */
  xMin: number;
  xMax: number;
}

/** Value of a fitted quadratic at x. */
export function evalQuadratic(f: Pick<QuadraticFit, 'a' | 'b' | 'c'>, x: number): number {
  return f.a + f.b * x + f.c * x * x;
}

/**
 * Ordinary least squares of y = a + b·x + c·x² (the normal equations, solved by Cramer's rule on
 * x centred at its mean for conditioning). Null with fewer than 3 points or fewer than 3 distinct x
 * (a parabola is not determined).
 */
export function fitQuadratic(points: readonly { x: number; y: number }[]): QuadraticFit | null {
  const pts = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const n = pts.length;
  if (n < 3 || new Set(pts.map((p) => p.x)).size < 3) return null;
  let mx = 0;
  for (const p of pts) mx += p.x;
  mx /= n;
  let s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0, my = 0;
  for (const p of pts) {
    const u = p.x - mx;
    const u2 = u * u;
    s1 += u;
    s2 += u2;
    s3 += u2 * u;
    s4 += u2 * u2;
    t0 += p.y;
    t1 += u * p.y;
    t2 += u2 * p.y;
    my += p.y;
  }
  my /= n;
  const det3 = (m: readonly number[]) =>
    (m[0] as number) * ((m[4] as number) * (m[8] as number) - (m[5] as number) * (m[7] as number)) -
    (m[1] as number) * ((m[3] as number) * (m[8] as number) - (m[5] as number) * (m[6] as number)) +
    (m[2] as number) * ((m[3] as number) * (m[7] as number) - (m[4] as number) * (m[6] as number));
  const d = det3([n, s1, s2, s1, s2, s3, s2, s3, s4]);
  if (Math.abs(d) < 1e-12 * Math.max(1, n * s2 * s4)) return null;
  const a0 = det3([t0, s1, s2, t1, s2, s3, t2, s3, s4]) / d;
  const b0 = det3([n, t0, s2, s1, t1, s3, s2, t2, s4]) / d;
  const c0 = det3([n, s1, t0, s1, s2, t1, s2, s3, t2]) / d;
  // back from u = x − mx to x
  const a = a0 - b0 * mx + c0 * mx * mx;
  const b = b0 - 2 * c0 * mx;
  const c = c0;
  let ssRes = 0, ssTot = 0;
  for (const p of pts) {
    const e = p.y - evalQuadratic({ a, b, c }, p.x);
    ssRes += e * e;
    ssTot += (p.y - my) * (p.y - my);
  }
  const xs = pts.map((p) => p.x);
  return { a, b, c, n, r2: ssTot > 0 ? 1 - ssRes / ssTot : 1, xMin: Math.min(...xs), xMax: Math.max(...xs) };
}

/** IPLV weights at 100/75/50/25 % load, GB/T 18430.1 (water-cooled chillers). */
export const IPLV_WEIGHTS = { a: 0.012, b: 0.328, c: 0.397, d: 0.263 } as const;

/** IPLV = 0.012·A + 0.328·B + 0.397·C + 0.263·D, A…D the COP at 100, 75, 50 and 25 % load (GB/T 18430.1). */
export function iplv(copAt100: number, copAt75: number, copAt50: number, copAt25: number): number {
  return IPLV_WEIGHTS.a * copAt100 + IPLV_WEIGHTS.b * copAt75 + IPLV_WEIGHTS.c * copAt50 + IPLV_WEIGHTS.d * copAt25;
}

/** How far (in PLR) a fitted curve is read beyond the loads it saw. */
export const CURVE_REACH = { below: 0.1, above: 0.2 } as const;

/**
 * COP of the fitted curve at full load (PLR 1), what GB 19577 grades. A plant sequenced to start the
 * next chiller before the running ones reach full load rarely shows PLR 1: the curve is read up to
 * CURVE_REACH.above beyond the highest PLR seen; further, null.
 */
export function copAtFullLoad(f: QuadraticFit): number | null {
  if (f.xMax < 1 - CURVE_REACH.above) return null;
  const v = evalQuadratic(f, 1);
  return v > 0 ? v : null;
}

/**
 * IPLV from a fitted COP(PLR) curve. The 25 % and 100 % points are read from the curve at most
 * CURVE_REACH beyond the loads seen (lowest PLR ≤ 0.35, highest ≥ 0.8); otherwise IPLV is null (the
 * fit says nothing there).
 */
export function iplvOfCurve(f: QuadraticFit): number | null {
  if (f.xMin > 0.25 + CURVE_REACH.below || f.xMax < 1 - CURVE_REACH.above) return null;
  const at = (x: number) => evalQuadratic(f, x);
  const v = [at(1), at(0.75), at(0.5), at(0.25)];
  if (v.some((x) => !(x > 0))) return null;
  return iplv(v[0] as number, v[1] as number, v[2] as number, v[3] as number);
}

/** Shares (0..1) of the plant's electricity by part; all 0 when there is none. */
export function plantEnergySplit(e: PlantElectricity): PlantElectricity {
  const total = plantElectricity(e);
  if (!(total > 0)) return { chillers: 0, chwPumps: 0, cwPumps: 0, towers: 0 };
  return { chillers: e.chillers / total, chwPumps: e.chwPumps / total, cwPumps: e.cwPumps / total, towers: e.towers / total };
}
