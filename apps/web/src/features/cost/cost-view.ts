import type { DateRange } from '@ems/domain';
import { formatFen } from '@ems/domain';

/** The periods in bill order and their token colours (sharp warm → deep valley cool), from the antd theme. */
export const PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type Period = (typeof PERIODS)[number];

export interface PeriodTokens {
  colorError: string;
  colorWarning: string;
  colorPrimary: string;
  colorSuccess: string;
  colorInfo: string;
}
export const periodColors = (t: PeriodTokens): Record<Period, string> => ({
  sharp: t.colorError,
  peak: t.colorWarning,
  flat: t.colorPrimary,
  valley: t.colorSuccess,
  deepValley: t.colorInfo,
});

/** ¥ text of integer fen: "12,345.67". */
export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '--' : formatFen(fen));
/** Fen as a yuan number for charts (display only). */
export const chartYuan = (fen: number) => fen / 100;

/** The year and month holding the middle of a selector range (local time of the browser, as the selector built it). */
export function yearMonthOf(range: DateRange): { year: number; month: number } {
  const d = new Date(range.startTime + Math.floor((range.endTime - range.startTime) / 2));
  return { year: d.getFullYear(), month: d.getMonth() + 1 };
}

export const fixed = (v: number | null | undefined, digits = 2) => (v === null || v === undefined || !Number.isFinite(v) ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
