/**
 * Model metadata of the plant tree (data, shared by server and web): every model label with its
 * names, the labels allowed directly under it and its typed attributes. Attribute names are a
 * contract: analyses read them (e.g. meter `energyType`, `ctPt`, `registerMax`, `ratedKw`). Only
 * append labels and attributes; never rename or renumber.
 */

export type AttrType = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'ref';

export interface EnumValueMeta {
  value: string | number;
  zh: string;
  en: string;
}

export interface AttrMeta {
  /** camelCase property name, flattened onto the node in query replies */
  name: string;
  type: AttrType;
  zh: string;
  en: string;
  unit?: string;
  required?: boolean;
  /** numbers and integers: inclusive bounds */
  min?: number;
  max?: number;
  /** numbers must be greater than min (min itself refused) */
  exclusiveMin?: boolean;
  /** strings: at most this many characters (default 255) */
  maxLength?: number;
  /** strings: a regular expression (unicode) the value must match */
  pattern?: string;
  /** enum: the allowed values (all numbers or all strings) */
  values?: readonly EnumValueMeta[];
  /** ref: the model label of the referenced node (same project) */
  refLabel?: string;
  /** stored on create when the attribute is not sent */
  default?: string | number | boolean;
}

export interface ModelMeta {
  label: string;
  zh: string;
  en: string;
  /** labels that may be created directly under a node of this label */
  children: readonly string[];
  attrs: readonly AttrMeta[];
  /** false: the node's own fields are not written by the hierarchy write (project: project API) */
  writable: boolean;
}

/** Energy-type codes of meter `energyType` (stable; shared with every analysis). */
export const ENERGY_TYPE = {
  electricity: 2,
  water: 3,
  gas: 15,
  steam: 16,
  heat: 17,
  cooling: 18,
  diesel: 19,
  compressedAir: 45,
} as const;
export type EnergyTypeCode = (typeof ENERGY_TYPE)[keyof typeof ENERGY_TYPE];

/** Energy types with names and the unit of their cumulative register. */
export const ENERGY_TYPE_VALUES: readonly (EnumValueMeta & { value: EnergyTypeCode; unit: string })[] = [
  { value: 2, zh: '电', en: 'electricity', unit: 'kWh' },
  { value: 3, zh: '水', en: 'water', unit: 'm3' },
  { value: 15, zh: '天然气', en: 'natural gas', unit: 'Nm3' },
  { value: 16, zh: '蒸汽', en: 'steam', unit: 't' },
  { value: 17, zh: '热量', en: 'heat', unit: 'GJ' },
  { value: 18, zh: '冷量', en: 'cooling', unit: 'kWh' },
  { value: 19, zh: '柴油', en: 'diesel', unit: 't' },
  { value: 45, zh: '压缩空气', en: 'compressed air', unit: 'Nm3' },
];

/** Every model label, tree order. */
export const MODEL_LABELS = [
  'project',
  'building',
  'floor',
  'room',
  'distributionroom',
  'generatrix',
  'cabinet',
  'transformer',
  'meter',
  'chiller',
  'chilledpump',
  'coolingpump',
  'coolingtower',
  'aircompressor',
  'boiler',
  'envsensor',
  'gasdetector',
  'camera',
] as const;
export type ModelLabel = (typeof MODEL_LABELS)[number];

/** The name rule of every node (1–50 characters, no special characters; as project names). */
export const NODE_NAME_MAX = 50;
export const NODE_CODE_MAX = 50;
export const NODE_CODE_PATTERN = '^[A-Za-z0-9_\\-.#]*$';

const DEVICES = ['chiller', 'chilledpump', 'coolingpump', 'coolingtower', 'aircompressor', 'boiler'] as const;
const SENSORS = ['envsensor', 'gasdetector', 'camera'] as const;
const ELECTRICAL = ['generatrix', 'transformer', 'cabinet'] as const;

