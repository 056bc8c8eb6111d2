/**
 * Ordinary least squares with several regressors (DOMAIN.md §11 model E = a + b·HDD + c·CDD +
 * d·Production + day dummies; used by the regression baseline of §10.1). Pure.
 *
 * Solved by modified Gram–Schmidt QR on the columns (intercept first), never by inverting XᵀX: a
 * column that is (numerically) a combination of the ones before it — constant, all zero, a dummy
 * no sample has, production that only mirrors the weekend dummies — is dropped, its coefficient 0,
 * so a rank-deficient design still gives the least-squares fit of the columns kept.
 */

export interface LinearFit {
  /** intercept and one coefficient per regressor column, in input order (0 for a dropped column) */
  intercept: number;
  coefficients: number[];
  /** whether each regressor column took part (false: dropped as dependent on the ones before) */
  used: boolean[];
  /** samples */
  n: number;
  /** parameters estimated: the intercept and the columns used */
  p: number;
  /** 1 − SS_res / SS_tot (1 when y is constant and fitted exactly) */
  r2: number;
  /** residual sum of squares */
  ssRes: number;
}

/** Relative norm below which a column is taken as dependent on the ones before it. */
const DEPENDENT = 1e-9;

/** ŷ of a fit at one row of regressors. */
export function predictLinear(fit: Pick<LinearFit, 'intercept' | 'coefficients'>, x: readonly number[]): number {
  return fit.coefficients.reduce((a, b, j) => a + b * (x[j] ?? 0), fit.intercept);
}

/**
 * Least-squares fit of y = β₀ + Σ βⱼ·xⱼ over the rows (each row the regressors of one sample, all rows
 * the same length). Rows with a non-finite value are left out. Null when fewer samples remain than
 * parameters kept plus one (no residual degree of freedom).
 */
export function fitLinear(rows: readonly (readonly number[])[], y: readonly number[]): LinearFit | null {
  const k = rows[0]?.length ?? 0;
  const keep: number[] = [];
  for (let i = 0; i < Math.min(rows.length, y.length); i++) {
    const r = rows[i] as readonly number[];
    if (r.length === k && Number.isFinite(y[i]) && r.every(Number.isFinite)) keep.push(i);
  }
  const n = keep.length;
  if (n < 2) return null;
  const cols: number[][] = [keep.map(() => 1), ...Array.from({ length: k }, (_, j) => keep.map((i) => (rows[i] as readonly number[])[j] as number))];
  const ys = keep.map((i) => y[i] as number);
  // Gram–Schmidt: q the orthonormal columns kept, r[j][m] the projections (R upper triangular)
  const q: number[][] = [];
  const kept: number[] = [];
  const r: number[][] = [];
  for (let j = 0; j < cols.length; j++) {
    const v = [...(cols[j] as number[])];
    const norm0 = Math.hypot(...v);
    const proj: number[] = [];
    for (const qk of q) {
      const d = dot(qk, v);
      proj.push(d);
      for (let i = 0; i < n; i++) v[i] = (v[i] as number) - d * (qk[i] as number);
    }
    const norm = Math.hypot(...v);
    if (!(norm0 > 0) || norm <= DEPENDENT * norm0) continue;
    q.push(v.map((x) => x / norm));
    r.push([...proj, norm]);
    kept.push(j);
  }
  const p = kept.length;
  if (n <= p || p === 0) return null;
  // R β = Qᵀ y, back substitution
  const qty = q.map((qk) => dot(qk, ys));
  const beta = new Array<number>(p).fill(0);
  for (let a = p - 1; a >= 0; a--) {
    let s = qty[a] as number;
    for (let b = a + 1; b < p; b++) s -= ((r[b] as number[])[a] as number) * (beta[b] as number);
    beta[a] = s / ((r[a] as number[])[a] as number);
  }
  const all = new Array<number>(cols.length).fill(0);
  kept.forEach((j, a) => (all[j] = beta[a] as number));
  const fit = { intercept: all[0] as number, coefficients: all.slice(1) };
  const mean = ys.reduce((a, b) => a + b, 0) / n;
  let ssRes = 0;
  let ssTot = 0;
  keep.forEach((i, m) => {
    const e = (ys[m] as number) - predictLinear(fit, rows[i] as readonly number[]);
    ssRes += e * e;
    ssTot += ((ys[m] as number) - mean) ** 2;
  });
  return { ...fit, used: Array.from({ length: k }, (_, j) => kept.includes(j + 1)), n, p, r2: ssTot > 0 ? 1 - ssRes / ssTot : 1, ssRes };
}

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}
