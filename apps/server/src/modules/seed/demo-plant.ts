import { DATA_ID, DEMO_VIDEO_URL } from '@ems/contract';
import type { Ems } from '../../context.js';

/**
 * The demo plants (EMS_DEMO=1, docs/demo-plant.md): the model tree of each demo project, with a
 * stable `code` on every node and, on meters and devices, what the simulator (apps/server/src/sim)
 * makes them read. Data only, plus the insert that resolves `parentMeterId` from codes.
 */

/** Shapes of a day (activity 0..1 by local time and day type), see sim/calendar.ts. */
export type Profile = 'twoShift' | 'oneShift' | 'office' | 'lighting' | 'canteen' | 'always' | 'night' | 'ev';

/** How a meter's 15-min consumption is produced. Units per hour of the meter's energy type (kW, m3/h, t/h). */
export type MeterBehaviour =
  /** peak × (base + (1 − base) × activity), ×weather factor on the variable part ('cool': comfort cooling, 'heat': heating demand) */
  | { k: 'load'; profile: Profile; peak: number; base: number; weather?: 'cool' | 'heat' }
  /** Σ children ÷ (1 − loss), loss drawn per group in 2.6–3.4 % */
  | { k: 'sum' }
  /** chiller-plant equipment of unit `unit` (0-based) from the cooling load and the part-load COP curve; chillerCooling: the cooling that chiller delivers (kWh) */
  | { k: 'chiller' | 'chwPump' | 'cwPump' | 'tower' | 'chillerCooling'; unit: number }
  /** the chiller plant's delivered cooling (kWh) */
  | { k: 'cooling' }
  /** air compressor `unit` (0..fixed-1 fixed speed, fixed: the VSD trim machine): electricity or delivered air */
  | { k: 'compressor' | 'compressorAir'; unit: number }
  /** that compressor's loaded-time or run-time counter (h), on the compressor node itself (sim/model.ts adds them) */
  | { k: 'compressorLoaded' | 'compressorRun'; unit: number }
  /** boiler fuel gas (from the steam main and the efficiency curve) or its auxiliaries' electricity */
  | { k: 'boilerGas' | 'boilerElec' };

export interface SimMeter {
  kind: 'meter';
  /** ENERGY_TYPE code; 0 for a counter of no energy (production output) */
  energyType: number;
  /** the counter's data point when it is not the energy type's (the production-output counter, 106) */
  dataId?: number;
  /** code of the parent meter (parentMeterId) */
  parent?: string;
  b: MeterBehaviour;
  /** power factor (electricity) */
  pf?: number;
  /** 10 kV metering: no phase voltages, currents on 10 kV */
  hv?: boolean;
  /** also a reactive-energy counter (kvarh) */
  reactive?: boolean;
  /** a power-quality meter: THD, unbalance, frequency and the phase-A harmonic spectrum (DOMAIN §9) */
  pq?: boolean;
}

export type DeviceKind = 'chiller' | 'chwPump' | 'cwPump' | 'tower' | 'compressor' | 'boiler' | 'env' | 'gas' | 'breaker';

export interface SimDevice {
  kind: DeviceKind;
  unit?: number;
  /** environment sensors: where */
  place?: 'outdoor' | 'workshop' | 'office' | 'elecRoom' | 'plantRoom' | 'dataRoom' | 'warehouse';
  /** environment sensors measuring PM2.5 or noise instead of temperature and humidity */
  sensor?: 'pm25' | 'noise';
  /** gas detectors: combustible (%LEL, data point 100) or CO (mg/m³, 101) */
  gas?: 'combustible' | 'co';
}

export interface DemoNode {
  label: string;
  name: string;
  /** stable key of the node (node.code), e.g. E-T1 */
  code?: string;
  attrs?: Record<string, unknown>;
  children?: DemoNode[];
  sim?: SimMeter | SimDevice;
  /** a feeder cabinet: code of its meter, sited in the building or room it supplies (attrs.meterId) */
  meterRef?: string;
  /** attributes naming another node of the plant by its code, set to that node's id on insert (a boiler's steamMeterId, gasMeterId) */
  refs?: Record<string, string>;
}

/** Plant-level simulator parameters of a project. */
export interface PlantConfig {
  /** PRNG seed of the project */
  seed: number;
  chillers: {
    n: number;
    ratedKw: number;
    cop: number;
    chwPumpKw: number;
    cwPumpKw: number;
    towerKw: number;
    chwFlowM3h: number;
    cwFlowM3h: number;
    /** cooling load: process kW × production activity */
    processKw: number;
    /** comfort kW per K above balanceC × comfort activity */
    perK: number;
    balanceC: number;
    processProfile: Profile;
    comfortProfile: Profile;
    /** comfort activity outside the profile (night set-back) */
    comfortFloor: number;
  };
  compressors?: {
    fixed: number;
    fixedKw: number;
    fixedFlow: number;
    vsdKw: number;
    vsdFlow: number;
    header: string;
    /** rated discharge pressure of the machines (nameplate), MPa */
    ratedMPa: number;
    /** fixed machines load at loadMPa and unload at unloadMPa (the header's set-point band); the VSD holds targetMPa */
    loadMPa: number;
    unloadMPa: number;
    targetMPa: number;
    /**
     * The planted leak, % of the station's rated flow: the air the branches draw while nothing is
     * produced (the floor of the air meters under the header), so the idle hours' load/unload
     * behaviour recovers it (DOMAIN §7 leak test).
     */
    leakPct: number;
  };
  /**
   * The gas boiler (sim/boiler.ts): rated t/h, its steam meter, the drum pressure set-point (gauge),
   * the gas's LHV, the continuous blowdown (% of the steam) and the surface loss at rating; its
   * efficiency is planted as 100 − q2 − q3 − q5 from the flue gas it reports.
   */
  boiler?: { ratedTph: number; steamMain: string; pressureSetMPa: number; lhvKjPerM3: number; blowdownPct: number; q5RatedPct: number };
  /** planted faults (times relative to the seed's "now", local day starts) */
  faults: {
    leak?: { meter: string; daysBack: number; perHour: number };
    gap?: { meter: string; daysBack: number; fromHour: number; hours: number };
    reset?: { meter: string; daysBack: number; hour: number; minute: number };
    spike?: { meter: string; daysBack: number; hour: number; minute: number; extra: number };
    /** live faults for the rule engine (issue 4), planted shortly before the seed's "now" so they show at once: */
    /** an environment sensor reads `celsius` (± busy-hour heat) from `minutesBack` on: its room's air conditioning failed */
    hot?: { sensor: string; minutesBack: number; celsius: number };
    /** a meter stops reporting `minutesBack` before "now" and never comes back (offline) */
    silent?: { meter: string; minutesBack: number };
    /** a leak upstream of the branch meters: the parent meter counts `perHour` more than its children from `hoursBack` on */
    unmeteredLeak?: { meter: string; hoursBack: number; perHour: number };
    /** a feeder's breaker (status point 20) is open for `openMin` minutes of every `periodMin` (from "now") */
    breaker?: { cabinet: string; periodMin: number; openMin: number };
    /** a gas detector reads about `lel` %LEL (pre-alarm: 25–50) from `minutesBack` before "now" for `hours`: a solvent leak */
    gasLeak?: { detector: string; minutesBack: number; hours: number; lel: number };
  };
}

