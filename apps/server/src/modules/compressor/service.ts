import {
  DATA_ID,
  type AirManager,
  type AirManagerQuery,
  type CompressorProjectQuery,
  type CompressorQuery,
  type CompressorUnitFigures,
  type ElectricalRatio,
  type LoadingAnalysis,
  type PressureTrend,
  type StandingBook,
  type UnloadingRate,
} from '@ems/contract';
import {
  compressorGrade,
  gasElectricRatio,
  leakRating,
  loadCurve,
  loadingRate,
  loadUnloadPower,
  localParts,
  setpointSavingKwh,
  SAVING_PER_BAR,
  specificPowerFromEnergy,
  stationLeak,
  vsdWeightedSpecificPower,
} from '@ems/domain';
import type { Ems } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { READ_DAYS, readInPieces } from '../../lib/work-slices.js';
import type { SeriesRow } from './repository.js';
import { bucketStarts, constantOffset, invalid, pricedKwh, rangeOf, standardRef, stationLimits, stationOf, type Range, type Station, type Unit } from './station.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const r = (x: number | null, d: number) => (x === null || !Number.isFinite(x) ? null : Math.round(x * 10 ** d) / 10 ** d);
const pct = (x: number | null, d = 1) => r(x === null ? null : x * 100, d);

/** The register of the project's compressors with their nameplates and grade lines. */
export async function standingBook(ems: Ems, scope: readonly number[], q: CompressorProjectQuery): Promise<StandingBook> {
  const s = await stationOf(ems, scope, q.projectId);
  return {
    projectId: s.project.id,
    standard: standardRef(s.standard),
    units: s.units.map((u) => {
      const rated = u.ratedKw !== null && u.ratedFlowM3min !== null && u.ratedFlowM3min > 0 ? u.ratedKw / u.ratedFlowM3min : null;
      return {
        id: u.id,
        name: u.name,
        code: u.code,
        drive: u.drive,
        compressorType: u.compressorType,
        ratedKw: u.ratedKw,
        ratedFlowM3min: u.ratedFlowM3min,
        pressureMPa: u.pressureMPa,
        loadPressureMPa: u.loadPressureMPa,
        unloadPressureMPa: u.unloadPressureMPa,
        targetPressureMPa: u.targetPressureMPa,
        ratedSpecificPower: r(rated, 3),
        gradeLimits: u.gradeLimits,
        ratedGrade: gradeOf(s, u, rated),
        meterId: u.meterId,
        airMeterId: u.airMeterId,
      };
    }),
  };
}

const gradeOf = (s: Station, u: Unit, sp: number | null) =>
  u.ratedKw !== null && u.pressureMPa !== null ? compressorGrade(s.standard, { drive: u.drive, ratedKw: u.ratedKw, pressureMPa: u.pressureMPa, cooling: u.cooling }, sp) : ('unrated' as const);

/** Rollup rows of the range, READ_DAYS at a time (a year's hours in pieces, the event loop served between). */
async function rows(s: Station, grain: Range['grain'], deviceIds: readonly number[], dataIds: readonly number[], from: number, to: number): Promise<SeriesRow[]> {
  if (grain === 'month' || grain === 'day') return s.repo.buckets(grain, deviceIds, dataIds, from, to);
  const pieces: (() => Promise<SeriesRow[]>)[] = [];
  for (let a = from; a < to; a += READ_DAYS * DAY_MS) pieces.push(() => s.repo.buckets(grain, deviceIds, dataIds, a, Math.min(to, a + READ_DAYS * DAY_MS)));
  return readInPieces(pieces);
}

/** Series by device and data id: start → value. */
function index(list: readonly SeriesRow[]): Map<string, Map<number, number | null>> {
  const m = new Map<string, Map<number, number | null>>();
  for (const x of list) {
    const k = `${x.deviceId}:${x.dataId}`;
    const s = m.get(k) ?? new Map<number, number | null>();
    s.set(x.start, x.value);
    m.set(k, s);
  }
  return m;
}

