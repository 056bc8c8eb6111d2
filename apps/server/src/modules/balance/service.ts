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
import { alignedSums, bucketEnd, bucketStart, coveredBalance, localParts, worstBalances } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { mapSliced, rangePieces, readInPieces, slicer } from '../../lib/work-slices.js';
import { cellsOf, raggedHours } from './coverage-reads.js';
import { dailyBalance, detectStep, groupBalance, meterTotal, type BalanceGroup, type DayCells, type HourCells } from './figures.js';
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

/** Per device, its day buckets (value and 15-min intervals) over the range, read half a month at a time (lib/work-slices.ts). */
async function dayCells(c: Context, ids: readonly number[], dataId: number): Promise<DayCells> {
  return cellsOf(await readInPieces(rangePieces(c.days, c.to).map((p) => () => c.repo.days(ids, dataId, p.from, p.to))));
}

/** A balance node of the tree: the meter over its children, with their accuracy classes. */
function groupOf(m: BalanceMeter, meters: ReadonlyMap<number, BalanceMeter>): BalanceGroup {
  return { parents: [m.id], children: m.children, tolerancePct: m.tolerancePct, accuracy: { parent: m.accuracyPct, children: m.children.map((id) => meters.get(id)?.accuracyPct ?? m.accuracyPct) } };
}

/** The hour buckets of the groups' ragged days (coverage-reads.ts). */
function hourCells(c: Context, dataId: number, groups: readonly BalanceGroup[], cells: DayCells): Promise<HourCells | undefined> {
  return raggedHours((ids, from, to) => c.repo.days(ids, dataId, from, to, 'rollup_hour'), c.timezone, groups, cells, c.days);
}

/**
 * Per device and local day, the night sums of its hour buckets, one read per half month of a span of
 * constant UTC offset (a day's sums come from one read: the pieces are whole days).
 */
async function nightRows(c: Context, ids: readonly number[], dataId: number): Promise<NightRow[]> {
  const nightEndMs = BALANCE_NIGHT_HOURS.to * 3_600_000;
  const reads = nightSegments(c.days, c.to, c.timezone).flatMap((seg) =>
    rangePieces(
      c.days.filter((d) => d >= seg.from && d < seg.to),
      seg.to,
    ).map((p) => () => c.repo.nightByDay(ids, dataId, p.from, p.to, seg.offsetMs, nightEndMs)),
  );
  return readInPieces(reads);
}

type Cells = Map<number, Map<number, { value: number | null; intervals: number }>>;

/**
 * Day cells of the night part (the night hours' Σ) and of the day part (the day bucket less it) of
 * each meter, and the hours of ragged days split the same way.
 */
async function nightParts(c: Context, days: DayCells, rows: readonly NightRow[], hours: HourCells | undefined) {
  const turn = slicer();
  const night: Cells = new Map();
  const day: Cells = new Map();
  const put = (to: Cells, id: number, d: number, value: number | null, intervals: number) => {
    let m = to.get(id);
    if (!m) to.set(id, (m = new Map()));
    m.set(d, { value, intervals });
  };
  for (const r of rows) put(night, r.deviceId, r.day, r.nightSum, r.nightIntervals);
  for (const [id, cells] of days) {
    for (const [d, cell] of cells) {
      const n = night.get(id)?.get(d);
      put(day, id, d, cell.value === null ? null : cell.value - (n?.value ?? 0), cell.intervals - (n?.intervals ?? 0));
    }
    await turn();
  }
  const split = (isNight: boolean): HourCells | undefined =>
    hours === undefined
      ? undefined
      : { cells: hours.cells, hours: new Map([...hours.hours].map(([d, hs]) => [d, hs.filter((h) => localParts(h, c.timezone).hour < BALANCE_NIGHT_HOURS.to === isNight)])) };
  return { night: night as DayCells, day: day as DayCells, nightHours: split(true), dayHours: split(false) };
}

type NightParts = Awaited<ReturnType<typeof nightParts>>;

/** Night and day balance of a node over the parts every member covers, with the loss per covered hour. */
function nightOf(m: BalanceMeter, g: BalanceGroup, parts: NightParts, days: readonly number[]): NightFigures {
  const part = (cells: DayCells, hours: HourCells | undefined) => {
    const sub = hours === undefined ? undefined : (d: number) => {
      const periods = hours.hours.get(d);
      return periods === undefined ? undefined : { parents: g.parents.map((id) => hours.cells.get(id)), children: g.children.map((id) => hours.cells.get(id)), periods };
    };
    const sums = alignedSums(g.parents.map((id) => cells.get(id)), g.children.map((id) => cells.get(id)), days, sub);
    const b = coveredBalance(sums, g.tolerancePct, g.accuracy);
    return { b, perHour: b.loss === null || sums.coveredIntervals === 0 ? null : b.loss / (sums.coveredIntervals / 4) };
  };
  const night = part(parts.night, parts.nightHours);
  const day = part(parts.day, parts.dayHours);
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
    nightUnmetered: night.b.unmetered,
    dayUnmetered: day.b.unmetered,
  };
}

