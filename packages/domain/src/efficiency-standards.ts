import { efficiencyGrade, gradeRow, type GradeRow, type Insulation, type TransformerNameplate, type TransformerVariant } from './transformer.js';
import { GB20052_2024_GRADE_TABLE } from './transformer-grades.js';
import { GB19153_2019_ROWS, GB19577_2024_ROWS, GB24500_2020_ROWS } from './efficiency-standard-tables.js';

/**
 * Energy-efficiency grade standards as data (DOMAIN.md §5–§8): each equipment kind has an edition
 * (code, title, effective date, source note and rows) and pure lookups that take the edition as an
 * argument, so an administrator's edited table grades exactly like the published one.
 *
 * - transformers: GB 20052-2024 (maximum P0 and Pk per rating and variant; transformer.ts);
 * - chillers: GB 19577-2024 (minimum COP and IPLV per condenser type and cooling-capacity band);
 * - air compressors: GB 19153-2019 (maximum specific power per drive, cooling, motor-power band and
 *   discharge-pressure band);
 * - industrial boilers: GB 24500-2020 (minimum thermal efficiency per fuel, variant and capacity band).
 *
 * Grade 1 is the best, grade 3 the minimum allowed (能效限定值); `below` fails grade 3; `unrated`
 * when the table has no row for the unit or nothing was measured.
 */

export type Grade = 1 | 2 | 3 | 'below' | 'unrated';
export type EquipmentKind = 'transformer' | 'chiller' | 'compressor' | 'boiler';
export const EQUIPMENT_KINDS: readonly EquipmentKind[] = ['transformer', 'chiller', 'compressor', 'boiler'];

/** One edition of a grade table. */
export interface StandardEdition<Row> {
  /** e.g. 'GB 19577-2024' */
  code: string;
  /** the standard's title (as published, Chinese) */
  title: string;
  /** the day it came into force, YYYY-MM-DD */
  effectiveDate: string;
  /** where the rows come from and how to read them */
  note: string;
  rows: readonly Row[];
}

/** Limits of grades 1, 2 and 3, in that order. */
export type GradeTriple = readonly [number, number, number];

// ---------------------------------------------------------------------------------------------
// Chillers, GB 19577-2024

export type ChillerCondenser = 'water' | 'air';

/**
 * Minimum COP (表2, 制冷性能系数 COPc) and IPLV (表1, 综合部分负荷性能系数) of grades 1–3 for
 * rated cooling capacities CC with overKw < CC ≤ upToKw (upToKw null: no upper bound), W/W.
 */
export interface ChillerGradeRow {
  condenser: ChillerCondenser;
  overKw: number;
  upToKw: number | null;
  cop: GradeTriple;
  iplv: GradeTriple;
}

export interface ChillerUnit {
  condenser: ChillerCondenser;
  ratedCoolingKw: number;
}

const inBand = (x: number, over: number, upTo: number | null): boolean => x > over && (upTo === null || x <= upTo);

export function chillerGradeRow(ed: StandardEdition<ChillerGradeRow>, unit: ChillerUnit): ChillerGradeRow | undefined {
  if (!(unit.ratedCoolingKw > 0)) return undefined;
  return ed.rows.find((r) => r.condenser === unit.condenser && inBand(unit.ratedCoolingKw, r.overKw, r.upToKw));
}

/** The minimum COP and IPLV of each grade for a unit; null when the table has no row for it. */
export function chillerGradeLimits(ed: StandardEdition<ChillerGradeRow>, unit: ChillerUnit): { grade: 1 | 2 | 3; cop: number; iplv: number }[] | null {
  const r = chillerGradeRow(ed, unit);
  if (!r) return null;
  return ([0, 1, 2] as const).map((g) => ({ grade: (g + 1) as 1 | 2 | 3, cop: r.cop[g], iplv: r.iplv[g] }));
}

const bestAtLeast = (value: number, limits: GradeTriple): 1 | 2 | 3 | null => {
  for (let g = 0; g < 3; g++) if (value >= (limits[g] as number) - 1e-9) return (g + 1) as 1 | 2 | 3;
  return null;
};

