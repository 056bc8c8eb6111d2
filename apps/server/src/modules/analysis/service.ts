import {
  ANALYSIS_MAX_RANGE_MS,
  DATA_ID,
  ENERGY_COUNTER_DATA_ID,
  ENERGY_TYPE_VALUES,
  ErrorCode,
  type ConsumptionAnalysis,
  type ConsumptionChild,
  type ConsumptionQuery,
} from '@ems/contract';
import { bucketStart, changePct, toCo2T, toTce } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import type { ClassifiedMeter } from '../common/meters.js';
import { bucketsOf, coveringReads, likeForLike, resolveRange, seriesTable, shiftMonths, type Span } from './periods.js';
import { analysisRepository, type AnalysisRepository, type BucketRow, type NodeRow } from './repository.js';
import { buildTree, nodeArea, subtreeCounters, subtreeOutputs, type NodeTree } from './tree.js';
import { touSplit } from './tou.js';

/** ENERGY_TYPE code of electricity: the only carrier with time-of-use periods. */
const ELECTRICITY = 2;

const FIELD_TEXT = {
  energyType: ['没有累计量测点的能源类型', 'an energy type without a counter data point'],
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
} as const;

const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

const add = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
const sumOf = (xs: Iterable<number | null>) => {
  let v: number | null = null;
  for (const x of xs) v = add(v, x);
  return v;
};
const pct = (part: number | null, whole: number | null) => (part === null || whole === null || whole === 0 ? null : (part / whole) * 100);

/** Per device: Σ of a span read from the rollups that cover it (hours at the edges, whole days between). */
async function spanSums(repo: AnalysisRepository, ids: readonly number[], dataId: number, span: Span, timeZone: string): Promise<Map<number, SpanSum>> {
  const parts = await Promise.all(coveringReads(span, timeZone).map((r) => repo.sums(r.table, ids, dataId, r.from, r.to)));
  const out = new Map<number, SpanSum>();
  for (const part of parts) {
    for (const s of part) {
      const o = out.get(s.deviceId);
      out.set(s.deviceId, { value: add(o?.value ?? null, s.value), intervals: (o?.intervals ?? 0) + s.intervals });
    }
  }
  return out;
}

interface SpanSum {
  value: number | null;
  intervals: number;
}

interface DeviceFigures {
  series: Map<number, (number | null)[]>;
  lastYear: Map<number, (number | null)[]>;
  quality: Map<number, { good: number; intervals: number }>;
  current: Map<number, SpanSum>;
  yoy: Map<number, SpanSum>;
  mom: Map<number, SpanSum>;
}

/** Figures of a group of meters (the node's top-level meters, or a child's). */
function group(meters: readonly ClassifiedMeter[], f: DeviceFigures, size: number) {
  const series = Array.from({ length: size }, (_, i) => sumOf(meters.map((m) => f.series.get(m.id)?.[i] ?? null)));
  const lastYear = Array.from({ length: size }, (_, i) => sumOf(meters.map((m) => f.lastYear.get(m.id)?.[i] ?? null)));
  let good = 0;
  let intervals = 0;
  for (const m of meters) {
    const q = f.quality.get(m.id);
    good += q?.good ?? 0;
    intervals += q?.intervals ?? 0;
  }
  const span = (x: Map<number, SpanSum>) => ({
    value: sumOf(meters.map((m) => x.get(m.id)?.value ?? null)),
    intervals: meters.reduce((n, m) => n + (x.get(m.id)?.intervals ?? 0), 0),
  });
  const cur = span(f.current);
  const yoy = span(f.yoy);
  const mom = span(f.mom);
  const coverage = (ref: SpanSum) => (cur.intervals > 0 ? Math.min(100, (ref.intervals / cur.intervals) * 100) : null);
  const compared = cur.value;
  const yoyReference = yoy.value;
  const momReference = mom.value;
  return {
    series,
    lastYear,
    total: sumOf(series),
    qualityPct: intervals > 0 ? (good / intervals) * 100 : null,
    compared,
    yoyReference,
    momReference,
    yoyPct: changePct(compared, yoyReference),
    momPct: changePct(compared, momReference),
    yoyCoveragePct: coverage(yoy),
    momCoveragePct: coverage(mom),
  };
}