/** A meter's own night and day rate per metered hour (15-min intervals ÷ 4) over the range. */
function meterNightOf(m: BalanceMeter, parts: NightParts): MeterNight {
  const sum = (cells: DayCells) => {
    let value = 0;
    let intervals = 0;
    for (const c of cells.get(m.id)?.values() ?? []) {
      if (c.value === null) continue;
      value += c.value;
      intervals += c.intervals;
    }
    return { value, hours: intervals / 4 };
  };
  const n = sum(parts.night);
  const d = sum(parts.day);
  const all = n.value + d.value;
  return { meterId: m.id, name: m.name, nightPerHour: n.hours > 0 ? n.value / n.hours : null, dayPerHour: d.hours > 0 ? d.value / d.hours : null, nightSharePct: all > 0 && n.hours > 0 ? (n.value / all) * 100 : null };
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
  const cells = await dayCells(c, ids, dataId);
  const night = await nightRows(c, ids, dataId);
  const groups = new Map(order.filter((o) => o.meter.children.length > 0).map((o) => [o.meter.id, groupOf(o.meter, c.meters)]));
  const hours = await hourCells(c, dataId, [...groups.values()], cells);

  // a meter at a time, with turns of the event loop between (lib/work-slices.ts)
  const rows: BalanceRow[] = await mapSliced(order, ({ meter: m, depth }) => {
    const g = groups.get(m.id);
    return {
      meterId: m.id,
      name: m.name,
      code: m.code,
      parentMeterId: m.parent,
      depth,
      value: meterTotal(cells, m.id, c.days),
      childCount: m.children.length,
      balance: g ? groupBalance(cells, hours, g, c.days) : null,
    };
  });
  const nodes = rows.flatMap((r) => (r.balance ? [{ row: r, balance: r.balance }] : []));
  const worst = worstBalances(nodes, WORST_N).map(({ row, balance }) => ({
    meterId: row.meterId,
    name: row.name,
    lossRatePct: balance.lossRatePct ?? 0,
    tolerancePct: balance.tolerancePct,
    status: balance.status,
  }));
  const energyTypes = [...new Set([...c.meters.values()].filter((m) => m.children.length > 0).map((m) => m.energyType))].sort((a, b) => a - b);
  const parts = await nightParts(c, cells, night, hours);
  const nightFigures = (await mapSliced(order, (o) => {
    const g = groups.get(o.meter.id);
    return g ? nightOf(o.meter, g, parts, c.days) : null;
  })).filter((n) => n !== null);
  const meterNight = await mapSliced(
    order.filter((o) => o.meter.children.length === 0),
    (o) => meterNightOf(o.meter, parts),
  );
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
    night: nightFigures,
    meterNight: meterNight.sort((a, b) => (b.nightPerHour ?? -1) - (a.nightPerHour ?? -1) || a.meterId - b.meterId),
  };
}

/** The daily λ of one balance node over the range, with its tolerance. */
export async function balanceTrend(ems: Ems, lang: Lang, scope: readonly number[], q: BalanceTrendQuery): Promise<BalanceTrend> {
  const c = await open(ems, lang, scope, q);
  const m = c.meters.get(q.meterId);
  if (!m) throw noPermission();
  if (m.children.length === 0) throw invalid(lang, 'meterId', 'meterId');
  const g = groupOf(m, c.meters);
  const cells = await dayCells(c, [m.id, ...m.children], m.dataId);
  const hours = await hourCells(c, m.dataId, [g], cells);
  return { meterId: m.id, name: m.name, unit: unitOf(m.energyType), tolerancePct: m.tolerancePct, from: c.from, to: c.to, days: dailyBalance(cells, hours, g, c.days) };
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
  // a medium after another: each read in pieces with turns of the event loop between (lib/work-slices.ts)
  const reads: { group: BalanceGroup; cells: DayCells; hours: HourCells | undefined }[] = [];
  for (const p of plans) {
    const group: BalanceGroup = {
      parents: p.supply.map((m) => m.id),
      children: p.endUsers.map((m) => m.id),
      tolerancePct: p.supply.length === 1 ? (p.supply[0] as BalanceMeter).tolerancePct : toleranceOf(null, p.energyType),
      accuracy: { parent: Math.max(...p.supply.map((m) => m.accuracyPct)), children: p.endUsers.map((m) => m.accuracyPct) },
    };
    const cells = await dayCells(c, [...group.parents, ...group.children], p.dataId);
    reads.push({ group, cells, hours: await hourCells(c, p.dataId, [group], cells) });
  }
  const turn = slicer();
  for (const [i, { energyType, supply, endUsers }] of plans.entries()) {
    await turn();
    const { group, cells: s, hours } = reads[i] as (typeof reads)[number];
    const balance = groupBalance(s, hours, group, c.days);
    // shares of what the supplies metered over the range, the base of the values shown beside them (not
    // the covered part λ is taken over): the supplies add up to 100 %, the end users, loss and unmetered too
    const base = balance.parentTotal;
    const meter = (m: BalanceMeter) => {
      const value = meterTotal(s, m.id, c.days);
      return { meterId: m.id, name: m.name, value, sharePct: value === null || base === null || base === 0 ? null : (value / base) * 100 };
    };
    const days = dailyBalance(s, hours, group, c.days);
    media.push({ energyType, unit: unitOf(energyType), supply: supply.map(meter), endUsers: endUsers.map(meter), balance, days, stepChange: detectStep(days) });
  }
  return { projectId: c.projectId, timezone: c.timezone, from: c.from, to: c.to, media };
}
