import type { Bay, BusbarView, PqIndex, PqTrendPoint, TransformerRow } from '@ems/contract';
import type { TrendSeries } from '@ems/domain';

/** One row of the live feeder table: a bay with its transformer and busbar. */
export interface BayRow {
  key: string;
  transformer: string | null;
  busbar: string | null;
  bay: Bay;
}

/** The bays of the view in diagram order: incomer, then per transformer its LV main and its feeders. */
export function bayRows(v: BusbarView): BayRow[] {
  const out: BayRow[] = [];
  v.supplies.forEach((s, si) => {
    if (s.incomer) out.push({ key: `${si}-in-${s.incomer.id}`, transformer: null, busbar: null, bay: s.incomer });
    for (const b of s.blocks) {
      const t = b.transformer?.name ?? null;
      if (b.lvMain) out.push({ key: `${si}-lv-${b.lvMain.id}`, transformer: t, busbar: null, bay: b.lvMain });
      for (const bus of b.busbars) for (const f of bus.feeders) out.push({ key: `${si}-f-${f.id}`, transformer: t, busbar: bus.name, bay: f });
    }
  });
  return out;
}

/** The limited index with the lowest compliance (the fleet table's 'worst index'); null without one. */
export function worstIndex(row: Pick<TransformerRow, 'pq'>): PqIndex | null {
  let worst: PqIndex | null = null;
  for (const i of row.pq?.indices ?? []) {
    if (i.compliancePct === null) continue;
    if (!worst || i.compliancePct < (worst.compliancePct ?? 101)) worst = i;
  }
  return worst;
}

/** Tag colour of a grade: 1 success, 2 processing, 3 warning, below error, unrated default. */
export function gradeColor(grade: TransformerRow['grade']): string {
  return grade === 1 ? 'success' : grade === 2 ? 'processing' : grade === 3 ? 'warning' : grade === 'below' ? 'error' : 'default';
}

/** Tag colour of a zone. */
export function zoneColor(zone: TransformerRow['zone']): string {
  return zone === 'optimal' ? 'success' : zone === 'economic' ? 'processing' : zone === 'light' ? 'warning' : zone === 'over' ? 'error' : 'default';
}

/** Sorter for nullable numbers: nulls sort lowest. */
export const byNumber =
  <T,>(get: (r: T) => number | null) =>
  (a: T, b: T) =>
    (get(a) ?? -Infinity) - (get(b) ?? -Infinity);

/** Trend-chart lines of the 10-min PQ values: the three phases' voltage deviation (limits ±7 %), or the voltage unbalance (limit 2 %). */
export function pqTrendSeries(
  points: readonly PqTrendPoint[],
  which: 'deviation' | 'unbalance',
  limits: { lower: number | null; upper: number | null },
  names: { device: string; a: string; b: string; c: string; unbalance: string },
): TrendSeries[] {
  const line = (dataName: string, get: (p: PqTrendPoint) => number | null): TrendSeries => ({
    param: { deviceName: names.device, dataName, dataTypeName: dataName, unit: '%', upperLimit: limits.upper, lowerLimit: limits.lower, yIndex: 0 },
    data: points.map((p) => ({ time: p.t, value: get(p), status: 0 })),
  });
  if (which === 'unbalance') return [line(names.unbalance, (p) => p.unbalance)];
  return [line(names.a, (p) => p.devA), line(names.b, (p) => p.devB), line(names.c, (p) => p.devC)];
}
