import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fromPickerValue, toPickerValue } from './picker-value';

// antd's pickers hold dayjs values of the browser's zone; the web suite runs in Los Angeles (vitest.config.ts)

describe('picker values carry the project wall clock', () => {
  it("a Shanghai instant shows as Shanghai's date and time in a Los Angeles browser", () => {
    const t = Date.UTC(2026, 4, 31, 20, 15); // 1 Jun 04:15 in Shanghai, 31 May 13:15 in Los Angeles
    expect(dayjs(t).format('YYYY-MM-DD HH:mm')).toBe('2026-05-31 13:15');
    expect(toPickerValue(t, 'Asia/Shanghai').format('YYYY-MM-DD HH:mm')).toBe('2026-06-01 04:15');
  });
  it('a picked value is read back as the project wall clock', () => {
    const picked = dayjs('2026-06-15 00:00', 'YYYY-MM-DD HH:mm');
    expect(fromPickerValue(picked, 'Asia/Shanghai')).toBe(Date.UTC(2026, 5, 14, 16));
  });
  it('round-trips every hour of 2026, except the wall clock that the browser zone skips (8 Mar 02:xx)', () => {
    let skipped = 0;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const v = toPickerValue(t, 'Asia/Shanghai');
      if (fromPickerValue(v, 'Asia/Shanghai') !== t) {
        skipped += 1;
        expect(new Date(t + 8 * 3_600_000).toISOString().slice(0, 13)).toBe('2026-03-08T02');
      }
    }
    expect(skipped).toBe(1);
  });
});
