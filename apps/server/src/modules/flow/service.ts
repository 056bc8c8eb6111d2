import {
  DATA_ID,
  ENERGY_COUNTER_DATA_ID,
  FLOW_MAX_RANGE_MS,
  MONITOR_OFFLINE_AFTER_MS,
  type EnergyFlowReply,
  type FlowGraph,
  type FlowQuery,
  type LiveFlowQuery,
  type LiveFlowReply,
  type LiveMeter,
  type LiveSourceT,
} from '@ems/contract';
import { bucketEnd, bucketStart, energyFlow, type EnergyFlow } from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { mapSliced } from '../../lib/work-slices.js';
import { resolveRange } from '../analysis/periods.js';
import type { BalanceMeter } from '../balance/meter-tree.js';
import { flowRepository, type LatestValue } from './repository.js';
import { raggedHours } from '../balance/coverage-reads.js';
import { groupBalance, type BalanceGroup } from '../balance/figures.js';
import { flowMeters, invalid, metersOf, openScope, spanCells, spanSums, unitOf } from './scope.js';

const Q_MS = 900_000;

/** The domain's flow in the contract's shape: nodes with the meter's code and tolerance. */
function graphOf(f: EnergyFlow, meters: readonly BalanceMeter[]): FlowGraph {
  const byId = new Map(meters.map((m) => [m.id, m]));
  return {
    nodes: f.nodes.map((n) => {
      const m = n.meterId === null ? undefined : byId.get(n.meterId);
      return { ...n, code: m?.code ?? '', tolerancePct: n.kind === 'meter' && n.status !== null ? (m?.tolerancePct ?? null) : null };
    }),
    links: f.links,
    faults: f.faults,
    missing: f.missing,
    idle: f.idle,
    totals: { supply: f.supply, endUse: f.endUse, loss: f.loss, unmetered: f.unmetered, excess: f.excess, lossRatePct: f.lossRatePct },
  };
}

function counterOf(lang: Lang, energyType: number): number {
  const dataId = ENERGY_COUNTER_DATA_ID[energyType];
  if (dataId === undefined) throw invalid(lang, 'energyType', 'energyType');
  return dataId;
}

/**
 * The energy flow of a node for one energy type over a date-range selector value (DOMAIN §1, §2):
 * each meter's consumption from the rollups, the Sankey from the supplies through distribution to
 * the end uses with every parent's loss as its own branch, taken over the periods the parent and its
 * children all cover (as the balance page takes it); what the parent metered where a child did not
 * is its 'unmetered' branch.
 */