/** Resolves the node to its project and checks the caller's scope (404 'no operation permission' otherwise). */
async function locate(repo: AnalysisRepository, scope: readonly number[], q: ConsumptionQuery) {
  const projectId = q.modelLabel === 'project' ? q.nodeId : await repo.nodeProject(q.nodeId, q.modelLabel);
  if (projectId === undefined || !scope.includes(projectId)) throw noPermission();
  const project = await repo.project(projectId);
  if (!project) throw noPermission();
  return project;
}

/**
 * Consumption of a node (or the project) for one energy type over a selector range (DOMAIN §1):
 * KPI with like-for-like 同比/环比, tce and CO₂ over purchased supplies, intensity per m², data
 * quality; bars per bucket with the same buckets a year earlier; child nodes ranked with share of
 * the node's total. Reads rollups only.
 */
export async function consumptionAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: ConsumptionQuery): Promise<ConsumptionAnalysis> {
  const dataId = ENERGY_COUNTER_DATA_ID[q.energyType];
  if (dataId === undefined) throw invalid(lang, 'energyType', 'energyType');
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  if (q.dateType >= 6 && q.endTime - q.startTime > ANALYSIS_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  const repo = analysisRepository(ems.db);
  const project = await locate(repo, scope, q);
  const tz = project.timezone;
  const tree: NodeTree = buildTree(await repo.nodes(project.id));
  const root: NodeRow | null = q.modelLabel === 'project' ? null : (tree.byId.get(q.nodeId) ?? null);
  if (q.modelLabel !== 'project' && root === null) throw noPermission();

  const own = subtreeCounters(tree, root?.id ?? null);
  const energyTypes = [...new Set(own.map((m) => m.energyType))].sort((a, b) => a - b);
  const top = own.filter((m) => m.topLevel && m.energyType === q.energyType);
  const childNodes = q.ranking === false ? [] : (tree.children.get(root?.id ?? null) ?? []);
  const childGroups = childNodes
    .map((node) => ({ node, meters: subtreeCounters(tree, node.id).filter((m) => m.topLevel && m.energyType === q.energyType) }))
    .filter((c) => c.meters.length > 0);
  const ids = [...new Set([...top, ...childGroups.flatMap((c) => c.meters)].map((m) => m.id))];

  const range = resolveRange(q.dateType, q.startTime, q.endTime, tz);
  const spans = likeForLike(range, ems.config.now(), tz);
  const table = seriesTable(range, tz);
  const lyFrom = shiftMonths(range.from, -12, tz);
  const lyTo = shiftMonths(range.to, -12, tz);
  const times = bucketsOf(range.from, range.to, range.grain, tz);
  const index = new Map(times.map((t, i) => [t, i]));
  const keyOf = (ts: number) => Math.max(bucketStart(ts, range.grain, tz), range.from);
  const topIds = top.map((m) => m.id);
  // production output: the subtree's output counters, and each ranked child's
  const outputs = subtreeOutputs(tree, root?.id ?? null);
  const childOutputs = new Map(childGroups.map((c) => [c.node.id, subtreeOutputs(tree, c.node.id)]));
  const outputIds = [...new Set([...outputs, ...[...childOutputs.values()].flat()].map((o) => o.id))];
  const [cur, ly, current, yoy, mom, tou, outputSums] = await Promise.all([
    repo.buckets(table, ids, dataId, range.from, range.to),
    repo.buckets(table, ids, dataId, lyFrom, lyTo),
    spanSums(repo, ids, dataId, spans.current, tz),
    spanSums(repo, ids, dataId, spans.yoy, tz),
    spanSums(repo, ids, dataId, spans.mom, tz),
    q.energyType === ELECTRICITY && topIds.length > 0
      ? touSplit(ems, scope, q, topIds, range.from, range.to, (ts) => index.get(keyOf(ts)), times.length, { project, tree })
      : Promise.resolve(null),
    repo.sums(table, outputIds, DATA_ID.productionOutput, range.from, range.to),
  ]);
  const outputById = new Map(outputSums.map((o) => [o.deviceId, o.value]));
  /** Σ output of counters of one unit (null without counters, or when their units differ) and that unit. */
  const outputOf = (list: readonly { id: number; unit: string }[]) => {
    const units = new Set(list.map((o) => o.unit));
    if (list.length === 0 || units.size !== 1) return { output: null, unit: null };
    return { output: sumOf(list.map((o) => outputById.get(o.id) ?? null)), unit: list[0]?.unit ?? null };
  };
  const perOutput = (total: number | null, output: number | null) => (total === null || output === null || output <= 0 ? null : total / output);

  const place = (rows: readonly BucketRow[], key: (ts: number) => number, quality?: DeviceFigures['quality']) => {
    const out = new Map<number, (number | null)[]>();
    for (const r of rows) {
      const i = index.get(key(r.bucketStart));
      if (quality) {
        const qd = quality.get(r.deviceId) ?? { good: 0, intervals: 0 };
        quality.set(r.deviceId, { good: qd.good + r.nGood, intervals: qd.intervals + r.nIntervals });
      }
      if (i === undefined) continue;
      let arr = out.get(r.deviceId);
      if (!arr) out.set(r.deviceId, (arr = times.map(() => null)));
      arr[i] = add(arr[i] ?? null, r.value);
    }
    return out;
  };
  const quality: DeviceFigures['quality'] = new Map();
  const figures: DeviceFigures = {
    series: place(cur, keyOf, quality),
    lastYear: place(ly, (ts) => keyOf(shiftMonths(bucketStart(ts, range.grain, tz), 12, tz))),
    quality,
    current,
    yoy,
    mom,
  };

  const g = group(top, figures, times.length);
  const purchased = group(
    top.filter((m) => !m.onSite),
    figures,
    times.length,
  ).total;
  const carrier = [{ energyType: q.energyType, amount: top.some((m) => !m.onSite) ? purchased : null }];
  const areaM2 = root ? nodeArea(root) : project.areaM2 > 0 ? project.areaM2 : null;
  const nodeOutput = outputOf(outputs);

  const children: ConsumptionChild[] = childGroups
    .map(({ node, meters }) => {
      const c = group(meters, figures, times.length);
      const area = nodeArea(node);
      return {
        nodeId: node.id,
        modelLabel: node.modelLabel,
        name: node.name,
        value: c.total,
        sharePct: pct(c.total, g.total),
        yoyPct: c.yoyPct,
        momPct: c.momPct,
        areaM2: area,
        intensityPerM2: area === null || c.total === null ? null : c.total / area,
        output: outputOf(childOutputs.get(node.id) ?? []).output,
        intensityPerOutput: perOutput(c.total, outputOf(childOutputs.get(node.id) ?? []).output),
        qualityPct: c.qualityPct,
        meterCount: meters.length,
        series: c.series,
      };
    })
    .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.name.localeCompare(b.name));

  return {
    nodeId: q.nodeId,
    modelLabel: q.modelLabel,
    name: root?.name ?? (lang === 'en' && project.enName ? project.enName : project.name),
    energyType: q.energyType,
    unit: ENERGY_TYPE_VALUES.find((t) => t.value === q.energyType)?.unit ?? '',
    timezone: tz,
    from: range.from,
    to: range.to,
    grain: range.grain,
    comparedUntil: spans.current.to,
    energyTypes,
    meterCount: top.length,
    kpi: {
      total: g.total,
      tce: toTce(carrier),
      co2T: toCo2T(carrier),
      compared: g.compared,
      yoyReference: g.yoyReference,
      momReference: g.momReference,
      yoyPct: g.yoyPct,
      momPct: g.momPct,
      yoyCoveragePct: g.yoyCoveragePct,
      momCoveragePct: g.momCoveragePct,
      areaM2,
      intensityPerM2: areaM2 === null || g.total === null ? null : g.total / areaM2,
      output: nodeOutput.output,
      outputUnit: nodeOutput.unit,
      intensityPerOutput: perOutput(g.total, nodeOutput.output),
      qualityPct: g.qualityPct,
    },
    series: times.map((time, i) => ({ time, value: g.series[i] ?? null, lastYear: g.lastYear[i] ?? null, ...(tou ? { tou: tou.buckets[i] ?? null } : {}) })),
    children,
    tou: tou ? { schemeName: tou.schemeName, totals: tou.totals, unclassified: tou.unclassified } : null,
  };
}
