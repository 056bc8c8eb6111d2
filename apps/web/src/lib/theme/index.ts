import { registerTheme } from 'echarts/core';
import type { Theme } from '../storage';
import { designTokens } from './antd-theme';
import { buildEchartsTheme, type ChartTokens } from './echarts-theme';

export { antdThemeConfig, designTokens } from './antd-theme';
export { buildEchartsTheme } from './echarts-theme';

/** ECharts theme name of a product theme; the chart wrapper passes `ems-${getTheme()}`. */
export function echartsThemeName(theme: Theme): `ems-${Theme}` {
  return `ems-${theme}`;
}

function chartTokens(theme: Theme): ChartTokens {
  const t = designTokens(theme);
  // further series colours: antd's preset colour tokens (the 6th shade of each palette)
  const palette = [t.cyan, t.purple, t.magenta, t.gold, t.lime, t.geekblue];
  return { ...t, palette };
}

/** Registers 'ems-light' and 'ems-dark' once, before any chart renders. */
export function registerEchartsThemes(): void {
  const animation = !(window as unknown as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__;
  for (const theme of ['light', 'dark'] as const) registerTheme(echartsThemeName(theme), buildEchartsTheme(chartTokens(theme), animation));
}