/** Sum of a series (null when it has no value). */
function total(ix: Map<string, Map<number, number | null>>, deviceId: number | null, dataId: number): number | null {
  if (deviceId === null) return null;
  let sum: number | null = null;
  for (const v of ix.get(`${deviceId}:${dataId}`)?.values() ?? []) if (v !== null) sum = (sum ?? 0) + v;
  return sum;
}

const at = (ix: Map<string, Map<number, number | null>>, deviceId: number | null, dataId: number, start: number): number | null =>
  deviceId === null ? null : (ix.get(`${deviceId}:${dataId}`)?.get(start) ?? null);

const LOADED = DATA_ID.compressorLoadedHours;
const RUN = DATA_ID.compressorRunHours;
const KWH = DATA_ID.activeEnergyImport;
const AIR = DATA_ID.compressedAirVolume;

/** The machines' totals over the range from the coarsest rollups that fit it. */
async function totals(s: Station, range: Range) {
  const ids = s.units.flatMap((u) => [u.id, ...(u.meterId === null ? [] : [u.meterId]), ...(u.airMeterId === null ? [] : [u.airMeterId])]);
  const grain = range.grain === 'month' ? 'month' : 'day';
  const list = await rows(s, grain, ids, [LOADED, RUN, KWH, AIR], range.from, range.to);
  const ix = index(list);
  // hours the machines' air meters counted (the leak's energy is over these, not the range's empty days)
  const quarters = new Map<number, number>();
  for (const x of list) if (x.dataId === AIR) quarters.set(x.deviceId, (quarters.get(x.deviceId) ?? 0) + x.n);
  const dataH = Math.max(0, ...quarters.values()) / 4;
  const units = s.units.map((u) => {
    const loadedH = total(ix, u.id, LOADED);
    const runH = total(ix, u.id, RUN);
    return { u, kwh: total(ix, u.meterId, KWH), airM3: total(ix, u.airMeterId, AIR), loadedH, runH, unloadedH: loadedH !== null && runH !== null ? Math.max(0, runH - loadedH) : null };
  });
  return { units, dataH };
}

const sumOf = (xs: readonly (number | null)[]) => (xs.every((x) => x === null) ? null : xs.reduce<number>((a, x) => a + (x ?? 0), 0));

/** A VSD machine's weighted specific power from its hourly kWh and air over the range. */
async function weightedSp(s: Station, u: Unit, range: Range): Promise<number | null> {
  if (u.drive !== 'vsd' || u.meterId === null || u.airMeterId === null || !(u.ratedFlowM3min && u.ratedFlowM3min > 0)) return null;
  const ix = index(await rows(s, 'hour', [u.meterId, u.airMeterId], [KWH, AIR], range.from, range.until));
  const kwh = ix.get(`${u.meterId}:${KWH}`) ?? new Map<number, number | null>();
  const air = ix.get(`${u.airMeterId}:${AIR}`) ?? new Map<number, number | null>();
  const intervals = [...kwh].flatMap(([t, e]) => {
    const a = air.get(t);
    return e === null || a === null || a === undefined ? [] : [{ kwh: e, airM3: a }];
  });
  return vsdWeightedSpecificPower(loadCurve(intervals, u.ratedFlowM3min, 1));
}

