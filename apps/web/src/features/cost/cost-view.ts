import type { MonthBill } from '@ems/contract';
import type { DateRange } from '@ems/domain';
import { formatFen, localParts } from '@ems/domain';

// the periods and their colours are shared with the consumption page's time-of-use bars
export { PERIODS, periodColors, type Period, type PeriodTokens } from '../../lib/theme/tou-periods';

/** ¥ text of integer fen: "12,345.67". */
export const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '--' : formatFen(fen));
/** Fen as a yuan number for charts (display only). */
export const chartYuan = (fen: number) => fen / 100;

/** The year and month holding the middle of a selector range, on the project's calendar (`timeZone`, as the selector built it). */
export function yearMonthOf(range: DateRange, timeZone: string): { year: number; month: number } {
  const { year, month } = localParts(range.startTime + Math.floor((range.endTime - range.startTime) / 2), timeZone);
  return { year, month };
}

export const fixed = (v: number | null | undefined, digits = 2) => (v === null || v === undefined || !Number.isFinite(v) ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

/**
 * The note under the basic-fee page's contracted demand: the tariff version in force, and the 40 %
 * floor when the server billed the demand side at it (`raisedToMinimum`: a contract, or electing
 * actual MD the MD, below 40 % of the capacity); undefined when there is nothing to say.
 */
export function contractNote(bill: Pick<MonthBill, 'versions' | 'raisedToMinimum' | 'minDemandKw'>, t: (key: string, o?: Record<string, unknown>) => string): string | undefined {
  const version = bill.versions[bill.versions.length - 1];
  const parts = [version ? t('basic.versionInForce', { date: version }) : null, bill.raisedToMinimum ? t('basic.raisedToMin', { kw: fixed(bill.minDemandKw) }) : null];
  return parts.filter((p): p is string => p !== null).join(' · ') || undefined;
}