export async function periodFlow(ems: Ems, lang: Lang, scope: readonly number[], q: FlowQuery): Promise<EnergyFlowReply> {
  const dataId = counterOf(lang, q.energyType);
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  if (q.dateType >= 6 && q.endTime - q.startTime > FLOW_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  const s = await openScope(ems, scope, q);
  const range = resolveRange(q.dateType, q.startTime, q.endTime, s.timezone);
  const meters = metersOf(s, q.energyType);
  const { cells, periods, days } = await spanCells(
    s,
    meters.map((m) => m.id),
    dataId,
    { from: range.from, to: range.to },
  );
  // each parent against its children over the periods (and hours of ragged days) they all cover: the
  // loss there, the rest unmetered — the balance page's rule (balance/figures.ts)
  const inScope = new Set(meters.map((m) => m.id));
  const groups = new Map<number, BalanceGroup>();
  for (const m of meters) {
    const kids = m.children.filter((c) => inScope.has(c));
    if (kids.length > 0) groups.set(m.id, { parents: [m.id], children: kids, tolerancePct: m.tolerancePct, accuracy: { parent: m.accuracyPct, children: kids.map((c) => s.meters.get(c)?.accuracyPct ?? m.accuracyPct) } });
  }
  const hours = await raggedHours(
    async (ids, from, to) => (await s.repo.buckets('rollup_hour', ids, dataId, from, to)).map((b) => ({ deviceId: b.deviceId, bucketStart: b.bucketStart, value: b.value, intervals: b.nIntervals })),
    s.timezone,
    [...groups.values()],
    cells,
    days,
  );
  const total = (id: number) => {
    let value: number | null = null;
    for (const c of cells.get(id)?.values() ?? []) if (c.value !== null) value = (value ?? 0) + c.value;
    return value;
  };
  // a meter at a time, with turns of the event loop between (lib/work-slices.ts)
  const values = await mapSliced(meters, (m) => {
    const g = groups.get(m.id);
    return { value: total(m.id), ...(g ? { balance: groupBalance(cells, hours, g, periods) } : {}) };
  });
  const byMeter = new Map(meters.map((m, i) => [m.id, values[i] as (typeof values)[number]]));
  const flow = energyFlow(flowMeters(meters, (m) => byMeter.get(m.id) as (typeof values)[number]));
  return {
    projectId: s.projectId,
    nodeId: q.nodeId,
    modelLabel: q.modelLabel,
    name: s.name,
    energyType: q.energyType,
    unit: unitOf(q.energyType),
    timezone: s.timezone,
    from: range.from,
    to: range.to,
    energyTypes: s.energyTypes,
    meterCount: meters.length,
    ...graphOf(flow, meters),
  };
}

/** The instantaneous data point that carries a live flow, per energy type: P for electricity, flow for water. */
const INSTANT: Readonly<Record<number, { dataId: number; source: LiveSourceT }>> = {
  2: { dataId: DATA_ID.activePower, source: 'power' },
  3: { dataId: DATA_ID.waterFlow, source: 'flow' },
};

/** The unit of a live flow: kW for energy counted in kWh, else the counter unit per hour. */
export const rateUnitOf = (energyType: number) => {
  const unit = unitOf(energyType);
  return unit === 'kWh' ? 'kW' : `${unit}/h`;
};

const byDevice = (rows: readonly LatestValue[]) => new Map(rows.map((r) => [r.deviceId, r]));

/**
 * The live flow of a node: each meter's latest active power (electricity) or flow (water), else its
 * last 15-min consumption as a rate (labelled rate15m), with its time and an online mark (a reading
 * no older than the monitor's offline threshold); the flow drawn over the online meters, and each
 * meter's consumption today so far (hour and day rollups) for the hover.
 */
export async function liveFlow(ems: Ems, lang: Lang, scope: readonly number[], q: LiveFlowQuery): Promise<LiveFlowReply> {
  const counter = counterOf(lang, q.energyType);
  const s = await openScope(ems, scope, q);
  const meters = metersOf(s, q.energyType);
  const ids = meters.map((m) => m.id);
  const now = ems.config.now();
  const repo = flowRepository(ems.db);
  const instant = INSTANT[q.energyType];
  const periodFrom = bucketStart(now, 'day', s.timezone);
  const periodTo = bucketEnd(bucketStart(now, 'hour', s.timezone), 'hour', s.timezone);
  const [points, counters, quarters, today] = await Promise.all([
    instant ? repo.latestReadings(ids, instant.dataId) : Promise.resolve([]),
    repo.latestReadings(ids, counter),
    repo.latest15m(ids, counter),
    spanSums(s, ids, counter, { from: periodFrom, to: periodTo }),
  ]);
  const [p, c, r] = [byDevice(points), byDevice(counters), byDevice(quarters)];
  const rateUnit = rateUnitOf(q.energyType);
  const live: LiveMeter[] = meters.map((m) => {
    const point = p.get(m.id);
    const quarter = r.get(m.id);
    const seen = Math.max(point?.ts ?? -Infinity, c.get(m.id)?.ts ?? -Infinity);
    const base = { meterId: m.id, name: m.name, code: m.code, parentMeterId: m.parent, unit: rateUnit, online: now - seen <= MONITOR_OFFLINE_AFTER_MS, periodTotal: today.get(m.id)?.value ?? null };
    if (point && instant) return { ...base, source: instant.source, value: point.value, ts: point.ts };
    if (quarter) return { ...base, source: 'rate15m', value: quarter.value === null ? null : quarter.value / (Q_MS / 3_600_000), ts: quarter.ts + Q_MS };
    return { ...base, source: 'none', value: null, ts: null };
  });
  const value = new Map(live.map((l) => [l.meterId, l.online ? l.value : null]));
  const flow = energyFlow(flowMeters(meters, (m) => ({ value: value.get(m.id) ?? null })));
  return {
    projectId: s.projectId,
    nodeId: q.nodeId,
    modelLabel: q.modelLabel,
    name: s.name,
    energyType: q.energyType,
    unit: unitOf(q.energyType),
    rateUnit,
    timezone: s.timezone,
    now,
    offlineAfterMs: MONITOR_OFFLINE_AFTER_MS,
    periodFrom,
    periodTo: Math.min(periodTo, now),
    energyTypes: s.energyTypes,
    meters: live,
    ...graphOf(flow, meters),
  };
}
