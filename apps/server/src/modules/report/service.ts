import {
  ANALYSIS_PLACE_LABELS,
  DATA_ID,
  ENERGY_COUNTER_DATA_ID,
  ENERGY_TYPE_VALUES,
  ErrorCode,
  REPORT_MAX_ROWS,
  REPORT_SECTIONS,
  type Report,
  type ReportQuery,
  type ReportRowsT,
  type ReportSectionT,
} from '@ems/contract';
import {
  REPORT_COLUMN_GRAIN,
  REPORT_KINDS,
  calendarOnWholeHours,
  consumptionTable,
  meterReadingRow,
  partitionWeights,
  powerSummary,
  reportColumns,
  reportPeriod,
  sumOrNull,
  versionAt,
  worstStatus,
  type LocalDate,
  type ReportBucket,
  type ReportKind,
  type TouTariffVersion,
  type WeightedMeter,
} from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { nextTurn } from '../../lib/work-slices.js';
import { analysisRepository, type NodeRow } from '../analysis/repository.js';
import { buildTree, subtreeCounters, treeMeterLinks, type NodeTree } from '../analysis/tree.js';
import { costContext } from '../cost/service.js';
import { meterAttrs } from '../timeseries/service.js';
import { reportRepository, type ReportBucketRow } from './repository.js';
import { touSpans, touTableFromSlots } from './tou.js';

const ELECTRICITY = 2;
const Q = 900_000;
const DAY_MS = 86_400_000;
/** How far before a boundary a register is looked for (older: the row is missing). */
const REGISTER_LOOKBACK_MS = 7 * DAY_MS;

/** 400 naming the field, with the reason in the request's language. */
export const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

const KIND_TEXT: Record<ReportKind, [string, string]> = { daily: ['日报', 'daily report'], monthly: ['月报', 'monthly report'], yearly: ['年报', 'yearly report'] };

export const isReportKind = (k: string): k is ReportKind => (REPORT_KINDS as readonly string[]).includes(k);

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The local date a report's `date` names for its kind: 'YYYY-MM-DD' for a daily report; 'YYYY-MM' or
 * a date in the month for a monthly one; 'YYYY', 'YYYY-MM' or a date in the year for a yearly one.
 * 400 naming `date` otherwise.
 */
export function parseReportDate(lang: Lang, kind: ReportKind, text: string): LocalDate {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text);
  const bad = () =>
    invalid(
      lang,
      'date',
      kind === 'daily' ? `日期 ${text} 不是有效的 YYYY-MM-DD` : kind === 'monthly' ? `日期 ${text} 不是有效的 YYYY-MM` : `日期 ${text} 不是有效的年份 YYYY`,
      kind === 'daily' ? `date ${text} is not a valid YYYY-MM-DD` : kind === 'monthly' ? `date ${text} is not a valid YYYY-MM` : `date ${text} is not a valid year YYYY`,
    );
  if (!m) throw bad();
  const year = Number(m[1]);
  const month = m[2] === undefined ? undefined : Number(m[2]);
  const day = m[3] === undefined ? undefined : Number(m[3]);
  if (kind === 'daily' && day === undefined) throw bad();
  if (kind === 'monthly' && month === undefined) throw bad();
  if (month !== undefined && (month < 1 || month > 12)) throw bad();
  if (day !== undefined && (day < 1 || day > daysIn(year, month ?? 1))) throw bad();
  if (year < 2000 || year > 2099) throw invalid(lang, 'date', `年份 ${year} 超出 2000–2099`, `year ${year} is outside 2000–2099`);
  return { year, month: month ?? 1, day: kind === 'daily' ? (day ?? 1) : 1 };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDate = (d: LocalDate) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
const periodLabelOf = (kind: ReportKind, d: LocalDate) => (kind === 'daily' ? isoDate(d) : kind === 'monthly' ? `${pad(d.year, 4)}-${pad(d.month)}` : pad(d.year, 4));

/** A row of the report: a child node (its own part of the node's metering, signed meters) or a meter. */
interface RowSpec {
  id: number;
  modelLabel: string;
  name: string;
  weights: WeightedMeter[];
}

