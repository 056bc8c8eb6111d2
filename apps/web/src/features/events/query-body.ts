import type { EventQueryBody } from '@ems/contract';
import { rangeOf, type DateRange } from '@ems/domain';
import type { EventPageDefinition } from './definitions';

/** The filters a person sets on an event page. */
export interface EventFilters {
  range: DateRange;
  /** the chosen tree node; null or the project itself: the whole project */
  node: { id: number; modelLabel: string } | null;
  /** the kinds of event chosen, by log type (the type filter: a kind as the type column names it) */
  logTypes: number[];
  levels: number[];
  /** 0 active, 1 finished, null both */
  status: 0 | 1 | null;
  /** 1 unconfirmed, 3 confirmed, null both */
  confirmState: 1 | 3 | null;
  keyword: string;
}

/** Default filters: this month in the project's zone (spec section 9, default date-selector type month), nothing else set. */
export function defaultFilters(timeZone: string, now = Date.now()): EventFilters {
  return { range: rangeOf(3, now, timeZone), node: null, logTypes: [], levels: [], status: null, confirmState: null, keyword: '' };
}

/** Table paging as antd counts it: page from 1. */
export interface TablePage {
  current: number;
  pageSize: number;
}

/**
 * Filters → EventQueryBody. Only the filters the page offers are sent, empty ones are left out,
 * the project node means the whole project (the server includes every node under a chosen node),
 * and the page becomes `index` (the page number from 0, as the event service counts) and `limit`.
 */
export function toQueryBody(def: Pick<EventPageDefinition, 'logTypes' | 'filters'>, f: EventFilters, page?: TablePage): EventQueryBody {
  const offers = new Set(def.filters);
  // the type filter narrows the page's log types (never beyond them)
  const chosen = offers.has('eventType') ? def.logTypes.filter((lt) => f.logTypes.includes(lt)) : [];
  const body: EventQueryBody = { startTime: f.range.startTime, endTime: f.range.endTime, logTypes: chosen.length > 0 ? chosen : [...def.logTypes] };
  if (f.node && f.node.modelLabel !== 'project') {
    body.nodeId = f.node.id;
    body.modelLabel = f.node.modelLabel;
  }
  if (offers.has('level') && f.levels.length > 0) body.levels = [...f.levels];
  if (offers.has('status') && f.status !== null) body.status = f.status;
  if (offers.has('confirmState') && f.confirmState !== null) body.confirmState = f.confirmState;
  const keyword = f.keyword.trim();
  if (offers.has('keyword') && keyword) body.keyword = keyword;
  if (page) body.page = { index: page.current - 1, limit: page.pageSize };
  return body;
}
