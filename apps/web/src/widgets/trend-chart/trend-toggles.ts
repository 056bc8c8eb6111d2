/** Trend options of spec section 9 (max/min, diff, average, point, raw mark, limit), in toolbar order. */
export const TREND_OPTIONS = ['maxMin', 'diff', 'average', 'point', 'rawMark', 'limit'] as const;
export type TrendOption = (typeof TREND_OPTIONS)[number];

/** Which overlays are on; every option off by default. */
export type TrendToggles = Record<TrendOption, boolean>;

export const DEFAULT_TREND_TOGGLES: TrendToggles = { maxMin: false, diff: false, average: false, point: false, rawMark: false, limit: false };

/** Curve or table. */
export type TrendView = 'curve' | 'table';

/** Default export file name (spec section 9), without the extension. */
export const DEFAULT_EXPORT_NAME = '表格导出';

/** Horizontal distance between stacked y axes on one side, px. */
export const Y_AXIS_OFFSET_PX = 60;
