import { afterEach, describe, expect, it } from 'vitest';
import type { EChartsOption } from 'echarts';
import { animationAllowed, applyChartDefaults, hasChartData } from './chart-defaults';

type Tip = { valueFormatter: (v: unknown) => string };

describe('spec 9: chart defaults', () => {
  it('value axes split in 5 unless set; category axes untouched', () => {
    const out = applyChartDefaults({ xAxis: { type: 'category' }, yAxis: [{ type: 'value' }, { type: 'value', splitNumber: 3 }] }) as Record<string, unknown>;
    expect(out.xAxis).toEqual({ type: 'category' });
    expect(out.yAxis).toEqual([
      { type: 'value', splitNumber: 5 },
      { type: 'value', splitNumber: 3 },
    ]);
  });
  it("tooltip values show 2 decimals by default, '--' when missing, or the chosen precision", () => {
    const tip = (applyChartDefaults({ tooltip: {} }) as { tooltip: Tip }).tooltip;
    expect(tip.valueFormatter(12.345)).toBe('12.35');
    expect(tip.valueFormatter(null)).toBe('--');
    const tip3 = (applyChartDefaults({ tooltip: {} }, { precision: 3 }) as { tooltip: Tip }).tooltip;
    expect(tip3.valueFormatter(1)).toBe('1.000');
  });
  it('a caller formatter wins', () => {
    const formatter = () => 'x';
    expect(applyChartDefaults({ tooltip: { formatter } }).tooltip).toEqual({ formatter });
  });
  it('time-axis zoom spans at least 1 hour', () => {
    const out = applyChartDefaults({ xAxis: { type: 'time' }, dataZoom: [{ type: 'inside' }] }) as Record<string, unknown>;
    expect(out.dataZoom).toEqual([{ type: 'inside', minValueSpan: 3_600_000 }]);
  });
  it('animation can be switched off; transparent background for the themed card', () => {
    expect(applyChartDefaults({}, { animation: false })).toMatchObject({ animation: false, backgroundColor: 'transparent' });
    expect(applyChartDefaults({})).not.toHaveProperty('animation');
  });
});

describe('empty state detection', () => {
  it.each<[string, EChartsOption, boolean]>([
    ['no series', {}, false],
    ['empty series data', { series: [{ type: 'line', data: [] }] }, false],
    ['one point', { series: [{ type: 'line', data: [1] }] }, true],
    ['dataset rows', { dataset: { source: [[1, 2]] }, series: [{ type: 'bar' }] }, true],
    ['sankey nodes', { series: [{ type: 'sankey', nodes: [{ name: 'a' }], links: [] }] }, true],
  ])('%s → %s', (_, option, has) => expect(hasChartData(option)).toBe(has));
});

describe('global no-animation flag for browser tests', () => {
  afterEach(() => delete (window as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__);
  it('window.__EMS_NO_ANIMATION__ turns animation off', () => {
    expect(animationAllowed()).toBe(true);
    (window as { __EMS_NO_ANIMATION__?: boolean }).__EMS_NO_ANIMATION__ = true;
    expect(animationAllowed()).toBe(false);
  });
});
