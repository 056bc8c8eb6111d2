/**
 * Money in exact decimal (issue 5, "correct to the cent"). Amounts are integer fen (0.01 ¥) held in
 * a `number` (exact up to 2^53 fen ≈ ¥90 trillion); products are formed in BigInt, so there is no
 * binary floating point on the way from quantity × price to a bill line.
 *
 * Rounding: half-up to the fen per bill line (四舍五入), i.e. half away from zero for negatives
 * (a −0.005 ¥ reward line rounds to −0.01 ¥). A bill's total is the sum of its rounded lines.
 */

/** An exact decimal: value = units / 10^scale. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** Integer fen, 0.01 ¥. */
export type Fen = number;

/**
 * Decimals kept from a JS number (kWh or ¥/kWh carry at most 6): a number is rounded half-up to
 * this many decimals first, which absorbs float drift such as 0.1 + 0.2 = 0.30000000000000004.
 * Strings (e.g. from a NUMERIC column) are taken exactly.
 */
export const NUMBER_SCALE = 6;

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const pow10 = (n: number) => 10n ** BigInt(n);

/** Rounds units / divisor to an integer, half away from zero. */
function divHalfUp(units: bigint, divisor: bigint): bigint {
  if (divisor <= 0n) throw new RangeError('divisor must be positive');
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const q = (abs * 2n + divisor) / (divisor * 2n);
  return neg ? -q : q;
}

/** Parses a decimal string or a finite number (numbers first rounded to {@link NUMBER_SCALE} decimals). */
export function decimal(x: number | string | Decimal): Decimal {
  if (typeof x === 'object') return x;
  if (typeof x === 'number' && !Number.isFinite(x)) throw new RangeError(`not a finite amount: ${x}`);
  if (typeof x === 'number') {
    // the common case, a plain "-123.456": digits without the pattern match (exponents take the general path)
    const t = String(x);
    if (!t.includes('e')) {
      const dot = t.indexOf('.');
      const d = dot < 0 ? { units: BigInt(t), scale: 0 } : { units: BigInt(t.slice(0, dot) + t.slice(dot + 1)), scale: t.length - dot - 1 };
      return d.scale > NUMBER_SCALE ? rescale(d, NUMBER_SCALE) : d;
    }
  }
  const text = typeof x === 'number' ? String(x) : x.trim().replace(/[,_]/g, '');
  const m = DECIMAL_RE.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`not a decimal: ${JSON.stringify(x)}`);
  const frac = m[3] ?? '';
  const exp = Number(m[4] ?? 0);
  let units = BigInt((m[2] || '0') + frac) * (m[1] === '-' ? -1n : 1n);
  let scale = frac.length - exp;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  const d = { units, scale };
  return typeof x === 'number' && scale > NUMBER_SCALE ? rescale(d, NUMBER_SCALE) : d;
}

/** The decimal at another scale, rounded half-up when decimals are dropped. */
export function rescale(d: Decimal, scale: number): Decimal {
  if (scale >= d.scale) return { units: d.units * pow10(scale - d.scale), scale };
  return { units: divHalfUp(d.units, pow10(d.scale - scale)), scale };
}

/** Exact a × b. */
export function mulDecimal(a: number | string | Decimal, b: number | string | Decimal): Decimal {
  const x = decimal(a);
  const y = decimal(b);
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

/** Exact Σ of the amounts. */
export function sumDecimal(values: readonly (number | string | Decimal)[]): Decimal {
  // one accumulator, widened to the finest scale seen (exact, as summing pairwise at the common scale)
  let units = 0n;
  let scale = 0;
  for (const v of values) {
    const d = decimal(v);
    if (d.scale > scale) {
      units *= pow10(d.scale - scale);
      scale = d.scale;
    }
    units += d.scale < scale ? d.units * pow10(scale - d.scale) : d.units;
  }
  return { units, scale };
}

/** The decimal as plain text ("-12.50"), all its decimals kept. */
export function decimalToString(d: Decimal): string {
  const neg = d.units < 0n;
  const abs = (neg ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  return (neg ? '-' : '') + (d.scale === 0 ? abs : `${abs.slice(0, abs.length - d.scale)}.${abs.slice(abs.length - d.scale)}`);
}

/** The decimal as a JS number (for kWh totals on display, not for money). */
export function decimalToNumber(d: Decimal): number {
  return Number(decimalToString(d));
}

/**
 * A yuan amount rounded half-up to fen, optionally × numerator / denominator first (exactly), e.g.
 * a monthly fee × days / days-in-month.
 */
export function toFen(yuan: number | string | Decimal, numerator = 1, denominator = 1): Fen {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || denominator <= 0) {
    throw new RangeError('numerator and denominator must be integers, denominator > 0');
  }
  const d = decimal(yuan);
  // value in fen = units × 100 × num / (10^scale × den)
  return Number(divHalfUp(d.units * 100n * BigInt(numerator), pow10(d.scale) * BigInt(denominator)));
}

/**
 * One bill line: quantity × unit price (e.g. kWh × ¥/kWh, kVA × ¥/kVA·month), exact, then rounded
 * half-up to the fen.
 */
export function amountFen(quantity: number | string | Decimal, price: number | string | Decimal): Fen {
  return toFen(mulDecimal(quantity, price));
}

/** A share of an amount in fen: fen × pct / 100, rounded half-up (e.g. a 力调 rate of −0.75 %). */
export function percentOfFen(fen: Fen, pct: number | string | Decimal): Fen {
  assertFen(fen);
  const p = decimal(pct);
  return Number(divHalfUp(BigInt(fen) * p.units, pow10(p.scale) * 100n));
}

function assertFen(fen: Fen): void {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an integer fen amount: ${fen}`);
}

/** Σ of rounded lines (integers, so exact). */
export function sumFen(lines: readonly Fen[]): Fen {
  let total = 0;
  for (const f of lines) {
    assertFen(f);
    total += f;
  }
  assertFen(total);
  return total;
}

/** Fen as yuan for charts and JSON (display only; sum fen, not these). */
export function fenToYuan(fen: Fen): number {
  return fen / 100;
}

/**
 * Display text of an amount: "1,234.56" (thousands separator optional), "−" sign as "-".
 * Always two decimals.
 */
export function formatFen(fen: Fen, opts: { grouping?: boolean; symbol?: string } = {}): string {
  assertFen(fen);
  const neg = fen < 0;
  const abs = Math.abs(fen);
  let whole = String(Math.floor(abs / 100));
  if (opts.grouping ?? true) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${opts.symbol ?? ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Average price ¥/kWh = total ¥ / total kWh (DOMAIN §3); null when no energy. A ratio for display,
 * not a bill line.
 */
export function averagePriceYuanPerKwh(totalFen: Fen, totalKwh: number | null): number | null {
  if (totalKwh === null || !Number.isFinite(totalKwh) || totalKwh <= 0) return null;
  return totalFen / 100 / totalKwh;
}
