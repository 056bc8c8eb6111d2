import { ErrorCode, type EfficiencyBucket, type TariffVersion, type TransformerEfficiency, type TransformerEfficiencyQuery, type TransformerEfficiencyRow } from '@ems/contract';
import {
  bucketEnd,
  bucketStart,
  minMaxDownsample,
  economicLoadRate,
  efficiency,
  fleetEfficiencyTotals,
  loadRate,
  lossCost,
  lossRatePct,
  optimumLoadRate,
  spanPriceYuanPerKwh,
  sumFixed,
  versionAt,
  zoneBounds,
  type PricedInterval,
} from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { slicer } from '../../lib/work-slices.js';
import { projectScheme } from '../cost/service.js';
import { currentStandard } from '../efficiency-standards/service.js';
import { etaCurve, nameplateOf, type EnergyBucket } from './figures.js';
import type { PowerNode } from './repository.js';
import { energyBuckets, lvMainOf, projectOf, rangeOf, rowOf, type Range } from './service.js';
import { suggestionsOf } from './suggestions.js';
import { transformersOf } from './topology.js';

const DAY_MS = 86_400_000;
const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
const r4 = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 1e4) / 1e4);

/** The chosen unit's buckets: hours up to 2 days, local days up to 62, local months beyond. */
export function stepOf(range: Pick<Range, 'from' | 'to'>): TransformerEfficiency['step'] {
  const days = (range.to - range.from) / DAY_MS;
  return days <= 2 ? 'hour' : days <= 62 ? 'day' : 'month';
}

/**
 * The TOU price of each rollup bucket (¥/kWh, null: no version in force or no price) by its start,
 * from the version in force there, cached: the fleet's units share their bucket starts.
 */
function pricer(versions: readonly TariffVersion[], timeZone: string, bucketMs: number): (start: number) => number | null {
  const cache = new Map<number, number | null>();
  return (start) => {
    let p = cache.get(start);
    if (p === undefined) {
      const v = versionAt(versions, start, timeZone);
      p = v ? spanPriceYuanPerKwh(start, bucketMs, { calendar: v.calendar, prices: v.touPrices, timeZone }) : null;
      cache.set(start, p);
    }
    return p;
  };
}

/** β and price of each measured bucket of a unit. */
async function pricedIntervals(buckets: readonly EnergyBucket[], ratedKva: number, hours: number, priceOf: (start: number) => number | null): Promise<PricedInterval[]> {
  const turn = slicer();
  const out: PricedInterval[] = [];
  for (const [i, b] of buckets.entries()) {
    if ((i & 511) === 0) await turn();
    if (b.kwh === null) continue;
    out.push({ start: b.start, hours, beta: loadRate(b.kwh / hours, (b.kvarh ?? 0) / hours, ratedKva), yuanPerKwh: priceOf(b.start) });
  }
  return out;
}

/** The chosen unit's intervals summed per step bucket (local hour, day or month). */
function stepBuckets(np: { p0Kw: number; pkKw: number }, buckets: readonly EnergyBucket[], ivs: readonly PricedInterval[], step: TransformerEfficiency['step'], timeZone: string): EfficiencyBucket[] {
  const energy = new Map(buckets.map((b) => [b.start, b.kwh]));
  const groups = new Map<number, PricedInterval[]>();
  // the intervals come in time order: a step's bounds are worked out once per step
  let key = NaN;
  let end = -Infinity;
  for (const iv of ivs) {
    if (iv.start >= end || iv.start < key) {
      key = bucketStart(iv.start, step, timeZone);
      end = bucketEnd(key, step, timeZone);
    }
    const g = groups.get(key) ?? [];
    g.push(iv);
    groups.set(key, g);
  }
  return [...groups]
    .sort((a, b) => a[0] - b[0])
    .map(([t, g]) => {
      const c = lossCost(np, g);
      const betaSum = g.reduce((a, iv) => a + (iv.beta ?? 0), 0);
      return {
        t,
        hours: c.hours,
        energyKwh: r4(sumFixed(g.map((iv) => energy.get(iv.start) ?? null), 4)),
        noLoadLossKwh: r4(c.noLoadKwh),
        loadLossKwh: r4(c.loadKwh),
        noLoadLossYuan: r4(c.noLoadYuan),
        loadLossYuan: r4(c.loadYuan),
        loadRateAvgPct: g.length > 0 ? r4((betaSum / g.length) * 100) : null,
      };
    });
}

/** The chart's width the load curve is reduced to (px): min/max per bucket of 2 px, peaks kept (a year of hours: 8 760 → ≤ 2 400 points). */
export const LOAD_CURVE_PX = 1200;

/** The load curve, min/max-downsampled on its load rate when longer than the chart needs. */
function loadCurve(load: ReturnType<typeof rowOf>['load']): ReturnType<typeof rowOf>['load'] {
  const tuples = load.map((p) => [p.t, p.loadRatePct] as const);
  const of = new Map(tuples.map((x, i) => [x, load[i] as (typeof load)[number]]));
  return minMaxDownsample(tuples, LOAD_CURVE_PX).map((x) => of.get(x) ?? { t: x[0], kw: null, kvar: null, loadRatePct: null });
}

const invalidTransformer = (lang: Lang) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, ['transformerId', lang === 'en' ? 'not a transformer' : '不是变压器']);

/**
 * The transformer fleet's efficiency over the range (issue 14): per unit the fleet-table figures
 * (power/fleet's, without PQ) with losses in ¥ — no-load at each interval's TOU price, load loss at
 * the TOU price where it occurs — the fleet's totals as the sums of the rows, and the chosen unit
 * (`transformerId`, else the first) in depth. Reads the LV mains' 15-min or hour rollups only.
 */
