import {
  CHILLER_MAX_POINTS,
  CHILLER_MAX_RANGE_MS,
  DATA_ID,
  ErrorCode,
  type ChillerBucket,
  type ChillerEfficiency,
  type ChillerEfficiencyQuery,
  type ChillerRow,
  type PlantKwh,
  type PlantTempBucket,
} from '@ems/contract';
import { bucketEnd, bucketStart, chillerGrade, chillerGradeLimits, copAtFullLoad, copOf, coolingLoadKw, fitQuadratic, iplvOfCurve, kwPerRt, KW_PER_RT, systemEer, towerApproachK, wetBulbStull } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { READ_DAYS, readInPieces, slicer } from '../../lib/work-slices.js';
import { numOrNull } from '../common/attrs.js';
import { currentStandard } from '../efficiency-standards/service.js';
import { chillerRepository, type ChillerRepository, type CounterGrain, type MeanRow, type PlantNode } from './repository.js';

const DAY_MS = 86_400_000;
const Q_H = 0.25;
const FIELD_TEXT = {
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
} as const;
const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

type Part = keyof PlantKwh;
const PART_OF_LABEL: Record<string, Part> = { chiller: 'chillers', chilledpump: 'chwPumps', coolingpump: 'cwPumps', coolingtower: 'towers' };
const TEMP_IDS = [DATA_ID.chilledWaterSupplyTemp, DATA_ID.chilledWaterReturnTemp, DATA_ID.condenserWaterSupplyTemp, DATA_ID.condenserWaterReturnTemp, DATA_ID.chilledWaterFlow] as const;
const OUTDOOR_IDS = [DATA_ID.outdoorTemperature, DATA_ID.outdoorHumidity] as const;

/** A chiller with its meters. */
interface Unit {
  node: PlantNode;
  electric: number | null;
  cooling: number | null;
}

/** The plant of a project: chillers with their cooling and electricity meters, the electricity meter of every pump and tower by part. */
export interface Plant {
  chillers: Unit[];
  electric: Map<number, Part>;
  envSensors: number[];
}

const energyTypeOf = (n: PlantNode) => numOrNull(n.attrs.energyType);

/** The chiller plant of the project's model: the meters directly under each chiller, pump and tower. */
export function plantOf(nodes: readonly PlantNode[]): Plant {
  const kids = new Map<number, PlantNode[]>();
  for (const n of nodes) if (n.parentId !== null) kids.set(n.parentId, [...(kids.get(n.parentId) ?? []), n]);
  const meters = (id: number, type: number) => (kids.get(id) ?? []).filter((m) => m.label === 'meter' && energyTypeOf(m) === type);
  const electric = new Map<number, Part>();
  const chillers: Unit[] = [];
  for (const n of nodes) {
    const part = PART_OF_LABEL[n.label];
    if (!part) continue;
    for (const m of meters(n.id, 2)) electric.set(m.id, part);
    if (n.label === 'chiller') chillers.push({ node: n, electric: meters(n.id, 2)[0]?.id ?? null, cooling: meters(n.id, 18)[0]?.id ?? null });
  }
  return { chillers, electric, envSensors: nodes.filter((n) => n.label === 'envsensor').map((n) => n.id) };
}

interface Range {
  from: number;
  to: number;
  grain: CounterGrain;
  /** bucket starts of the trend */
  starts: number[];
  /** step of the instants' means: an hour for hour buckets, else a day (days merge into months) */
  stepMs: number;
}

export function rangeOf(lang: Lang, timezone: string, q: { startTime: number; endTime: number }): Range {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  if (q.endTime - q.startTime > CHILLER_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  const from = bucketStart(q.startTime, 'day', timezone);
  const to = bucketEnd(bucketStart(q.endTime, 'day', timezone), 'day', timezone);
  const grain: CounterGrain = to - from <= 2 * DAY_MS + 3_600_000 ? 'hour' : to - from <= 62 * DAY_MS ? 'day' : 'month';
  const starts: number[] = [];
  for (let s = grain === 'month' ? bucketStart(from, 'month', timezone) : from; s < to; s = bucketEnd(s, grain, timezone)) starts.push(s);
  return { from, to, grain, starts, stepMs: grain === 'hour' ? 3_600_000 : DAY_MS };
}

/** Index of the bucket holding t (starts sorted), -1 before the first. */
function bucketIndex(starts: readonly number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= t) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at;
}

/** Weighted means: Σ mean·n / Σ n per key. */
class Means {
  private readonly s = new Map<string, { sum: number; n: number }>();
  add(key: string, mean: number, n: number) {
    const x = this.s.get(key) ?? { sum: 0, n: 0 };
    x.sum += mean * n;
    x.n += n;
    this.s.set(key, x);
  }
  get(key: string): number | null {
    const x = this.s.get(key);
    return x && x.n > 0 ? x.sum / x.n : null;
  }
}

const zeroKwh = (): PlantKwh => ({ chillers: 0, chwPumps: 0, cwPumps: 0, towers: 0 });
const total = (e: PlantKwh) => e.chillers + e.chwPumps + e.cwPumps + e.towers;

