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

/**
 * The themes 'ems-light' and 'ems-dark' as ECharts registers them. ECharts itself loads on demand
 * with the first chart (widgets/echart/echarts-setup registers these), never in the initial route.
 */
export function echartsThemes(): { name: `ems-${Theme}`; theme: ReturnType<typeof buildEchartsTheme> }[] {
  const animation = !(window as unknown as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__;
  return (['light', 'dark'] as const).map((theme) => ({ name: echartsThemeName(theme), theme: buildEchartsTheme(chartTokens(theme), animation) }));
}
