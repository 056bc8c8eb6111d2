import { describe, expect, it } from 'vitest';
import { dateFor, defaultDate, reportBody, todayIn } from './report-view';

// 1 April 2025 00:30 in Shanghai is still 31 March (16:30) in UTC
const NOW = Date.UTC(2025, 2, 31, 16, 30);

describe('report dates on the project calendar', () => {
  it("today and the default dates are the project's, not UTC's or the browser's", () => {
    expect(todayIn('Asia/Shanghai', NOW)).toBe('2025-04-01');
    expect(todayIn('Europe/Berlin', NOW)).toBe('2025-03-31');
    expect(defaultDate('daily', 'Asia/Shanghai', NOW)).toBe('2025-03-31');
    expect(defaultDate('monthly', 'Asia/Shanghai', NOW)).toBe('2025-04-01');
    expect(defaultDate('daily', 'Asia/Shanghai', Date.UTC(2025, 0, 31, 16, 30))).toBe('2025-01-31');
  });

  it('the request carries the date as the kind reads it', () => {
    expect(dateFor('daily', '2025-03-10')).toBe('2025-03-10');
    expect(dateFor('monthly', '2025-03-10')).toBe('2025-03');
    expect(dateFor('yearly', '2025-03-10')).toBe('2025');
    expect(reportBody(3, { id: 10, modelLabel: 'room' }, 2, 'yearly', '2025-03-10', 'meters')).toEqual({ projectId: 3, nodeId: 10, modelLabel: 'room', energyType: 2, kind: 'yearly', date: '2025', rows: 'meters' });
  });
});