/** The station overview: KPIs, each machine against its grade line, pressure band, leakage and the set-point saving. */
export async function airManager(ems: Ems, lang: Lang, scope: readonly number[], q: AirManagerQuery): Promise<AirManager> {
  const s = await stationOf(ems, scope, q.projectId);
  const tz = s.project.timezone;
  const range = rangeOf(lang, tz, ems.config.now(), q);
  const idleFrom = q.idleFromHour ?? 1;
  const idleTo = q.idleToHour ?? 6;
  if (idleTo <= idleFrom) throw invalid(lang, 'idleToHour');
  const lowerBar = q.lowerBar ?? 0.5;
  const [{ units: t, dataH }, priced, weighted] = await Promise.all([totals(s, range), pricedKwh(ems, s, range.from, range.until), Promise.all(s.units.map((u) => weightedSp(s, u, range)))]);
  const units: CompressorUnitFigures[] = t.map((x, i) => {
    const sp = x.kwh !== null && x.airM3 !== null ? specificPowerFromEnergy(x.kwh, x.airM3) : null;
    const w = weighted[i] ?? null;
    return {
      id: x.u.id,
      name: x.u.name,
      drive: x.u.drive,
      kwh: r(x.kwh, 1),
      airM3: r(x.airM3, 0),
      specificPower: r(sp, 3),
      weightedSpecificPower: r(w, 3),
      loadedH: r(x.loadedH, 2),
      unloadedH: r(x.unloadedH, 2),
      runH: r(x.runH, 2),
      loadingRatePct: pct(x.loadedH !== null && x.unloadedH !== null ? loadingRate(x.loadedH, x.unloadedH) : null),
      grade: gradeOf(s, x.u, w ?? sp),
      gradeLimits: x.u.gradeLimits,
    };
  });
  const kwh = sumOf(t.map((x) => x.kwh));
  const airM3 = sumOf(t.map((x) => x.airM3));
  const loadedH = sumOf(t.map((x) => x.loadedH));
  const runH = sumOf(t.map((x) => x.runH));
  const unloadedH = sumOf(t.map((x) => x.unloadedH));
  const ratio = gasElectricRatio(airM3 ?? 0, kwh ?? 0);
  const stationSp = kwh !== null && airM3 !== null ? specificPowerFromEnergy(kwh, airM3) : null;
  const limits = stationLimits(s.units);
  const stationGrade = limits === null || stationSp === null ? 'unrated' : (limits.find((g) => stationSp <= g.specificPower + 1e-9)?.grade ?? 'below');
  const yuanPerKwh = priced.yuan !== null && priced.kwh > 0 ? priced.yuan / priced.kwh : null;
  const [pressure, leak] = await Promise.all([pressureSummary(s, range), leakOf(s, range, idleFrom, idleTo)]);
  // the leak flow through the hours the air was counted, at the station's kWh per m³ (never more than the station's kWh)
  const leakKwh = leak.flow !== null && ratio.kwhPerM3 !== null && kwh !== null ? Math.min(kwh, leak.flow * 60 * dataH * ratio.kwhPerM3) : null;
  const savingKwh = kwh === null ? null : setpointSavingKwh(kwh, lowerBar);
  return {
    projectId: s.project.id,
    timezone: tz,
    from: range.from,
    to: range.to,
    standard: standardRef(s.standard),
    station: {
      ratedKw: s.units.reduce((a, u) => a + (u.ratedKw ?? 0), 0),
      ratedFlowM3min: s.units.reduce((a, u) => a + (u.ratedFlowM3min ?? 0), 0),
      kwh: r(kwh, 1),
      airM3: r(airM3, 0),
      specificPower: r(stationSp, 3),
      m3PerKwh: r(ratio.m3PerKwh, 3),
      kwhPerM3: r(ratio.kwhPerM3, 4),
      loadingRatePct: pct(loadedH !== null && unloadedH !== null ? loadingRate(loadedH, unloadedH) : null),
      runH: r(runH, 2),
      unloadedH: r(unloadedH, 2),
      gradeLimits: limits,
      grade: stationGrade,
      yuan: r(priced.yuan, 2),
    },
    units,
    pressure,
    leak: {
      idleFromHour: idleFrom,
      idleToHour: idleTo,
      idleH: leak.idleH,
      sharePct: pct(leak.share, 2),
      flowM3min: r(leak.flow, 2),
      rating: leak.share === null ? null : leakRating(leak.share),
      units: leak.units,
      kwh: r(leakKwh, 1),
      yuan: r(leakKwh !== null && yuanPerKwh !== null ? leakKwh * yuanPerKwh : null, 2),
    },
    saving: { lowerBar, kwh: r(savingKwh, 1), yuan: r(savingKwh !== null && yuanPerKwh !== null ? savingKwh * yuanPerKwh : null, 2), pct: r(SAVING_PER_BAR * lowerBar * 100, 2) as number },
  };
}