/** Project industries (the project API stores these codes). */
export const INDUSTRY_VALUES: readonly EnumValueMeta[] = [
  { value: 'industrial', zh: '工业', en: 'industrial' },
  { value: 'commercial', zh: '商业', en: 'commercial' },
  { value: 'public', zh: '公共建筑', en: 'public building' },
  { value: 'residential', zh: '居住', en: 'residential' },
  { value: 'other', zh: '其他', en: 'other' },
];

const n = (name: string, zh: string, en: string, more: Partial<AttrMeta> = {}): AttrMeta => ({ name, type: 'number', zh, en, ...more });
const int = (name: string, zh: string, en: string, more: Partial<AttrMeta> = {}): AttrMeta => ({ name, type: 'integer', zh, en, ...more });
const en = (name: string, zh: string, enName: string, values: readonly EnumValueMeta[], more: Partial<AttrMeta> = {}): AttrMeta => ({
  name,
  type: 'enum',
  zh,
  en: enName,
  values,
  ...more,
});
const v = (value: string | number, zh: string, enName: string): EnumValueMeta => ({ value, zh, en: enName });

const ratedKw = n('ratedKw', '额定功率', 'rated power', { unit: 'kW', min: 0, max: 1e7 });
const areaM2 = n('areaM2', '面积', 'area', { unit: 'm2', min: 0, max: 999999999999.99 });
const voltageKv = n('voltageKv', '电压等级', 'voltage level', { unit: 'kV', min: 0, max: 1000 });
const ratedCurrentA = n('ratedCurrentA', '额定电流', 'rated current', { unit: 'A', min: 0, max: 1e6 });
const speedControl = en('speedControl', '调速方式', 'speed control', [v('fixed', '工频', 'fixed speed'), v('variable', '变频', 'variable speed')], { default: 'fixed' });
const ratedFlowM3h = n('ratedFlowM3h', '额定流量', 'rated flow', { unit: 'm3/h', min: 0, max: 1e6 });
const ratedHeadM = n('ratedHeadM', '额定扬程', 'rated head', { unit: 'm', min: 0, max: 10000 });
const pct = (name: string, zh: string, enName: string, more: Partial<AttrMeta> = {}) => n(name, zh, enName, { unit: '%', min: 0, max: 100, ...more });

const meta = (label: ModelLabel, zh: string, enName: string, children: readonly ModelLabel[], attrs: AttrMeta[], writable = true): ModelMeta => ({
  label,
  zh,
  en: enName,
  children,
  attrs,
  writable,
});