const REGISTER_MAX = 99999999.99;
const CT = (peak: number) => (peak > 600 ? 300 : peak > 200 ? 80 : peak > 60 ? 40 : peak > 20 ? 20 : 1);

interface MeterOpts {
  parent?: string;
  /** accuracy class, % (unset: the energy type's default) */
  accuracyClass?: number;
  /** 'output': counts what its device makes, measured again downstream (not a consumption) */
  purpose?: 'output';
  ctPt?: number;
  ratedKw?: number;
  pf?: number;
  hv?: boolean;
  reactive?: boolean;
  pq?: boolean;
  children?: DemoNode[];
}

function meter(code: string, name: string, energyType: number, b: MeterBehaviour, o: MeterOpts = {}): DemoNode {
  const peak = b.k === 'load' ? b.peak : 0;
  const rated = o.ratedKw ?? (b.k === 'load' && energyType === 2 ? Math.ceil(peak * 1.4) : undefined);
  return {
    label: 'meter',
    name,
    code,
    attrs: {
      energyType,
      ctPt: o.ctPt ?? (energyType === 2 ? CT(peak) : 1),
      registerMax: REGISTER_MAX,
      ...(rated !== undefined ? { ratedKw: rated } : {}),
      lossTolerancePct: energyType === 2 ? 5 : 8,
      ...(o.accuracyClass !== undefined ? { accuracyClass: o.accuracyClass } : {}),
      ...(o.purpose !== undefined ? { purpose: o.purpose } : {}),
      // the demo's steam is raised by the factory's own gas boiler (G-BOILER): left out of tce and CO₂
      ...(energyType === S ? { supply: 'onsite' } : {}),
    },
    sim: {
      kind: 'meter',
      energyType,
      ...(o.parent !== undefined ? { parent: o.parent } : {}),
      b,
      ...(o.pf !== undefined ? { pf: o.pf } : {}),
      ...(o.hv ? { hv: true } : {}),
      ...(o.reactive ? { reactive: true } : {}),
      ...(o.pq ? { pq: true } : {}),
    },
    ...(o.children ? { children: o.children } : {}),
  };
}

const E = 2;
const W = 3;
const G = 15;
const S = 16;
const A = 45;
const C = 18;
const sum: MeterBehaviour = { k: 'sum' };
const load = (profile: Profile, peak: number, base: number, weather?: 'cool' | 'heat'): MeterBehaviour => ({ k: 'load', profile, peak, base, ...(weather ? { weather } : {}) });

/** An electricity meter fed from `parent`. */
const em = (code: string, name: string, parent: string, b: MeterBehaviour, o: MeterOpts = {}) => meter(code, name, E, b, { parent, pf: 0.92, ...o });

/** SCB13 dry-type transformers (GB 20052-2020 level 3 values). */
const SCB13: Record<number, { p0Kw: number; pkKw: number; i0Pct: number; ukPct: number }> = {
  800: { p0Kw: 1.21, pkKw: 6.96, i0Pct: 0.8, ukPct: 6 },
  1250: { p0Kw: 1.67, pkKw: 9.69, i0Pct: 0.7, ukPct: 6 },
  1600: { p0Kw: 1.96, pkKw: 11.73, i0Pct: 0.7, ukPct: 6 },
};

function transformer(code: string, name: string, kva: number, children: DemoNode[]): DemoNode {
  const t = SCB13[kva] ?? { p0Kw: 1.67, pkKw: 9.69, i0Pct: 0.7, ukPct: 6 };
  return {
    label: 'transformer',
    name,
    code,
    attrs: { ratedKva: kva, ...t, primaryVoltageKv: 10, secondaryVoltageKv: 0.4, insulation: 'dry' },
    children,
  };
}

const busbar = (code: string, name: string, children: DemoNode[]): DemoNode => ({ label: 'generatrix', name, code, attrs: { voltageKv: 0.4, ratedCurrentA: 2500 }, children });
const feeder = (code: string, name: string, children: DemoNode[], ratedCurrentA = 400): DemoNode => ({
  label: 'cabinet',
  name,
  code,
  attrs: { cabinetType: 'outgoing', voltageKv: 0.4, ratedCurrentA },
  children,
  sim: { kind: 'breaker' },
});
/**
 * A feeder cabinet whose meter is sited where its consumption belongs (the workshop, room or plant
 * room it supplies): the cabinet names it (attrs.meterId), the meter keeps its parentMeterId chain.
 */
const feederTo = (code: string, name: string, meterCode: string, ratedCurrentA = 400): DemoNode => ({ ...feeder(code, name, [], ratedCurrentA), meterRef: meterCode });
const room = (code: string, name: string, roomType: string, children: DemoNode[] = []): DemoNode => ({ label: 'room', name, code, attrs: { roomType }, children });
/** Production output counted at a production room (attrs.outputUnit, data point 106): pieces per hour while the shifts run. */
const withOutput = (n: DemoNode, piecesPerHour: number): DemoNode => ({
  ...n,
  attrs: { ...n.attrs, outputUnit: 'pcs' },
  sim: { kind: 'meter', energyType: 0, dataId: DATA_ID.productionOutput, b: { k: 'load', profile: 'twoShift', peak: piecesPerHour, base: 0 } },
});
const floorNode = (code: string, name: string, floorNo: number, children: DemoNode[]): DemoNode => ({ label: 'floor', name, code, attrs: { floorNo }, children });
const env = (code: string, name: string, place: SimDevice['place'], sensorKind: 'temperatureHumidity' | 'pm25' | 'noise' = 'temperatureHumidity', setpoints: Record<string, number> = {}): DemoNode => ({
  label: 'envsensor',
  name,
  code,
  attrs: { sensorKind, ...setpoints },
  sim: { kind: 'env', place, ...(sensorKind !== 'temperatureHumidity' ? { sensor: sensorKind } : {}) },
});
/** Workshops: pre-alarm at 32 °C, alarm at 35 °C (the seeded rule 车间温度高). */
const WORKSHOP_BAND = { temperaturePreAlarm: 32, temperatureHigh: 35 };
/** Gas detectors with DOMAIN §13's setpoints: combustible 25 / 50 %LEL (GB/T 50493), CO 20 / 40 mg/m³ (100 / 200 % of PC-TWA). */
const gasDet = (code: string, name: string, gas: 'combustible' | 'co'): DemoNode => ({
  label: 'gasdetector',
  name,
  code,
  attrs: gas === 'combustible' ? { gas, alarmLow: 25, alarmHigh: 50, unit: '%LEL' } : { gas, alarmLow: 20, alarmHigh: 40, unit: 'mg/m³' },
  sim: { kind: 'gas', gas },
});
/** The demo's cameras all play the HLS test pattern the server serves to signed-in users (apps/server/assets/demo-video). */
const camera = (code: string, name: string, location: string): DemoNode => ({ label: 'camera', name, code, attrs: { streamUrl: DEMO_VIDEO_URL, location } });