/** The header pressure against the band over the range (the hourly history instants, finer in the last days). */
async function pressureSummary(s: Station, range: Range): Promise<AirManager['pressure']> {
  const band = bandOf(s.units);
  const device = await s.repo.pressureDevice(s.headers, range.from, range.to);
  if (device === undefined) return { ...band, avgMPa: null, minMPa: null, maxMPa: null, withinPct: null, samples: 0 };
  const x = await s.repo.pressureStats(device, range.from, range.to, band.lowMPa, band.highMPa);
  return { ...band, avgMPa: r(x.avg, 3), minMPa: r(x.min, 3), maxMPa: r(x.max, 3), withinPct: x.within === null || x.n === 0 ? null : pct(x.within / x.n), samples: x.n };
}

/** The set-point band: the lowest load pressure, the highest unload pressure, the VSD's target. */
function bandOf(units: readonly Unit[]): { lowMPa: number | null; highMPa: number | null; targetMPa: number | null } {
  const lows = units.flatMap((u) => (u.loadPressureMPa === null ? [] : [u.loadPressureMPa]));
  const highs = units.flatMap((u) => (u.unloadPressureMPa === null ? [] : [u.unloadPressureMPa]));
  const target = units.find((u) => u.targetPressureMPa !== null)?.targetPressureMPa ?? null;
  return { lowMPa: lows.length ? Math.min(...lows) : null, highMPa: highs.length ? Math.max(...highs) : null, targetMPa: target };
}

/**
 * The leak test over the idle hours (local [idleFrom, idleTo) of every day): each fixed machine's
 * loaded hours, the VSD's full-load-equivalent hours (its air ÷ 60 ÷ rated flow) → stationLeak.
 */
async function leakOf(s: Station, range: Range, idleFrom: number, idleTo: number) {
  const tz = s.project.timezone;
  const until = range.until;
  const ids = s.units.flatMap((u) => [u.id, ...(u.airMeterId === null ? [] : [u.airMeterId])]);
  const offset = constantOffset(tz, range.from, until);
  let sums: { deviceId: number; dataId: number; sum: number; hours: number }[];
  if (offset !== null) sums = await s.repo.idleSums(ids, [LOADED, RUN, AIR], range.from, until, offset, idleFrom * HOUR_MS, idleTo * HOUR_MS);
  else {
    // a zone with DST inside the range: the hours read and picked by their local hour
    const all = await rows(s, 'hour', ids, [LOADED, RUN, AIR], range.from, until);
    const m = new Map<string, { deviceId: number; dataId: number; sum: number; hours: number }>();
    for (const x of all) {
      const h = localParts(x.start, tz).hour;
      if (h < idleFrom || h >= idleTo) continue;
      const k = `${x.deviceId}:${x.dataId}`;
      const e = m.get(k) ?? { deviceId: x.deviceId, dataId: x.dataId, sum: 0, hours: 0 };
      e.sum += x.value ?? 0;
      e.hours += 1;
      m.set(k, e);
    }
    sums = [...m.values()];
  }
  const get = (id: number | null, dataId: number) => sums.find((x) => x.deviceId === id && x.dataId === dataId);
  const idleH = Math.max(0, ...s.units.map((u) => get(u.id, RUN)?.hours ?? 0));
  const units = s.units.map((u) => {
    const loaded = get(u.id, LOADED)?.sum ?? 0;
    const run = get(u.id, RUN)?.sum ?? 0;
    return { id: u.id, name: u.name, loadedH: r(loaded, 2) as number, unloadedH: r(Math.max(0, run - loaded), 2) as number, leakTestPct: pct(loadingRate(loaded, Math.max(0, run - loaded))) };
  });
  const est = stationLeak(
    s.units.map((u) => ({
      loadedH: u.drive === 'vsd' && u.ratedFlowM3min ? (get(u.airMeterId, AIR)?.sum ?? 0) / 60 / u.ratedFlowM3min : (get(u.id, LOADED)?.sum ?? 0),
      ratedFlowM3min: u.ratedFlowM3min ?? 0,
    })),
    idleH,
  );
  return { idleH, share: est?.share ?? null, flow: est?.flowM3min ?? null, units };
}

