import type { GlobalToken } from 'antd';
import type { SensorLevel } from '@ems/contract';

export const LEVELS: readonly SensorLevel[] = ['normal', 'preAlarm', 'alarm', 'offline'];

/** The theme colour of a level: success, warning, error, disabled text. */
export function levelColor(level: SensorLevel, token: GlobalToken): string {
  switch (level) {
    case 'normal':
      return token.colorSuccess;
    case 'preAlarm':
      return token.colorWarning;
    case 'alarm':
      return token.colorError;
    default:
      return token.colorTextDisabled;
  }
}

/** antd Tag / Badge status of a level. */
export const LEVEL_STATUS: Record<SensorLevel, 'success' | 'warning' | 'error' | 'default'> = { normal: 'success', preAlarm: 'warning', alarm: 'error', offline: 'default' };
