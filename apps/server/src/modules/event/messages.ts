/** What an event says, in both languages (stored with the event; the reader's language picks one). */
export interface Text {
  zh: string;
  en: string;
}

const OP_ZH: Record<number, string> = { 1: '大于', 2: '小于', 3: '等于', 4: '大于等于', 5: '小于等于', 6: '不等于' };
const OP_EN: Record<number, string> = { 1: 'above', 2: 'below', 3: 'equal to', 4: 'at or above', 5: 'at or below', 6: 'not equal to' };

const fmt = (v: number, digits = 2) => String(Math.round(v * 10 ** digits) / 10 ** digits);

export interface PointName {
  zh: string;
  en: string;
  unit: string;
}

export const texts = {
  limit: (node: string, p: PointName, op: number, value: number, limit: number, rule: string): Text => ({
    zh: `${node} ${p.zh} ${fmt(value)}${p.unit} ${OP_ZH[op] ?? ''}限值 ${fmt(limit)}${p.unit}（规则：${rule}）`,
    en: `${node} ${p.en} ${fmt(value)}${p.unit} is ${OP_EN[op] ?? ''} the limit ${fmt(limit)}${p.unit} (rule: ${rule})`,
  }),
  demandPre: (node: string, forecastKw: number, contractKw: number, percent: number): Text => ({
    zh: `${node} 预测需量 ${fmt(forecastKw, 1)} kW 达到合同需量 ${fmt(contractKw, 0)} kW 的 ${fmt(percent, 1)}%（需量预警）`,
    en: `${node} forecast demand ${fmt(forecastKw, 1)} kW reaches ${fmt(percent, 1)} % of the contracted ${fmt(contractKw, 0)} kW (demand pre-alarm)`,
  }),
  demandOver: (node: string, demandKw: number, contractKw: number): Text => ({
    zh: `${node} 需量 ${fmt(demandKw, 1)} kW 超过合同需量 ${fmt(contractKw, 0)} kW`,
    en: `${node} demand ${fmt(demandKw, 1)} kW exceeds the contracted ${fmt(contractKw, 0)} kW`,
  }),
  offline: (node: string, minutes: number): Text => ({
    zh: `${node} 已离线：超过 ${minutes} 分钟没有数据`,
    en: `${node} is offline: no data for more than ${minutes} minutes`,
  }),
  switchChange: (node: string, from: number, to: number): Text => ({
    zh: `${node} 开关状态变位：${from === 1 ? '合' : '分'} → ${to === 1 ? '合' : '分'}`,
    en: `${node} switch changed: ${from === 1 ? 'closed' : 'open'} → ${to === 1 ? 'closed' : 'open'}`,
  }),
  efficiency: (node: string, indicator: 'cop' | 'specificPower', value: number, threshold: number): Text =>
    indicator === 'cop'
      ? { zh: `${node} 上一小时能效比 COP ${fmt(value)} 低于阈值 ${fmt(threshold)}`, en: `${node} COP of the last hour ${fmt(value)} is below the threshold ${fmt(threshold)}` }
      : {
          zh: `${node} 上一小时比功率 ${fmt(value)} kW/(m³/min) 高于阈值 ${fmt(threshold)}`,
          en: `${node} specific power of the last hour ${fmt(value)} kW/(m³/min) is above the threshold ${fmt(threshold)}`,
        },
  efficiencyGrade: (node: string, indicator: 'cop' | 'specificPower', value: number, from: number, to: number): Text =>
    indicator === 'cop'
      ? { zh: `${node} 能效等级由 ${from} 级降为 ${to} 级（上一小时 COP ${fmt(value)}）`, en: `${node} efficiency grade dropped from ${from} to ${to} (COP of the last hour ${fmt(value)})` }
      : {
          zh: `${node} 能效等级由 ${from} 级降为 ${to} 级（上一小时比功率 ${fmt(value)} kW/(m³/min)）`,
          en: `${node} efficiency grade dropped from ${from} to ${to} (specific power of the last hour ${fmt(value)} kW/(m³/min))`,
        },
  balance: (node: string, lossPercent: number, tolerance: number): Text => ({
    zh: `${node} 上一小时损耗率 ${fmt(lossPercent, 1)}% 超过允许值 ${fmt(tolerance, 1)}%`,
    en: `${node} loss rate of the last hour ${fmt(lossPercent, 1)} % exceeds the tolerance ${fmt(tolerance, 1)} %`,
  }),
  negativeLoss: (node: string, lossPercent: number): Text => ({
    zh: `${node} 上一小时损耗率为负（${fmt(lossPercent, 1)}%）：子表之和大于总表，疑似计量故障`,
    en: `${node} loss rate of the last hour is negative (${fmt(lossPercent, 1)} %): the child meters exceed the parent, a metering fault is suspected`,
  }),
  quotaForecast: (node: string, projected: number, quota: number, unit: string): Text => ({
    zh: `${node} 本月预计用量 ${fmt(projected, 0)} ${unit} 将超过定额 ${fmt(quota, 0)} ${unit}`,
    en: `${node} projected consumption this month ${fmt(projected, 0)} ${unit} will exceed the quota ${fmt(quota, 0)} ${unit}`,
  }),
  nightUse: (node: string, perHour: number, limit: number, unit: string, from: number, to: number): Text => ({
    zh: `${node} 夜间（${from}:00–${to}:00）平均每小时用量 ${fmt(perHour)} ${unit} 超过限值 ${fmt(limit)} ${unit}，疑似泄漏或设备未关`,
    en: `${node} used ${fmt(perHour)} ${unit} an hour on average at night (${from}:00–${to}:00), above the limit of ${fmt(limit)} ${unit}: a leak or a load left on is suspected`,
  }),
  quotaReached: (node: string, used: number, quota: number, unit: string): Text => ({
    zh: `${node} 本月用量 ${fmt(used, 0)} ${unit} 已达到定额 ${fmt(quota, 0)} ${unit}`,
    en: `${node} consumption this month ${fmt(used, 0)} ${unit} has reached the quota ${fmt(quota, 0)} ${unit}`,
  }),
  inspectionOrder: (node: string, source: { zh: string; en: string }, by: string, comment: string): Text => ({
    zh: `巡检工单：请到现场检查 ${node}（${by} 派发${comment ? `：${comment}` : ''}）。来源事件：${source.zh}`,
    en: `Inspection order: check ${node} on site (raised by ${by}${comment ? `: ${comment}` : ''}). Source event: ${source.en}`,
  }),
};