/** Gas-electric ratio and specific power per bucket, station and machines. */
export async function electricalRatio(ems: Ems, lang: Lang, scope: readonly number[], q: CompressorQuery): Promise<ElectricalRatio> {
  const s = await stationOf(ems, scope, q.projectId);
  const range = rangeOf(lang, s.project.timezone, ems.config.now(), q);
  const ids = s.units.flatMap((u) => [...(u.meterId === null ? [] : [u.meterId]), ...(u.airMeterId === null ? [] : [u.airMeterId])]);
  const ix = index(await rows(s, range.grain, ids, [KWH, AIR], range.from, range.until));
  const buckets = bucketStarts(range, s.project.timezone)
    .filter((b) => b < range.until)
    .map((start) => {
      const e = s.units.map((u) => at(ix, u.meterId, KWH, start));
      const a = s.units.map((u) => at(ix, u.airMeterId, AIR, start));
      const kwh = sumOf(e);
      const airM3 = sumOf(a);
      const ratio = gasElectricRatio(airM3 ?? 0, kwh ?? 0);
      return {
        start,
        kwh: r(kwh, 2),
        airM3: r(airM3, 1),
        m3PerKwh: r(ratio.m3PerKwh, 3),
        kwhPerM3: r(ratio.kwhPerM3, 4),
        specificPower: r(kwh !== null && airM3 !== null ? specificPowerFromEnergy(kwh, airM3) : null, 3),
        unitSpecificPower: s.units.map((_, i) => {
          const ei = e[i] ?? null;
          const ai = a[i] ?? null;
          return r(ei !== null && ai !== null ? specificPowerFromEnergy(ei, ai) : null, 3);
        }),
      };
    });
  return {
    grain: range.grain,
    from: range.from,
    to: range.to,
    units: s.units.map((u) => ({ id: u.id, name: u.name, gradeLimits: u.gradeLimits })),
    stationGradeLimits: stationLimits(s.units),
    buckets,
  };
}

/** Loaded, unloaded and stopped hours per machine and bucket: the load/unload timeline. */
export async function loadingAnalysis(ems: Ems, lang: Lang, scope: readonly number[], q: CompressorQuery): Promise<LoadingAnalysis> {
  const s = await stationOf(ems, scope, q.projectId);
  const range = rangeOf(lang, s.project.timezone, ems.config.now(), q);
  const ix = index(await rows(s, range.grain, s.units.map((u) => u.id), [LOADED, RUN], range.from, range.until));
  const starts = bucketStarts(range, s.project.timezone).filter((b) => b < range.until);
  const ends = starts.map((b, i) => Math.min(starts[i + 1] ?? range.to, range.until));
  const hours = starts.map((b, i) => ((ends[i] as number) - b) / HOUR_MS);
  return {
    grain: range.grain,
    from: range.from,
    to: range.to,
    bucketHours: hours,
    units: s.units.map((u) => {
      const slots = starts.map((start, i) => {
        const lo = at(ix, u.id, LOADED, start);
        const run = at(ix, u.id, RUN, start);
        const unloaded = lo !== null && run !== null ? Math.max(0, run - lo) : null;
        return { start, loadedH: r(lo, 3), unloadedH: r(unloaded, 3), offH: r(run === null ? null : Math.max(0, (hours[i] as number) - run), 3) };
      });
      const loadedH = sumOf(slots.map((x) => x.loadedH));
      const unloadedH = sumOf(slots.map((x) => x.unloadedH));
      return {
        id: u.id,
        name: u.name,
        drive: u.drive,
        loadedH: r(loadedH, 2),
        unloadedH: r(unloadedH, 2),
        loadingRatePct: pct(loadedH !== null && unloadedH !== null ? loadingRate(loadedH, unloadedH) : null),
        slots,
      };
    }),
  };
}