/** Metadata per label. */
export const MODEL_META: Readonly<Record<ModelLabel, ModelMeta>> = {
  project: meta(
    'project',
    '项目',
    'project',
    ['building', 'distributionroom', ...ELECTRICAL, 'meter', ...DEVICES, ...SENSORS],
    [
      { name: 'enName', type: 'string', zh: '英文名称', en: 'English name', maxLength: 100 },
      { name: 'address', type: 'string', zh: '地址', en: 'address' },
      { name: 'enAddress', type: 'string', zh: '英文地址', en: 'English address' },
      n('capacityKva', '装机容量', 'installed capacity', { unit: 'kVA', min: 0, max: 999999999 }),
      areaM2,
      { name: 'timezone', type: 'string', zh: '时区', en: 'time zone', maxLength: 64 },
      n('latitude', '纬度', 'latitude', { min: -90, max: 90 }),
      n('longitude', '经度', 'longitude', { min: -180, max: 180 }),
      en('industry', '行业', 'industry', INDUSTRY_VALUES),
    ],
    false,
  ),
  building: meta('building', '建筑', 'building', ['floor', 'room', 'distributionroom', ...ELECTRICAL, 'meter', ...DEVICES, ...SENSORS], [
    { name: 'address', type: 'string', zh: '地址', en: 'address' },
    areaM2,
    int('floorCount', '楼层数', 'number of floors', { min: 0, max: 300 }),
    int('buildYear', '建成年份', 'year built', { min: 1800, max: 2200 }),
  ]),
  floor: meta('floor', '楼层', 'floor', ['room', 'distributionroom', ...ELECTRICAL, 'meter', ...DEVICES, ...SENSORS], [
    int('floorNo', '楼层号', 'floor number', { min: -20, max: 300 }),
    areaM2,
  ]),
  room: meta('room', '房间', 'room', [...ELECTRICAL, 'meter', ...DEVICES, ...SENSORS], [
    en('roomType', '房间类型', 'room type', [
      v('production', '生产', 'production'),
      v('office', '办公', 'office'),
      v('warehouse', '仓储', 'warehouse'),
      v('datacenter', '机房', 'data centre'),
      v('plant', '站房', 'plant room'),
      v('other', '其他', 'other'),
    ]),
    areaM2,
  ]),
  distributionroom: meta('distributionroom', '配电室', 'distribution room', [...ELECTRICAL, 'meter', ...SENSORS], [voltageKv]),
  generatrix: meta('generatrix', '母线', 'busbar', ['cabinet', 'transformer', 'meter'], [voltageKv, ratedCurrentA]),
  cabinet: meta('cabinet', '配电柜/馈线', 'cabinet / feeder', ['cabinet', 'meter', ...DEVICES], [
    en('cabinetType', '柜型', 'cabinet type', [
      v('incoming', '进线柜', 'incoming'),
      v('outgoing', '出线柜', 'outgoing feeder'),
      v('buscoupler', '母联柜', 'bus coupler'),
      v('capacitor', '电容柜', 'capacitor'),
      v('metering', '计量柜', 'metering'),
    ]),
    voltageKv,
    ratedCurrentA,
    // the meter of the bay when it is sited elsewhere in the tree (in the building or room the feeder
    // supplies, where its consumption belongs); a meter under the cabinet itself comes first
    { name: 'meterId', type: 'ref', zh: '馈线计量表', en: 'feeder meter', refLabel: 'meter' },
  ]),
  transformer: meta('transformer', '变压器', 'transformer', ['generatrix', 'cabinet', 'meter'], [
    n('ratedKva', '额定容量', 'rated capacity', { unit: 'kVA', required: true, min: 0, exclusiveMin: true, max: 1e7 }),
    n('p0Kw', '空载损耗', 'no-load loss', { unit: 'kW', min: 0, max: 1e5 }),
    n('pkKw', '负载损耗', 'load loss', { unit: 'kW', min: 0, max: 1e5 }),
    pct('i0Pct', '空载电流', 'no-load current'),
    pct('ukPct', '短路阻抗', 'short-circuit impedance'),
    n('primaryVoltageKv', '一次电压', 'primary voltage', { unit: 'kV', min: 0, max: 1000 }),
    n('secondaryVoltageKv', '二次电压', 'secondary voltage', { unit: 'kV', min: 0, max: 1000 }),
    en('insulation', '绝缘类型', 'insulation', [v('oil', '油浸式', 'oil-immersed'), v('dry', '干式', 'dry-type')]),
    // the GB 20052-2024 row the grade is read from (absent: electrical steel, Dyn11, class F)
    en('coreMaterial', '铁心材质', 'core material', [v('steel', '电工钢带', 'electrical steel'), v('amorphous', '非晶合金', 'amorphous alloy')]),
    en('windingConnection', '联结组别', 'connection group', [v('Dyn11', 'Dyn11/Yzn11', 'Dyn11/Yzn11'), v('Yyn0', 'Yyn0', 'Yyn0')]),
    en('insulationClass', '绝缘耐热等级', 'insulation class', [v('B', 'B (100℃)', 'B (100 °C)'), v('F', 'F (120℃)', 'F (120 °C)'), v('H', 'H (145℃)', 'H (145 °C)')]),
  ]),
  meter: meta('meter', '计量表', 'meter', ['meter'], [
    en('energyType', '能源类型', 'energy type', ENERGY_TYPE_VALUES, { required: true }),
    n('ctPt', '变比倍率', 'CT/PT multiplier', { min: 0, exclusiveMin: true, max: 1e7, default: 1 }),
    n('registerMax', '表码最大值', 'register maximum', { min: 0, exclusiveMin: true, max: 1e15 }),
    ratedKw,
    { name: 'parentMeterId', type: 'ref', zh: '上级计量表', en: 'parent meter', refLabel: 'meter' },
    pct('lossTolerancePct', '损耗容差', 'loss tolerance'),
    // 'onsite': made on site from energy metered elsewhere (steam from the site's own boiler); left out of tce and CO₂
    en('supply', '能源来源', 'supply', [v('purchased', '外购', 'purchased'), v('onsite', '自产', 'made on site')], { default: 'purchased' }),
    // % of reading; unset: the energy type's default (@ems/domain DEFAULT_ACCURACY_CLASS_PCT). A balance gap within the meters' classes is no metering fault
    n('accuracyClass', '准确度等级', 'accuracy class', { unit: '%', min: 0, exclusiveMin: true, max: 10 }),
    // 'output': counts what its device makes (a compressor's delivered air), measured again downstream; left out of consumption totals, balances and flows
    en('purpose', '计量用途', 'purpose', [v('consumption', '能耗计量', 'consumption'), v('output', '设备产出', 'device output')], { default: 'consumption' }),
  ]),
  chiller: meta('chiller', '冷水机组', 'chiller', ['meter'], [
    n('ratedCoolingKw', '额定制冷量', 'rated cooling capacity', { unit: 'kW', min: 0, max: 1e6 }),
    n('ratedCop', '额定COP', 'rated COP', { min: 0, max: 50 }),
    ratedKw,
  ]),
  chilledpump: meta('chilledpump', '冷冻泵', 'chilled-water pump', ['meter'], [ratedKw, ratedFlowM3h, ratedHeadM, speedControl]),
  coolingpump: meta('coolingpump', '冷却泵', 'cooling-water pump', ['meter'], [ratedKw, ratedFlowM3h, ratedHeadM, speedControl]),
  coolingtower: meta('coolingtower', '冷却塔', 'cooling tower', ['meter'], [ratedKw, ratedFlowM3h, speedControl]),
  aircompressor: meta('aircompressor', '空压机', 'air compressor', ['meter'], [
    n('ratedFlowM3min', '额定排气量', 'rated flow', { unit: 'm3/min', min: 0, max: 10000 }),
    ratedKw,
    n('dischargePressureMpa', '排气压力', 'discharge pressure', { unit: 'MPa', min: 0, max: 100 }),
    speedControl,
    // the header's set-point band (issue 14): a fixed machine loads at the load pressure and unloads at the unload pressure; a VSD holds its target
    n('loadPressureMpa', '加载压力', 'load pressure', { unit: 'MPa', min: 0, max: 100 }),
    n('unloadPressureMpa', '卸载压力', 'unload pressure', { unit: 'MPa', min: 0, max: 100 }),
    n('targetPressureMpa', '目标压力', 'target pressure', { unit: 'MPa', min: 0, max: 100 }),
    en('compressorType', '压缩机类型', 'compressor type', [
      v('screw', '螺杆式', 'screw'),
      v('centrifugal', '离心式', 'centrifugal'),
      v('piston', '活塞式', 'piston'),
      v('scroll', '涡旋式', 'scroll'),
    ]),
  ]),
  boiler: meta('boiler', '锅炉', 'boiler', ['meter'], [
    n('ratedCapacity', '额定容量', 'rated capacity', { unit: 't/h', min: 0, max: 1e5 }),
    en('fuel', '燃料', 'fuel', [
      v('gas', '天然气', 'natural gas'),
      v('coal', '煤', 'coal'),
      v('oil', '燃油', 'oil'),
      v('biomass', '生物质', 'biomass'),
      v('electric', '电', 'electric'),
    ]),
    pct('ratedEfficiencyPct', '额定热效率', 'rated efficiency'),
    n('ratedPressureMpa', '额定压力', 'rated pressure', { unit: 'MPa', min: 0, max: 100 }),
    // boiler efficiency (issue 14, DOMAIN §8): what the direct and heat-loss methods and the GB 24500 grade need
    n('ratedTph', '额定蒸发量', 'rated evaporation', { unit: 't/h', min: 0, max: 1e5 }),
    en('medium', '介质', 'medium', [v('steam', '蒸汽', 'steam'), v('hotWater', '热水', 'hot water')], { default: 'steam' }),
    n('fuelLhvMjPerM3', '燃料低位发热量', 'fuel net calorific value', { unit: 'MJ/m3', min: 0, max: 1000, exclusiveMin: true }),
    pct('blowdownPct', '排污率', 'blowdown rate'),
    pct('q5RatedPct', '额定负荷散热损失', 'surface loss at rating'),
    n('fuelPriceYuanPerM3', '燃料单价', 'fuel price', { unit: 'CNY/m3', min: 0, max: 1000 }),
    { name: 'steamMeterId', type: 'ref', zh: '蒸汽计量表', en: 'steam meter', refLabel: 'meter' },
    { name: 'gasMeterId', type: 'ref', zh: '燃料计量表', en: 'fuel meter', refLabel: 'meter' },
  ]),
  envsensor: meta('envsensor', '环境传感器', 'environment sensor', [], [
    en('sensorKind', '传感器类型', 'sensor kind', [
      v('temperature', '温度', 'temperature'),
      v('humidity', '湿度', 'humidity'),
      v('temperatureHumidity', '温湿度', 'temperature and humidity'),
      v('pm25', 'PM2.5', 'PM2.5'),
      v('noise', '噪声', 'noise'),
    ]),
    // setpoints (issue 5, DOMAIN §13; packages/domain hazard.ts sensorChannels): absent → the defaults
    n('temperaturePreAlarm', '温度预警值', 'temperature pre-alarm', { unit: '°C', min: -50, max: 200 }),
    n('temperatureHigh', '高温报警值', 'high-temperature alarm', { unit: '°C', min: -50, max: 200 }),
    n('temperatureLow', '低温报警值', 'low-temperature alarm', { unit: '°C', min: -50, max: 200 }),
    n('humidityHigh', '湿度报警值', 'humidity alarm', { unit: '%RH', min: 0, max: 100 }),
    n('alarmLow', '低报值', 'low alarm', { min: 0, max: 1e6 }),
    n('alarmHigh', '高报值', 'high alarm', { min: 0, max: 1e6 }),
  ]),
  gasdetector: meta('gasdetector', '气体探测器', 'gas detector', [], [
    en('gas', '检测气体', 'gas', [
      v('combustible', '可燃气体', 'combustible'),
      v('co', '一氧化碳', 'CO'),
      v('h2s', '硫化氢', 'H2S'),
      v('o2', '氧气', 'O2'),
      v('nh3', '氨气', 'NH3'),
    ]),
    n('alarmLow', '低报值', 'low alarm', { min: 0, max: 1e6 }),
    n('alarmHigh', '高报值', 'high alarm', { min: 0, max: 1e6 }),
    { name: 'unit', type: 'string', zh: '单位', en: 'unit', maxLength: 20 },
  ]),
  camera: meta('camera', '摄像头', 'camera', [], [
    // a path from / is a stream this server serves (the demo's HLS fixture)
    { name: 'streamUrl', type: 'string', zh: '视频流地址', en: 'stream URL', maxLength: 500, pattern: '^((rtsp|rtmp|https?|wss?)://\\S+|/\\S+)$' },
    { name: 'location', type: 'string', zh: '安装位置', en: 'location', maxLength: 100 },
  ]),
};

export function isModelLabel(label: string): label is ModelLabel {
  return Object.prototype.hasOwnProperty.call(MODEL_META, label);
}

/**
 * Node properties held in columns, for filters, orders and props on every label: `id`, `name`,
 * `modelLabel`, `parentId` (null: directly under the project), `projectId`, `code`, `createTime`,
 * `updateTime` (ms).
 */
export const NODE_COLUMNS = ['id', 'name', 'modelLabel', 'parentId', 'projectId', 'code', 'createTime', 'updateTime'] as const;
export type NodeColumn = (typeof NODE_COLUMNS)[number];
