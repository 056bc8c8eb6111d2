import { describe, expect, it } from 'vitest';
import { buildEchartsTheme } from './echarts-theme';
import { designTokens } from './antd-theme';

describe('ECharts themes derive from antd tokens', () => {
  it.each(['light', 'dark'] as const)('%s: transparent background, text and axis colours from the tokens', (theme) => {
    const t = designTokens(theme);
    const chart = buildEchartsTheme({ ...t, palette: [t.cyan] });
    expect(chart.backgroundColor).toBe('transparent');
    expect((chart.textStyle as { color: string }).color).toBe(t.colorText);
    expect((chart.color as string[])[0]).toBe(t.colorPrimary);
    expect((chart.valueAxis as { axisLabel: { color: string } }).axisLabel.color).toBe(t.colorTextSecondary);
  });
  it('dark and light text colours differ', () => {
    expect(designTokens('dark').colorText).not.toBe(designTokens('light').colorText);
  });
});
