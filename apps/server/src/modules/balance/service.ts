import {
  BALANCE_MAX_RANGE_MS,
  BALANCE_NIGHT_HOURS,
  ENERGY_COUNTER_DATA_ID,
  ENERGY_TYPE_VALUES,
  ErrorCode,
  PIPE_MEDIA,
  type BalanceQuery,
  type BalanceRow,
  type BalanceTree,
  type BalanceTrend,
  type BalanceTrendQuery,
  type MeterNight,
  type NightFigures,
  type PipeAnalysis,
  type PipeMedium,
  type PipeQuery,
} from '@ems/contract';
import { balanceOf, bucketEnd, bucketStart, worstBalances } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { dailyBalance, detectStep, meterTotal, rangeBalance, type DaySeries } from './figures.js';
import { balanceMeters, toleranceOf, treeOrder, type BalanceMeter } from './meter-tree.js';
import { nightSegments } from './night.js';
import { balanceRepository, type BalanceRepository, type NightRow } from './repository.js';

const FIELD_TEXT = {
  energyType: ['没有累计量测点的能源类型', 'an energy type without a counter data point'],
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
  meterId: ['不是有下级计量表的计量表', 'not a meter with child meters'],
} as const;

const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

const unitOf = (energyType: number) => ENERGY_TYPE_VALUES.find((t) => t.value === energyType)?.unit ?? '';
const WORST_N = 10;

interface Context {
  repo: BalanceRepository;
  projectId: number;
  timezone: string;
  from: number;
  to: number;
  days: number[];
  meters: Map<number, BalanceMeter>;
}

