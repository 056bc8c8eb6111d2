import { describe, expect, it } from 'vitest';
import type { Bay, BusbarView, PqIndex } from '@ems/contract';
import { bayRows, byNumber, gradeColor, worstIndex } from './power-view';

const bay = (id: number): Bay => ({ id, modelLabel: 'cabinet', name: `b${id}`, switchState: 1, switchTs: null, meter: null });
const idx = (key: PqIndex['key'], compliancePct: number | null): PqIndex => ({ key, unit: '%', lower: null, upper: 1, compliancePct, measured: 1, within: 1, cp95: null, max: null, min: null, worstPhase: null });

describe('power view', () => {
  it('bay rows in diagram order: incomer, LV main, feeders with their transformer and busbar', () => {
    const v: BusbarView = {
      projectId: 1,
      timezone: 'Asia/Shanghai',
      now: 0,
      offlineAfterMs: 1,
      supplies: [{ incomer: bay(1), blocks: [{ transformer: { id: 2, name: 'T', ratedKva: 1, loadRatePct: null }, lvMain: bay(3), busbars: [{ id: 4, name: 'B', voltageKv: 0.4, feeders: [bay(5), bay(6)] }] }] }],
    };
    expect(bayRows(v).map((r) => [r.bay.id, r.transformer, r.busbar])).toEqual([
      [1, null, null],
      [3, 'T', null],
      [5, 'T', 'B'],
      [6, 'T', 'B'],
    ]);
  });
  it('worst index: the lowest compliance among the limited ones', () => {
    const pq = { meterId: 1, from: 0, to: 1, nominalKv: 0.38, nominalPhaseV: 220, overallCompliancePct: 60, indices: [idx('voltageDeviation', 90), idx('thdVoltage', 60), idx('thdCurrent', null)] };
    expect(worstIndex({ pq })?.key).toBe('thdVoltage');
    expect(worstIndex({ pq: null })).toBeNull();
  });
  it('grade colours and a number sorter with nulls lowest', () => {
    expect([1, 2, 3, 'below', 'unrated'].map((g) => gradeColor(g as 1))).toEqual(['success', 'processing', 'warning', 'error', 'default']);
    const rows = [{ v: 2 }, { v: null }, { v: 1 }];
    expect([...rows].sort(byNumber((r: { v: number | null }) => r.v)).map((r) => r.v)).toEqual([null, 1, 2]);
  });
});
