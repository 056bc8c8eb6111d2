import { describe, expect, it } from 'vitest';
import { MAX_TREND_LINES, toggleLine, type SelectedLine } from './selection';

const line = (dataId: number, deviceId = 1): SelectedLine => ({ deviceId, dataId, deviceName: 'd', dataName: `p${dataId}`, unit: '' });

describe('trend line selection (up to 8 lines)', () => {
  it('ticks, unticks and ignores a second tick of the same line', () => {
    const a = toggleLine([], line(1), true);
    expect(toggleLine(a, line(1), true)).toEqual(a);
    expect(toggleLine(a, line(1, 2), true).map((l) => l.deviceId)).toEqual([1, 2]);
    expect(toggleLine(a, line(1), false)).toEqual([]);
  });
  it(`refuses a ${MAX_TREND_LINES + 1}th line`, () => {
    let s: SelectedLine[] = [];
    for (let i = 1; i <= MAX_TREND_LINES + 2; i++) s = toggleLine(s, line(i), true);
    expect(s).toHaveLength(MAX_TREND_LINES);
  });
});