/** Checks the range and the caller's scope (404 'no operation permission'), loads the meters; the range becomes whole local days. */
async function open(ems: Ems, lang: Lang, scope: readonly number[], q: { projectId: number; startTime: number; endTime: number }): Promise<Context> {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  if (q.endTime - q.startTime > BALANCE_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  if (!scope.includes(q.projectId)) throw noPermission();
  const repo = balanceRepository(ems.db);
  const project = await repo.project(q.projectId);
  if (!project) throw noPermission();
  const tz = project.timezone;
  const from = bucketStart(q.startTime, 'day', tz);
  const to = bucketEnd(bucketStart(q.endTime, 'day', tz), 'day', tz);
  const days: number[] = [];
  for (let d = from; d < to; d = bucketEnd(d, 'day', tz)) days.push(d);
  return { repo, projectId: project.id, timezone: tz, from, to, days, meters: balanceMeters(await repo.meters(project.id)) };
}

async function daySeries(c: Context, ids: readonly number[], dataId: number): Promise<DaySeries> {
  const out = new Map<number, Map<number, number | null>>();
  for (const r of await c.repo.days(ids, dataId, c.from, c.to)) {
    let m = out.get(r.deviceId);
    if (!m) out.set(r.deviceId, (m = new Map()));
    m.set(r.bucketStart, r.value);
  }
  return out;
}

/** Per device Σ/count at night and by day over the range, one read per span of constant UTC offset. */
async function nightRows(c: Context, ids: readonly number[], dataId: number): Promise<Map<number, NightRow>> {
  const out = new Map<number, NightRow>();
  const nightEndMs = BALANCE_NIGHT_HOURS.to * 3_600_000;
  for (const seg of nightSegments(c.days, c.to, c.timezone)) {
    for (const r of await c.repo.nightDay(ids, dataId, seg.from, seg.to, seg.offsetMs, nightEndMs)) {
      const o = out.get(r.deviceId) ?? { deviceId: r.deviceId, nightSum: 0, nightN: 0, daySum: 0, dayN: 0 };
      out.set(r.deviceId, { deviceId: r.deviceId, nightSum: o.nightSum + r.nightSum, nightN: o.nightN + r.nightN, daySum: o.daySum + r.daySum, dayN: o.dayN + r.dayN });
    }
  }
  return out;
}

/** Night and day balance of a node from hour sums: a member with fewer valued hours than the most complete one has no value. */
function nightOf(m: BalanceMeter, rows: ReadonlyMap<number, NightRow>): NightFigures {
  const members = [m.id, ...m.children];
  const part = (sum: (r: NightRow) => number, n: (r: NightRow) => number) => {
    const full = Math.max(0, ...members.map((id) => (rows.get(id) ? n(rows.get(id) as NightRow) : 0)));
    const val = (id: number) => {
      const r = rows.get(id);
      return full > 0 && r && n(r) === full ? sum(r) : null;
    };
    const b = balanceOf(val(m.id), m.children.map(val), m.tolerancePct);
    return { b, perHour: b.loss === null || full === 0 ? null : b.loss / full };
  };
  const night = part(
    (r) => r.nightSum,
    (r) => r.nightN,
  );
  const day = part(
    (r) => r.daySum,
    (r) => r.dayN,
  );
  return {
    meterId: m.id,
    name: m.name,
    nightLoss: night.b.loss,
    nightLossRatePct: night.b.lossRatePct,
    dayLoss: day.b.loss,
    dayLossRatePct: day.b.lossRatePct,
    nightLossPerHour: night.perHour,
    dayLossPerHour: day.perHour,
    nightStatus: night.b.status,
  };
}

function meterNightOf(m: BalanceMeter, r: NightRow | undefined): MeterNight {
  const nightPerHour = r && r.nightN > 0 ? r.nightSum / r.nightN : null;
  const dayPerHour = r && r.dayN > 0 ? r.daySum / r.dayN : null;
  const all = r ? r.nightSum + r.daySum : 0;
  return { meterId: m.id, name: m.name, nightPerHour, dayPerHour, nightSharePct: r && all > 0 && r.nightN > 0 ? (r.nightSum / all) * 100 : null };
}

/**
 * The meter balance tree of an energy type over the range (DOMAIN §2): every meter in tree order,
 * balance nodes with parent, Σ children, loss, λ, tolerance and status; the worst nodes; night
 * (00:00–06:00) against day loss per node and the end-use meters by night rate. Reads day and hour rollups.
 */
export async function balanceTree(ems: Ems, lang: Lang, scope: readonly number[], q: BalanceQuery): Promise<BalanceTree> {
  const dataId = ENERGY_COUNTER_DATA_ID[q.energyType];
  if (dataId === undefined) throw invalid(lang, 'energyType', 'energyType');
  const c = await open(ems, lang, scope, q);
  const order = treeOrder(c.meters, q.energyType);
  const ids = order.map((o) => o.meter.id);
  const [series, night] = await Promise.all([daySeries(c, ids, dataId), nightRows(c, ids, dataId)]);

  const rows: BalanceRow[] = order.map(({ meter: m, depth }) => ({
    meterId: m.id,
    name: m.name,
    code: m.code,
    parentMeterId: m.parent,
    depth,
    value: meterTotal(series, m.id, c.days),
    childCount: m.children.length,
    balance: m.children.length > 0 ? rangeBalance(series, [m.id], m.children, c.days, m.tolerancePct) : null,
  }));
  const nodes = rows.flatMap((r) => (r.balance ? [{ row: r, balance: r.balance }] : []));
  const worst = worstBalances(nodes, WORST_N).map(({ row, balance }) => ({
    meterId: row.meterId,
    name: row.name,
    lossRatePct: balance.lossRatePct ?? 0,
    tolerancePct: balance.tolerancePct,
    status: balance.status,
  }));
  const energyTypes = [...new Set([...c.meters.values()].filter((m) => m.children.length > 0).map((m) => m.energyType))].sort((a, b) => a - b);
  return {
    projectId: c.projectId,
    energyType: q.energyType,
    unit: unitOf(q.energyType),
    timezone: c.timezone,
    from: c.from,
    to: c.to,
    energyTypes,
    rows,
    worst,
    night: order.filter((o) => o.meter.children.length > 0).map((o) => nightOf(o.meter, night)),
    meterNight: order
      .filter((o) => o.meter.children.length === 0)
      .map((o) => meterNightOf(o.meter, night.get(o.meter.id)))
      .sort((a, b) => (b.nightPerHour ?? -1) - (a.nightPerHour ?? -1) || a.meterId - b.meterId),
  };
}

/** The daily λ of one balance node over the range, with its tolerance. */
export async function balanceTrend(ems: Ems, lang: Lang, scope: readonly number[], q: BalanceTrendQuery): Promise<BalanceTrend> {
  const c = await open(ems, lang, scope, q);
  const m = c.meters.get(q.meterId);
  if (!m) throw noPermission();
  if (m.children.length === 0) throw invalid(lang, 'meterId', 'meterId');
  const series = await daySeries(c, [m.id, ...m.children], m.dataId);
  return { meterId: m.id, name: m.name, unit: unitOf(m.energyType), tolerancePct: m.tolerancePct, from: c.from, to: c.to, days: dailyBalance(series, [m.id], m.children, c.days, m.tolerancePct) };
}

/**
 * Pipe loss per medium (water, gas, steam, compressed air): the supply totalisers (top meters with
 * children) against the end users (meters without children under a parent), over the range and per
 * day, with a step-change flag on the daily λ.
 */
export async function pipeAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: PipeQuery): Promise<PipeAnalysis> {
  const c = await open(ems, lang, scope, q);
  const media: PipeMedium[] = [];
  const plans = PIPE_MEDIA.flatMap((energyType) => {
    const all = [...c.meters.values()].filter((m) => m.energyType === energyType);
    const supply = all.filter((m) => m.parent === null && m.children.length > 0);
    const endUsers = all.filter((m) => m.parent !== null && m.children.length === 0);
    const dataId = ENERGY_COUNTER_DATA_ID[energyType];
    return supply.length === 0 || endUsers.length === 0 || dataId === undefined ? [] : [{ energyType, supply, endUsers, dataId }];
  });
  // the media's day reads at once (PostgreSQL runs them side by side)
  const reads = await Promise.all(plans.map((p) => daySeries(c, [...p.supply, ...p.endUsers].map((m) => m.id), p.dataId)));
  for (const [i, { energyType, supply, endUsers }] of plans.entries()) {
    const tolerancePct = supply.length === 1 ? (supply[0] as BalanceMeter).tolerancePct : toleranceOf(null, energyType);
    const s = reads[i] as DaySeries;
    const supplyIds = supply.map((m) => m.id);
    const userIds = endUsers.map((m) => m.id);
    const balance = rangeBalance(s, supplyIds, userIds, c.days, tolerancePct);
    const base = balance.parent;
    const meter = (m: BalanceMeter) => {
      const value = meterTotal(s, m.id, c.days);
      return { meterId: m.id, name: m.name, value, sharePct: value === null || base === null || base === 0 ? null : (value / base) * 100 };
    };
    const days = dailyBalance(s, supplyIds, userIds, c.days, tolerancePct);
    media.push({ energyType, unit: unitOf(energyType), supply: supply.map(meter), endUsers: endUsers.map(meter), balance, days, stepChange: detectStep(days) });
  }
  return { projectId: c.projectId, timezone: c.timezone, from: c.from, to: c.to, media };
}
