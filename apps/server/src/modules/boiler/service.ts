import { BOILER_MAX_RANGE_MS, DATA_ID, ErrorCode, type BoilerAnalysis, type BoilerItem, type BoilerQuery } from '@ems/contract';
import { boilerGrade, boilerGradeLimits, bucketStart, flueGasLimits, RADIATION_MIN_LOAD, ratedRadiationLossPct, type BoilerUnit } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { bucketsOf, resolveRange, seriesTable } from '../analysis/periods.js';
import { currentStandard } from '../efficiency-standards/service.js';
import { bucketFigures, totalFigures, type BucketInput, type InstantMeans } from './figures.js';
import { boilerRepository, type BoilerNode, type InstantRow } from './repository.js';

const FIELD_TEXT = {
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
  boilerId: ['不是锅炉', 'not a boiler'],
} as const;

const invalid = (lang: Lang, field: string, text: keyof typeof FIELD_TEXT) =>
  new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[text][lang === 'en' ? 1 : 0]]);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const FUELS = ['gas', 'oil', 'coal', 'electric', 'biomass'] as const;

/** The instruments read per bucket (steam-weighted by the live steam flow). */
const MEANS: Record<keyof InstantMeans, number> = {
  pressureMpa: DATA_ID.steamPressure,
  steamTempC: DATA_ID.steamTemperature,
  feedWaterC: DATA_ID.feedWaterTemperature,
  flueTempC: DATA_ID.flueGasTemperature,
  o2Pct: DATA_ID.flueGasOxygen,
  coPpm: DATA_ID.flueGasCo,
  airTempC: DATA_ID.combustionAirTemperature,
};

async function projectOf(ems: Ems, scope: readonly number[], projectId: number) {
  if (!scope.includes(projectId)) throw noPermission();
  const repo = boilerRepository(ems.db);
  const project = await repo.project(projectId);
  if (!project) throw noPermission();
  return { repo, project };
}

/** A boiler's nameplate and meters from its attrs (DOMAIN §8; q5 at rating from the GB/T 10180 table when not set). */
export function boilerItemOf(n: BoilerNode, nodes: readonly BoilerNode[]): BoilerItem {
  const a = n.attrs;
  const ratedTph = num(a.ratedTph) ?? num(a.ratedCapacity);
  const fuel = FUELS.find((f) => f === a.fuel) ?? null;
  const meter = (v: unknown) => {
    const id = num(v);
    const m = id === null ? undefined : nodes.find((x) => x.id === id && x.label === 'meter');
    return { id: m ? m.id : null, name: m ? m.name : null };
  };
  const steam = meter(a.steamMeterId);
  const gas = meter(a.gasMeterId);
  return {
    id: n.id,
    name: n.name,
    ratedTph,
    fuel,
    medium: a.medium === 'hotWater' ? 'hotWater' : 'steam',
    ratedPressureMpa: num(a.ratedPressureMpa),
    ratedEfficiencyPct: num(a.ratedEfficiencyPct),
    fuelLhvMjPerM3: num(a.fuelLhvMjPerM3),
    blowdownPct: num(a.blowdownPct) ?? 0,
    q5RatedPct: num(a.q5RatedPct) ?? (ratedTph !== null && ratedTph > 0 ? ratedRadiationLossPct(ratedTph) : null),
    fuelPriceYuanPerM3: num(a.fuelPriceYuanPerM3),
    steamMeterId: steam.id,
    steamMeterName: steam.name,
    gasMeterId: gas.id,
    gasMeterName: gas.name,
  };
}

export async function boilerList(ems: Ems, scope: readonly number[], projectId: number): Promise<BoilerItem[]> {
  const { repo, project } = await projectOf(ems, scope, projectId);
  const nodes = await repo.nodes(project.id);
  return nodes.filter((n) => n.label === 'boiler').map((n) => boilerItemOf(n, nodes));
}

