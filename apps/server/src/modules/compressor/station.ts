import {
  COMPRESSOR_15M_MAX_DAYS,
  COMPRESSOR_DAY_MAX_DAYS,
  COMPRESSOR_HOUR_MAX_DAYS,
  COMPRESSOR_MAX_RANGE_MS,
  ErrorCode,
  type CompressorDriveT,
  type CompressorGrain,
  type GradeLimit,
  type StandardRef,
} from '@ems/contract';
import { bucketEnd, bucketStart, compressorGradeLimits, localParts, spanPriceYuanPerKwh, versionSpans, type StandardFor } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { numOrNull } from '../common/attrs.js';
import { projectScheme } from '../cost/service.js';
import { currentStandard } from '../efficiency-standards/service.js';
import { compressorRepository, type CompressorRepository, type StationNode } from './repository.js';

const DAY_MS = 86_400_000;
const ELECTRICITY = 2;
const AIR = 45;

/** A compressor with its nameplate and meters. */
export interface Unit {
  id: number;
  name: string;
  code: string | null;
  drive: CompressorDriveT;
  compressorType: string | null;
  ratedKw: number | null;
  ratedFlowM3min: number | null;
  pressureMPa: number | null;
  loadPressureMPa: number | null;
  unloadPressureMPa: number | null;
  targetPressureMPa: number | null;
  cooling: 'air' | 'liquid';
  meterId: number | null;
  airMeterId: number | null;
  gradeLimits: GradeLimit[] | null;
}

export interface Station {
  repo: CompressorRepository;
  project: { id: number; timezone: string };
  standard: StandardFor<'compressor'>;
  units: Unit[];
  /** top air meters (no parent meter, not a machine's output): where the header pressure is read */
  headers: number[];
}

/** The edition of GB 19153 grading the machines: the administrator's stored edition, else the published one (modules/efficiency-standards). */
export const compressorStandard = (ems: Ems): Promise<StandardFor<'compressor'>> => currentStandard(ems, 'compressor');

export const standardRef = (ed: StandardFor<'compressor'>): StandardRef => ({ code: ed.code, title: ed.title, effectiveDate: ed.effectiveDate });

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function unitOf(n: StationNode, nodes: readonly StationNode[], ed: StandardFor<'compressor'>): Unit {
  const a = n.attrs;
  const kids = nodes.filter((m) => m.parentId === n.id && m.label === 'meter');
  const drive: CompressorDriveT = a.speedControl === 'variable' || a.drive === 'vsd' ? 'vsd' : 'fixed';
  const ratedKw = numOrNull(a.ratedKw);
  const pressureMPa = numOrNull(a.dischargePressureMpa ?? a.pressureMPa);
  const cooling = a.cooling === 'liquid' ? 'liquid' : 'air';
  return {
    id: n.id,
    name: n.name,
    code: n.code,
    drive,
    compressorType: str(a.compressorType),
    ratedKw,
    ratedFlowM3min: numOrNull(a.ratedFlowM3min),
    pressureMPa,
    loadPressureMPa: numOrNull(a.loadPressureMpa),
    unloadPressureMPa: numOrNull(a.unloadPressureMpa),
    targetPressureMPa: numOrNull(a.targetPressureMpa),
    cooling,
    meterId: kids.find((m) => numOrNull(m.attrs.energyType) === ELECTRICITY)?.id ?? null,
    airMeterId: kids.find((m) => numOrNull(m.attrs.energyType) === AIR)?.id ?? null,
    gradeLimits: ratedKw !== null && pressureMPa !== null ? compressorGradeLimits(ed, { drive, ratedKw, pressureMPa, cooling }) : null,
  };
}

/** The project's station, after the scope check (404 outside it). */
export async function stationOf(ems: Ems, scope: readonly number[], projectId: number): Promise<Station> {
  if (!scope.includes(projectId)) throw noPermission();
  const repo = compressorRepository(ems.db);
  const project = await repo.project(projectId);
  if (!project) throw noPermission();
  const [nodes, standard] = await Promise.all([repo.nodes(project.id), compressorStandard(ems)]);
  const units = nodes.filter((n) => n.label === 'aircompressor').map((n) => unitOf(n, nodes, standard));
  const headers = nodes.filter((n) => n.label === 'meter' && numOrNull(n.attrs.energyType) === AIR && numOrNull(n.attrs.parentMeterId) === null && n.attrs.purpose !== 'output').map((n) => n.id);
  return { repo, project, standard, units, headers };
}

