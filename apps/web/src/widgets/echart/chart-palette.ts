import type { GlobalToken } from 'antd';

/**
 * The colours a feature's option builders draw with, taken from the antd tokens so that a chart
 * follows the light or dark theme. Each feature's builders name the part they read (a Pick).
 */
export interface ChartPalette {
  primary: string;
  /** secondary text: limit lines, notes on the plot */
  secondary: string;
  /** labels drawn on the plot */
  text: string;
  success: string;
  warning: string;
  error: string;
  info: string;
  successBg: string;
  warningBg: string;
  errorBg: string;
  infoBg: string;
  /** a neutral fill (an idle slot) */
  fill: string;
  purple: string;
  cyan: string;
  /** the invisible base of a stacked bar (a waterfall step) */
  transparent: string;
}

export function chartPalette(token: GlobalToken): ChartPalette {
  return {
    primary: token.colorPrimary,
    secondary: token.colorTextSecondary,
    text: token.colorText,
    success: token.colorSuccess,
    warning: token.colorWarning,
    error: token.colorError,
    info: token.colorInfo,
    successBg: token.colorSuccessBg,
    warningBg: token.colorWarningBg,
    errorBg: token.colorErrorBg,
    infoBg: token.colorInfoBg,
    fill: token.colorFillSecondary,
    purple: token.purple,
    cyan: token.cyan,
    transparent: 'transparent',
  };
}
