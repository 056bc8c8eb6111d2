/** Figures on the home pages: '--' for missing values, grouping in the page's language. */
export function formatFigure(value: number | null | undefined, locale: string, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return value.toLocaleString(locale, { maximumFractionDigits: digits });
}
