import { describe, expect, it } from 'vitest';
import { pointReading, withoutLoad, type ReadingPoint } from './monitor-reading';

const pt = (dataId: number, value: number | null, kind = 'instant'): ReadingPoint => ({ dataId, kind, value });
// data ids of the seeded catalogue: 3 P, 4 Q, 8–10 Ia–Ic, 11 cos φ, 20 switch status, 21 S
const stoppedChiller = [pt(3, 0), pt(4, 0), pt(8, 0), pt(9, 0), pt(10, 0), pt(11, 0.83), pt(20, 0, 'status')];
const runningChiller = [pt(3, 212.4), pt(4, 118.2), pt(8, 371.2), pt(9, 369.8), pt(10, 372.5), pt(11, 0.87), pt(20, 1, 'status')];

describe('device monitor readings (issue 11 defect 9)', () => {
  it('a switch/state point reads as running or stopped, never as 0.00 / 1.00', () => {
    expect(pointReading(pt(20, 0, 'status'), stoppedChiller)).toEqual({ type: 'state', on: false });
    expect(pointReading(pt(20, 1, 'status'), runningChiller)).toEqual({ type: 'state', on: true });
    expect(pointReading(pt(20, null, 'status'), [])).toEqual({ type: 'state', on: null });
  });

  it('cos φ = P / S has no value at S = 0: a power factor of 0.83 at 0.00 A shows as absent', () => {
    expect(pointReading(pt(11, 0.83), stoppedChiller)).toEqual({ type: 'none' });
    expect(pointReading(pt(11, 0.87), runningChiller)).toEqual({ type: 'number', value: 0.87 });
  });

  it.each([
    ['all three currents 0.00 A', [pt(8, 0.001), pt(9, 0), pt(10, 0.004)], true],
    ['one phase still carries 0.5 A', [pt(8, 0), pt(9, 0.5), pt(10, 0)], false],
    ['no currents, S = 0', [pt(21, 0), pt(3, 0)], true],
    ['no currents, P = Q = 0', [pt(3, 0), pt(4, 0)], true],
    ['no currents, P = 0 but Q = 12 kvar', [pt(3, 0), pt(4, 12)], false],
    ['nothing that tells (only cos φ)', [pt(11, 0.9)], false],
    ['currents not read yet', [pt(8, null), pt(3, 40)], false],
  ])('without load: %s → %s', (_name, points, expected) => {
    expect(withoutLoad(points)).toBe(expected);
  });

  it('other points keep their number, load or not', () => {
    expect(pointReading(pt(3, 0), stoppedChiller)).toEqual({ type: 'number', value: 0 });
    expect(pointReading(pt(18, 7.2), stoppedChiller)).toEqual({ type: 'number', value: 7.2 });
  });
});
