import { describe, expect, it } from 'vitest';
import { pressureOption, ratioOption, slotState, specificPowerOption, timelineOption, type ChartTokens } from './charts';
import { LOADING, PRESSURE, RATIO } from './fixtures.test-data';

const c: ChartTokens = { primary: 'p', secondary: 's', text: 't', success: 'g', warning: 'w', error: 'e', info: 'i', fill: 'f', successBg: 'b' };
const time = (ts: number) => String(ts);

describe('timeline states (load/unload Gantt)', () => {
  it('stopped when it never ran; loaded ≥ 95 % of its run; unloaded ≤ 5 %; else cycling; unknown without data', () => {
    expect(slotState({ loadedH: 0, unloadedH: 0 })).toBe(0);
    expect(slotState({ loadedH: 0.01, unloadedH: 0.24 })).toBe(1);
    expect(slotState({ loadedH: 0.6, unloadedH: 0.4 })).toBe(2);
    expect(slotState({ loadedH: 0.25, unloadedH: 0 })).toBe(3);
    expect(slotState({ loadedH: null, unloadedH: 0 })).toBeNull();
  });
  it('one cell per machine and bucket, coloured by state, tooltip with the hours', () => {
    const o = timelineOption(LOADING, c, { states: ['off', 'unl', 'cyc', 'load'], tip: (h) => `L${h.loaded} U${h.unloaded} O${h.off}` }, time) as { series: { data: { value: number[] }[] }[]; tooltip: { formatter: (p: unknown) => string } };
    expect(o.series[0]?.data.map((d) => d.value)).toEqual([
      [0, 0, 2],
      [1, 0, 2],
      [0, 1, 3],
      [1, 1, 0],
    ]);
    expect(o.tooltip.formatter({ data: o.series[0]?.data[0] })).toContain('cyc<br/>L0.60 U0.40 O0.00');
  });
});

describe('specific power and ratio charts', () => {
  it('a line per machine and the station, with the station’s three grade lines', () => {
    const o = specificPowerOption(RATIO, c, { station: 'Station', grade: (g) => `G${g.grade} ${g.specificPower}`, unit: 'kW/(m³/min)' }, time) as { series: { name: string; markLine?: { data: { yAxis: number; name: string }[] } }[] };
    expect(o.series.map((s) => s.name)).toEqual(['AC1', 'AC2 VSD', 'Station']);
    // the station stands apart from the machines, whose lines take the palette (its first colour is the primary)
    expect((o.series[2] as { lineStyle?: { color?: string } }).lineStyle?.color).toBe('t');
    expect(o.series[2]?.markLine?.data.map((d) => [d.yAxis, d.name])).toEqual([
      [6.2, 'G1 6.2'],
      [7, 'G2 7'],
      [7.8, 'G3 7.8'],
    ]);
  });
  it('air as bars and m³/kWh on the second axis', () => {
    const o = ratioOption(RATIO, c, { air: 'Air', ratio: 'Ratio' }, time) as { series: { name: string; data: (number | null)[] }[] };
    expect(o.series.map((s) => [s.name, s.data])).toEqual([
      ['Air', [1200, 1200]],
      ['Ratio', [9.6, 9.6]],
    ]);
  });
});

describe('pressure chart', () => {
  it('mean with min and max, the band shaded from low to high, the target line', () => {
    const o = pressureOption(PRESSURE, c, { avg: 'Mean', min: 'Min', max: 'Max', band: 'Band', target: 'Target' }, time) as {
      series: { name: string; markArea?: { data: { yAxis: number }[][] }; markLine?: { data: { yAxis: number }[] } }[];
    };
    expect(o.series.map((s) => s.name)).toEqual(['Min', 'Max', 'Mean']);
    expect(o.series[2]?.markArea?.data[0]?.map((x) => x.yAxis)).toEqual([0.6, 0.68]);
    expect(o.series[2]?.markLine?.data[0]?.yAxis).toBe(0.64);
  });
});
