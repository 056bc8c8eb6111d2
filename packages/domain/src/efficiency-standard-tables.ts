import type { BoilerGradeRow, ChillerGradeRow, CompressorCooling, CompressorDrive, CompressorGradeRow, GradeTriple } from './efficiency-standards.js';

/**
 * The published rows of GB 19577-2024 (chillers), GB 19153-2019 (air compressors) and
 * GB 24500-2020 (industrial boilers), as data. Sources and reading notes are in
 * DEFAULT_STANDARDS (efficiency-standards.ts).
 */

// ---------------------------------------------------------------------------------------------
// GB 19577-2024 表1 (IPLV) and 表2 (COPc), comfort-type chillers

export const GB19577_2024_ROWS: readonly ChillerGradeRow[] = [
  { condenser: 'water', overKw: 0, upToKw: 300, cop: [5.3, 5.1, 4.2], iplv: [6.0, 5.6, 5.2] },
  { condenser: 'water', overKw: 300, upToKw: 528, cop: [5.8, 5.6, 5.0], iplv: [7.8, 7.2, 5.7] },
  { condenser: 'water', overKw: 528, upToKw: 1163, cop: [6.2, 6.0, 5.4], iplv: [8.1, 7.5, 6.2] },
  { condenser: 'water', overKw: 1163, upToKw: null, cop: [6.4, 6.2, 5.6], iplv: [8.5, 8.1, 6.3] },
  { condenser: 'air', overKw: 50, upToKw: null, cop: [3.4, 3.2, 2.8], iplv: [4.3, 3.85, 3.3] },
];

// ---------------------------------------------------------------------------------------------
// GB 24500-2020 表1–表4

const COAL_CLASSES = [
  ['bituminous-II', [85, 82, 80], [86, 83, 81]],
  ['bituminous-III', [87, 84, 82], [89, 86, 84]],
  ['lean', [85, 82, 80], [86, 83, 81]],
  ['anthracite-II', [85, 82, 80], [86, 83, 81]],
  ['anthracite-III', [85, 82, 80], [86, 83, 81]],
  ['lignite', [85, 82, 80], [87, 84, 82]],
] as const;
const FLUIDIZED = [
  ['bituminous-I', [89, 85, 82]],
  ['bituminous-II', [90, 89, 86]],
  ['bituminous-III', [91, 90, 88]],
  ['lean', [90, 88, 86]],
  ['anthracite-II', [89, 88, 86]],
  ['anthracite-III', [90, 88, 86]],
  ['lignite', [91, 89, 86]],
] as const;

export const GB24500_2020_ROWS: readonly BoilerGradeRow[] = [
  // 表4 室燃锅炉
  { fuel: 'gas', variant: 'nonCondensing', overTph: 0, upToTph: null, efficiencyPct: [96, 94, 92] },
  { fuel: 'gas', variant: 'condensing', overTph: 0, upToTph: null, efficiencyPct: [103, 101, 98] },
  { fuel: 'oil', variant: 'standard', overTph: 0, upToTph: null, efficiencyPct: [95, 93, 90] },
  { fuel: 'coal', variant: 'standard', overTph: 0, upToTph: null, efficiencyPct: [92, 90, 88] },
  // 表1 层状燃烧 (≤ 20 t/h or 14 MW, above)
  ...COAL_CLASSES.flatMap(([cls, small, large]) => [
    { fuel: 'coal' as const, variant: `layered-${cls}` as const, overTph: 0, upToTph: 20, efficiencyPct: small },
    { fuel: 'coal' as const, variant: `layered-${cls}` as const, overTph: 20, upToTph: null, efficiencyPct: large },
  ]),
  // 表2 流化床燃烧
  ...FLUIDIZED.map(([cls, eff]) => ({ fuel: 'coal' as const, variant: `fluidized-${cls}` as const, overTph: 0, upToTph: null, efficiencyPct: eff })),
  // 表3 生物质 (≤ 10 t/h or 7 MW, above)
  { fuel: 'biomass', variant: 'standard', overTph: 0, upToTph: 10, efficiencyPct: [88, 84, 80] },
  { fuel: 'biomass', variant: 'standard', overTph: 10, upToTph: null, efficiencyPct: [91, 88, 86] },
];