/**
 * A chiller plant: n chillers, chilled/cooling pumps and towers, each with its electricity meter under
 * `plantMeter`; each chiller also has a cooling-energy meter (counter 17) under the plant's `coolingMeter`.
 */
function chillerPlant(prefix: string, c: PlantConfig['chillers'], plantMeter: string, coolingMeter: string): DemoNode[] {
  const nodes: DemoNode[] = [];
  const chillerKw = Math.round(c.ratedKw / c.cop);
  for (let i = 0; i < c.n; i++) {
    const n = i + 1;
    nodes.push({
      label: 'chiller',
      name: `${n}#冷水机组`,
      code: `${prefix}-CH${n}`,
      attrs: { ratedCoolingKw: c.ratedKw, ratedCop: c.cop, ratedKw: chillerKw, condenser: 'water', ratedChwFlowM3h: c.chwFlowM3h, ratedCwFlowM3h: c.cwFlowM3h },
      sim: { kind: 'chiller', unit: i },
      children: [
        em(`${prefix}-E-CH${n}`, `${n}#冷水机组电表`, plantMeter, { k: 'chiller', unit: i }, { ctPt: 80, ratedKw: Math.ceil(chillerKw * 1.5), pf: 0.9 }),
        meter(`${prefix}-C-CH${n}`, `${n}#冷水机组冷量表`, C, { k: 'chillerCooling', unit: i }, { parent: coolingMeter }),
      ],
    });
  }
  for (let i = 0; i < c.n; i++) {
    const n = i + 1;
    nodes.push({
      label: 'chilledpump',
      name: `${n}#冷冻水泵`,
      code: `${prefix}-CHWP${n}`,
      attrs: { ratedKw: c.chwPumpKw, ratedFlowM3h: c.chwFlowM3h, ratedHeadM: 32, speedControl: 'fixed' },
      sim: { kind: 'chwPump', unit: i },
      children: [em(`${prefix}-E-CHWP${n}`, `${n}#冷冻泵电表`, plantMeter, { k: 'chwPump', unit: i }, { ctPt: 20, ratedKw: Math.ceil(c.chwPumpKw * 1.4), pf: 0.87 })],
    });
  }
  for (let i = 0; i < c.n; i++) {
    const n = i + 1;
    nodes.push({
      label: 'coolingpump',
      name: `${n}#冷却水泵`,
      code: `${prefix}-CWP${n}`,
      attrs: { ratedKw: c.cwPumpKw, ratedFlowM3h: c.cwFlowM3h, ratedHeadM: 28, speedControl: 'fixed' },
      sim: { kind: 'cwPump', unit: i },
      children: [em(`${prefix}-E-CWP${n}`, `${n}#冷却泵电表`, plantMeter, { k: 'cwPump', unit: i }, { ctPt: 20, ratedKw: Math.ceil(c.cwPumpKw * 1.4), pf: 0.87 })],
    });
  }
  for (let i = 0; i < c.n; i++) {
    const n = i + 1;
    nodes.push({
      label: 'coolingtower',
      name: `${n}#冷却塔`,
      code: `${prefix}-CT${n}`,
      attrs: { ratedKw: c.towerKw, ratedFlowM3h: c.cwFlowM3h, speedControl: 'variable' },
      sim: { kind: 'tower', unit: i },
      children: [em(`${prefix}-E-CT${n}`, `${n}#冷却塔电表`, plantMeter, { k: 'tower', unit: i }, { ctPt: 1, ratedKw: Math.ceil(c.towerKw * 1.4), pf: 0.85 })],
    });
  }
  return nodes;
}

// ---------------------------------------------------------------- project 1: the factory

const FACTORY: PlantConfig = {
  seed: 20250101,
  chillers: {
    n: 3,
    ratedKw: 879,
    cop: 5.7,
    chwPumpKw: 22,
    cwPumpKw: 30,
    towerKw: 7.5,
    chwFlowM3h: 151,
    cwFlowM3h: 189,
    processKw: 420,
    perK: 95,
    balanceC: 19,
    processProfile: 'twoShift',
    comfortProfile: 'twoShift',
    comfortFloor: 0.12,
  },
  compressors: { fixed: 3, fixedKw: 110, fixedFlow: 20, vsdKw: 90, vsdFlow: 16, header: 'A-MAIN', ratedMPa: 0.8, loadMPa: 0.6, unloadMPa: 0.68, targetMPa: 0.64, leakPct: 22 },
  boiler: { ratedTph: 4, steamMain: 'S-MAIN', pressureSetMPa: 0.8, lhvKjPerM3: 35_900, blowdownPct: 5, q5RatedPct: 2.1 },
  faults: {
    leak: { meter: 'W-TOILET', daysBack: 21, perHour: 1.2 },
    gap: { meter: 'E-INJ', daysBack: 2, fromHour: 2, hours: 6 },
    reset: { meter: 'W-CLEAN', daysBack: 4, hour: 10, minute: 7 },
    spike: { meter: 'E-PRESS1', daysBack: 5, hour: 14, minute: 30, extra: 60 },
    hot: { sensor: 'P1-ENV-SUB', minutesBack: 30, celsius: 41.5 },
    silent: { meter: 'E-GATE', minutesBack: 20 },
    unmeteredLeak: { meter: 'W-DOM', hoursBack: 6, perHour: 0.6 },
    breaker: { cabinet: 'P1-F-EV', periodMin: 30, openMin: 3 },
    gasLeak: { detector: 'P1-GD-PAINT2', minutesBack: 15, hours: 8, lel: 31 },
  },
};

