import { Type, type Static } from '@sinclair/typebox';
import { EpochMs, Id } from './bounds.js';
import { RuleCondition } from './events.js';

/**
 * Equipment-status programmes (spec section 3; issue 14: /deviceRunningStateScheme and
 * /deviceStateEnergyConsumption). A programme classifies devices: for each device, an expression per
 * state (running, standby, stopped), its conditions on data points of devices joined by a combinator
 * (spec section 4: comparison codes 1 >, 2 <, 3 =, 4 >=, 5 <=, 6 !=; combinators 1 and, 2 or — the
 * same codes as the limit rules, COMPARE_OP and COMBINATOR). States are evaluated on 15-min intervals
 * in order running, standby, stopped (packages/domain equipment-state.ts).
 */
export const EQUIPMENT_STATUS_API = {
  /** GET ?projectId → EquipmentScheme[] (with their detail) */
  schemes: '/eem-service/v1/equipmentStatus/schemes',
  /** GET ?projectId → EquipmentStatusOptions: the devices a programme may classify and the data points a condition may read */
  options: '/eem-service/v1/equipmentStatus/options',
  /** GET → EquipmentScheme: the detail, with resolved dataName and deviceName */
  detail: '/eem-service/v1/equipmentStatus/scheme/:id',
  /** POST EquipmentSchemeInput → EquipmentScheme */
  create: '/eem-service/v1/equipmentStatus/scheme',
  /** PUT EquipmentSchemeInput → EquipmentScheme */
  update: '/eem-service/v1/equipmentStatus/scheme/:id',
  /** DELETE → the id */
  remove: '/eem-service/v1/equipmentStatus/scheme/:id',
  /** POST StateEnergyQuery → StateEnergy */
  energy: '/eem-service/v1/equipmentStatus/energy',
  /** POST StateEnergyQuery → the per-device and per-bucket tables as .xlsx */
  energyExport: '/eem-service/v1/equipmentStatus/energy/export',
} as const;

/** The longest range of one energy-by-state request: 400 days (a year and its margins), read from the 15-min rollups. */
export const STATE_ENERGY_MAX_RANGE_MS = 400 * 86_400_000;
/** At most this many devices in a programme (and in one energy request). */
export const EQUIPMENT_SCHEME_MAX_DEVICES = 30;

export const EquipmentStateT = Type.Union([Type.Literal('running'), Type.Literal('standby'), Type.Literal('stopped')]);
export type EquipmentStateT = Static<typeof EquipmentStateT>;

/** A condition: the rule condition's data point, comparison code and limit, on the data of device `deviceId`. */
export const StateConditionInput = Type.Object({ deviceId: Id, ...RuleCondition.properties }, { additionalProperties: false });
export type StateConditionInput = Static<typeof StateConditionInput>;

export const StateExpressionInput = Type.Object(
  {
    state: EquipmentStateT,
    /** COMBINATOR code: 1 and, 2 or */
    combinator: Type.Union([Type.Literal(1), Type.Literal(2)]),
    conditions: Type.Array(StateConditionInput, { minItems: 1, maxItems: 5 }),
  },
  { additionalProperties: false },
);
export type StateExpressionInput = Static<typeof StateExpressionInput>;

/** A classified device: an electricity meter of the project (its kWh counter gives the state energy), with at least one state defined. */
export const SchemeDeviceInput = Type.Object(
  { deviceId: Id, expressions: Type.Array(StateExpressionInput, { minItems: 1, maxItems: 3 }) },
  { additionalProperties: false },
);
export type SchemeDeviceInput = Static<typeof SchemeDeviceInput>;

export const EquipmentSchemeInput = Type.Object(
  {
    projectId: Id,
    name: Type.String({ minLength: 1, maxLength: 50 }),
    description: Type.Optional(Type.String({ maxLength: 255 })),
    devices: Type.Array(SchemeDeviceInput, { minItems: 1, maxItems: EQUIPMENT_SCHEME_MAX_DEVICES }),
  },
  { additionalProperties: false },
);
export type EquipmentSchemeInput = Static<typeof EquipmentSchemeInput>;

