/**
 * Water and steam enthalpy after IAPWS-IF97 (IAPWS R7-97(2012), "Revised Release on the IAPWS
 * Industrial Formulation 1997 for the Thermodynamic Properties of Water and Steam"): region 1
 * (liquid: feed water, blowdown), region 2 (vapour: saturated and superheated steam) and the
 * saturation line of region 4. The equations are the Release's own (its tables 2, 10, 11 and 34
 * of coefficients), not a table with interpolation, so every point between the published table
 * entries is as good as the entries. Valid here for 0.000611 ≤ p ≤ 16.5 MPa and 0 ≤ t ≤ 800 °C:
 * industrial boilers below 3.8 MPa (GB/T 10180) are well inside. Pressures are ABSOLUTE, MPa;
 * temperatures °C; enthalpies kJ/kg.
 */

const R = 0.461526; // kJ/(kg·K), specific gas constant of water in IF97
const K0 = 273.15;

/** Standard atmosphere, MPa: gauge + this = absolute. */
export const ATMOSPHERE_MPA = 0.101325;

// Region 1 (IF97 table 2): I, J, n
const R1_I = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 8, 8, 21, 23, 29, 30, 31, 32];
const R1_J = [-2, -1, 0, 1, 2, 3, 4, 5, -9, -7, -1, 0, 1, 3, -3, 0, 1, 3, 17, -4, 0, 6, -5, -2, 10, -8, -11, -6, -29, -31, -38, -39, -40, -41];
const R1_N = [
  0.14632971213167, -0.84548187169114, -0.3756360367204e1, 0.33855169168385e1, -0.95791963387872, 0.15772038513228, -0.16616417199501e-1, 0.81214629983568e-3,
  0.28319080123804e-3, -0.60706301565874e-3, -0.18990068218419e-1, -0.32529748770505e-1, -0.21841717175414e-1, -0.5283835796993e-4, -0.47184321073267e-3,
  -0.30001780793026e-3, 0.47661393906987e-4, -0.44141845330846e-5, -0.72694996297594e-15, -0.31679644845054e-4, -0.28270797985312e-5, -0.85205128120103e-9,
  -0.22425281908e-5, -0.65171222895601e-6, -0.14341729937924e-12, -0.40516996860117e-6, -0.12734301741641e-8, -0.17424871230634e-9, -0.68762131295531e-18,
  0.14478307828521e-19, 0.26335781662795e-22, -0.11947622640071e-22, 0.18228094581404e-23, -0.93537087292458e-25,
];

// Region 2, ideal-gas part (IF97 table 10): J°, n°
const R2_J0 = [0, 1, -5, -4, -3, -2, -1, 2, 3];
const R2_N0 = [-0.96927686500217e1, 0.10086655968018e2, -0.5608791128302e-2, 0.71452738081455e-1, -0.40710498223928, 0.14240819171444e1, -0.4383951131945e1, -0.28408632460772, 0.21268463753307e-1];
// Region 2, residual part (IF97 table 11): I, J, n
const R2_I = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10, 10, 10, 16, 16, 18, 20, 20, 20, 21, 22, 23, 24, 24, 24];
const R2_J = [0, 1, 2, 3, 6, 1, 2, 4, 7, 36, 0, 1, 3, 6, 35, 1, 2, 3, 7, 3, 16, 35, 0, 11, 25, 8, 36, 13, 4, 10, 14, 29, 50, 57, 20, 35, 48, 21, 53, 39, 26, 40, 58];
const R2_N = [
  -0.17731742473213e-2, -0.17834862292358e-1, -0.45996013696365e-1, -0.57581259083432e-1, -0.5032527872793e-1, -0.33032641670203e-4, -0.18948987516315e-3,
  -0.39392777243355e-2, -0.43797295650573e-1, -0.26674547914087e-4, 0.20481737692309e-7, 0.43870667284435e-6, -0.3227767723857e-4, -0.15033924542148e-2,
  -0.40668253562649e-1, -0.78847309559367e-9, 0.12790717852285e-7, 0.48225372718507e-6, 0.22922076337661e-5, -0.16714766451061e-10, -0.21171472321355e-2,
  -0.23895741934104e2, -0.5905956432427e-17, -0.12621808899101e-5, -0.38946842435739e-1, 0.11256211360459e-10, -0.82311340897998e1, 0.19809712802088e-7,
  0.10406965210174e-18, -0.10234747095929e-12, -0.10018179379511e-8, -0.80882908646985e-10, 0.10693031879409, -0.33662250574171, 0.89185845355421e-24,
  0.30629316876232e-12, -0.42002467698208e-5, -0.59056029685639e-25, 0.37826947613457e-5, -0.12768608934681e-14, 0.73087610595061e-28, 0.55414715350778e-16,
  -0.9436970724121e-6,
];

// Region 4, saturation line (IF97 table 34)
const R4 = [0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.12020824702470e5, -0.32325550322333e7, 0.1491510861353e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3] as const;
const [n1, n2, n3, n4, n5, n6, n7, n8, n9, n10] = R4;

const P_MIN = 0.000611212677;
/** Upper pressure of regions 1/2 used here, MPa (the 623.15 K saturation pressure, boundary to region 3). */
export const STEAM_MAX_PRESSURE_MPA = 16.529;