/** 3# transformer: the utility building's own substation (10 kV from the main room's outgoing feeder). */
const factoryT3: DemoNode[] = [
    transformer('P1-T3', '3#变压器', 800, [
    em('E-T3', '3#变低压总表', 'E-HV', sum, { accuracyClass: 0.5, ctPt: 300, ratedKw: 1100, reactive: true, pq: true, pf: 0.91 }),
    busbar('P1-BUS3', '0.4kV III段母线', [
      feederTo('P1-F-BOILER', '锅炉房馈线', 'E-BOILER'),
      feederTo('P1-F-PUMP', '水泵房馈线', 'E-PUMP'),
      feederTo('P1-F-OFFICE', '办公楼馈线', 'E-OFFICE'),
      // the site lighting's feeder meter: its branches light the buildings (sited there) and the roads
      feeder('P1-F-LIGHT', '厂区照明馈线', [
        em('E-LIGHT', '厂区照明', 'E-T3', sum, { ctPt: 20, ratedKw: 130, children: [em('E-STREET', '厂区路灯', 'E-LIGHT', load('night', 8, 0), { pf: 0.95 })] }),
      ]),
      feeder('P1-F-WWT', '污水处理站馈线', [em('E-WWT', '污水处理站', 'E-T3', load('always', 22, 0.7), { pf: 0.85 })]),
      feederTo('P1-F-WH', '仓库动力馈线', 'E-WH'),
      feeder('P1-F-EV', '充电桩馈线', [em('E-EV', '充电桩', 'E-T3', load('ev', 60, 0), { pf: 0.97 })]),
      feeder('P1-F-GATE', '门卫及停车场馈线', [em('E-GATE', '门卫及停车场', 'E-T3', load('always', 6, 0.7), { pf: 0.95 })]),
    ]),
  ]),
];

const factoryElectric: DemoNode = {
  label: 'distributionroom',
  name: '10kV配电室',
  code: 'P1-DR',
  attrs: { voltageKv: 10 },
  children: [
    {
      label: 'cabinet',
      name: '10kV进线柜',
      code: 'P1-HV-IN',
      attrs: { cabinetType: 'incoming', voltageKv: 10, ratedCurrentA: 630 },
      sim: { kind: 'breaker' },
      children: [meter('E-HV', '10kV总进线', E, sum, { accuracyClass: 0.5, ctPt: 4000, ratedKw: 4500, pf: 0.95, hv: true, reactive: true })],
    },
    transformer('P1-T1', '1#变压器', 1600, [
      em('E-T1', '1#变低压总表', 'E-HV', sum, { accuracyClass: 0.5, ctPt: 500, ratedKw: 2200, reactive: true, pq: true, pf: 0.93 }),
      busbar('P1-BUS1', '0.4kV I段母线', [
        feederTo('P1-F-STAMP', '冲压车间馈线', 'E-STAMP'),
        feederTo('P1-F-WELD', '焊装车间馈线', 'E-WELD'),
        feederTo('P1-F-PAINT', '涂装车间馈线', 'E-PAINT'),
        feederTo('P1-F-ASSY', '总装车间馈线', 'E-ASSY'),
        feederTo('P1-F-MACH', '机加工车间馈线', 'E-MACH'),
        feederTo('P1-F-INJ', '注塑车间馈线', 'E-INJ'),
      ]),
    ]),
    transformer('P1-T2', '2#变压器', 1600, [
      em('E-T2', '2#变低压总表', 'E-HV', sum, { accuracyClass: 0.5, ctPt: 500, ratedKw: 2000, reactive: true, pq: true, pf: 0.9 }),
      busbar('P1-BUS2', '0.4kV II段母线', [
        feederTo('P1-F-CHP', '制冷站馈线', 'E-CHP', 1250),
        feederTo('P1-F-AHU', '空调箱馈线', 'E-AHU'),
        feederTo('P1-F-VENT', '车间排风馈线', 'E-VENT'),
        feederTo('P1-F-AIR', '空压站馈线', 'E-AIR', 800),
      ]),
    ]),
    env('P1-ENV-DR', '配电室温湿度', 'elecRoom'),
    camera('P1-CAM-DR', '配电室摄像头', '10kV配电室柜列通道'),
  ],
};

// The supplies and distribution meters of the media stay in the plant rooms that hold them; the
// branch meters are sited where their consumption belongs (the workshops, office, warehouse, plant
// rooms below), their parentMeterId chains unchanged, so /energyConsumption ranks each place by
// what it uses (issue 11 review: 1#厂房 and 2#仓库 held no meter, a switch room "consumed" 67.8 %).
const waterTree: DemoNode = meter('W-MAIN', '厂区总水表', W, sum, {
  children: [
    meter('W-PROD', '生产用水', W, sum, { parent: 'W-MAIN' }),
    meter('W-DOM', '生活用水', W, sum, { parent: 'W-MAIN' }),
    meter('W-GARDEN', '绿化用水', W, load('oneShift', 1, 0), { parent: 'W-MAIN' }),
  ],
});

const gasTree: DemoNode = meter('G-MAIN', '天然气总表', G, sum, { children: [meter('G-BOILER', '锅炉燃气', G, { k: 'boilerGas' }, { parent: 'G-MAIN' })] });

const steamTree: DemoNode = meter('S-MAIN', '蒸汽总表', S, sum, { children: [meter('S-DHW', '生活热水换热站蒸汽', S, load('office', 0.25, 0.1, 'heat'), { parent: 'S-MAIN' })] });

const airTree: DemoNode = meter('A-MAIN', '压缩空气总管', A, sum);

/** Full-production compressed air of the workshops' air meters, m³/min (A-STAMP, A-WELD, A-MACH, A-PAINT, A-ASSY). */
const AIR_PEAKS_M3MIN = 12 + 10 + 6 + 8 + 9;
/**
 * A workshop's compressed air: its share of the planted leak (FACTORY.compressors.leakPct of the
 * station's rated flow, the leaks of its hoses, fittings and tools) all the time, production on top
 * up to `peakM3min` while the shifts run (m³/h counted).
 */
function airUse(code: string, name: string, peakM3min: number): DemoNode {
  const c = FACTORY.compressors as NonNullable<PlantConfig['compressors']>;
  const leakM3min = (c.leakPct / 100) * (c.fixed * c.fixedFlow + c.vsdFlow);
  return meter(code, name, A, load('twoShift', peakM3min * 60, leakM3min / AIR_PEAKS_M3MIN), { parent: 'A-MAIN' });
}

