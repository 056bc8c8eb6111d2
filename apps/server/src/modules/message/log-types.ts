import { LOG_TYPE } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';

/** The message centre's name of each log type (issue 4 §1 table), zh_cn and en. */
const LOG_TYPE_NAMES: Record<number, readonly [string, string]> = {
  [LOG_TYPE.quotaForecast]: ['能耗定额预测超标', 'consumption quota forecast breach'],
  [LOG_TYPE.limit]: ['能耗量越限', 'consumption over limit'],
  [LOG_TYPE.abnormal]: ['能耗异常', 'abnormal consumption'],
  [LOG_TYPE.demandPreAlarm]: ['需量预警', 'demand pre-alarm'],
  [LOG_TYPE.demandOverLimit]: ['需量越限', 'demand over limit'],
  [LOG_TYPE.balanceLoss]: ['损耗超标', 'balance loss over tolerance'],
  [LOG_TYPE.negativeLoss]: ['负损耗（计量故障）', 'negative loss (metering fault)'],
  [LOG_TYPE.efficiencyLow]: ['能效低于阈值', 'efficiency below threshold'],
  [LOG_TYPE.efficiencyGradeDrop]: ['能效等级下降', 'efficiency grade dropped'],
  [LOG_TYPE.quotaReached]: ['能耗定额已达', 'consumption quota reached'],
  [LOG_TYPE.inspectionOrder]: ['巡检工单', 'inspection order raised'],
  [LOG_TYPE.deviceOffline]: ['设备离线', 'device offline'],
  [LOG_TYPE.switchChange]: ['开关变位', 'switch state change'],
  [LOG_TYPE.accidentLevel]: ['事故级告警', 'accident-level alarm'],
  [LOG_TYPE.environmentLimit]: ['运行参数越限', 'operating quantity over limit'],
};

/** The readable name of a log type in the language; an unknown type reads "other event" with its number. */
export function logTypeName(logType: number, lang: Lang): string {
  const names = LOG_TYPE_NAMES[logType];
  if (names) return names[lang === 'en' ? 1 : 0];
  return lang === 'en' ? `other event (${logType})` : `其他事件（${logType}）`;
}

/** Every log type with a name (the test checks each has both languages). */
export const NAMED_LOG_TYPES: readonly number[] = Object.keys(LOG_TYPE_NAMES).map(Number);
