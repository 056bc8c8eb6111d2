import {
  ANALYSIS_GRAIN_MAX_DAYS,
  ANALYSIS_MAX_RANGE_MS,
  ANALYSIS_PLACE_LABELS,
  DATA_ID,
  ENERGY_COUNTER_DATA_ID,
  ENERGY_TYPE_VALUES,
  ErrorCode,
  type ConsumptionAnalysis,
  type ConsumptionChild,
  type ConsumptionQuery,
} from '@ems/contract';
import { analysisGrainFits, bucketStart, changePct, partitionWeights, toCo2T, toTce, weightedSum, type WeightedMeter } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { nextTurn, rangePieces, readInPieces } from '../../lib/work-slices.js';
import { bucketsOf, coveringReads, likeForLike, resolveRange, seriesTable, yearShift, type RollupTable, type Span } from './periods.js';
import { analysisRepository, type AnalysisRepository, type BucketRow, type NodeRow } from './repository.js';
import { buildTree, nodeArea, subtreeCounters, subtreeOutputs, treeMeterLinks, type NodeTree } from './tree.js';
import { touSplit } from './tou.js';

/** ENERGY_TYPE code of electricity: the only carrier with time-of-use periods. */
const ELECTRICITY = 2;

const FIELD_TEXT = {
  energyType: ['没有累计量测点的能源类型', 'an energy type without a counter data point'],
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
  hour: [`按小时的时间跨度最长${ANALYSIS_GRAIN_MAX_DAYS.hour}天`, `hour buckets cover at most ${ANALYSIS_GRAIN_MAX_DAYS.hour} days`],
  day: [`按日的时间跨度最长${ANALYSIS_GRAIN_MAX_DAYS.day}天`, `day buckets cover at most ${ANALYSIS_GRAIN_MAX_DAYS.day} days`],
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
  const parts = await readInPieces(coveringReads(span, timeZone).map((r) => async () => [await repo.sums(r.table, ids, dataId, r.from, r.to)]));
  const out = new Map<number, SpanSum>();
  for (const part of parts) {
    for (const s of part) {
      const o = out.get(s.deviceId);
      out.set(s.deviceId, { value: add(o?.value ?? null, s.value), intervals: (o?.intervals ?? 0) + s.intervals });
    }
  }
  return out;
}

/**
 * The buckets of [from, to) read half a month of local days at a time with turns of the event loop
 * between (lib/work-slices.ts): 31 days by hour are 744 rows a meter. Month rows in one read.
 */