/** The meters of each place, every medium: electricity fed from the switch rooms' feeders (the feeder cabinet names its meter), the other media's branches. */
const SITED: Record<string, DemoNode[]> = {
  // 1#厂房 1F 生产车间A: stamping, welding, machining and parts washing
  'P1-R-PRODA': [
    em('E-STAMP', '冲压车间', 'E-T1', sum, {
      ctPt: 80,
      ratedKw: 480,
      children: [
        em('E-PRESS1', '1#压力机', 'E-STAMP', load('twoShift', 90, 0.06), { pf: 0.86 }),
        em('E-PRESS2', '2#压力机', 'E-STAMP', load('twoShift', 90, 0.06), { pf: 0.86 }),
        em('E-PRESS3', '3#压力机', 'E-STAMP', load('twoShift', 60, 0.06), { pf: 0.86 }),
        em('E-PRESS4', '4#压力机', 'E-STAMP', load('twoShift', 60, 0.06), { pf: 0.86 }),
      ],
    }),
    em('E-WELD', '焊装车间', 'E-T1', sum, {
      ctPt: 80,
      ratedKw: 450,
      children: [
        em('E-ROBOT1', '1#机器人工作站', 'E-WELD', load('twoShift', 80, 0.1), { pf: 0.9 }),
        em('E-ROBOT2', '2#机器人工作站', 'E-WELD', load('twoShift', 80, 0.1), { pf: 0.9 }),
        em('E-ROBOT3', '3#机器人工作站', 'E-WELD', load('twoShift', 80, 0.1), { pf: 0.9 }),
        em('E-WELD-AUX', '焊装辅助设备', 'E-WELD', load('twoShift', 40, 0.2), { pf: 0.88 }),
      ],
    }),
    em('E-MACH', '机加工车间', 'E-T1', sum, {
      ctPt: 40,
      ratedKw: 260,
      children: [1, 2, 3, 4].map((n) => em(`E-CNC${n}`, `${n}#数控加工中心`, 'E-MACH', load('twoShift', 45, 0.12), { pf: 0.86 })),
    }),
    meter('W-CLEAN', '清洗线用水', W, load('twoShift', 4, 0.05), { parent: 'W-PROD' }),
    airUse('A-STAMP', '冲压车间用气', 12),
    airUse('A-WELD', '焊装车间用气', 10),
    airUse('A-MACH', '机加工车间用气', 6),
  ],
  // 1#厂房 1F 生产车间B: the paint line (pretreatment, oven, booth) and injection moulding
  'P1-R-PRODB': [
    em('E-PAINT', '涂装车间', 'E-T1', sum, {
      ctPt: 80,
      ratedKw: 300,
      children: [
        em('E-OVEN', '烘干炉', 'E-PAINT', load('twoShift', 45, 0.2), { pf: 0.93 }),
        em('E-BOOTH', '喷漆房排风', 'E-PAINT', load('twoShift', 75, 0.15), { pf: 0.88 }),
        em('E-PRETREAT', '前处理线', 'E-PAINT', load('twoShift', 55, 0.15), { pf: 0.88 }),
        em('E-CONVEY', '涂装输送线', 'E-PAINT', load('twoShift', 30, 0.05), { pf: 0.85 }),
      ],
    }),
    em('E-INJ', '注塑车间', 'E-T1', load('twoShift', 180, 0.15), { pf: 0.9 }),
    meter('W-PRETREAT', '涂装前处理用水', W, load('twoShift', 6, 0.05), { parent: 'W-PROD' }),
    meter('W-INJ', '注塑冷却补水', W, load('twoShift', 2, 0.1), { parent: 'W-PROD' }),
    meter('S-PAINT', '涂装线蒸汽', S, load('twoShift', 0.9, 0.05), { parent: 'S-MAIN' }),
    meter('S-PRETREAT', '前处理加热蒸汽', S, load('twoShift', 0.6, 0.1, 'heat'), { parent: 'S-MAIN' }),
    meter('G-OVEN', '烘干炉燃气', G, load('twoShift', 40, 0.1), { parent: 'G-MAIN' }),
    airUse('A-PAINT', '涂装车间用气', 8),
  ],
  // 1#厂房 2F 装配车间: final assembly
  'P1-R-ASSY': [
    em('E-ASSY', '总装车间', 'E-T1', load('twoShift', 180, 0.08), { pf: 0.9 }),
    airUse('A-ASSY', '总装车间用气', 9),
  ],
  // 1#厂房 2F 办公区: offices, canteen and data room
  'P1-R-OFFICE': [
    em('E-OFFICE', '办公楼总表', 'E-T3', sum, {
      ctPt: 40,
      ratedKw: 300,
      children: [
        em('E-OFF-LP', '办公楼照明插座', 'E-OFFICE', load('office', 60, 0.12), { pf: 0.95 }),
        em('E-OFF-AC', '办公楼空调', 'E-OFFICE', load('office', 80, 0.03, 'cool'), { pf: 0.9 }),
        em('E-CANTEEN', '食堂', 'E-OFFICE', load('canteen', 45, 0.08), { pf: 0.93 }),
        em('E-IT', '数据机房', 'E-OFFICE', load('always', 25, 0.85), { pf: 0.95 }),
      ],
    }),
    meter('W-OFFICE', '办公楼用水', W, load('office', 1.5, 0.03), { parent: 'W-DOM' }),
    meter('W-CANTEEN', '食堂用水', W, load('canteen', 3, 0.02), { parent: 'W-DOM' }),
    meter('S-CANTEEN', '食堂蒸汽', S, load('canteen', 0.15, 0), { parent: 'S-MAIN' }),
    meter('G-CANTEEN', '食堂燃气', G, load('canteen', 18, 0), { parent: 'G-MAIN' }),
  ],
  // 1#厂房's floors: the lighting of each; the building: its AHUs, exhaust and toilets
  'P1-B1-1F': [em('E-LIGHT-1F', '1#厂房1F照明', 'E-LIGHT', load('lighting', 40, 0.05), { pf: 0.96 })],
  'P1-B1-2F': [em('E-LIGHT-2F', '1#厂房2F照明', 'E-LIGHT', load('lighting', 30, 0.05), { pf: 0.96 })],
  'P1-B1': [
    em('E-AHU', '厂房空调箱', 'E-T2', load('twoShift', 60, 0.1, 'cool'), { pf: 0.88 }),
    em('E-VENT', '车间排风', 'E-T2', load('twoShift', 40, 0.1), { pf: 0.86 }),
    meter('W-TOILET', '1#厂房卫生间用水', W, load('twoShift', 1.8, 0.03), { parent: 'W-DOM' }),
  ],
  // 2#仓库 仓储区
  'P1-R-WH': [
    em('E-WH', '2#仓库动力', 'E-T3', load('oneShift', 30, 0.1), { pf: 0.88 }),
    em('E-LIGHT-WH', '2#仓库照明', 'E-LIGHT', load('oneShift', 15, 0.05), { pf: 0.96 }),
    meter('W-WH', '2#仓库用水', W, load('oneShift', 0.5, 0.02), { parent: 'W-MAIN' }),
  ],
  // 动力中心's plant rooms: each room's own feeder meter (and its make-up water)
  'P1-R-CHP': [em('E-CHP', '制冷站总表', 'E-T2', sum, { ctPt: 200, ratedKw: 900, pf: 0.9 }), meter('W-TOWER', '冷却塔补水', W, load('twoShift', 5, 0.1, 'cool'), { parent: 'W-MAIN' })],
  'P1-R-AIR': [em('E-AIR', '空压站总表', 'E-T2', sum, { ctPt: 100, ratedKw: 600, pf: 0.87 })],
  'P1-R-BOILER': [em('E-BOILER', '锅炉房电表', 'E-T3', { k: 'boilerElec' }, { ctPt: 20, ratedKw: 40, pf: 0.85 }), meter('W-BOILER', '锅炉补水', W, load('twoShift', 1.2, 0.1), { parent: 'W-MAIN' })],
  'P1-R-PUMP': [
    em('E-PUMP', '水泵房', 'E-T3', sum, {
      ctPt: 20,
      ratedKw: 30,
      children: [
        em('E-DOMPUMP', '生活水泵', 'E-PUMP', load('office', 11, 0.2), { pf: 0.85 }),
        em('E-FIREPUMP', '消防稳压泵', 'E-PUMP', load('always', 3, 0.6), { pf: 0.82 }),
      ],
    }),
  ],
};
/** The meters sited at a place (SITED), after its own children. */
const sited = (code: string): DemoNode[] => SITED[code] ?? [];

