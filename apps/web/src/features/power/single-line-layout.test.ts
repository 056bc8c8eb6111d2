import { describe, expect, it } from 'vitest';
import type { Bay, MeterLive, Supply } from '@ems/contract';
import { SLD, layoutSingleLine, meterLines, nameLines } from './single-line-layout';

const meter = (id: number, p: number | null = 10): MeterLive => ({ id, name: `m${id}`, p, q: null, ua: 230, ub: null, uc: null, ia: 10, ib: 20, ic: null, pf: 0.9, ts: 1, online: true });
const bay = (id: number): Bay => ({ id, modelLabel: 'cabinet', name: `f${id}`, switchState: 1, switchTs: 1, meter: meter(id) });

describe('single-line layout', () => {
  it('blocks as wide as their feeders, the incomer in the first column, supplies left to right', () => {
    const supplies: Supply[] = [
      {
        incomer: bay(1),
        blocks: [
          { transformer: { id: 2, name: 'T1', ratedKva: 1000, loadRatePct: 50 }, lvMain: bay(3), busbars: [{ id: 4, name: 'B1', voltageKv: 0.4, feeders: [bay(5), bay(6), bay(7)] }] },
          { transformer: { id: 8, name: 'T2', ratedKva: 1000, loadRatePct: 50 }, lvMain: null, busbars: [{ id: 9, name: 'B2', voltageKv: 0.4, feeders: [] }] },
        ],
      },
      { incomer: null, blocks: [] },
    ];
    const l = layoutSingleLine(supplies);
    const [s0, s1] = l.supplies;
    const w = SLD.feederW;
    const b0 = SLD.margin + w + SLD.blockGap / 2;
    expect(s0?.blocks.map((b) => [b.x0, b.x1])).toEqual([
      [b0, b0 + 3 * w],
      [b0 + 3 * w + SLD.blockGap, b0 + 4 * w + SLD.blockGap],
    ]);
    expect(s0?.blocks[0]?.buses[0]?.feeders.map((f) => f.x)).toEqual([b0 + w / 2, b0 + 1.5 * w, b0 + 2.5 * w]);
    // the incomer in the supply's first column
    expect(s0?.cx).toBe(SLD.margin + w / 2);
    expect(s1?.x0).toBe(b0 + 4 * w + SLD.blockGap + SLD.supplyGap);
    expect(l.width).toBe((s1?.x1 ?? 0) + SLD.margin);
  });

  it('value lines: P, mean current of the reported phases, U of phase A, PF; -- when missing', () => {
    expect(meterLines(meter(1))).toEqual(['P 10.0 kW', 'I 15.0 A', 'U 230.0 V', 'PF 0.900']);
    expect(meterLines({ ...meter(1, null), ia: null, ib: null, ua: null })).toEqual(['P -- kW', 'I -- A', 'U -- V', 'PF 0.900']);
    expect(meterLines(null)).toEqual([]);
  });

  it('names wrap to two lines of 9 characters, the rest cut', () => {
    expect(nameLines('冲压车间馈线')).toEqual(['冲压车间馈线']);
    expect(nameLines('地下车库照明排风馈线')).toEqual(['地下车库照明排风馈', '线']);
    expect(nameLines('Outgoing feeder of the paint shop')).toEqual(['Outgoing ', 'feeder o…']);
  });
});
