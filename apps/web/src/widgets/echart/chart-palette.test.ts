import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { chartPalette } from './chart-palette';

describe('chart palette', () => {
  it('takes every colour from the theme tokens, light and dark', () => {
    for (const algorithm of [theme.defaultAlgorithm, theme.darkAlgorithm]) {
      const token = theme.getDesignToken({ algorithm });
      const c = chartPalette(token);
      expect(c).toMatchObject({ primary: token.colorPrimary, secondary: token.colorTextSecondary, text: token.colorText, successBg: token.colorSuccessBg, fill: token.colorFillSecondary, purple: token.purple });
      expect(Object.values(c).every((v) => typeof v === 'string' && v !== '')).toBe(true);
    }
  });
});