async function bucketsInPieces(repo: AnalysisRepository, table: RollupTable, ids: readonly number[], dataId: number, from: number, to: number, timeZone: string): Promise<BucketRow[]> {
  if (table === 'rollup_month' || to <= from) return repo.buckets(table, ids, dataId, from, to);
  return readInPieces(rangePieces(bucketsOf(from, to, 'day', timeZone), to).map((p) => () => repo.buckets(table, ids, dataId, p.from, p.to)));
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

const plus = (ids: readonly { id: number }[]): WeightedMeter[] => ids.map((m) => ({ id: m.id, weight: 1 }));

/**
 * Figures of a signed group of meters: the node's supply meters (all +1), or a child's own part of
 * them (its boundary meters +1, what they pass on to other children −1; @ems/domain partitionWeights).
 * Data quality and interval counts are those of the meters added.
 */
function group(meters: readonly WeightedMeter[], f: DeviceFigures, size: number) {
  const series = Array.from({ length: size }, (_, i) => weightedSum(meters, (id) => f.series.get(id)?.[i]));
  const lastYear = Array.from({ length: size }, (_, i) => weightedSum(meters, (id) => f.lastYear.get(id)?.[i]));
  const added = meters.filter((m) => m.weight > 0);
  let good = 0;
  let intervals = 0;
  for (const m of added) {
    const q = f.quality.get(m.id);
    good += q?.good ?? 0;
    intervals += q?.intervals ?? 0;
  }
  const span = (x: Map<number, SpanSum>) => ({
    value: weightedSum(meters, (id) => x.get(id)?.value),
    intervals: added.reduce((n, m) => n + (x.get(m.id)?.intervals ?? 0), 0),
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
 * quality; bars per bucket with the same buckets a year earlier; child nodes ranked by their own
 * consumption with share of the node's total (the shares and the part metered at the node itself
 * add up to the total). Reads rollups only.
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
  const ofType = own.filter((m) => m.energyType === q.energyType);
  const top = ofType.filter((m) => m.topLevel);
  const ranked = q.ranking === false ? { children: [], weights: new Map<number | null, WeightedMeter[]>() } : rankedChildren(tree, root?.id ?? null, q.energyType, ofType);
  const childGroups = ranked.children.map((node) => ({ node, meters: ranked.weights.get(node.id) ?? [] }));
  const unassignedMeters = ranked.weights.get(null) ?? null;
  const ids = [...new Set([...top.map((m) => m.id), ...[...ranked.weights.values()].flat().map((m) => m.id)])];

  const range = resolveRange(q.dateType, q.startTime, q.endTime, tz, q.grain);
  // a grain asked for: at most 744 hour or 366 day buckets (month buckets: any range allowed)
  if (q.grain !== undefined && q.grain !== 'month' && !analysisGrainFits(q.grain, range.from, range.to, tz)) throw invalid(lang, 'grain', q.grain);
  const spans = likeForLike(range, ems.config.now(), tz);
  const table = seriesTable(range, tz);
  const year = yearShift(range, tz);
  const lyFrom = year.back(range.from);
  const lyTo = year.back(range.to);
  const times = bucketsOf(range.from, range.to, range.grain, tz);
  const index = new Map(times.map((t, i) => [t, i]));
  const keyOf = (ts: number) => Math.max(bucketStart(ts, range.grain, tz), range.from);
  /**
   * The bucket a bucket of a year earlier is drawn under: its start moved forward a year; for hour
   * and day buckets only when that moves back to the same start, so 29 February (or an hour a DST
   * change skips) is no one's reference instead of adding to 1 March's
   */
  const lastYearKey = (ts: number) => {
    const start = bucketStart(ts, range.grain, tz);
    const ahead = year.forward(start);
    return range.grain !== 'month' && year.back(ahead) !== start ? Number.NaN : keyOf(ahead);
  };
  const topIds = top.map((m) => m.id);
  // production output: the subtree's output counters, and each ranked child's
  const outputs = subtreeOutputs(tree, root?.id ?? null);
  const childOutputs = new Map(childGroups.map((c) => [c.node.id, subtreeOutputs(tree, c.node.id)]));
  const outputIds = [...new Set([...outputs, ...[...childOutputs.values()].flat()].map((o) => o.id))];
  // one read after another with turns of the event loop between (lib/work-slices.ts): on SQLite reads
  // started together run back to back in one turn
  const cur = await bucketsInPieces(repo, table, ids, dataId, range.from, range.to, tz);
  await nextTurn();
  const ly = await bucketsInPieces(repo, table, ids, dataId, lyFrom, lyTo, tz);
  await nextTurn();
  const current = await spanSums(repo, ids, dataId, spans.current, tz);
  const yoy = await spanSums(repo, ids, dataId, spans.yoy, tz);
  const mom = await spanSums(repo, ids, dataId, spans.mom, tz);
  const tou =
    q.energyType === ELECTRICITY && topIds.length > 0 ? await touSplit(ems, scope, q, topIds, range.from, range.to, (ts) => index.get(keyOf(ts)), times.length, { project, tree }) : null;
  await nextTurn();
  const outputSums = await repo.sums(table, outputIds, DATA_ID.productionOutput, range.from, range.to);
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
    lastYear: place(ly, lastYearKey),
    quality,
    current,
    yoy,
    mom,
  };

  const g = group(plus(top), figures, times.length);
  const purchased = group(
    plus(top.filter((m) => !m.onSite)),
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
        meterCount: meters.filter((m) => m.weight > 0).length,
        series: c.series,
      };
    })
    .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.name.localeCompare(b.name));
  const rest = unassignedMeters === null ? null : group(unassignedMeters, figures, times.length);
  const unassigned =
    rest === null || unassignedMeters === null ? null : { value: rest.total, sharePct: pct(rest.total, g.total), meterCount: unassignedMeters.filter((m) => m.weight > 0).length, series: rest.series };

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
    unassigned,
    tou: tou ? { schemeName: tou.schemeName, totals: tou.totals, unclassified: tou.unclassified } : null,
  };
}

/**
 * The children the ranking lists (places always, other nodes when they hold a meter of the type) and
 * the signed meters of each one's own consumption, with the node's own part under null: each meter
 * of the type in the node's subtree placed under its nearest ancestor meter in the subtree (the
 * chain followed through the project's meters) and owned by the child that holds it.
 */
function rankedChildren(tree: NodeTree, rootId: number | null, energyType: number, ofType: readonly { id: number }[]) {
  const owner = new Map<number, number>();
  const children = (tree.children.get(rootId) ?? []).filter((node) => {
    const meters = subtreeCounters(tree, node.id).filter((m) => m.energyType === energyType);
    for (const m of meters) owner.set(m.id, node.id);
    return meters.length > 0 || (ANALYSIS_PLACE_LABELS as readonly string[]).includes(node.modelLabel);
  });
  const links = treeMeterLinks(tree);
  const inSet = new Set(ofType.map((m) => m.id));
  const up = (id: number) => {
    for (let p = links.get(id)?.parent ?? null; p !== null; p = links.get(p)?.parent ?? null) if (inSet.has(p)) return p;
    return null;
  };
  const weights = partitionWeights(ofType.map((m) => ({ id: m.id, up: up(m.id), owner: owner.get(m.id) ?? null })));
  return { children, weights };
}
