import { describe, expect, it } from 'vitest';
import type { EfficiencyBucket } from '@ems/contract';
import { fleetZonesOption, lossSplitOption } from './efficiency-charts';

const c = { primary: 'p', secondary: 's', success: 'g', warning: 'w', error: 'e', info: 'i', successBg: 'gb', warningBg: 'wb', errorBg: 'eb', infoBg: 'ib' };
const labels = { noLoadKwh: 'NL kWh', loadKwh: 'L kWh', noLoadYuan: 'NL ¥', loadYuan: 'L ¥' };
const b = (t: number, yuan: boolean): EfficiencyBucket => ({ t, hours: 1, energyKwh: 600, noLoadLossKwh: 1, loadLossKwh: 4.5, noLoadLossYuan: yuan ? 0.2718 : null, loadLossYuan: yuan ? 1.22314 : null, loadRateAvgPct: 75 });
type Series = { name: string; stack?: string; data: (number | null)[]; yAxisIndex?: number }[];

describe('loss split chart (DOMAIN §5: E_loss = P0·t + Pk·Σβ²Δt)', () => {
  it('no-load and load kWh stacked, their ¥ on the right axis (to the fen)', () => {
    const o = lossSplitOption([b(0, true), b(3_600_000, true)], c, labels, (t) => String(t / 3_600_000));
    const s = o.series as Series;
    expect(s.map((x) => [x.name, x.stack ?? null, x.yAxisIndex ?? 0])).toEqual([
      ['NL kWh', 'kwh', 0],
      ['L kWh', 'kwh', 0],
      ['NL ¥', null, 1],
      ['L ¥', null, 1],
    ]);
    expect(s[3]?.data).toEqual([1.22, 1.22]);
    expect((o.xAxis as { data: string[] }).data).toEqual(['0', '1']);
  });
  it('without a tariff: kWh only, one axis', () => {
    const o = lossSplitOption([b(0, false)], c, labels, String);
    expect((o.series as Series).map((x) => x.name)).toEqual(['NL kWh', 'L kWh']);
    expect(o.yAxis).toHaveLength(1);
  });
});

describe('hours per zone of each unit', () => {
  it('one stacked bar per unit, a series per zone in the zone colours', () => {
    const zones = { light: 'Light', economic: 'Economic', optimal: 'Optimal', over: 'Over' };
    const o = fleetZonesOption([{ name: 'T1', zoneHours: { light: 0, economic: 1.234, optimal: 46, over: 0.766 } }], c, zones, 'h');
    const s = o.series as (Series[number] & { itemStyle: { color: string } })[];
    expect(s.map((x) => [x.name, x.data, x.itemStyle.color])).toEqual([
      ['Light', [0], 'w'],
      ['Economic', [1.23], 'i'],
      ['Optimal', [46], 'g'],
      ['Over', [0.77], 'e'],
    ]);
  });
});
