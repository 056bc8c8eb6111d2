/**
 * Number display rules (spec sections 5 and 9). Rounding works on the shortest decimal string of
 * a number (what `String(n)` prints), not on its binary value, so 1.005 rounds to 1.01 as a person
 * expects. Rounding is half away from zero.
 */

/** Default number of decimals (spec section 9). */
export const DEFAULT_PRECISION = 2;
/** Placeholder shown instead of a missing or invalid number. */
export const NO_VALUE = '--';
/** Sentinels the data services use for "no value". */
export const NUMBER_SENTINELS: readonly number[] = [2147483648, -2147483648];

export type NumberInput = number | string | null | undefined;

/** The number behind `value`, or undefined when it must show as '--' (undefined, '', null, NaN, ±Infinity, ±2147483648, text). */
export function toDisplayableNumber(value: NumberInput): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || NUMBER_SENTINELS.includes(n)) return undefined;
  return n;
}

/** Plain decimal digits of |n| split at the point, expanding exponent notation ('1e-7' → '0', '0000001'). */
function decimalParts(n: number): { neg: boolean; int: string; frac: string } {
  const neg = n < 0 || Object.is(n, -0);
  const [mantissa = '0', expPart] = String(Math.abs(n)).split('e');
  const exp = Number(expPart ?? 0);
  const [i = '0', f = ''] = mantissa.split('.');
  let digits = i + f;
  let point = i.length + exp;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  return { neg, int: digits.slice(0, point) || '0', frac: digits.slice(point) };
}

/** Adds one to a string of decimal digits ('199' → '200', '99' → '100'). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let k = out.length - 1; k >= 0; k--) {
    if (out[k] !== '9') {
      out[k] = String(Number(out[k]) + 1);
      return out.join('');
    }
    out[k] = '0';
  }
  return '1' + out.join('');
}

/**
 * `value` rounded half away from zero to `precision` decimals (0–20) as a fixed-point string,
 * e.g. roundToString(1.005, 2) = '1.01', roundToString(-2.5) = '-3'. A result of zero has no minus sign.
 */
export function roundToString(value: number, precision = 0): string {
  const p = Math.max(0, Math.min(20, Math.trunc(precision)));
  const { neg, int, frac } = decimalParts(value);
  const padded = frac.padEnd(p + 1, '0');
  let kept = int + padded.slice(0, p);
  if (Number(padded[p]) >= 5) kept = incrementDigits(kept);
  const intLen = kept.length - p;
  const intPart = kept.slice(0, intLen).replace(/^0+(?=\d)/, '');
  const text = p > 0 ? `${intPart}.${kept.slice(intLen)}` : intPart;
  return neg && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Rounding helper: `value` rounded half away from zero to `precision` decimals (default 0); round(1.005, 2) = 1.01. */
export function round(value: number, precision = 0): number {
  return Number(roundToString(value, precision));
}

/** Fixed-point text with `precision` decimals (default 2), or '--'. Zero shows as '0.00'. */
export function formatNumber(value: NumberInput, precision = DEFAULT_PRECISION): string {
  const n = toDisplayableNumber(value);
  return n === undefined ? NO_VALUE : roundToString(n, precision);
}

/** Ratio shown as percent: multiplied by 100 (on the decimal string, so 0.07 → '7.00'), '%' appended unless `withSign` is false. */
export function formatPercent(value: NumberInput, precision = DEFAULT_PRECISION, withSign = true): string {
  const n = toDisplayableNumber(value);
  if (n === undefined) return NO_VALUE;
  const { neg, int, frac } = decimalParts(n);
  const times100 = Number(`${neg ? '-' : ''}${int}${frac.slice(0, 2).padEnd(2, '0')}.${frac.slice(2) || '0'}`);
  const text = roundToString(times100, precision);
  return withSign ? `${text}%` : text;
}

/** Like formatNumber with thousands separators in the integer part: 1234567.891 → '1,234,567.89'. */
export function formatThousands(value: NumberInput, precision = DEFAULT_PRECISION): string {
  const text = formatNumber(value, precision);
  if (text === NO_VALUE) return text;
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Unit as displayed: 'm3' (also inside 'Nm3', 'm3/h') shows as cubic metres 'm³'. Empty for null/undefined. */
export function displayUnit(unit: string | null | undefined): string {
  return (unit ?? '').replace(/m3(?!\d)/g, 'm³');
}

/** formatNumber followed by a space and the display unit; '--' stays bare, an empty unit adds nothing. */
export function formatWithUnit(value: NumberInput, unit: string | null | undefined, precision = DEFAULT_PRECISION): string {
  const text = formatNumber(value, precision);
  const u = displayUnit(unit);
  return text === NO_VALUE || u === '' ? text : `${text} ${u}`;
}

/** Direction of a 同比/环比 change: more consumption is 'up' (shown in the error colour), less 'down'; under 0.05 % 'flat'. */
export type ChangeTone = 'up' | 'down' | 'flat' | 'none';

export function changeTone(pct: number | null): ChangeTone {
  if (pct === null || !Number.isFinite(pct)) return 'none';
  if (Math.abs(pct) < 0.05) return 'flat';
  return pct > 0 ? 'up' : 'down';
}

/** A change in % with its sign and one decimal: '+16.7%', '-25.0%', '0.0%'; '--' when null. */
export function formatChange(pct: number | null): string {
  const text = formatNumber(pct, 1);
  if (text === NO_VALUE) return text;
  return `${pct !== null && pct > 0 && text !== '0.0' ? '+' : ''}${text}%`;
}
