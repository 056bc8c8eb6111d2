import {
  DATA_ID,
  ErrorCode,
  MONITOR_CONTAINER_LABELS,
  MONITOR_MAX_DEVICES,
  MONITOR_OFFLINE_AFTER_MS,
  POWER_15M_MAX_DAYS,
  POWER_MAX_RANGE_MS,
  PQ_AGGREGATE_MS,
  type BusbarQuery,
  type BusbarView,
  type PqSummary,
  type TransformerAnalysis,
  type TransformerAnalysisQuery,
  type TransformerFleet,
  type TransformerFleetQuery,
  type TransformerItem,
  type TransformerRow,
} from '@ems/contract';
import { bucketEnd, bucketStart, economicLoadRate, efficiency, loadRate, optimumLoadRate, zoneBounds, type GradeRow } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { READ_DAYS, readInPieces, slicer } from '../../lib/work-slices.js';
import { monitorRepository } from '../monitor/repository.js';
import { etaCurve, nameplateOf, transformerFigures, type EnergyBucket } from './figures.js';
import { suggestionsOf } from './suggestions.js';
import { currentStandard } from '../efficiency-standards/service.js';
import { nominalKvOf, nominalPhaseV, powerQuality, pqSeriesSpecs, pqTrendStepMs, type PqResult } from './pq.js';
import { pqAggregatorOf } from './pq-aggregator.js';
import { PQ_TREND_IDS } from './pq-series.js';
import { powerRepository, type PowerNode, type PowerRepository } from './repository.js';
import { buildTopology, numAttr, transformersOf, type Latest } from './topology.js';

const DAY_MS = 86_400_000;
const FIELD_TEXT = {
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
  transformerId: ['不是变压器', 'not a transformer'],
} as const;

const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

export async function projectOf(ems: Ems, scope: readonly number[], projectId: number) {
  if (!scope.includes(projectId)) throw noPermission();
  const repo = powerRepository(ems.db);
  const project = await repo.project(projectId);
  if (!project) throw noPermission();
  return { repo, project };
}

/** The single-line view of the project with each meter's and breaker's latest reading. */
export async function busbarView(ems: Ems, scope: readonly number[], q: BusbarQuery): Promise<BusbarView> {
  const { repo, project } = await projectOf(ems, scope, q.projectId);
  const [nodes, rows] = await Promise.all([repo.nodes(project.id), monitorRepository(ems.db).latest(project.id, null, MONITOR_CONTAINER_LABELS, MONITOR_MAX_DEVICES)]);
  const latest = new Map<number, Map<number, { value: number | null; ts: number }>>();
  for (const r of rows) {
    if (r.data_id === null || r.ts === null) continue;
    const id = Number(r.id);
    const m = latest.get(id) ?? new Map<number, { value: number | null; ts: number }>();
    m.set(Number(r.data_id), { value: r.value === null ? null : Number(r.value), ts: Number(r.ts) });
    latest.set(id, m);
  }
  const now = ems.config.now();
  return { projectId: project.id, timezone: project.timezone, now, offlineAfterMs: MONITOR_OFFLINE_AFTER_MS, supplies: buildTopology(nodes, latest as Latest, now, MONITOR_OFFLINE_AFTER_MS) };
}

/** The LV main of a transformer: its direct meter, else the meter of an incoming cabinet under it. */
export function lvMainOf(nodes: readonly PowerNode[], t: PowerNode): PowerNode | undefined {
  const kids = nodes.filter((n) => n.parentId === t.id);
  const direct = kids.find((n) => n.label === 'meter');
  if (direct) return direct;
  const cab = kids.find((n) => n.label === 'cabinet' && n.attrs.cabinetType === 'incoming');
  return cab ? nodes.find((n) => n.parentId === cab.id && n.label === 'meter') : undefined;
}

export async function transformerList(ems: Ems, scope: readonly number[], projectId: number): Promise<TransformerItem[]> {
  const { repo, project } = await projectOf(ems, scope, projectId);
  return transformersOf(await repo.nodes(project.id)).map((n) => ({ id: n.id, name: n.name, ratedKva: numAttr(n.attrs.ratedKva) }));
}

export interface Range {
  from: number;
  to: number;
  /** min(to, now): data are read up to here */
  until: number;
  grain: '15m' | 'hour';
  bucketMs: number;
}

