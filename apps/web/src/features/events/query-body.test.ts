import { describe, expect, it } from 'vitest';
import { EVENT_PAGES } from './definitions';
import { defaultFilters, toQueryBody, type EventFilters } from './query-body';

const range = { startTime: 1_700_000_000_000, endTime: 1_702_000_000_000 - 1, type: 3 as const };
const filters = (over: Partial<EventFilters> = {}): EventFilters => ({ ...defaultFilters('Asia/Shanghai'), range, ...over });

describe('filters → EventQueryBody', () => {
  it('default: this month in the project zone (date selector default type month), the page log types, nothing else', () => {
    // 17 May 2025 12:00 in Shanghai; the month runs from 1 May 00:00 +08:00 (30 Apr 16:00 UTC)
    const f = defaultFilters('Asia/Shanghai', Date.UTC(2025, 4, 17, 4));
    expect(f.range).toEqual({ startTime: Date.UTC(2025, 3, 30, 16), endTime: Date.UTC(2025, 4, 31, 16) - 1, type: 3 });
    expect(toQueryBody(EVENT_PAGES.demandevent, filters())).toEqual({ startTime: range.startTime, endTime: range.endTime, logTypes: [704, 705] });
  });

  it('every filter set: node (its descendants are the server’s job), kinds of event (the page’s log types chosen), levels, status, confirm state, trimmed keyword, page', () => {
    const body = toQueryBody(
      EVENT_PAGES.energyConsumptionEvent,
      // 804 is not a kind of this page: never asked for here
      filters({ node: { id: 42, modelLabel: 'meter' }, logTypes: [710, 701, 804], levels: [2], status: 0, confirmState: 1, keyword: '  1#变压器 ' }),
      { current: 3, pageSize: 20 },
    );
    expect(body).toEqual({
      startTime: range.startTime,
      endTime: range.endTime,
      logTypes: [701, 710],
      nodeId: 42,
      modelLabel: 'meter',
      levels: [2],
      status: 0,
      confirmState: 1,
      keyword: '1#变压器',
      page: { index: 2, limit: 20 },
    });
  });

  it('the project node means the whole project: no node filter', () => {
    expect(toQueryBody(EVENT_PAGES.eventDiagnosis, filters({ node: { id: 1, modelLabel: 'project' } }))).not.toHaveProperty('nodeId');
  });

  it('finished (1) and confirmed (3) are sent; a blank keyword is not', () => {
    const body = toQueryBody(EVENT_PAGES.eventDiagnosis, filters({ status: 1, confirmState: 3, keyword: '   ' }));
    expect(body).toMatchObject({ status: 1, confirmState: 3 });
    expect(body).not.toHaveProperty('keyword');
  });

  it('filters the page does not offer are never sent (inspection orders: no type or level)', () => {
    const body = toQueryBody(EVENT_PAGES.inspectorder, filters({ logTypes: [704], levels: [1], status: 0 }));
    expect(body).toEqual({ startTime: range.startTime, endTime: range.endTime, logTypes: [711], status: 0 });
  });
});