/** Reads of [from, to) in pieces of READ_DAYS days (turns of the event loop between them). */
function pieces<T>(from: number, to: number, read: (a: number, b: number) => Promise<T[]>): Promise<T[]> {
  const reads: (() => Promise<T[]>)[] = [];
  for (let a = from; a < to; a += READ_DAYS * DAY_MS) reads.push(() => read(a, Math.min(to, a + READ_DAYS * DAY_MS)));
  return readInPieces(reads);
}

/** The COP-vs-PLR analysis of one chiller from its running quarters. */
async function partLoad(repo: ChillerRepository, u: Unit, ratedKw: number | null, range: Range) {
  if (u.cooling === null || u.electric === null) return { points: [] as [number, number][], runHours: 0, plrAvg: null, fit: null };
  const rows = await pieces(range.from, range.to, (a, b) => repo.runningQuarters(u.cooling as number, DATA_ID.coolingEnergy, u.electric as number, DATA_ID.activeEnergyImport, a, b));
  const turn = slicer();
  const pts: { x: number; y: number }[] = [];
  let plrSum = 0;
  for (const r of rows) {
    await turn();
    if (!(ratedKw !== null && ratedKw > 0)) continue;
    const plr = r.coolingKwh / (ratedKw * Q_H);
    const c = r.coolingKwh / r.electricKwh;
    // a quarter with a meter's glitch (COP out of any chiller's range, PLR far over the rating) says nothing of the curve
    if (plr < 0.05 || plr > 1.3 || c < 0.5 || c > 15) continue;
    pts.push({ x: plr, y: c });
    plrSum += plr;
  }
  const fit = fitQuadratic(pts);
  const stride = Math.max(1, Math.ceil(pts.length / CHILLER_MAX_POINTS));
  const points: [number, number][] = [];
  for (let i = 0; i < pts.length; i += stride) {
    const p = pts[i] as { x: number; y: number };
    points.push([Math.round(p.x * 1000) / 1000, Math.round(p.y * 1000) / 1000]);
  }
  return { points, runHours: rows.length * Q_H, plrAvg: pts.length ? plrSum / pts.length : null, fit };
}

