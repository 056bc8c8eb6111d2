import type { ChillerRow } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';

/** Tag colour of a GB 19577 grade (antd preset names, themed by antd). */
export function gradeColor(grade: ChillerRow['grade']): string {
  return grade === 1 ? 'success' : grade === 2 ? 'processing' : grade === 3 ? 'warning' : grade === 'below' ? 'error' : 'default';
}

/** A figure or '--' when there is none. */
export const fmt = (v: number | null | undefined, digits: number, thousands = false): string => (v === null || v === undefined || !Number.isFinite(v) ? '--' : thousands ? formatThousands(v, digits) : formatNumber(v, digits));

/** 'a/b' of two temperatures, '--' for a missing one. */
export const pair = (a: number | null, b: number | null, digits = 1): string => `${fmt(a, digits)}/${fmt(b, digits)}`;

/** 'COP = a + b·PLR + c·PLR²' with signs, for the table. */
export function curveText(curve: ChillerRow['curve']): string {
  if (!curve) return '--';
  const term = (v: number, s: string) => `${v < 0 ? '−' : '+'} ${formatNumber(Math.abs(v), 3)}${s}`;
  return `${formatNumber(curve.a, 3)} ${term(curve.b, '·PLR')} ${term(curve.c, '·PLR²')} (R² ${formatNumber(curve.r2, 3)})`;
}

/** Pattern of a trend bucket's label. */
export const BUCKET_PATTERN = { hour: 'MM-DD HH:mm', day: 'MM-DD', month: 'YYYY-MM' } as const;