function compressors(c: NonNullable<PlantConfig['compressors']>): DemoNode[] {
  const out: DemoNode[] = [];
  for (let i = 0; i <= c.fixed; i++) {
    const vsd = i === c.fixed;
    const n = i + 1;
    const kw = vsd ? c.vsdKw : c.fixedKw;
    out.push({
      label: 'aircompressor',
      name: `${n}#空压机${vsd ? '(变频)' : ''}`,
      code: `P1-AC${n}`,
      // nameplate (GB 19153-2019 grades them by type, drive, rated kW and discharge pressure) and the set-points of the header band
      attrs: {
        ratedFlowM3min: vsd ? c.vsdFlow : c.fixedFlow,
        ratedKw: kw,
        dischargePressureMpa: c.ratedMPa,
        speedControl: vsd ? 'variable' : 'fixed',
        compressorType: 'screw',
        ...(vsd ? { targetPressureMpa: c.targetMPa } : { loadPressureMpa: c.loadMPa, unloadPressureMpa: c.unloadMPa }),
      },
      sim: { kind: 'compressor', unit: i },
      children: [
        em(`E-AC${n}`, `${n}#空压机电表`, 'E-AIR', { k: 'compressor', unit: i }, { ctPt: 40, ratedKw: Math.ceil(kw * 1.3), pf: 0.87 }),
        // the compressor's delivered air, for its specific power: the same air A-MAIN meters downstream, so not a consumption of its own
        meter(`A-AC${n}`, `${n}#空压机排气流量`, A, { k: 'compressorAir', unit: i }, { purpose: 'output' }),
      ],
    });
  }
  return out;
}

const FACTORY_NODES: DemoNode[] = [
  {
    label: 'building',
    name: '1#厂房',
    code: 'P1-B1',
    attrs: { areaM2: 24000, floorCount: 2, buildYear: 2015 },
    children: [
      floorNode('P1-B1-1F', '1F', 1, [
        withOutput(room('P1-R-PRODA', '生产车间A', 'production', [
          env('P1-ENV-PRODA', '车间A温湿度', 'workshop', 'temperatureHumidity', WORKSHOP_BAND),
          env('P1-ENV-NOISE-A', '车间A噪声', 'workshop', 'noise'),
          camera('P1-CAM-PRODA', '车间A摄像头', '车间A东侧立柱'),
          ...sited('P1-R-PRODA'),
        ]), 240),
        withOutput(room('P1-R-PRODB', '生产车间B', 'production', [
          env('P1-ENV-PRODB', '车间B温湿度', 'workshop', 'temperatureHumidity', WORKSHOP_BAND),
          env('P1-ENV-PM-B', '车间B PM2.5', 'workshop', 'pm25'),
          camera('P1-CAM-PAINT', '涂装线摄像头', '涂装线喷漆房入口'),
          gasDet('P1-GD-PAINT1', '涂装线可燃气体探测器1', 'combustible'),
          gasDet('P1-GD-PAINT2', '涂装线可燃气体探测器2', 'combustible'),
          ...sited('P1-R-PRODB'),
        ]), 180),
        ...sited('P1-B1-1F'),
      ]),
      floorNode('P1-B1-2F', '2F', 2, [
        withOutput(room('P1-R-ASSY', '装配车间', 'production', [env('P1-ENV-ASSY', '装配车间温湿度', 'workshop', 'temperatureHumidity', WORKSHOP_BAND), ...sited('P1-R-ASSY')]), 150),
        room('P1-R-OFFICE', '办公区', 'office', [env('P1-ENV-OFFICE', '办公区温湿度', 'office'), gasDet('P1-GD-CANTEEN', '食堂可燃气体探测器', 'combustible'), ...sited('P1-R-OFFICE')]),
        ...sited('P1-B1-2F'),
      ]),
      ...sited('P1-B1'),
    ],
  },
  {
    label: 'building',
    name: '2#仓库',
    code: 'P1-B2',
    attrs: { areaM2: 9000, floorCount: 1, buildYear: 2016 },
    children: [floorNode('P1-B2-1F', '1F', 1, [room('P1-R-WH', '仓储区', 'warehouse', [env('P1-ENV-WH', '仓储区温湿度', 'warehouse'), ...sited('P1-R-WH')])])],
  },
  {
    label: 'building',
    name: '动力中心',
    code: 'P1-B3',
    attrs: { areaM2: 3200, floorCount: 1, buildYear: 2015 },
    children: [
      floorNode('P1-B3-1F', '1F', 1, [
        room('P1-R-CHP', '冷冻站', 'plant', [...sited('P1-R-CHP'), ...chillerPlant('P1', FACTORY.chillers, 'E-CHP', 'C-CHP'), meter('C-CHP', '制冷站冷量表', C, { k: 'cooling' }), env('P1-ENV-CHP', '冷冻站温湿度', 'plantRoom')]),
        room('P1-R-AIR', '空压站', 'plant', [
          ...sited('P1-R-AIR'),
          ...compressors(FACTORY.compressors as NonNullable<PlantConfig['compressors']>),
          em('E-DRYER', '冷干机', 'E-AIR', load('twoShift', 15, 0.3), { pf: 0.85 }),
          airTree,
        ]),
        room('P1-R-BOILER', '锅炉房', 'plant', [
          {
            label: 'boiler',
            name: '1#燃气蒸汽锅炉',
            code: 'P1-BLR1',
            attrs: {
              ratedCapacity: 4,
              ratedTph: 4,
              fuel: 'gas',
              medium: 'steam',
              ratedEfficiencyPct: 93,
              ratedPressureMpa: 1.25,
              fuelLhvMjPerM3: 35.9,
              blowdownPct: 5,
              q5RatedPct: 2.1,
              fuelPriceYuanPerM3: 3.6,
            },
            refs: { steamMeterId: 'S-MAIN', gasMeterId: 'G-BOILER' },
            sim: { kind: 'boiler' },
          },
          steamTree,
          gasTree,
          gasDet('P1-GD-BLR1', '锅炉房可燃气体探测器', 'combustible'),
          gasDet('P1-GD-BLR2', '锅炉房一氧化碳探测器', 'co'),
          camera('P1-CAM-BOILER', '锅炉房摄像头', '锅炉房操作平台'),
          ...sited('P1-R-BOILER'),
        ]),
        room('P1-R-PUMP', '水泵房', 'plant', [waterTree, ...sited('P1-R-PUMP')]),
        room('P1-R-SUB', '动力中心变电所', 'plant', [...factoryT3, env('P1-ENV-SUB', '变电所温湿度', 'elecRoom'), camera('P1-CAM-SUB', '变电所摄像头', '变电所变压器室门口')]),
      ]),
    ],
  },
  factoryElectric,
  env('P1-ENV-OUT', '室外气象站', 'outdoor'),
  camera('P1-CAM-GATE', '厂区大门摄像头', '厂区南大门'),
];

