import { describe, expect, it } from 'vitest';
import type { LineSeriesOption } from 'echarts';
import type { SensorTrend } from '@ems/contract';
import { sensorTrendOption } from './trend-option';

const trend: SensorTrend = {
  sensorId: 7,
  name: 'P1-GD-PAINT2',
  from: 0,
  to: 86_400_000,
  channels: [
    {
      quantity: 'combustible',
      dataId: 100,
      name: '可燃气体浓度',
      unit: '%LEL',
      limits: [
        { level: 'alarm', side: 'high', value: 50 },
        { level: 'preAlarm', side: 'high', value: 25 },
      ],
      points: [
        [60_000, 2.1],
        [120_000, 31.4],
      ],
    },
  ],
};

describe('sensorTrendOption', () => {
  const o = sensorTrendOption(trend, { colorWarning: 'orange', colorError: 'red' }, { preAlarm: '预警', alarm: '报警' }, 'Asia/Shanghai');
  const s = (o.series as LineSeriesOption[])[0]!;
  const H8 = 8 * 3_600_000;
  it("one line per channel with its points, on the project's wall clock (Shanghai, +8 h, drawn in UTC)", () => {
    expect(s.data).toEqual([[60_000 + H8, 2.1], [120_000 + H8, 31.4]]);
    expect(o.useUTC).toBe(true);
    expect(o.xAxis).toEqual({ type: 'time', min: H8, max: 86_400_000 + H8 });
  });
  it('a dashed line per limit: alarm 50 in the error colour, pre-alarm 25 in the warning colour', () =>
    expect((s.markLine?.data as { name: string; yAxis: number; lineStyle: { color: string } }[]).map((d) => [d.name, d.yAxis, d.lineStyle.color])).toEqual([
      ['报警', 50, 'red'],
      ['预警', 25, 'orange'],
    ]));
  it('the axis takes the limits in, in whole units: a max of 31.4 stretches to 50, a min of 2.1 starts at 2', () => {
    const axis = (o.yAxis as { max: (v: { max: number }) => number; min: (v: { min: number }) => number }[])[0]!;
    expect([axis.max({ max: 31.4 }), axis.min({ min: 2.1 })]).toEqual([50, 2]);
  });
});