/** The node's project (in the caller's scope, else 404) and the node in it (else 400 naming nodeId). */
async function locate(ems: Ems, lang: Lang, scope: readonly number[], q: Pick<ReportQuery, 'projectId' | 'nodeId' | 'modelLabel'>) {
  if (!scope.includes(q.projectId)) throw noPermission();
  const repo = analysisRepository(ems.db);
  const project = await repo.project(q.projectId);
  if (!project) throw noPermission();
  const nodes = await repo.nodes(project.id);
  const tree = buildTree(nodes);
  let root: NodeRow | null = null;
  if (q.modelLabel === 'project') {
    if (q.nodeId !== project.id) throw invalid(lang, 'nodeId', `节点 project_${q.nodeId} 不是本项目`, `node project_${q.nodeId} is not this project`);
  } else {
    root = tree.byId.get(q.nodeId) ?? null;
    if (root === null || root.modelLabel !== q.modelLabel)
      throw invalid(lang, 'nodeId', `节点 ${q.modelLabel}_${q.nodeId} 不在本项目中`, `node ${q.modelLabel}_${q.nodeId} is not a node of the project`);
  }
  return { project, tree, root };
}

/** The rows: the children holding meters of the type (each its own part, analysis' partition) and the part metered at the node itself; or every meter of the type. */
function rowSpecs(lang: Lang, tree: NodeTree, root: NodeRow | null, projectName: string, energyType: number, rows: ReportRowsT): RowSpec[] {
  const ofType = subtreeCounters(tree, root?.id ?? null).filter((m) => m.energyType === energyType);
  if (rows === 'meters') return ofType.map((m) => ({ id: m.id, modelLabel: 'meter', name: m.name, weights: [{ id: m.id, weight: 1 }] }));
  const owner = new Map<number, number>();
  const children = (tree.children.get(root?.id ?? null) ?? []).filter((node) => {
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
  const out: RowSpec[] = children.filter((c) => (weights.get(c.id) ?? []).length > 0).map((c) => ({ id: c.id, modelLabel: c.modelLabel, name: c.name, weights: weights.get(c.id) ?? [] }));
  const own = weights.get(null) ?? [];
  if (own.length > 0) out.push({ id: root?.id ?? 0, modelLabel: 'own', name: `${root?.name ?? projectName}${lang === 'en' ? ' (metered at the node)' : '（本级计量）'}`, weights: own });
  return out;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A row's bucket per start: Σ weight × value (null when no member has one), worst quality, the fewest intervals of its members. */
function rowBuckets(spec: RowSpec, byDevice: ReadonlyMap<number, ReadonlyMap<number, ReportBucketRow>>): Map<number, ReportBucket> {
  const starts = new Set<number>();
  for (const w of spec.weights) for (const s of byDevice.get(w.id)?.keys() ?? []) starts.add(s);
  const out = new Map<number, ReportBucket>();
  for (const s of starts) {
    let value: number | null = null;
    let quality = 0;
    let nIntervals = Infinity;
    for (const w of spec.weights) {
      const b = byDevice.get(w.id)?.get(s);
      if (b === undefined) {
        if (w.weight > 0) nIntervals = 0;
        continue;
      }
      quality = worstStatus(quality, b.quality);
      if (w.weight > 0) nIntervals = Math.min(nIntervals, b.nIntervals);
      if (b.value !== null) value = (value ?? 0) + w.weight * b.value;
    }
    out.set(s, { value: value === null ? null : round6(value), quality, nIntervals: Number.isFinite(nIntervals) ? nIntervals : 0 });
  }
  return out;
}

const byDeviceOf = (rows: readonly ReportBucketRow[]) => {
  const out = new Map<number, Map<number, ReportBucketRow>>();
  for (const r of rows) {
    let m = out.get(r.deviceId);
    if (!m) out.set(r.deviceId, (m = new Map()));
    m.set(r.start, r);
  }
  return out;
};

const ROLLUP_OF = { hour: 'rollup_hour', day: 'rollup_day', month: 'rollup_month' } as const;

/**
 * A period report (issue 15): the columns of the kind in the project's zone, the consumption table
 * of the rows (totals, shares adding up to 100 %), the cost by TOU period of each row (electricity
 * under the tariff scheme of the node), each meter's readings and the power figures. Reads: the
 * column-grain rollups of all rows' meters in one statement; for the TOU cost the hourly (or 15-min
 * when a calendar changes period off the hour) rollups in one; the boundary registers in one per
 * boundary; the coincident 15-min peaks of all rows and the node in one.
 */
export async function buildReport(ems: Ems, lang: Lang, scope: readonly number[], q: ReportQuery): Promise<Report> {
  if (!isReportKind(q.kind)) throw invalid(lang, 'kind', `报表类型 ${q.kind} 应为 daily、monthly 或 yearly`, `kind ${q.kind} must be daily, monthly or yearly`);
  const kind = q.kind;
  const dataId = ENERGY_COUNTER_DATA_ID[q.energyType];
  const typeMeta = ENERGY_TYPE_VALUES.find((t) => t.value === q.energyType);
  if (dataId === undefined || typeMeta === undefined)
    throw invalid(lang, 'energyType', `能源类型 ${q.energyType} 没有累计量测点`, `energy type ${q.energyType} has no counter data point`);
  const date = parseReportDate(lang, kind, q.date);
  const { project, tree, root } = await locate(ems, lang, scope, q);
  const tz = project.timezone;
  const period = reportPeriod(kind, date, tz);
  const now = ems.config.now();
  if (period.from > now) throw invalid(lang, 'date', `${periodLabelOf(kind, date)} 尚未开始`, `${periodLabelOf(kind, date)} has not started yet`);
  const asOf = Math.max(period.from, Math.min(period.to, Math.floor(now / Q) * Q));
  const rowsKind: ReportRowsT = q.rows ?? 'children';
  const sections: ReportSectionT[] = REPORT_SECTIONS.filter((s) => (q.sections ?? REPORT_SECTIONS).includes(s));
  const projectName = lang === 'en' && project.enName ? project.enName : project.name;
  const specs = rowSpecs(lang, tree, root, projectName, q.energyType, rowsKind);
  if (specs.length > REPORT_MAX_ROWS)
    throw invalid(lang, 'rows', `报表有 ${specs.length} 行，超过 ${REPORT_MAX_ROWS} 行：请选择下级节点`, `the report has ${specs.length} rows, more than ${REPORT_MAX_ROWS}: pick a lower node`);
  const ofType = subtreeCounters(tree, root?.id ?? null).filter((m) => m.energyType === q.energyType);
  const meterIds = [...new Set([...specs.flatMap((s) => s.weights.map((w) => w.id)), ...ofType.map((m) => m.id)])];
  const columns = reportColumns(kind, date, tz);
  const grain = REPORT_COLUMN_GRAIN[kind];
  const repo = reportRepository(ems.db);
  const electricity = q.energyType === ELECTRICITY;

  // the column-grain buckets of every meter: one statement
  const colRows = await repo.buckets(ROLLUP_OF[grain as 'hour' | 'day' | 'month'], meterIds, dataId, period.from, asOf);
  const colByDevice = byDeviceOf(colRows);
  const rowInputs = specs.map((s) => ({ id: s.id, name: s.name, buckets: rowBuckets(s, colByDevice) }));
  const table = consumptionTable(columns, rowInputs, { asOf });
  const consumption = sections.includes('consumption')
    ? {
        rows: table.rows.map((r, i) => ({ ...r, modelLabel: specs[i]?.modelLabel ?? '' })),
        columnTotals: table.columnTotals,
        total: table.total,
        sharePrecision: table.sharePrecision,
      }
    : null;

  let tou: Report['tou'] = null;
  let touNote: string | null = null;
  let versions: readonly TouTariffVersion[] = [];
  if (electricity && (sections.includes('tou') || sections.includes('power'))) {
    const ctx = await costContext(ems, scope, { nodeId: q.nodeId, modelLabel: q.modelLabel }, { project, tree });
    versions = (ctx.scheme?.versions ?? []) as unknown as TouTariffVersion[];
    if (sections.includes('tou') && ctx.scheme && versions.length > 0) {
      await nextTurn();
      const hourly = versions.every((v) => calendarOnWholeHours(v.calendar));
      const slotMs = hourly ? 3_600_000 : Q;
      const spans = touSpans(versions, tz, period.from, asOf, slotMs);
      const sums = await repo.slotSums(hourly ? 'rollup_hour' : 'rollup_15m', meterIds, dataId, period.from, asOf, spans, slotMs);
      const t = touTableFromSlots(specs, sums, spans, versions, lang === 'en' ? 'Total' : '合计');
      tou = { schemeName: ctx.scheme.name, periods: t.periods, rows: t.rows, totals: t.totals };
    } else if (sections.includes('tou')) touNote = 'noTariff';
  } else if (sections.includes('tou')) touNote = 'notElectricity';

  let readings: Report['readings'] = null;
  if (sections.includes('readings')) {
    await nextTurn();
    const ids = ofType.map((m) => m.id);
    const [starts, ends, resets] = await Promise.all([
      repo.registersAt(ids, dataId, period.from, period.from - REGISTER_LOOKBACK_MS),
      repo.registersAt(ids, dataId, asOf, Math.max(period.from, asOf - REGISTER_LOOKBACK_MS)),
      repo.resets(ids, dataId, period.from, asOf),
    ]);
    const startOf = new Map(starts.map((r) => [r.deviceId, r]));
    const endOf = new Map(ends.map((r) => [r.deviceId, r]));
    const rows = ofType.map((m) => {
      const a = meterAttrs(tree.byId.get(m.id)?.attrs);
      let quality = 0;
      for (const b of colByDevice.get(m.id)?.values() ?? []) quality = worstStatus(quality, b.quality);
      return meterReadingRow(
        {
          id: m.id,
          name: m.name,
          start: startOf.get(m.id) ?? null,
          end: endOf.get(m.id) ?? null,
          params: { multiplier: a.multiplier, registerMax: a.registerMax, ratedKw: a.ratedKw, resets: resets.filter((r) => r.deviceId === m.id) },
          periodQuality: quality,
        },
        { from: period.from, to: asOf },
      );
    });
    readings = { rows, total: sumOrNull(rows.map((r) => r.consumption)) };
  }

  let power: Report['power'] = null;
  if (electricity && sections.includes('power')) {
    await nextTurn();
    const top: WeightedMeter[] = ofType.filter((m) => m.topLevel).map((m) => ({ id: m.id, weight: 1 }));
    const groups = [top, ...specs.map((s) => s.weights)];
    // a group of one meter: that meter's own peak (a max per device); several: the coincident peak of their 15-min Σ
    const single = (ws: readonly WeightedMeter[]) => ws.length === 1 && ws[0]?.weight === 1;
    const members = groups.flatMap((ws, g) => (single(ws) ? [] : ws.map((w) => ({ group: g, deviceId: w.id, weight: w.weight }))));
    const singles = [...new Set(groups.filter(single).map((ws) => ws[0]?.id as number))];
    const table15 = ROLLUP_OF[grain as 'hour' | 'day' | 'month'];
    const devicePeaks = await repo.devicePeaks(singles, dataId, period.from, asOf);
    const [peaks, kvarh, reverse] = await Promise.all([
      repo.groupPeaks(members, dataId, period.from, asOf),
      repo.sums(table15, meterIds, DATA_ID.reactiveEnergyImport, period.from, asOf),
      repo.sums(table15, meterIds, DATA_ID.reactiveEnergyExport, period.from, asOf),
    ]);
    const peakOf = new Map(peaks.map((p) => [p.group, p]));
    const head = versionAt(versions, period.from, tz) as (TouTariffVersion & { addReverseKvarh?: boolean }) | null;
    const addReverseKvarh = head?.addReverseKvarh ?? true;
    const kwhTotals = new Map<number, number | null>();
    for (const [id, m] of colByDevice) kwhTotals.set(id, sumOrNull([...m.values()].map((b) => b.value)));
    const weighted = (ws: readonly WeightedMeter[], of: ReadonlyMap<number, number | null>) => {
      const parts = ws.map((w) => of.get(w.id)).filter((v): v is number => v !== null && v !== undefined);
      return parts.length === 0 ? null : round6(ws.reduce((a, w) => a + w.weight * (of.get(w.id) ?? 0), 0));
    };
    const summary = (g: number, ws: readonly WeightedMeter[], id: number | null, name: string) => {
      const p = single(ws) ? devicePeaks.get(ws[0]?.id as number) : peakOf.get(g);
      const s = powerSummary({
        intervals: p ? [{ start: p.start, kwh: p.value }] : [],
        kwh: weighted(ws, kwhTotals),
        kvarh: weighted(ws, kvarh),
        reverseKvarh: weighted(ws, reverse) ?? 0,
        addReverseKvarh,
      });
      return { id, name, ...s };
    };
    power = {
      node: summary(0, top, root?.id ?? project.id, root?.name ?? projectName),
      rows: specs.map((s, i) => summary(i + 1, s.weights, s.id, s.name)),
    };
  }

  const nodeName = root?.name ?? projectName;
  const typeName = lang === 'en' ? typeMeta.en : typeMeta.zh;
  const kindName = KIND_TEXT[kind][lang === 'en' ? 1 : 0];
  const first = { year: date.year, month: kind === 'yearly' ? 1 : date.month, day: kind === 'daily' ? date.day : 1 };
  return {
    title: lang === 'en' ? `${nodeName} ${typeName} ${kindName} ${periodLabelOf(kind, date)}` : `${nodeName}${typeName}${kindName} ${periodLabelOf(kind, date)}`,
    projectName,
    nodeId: root?.id ?? project.id,
    modelLabel: root?.modelLabel ?? 'project',
    nodeName,
    energyType: q.energyType,
    unit: typeMeta.unit,
    kind,
    date: isoDate(first),
    periodLabel: periodLabelOf(kind, date),
    timezone: tz,
    from: period.from,
    to: period.to,
    asOf,
    rows: rowsKind,
    sections,
    columns,
    consumption,
    tou,
    touNote,
    readings,
    power,
  };
}