export function rangeOf(lang: Lang, timezone: string, now: number, q: { startTime: number; endTime: number }): Range {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  if (q.endTime - q.startTime > POWER_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  const from = bucketStart(q.startTime, 'day', timezone);
  const to = bucketEnd(bucketStart(q.endTime, 'day', timezone), 'day', timezone);
  const grain = to - from <= POWER_15M_MAX_DAYS * DAY_MS ? '15m' : 'hour';
  const bucketMs = grain === '15m' ? 900_000 : 3_600_000;
  return { from, to, until: Math.max(from, Math.min(to, Math.floor(now / bucketMs) * bucketMs)), grain, bucketMs };
}

/** kWh and kvarh buckets per LV main, read READ_DAYS at a time with turns of the event loop between (lib/work-slices.ts). */
export async function energyBuckets(repo: PowerRepository, grain: Range['grain'], meterIds: readonly number[], from: number, to: number): Promise<Map<number, EnergyBucket[]>> {
  const pieces: (() => ReturnType<PowerRepository['buckets']>)[] = [];
  for (let a = from; a < to; a += READ_DAYS * DAY_MS) pieces.push(() => repo.buckets(grain, meterIds, [DATA_ID.activeEnergyImport, DATA_ID.reactiveEnergyImport], a, Math.min(to, a + READ_DAYS * DAY_MS)));
  const rows = await readInPieces(pieces);
  const per = new Map<number, Map<number, EnergyBucket>>();
  const turn = slicer();
  for (const [i, r] of rows.entries()) {
    // the clock is looked at every 512 rows: an await per row doubled the loop (a year: 52 000 rows, ~30 ms of awaits)
    if ((i & 511) === 0) await turn();
    const m = per.get(r.deviceId) ?? new Map<number, EnergyBucket>();
    per.set(r.deviceId, m);
    const b = m.get(r.start) ?? { start: r.start, kwh: null, kvarh: null };
    if (r.dataId === DATA_ID.activeEnergyImport) b.kwh = r.value;
    else b.kvarh = r.value;
    m.set(r.start, b);
  }
  return new Map([...per].map(([id, m]) => [id, [...m.values()].sort((a, b) => a.start - b.start)]));
}

/**
 * PQ of the LV main over the range up to now, from its 10-min aggregates (brought up to date first,
 * within PQ_MAX_WINDOW_MS of raw readings); `detail` adds the spectrum and the trend.
 */
async function pqOf(ems: Ems, repo: PowerRepository, meterId: number, t: PowerNode, range: Range, now: number, detail: boolean): Promise<{ summary: PqSummary; result: PqResult; stepMs: number }> {
  const from = range.from;
  const to = Math.max(range.from, Math.min(range.to, now));
  const nominalKv = nominalKvOf(numAttr(t.attrs.secondaryVoltageKv));
  const complete = await pqAggregatorOf(ems).refresh(meterId, { from, to });
  // a series after another, with turns of the event loop between (each is a statement over the range's 10-min aggregates)
  const stats = await readInPieces(pqSeriesSpecs(nominalKv, detail).map((s) => async () => [[s.dataId, await repo.pqStats(meterId, s, from, to)] as const]));
  const stepMs = pqTrendStepMs(to - from);
  // the trend READ_DAYS (a whole number of steps) at a time: a step's buckets never straddle two reads
  const piece = Math.max(1, Math.floor((READ_DAYS * DAY_MS) / stepMs)) * stepMs;
  const trendReads: (() => ReturnType<PowerRepository['pqTrend']>)[] = [];
  for (let a = from; detail && a < to; a += piece) trendReads.push(() => repo.pqTrend(meterId, PQ_TREND_IDS, a, Math.min(to, a + piece), stepMs));
  const trend = await readInPieces(trendReads);
  const result = powerQuality(new Map(stats), trend, nominalKv);
  return {
    result,
    stepMs,
    summary: { meterId, from, to, nominalKv, nominalPhaseV: nominalPhaseV(nominalKv), indices: result.indices, overallCompliancePct: result.overallCompliancePct, complete },
  };
}

/** A fleet-table row; `table` the GB 20052 grade rows in force (currentStandard(ems, 'transformer').rows; the published table by default). */
export function rowOf(
  t: PowerNode,
  meter: PowerNode | undefined,
  buckets: readonly EnergyBucket[],
  range: Range,
  pq: PqSummary | null,
  suggestions: TransformerRow['suggestions'],
  table?: readonly GradeRow[],
) {
  const expected = Math.max(0, Math.round((range.until - range.from) / range.bucketMs));
  const { figures, load, cosPhi } = transformerFigures(t.attrs, buckets, range.bucketMs / 3_600_000, expected, table);
  const row: TransformerRow = { id: t.id, name: t.name, meterId: meter?.id ?? null, meterName: meter?.name ?? null, ...figures, suggestions, pq };
  return { row, load, cosPhi };
}

/** Every transformer of the project over the range: load rate, losses, efficiency, zone, grade, PQ of its LV main. */
export async function transformerFleet(ems: Ems, lang: Lang, scope: readonly number[], q: TransformerFleetQuery): Promise<TransformerFleet> {
  const { repo, project } = await projectOf(ems, scope, q.projectId);
  const now = ems.config.now();
  const range = rangeOf(lang, project.timezone, now, q);
  const nodes = await repo.nodes(project.id);
  const transformers = transformersOf(nodes).map((t) => ({ t, meter: lvMainOf(nodes, t) }));
  const meterIds = transformers.flatMap((x) => (x.meter ? [x.meter.id] : []));
  const buckets = await energyBuckets(repo, range.grain, meterIds, range.from, range.until);
  const suggestions = await suggestionsOf(ems, project, transformers, buckets, range.bucketMs / 3_600_000);
  const table = (await currentStandard(ems, 'transformer')).rows;
  const rows: TransformerRow[] = [];
  const turn = slicer();
  for (const { t, meter } of transformers) {
    await turn();
    const pq = meter ? (await pqOf(ems, repo, meter.id, t, range, now, false)).summary : null;
    rows.push(rowOf(t, meter, meter ? (buckets.get(meter.id) ?? []) : [], range, pq, suggestions.get(t.id) ?? [], table).row);
  }
  return { projectId: project.id, timezone: project.timezone, from: range.from, to: range.to, grain: range.grain, rows };
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** One transformer in depth: load curve, zones, η curve with today's points and the optimum, PQ with trend and spectrum. */
export async function transformerAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: TransformerAnalysisQuery): Promise<TransformerAnalysis> {
  const { repo, project } = await projectOf(ems, scope, q.projectId);
  const owner = await repo.node(q.transformerId);
  if (!owner || !scope.includes(owner.projectId)) throw noPermission();
  if (owner.projectId !== project.id || owner.label !== 'transformer') throw invalid(lang, 'transformerId', 'transformerId');
  const now = ems.config.now();
  const range = rangeOf(lang, project.timezone, now, q);
  const nodes = await repo.nodes(project.id);
  const t = nodes.find((n) => n.id === q.transformerId) as PowerNode;
  const meter = lvMainOf(nodes, t);
  const todayFrom = bucketStart(now, 'day', project.timezone);
  // the fleet's LV mains too: a suggestion to merge this unit looks at the others
  const fleet = transformersOf(nodes).map((x) => ({ t: x, meter: lvMainOf(nodes, x) }));
  const [buckets, today, pq] = meter
    ? await Promise.all([
        energyBuckets(
          repo,
          range.grain,
          fleet.flatMap((x) => (x.meter ? [x.meter.id] : [])),
          range.from,
          range.until,
        ),
        energyBuckets(repo, '15m', [meter.id], todayFrom, Math.floor(now / 900_000) * 900_000),
        pqOf(ems, repo, meter.id, t, range, now, true),
      ])
    : [new Map<number, EnergyBucket[]>(), new Map<number, EnergyBucket[]>(), null];
  const suggestions = meter ? ((await suggestionsOf(ems, project, fleet, buckets, range.bucketMs / 3_600_000)).get(t.id) ?? []) : [];
  const { row, load, cosPhi } = rowOf(t, meter, meter ? (buckets.get(meter.id) ?? []) : [], range, pq?.summary ?? null, suggestions, (await currentStandard(ems, 'transformer')).rows);
  const np = nameplateOf(t.attrs);
  const jz = np ? economicLoadRate(np) : null;
  const opt = np ? optimumLoadRate(np) : null;
  const pf = cosPhi ?? 0.9;
  const hours = new Map<number, { kwh: number; kvarh: number; n: number }>();
  for (const b of meter ? (today.get(meter.id) ?? []) : []) {
    if (b.kwh === null) continue;
    const h = Math.floor(b.start / 3_600_000) * 3_600_000;
    const a = hours.get(h) ?? { kwh: 0, kvarh: 0, n: 0 };
    a.n++;
    a.kwh += b.kwh;
    a.kvarh += b.kvarh ?? 0;
    hours.set(h, a);
  }
  const b = jz === null ? null : zoneBounds(jz);
  return {
    row,
    timezone: project.timezone,
    from: range.from,
    to: range.to,
    grain: range.grain,
    load,
    zoneBounds: b && { economicLower: r2(b.economicLower * 100), optimalLower: r2(b.optimalLower * 100), optimalUpper: r2(b.optimalUpper * 100), economicUpper: r2(b.economicUpper * 100) },
    etaCurve: np ? etaCurve(np, pf) : [],
    cosPhi: cosPhi === null ? null : Math.round(cosPhi * 1000) / 1000,
    optimum: np && opt !== null ? { loadRatePct: r2(opt * 100), efficiencyPct: Math.round(efficiency(np, opt, pf) * 1e6) / 1e4 } : null,
    today: np
      ? [...hours]
          .sort((x, y) => x[0] - y[0])
          .map(([h, e]) => {
            // an hour of today may be partial: its mean power is its energy over the quarters present
            const dur = e.n * 0.25;
            const beta = loadRate(e.kwh / dur, e.kvarh / dur, np.ratedKva);
            const cos = Math.hypot(e.kwh, e.kvarh) > 0 ? e.kwh / Math.hypot(e.kwh, e.kvarh) : pf;
            return { t: h, loadRatePct: r2(beta * 100), efficiencyPct: Math.round(efficiency(np, beta, cos) * 1e6) / 1e4 };
          })
      : [],
    pqTrend: pq?.result.trend ?? [],
    pqTrendStepMs: pq?.stepMs ?? PQ_AGGREGATE_MS,
    spectrum: pq?.result.spectrum ?? [],
    limits: pq?.result.limits ?? { voltageDeviationLower: -7, voltageDeviationUpper: 7, unbalanceUpper: 2, thdUpper: 5, oddPct: 4, evenPct: 2 },
  };
}