function checkP(p: number): void {
  if (!(p >= P_MIN && p <= STEAM_MAX_PRESSURE_MPA)) throw new RangeError(`pressure ${p} MPa (absolute) outside ${P_MIN}–${STEAM_MAX_PRESSURE_MPA} MPa`);
}

/** Saturation temperature, °C, at absolute pressure p (MPa): IF97 eq. 31. */
export function saturationTemperatureC(pMpa: number): number {
  checkP(pMpa);
  const beta = Math.pow(pMpa, 0.25);
  const e = beta * beta + n3 * beta + n6;
  const f = n1 * beta * beta + n4 * beta + n7;
  const g = n2 * beta * beta + n5 * beta + n8;
  const d = (2 * g) / (-f - Math.sqrt(f * f - 4 * e * g));
  return (n10 + d - Math.sqrt((n10 + d) ** 2 - 4 * (n9 + n10 * d))) / 2 - K0;
}

/** Saturation pressure, MPa absolute, at t °C (0–350 °C): IF97 eq. 30. */
export function saturationPressureMpa(tC: number): number {
  const t = tC + K0;
  if (!(t >= 273.15 && t <= 623.15)) throw new RangeError(`temperature ${tC} °C outside 0–350 °C`);
  const v = t + n9 / (t - n10);
  const a = v * v + n1 * v + n2;
  const b = n3 * v * v + n4 * v + n5;
  const c = n6 * v * v + n7 * v + n8;
  return Math.pow((2 * c) / (-b + Math.sqrt(b * b - 4 * a * c)), 4);
}

/** Region 1 enthalpy h = R·T·τ·γ_τ, τ = 1386 K / T, π = p / 16.53 MPa (IF97 eq. 7, table 4). */
function h1(pMpa: number, tK: number): number {
  const tau = 1386 / tK;
  const pi = pMpa / 16.53;
  let g = 0;
  for (let i = 0; i < R1_N.length; i++) {
    const I = R1_I[i] as number;
    const J = R1_J[i] as number;
    g += (R1_N[i] as number) * Math.pow(7.1 - pi, I) * J * Math.pow(tau - 1.222, J - 1);
  }
  return R * tK * tau * g;
}

/** Region 2 enthalpy h = R·T·τ·(γ°_τ + γʳ_τ), τ = 540 K / T, π = p / 1 MPa (IF97 eqs. 15–17, table 12). */
function h2(pMpa: number, tK: number): number {
  const tau = 540 / tK;
  let g0 = 0;
  for (let i = 0; i < R2_N0.length; i++) {
    const J = R2_J0[i] as number;
    g0 += (R2_N0[i] as number) * J * Math.pow(tau, J - 1);
  }
  let gr = 0;
  for (let i = 0; i < R2_N.length; i++) {
    const J = R2_J[i] as number;
    gr += (R2_N[i] as number) * Math.pow(pMpa, R2_I[i] as number) * J * Math.pow(tau - 0.5, J - 1);
  }
  return R * tK * tau * (g0 + gr);
}

/**
 * Enthalpy of liquid water (feed water, condensate), kJ/kg, at t °C and absolute pressure p MPa
 * (IF97 region 1; default 1 atm). The liquid must not boil: t ≤ t_sat(p) (a feed-water pump
 * delivers at boiler pressure, so pass that when the water is hotter than 100 °C).
 */
export function waterEnthalpyKjPerKg(tC: number, pMpa: number = ATMOSPHERE_MPA): number {
  checkP(pMpa);
  if (!(tC >= 0 && tC <= saturationTemperatureC(pMpa) + 1e-9)) throw new RangeError(`water at ${tC} °C boils at ${pMpa} MPa`);
  return h1(pMpa, tC + K0);
}

/** Enthalpy of saturated liquid h′ at absolute pressure p (IF97 region 1 on the saturation line): the boiler water blown down. */
export function saturatedLiquidEnthalpyKjPerKg(pMpa: number): number {
  return h1(pMpa, saturationTemperatureC(pMpa) + K0);
}

/** Enthalpy of dry saturated steam h″ at absolute pressure p (IF97 region 2 on the saturation line). */
export function saturatedSteamEnthalpyKjPerKg(pMpa: number): number {
  return h2(pMpa, saturationTemperatureC(pMpa) + K0);
}

/**
 * Enthalpy of steam, kJ/kg, at absolute pressure p MPa: superheated at t °C (IF97 region 2) when t
 * is above saturation by more than `superheatTolC`; else dry saturated steam h″ (a saturated-steam
 * boiler's thermometer reads t_sat ± its error). Without a temperature: saturated.
 */
export function steamEnthalpyKjPerKg(pMpa: number, tC?: number | null, superheatTolC = 1): number {
  const ts = saturationTemperatureC(pMpa);
  if (tC === undefined || tC === null || tC <= ts + superheatTolC) return h2(pMpa, ts + K0);
  if (tC > 800) throw new RangeError(`steam at ${tC} °C above 800 °C`);
  return h2(pMpa, tC + K0);
}

/** Absolute pressure, MPa, of a gauge reading (MPa) at standard atmosphere. */
export function absolutePressureMpa(gaugeMpa: number): number {
  return gaugeMpa + ATMOSPHERE_MPA;
}