/**
 * Chiller grade (GB 19577-2024 §4.2): the standard grades a unit either on IPLV (表1) with its COP
 * at least the grade-3 COP, or on COP (表2) with its IPLV at least the grade-3 IPLV. With both
 * measured the unit gets the better of the two; with one, that one alone (the other's floor is not
 * checked). `below` when neither reaches grade 3 (or a floor fails); `unrated` without a row or a
 * measurement.
 */
export function chillerGrade(ed: StandardEdition<ChillerGradeRow>, unit: ChillerUnit, measured: { cop: number | null; iplv: number | null }): Grade {
  const r = chillerGradeRow(ed, unit);
  if (!r) return 'unrated';
  const cop = measured.cop !== null && Number.isFinite(measured.cop) ? measured.cop : null;
  const iplv = measured.iplv !== null && Number.isFinite(measured.iplv) ? measured.iplv : null;
  if (cop === null && iplv === null) return 'unrated';
  const candidates: (1 | 2 | 3)[] = [];
  if (iplv !== null && (cop === null || cop >= r.cop[2] - 1e-9)) {
    const g = bestAtLeast(iplv, r.iplv);
    if (g !== null) candidates.push(g);
  }
  if (cop !== null && (iplv === null || iplv >= r.iplv[2] - 1e-9)) {
    const g = bestAtLeast(cop, r.cop);
    if (g !== null) candidates.push(g);
  }
  return candidates.length ? (Math.min(...candidates) as 1 | 2 | 3) : 'below';
}

// ---------------------------------------------------------------------------------------------
// Air compressors, GB 19153-2019

export type CompressorDrive = 'fixed' | 'vsd';
export type CompressorCooling = 'air' | 'liquid';

/**
 * Maximum specific power (kW per m³/min) of grades 1–3 for an oil-injected rotary compressor
 * (表1 fixed speed, 表2 variable speed) with overKw < rated motor kW ≤ upToKw and
 * overMPa < rated discharge pressure ≤ upToMPa: a unit between two listed ratings or pressures
 * takes the next listed one up (向上靠档).
 */
export interface CompressorGradeRow {
  drive: CompressorDrive;
  cooling: CompressorCooling;
  overKw: number;
  upToKw: number;
  overMPa: number;
  upToMPa: number;
  specificPower: GradeTriple;
}

export interface CompressorUnit {
  drive: CompressorDrive;
  ratedKw: number;
  pressureMPa: number;
  /** air-cooled unless said otherwise */
  cooling?: CompressorCooling;
}

export function compressorGradeRow(ed: StandardEdition<CompressorGradeRow>, unit: CompressorUnit): CompressorGradeRow | undefined {
  if (!(unit.ratedKw > 0) || !(unit.pressureMPa > 0)) return undefined;
  const cooling = unit.cooling ?? 'air';
  return ed.rows.find(
    (r) => r.drive === unit.drive && r.cooling === cooling && inBand(unit.ratedKw, r.overKw, r.upToKw) && inBand(unit.pressureMPa, r.overMPa, r.upToMPa),
  );
}

/** The maximum specific power of each grade for a unit; null when the table has no row for it. */
export function compressorGradeLimits(ed: StandardEdition<CompressorGradeRow>, unit: CompressorUnit): { grade: 1 | 2 | 3; specificPower: number }[] | null {
  const r = compressorGradeRow(ed, unit);
  if (!r) return null;
  return ([0, 1, 2] as const).map((g) => ({ grade: (g + 1) as 1 | 2 | 3, specificPower: r.specificPower[g] }));
}

/** Compressor grade (GB 19153-2019 §4): the best grade whose maximum specific power the unit meets (≤). */
export function compressorGrade(ed: StandardEdition<CompressorGradeRow>, unit: CompressorUnit, specificPower: number | null): Grade {
  const r = compressorGradeRow(ed, unit);
  if (!r || specificPower === null || !Number.isFinite(specificPower) || specificPower <= 0) return 'unrated';
  for (let g = 0; g < 3; g++) if (specificPower <= (r.specificPower[g] as number) + 1e-9) return (g + 1) as 1 | 2 | 3;
  return 'below';
}