/** One boiler over a range: per-bucket and overall steam, gas, direct and indirect η, losses, flue gas, ratios, grade. */
export async function boilerAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: BoilerQuery): Promise<BoilerAnalysis> {
  const { repo, project } = await projectOf(ems, scope, q.projectId);
  const owner = await repo.node(q.boilerId);
  if (!owner || !scope.includes(owner.projectId)) throw noPermission();
  if (owner.projectId !== project.id || owner.label !== 'boiler') throw invalid(lang, 'boilerId', 'boilerId');
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', 'endTime');
  if (q.dateType >= 6 && q.endTime - q.startTime > BOILER_MAX_RANGE_MS) throw invalid(lang, 'endTime', 'span');
  const tz = project.timezone;
  const range = resolveRange(q.dateType, q.startTime, q.endTime, tz);
  const now = ems.config.now();
  const nodes = await repo.nodes(project.id);
  const boiler = boilerItemOf(nodes.find((n) => n.id === q.boilerId) as BoilerNode, nodes);

  const starts = bucketsOf(range.from, range.to, range.grain, tz);
  const spans = starts.map((lo, i) => ({ lo, hi: starts[i + 1] ?? range.to }));
  const past = spans.map((s) => ({ lo: s.lo, hi: Math.min(s.hi, now) })).filter((s) => s.hi > s.lo);
  const until = Math.min(range.to, Math.max(range.from, now));
  const table = seriesTable(range, tz);
  const [steamRows, gasRows, instantRows, shapeRows] = await Promise.all([
    boiler.steamMeterId === null ? [] : repo.counters(table, [boiler.steamMeterId], DATA_ID.steamMass, range.from, until),
    boiler.gasMeterId === null ? [] : repo.counters(table, [boiler.gasMeterId], DATA_ID.gasVolume, range.from, until),
    repo.weightedInstants(boiler.id, Object.values(MEANS), DATA_ID.steamFlow, past),
    boiler.ratedTph ? repo.loadShape(boiler.id, DATA_ID.steamFlow, RADIATION_MIN_LOAD * boiler.ratedTph, past) : [],
  ]);
  const shapes = new Map(shapeRows.map((x) => [x.lo, { hot: x.hot, load: x.flow / (boiler.ratedTph as number) }]));
  // rollup buckets (day rows of a month grain) into the page's buckets
  const indexOf = (t: number) => {
    const s = range.grain === 'month' && table !== 'rollup_month' ? bucketStart(t, 'month', tz) : t;
    return starts.indexOf(Math.max(s, range.from));
  };
  const add = (into: (number | null)[], rows: readonly { start: number; value: number | null }[]) => {
    for (const row of rows) {
      const i = indexOf(row.start);
      if (i < 0 || row.value === null) continue;
      into[i] = (into[i] ?? 0) + row.value;
    }
  };
  const steam: (number | null)[] = starts.map(() => null);
  const gas: (number | null)[] = starts.map(() => null);
  // the hours the steam meter counted (the load's denominator: a bucket before the history began is not idle)
  const counted: number[] = starts.map(() => 0);
  for (const row of steamRows) {
    const i = indexOf(row.start);
    if (i >= 0 && row.value !== null) counted[i] = (counted[i] as number) + row.nIntervals / 4;
  }
  add(steam, steamRows);
  add(gas, gasRows);
  const means = meansOf(instantRows, starts);

  const rows = spans.map((s, i) => {
    const input: BucketInput = { steamT: steam[i] ?? null, gasM3: gas[i] ?? null, means: means[i] as InstantMeans, hours: counted[i] as number, loadShape: shapes.get(s.lo) ?? null };
    return { time: s.lo, input, out: bucketFigures(boiler, input) };
  });
  const total = totalFigures(boiler, rows);
  // the edition in force (an administrator's edit regrades at once: read per call, cached by efficiency-standards)
  const standard = await currentStandard(ems, 'boiler');
  const unit: BoilerUnit | null = boiler.fuel && boiler.ratedTph ? { fuel: boiler.fuel, medium: boiler.medium, ratedTph: boiler.ratedTph } : null;
  return {
    boiler,
    timezone: tz,
    from: range.from,
    to: range.to,
    grain: range.grain,
    total,
    buckets: rows.map((x) => ({ time: x.time, ...x.out.figures })),
    grade: unit ? boilerGrade(standard, unit, total.directEfficiencyPct) : 'unrated',
    gradeLimits: unit ? boilerGradeLimits(standard, unit) : null,
    standard: { code: standard.code, title: standard.title, effectiveDate: standard.effectiveDate },
    limits: boiler.fuel && boiler.ratedTph ? flueGasLimits(boiler.fuel, boiler.ratedTph) : null,
  };
}

/** Steam-weighted means per bucket from the summed rows. */
function meansOf(rows: readonly InstantRow[], starts: readonly number[]): InstantMeans[] {
  const out: InstantMeans[] = starts.map(() => ({ pressureMpa: null, steamTempC: null, feedWaterC: null, flueTempC: null, o2Pct: null, coPpm: null, airTempC: null }));
  const keyOf = new Map(Object.entries(MEANS).map(([k, id]) => [id, k as keyof InstantMeans]));
  for (const r of rows) {
    const i = starts.indexOf(r.lo);
    const k = keyOf.get(r.dataId);
    if (i < 0 || k === undefined || !(r.w > 0)) continue;
    (out[i] as InstantMeans)[k] = r.wsum / r.w;
  }
  return out;
}