/** The chiller-plant report over a range (DOMAIN.md §6; contract efficiency-chiller.ts says what each figure reads). */
export async function chillerEfficiency(ems: Ems, lang: Lang, scope: readonly number[], q: ChillerEfficiencyQuery): Promise<ChillerEfficiency> {
  if (!scope.includes(q.projectId)) throw noPermission();
  const repo = chillerRepository(ems.db);
  const project = await repo.project(q.projectId);
  if (!project) throw noPermission();
  const tz = project.timezone;
  const range = rangeOf(lang, tz, q);
  const plant = plantOf(await repo.nodes(project.id));
  const standard = await currentStandard(ems, 'chiller');
  const { starts } = range;
  const readFrom = starts[0] ?? range.from;

  // counters: electricity by part and cooling per chiller, per trend bucket
  const coolingIds = plant.chillers.flatMap((u) => (u.cooling === null ? [] : [u.cooling]));
  const [elecRows, coolRows] = await Promise.all([
    repo.sums(range.grain, [...plant.electric.keys()], DATA_ID.activeEnergyImport, readFrom, range.to),
    repo.sums(range.grain, coolingIds, DATA_ID.coolingEnergy, readFrom, range.to),
  ]);
  const trendE = starts.map(zeroKwh);
  const trendQ = starts.map(() => 0);
  const seenQ = starts.map(() => false);
  const perMeter = new Map<number, number>();
  for (const r of elecRows) {
    const i = bucketIndex(starts, r.start);
    const part = plant.electric.get(r.deviceId);
    if (i < 0 || !part) continue;
    (trendE[i] as PlantKwh)[part] += r.value;
    perMeter.set(r.deviceId, (perMeter.get(r.deviceId) ?? 0) + r.value);
  }
  for (const r of coolRows) {
    const i = bucketIndex(starts, r.start);
    if (i < 0) continue;
    trendQ[i] = (trendQ[i] as number) + r.value;
    seenQ[i] = true;
    perMeter.set(r.deviceId, (perMeter.get(r.deviceId) ?? 0) + r.value);
  }

  // instants: the chillers' loop temperatures while running, the weather station's dry bulb and RH
  const chillerIds = plant.chillers.map((u) => u.node.id);
  const [loopRows, outdoorRows] = await Promise.all([
    pieces(range.from, range.to, (a, b) => repo.means(chillerIds, TEMP_IDS, range.from, a, b, range.stepMs, DATA_ID.chilledWaterFlow)),
    pieces(range.from, range.to, (a, b) => repo.means(plant.envSensors, OUTDOOR_IDS, range.from, a, b, range.stepMs)),
  ]);
  const bucketOfStep = (k: number) => bucketIndex(starts, range.from + k * range.stepMs);
  const plantMeans = new Means();
  const unitMeans = new Means();
  const add = (rows: readonly MeanRow[], perUnit: boolean) => {
    for (const r of rows) {
      const i = bucketOfStep(r.k);
      if (i < 0) continue;
      plantMeans.add(`${i}:${r.dataId}`, r.mean, r.n);
      plantMeans.add(`all:${r.dataId}`, r.mean, r.n);
      if (perUnit) unitMeans.add(`${r.deviceId}:${r.dataId}`, r.mean, r.n);
    }
  };
  add(loopRows, true);
  add(outdoorRows, false);
  const tempsOf = (key: string | number): PlantTempBucket => {
    const m = (id: number) => plantMeans.get(`${key}:${id}`);
    const outdoorC = m(DATA_ID.outdoorTemperature);
    const outdoorRh = m(DATA_ID.outdoorHumidity);
    const wetBulbC = outdoorC !== null && outdoorRh !== null ? wetBulbStull(outdoorC, outdoorRh) : null;
    const cws = m(DATA_ID.condenserWaterSupplyTemp);
    return {
      start: typeof key === 'number' ? (starts[key] as number) : range.from,
      chws: m(DATA_ID.chilledWaterSupplyTemp),
      chwr: m(DATA_ID.chilledWaterReturnTemp),
      cws,
      cwr: m(DATA_ID.condenserWaterReturnTemp),
      outdoorC,
      outdoorRh,
      wetBulbC,
      approachK: cws !== null && wetBulbC !== null ? towerApproachK(cws, wetBulbC) : null,
    };
  };

  // per chiller: part-load analysis, grade
  const chillers: ChillerRow[] = [];
  for (const u of plant.chillers) {
    const a = u.node.attrs;
    const ratedCoolingKw = numOrNull(a.ratedCoolingKw);
    const condenser = a.condenser === 'air' ? 'air' : 'water';
    const pl = await partLoad(repo, u, ratedCoolingKw, range);
    const coolingKwh = u.cooling === null ? 0 : (perMeter.get(u.cooling) ?? 0);
    const electricityKwh = u.electric === null ? 0 : (perMeter.get(u.electric) ?? 0);
    const c = copOf(coolingKwh, electricityKwh);
    const copAt100 = pl.fit ? copAtFullLoad(pl.fit) : null;
    const iplv = pl.fit ? iplvOfCurve(pl.fit) : null;
    const unit = { condenser, ratedCoolingKw: ratedCoolingKw ?? 0 } as const;
    const m = (id: number) => unitMeans.get(`${u.node.id}:${id}`);
    const chws = m(DATA_ID.chilledWaterSupplyTemp);
    const chwr = m(DATA_ID.chilledWaterReturnTemp);
    const flowM3h = m(DATA_ID.chilledWaterFlow);
    chillers.push({
      id: u.node.id,
      name: u.node.name,
      ratedCoolingKw,
      ratedCop: numOrNull(a.ratedCop),
      condenser,
      coolingKwh,
      electricityKwh,
      runHours: pl.runHours,
      cop: c,
      kwPerRt: kwPerRt(c),
      plrAvg: pl.plrAvg,
      curve: pl.fit ? { a: pl.fit.a, b: pl.fit.b, c: pl.fit.c, n: pl.fit.n, r2: pl.fit.r2, plrMin: pl.fit.xMin, plrMax: pl.fit.xMax } : null,
      copAt100,
      iplv,
      grade: chillerGrade(standard, unit, { cop: copAt100, iplv }),
      gradeLimits: chillerGradeLimits(standard, unit),
      points: pl.points,
      temps: {
        chws,
        chwr,
        cws: m(DATA_ID.condenserWaterSupplyTemp),
        cwr: m(DATA_ID.condenserWaterReturnTemp),
        flowM3h,
        loadKw: flowM3h !== null && chws !== null && chwr !== null ? coolingLoadKw(flowM3h, chws, chwr) : null,
      },
    });
  }

  const trend: ChillerBucket[] = starts.map((start, i) => {
    const e = trendE[i] as PlantKwh;
    const cool = seenQ[i] ? (trendQ[i] as number) : null;
    return { start, coolingKwh: cool, electricity: e, cop: cool === null ? null : copOf(cool, e.chillers), eer: cool === null ? null : systemEer(cool, e) };
  });
  const electricity = trendE.reduce<PlantKwh>((s, e) => ({ chillers: s.chillers + e.chillers, chwPumps: s.chwPumps + e.chwPumps, cwPumps: s.cwPumps + e.cwPumps, towers: s.towers + e.towers }), zeroKwh());
  const coolingKwh = trendQ.reduce((s, x) => s + x, 0);
  const plantCop = copOf(coolingKwh, electricity.chillers);
  return {
    projectId: project.id,
    timezone: tz,
    from: range.from,
    to: range.to,
    bucket: range.grain,
    standard: { code: standard.code, effectiveDate: standard.effectiveDate },
    plant: {
      coolingKwh,
      electricity,
      totalKwh: total(electricity),
      cop: plantCop,
      kwPerRt: kwPerRt(plantCop),
      eer: systemEer(coolingKwh, electricity),
      rtHours: coolingKwh / KW_PER_RT,
      temps: tempsOf('all'),
    },
    chillers,
    trend,
    temperatures: starts.map((_, i) => tempsOf(i)),
  };
}
