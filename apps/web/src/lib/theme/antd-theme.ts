import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../storage';

/** The antd theme of each product theme: only the algorithm differs; everything else is tokens. */
export function antdThemeConfig(theme: Theme): ThemeConfig {
  return {
    algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    cssVar: { key: 'ems' },
  };
}

/** The resolved design tokens of a product theme (outside React, e.g. for ECharts). */
export function designTokens(theme: Theme) {
  return antdTheme.getDesignToken(antdThemeConfig(theme));
}