// ---------------------------------------------------------------- project 2: the office park

const PARK: PlantConfig = {
  seed: 20250202,
  chillers: {
    n: 2,
    ratedKw: 1407,
    cop: 6.1,
    chwPumpKw: 37,
    cwPumpKw: 45,
    towerKw: 15,
    chwFlowM3h: 242,
    cwFlowM3h: 302,
    processKw: 0,
    perK: 110,
    balanceC: 17,
    processProfile: 'office',
    comfortProfile: 'office',
    comfortFloor: 0,
  },
  faults: {},
};

const PARK_NODES: DemoNode[] = [
  {
    label: 'building',
    name: 'A座',
    code: 'P2-BA',
    attrs: { areaM2: 38000, floorCount: 3, buildYear: 2018 },
    children: [
      floorNode('P2-BA-1F', '1F', 1, [room('P2-R-LOBBY', '大堂', 'office', [env('P2-ENV-LOBBY', '大堂温湿度', 'office'), camera('P2-CAM-LOBBY', '大堂摄像头', '大堂入口')]), room('P2-R-REST', '餐厅', 'other', [gasDet('P2-GD-KITCHEN', '厨房可燃气体探测器', 'combustible')])]),
      floorNode('P2-BA-2F', '2F', 2, [room('P2-R-OPEN', '开放办公区', 'office', [env('P2-ENV-OPEN', '开放办公区温湿度', 'office')])]),
      floorNode('P2-BA-3F', '3F', 3, [room('P2-R-CONF', '会议中心', 'office')]),
    ],
  },
  {
    label: 'building',
    name: 'B座',
    code: 'P2-BB',
    attrs: { areaM2: 30000, floorCount: 2, buildYear: 2019 },
    children: [
      floorNode('P2-BB-1F', '1F', 1, [
        room('P2-R-DC', '数据机房', 'datacenter', [env('P2-ENV-DC', '数据机房温湿度', 'dataRoom', 'temperatureHumidity', { temperaturePreAlarm: 25, temperatureHigh: 27, temperatureLow: 18, humidityHigh: 60 }), camera('P2-CAM-DC', '数据机房摄像头', '机柜列冷通道')]),
        room('P2-R-CHP', '制冷机房', 'plant', [...chillerPlant('P2', PARK.chillers, 'E2-CHP', 'C2-CHP'), meter('C2-CHP', '空调冷量表', C, { k: 'cooling' })]),
      ]),
      floorNode('P2-BB-2F', '2F', 2, [room('P2-R-BOFFICE', '办公区', 'office', [env('P2-ENV-BOFFICE', 'B座办公区温湿度', 'office')])]),
    ],
  },
  {
    label: 'distributionroom',
    name: '配电房',
    code: 'P2-DR',
    attrs: { voltageKv: 10 },
    children: [
      {
        label: 'cabinet',
        name: '10kV进线柜',
        code: 'P2-HV-IN',
        attrs: { cabinetType: 'incoming', voltageKv: 10, ratedCurrentA: 400 },
        sim: { kind: 'breaker' },
        children: [meter('E2-HV', '10kV总进线', E, sum, { accuracyClass: 0.5, ctPt: 3000, ratedKw: 3000, pf: 0.96, hv: true, reactive: true })],
      },
      transformer('P2-T1', '1#变压器', 1250, [
        em('E2-T1', '1#变低压总表', 'E2-HV', sum, { accuracyClass: 0.5, ctPt: 400, ratedKw: 1500, reactive: true, pq: true, pf: 0.94 }),
        busbar('P2-BUS1', '0.4kV I段母线', [
          feeder('P2-F-ALP', 'A座照明插座馈线', [
            em('E2-A-LP', 'A座照明插座', 'E2-T1', sum, {
              ctPt: 40,
              ratedKw: 420,
              children: [
                em('E2-A-1F', 'A座1F照明插座', 'E2-A-LP', load('office', 70, 0.1), { pf: 0.95 }),
                em('E2-A-2F', 'A座2F照明插座', 'E2-A-LP', load('office', 110, 0.08), { pf: 0.95 }),
                em('E2-A-3F', 'A座3F照明插座', 'E2-A-LP', load('office', 90, 0.08), { pf: 0.95 }),
              ],
            }),
          ]),
          feeder('P2-F-AAC', 'A座空调末端馈线', [em('E2-A-AHU', 'A座空调末端', 'E2-T1', load('office', 140, 0.04, 'cool'), { pf: 0.88 })]),
          feeder('P2-F-ALIFT', 'A座电梯馈线', [em('E2-A-LIFT', 'A座电梯', 'E2-T1', load('office', 45, 0.08), { pf: 0.85 })]),
          feeder('P2-F-KITCHEN', '餐厅厨房馈线', [em('E2-KITCHEN', '餐厅厨房', 'E2-T1', load('canteen', 80, 0.1), { pf: 0.93 })]),
          feeder('P2-F-LAND', '景观照明馈线', [em('E2-LAND', '景观照明', 'E2-T1', load('night', 25, 0), { pf: 0.95 })]),
          feeder('P2-F-FIRE', '消防水泵馈线', [em('E2-FIRE', '消防水泵', 'E2-T1', load('always', 4, 0.6), { pf: 0.82 })]),
        ]),
      ]),
      transformer('P2-T2', '2#变压器', 1250, [
        em('E2-T2', '2#变低压总表', 'E2-HV', sum, { accuracyClass: 0.5, ctPt: 400, ratedKw: 1500, reactive: true, pq: true, pf: 0.92 }),
        busbar('P2-BUS2', '0.4kV II段母线', [
          feeder('P2-F-CHP', '空调主机房馈线', [em('E2-CHP', '空调主机房总表', 'E2-T2', sum, { ctPt: 200, ratedKw: 800, pf: 0.9 })], 1250),
          feeder('P2-F-BLP', 'B座照明插座馈线', [
            em('E2-B-LP', 'B座照明插座', 'E2-T2', sum, {
              ctPt: 40,
              ratedKw: 260,
              children: [
                em('E2-B-1F', 'B座1F照明插座', 'E2-B-LP', load('office', 60, 0.1), { pf: 0.95 }),
                em('E2-B-2F', 'B座2F照明插座', 'E2-B-LP', load('office', 100, 0.08), { pf: 0.95 }),
              ],
            }),
          ]),
          feeder('P2-F-BAHU', 'B座新风机组馈线', [em('E2-B-AHU', 'B座新风机组', 'E2-T2', load('office', 75, 0.05, 'cool'), { pf: 0.88 })]),
          feeder('P2-F-BLIFT', 'B座电梯馈线', [em('E2-B-LIFT', 'B座电梯', 'E2-T2', load('office', 30, 0.08), { pf: 0.85 })]),
          feeder('P2-F-DC', '数据机房馈线', [
            em('E2-DC', '数据机房总表', 'E2-T2', sum, {
              ctPt: 40,
              ratedKw: 260,
              children: [
                em('E2-DC-IT', 'UPS输出(IT负载)', 'E2-DC', load('always', 120, 0.9), { pf: 0.98 }),
                em('E2-DC-AC', '精密空调', 'E2-DC', load('always', 45, 0.6, 'cool'), { pf: 0.9 }),
              ],
            }),
          ]),
          feeder('P2-F-EV', '充电桩馈线', [em('E2-EV', '充电桩', 'E2-T2', load('ev', 120, 0), { pf: 0.97 })]),
          feeder('P2-F-GARAGE', '地下车库照明排风馈线', [em('E2-GARAGE', '地下车库照明排风', 'E2-T2', load('office', 35, 0.35), { pf: 0.9 })]),
        ]),
      ]),
      env('P2-ENV-DR', '配电房温湿度', 'elecRoom'),
    ],
  },
  meter('W2-MAIN', '园区总水表', W, sum, {
    children: [
      meter('W2-A', 'A座用水', W, load('office', 5, 0.03), { parent: 'W2-MAIN' }),
      meter('W2-B', 'B座用水', W, load('office', 4, 0.03), { parent: 'W2-MAIN' }),
      meter('W2-REST', '餐厅用水', W, load('canteen', 4, 0.02), { parent: 'W2-MAIN' }),
      meter('W2-TOWER', '冷却塔补水', W, load('office', 8, 0, 'cool'), { parent: 'W2-MAIN' }),
      meter('W2-GARDEN', '绿化用水', W, load('oneShift', 1.5, 0), { parent: 'W2-MAIN' }),
    ],
  }),
  meter('G2-REST', '餐厅燃气', G, load('canteen', 25, 0)),
  env('P2-ENV-OUT', '室外气象站', 'outdoor'),
];