export const StateCondition = Type.Object({
  deviceId: Type.Integer(),
  /** the device's name ('' when it is gone) */
  deviceName: Type.String(),
  dataId: Type.Integer(),
  /** the data point's name in the request's language, and its unit */
  dataName: Type.String(),
  unit: Type.String(),
  operator: Type.Integer(),
  limit: Type.Number(),
});
export type StateCondition = Static<typeof StateCondition>;

export const StateExpression = Type.Object({ state: EquipmentStateT, combinator: Type.Integer(), conditions: Type.Array(StateCondition) });
export type StateExpression = Static<typeof StateExpression>;

export const SchemeDevice = Type.Object({ deviceId: Type.Integer(), deviceName: Type.String(), expressions: Type.Array(StateExpression) });
export type SchemeDevice = Static<typeof SchemeDevice>;

export const EquipmentScheme = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  devices: Type.Array(SchemeDevice),
  /** ms */
  updateTime: Type.Integer(),
});
export type EquipmentScheme = Static<typeof EquipmentScheme>;

export const SchemesQuery = Type.Object({ projectId: Id }, { additionalProperties: false });
export type SchemesQuery = Static<typeof SchemesQuery>;
export const SchemeIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type SchemeIdParam = Static<typeof SchemeIdParam>;

export const EquipmentStatusOptions = Type.Object({
  /** electricity meters of the project, with the path of places above them */
  devices: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), path: Type.String() })),
  /** every device of the project with data (a condition may read another device, e.g. a sensor) */
  sources: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), modelLabel: Type.String() })),
  /** the data points a condition may compare: instantaneous and status points; active power is the 15-min mean from the kWh counter */
  dataPoints: Type.Array(Type.Object({ dataId: Type.Integer(), name: Type.String(), unit: Type.String() })),
});
export type EquipmentStatusOptions = Static<typeof EquipmentStatusOptions>;

export const StateEnergyQuery = Type.Object(
  {
    projectId: Id,
    schemeId: Id,
    /** the devices of the programme to show (absent: all of them) */
    deviceIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: EQUIPMENT_SCHEME_MAX_DEVICES })),
    /** ms; the range runs from the local start of this day */
    startTime: EpochMs,
    /** ms; to the local end of this day, at most STATE_ENERGY_MAX_RANGE_MS after the start */
    endTime: EpochMs,
  },
  { additionalProperties: false },
);
export type StateEnergyQuery = Static<typeof StateEnergyQuery>;

/** A figure per state; 'unknown': intervals whose state could not be decided (missing data, or no state holds). */
export const PerState = Type.Object({ running: Type.Number(), standby: Type.Number(), stopped: Type.Number(), unknown: Type.Number() });
export type PerState = Static<typeof PerState>;

export const StateFigures = Type.Object({
  hours: PerState,
  kwh: PerState,
  /** the metered kWh (Σ of kwh) */
  meteredKwh: Type.Number(),
  /** kWh on standby or stopped, and their cost at the TOU tariff (¥; kWh before any tariff version are unpriced) */
  wasteKwh: Type.Number(),
  wasteYuan: Type.Number(),
  unpricedKwh: Type.Number(),
});
export type StateFigures = Static<typeof StateFigures>;

export const StateEnergy = Type.Object({
  schemeId: Type.Integer(),
  timezone: Type.String(),
  /** the range [from, to) and the instant data are read up to (min of to and now) */
  from: Type.Integer(),
  to: Type.Integer(),
  until: Type.Integer(),
  /** the bucket of the chart: hour up to 2 days, day up to 92 days, else month */
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('month')]),
  /** whether a tariff prices the waste (false: no tariff scheme on the project) */
  priced: Type.Boolean(),
  totals: StateFigures,
  devices: Type.Array(Type.Composite([Type.Object({ deviceId: Type.Integer(), deviceName: Type.String() }), StateFigures])),
  buckets: Type.Array(Type.Object({ start: Type.Integer(), hours: PerState, kwh: PerState, wasteYuan: Type.Number() })),
});
export type StateEnergy = Static<typeof StateEnergy>;
