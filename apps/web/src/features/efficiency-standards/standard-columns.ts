import type { EquipmentKindT, StandardRowT } from '@ems/contract';
import { BOILER_FUEL_VALUES, BOILER_VARIANT_VALUES } from '@ems/contract';
import { DEFAULT_STANDARDS, sortStandardRows, validateStandardRows, type EquipmentKind, type StandardIssue, type StandardRows } from '@ems/domain';

/**
 * The editable columns of each kind's grade table (pure, so the editor and its tests share them):
 * a column reads and writes one value of a row; `grade` columns are the three grade limits of one
 * quantity, shown under a group header.
 */
export type CellKind = 'number' | 'optionalNumber' | 'enum';

export interface ColumnSpec {
  /** unique within the kind; the i18n key of the header (`col.<key>`) */
  key: string;
  kind: CellKind;
  /** enum values (their labels: `enum.<key>.<value>`) */
  options?: readonly string[];
  /** a grade limit: the quantity's key (`group.<group>`) and the grade 1–3 */
  group?: string;
  grade?: 1 | 2 | 3;
  /** fraction digits accepted */
  step: number;
  /** fraction digits always shown (COP 6.0 as the standard prints it) */
  minDigits?: number;
  get(row: StandardRowT): string | number | null;
  set(row: StandardRowT, value: string | number | null): StandardRowT;
}

type Row = Record<string, unknown>;
const field = (key: string, kind: CellKind, step = 0, options?: readonly string[]): ColumnSpec => ({
  key,
  kind,
  step,
  ...(options ? { options } : {}),
  get: (r) => ((r as Row)[key] ?? null) as string | number | null,
  set: (r, v) => {
    const next = { ...(r as Row) };
    if (v === null && kind !== 'optionalNumber') delete next[key];
    else next[key] = v;
    return next as StandardRowT;
  },
});
const triple = (key: string, step: number, minDigits = 0): ColumnSpec[] =>
  ([1, 2, 3] as const).map((g) => ({
    key: `${key}${g}`,
    kind: 'number' as const,
    group: key,
    grade: g,
    step,
    minDigits,
    get: (r: StandardRowT) => (((r as Row)[key] as number[] | undefined)?.[g - 1] ?? null) as number | null,
    set: (r: StandardRowT, v: string | number | null) => {
      const arr = [...(((r as Row)[key] as number[] | undefined) ?? [0, 0, 0])];
      arr[g - 1] = v as number;
      return { ...(r as Row), [key]: arr } as StandardRowT;
    },
  }));
/** transformer P0 / Pk of grade g: limits[g - 1].p0Kw */
const lossTriple = (key: 'p0Kw' | 'pkKw'): ColumnSpec[] =>
  ([1, 2, 3] as const).map((g) => ({
    key: `${key}${g}`,
    kind: 'number' as const,
    group: key,
    grade: g,
    step: 3,
    get: (r: StandardRowT) => ((r as Row).limits as { p0Kw: number; pkKw: number }[] | undefined)?.[g - 1]?.[key] ?? null,
    set: (r: StandardRowT, v: string | number | null) => {
      const limits = [...(((r as Row).limits as { p0Kw: number; pkKw: number }[] | undefined) ?? [])].map((l) => ({ ...l }));
      while (limits.length < 3) limits.push({ p0Kw: 0, pkKw: 0 });
      (limits[g - 1] as { p0Kw: number; pkKw: number })[key] = v as number;
      return { ...(r as Row), limits } as StandardRowT;
    },
  }));

export const COLUMNS: Record<EquipmentKind, ColumnSpec[]> = {
  transformer: [
    field('insulation', 'enum', 0, ['oil', 'dry']),
    field('ratedKva', 'number', 0),
    field('core', 'enum', 0, ['steel', 'amorphous']),
    field('connection', 'enum', 0, ['Dyn11', 'Yyn0']),
    field('insulationClass', 'enum', 0, ['B', 'F', 'H']),
    ...lossTriple('p0Kw'),
    ...lossTriple('pkKw'),
  ],
  chiller: [field('condenser', 'enum', 0, ['water', 'air']), field('overKw', 'number', 0), field('upToKw', 'optionalNumber', 0), ...triple('cop', 2, 1), ...triple('iplv', 2, 1)],
  compressor: [
    field('drive', 'enum', 0, ['fixed', 'vsd']),
    field('cooling', 'enum', 0, ['air', 'liquid']),
    field('overKw', 'number', 1),
    field('upToKw', 'number', 1),
    field('overMPa', 'number', 2),
    field('upToMPa', 'number', 2),
    ...triple('specificPower', 1, 1),
  ],
  boiler: [
    field('fuel', 'enum', 0, BOILER_FUEL_VALUES),
    field('variant', 'enum', 0, BOILER_VARIANT_VALUES),
    field('overTph', 'number', 1),
    field('upToTph', 'optionalNumber', 1),
    ...triple('efficiencyPct', 1),
  ],
};

/** The columns a user filters the table by (the row's group), in order. */
export const GROUP_KEYS: Record<EquipmentKind, string[]> = {
  transformer: ['insulation', 'core', 'ratedKva'],
  chiller: ['condenser'],
  compressor: ['drive', 'cooling'],
  boiler: ['fuel'],
};

/** A new row: a copy of the last row of the table (the user then edits its band and limits). */
export function newRow(kind: EquipmentKind, rows: readonly StandardRowT[]): StandardRowT {
  const last = rows[rows.length - 1] ?? (DEFAULT_STANDARDS[kind].rows[0] as unknown as StandardRowT);
  return JSON.parse(JSON.stringify(last)) as StandardRowT;
}

/**
 * The draft as it will be saved and its first problem, if any. Rows out of band order are sorted
 * (groups in first appearance, bands ascending, as the server expects); a table already in order
 * keeps its order (the published transformer table interleaves its groups by rating).
 */
export function prepare(kind: EquipmentKind, rows: readonly StandardRowT[]): { rows: StandardRowT[]; issue: StandardIssue | null } {
  const asGiven = rows as unknown as StandardRows[typeof kind][];
  const issue = validateStandardRows(kind, asGiven);
  if (issue?.code !== 'unsorted') return { rows: [...rows], issue };
  const sorted = sortStandardRows(kind, asGiven) as unknown as StandardRowT[];
  return { rows: sorted, issue: validateStandardRows(kind, sorted as unknown as StandardRows[typeof kind][]) };
}

/** Whether a value is an acceptable cell: a finite number ≥ 0 (enums are chosen from lists). */
export function validCell(spec: ColumnSpec, v: string | number | null): boolean {
  if (spec.kind === 'enum') return v === null ? spec.key === 'core' || spec.key === 'connection' || spec.key === 'insulationClass' : (spec.options ?? []).includes(String(v));
  if (v === null) return spec.kind === 'optionalNumber';
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

export const isKind = (k: string): k is EquipmentKindT => k === 'transformer' || k === 'chiller' || k === 'compressor' || k === 'boiler';
