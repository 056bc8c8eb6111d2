import { DATA_ID, type ProjectedBill } from '@ems/contract';
import { localParts, type BillingPeriod } from '@ems/domain';
import type { Ems } from '../../context.js';
import { periodBill } from '../cost/bill.js';
import { intervalRepository, type IntervalRow } from '../cost/repository.js';
import { costContext, monthBill, periodOf, type CostContext } from '../cost/service.js';
import { digest, modelTurn, rememberedAsync } from './memo.js';
import { HOUR_MS } from './series.js';

interface NodeRef {
  nodeId: number;
  modelLabel: string;
}

/** One forecast hour with its band, kWh. */
export interface HourForecast {
  time: number;
  p10: number;
  p50: number;
  p90: number;
}

/** The node's tariff context (cost module) and the billing period holding now; null without electricity meters. */
export async function billingContext(ems: Ems, scope: readonly number[], q: NodeRef, now: number): Promise<{ ctx: CostContext; period: BillingPeriod } | null> {
  const ctx = await costContext(ems, scope, q);
  if (ctx.meterIds.length === 0) return null;
  // the period labelled by the month holding now, moved a month when a meter-reading day puts now outside it
  const l = localParts(now, ctx.timezone);
  let period = periodOf(ctx, l.year, l.month);
  if (now < period.from) period = periodOf(ctx, l.year, l.month - 1);
  else if (now >= period.to) period = periodOf(ctx, l.year, l.month + 1);
  return { ctx, period };
}

const sumKwh = (rows: readonly IntervalRow[]) => rows.reduce((a, r) => a + (r.value ?? 0), 0);

/**
 * The month-end projected bill: the billing period's 15-min energy so far (the rollups) followed by
 * the forecast hours, each split into four equal 15-min blocks, priced by the cost module's
 * periodBill with the scheme's versions — at the forecast's P10, P50 and P90. kvarh so far (forward
 * and reverse) is scaled with the kWh so the projected cosφ stays the month's so far. A projection, not a bill:
 * the MD of the forecast part is an hour's average, so it never raises the demand charge.
 */
export async function projectBill(
  ems: Ems,
  scope: readonly number[],
  q: NodeRef,
  w: { ctx: CostContext; period: BillingPeriod },
  origin: number,
  hours: readonly HourForecast[],
): Promise<ProjectedBill> {
  const { ctx, period } = w;
  const ir = intervalRepository(ems.db);
  const [kwhRows, kvarhRows, reverseRows, toDate] = await Promise.all([
    ir.intervals(ctx.meterIds, DATA_ID.activeEnergyImport, period.from, origin),
    ir.intervals(ctx.meterIds, DATA_ID.reactiveEnergyImport, period.from, origin),
    ir.intervals(ctx.meterIds, DATA_ID.reactiveEnergyExport, period.from, origin),
    monthBill(ems, scope, { ...q, year: period.year, month: period.month }),
  ]);
  const actualKwh = sumKwh(kwhRows);
  const kvarh = kvarhRows.some((r) => r.value !== null) ? sumKwh(kvarhRows) : null;
  // reverse kvarh counts into Q as the cost page's bill counts it (the 1983 rule, unless the version says not)
  const reverseKvarh = sumKwh(reverseRows);
  const rest = hours.filter((h) => h.time >= origin && h.time < period.to);
  // the first month of metering pro-rates the basic fee, as the cost page's bill does (cost/service.ts billOf)
  const first = kwhRows.reduce((a, r) => Math.min(a, r.start), Infinity);
  const meteringFrom = first > period.from && first < Infinity && !(await ir.anyBefore(ctx.meterIds, DATA_ID.activeEnergyImport, period.from)) ? first : null;
  const bill = (key: 'p10' | 'p50' | 'p90') => {
    // each hour as four equal 15-min blocks (one rounding per hour, the same for its four blocks)
    const future: IntervalRow[] = [];
    for (const h of rest) {
      const value = Math.round((h[key] / 4) * 1e6) / 1e6;
      for (let k = 0; k < 4; k++) future.push({ deviceId: -1, start: h.time + k * 900_000, value });
    }
    const projectedKwh = actualKwh + sumKwh(future);
    const scale = (q: number) => (actualKwh > 0 ? Math.round(((q * projectedKwh) / actualKwh) * 1e6) / 1e6 : q);
    return periodBill({
      period,
      versions: ctx.scheme?.versions ?? [],
      timeZone: ctx.timezone,
      kwhRows: kwhRows.concat(future),
      kvarh: kvarh === null ? null : scale(kvarh),
      reverseKvarh: scale(reverseKvarh),
      elapsedHours: (period.to - period.from) / HOUR_MS,
      meteringFrom,
    }).summary;
  };
  // pricing is a pure function of these inputs (memo.ts): the rows so far, the forecast hours, the scheme's versions and the period
  const key = [
    'bill',
    ctx.timezone,
    JSON.stringify(period),
    JSON.stringify(ctx.scheme?.versions ?? []),
    kvarh,
    reverseKvarh,
    meteringFrom,
    digest(kwhRows.map((r) => r.start)),
    digest(kwhRows.map((r) => r.value)),
    digest(rest.map((h) => h.time)),
    digest(rest.flatMap((h) => [h.p10, h.p50, h.p90])),
  ].join('|');
  // each pricing goes over every 15-min interval of the period (tens of ms on the demo plant): a turn after each
  const [p10, p50, p90] = await rememberedAsync(key, async () => {
    const low = bill('p10');
    await modelTurn();
    const mid = bill('p50');
    await modelTurn();
    return [low, mid, bill('p90')] as const;
  });
  return {
    schemeId: ctx.scheme?.id ?? null,
    schemeName: ctx.scheme?.name ?? null,
    year: period.year,
    month: period.month,
    from: period.from,
    to: period.to,
    billed: p50.billed,
    toDateFen: toDate.totalFen,
    p10Fen: p10.totalFen,
    p50Fen: p50.totalFen,
    p90Fen: p90.totalFen,
    energyFen: p50.energyFen,
    basicFen: p50.basicFen,
    pfFen: p50.pfFen,
    surchargeFen: p50.surchargeFen,
    averagePriceYuanPerKwh: p50.averagePriceYuanPerKwh,
  };
}