// ---------------------------------------------------------------------------------------------
// Industrial boilers, GB 24500-2020

export type BoilerFuel = 'gas' | 'oil' | 'coal' | 'electric' | 'biomass';
export type BoilerMedium = 'steam' | 'hotWater';
/**
 * The row variant within a fuel: gas `nonCondensing` / `condensing` (表4); oil, biomass and
 * pulverised coal `standard`; layered (表1) and fluidised-bed (表2) coal by coal class.
 */
export type BoilerVariant =
  | 'standard'
  | 'nonCondensing'
  | 'condensing'
  | 'layered-bituminous-II'
  | 'layered-bituminous-III'
  | 'layered-lean'
  | 'layered-anthracite-II'
  | 'layered-anthracite-III'
  | 'layered-lignite'
  | 'fluidized-bituminous-I'
  | 'fluidized-bituminous-II'
  | 'fluidized-bituminous-III'
  | 'fluidized-lean'
  | 'fluidized-anthracite-II'
  | 'fluidized-anthracite-III'
  | 'fluidized-lignite';
export const BOILER_VARIANTS: readonly BoilerVariant[] = [
  'standard',
  'nonCondensing',
  'condensing',
  'layered-bituminous-II',
  'layered-bituminous-III',
  'layered-lean',
  'layered-anthracite-II',
  'layered-anthracite-III',
  'layered-lignite',
  'fluidized-bituminous-I',
  'fluidized-bituminous-II',
  'fluidized-bituminous-III',
  'fluidized-lean',
  'fluidized-anthracite-II',
  'fluidized-anthracite-III',
  'fluidized-lignite',
];

/**
 * Minimum thermal efficiency (%) of grades 1–3 for a fuel and variant at rated capacities
 * overTph < D ≤ upToTph (t/h of steam; a hot-water boiler's MW count as t/h at 0.7 MW per t/h, the
 * standard's 20 t/h ↔ 14 MW); upToTph null: no upper bound. The limits are the same for steam and
 * hot-water boilers.
 */
export interface BoilerGradeRow {
  fuel: BoilerFuel;
  variant: BoilerVariant;
  overTph: number;
  upToTph: number | null;
  efficiencyPct: GradeTriple;
}

export interface BoilerUnit {
  fuel: BoilerFuel;
  medium: BoilerMedium;
  /** rated evaporation, t/h (hot water: MW / 0.7) */
  ratedTph: number;
  /** default: gas `nonCondensing`, other fuels `standard` (coal: pulverised, 室燃) */
  variant?: BoilerVariant;
}

/** MW of a hot-water boiler → equivalent t/h of steam for the capacity bands (GB 24500: 14 MW ↔ 20 t/h). */
export const hotWaterMwToTph = (mw: number): number => mw / 0.7;

export function boilerGradeRow(ed: StandardEdition<BoilerGradeRow>, unit: BoilerUnit): BoilerGradeRow | undefined {
  if (!(unit.ratedTph > 0)) return undefined;
  const variant = unit.variant ?? (unit.fuel === 'gas' ? 'nonCondensing' : 'standard');
  return ed.rows.find((r) => r.fuel === unit.fuel && r.variant === variant && inBand(unit.ratedTph, r.overTph, r.upToTph));
}

/** The minimum thermal efficiency of each grade for a unit; null when the table has no row for it. */
export function boilerGradeLimits(ed: StandardEdition<BoilerGradeRow>, unit: BoilerUnit): { grade: 1 | 2 | 3; efficiencyPct: number }[] | null {
  const r = boilerGradeRow(ed, unit);
  if (!r) return null;
  return ([0, 1, 2] as const).map((g) => ({ grade: (g + 1) as 1 | 2 | 3, efficiencyPct: r.efficiencyPct[g] }));
}

