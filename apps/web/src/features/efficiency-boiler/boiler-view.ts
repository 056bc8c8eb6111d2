import type { BoilerAnalysis } from '@ems/contract';

/** Tag colour of a GB 24500 grade. */
export function gradeColor(grade: BoilerAnalysis['grade']): string {
  return grade === 1 ? 'success' : grade === 2 ? 'processing' : grade === 3 ? 'warning' : grade === 'below' ? 'error' : 'default';
}

/** The time pattern of a bucket label on the project's clock: hours of a day, days, months. */
export function bucketPattern(grain: BoilerAnalysis['grain']): string {
  return grain === 'hour' ? 'HH:mm' : grain === 'day' ? 'MM-DD' : 'YYYY-MM';
}

/** A figure for a card or cell: fixed decimals, '--' when missing. */
export function fig(v: number | null | undefined, digits: number): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Whether a bucket's flue gas is over a limit (the table marks it). */
export function overLimit(b: { flueTempC: number | null; o2Pct: number | null }, limits: BoilerAnalysis['limits']): { flue: boolean; o2: boolean } {
  return { flue: !!limits && b.flueTempC !== null && b.flueTempC > limits.flueTempMaxC, o2: !!limits && b.o2Pct !== null && b.o2Pct > limits.o2MaxPct };
}
