import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { EventRecord } from '@ems/contract';
import { eventColumns } from './event-columns';
import { eventTrendBody } from '../api/get-trend';

const t = ((k: string) => k) as unknown as TFunction;
type Render = (v: unknown, r: EventRecord) => unknown;

describe("rule 15: event times on the project's clock, the browser in Los Angeles", () => {
  // 3 May 2025 08:00 in Shanghai (00:00 UTC; 2 May 17:00 in Los Angeles)
  const start = Date.UTC(2025, 4, 3);
  it('start and end columns', () => {
    const [s, e] = eventColumns(['startTime', 'endTime'], t, { now: start, timeZone: 'Asia/Shanghai', onDetail: () => undefined });
    expect((s as { render: Render }).render(start, {} as EventRecord)).toBe('2025-05-03 08:00:00');
    expect((e as { render: Render }).render(null, {} as EventRecord)).toBe('--');
  });
  it('the trend around an event is asked in the wall clock the API reads (the project zone)', () => {
    const body = eventTrendBody({ deviceId: 1, dataIds: [2], startTime: start - 2 * 3_600_000, endTime: start + 3_600_000 - 1, pixelWidth: 800, timeZone: 'Asia/Shanghai' });
    expect([body.startTime, body.endTime]).toEqual(['2025-05-03 06:00:00', '2025-05-03 09:00:00']);
  });
});

describe('energy waste events (/energyLossEvent): the waste of an abnormal-consumption event in its unit and ¥', () => {
  it('the waste and waste-cost columns follow the node (in view without scrolling); a balance event without waste shows --', async () => {
    const { EVENT_PAGES } = await import('../definitions');
    const cols = EVENT_PAGES.energyLossEvent.columns;
    expect(cols.slice(cols.indexOf('node'), cols.indexOf('node') + 3)).toEqual(['node', 'waste', 'wasteCost']);
    expect(EVENT_PAGES.energyConsumptionEvent.columns).not.toContain('waste');
    const [w, c] = eventColumns(['waste', 'wasteCost'], t, { now: 0, timeZone: 'Asia/Shanghai', onDetail: () => undefined });
    const leak = { wasteAmount: 127.456, wasteUnit: 'm3', wasteFen: 63728 } as EventRecord;
    expect((w as { render: Render }).render(leak.wasteAmount, leak)).toBe('127.46 m³');
    expect((c as { render: Render }).render(leak.wasteFen, leak)).toBe('¥637.28');
    const balance = { wasteAmount: null, wasteUnit: null, wasteFen: null } as EventRecord;
    expect((w as { render: Render }).render(null, balance)).toBe('--');
    expect((c as { render: Render }).render(null, balance)).toBe('--');
  });
});
