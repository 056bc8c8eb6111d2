import { ENERGY_TYPE_VALUES } from '@ems/contract';

/**
 * Enumerations and energy types served to the browser: data only, [id, zh, en]. Ids follow the
 * spec where it gives them (section 3 event enums, event classes, user types).
 */
type Entry = readonly [id: number, zh: string, en: string];

export const ENUMERATIONS: Readonly<Record<string, readonly Entry[]>> = {
  eventtype: [
    [1, '剩余电流', 'residual current'],
    [2, '温度', 'temperature'],
    [3, '功率越限', 'power over-limit'],
    [4, '探头故障', 'probe failure'],
    [5, '开关变位', 'switch event'],
  ],
  eventlevel: [
    [1, '事故', 'accident'],
    [2, '报警', 'alarm'],
    [4, '预警', 'early warning'],
  ],
  eventstatus: [
    [0, '活动', 'active'],
    [1, '已结束', 'finished'],
  ],
  confirmstatus: [
    [1, '未确认', 'unconfirmed'],
    [3, '已确认', 'confirmed'],
  ],
  eventclass: [
    [1, '事故', 'accident'],
    [2, '报警', 'alarm'],
    [3, '一般', 'general'],
    [4, '预警', 'early warning'],
    [5, '其他', 'other'],
  ],
  usertype: [
    [1, '平台管理员', 'platform administrator'],
    [2, '服务工程师', 'service engineer'],
    [3, '项目经理', 'project manager'],
    [4, '厂站运维', 'plant operator'],
  ],
};

/**
 * Energy types: [code, zh, en, unit, symbol]. The metered carriers are the model's ENERGY_TYPE codes
 * (one numbering for meters, rollups and reports); standard coal and CO2 are derived quantities.
 */
const SYMBOLS: Readonly<Record<number, string>> = { 2: 'elec', 3: 'water', 15: 'gas', 16: 'steam', 17: 'heat', 18: 'cold', 19: 'diesel', 45: 'air' };
export const ENERGY_TYPES: readonly (readonly [number, string, string, string, string])[] = [
  ...ENERGY_TYPE_VALUES.map((e) => [e.value, e.zh, e.en, e.unit, SYMBOLS[e.value] ?? String(e.value)] as const),
  [13, '标准煤', 'standard coal', 'tce', 'tce'],
  [22, '二氧化碳', 'CO2 emission', 'tCO2', 'co2'],
];
