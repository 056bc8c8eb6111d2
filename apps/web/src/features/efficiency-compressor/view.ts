import type { GradeLimit, GradeT } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';

/** Tag colour of a grade: 1 success, 2 processing, 3 warning, below error, unrated default. */
export function gradeColor(grade: GradeT): string {
  return grade === 1 ? 'success' : grade === 2 ? 'processing' : grade === 3 ? 'warning' : grade === 'below' ? 'error' : 'default';
}

/** Tag colour of a leak rating. */
export function leakColor(rating: 'good' | 'fair' | 'poor' | 'veryPoor' | null): string {
  return rating === 'good' ? 'success' : rating === 'fair' ? 'processing' : rating === 'poor' ? 'warning' : rating === 'veryPoor' ? 'error' : 'default';
}

/** A number with `d` decimals and thousands separators, '--' for null. */
export const fmt = (v: number | null | undefined, d = 1): string => (v === null || v === undefined ? '--' : formatThousands(v, d));
/** A percentage with `d` decimals, '--' for null. */
export const pctText = (v: number | null | undefined, d = 1): string => (v === null || v === undefined ? '--' : `${formatNumber(v, d)}%`);
/** Grade limits as '6.2 / 7.0 / 7.8', '--' without a row in the table. */
export const limitsText = (g: readonly GradeLimit[] | null): string => (g === null ? '--' : g.map((x) => formatNumber(x.specificPower, 2)).join(' / '));

/** Time pattern of a bucket start by the rollup grain. */
export const GRAIN_PATTERN: Record<'15m' | 'hour' | 'day' | 'month', string> = { '15m': 'HH:mm', hour: 'MM-DD HH:mm', day: 'MM-DD', month: 'YYYY-MM' };
/** Time pattern of a pressure step. */
export const stepPattern = (stepMs: number): string => (stepMs < 3_600_000 ? 'HH:mm' : stepMs < 86_400_000 ? 'MM-DD HH:mm' : 'MM-DD');
