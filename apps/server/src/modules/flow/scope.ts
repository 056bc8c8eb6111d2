import { ENERGY_TYPE_VALUES, ErrorCode } from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { rangePieces, readInPieces } from '../../lib/work-slices.js';
import { bucketEnd, type FlowMeter } from '@ems/domain';
import { coveringReads, type Span } from '../analysis/periods.js';
import { analysisRepository, type AnalysisRepository } from '../analysis/repository.js';
import { buildTree, subtreeMeters } from '../analysis/tree.js';
import { cellsOf } from '../balance/coverage-reads.js';
import type { DayCells } from '../balance/figures.js';
import { balanceMeters, type BalanceMeter } from '../balance/meter-tree.js';
import { balanceRepository } from '../balance/repository.js';

const FIELD_TEXT = {
  energyType: ['没有累计量测点的能源类型', 'an energy type without a counter data point'],
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
} as const;

/** 400 naming the field, in the request's language. */
export const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

export const unitOf = (energyType: number) => ENERGY_TYPE_VALUES.find((t) => t.value === energyType)?.unit ?? '';

/** The node's project and name, its counter meters (balance trees cut at the node) and the reads over them. */
export interface FlowScope {
  repo: AnalysisRepository;
  projectId: number;
  timezone: string;
  name: string;
  /** the meters of the node's subtree, by id, in balance-tree order; parent null when outside the subtree */
  meters: Map<number, BalanceMeter>;
  /** energy types with meters under the node */
  energyTypes: number[];
}

/**
 * Resolves the node to its project (404 'no operation permission' outside the caller's scope) and
 * the counter meters under it: the balance trees of the project (modules/balance) kept to the
 * node's subtree (modules/analysis), a parent outside the subtree making its child a supply.
 */
export async function openScope(ems: Ems, scope: readonly number[], q: { nodeId: number; modelLabel: string }): Promise<FlowScope> {
  const repo = analysisRepository(ems.db);
  const projectId = q.modelLabel === 'project' ? q.nodeId : await repo.nodeProject(q.nodeId, q.modelLabel);
  if (projectId === undefined || !scope.includes(projectId)) throw noPermission();
  const project = await repo.project(projectId);
  if (!project) throw noPermission();
  const [nodes, meterRows] = await Promise.all([repo.nodes(projectId), balanceRepository(ems.db).meters(projectId)]);
  const tree = buildTree(nodes);
  const inside = new Set(subtreeMeters(tree, q.modelLabel === 'project' ? null : q.nodeId).map((m) => m.id));
  const all = balanceMeters(meterRows);
  const meters = new Map<number, BalanceMeter>();
  for (const [id, m] of all) {
    if (!inside.has(id)) continue;
    meters.set(id, { ...m, parent: m.parent !== null && inside.has(m.parent) ? m.parent : null, children: m.children.filter((c) => inside.has(c)) });
  }
  const name = q.modelLabel === 'project' ? project.name : (tree.byId.get(q.nodeId)?.name ?? '');
  const energyTypes = [...new Set([...meters.values()].map((m) => m.energyType))].sort((a, b) => a - b);
  return { repo, projectId, timezone: project.timezone, name, meters, energyTypes };
}

/** The meters of one energy type, parents before children (depth first from the supplies). */
export function metersOf(s: FlowScope, energyType: number): BalanceMeter[] {
  const out: BalanceMeter[] = [];
  const visit = (m: BalanceMeter) => {
    out.push(m);
    for (const c of m.children) {
      const child = s.meters.get(c);
      if (child && child.energyType === energyType) visit(child);
    }
  };
  for (const m of s.meters.values()) if (m.energyType === energyType && m.parent === null) visit(m);
  return out;
}

export interface SpanSum {
  value: number | null;
  intervals: number;
}

/** Per device: Σ over a span from the rollups that cover it (hours at the edges, whole days between). */
export async function spanSums(s: FlowScope, ids: readonly number[], dataId: number, span: Span): Promise<Map<number, SpanSum>> {
  // one read after another, turns of the event loop between (lib/work-slices.ts)
  const rows = await readInPieces(coveringReads(span, s.timezone).map((r) => () => s.repo.sums(r.table, ids, dataId, r.from, r.to)));
  const out = new Map<number, SpanSum>();
  for (const x of rows) {
    const o = out.get(x.deviceId);
    const value = o?.value === undefined || o.value === null ? x.value : x.value === null ? o.value : o.value + x.value;
    out.set(x.deviceId, { value, intervals: (o?.intervals ?? 0) + x.intervals });
  }
  return out;
}

/** The domain's input: each meter with its value (and coverage, or its balance worked out over the covered intervals) and accuracy class. */
export function flowMeters(meters: readonly BalanceMeter[], value: (m: BalanceMeter) => Pick<FlowMeter, 'value' | 'intervals' | 'balance'>): FlowMeter[] {
  return meters.map((m) => ({ id: m.id, name: m.name, parent: m.parent, tolerancePct: m.tolerancePct, accuracyPct: m.accuracyPct, ...value(m) }));
}

/**
 * Per device, its rollup buckets over a span as coverage cells (the hours up to the first local
 * midnight, whole days, the hours after the last), with the period starts in order and which of them
 * are days (a day may be read again in hours where its members' interval counts differ).
 */
export async function spanCells(s: FlowScope, ids: readonly number[], dataId: number, span: Span) {
  const reads = coveringReads(span, s.timezone);
  // the days READ_DAYS at a time, turns of the event loop between reads (lib/work-slices.ts); rows in the same order as one read
  const pieces = reads.flatMap((r) => {
    if (r.table !== 'rollup_day') return [r];
    const starts: number[] = [];
    for (let t = r.from; t < r.to; t = bucketEnd(t, 'day', s.timezone)) starts.push(t);
    return rangePieces(starts, r.to).map((p) => ({ ...r, ...p }));
  });
  const rows = await readInPieces(pieces.map((r) => () => s.repo.buckets(r.table, ids, dataId, r.from, r.to)));
  const cells = cellsOf(rows.map((b) => ({ deviceId: b.deviceId, bucketStart: b.bucketStart, value: b.value, intervals: b.nIntervals })));
  const periods: number[] = [];
  const days: number[] = [];
  for (const r of reads) {
    const grain = r.table === 'rollup_day' ? 'day' : 'hour';
    for (let t = r.from; t < r.to; t = bucketEnd(t, grain, s.timezone)) {
      periods.push(t);
      if (grain === 'day') days.push(t);
    }
  }
  return { cells: cells as DayCells, periods, days };
}
