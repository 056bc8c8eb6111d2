/** Business constants the shared widgets use (spec section 9). Durations in ms unless named `_S`. */
export { POLLING_INTERVAL_MS, REALTIME_INTERVAL_MS } from '../lib/periodic-task';

/** Message display 3 s; server errors 5 s. */
export const MESSAGE_DURATION_S = 3;
export const SERVER_ERROR_DURATION_S = 5;

/** Debounces. */
export const TREE_FILTER_DEBOUNCE_MS = 400;
export const TREE_SEARCH_DEBOUNCE_MS = 250;
export const TRANSFER_FILTER_DEBOUNCE_MS = 200;
export const SCROLLER_UPDATE_DEBOUNCE_MS = 180;
/** Chart resize throttle. */
export const CHART_RESIZE_THROTTLE_MS = 100;

/** Default axis split number and number precision of charts. */
export const CHART_SPLIT_NUMBER = 5;
export const DEFAULT_PRECISION = 2;
/** Minimum zoom span of time axes: 1 hour. */
export const MIN_ZOOM_SPAN_MS = 3_600_000;

/** Table paging: default 100, choices 10/20/50/100, layout total, sizes, prev, pager, next, jumper. */
export const TABLE_PAGE_SIZE = 100;
export const TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Query grid paging: default 20, choices 10/20/50. */
export const GRID_PAGE_SIZE = 20;
export const GRID_PAGE_SIZES = [10, 20, 50] as const;

/** dayjs formats: tables show milliseconds, everything else seconds. */
export const TABLE_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss.SSS';
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Default width of the edit dialog in px. */
export const EDIT_DIALOG_WIDTH = 960;
