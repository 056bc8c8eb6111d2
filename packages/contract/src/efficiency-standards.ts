import { Type, type Static } from '@sinclair/typebox';

/**
 * Energy-efficiency grade standards as data (issue 14): one edition per equipment kind
 * (GB 20052-2024 transformers, GB 19577-2024 chillers, GB 19153-2019 air compressors, GB 24500-2020
 * industrial boilers), seeded with the published tables (packages/domain efficiency-standards.ts) and
 * editable by the platform operator (efficiencystandard_update). The tables are installation-wide:
 * a national standard is the same for every tenant. Read by any signed-in user.
 */
export const EFFICIENCY_STANDARDS_API = {
  /** GET → EfficiencyStandardSummary[], the four kinds */
  list: '/eem-service/v1/efficiencyStandards',
  /** GET → EfficiencyStandard (with its rows) */
  one: '/eem-service/v1/efficiencyStandards/:kind',
  /** PUT EfficiencyStandardInput → EfficiencyStandard (efficiencystandard_update, platform operator) */
  update: '/eem-service/v1/efficiencyStandards/:kind',
  /** POST → EfficiencyStandard: back to the published edition (efficiencystandard_update, platform operator) */
  reset: '/eem-service/v1/efficiencyStandards/:kind/reset',
} as const;

export const EQUIPMENT_KIND_VALUES = ['transformer', 'chiller', 'compressor', 'boiler'] as const;
export const EquipmentKindT = Type.Union(EQUIPMENT_KIND_VALUES.map((k) => Type.Literal(k)));
export type EquipmentKindT = Static<typeof EquipmentKindT>;
export const EquipmentKindParam = Type.Object({ kind: EquipmentKindT }, { additionalProperties: false });
export type EquipmentKindParam = Static<typeof EquipmentKindParam>;

/** At most this many rows in one table (the published compressor table has 498). */
export const STANDARD_MAX_ROWS = 1000;

const Positive = Type.Number({ exclusiveMinimum: 0, maximum: 1e6 });
const NonNegative = Type.Number({ minimum: 0, maximum: 1e6 });
/** grade 1, grade 2, grade 3 */
const Triple = Type.Tuple([Positive, Positive, Positive]);
const LossLimit = Type.Object({ p0Kw: Positive, pkKw: Positive }, { additionalProperties: false });

/** GB 20052-2024: maximum P0 and Pk (kW) of grades 1–3 at one rating and variant. */
export const TransformerGradeRowT = Type.Object(
  {
    insulation: Type.Union([Type.Literal('oil'), Type.Literal('dry')]),
    ratedKva: Positive,
    core: Type.Optional(Type.Union([Type.Literal('steel'), Type.Literal('amorphous')])),
    connection: Type.Optional(Type.Union([Type.Literal('Dyn11'), Type.Literal('Yyn0')])),
    insulationClass: Type.Optional(Type.Union([Type.Literal('B'), Type.Literal('F'), Type.Literal('H')])),
    limits: Type.Tuple([LossLimit, LossLimit, LossLimit]),
  },
  { additionalProperties: false },
);
export type TransformerGradeRowT = Static<typeof TransformerGradeRowT>;

/** GB 19577-2024: minimum COP and IPLV of grades 1–3 for overKw < rated cooling kW ≤ upToKw (null: no bound). */
export const ChillerGradeRowT = Type.Object(
  {
    condenser: Type.Union([Type.Literal('water'), Type.Literal('air')]),
    overKw: NonNegative,
    upToKw: Type.Union([Positive, Type.Null()]),
    cop: Triple,
    iplv: Triple,
  },
  { additionalProperties: false },
);
export type ChillerGradeRowT = Static<typeof ChillerGradeRowT>;

/** GB 19153-2019: maximum specific power kW/(m³/min) of grades 1–3 for a motor-power band and a discharge-pressure band. */
export const CompressorGradeRowT = Type.Object(
  {
    drive: Type.Union([Type.Literal('fixed'), Type.Literal('vsd')]),
    cooling: Type.Union([Type.Literal('air'), Type.Literal('liquid')]),
    overKw: NonNegative,
    upToKw: Positive,
    overMPa: NonNegative,
    upToMPa: Type.Number({ exclusiveMinimum: 0, maximum: 10 }),
    specificPower: Triple,
  },
  { additionalProperties: false },
);
export type CompressorGradeRowT = Static<typeof CompressorGradeRowT>;

export const BOILER_VARIANT_VALUES = [
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
] as const;
export const BOILER_FUEL_VALUES = ['gas', 'oil', 'coal', 'electric', 'biomass'] as const;

/** GB 24500-2020: minimum thermal efficiency (%) of grades 1–3 for a fuel and variant, overTph < D ≤ upToTph (null: no bound). */
export const BoilerGradeRowT = Type.Object(
  {
    fuel: Type.Union(BOILER_FUEL_VALUES.map((f) => Type.Literal(f))),
    variant: Type.Union(BOILER_VARIANT_VALUES.map((v) => Type.Literal(v))),
    overTph: NonNegative,
    upToTph: Type.Union([Positive, Type.Null()]),
    efficiencyPct: Type.Tuple([Type.Number({ exclusiveMinimum: 0, maximum: 200 }), Type.Number({ exclusiveMinimum: 0, maximum: 200 }), Type.Number({ exclusiveMinimum: 0, maximum: 200 })]),
  },
  { additionalProperties: false },
);
export type BoilerGradeRowT = Static<typeof BoilerGradeRowT>;

/** The row schema of each kind (the server checks an edited table's rows against it, naming the row and field). */
export const STANDARD_ROW_SCHEMAS = {
  transformer: TransformerGradeRowT,
  chiller: ChillerGradeRowT,
  compressor: CompressorGradeRowT,
  boiler: BoilerGradeRowT,
} as const;

const DateText = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });

/** PUT body: the edited edition. Rows are checked per kind (STANDARD_ROW_SCHEMAS), sorted by band within a group, bands not overlapping, limits ordered grade 1 ≥ grade 2 ≥ grade 3 in quality. */
export const EfficiencyStandardInput = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 40 }),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    effectiveDate: DateText,
    note: Type.String({ maxLength: 2000 }),
    rows: Type.Array(Type.Unknown(), { minItems: 1, maxItems: STANDARD_MAX_ROWS }),
  },
  { additionalProperties: false },
);
export type EfficiencyStandardInput = Static<typeof EfficiencyStandardInput>;

const Summary = {
  kind: EquipmentKindT,
  code: Type.String(),
  title: Type.String(),
  effectiveDate: Type.String(),
  note: Type.String(),
  /** false: the published edition as seeded; true: an administrator's edit */
  edited: Type.Boolean(),
  /** the published edition's code and effective date (what reset restores) */
  defaultCode: Type.String(),
  defaultEffectiveDate: Type.String(),
  rowCount: Type.Integer(),
  /** who saved the edit and when (null for the published edition) */
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  updateTime: Type.Union([Type.Integer(), Type.Null()]),
};

export const EfficiencyStandardSummary = Type.Object(Summary);
export type EfficiencyStandardSummary = Static<typeof EfficiencyStandardSummary>;

/** The rows as stored (validated on write against STANDARD_ROW_SCHEMAS[kind]); serialised as they are. */
export const EfficiencyStandard = Type.Object({ ...Summary, rows: Type.Array(Type.Unknown()) });
export type StandardRowT = TransformerGradeRowT | ChillerGradeRowT | CompressorGradeRowT | BoilerGradeRowT;
export type EfficiencyStandard = Omit<Static<typeof EfficiencyStandard>, 'rows'> & { rows: StandardRowT[] };