// ---------------------------------------------------------------------------------------------
// GB 19153-2019 表1 (fixed speed) and 表2 (variable speed), oil-injected rotary

/** The discharge-pressure columns, MPa; a column covers the pressures above the previous one (the first from 0.25 MPa, the scope's lower end). */
const PRESSURES = [0.3, 0.5, 0.7, 0.8, 1.0, 1.25] as const;
const PRESSURE_FLOOR = 0.25;
type Cells = readonly [number | null, number | null, number | null, number | null, number | null, number | null];
/** rated motor kW, then the specific power of grade 1, 2 and 3 per pressure column (null: '—' in the standard) */
type PowerRow = readonly [number, Cells, Cells, Cells];

function expand(drive: CompressorDrive, cooling: CompressorCooling, ratings: readonly number[], rows: readonly PowerRow[]): CompressorGradeRow[] {
  const out: CompressorGradeRow[] = [];
  for (const [kw, g1, g2, g3] of rows) {
    const at = ratings.indexOf(kw);
    const overKw = at > 0 ? (ratings[at - 1] as number) : 0;
    PRESSURES.forEach((mpa, k) => {
      const a = g1[k];
      const b = g2[k];
      const c = g3[k];
      if (a == null || b == null || c == null) return;
      out.push({ drive, cooling, overKw, upToKw: kw, overMPa: k > 0 ? (PRESSURES[k - 1] as number) : PRESSURE_FLOOR, upToMPa: mpa, specificPower: [a, b, c] as GradeTriple });
    });
  }
  return out;
}

const FIXED_RATINGS = [1.5, 2.2, 3, 4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75, 90, 110, 132, 160, 200, 250, 315, 355, 400, 450, 500, 560, 630] as const;
const VSD_RATINGS = [2.2, 3, 4, 5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75, 90, 110, 132, 160, 200, 250, 315] as const;

// 表1, air-cooled
const FIXED_AIR: readonly PowerRow[] = [
  [1.5, [5.8, 7.1, 8.8, 9.6, 11.0, 12.5], [6.5, 7.8, 9.7, 10.6, 12.2, 13.8], [7.4, 8.9, 11.0, 12.0, 13.8, 15.8]],
  [2.2, [5.6, 6.8, 8.4, 9.2, 10.5, 11.8], [6.2, 7.5, 9.3, 10.1, 11.6, 13.1], [7.0, 8.5, 10.5, 11.5, 13.2, 15.0]],
  [3, [5.4, 6.5, 8.1, 8.8, 10.0, 11.2], [5.9, 7.2, 8.9, 9.7, 11.1, 12.5], [6.7, 8.2, 10.0, 11.0, 12.6, 14.3]],
  [4, [5.2, 6.2, 7.8, 8.4, 9.6, 10.7], [5.7, 6.9, 8.5, 9.3, 10.6, 12.0], [6.4, 7.9, 9.6, 10.6, 12.0, 13.7]],
  [5.5, [5.0, 6.0, 7.5, 8.1, 9.2, 10.3], [5.5, 6.7, 8.2, 9.0, 10.2, 11.5], [6.1, 7.6, 9.2, 10.2, 11.5, 13.1]],
];
// 表1, liquid-cooled
const FIXED_LIQUID: readonly PowerRow[] = [];
// 表2, air-cooled
const VSD_AIR: readonly PowerRow[] = [
  [15, [4.8, 5.8, 7.2, 7.7, 8.8, 9.8], [5.2, 6.3, 7.8, 8.5, 9.6, 10.9], [5.7, 7.1, 8.7, 9.7, 10.8, 12.5]],
];
// 表2, liquid-cooled
const VSD_LIQUID: readonly PowerRow[] = [];

export const GB19153_2019_ROWS: readonly CompressorGradeRow[] = [
  ...expand('fixed', 'air', FIXED_RATINGS, FIXED_AIR),
  ...expand('fixed', 'liquid', FIXED_RATINGS, FIXED_LIQUID),
  ...expand('vsd', 'air', VSD_RATINGS, VSD_AIR),
  ...expand('vsd', 'liquid', VSD_RATINGS, VSD_LIQUID),
];
