import { describe, expect, it } from 'vitest';
import type { StateEnergy } from '@ems/contract';
import { stackedOption, wasteSharePct } from './state-view';

const per = (running: number, standby: number, stopped: number, unknown: number) => ({ running, standby, stopped, unknown });

describe('state view', () => {
  it('stacked bars: one series per state in order running, standby, stopped, unknown, kWh or hours per bucket', () => {
    const e = { buckets: [{ start: 1, hours: per(8, 2, 14, 0), kwh: per(848, 64, 11.204, 0), wasteYuan: 0 }] } as unknown as StateEnergy;
    const names = { running: 'R', standby: 'S', stopped: 'O', unknown: 'U' };
    const colours = { running: 'g', standby: 'y', stopped: 'x', unknown: 'z' };
    const o = stackedOption(e, 'kwh', names, colours, (t) => `t${t}`, 'kWh') as { series: { name: string; data: number[]; stack: string }[]; xAxis: { data: string[] } };
    expect(o.series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['R', 'state', [848]],
      ['S', 'state', [64]],
      ['O', 'state', [11.2]],
      ['U', 'state', [0]],
    ]);
    expect(o.xAxis.data).toEqual(['t1']);
    const h = stackedOption(e, 'hours', names, colours, String, 'h') as { series: { data: number[] }[] };
    expect(h.series.map((s) => s.data[0])).toEqual([8, 2, 14, 0]);
  });
  it('waste share: 150.4 of 1846.4 kWh is 8.15 %; none without energy', () => {
    expect(wasteSharePct({ meteredKwh: 1846.4, wasteKwh: 150.4 })).toBeCloseTo(8.1455, 3);
    expect(wasteSharePct({ meteredKwh: 0, wasteKwh: 0 })).toBeNull();
  });
});