/** The station's grade line: the rated-flow-weighted mean of its machines' limits (null unless every machine has limits and a flow). */
export function stationLimits(units: readonly Unit[]): GradeLimit[] | null {
  if (units.length === 0 || units.some((u) => u.gradeLimits === null || !(u.ratedFlowM3min !== null && u.ratedFlowM3min > 0))) return null;
  const flow = units.reduce((s, u) => s + (u.ratedFlowM3min as number), 0);
  return ([1, 2, 3] as const).map((grade) => ({
    grade,
    specificPower: Math.round((units.reduce((s, u) => s + (u.gradeLimits?.find((g) => g.grade === grade)?.specificPower ?? 0) * (u.ratedFlowM3min as number), 0) / flow) * 1000) / 1000,
  }));
}

const FIELD_TEXT = {
  endTime: ['结束时间早于开始时间', 'ends before it starts'],
  span: ['时间跨度超过400天', 'the range is longer than 400 days'],
  idleToHour: ['空闲时段须在开始之后结束', 'the idle hours must end after they start'],
} as const;

export const invalid = (lang: Lang, field: keyof typeof FIELD_TEXT) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, FIELD_TEXT[field][lang === 'en' ? 1 : 0]]);

export interface Range {
  from: number;
  to: number;
  /** min(to, now) rounded down to the hour: data are read up to here */
  until: number;
  grain: CompressorGrain;
}

/** The range widened to whole local days, bounded (COMPRESSOR_MAX_RANGE_MS), and its rollup grain. */
export function rangeOf(lang: Lang, timezone: string, now: number, q: { startTime: number; endTime: number }): Range {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime');
  if (q.endTime - q.startTime > COMPRESSOR_MAX_RANGE_MS) throw invalid(lang, 'span');
  const from = bucketStart(q.startTime, 'day', timezone);
  const to = bucketEnd(bucketStart(q.endTime, 'day', timezone), 'day', timezone);
  const days = (to - from) / DAY_MS;
  const monthly = bucketStart(from, 'month', timezone) === from && bucketStart(to, 'month', timezone) === to;
  const grain: CompressorGrain = days <= COMPRESSOR_15M_MAX_DAYS + 0.1 ? '15m' : days <= COMPRESSOR_HOUR_MAX_DAYS + 0.1 ? 'hour' : days <= COMPRESSOR_DAY_MAX_DAYS + 0.1 || !monthly ? 'day' : 'month';
  return { from, to, until: Math.max(from, Math.min(to, Math.floor(now / 3_600_000) * 3_600_000)), grain };
}

/** Hours of each bucket of the range at the grain (local days and months), and the buckets' starts. */
export function bucketStarts(r: Range, timezone: string): number[] {
  const out: number[] = [];
  if (r.grain === '15m' || r.grain === 'hour') {
    const step = r.grain === '15m' ? 900_000 : 3_600_000;
    for (let t = r.from; t < r.to; t += step) out.push(t);
    return out;
  }
  for (let t = r.from; t < r.to; t = bucketEnd(t, r.grain, timezone)) out.push(t);
  return out;
}

/** The zone's offset (ms) when constant over [from, to) (checked day by day), else null. */
export function constantOffset(timezone: string, from: number, to: number): number | null {
  const off = (t: number) => {
    const l = localParts(t, timezone);
    return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(t / 1000) * 1000;
  };
  const first = off(from);
  for (let t = from + DAY_MS; t < to; t += DAY_MS) if (off(t) !== first) return null;
  return first;
}

/**
 * The station machines' electricity over [from, to) priced hour by hour at the project's tariff
 * (each hour at its TOU price); yuan null without a tariff or where an hour has no price.
 */
export async function pricedKwh(ems: Ems, s: Station, from: number, to: number): Promise<{ kwh: number; yuan: number | null }> {
  const meters = s.units.flatMap((u) => (u.meterId === null ? [] : [u.meterId]));
  const [rows, scheme] = await Promise.all([s.repo.hourlyKwh(meters, from, to), projectScheme(ems, s.project.id)]);
  const kwh = rows.reduce((a, r) => a + r.kwh, 0);
  if (!scheme) return { kwh, yuan: null };
  const tz = s.project.timezone;
  let yuan = 0;
  let i = 0;
  for (const span of versionSpans(scheme.versions, { from, to }, tz)) {
    const v = span.version;
    for (; i < rows.length && (rows[i] as { start: number }).start < span.to; i++) {
      const r = rows[i] as { start: number; kwh: number };
      if (r.kwh === 0) continue;
      const price = v ? spanPriceYuanPerKwh(r.start, 3_600_000, { calendar: v.calendar, prices: v.touPrices, timeZone: tz }) : null;
      if (price === null) return { kwh, yuan: null };
      yuan += r.kwh * price;
    }
  }
  return { kwh, yuan };
}