/** Boiler grade (GB 24500-2020 §4): the best grade whose minimum thermal efficiency the unit reaches (≥). */
export function boilerGrade(ed: StandardEdition<BoilerGradeRow>, unit: BoilerUnit, efficiencyPct: number | null): Grade {
  const r = boilerGradeRow(ed, unit);
  if (!r || efficiencyPct === null || !Number.isFinite(efficiencyPct)) return 'unrated';
  return bestAtLeast(efficiencyPct, r.efficiencyPct) ?? 'below';
}

// ---------------------------------------------------------------------------------------------
// Transformers, GB 20052-2024 (the table and the grade function live in transformer.ts)

export type TransformerGradeRow = GradeRow;

/** The grade of a transformer against an edition (GB 20052-2024: both P0 and Pk ≤ the grade's limits). */
export function transformerGrade(
  ed: StandardEdition<GradeRow>,
  np: Pick<TransformerNameplate, 'ratedKva' | 'p0Kw' | 'pkKw'>,
  insulation: Insulation,
  variant: TransformerVariant = {},
): Grade {
  return efficiencyGrade(np, insulation, ed.rows, variant);
}

/** The maximum P0 and Pk (kW) of each grade for a transformer; null when the table has no row for it. */
export function transformerGradeLimits(
  ed: StandardEdition<GradeRow>,
  ratedKva: number,
  insulation: Insulation,
  variant: TransformerVariant = {},
): { grade: 1 | 2 | 3; p0Kw: number; pkKw: number }[] | null {
  const r = gradeRow(ratedKva, insulation, variant, ed.rows);
  if (!r) return null;
  return ([0, 1, 2] as const).map((g) => ({ grade: (g + 1) as 1 | 2 | 3, p0Kw: r.limits[g].p0Kw, pkKw: r.limits[g].pkKw }));
}

// ---------------------------------------------------------------------------------------------
// The editions as published

export interface StandardRows {
  transformer: GradeRow;
  chiller: ChillerGradeRow;
  compressor: CompressorGradeRow;
  boiler: BoilerGradeRow;
}
export type StandardFor<K extends EquipmentKind> = StandardEdition<StandardRows[K]>;
export type StandardSet = { [K in EquipmentKind]: StandardFor<K> };

export const DEFAULT_STANDARDS: StandardSet = {
  transformer: {
    code: 'GB 20052-2024',
    title: '电力变压器能效限定值及能效等级',
    effectiveDate: '2025-02-01',
    note:
      '表1 10 kV 油浸式 and 表2 10 kV 干式 three-phase two-winding distribution transformers, 30–2 500 kVA: maximum no-load loss P0 and load loss Pk (kW) of grades 1–3 per rating, core (electrical steel / amorphous alloy) and connection (oil: Dyn11 or Yyn0) or insulation class (dry: B, F, H). Transcribed from the published tables (see transformer-grades.ts).',
    rows: GB20052_2024_GRADE_TABLE,
  },
  chiller: {
    code: 'GB 19577-2024',
    title: '热泵和冷水机组能效限定值及能效等级',
    effectiveDate: '2025-02-01',
    note:
      'Comfort-type vapour-compression chillers (舒适型冷水机组), 2024 values (they replace the GB 19577-2015 table of DOMAIN.md §6): minimum IPLV of grades 1–3 from 表1 and minimum COPc from 表2, per condenser type and rated cooling capacity band. A unit is graded on IPLV with its COPc at least the grade-3 COPc, or on COPc with its IPLV at least the grade-3 IPLV. Air-cooled units of 50 kW or less (graded on CSPF) and data-centre units (ACCOP) are not in this table. Transcribed from the structured extraction of 表1/表2 in the public repository adgo07/EquipEffi (hvac_thresholds.json, GB19577-T1-01…T2-05).',
    rows: GB19577_2024_ROWS,
  },
  compressor: {
    code: 'GB 19153-2019',
    title: '容积式空气压缩机能效限定值及能效等级',
    effectiveDate: '2020-07-01',
    note:
      'General-purpose oil-injected rotary compressors: 表1 fixed speed (1.5–630 kW) and 表2 variable speed (2.2–315 kW; graded on the weighted specific power of 25/50/70/100 % load), maximum specific power kW/(m³/min) of grades 1–3 per cooling (air / liquid), rated motor power and discharge pressure (0.3–1.25 MPa); a unit between two listed values takes the next one up. Reciprocating and oil-free machines (表3, 表4) are not included. Transcribed from the structured extraction in the public repository adgo07/EquipEffi (compressor.json, rows GB19153-R…).',
    rows: GB19153_2019_ROWS,
  },
  boiler: {
    code: 'GB 24500-2020',
    title: '工业锅炉能效限定值及能效等级',
    effectiveDate: '2021-06-01',
    note:
      'Minimum design thermal efficiency (%, on the fuel\'s net calorific value) of grades 1–3: 表4 chamber-fired boilers (natural gas non-condensing / condensing, oil, pulverised coal; all capacities), 表1 layered-combustion coal (≤ 20 t/h or 14 MW, above), 表2 fluidised-bed coal, 表3 biomass (≤ 10 t/h or 7 MW, above); the same for steam and hot-water boilers. Electric boilers have only a limit (97 %, §5.2), no grades, and are not in the table. Transcribed from the structured extraction in the public repository adgo07/EquipEffi (boiler.json, GB24500-R000001…R000018).',
    rows: GB24500_2020_ROWS,
  },
};