/**
 * Unloaded hours per machine and what they cost: the unloaded power is recovered from the buckets
 * (kWh = P_load·T + P_unload·t, loadUnloadPower), priced at the station's mean price over the range.
 */
export async function unloadingRate(ems: Ems, lang: Lang, scope: readonly number[], q: CompressorQuery): Promise<UnloadingRate> {
  const s = await stationOf(ems, scope, q.projectId);
  const range = rangeOf(lang, s.project.timezone, ems.config.now(), q);
  const ids = s.units.flatMap((u) => [u.id, ...(u.meterId === null ? [] : [u.meterId])]);
  const grain = range.grain === 'month' ? 'day' : range.grain;
  const [ix, priced] = await Promise.all([rows(s, grain, ids, [LOADED, RUN, KWH], range.from, range.until).then(index), pricedKwh(ems, s, range.from, range.until)]);
  const yuanPerKwh = priced.yuan !== null && priced.kwh > 0 ? priced.yuan / priced.kwh : null;
  return {
    from: range.from,
    to: range.to,
    units: s.units.map((u) => {
      const lo = ix.get(`${u.id}:${LOADED}`) ?? new Map<number, number | null>();
      const buckets = [...lo].flatMap(([t, l]) => {
        const run = at(ix, u.id, RUN, t);
        const kwh = at(ix, u.meterId, KWH, t);
        return l === null || run === null || kwh === null ? [] : [{ kwh, loadedH: l, unloadedH: Math.max(0, run - l) }];
      });
      const runH = sumOf(buckets.map((b) => b.loadedH + b.unloadedH));
      const unloadedH = sumOf(buckets.map((b) => b.unloadedH));
      const p = loadUnloadPower(buckets);
      const unloadedKwh = p !== null && unloadedH !== null ? Math.max(0, p.unloadedKw) * unloadedH : null;
      return {
        id: u.id,
        name: u.name,
        drive: u.drive,
        runH: r(runH, 2),
        unloadedH: r(unloadedH, 2),
        unloadingRatePct: pct(runH !== null && runH > 0 && unloadedH !== null ? unloadedH / runH : null),
        unloadedKwh: r(unloadedKwh, 1),
        unloadedYuan: r(unloadedKwh !== null && yuanPerKwh !== null ? unloadedKwh * yuanPerKwh : null, 2),
      };
    }),
  };
}

/** The header pressure's mean, min and max per step with the set-point band. */
export async function pressureTrend(ems: Ems, lang: Lang, scope: readonly number[], q: CompressorQuery): Promise<PressureTrend> {
  const s = await stationOf(ems, scope, q.projectId);
  const range = rangeOf(lang, s.project.timezone, ems.config.now(), q);
  const days = (range.to - range.from) / DAY_MS;
  const stepMs = days <= 2.1 ? 900_000 : days <= 8.1 ? HOUR_MS : days <= 62.1 ? 6 * HOUR_MS : DAY_MS;
  const device = await s.repo.pressureDevice(s.headers, range.from, range.to);
  const points = device === undefined ? [] : await s.repo.pressureTrend(device, range.from, range.to, stepMs);
  return { from: range.from, to: range.to, stepMs, ...bandOf(s.units), points: points.map((p) => ({ t: p.t, avg: r(p.avg, 4) as number, min: p.min, max: p.max })) };
}