export async function transformerEfficiency(ems: Ems, lang: Lang, scope: readonly number[], q: TransformerEfficiencyQuery): Promise<TransformerEfficiency> {
  const { repo, project } = await projectOf(ems, scope, q.projectId);
  const now = ems.config.now();
  const range = rangeOf(lang, project.timezone, now, q);
  const nodes = await repo.nodes(project.id);
  const fleet = transformersOf(nodes).map((t) => ({ t, meter: lvMainOf(nodes, t) }));
  if (q.transformerId !== undefined && !fleet.some((x) => x.t.id === q.transformerId)) {
    const owner = await repo.node(q.transformerId);
    if (!owner || !scope.includes(owner.projectId)) throw noPermission();
    throw invalidTransformer(lang);
  }
  const hours = range.bucketMs / 3_600_000;
  const [buckets, scheme, standard] = await Promise.all([
    energyBuckets(
      repo,
      range.grain,
      fleet.flatMap((x) => (x.meter ? [x.meter.id] : [])),
      range.from,
      range.until,
    ),
    projectScheme(ems, project.id),
    // grades against the GB 20052 edition in force (an administrator may have edited it)
    currentStandard(ems, 'transformer'),
  ]);
  const suggestions = await suggestionsOf(ems, project, fleet, buckets, hours);
  const priceOf = scheme ? pricer(scheme.versions, project.timezone, range.bucketMs) : () => null;
  const chosenId = q.transformerId ?? fleet[0]?.t.id;
  const step = stepOf(range);
  const rows: TransformerEfficiencyRow[] = [];
  let unpricedHours = 0;
  let detail: TransformerEfficiency['detail'] = null;
  for (const { t, meter } of fleet) {
    const own = meter ? (buckets.get(meter.id) ?? []) : [];
    const { row, load, cosPhi } = rowOf(t, meter, own, range, null, suggestions.get(t.id) ?? [], standard.rows);
    const np = nameplateOf(t.attrs);
    const ivs = np ? await pricedIntervals(own, np.ratedKva, hours, priceOf) : [];
    const c = np && ivs.length > 0 ? lossCost(np, ivs) : null;
    unpricedHours += c?.unpricedHours ?? 0;
    rows.push(efficiencyRow(row, c));
    if (t.id === chosenId) detail = detailOf(t, np, load, cosPhi, row.loadRateAvgPct, np ? stepBuckets(np, own, ivs, step, project.timezone) : []);
  }
  return {
    projectId: project.id,
    timezone: project.timezone,
    from: range.from,
    to: range.to,
    grain: range.grain,
    step,
    tariff: { schemeId: scheme?.id ?? null, schemeName: scheme?.name ?? null, unpricedHours },
    rows,
    totals: fleetEfficiencyTotals(rows),
    detail,
  };
}

/** The fleet row with kWh to 0.1 and ¥ to 0.01; the totals of loss are the sums of their parts as rounded, so the table adds up as shown. */
function efficiencyRow(row: ReturnType<typeof rowOf>['row'], c: ReturnType<typeof lossCost> | null): TransformerEfficiencyRow {
  const energyKwh = r1(row.energyKwh);
  const noLoadLossKwh = c ? r1(c.noLoadKwh) : null;
  const loadLossKwh = c ? r1(c.loadKwh) : null;
  const lossKwh = c ? sumFixed([noLoadLossKwh, loadLossKwh], 1) : null;
  const noLoadLossYuan = c ? r2(c.noLoadYuan) : null;
  const loadLossYuan = c ? r2(c.loadYuan) : null;
  const lossYuan = noLoadLossYuan === null && loadLossYuan === null ? null : sumFixed([noLoadLossYuan, loadLossYuan], 2);
  const rate = energyKwh !== null && lossKwh !== null ? lossRatePct(energyKwh, lossKwh) : null;
  return {
    ...row,
    energyKwh,
    noLoadLossKwh,
    loadLossKwh,
    lossKwh,
    efficiencyPct: rate === null ? null : r4(100 - rate),
    noLoadLossYuan,
    loadLossYuan,
    lossYuan,
    lossRatePct: r4(rate),
  };
}

function detailOf(
  t: PowerNode,
  np: ReturnType<typeof nameplateOf>,
  load: ReturnType<typeof rowOf>['load'],
  cosPhi: number | null,
  loadRateAvgPct: number | null,
  buckets: EfficiencyBucket[],
): NonNullable<TransformerEfficiency['detail']> {
  const jz = np ? economicLoadRate(np) : null;
  const opt = np ? optimumLoadRate(np) : null;
  const pf = cosPhi ?? 0.9;
  const b = jz === null ? null : zoneBounds(jz);
  const point = (beta: number) => ({ loadRatePct: r2(beta * 100) as number, efficiencyPct: r4(efficiency(np as NonNullable<typeof np>, beta, pf) * 100) as number });
  return {
    transformerId: t.id,
    load: loadCurve(load),
    zoneBounds: b && { economicLower: r2(b.economicLower * 100) as number, optimalLower: r2(b.optimalLower * 100) as number, optimalUpper: r2(b.optimalUpper * 100) as number, economicUpper: r2(b.economicUpper * 100) as number },
    buckets,
    etaCurve: np ? etaCurve(np, pf) : [],
    cosPhi: cosPhi === null ? null : Math.round(cosPhi * 1000) / 1000,
    optimum: np && opt !== null ? point(opt) : null,
    operating: np && loadRateAvgPct !== null ? point(loadRateAvgPct / 100) : null,
  };
}
