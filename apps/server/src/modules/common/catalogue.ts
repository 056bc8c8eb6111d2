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

/** Energy types: [code, zh, en, unit, symbol]; codes shared with the energytype enumeration. */
export const ENERGY_TYPES: readonly (readonly [number, string, string, string, string])[] = [
  [2, '电', 'electricity', 'kWh', 'elec'],
  [3, '水', 'water', 'm3', 'water'],
  [4, '天然气', 'natural gas', 'Nm3', 'gas'],
  [5, '蒸汽', 'steam', 't', 'steam'],
  [6, '压缩空气', 'compressed air', 'Nm3', 'air'],
  [7, '冷量', 'cooling', 'GJ', 'cold'],
  [8, '热量', 'heat', 'GJ', 'heat'],
  [9, '柴油', 'diesel', 't', 'diesel'],
  [13, '标准煤', 'standard coal', 'tce', 'tce'],
  [18, '二氧化碳', 'CO2 emission', 'tCO2', 'co2'],
];