export const DEMO_PLANTS: { nodes: DemoNode[]; plant: PlantConfig }[] = [
  { nodes: FACTORY_NODES, plant: FACTORY },
  { nodes: PARK_NODES, plant: PARK },
];

/** Every node of a tree, depth first. */
export function walk(nodes: readonly DemoNode[], visit: (n: DemoNode, parent: DemoNode | undefined) => void, parent?: DemoNode): void {
  for (const n of nodes) {
    visit(n, parent);
    if (n.children) walk(n.children, visit, n);
  }
}

/**
 * Inserts a demo plant under the project (node.code from `code`), then sets each meter's
 * `parentMeterId` attribute to the id of its parent meter and each feeder cabinet's `meterId` to the
 * id of its meter (sited in the place it supplies).
 */
export async function insertDemoNodes(ems: Ems, projectId: number, nodes: readonly DemoNode[]): Promise<void> {
  const ids = new Map<string, number>();
  const now = ems.config.now();
  await ems.db.transaction().execute(async (tx) => {
    const insert = async (list: readonly DemoNode[], parentId: number | null) => {
      for (const [sort, node] of list.entries()) {
        const row = await tx
          .insertInto('node')
          .values({ project_id: projectId, parent_id: parentId, model_label: node.label, name: node.name, code: node.code ?? '', attrs: JSON.stringify(node.attrs ?? {}), sort, create_time: now, update_time: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        if (node.code) ids.set(node.code, id);
        if (node.children) await insert(node.children, id);
      }
    };
    await insert(nodes, null);
    const updates: { id: number; attrs: string }[] = [];
    walk(nodes, (n) => {
      if (n.refs !== undefined && n.code) {
        const id = ids.get(n.code) as number;
        const resolved = Object.fromEntries(
          Object.entries(n.refs).map(([attr, code]) => {
            const ref = ids.get(code);
            if (ref === undefined) throw new Error(`demo plant: ${code} named by ${n.code}.${attr} missing`);
            return [attr, ref];
          }),
        );
        updates.push({ id, attrs: JSON.stringify({ ...n.attrs, ...resolved }) });
      }
      if (n.meterRef !== undefined && n.code) {
        const id = ids.get(n.code);
        const meterId = ids.get(n.meterRef);
        if (id === undefined || meterId === undefined) throw new Error(`demo plant: meter ${n.meterRef} of ${n.code} missing`);
        updates.push({ id, attrs: JSON.stringify({ ...n.attrs, meterId }) });
      }
      if (n.sim?.kind !== 'meter' || n.sim.parent === undefined || !n.code) return;
      const id = ids.get(n.code);
      const parentId = ids.get(n.sim.parent);
      if (id === undefined || parentId === undefined) throw new Error(`demo plant: parent meter ${n.sim.parent} of ${n.code} missing`);
      updates.push({ id, attrs: JSON.stringify({ ...n.attrs, parentMeterId: parentId }) });
    });
    for (const u of updates) await tx.updateTable('node').set({ attrs: u.attrs }).where('id', '=', u.id).execute();
  });
}