// ---------------------------------------------------------------------------------------------
// Validation of an edited table (pure; the server turns an issue into a message)

export type StandardIssueCode =
  /** a limit or band bound is not a positive finite number */
  | 'notPositive'
  /** grade 1 must be at least as good as grade 2, and grade 2 as grade 3 */
  | 'gradeOrder'
  /** a band's lower bound is not below its upper bound */
  | 'bandEmpty'
  /** the row's band starts below the previous row's of the same group (rows must be sorted) */
  | 'unsorted'
  /** the row's band overlaps an earlier row's of the same group (or repeats its key) */
  | 'overlap'
  /** the table has no rows */
  | 'empty';

export interface StandardIssue {
  code: StandardIssueCode;
  /** 0-based index of the row; -1 for the table */
  row: number;
  /** the field named in the message (e.g. 'cop', 'upToKw', 'limits.p0Kw') */
  field: string;
  /** for `overlap` and `unsorted`: the earlier row it conflicts with */
  other?: number;
}

interface Band {
  lo: number;
  hi: number;
  field: string;
  /** a single value (transformer ratings), not a half-open band */
  point?: true;
}
interface RowShape {
  group: string;
  bands: Band[];
  limits: { field: string; values: readonly number[]; better: 'higher' | 'lower' }[];
}

const INF = Number.POSITIVE_INFINITY;

function shapeOf<K extends EquipmentKind>(kind: K, row: StandardRows[K]): RowShape {
  switch (kind) {
    case 'transformer': {
      const r = row as GradeRow;
      const variant = r.insulation === 'oil' ? `${r.core ?? 'steel'}|${r.connection ?? 'Dyn11'}` : `${r.core ?? 'steel'}|${r.insulationClass ?? 'F'}`;
      return {
        group: `${r.insulation}|${variant}`,
        bands: [{ lo: r.ratedKva, hi: r.ratedKva, field: 'ratedKva', point: true }],
        limits: [
          { field: 'p0Kw', values: r.limits.map((l) => l.p0Kw), better: 'lower' },
          { field: 'pkKw', values: r.limits.map((l) => l.pkKw), better: 'lower' },
        ],
      };
    }
    case 'chiller': {
      const r = row as ChillerGradeRow;
      return {
        group: r.condenser,
        bands: [{ lo: r.overKw, hi: r.upToKw ?? INF, field: 'upToKw' }],
        limits: [
          { field: 'cop', values: r.cop, better: 'higher' },
          { field: 'iplv', values: r.iplv, better: 'higher' },
        ],
      };
    }
    case 'compressor': {
      const r = row as CompressorGradeRow;
      return {
        group: `${r.drive}|${r.cooling}`,
        bands: [
          { lo: r.overKw, hi: r.upToKw, field: 'upToKw' },
          { lo: r.overMPa, hi: r.upToMPa, field: 'upToMPa' },
        ],
        limits: [{ field: 'specificPower', values: r.specificPower, better: 'lower' }],
      };
    }
    default: {
      const r = row as BoilerGradeRow;
      return {
        group: `${r.fuel}|${r.variant}`,
        bands: [{ lo: r.overTph, hi: r.upToTph ?? INF, field: 'upToTph' }],
        limits: [{ field: 'efficiencyPct', values: r.efficiencyPct, better: 'higher' }],
      };
    }
  }
}

/** Half-open bands (lo, hi] overlap when they share a point; point bands [x, x] (transformer ratings) when they are equal. */
const bandsOverlap = (a: Band, b: Band): boolean => (a.point && b.point ? a.lo === b.lo : a.lo < b.hi && b.lo < a.hi);

/**
 * The first problem of an edited table, or null when it is valid: positive limits ordered grade 1
 * at least as good as grade 2 and grade 2 as grade 3 (equal allowed, as the published tables have
 * equal grades), non-empty bands, rows of the same group sorted by band and not overlapping.
 */
export function validateStandardRows<K extends EquipmentKind>(kind: K, rows: readonly StandardRows[K][]): StandardIssue | null {
  if (rows.length === 0) return { code: 'empty', row: -1, field: 'rows' };
  const shapes = rows.map((r) => shapeOf(kind, r));
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as RowShape;
    for (const b of s.bands) {
      if (!(Number.isFinite(b.lo) && b.lo >= 0 && b.hi > 0)) return { code: 'notPositive', row: i, field: b.field };
      if (!b.point && !(b.lo < b.hi)) return { code: 'bandEmpty', row: i, field: b.field };
    }
    for (const l of s.limits) {
      if (!l.values.every((v) => Number.isFinite(v) && v > 0)) return { code: 'notPositive', row: i, field: l.field };
      const [g1, g2, g3] = l.values as [number, number, number];
      const ordered = l.better === 'lower' ? g1 <= g2 && g2 <= g3 : g1 >= g2 && g2 >= g3;
      if (!ordered) return { code: 'gradeOrder', row: i, field: l.field };
    }
  }
  const lastOfGroup = new Map<string, number>();
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i] as RowShape;
    for (let j = 0; j < i; j++) {
      const o = shapes[j] as RowShape;
      if (o.group !== s.group) continue;
      if (s.bands.every((b, k) => bandsOverlap(b, o.bands[k] as Band))) return { code: 'overlap', row: i, field: s.bands[0]?.field ?? 'rows', other: j };
    }
    const prev = lastOfGroup.get(s.group);
    if (prev !== undefined) {
      const p = shapes[prev] as RowShape;
      // sorted by the first band, then the second (compressor: motor power, then pressure)
      const cmp = s.bands.reduce((acc, b, k) => (acc !== 0 ? acc : b.lo - (p.bands[k] as Band).lo), 0);
      if (cmp < 0) return { code: 'unsorted', row: i, field: s.bands[0]?.field ?? 'rows', other: prev };
    }
    lastOfGroup.set(s.group, i);
  }
  return null;
}

/** Sorts rows into the order validateStandardRows expects (stable; groups keep their first appearance). */
export function sortStandardRows<K extends EquipmentKind>(kind: K, rows: readonly StandardRows[K][]): StandardRows[K][] {
  const shapes = rows.map((r, i) => ({ r, i, s: shapeOf(kind, r) }));
  const groupOrder = new Map<string, number>();
  for (const x of shapes) if (!groupOrder.has(x.s.group)) groupOrder.set(x.s.group, groupOrder.size);
  return shapes
    .sort((a, b) => {
      const ga = groupOrder.get(a.s.group) as number;
      const gb = groupOrder.get(b.s.group) as number;
      if (ga !== gb) return ga - gb;
      for (let k = 0; k < a.s.bands.length; k++) {
        const d = (a.s.bands[k] as Band).lo - (b.s.bands[k] as Band).lo;
        if (d !== 0) return d;
      }
      return a.i - b.i;
    })
    .map((x) => x.r);
}
