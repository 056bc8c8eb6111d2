import { bucketEnd, bucketStart, toIntervals, type CounterParams, type Grain } from '@ems/domain';
import { INGEST_REASON, type IngestResult, type RollupGrain, type RollupRow } from '@ems/contract';
import type { Ems } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { attrsOf, numOrNull } from '../common/attrs.js';
import { retentionAcceptFrom } from './retention.js';
import { timeseriesRepository, type IntervalRow, type ReadingRow, type SeriesPlan, type TouchedSeries, type WindowReading, type WindowReset } from './repository.js';

/** A reading handed to the write path: ts in ms, status 0..4 (default 0). */
export interface ReadingInput {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number;
  status?: number;
}

/** Meter parameters read from a node's attrs JSON; missing or malformed attrs give the defaults. */
export interface MeterAttrs {
  multiplier: number;
  registerMax: number | null;
  ratedKw: number | null;
  energyType: number | null;
}


/** attrs: ctPt (multiplier, default 1), registerMax, ratedKw, energyType; tolerant of anything missing. */
export function meterAttrs(attrsJson: string | undefined): MeterAttrs {
  const a = attrsOf(attrsJson);
  const ct = numOrNull(a.ctPt);
  const max = numOrNull(a.registerMax);
  const rated = numOrNull(a.ratedKw);
  return {
    multiplier: ct !== null && ct > 0 ? ct : 1,
    registerMax: max !== null && max > 0 ? max : null,
    ratedKw: rated !== null && rated > 0 ? rated : null,
    energyType: numOrNull(a.energyType),
  };
}

/** Catalogue and project timezone, cached a few seconds per store (both change rarely). */
const contexts = new WeakMap<Ems['db'], Map<number, { at: number; timeZone: string; catalogue: Map<number, string> }>>();
const CONTEXT_TTL_MS = 5000;

async function batchContext(ems: Ems, projectId: number) {
  let perDb = contexts.get(ems.db);
  if (!perDb) contexts.set(ems.db, (perDb = new Map()));
  const hit = perDb.get(projectId);
  const now = Date.now();
  if (hit && now - hit.at < CONTEXT_TTL_MS) return hit;
  const repo = timeseriesRepository(ems);
  const timeZone = await repo.projectTimezone(projectId);
  if (timeZone === undefined) throw notFound();
  const catalogue = new Map((await repo.catalogue()).map((d) => [Number(d.data_id), d.kind]));
  const ctx = { at: now, timeZone, catalogue };
  perDb.set(projectId, ctx);
  return ctx;
}

/**
 * The devices of a message that are nodes of the project, with their attrs: a node found is
 * remembered for the same few seconds as the catalogue (the write path asks for the same meters
 * with every message); an id not found is asked again every time, so a new meter is accepted at once.
 */
const knownDevices = new WeakMap<Ems['db'], Map<number, Map<number, { attrs: string; at: number }>>>();

async function projectDevices(ems: Ems, projectId: number, ids: number[]): Promise<Map<number, string>> {
  let perDb = knownDevices.get(ems.db);
  if (!perDb) knownDevices.set(ems.db, (perDb = new Map()));
  let known = perDb.get(projectId);
  if (!known || known.size > 100_000) perDb.set(projectId, (known = new Map()));
  const now = Date.now();
  const out = new Map<number, string>();
  const ask: number[] = [];
  for (const id of ids) {
    const hit = known.get(id);
    if (hit && now - hit.at < CONTEXT_TTL_MS) out.set(id, hit.attrs);
    else ask.push(id);
  }
  if (ask.length > 0) {
    for (const id of ask) known.delete(id);
    for (const [id, attrs] of await timeseriesRepository(ems).projectDevices(projectId, ask)) {
      known.set(id, { attrs, at: now });
      out.set(id, attrs);
    }
  }
  return out;
}

/** Readings more than this ahead of the server clock are refused. */
const MAX_FUTURE_MS = 3_600_000;
/** Readings before 2000-01-01 are refused. */
const MIN_TS = Date.UTC(2000, 0, 1);

interface SeriesInfo extends TouchedSeries {
  params: CounterParams;
}

/** Bucket lookups per timezone, memoised (Intl is the hot spot of the write path); bounded. */
const calendars = new Map<string, { hour: Map<number, number>; day: Map<number, [number, number]>; month: Map<number, [number, number]> }>();

function calendar(timeZone: string) {
  let c = calendars.get(timeZone);
  if (!c || c.hour.size > 100_000) {
    c = { hour: new Map(), day: new Map(), month: new Map() };
    calendars.set(timeZone, c);
  }
  return c;
}

/** The buckets of each coarser grain that contain the intervals, [start, end). */
function bucketsOf(intervals: IntervalRow[], timeZone: string): Pick<SeriesPlan, 'hour' | 'day' | 'month'> {
  const cal = calendar(timeZone);
  const hours = new Map<number, number>();
  const days = new Map<number, number>();
  const months = new Map<number, number>();
  for (const iv of intervals) {
    let h = cal.hour.get(iv.start);
    if (h === undefined) {
      h = bucketStart(iv.start, 'hour', timeZone);
      cal.hour.set(iv.start, h);
    }
    if (hours.has(h)) continue;
    hours.set(h, h + 3_600_000);
    let d = cal.day.get(h);
    if (!d) {
      const ds = bucketStart(h, 'day', timeZone);
      d = [ds, bucketEnd(ds, 'day', timeZone)];
      cal.day.set(h, d);
    }
    if (days.has(d[0])) continue;
    days.set(d[0], d[1]);
    let m = cal.month.get(d[0]);
    if (!m) {
      const ms = bucketStart(d[0], 'month', timeZone);
      m = [ms, bucketEnd(ms, 'month', timeZone)];
      cal.month.set(d[0], m);
    }
    months.set(m[0], m[1]);
  }
  const list = (m: Map<number, number>) => [...m.entries()].sort((a, b) => a[0] - b[0]);
  return { hour: list(hours), day: list(days), month: list(months) };
}

function planner(series: Map<string, SeriesInfo>, timeZone: string) {
  return (s: TouchedSeries, window: WindowReading[], resets: WindowReset[]): SeriesPlan => {
    const info = series.get(`${s.deviceId}:${s.dataId}`);
    const params = info?.params ?? {};
    const intervals = toIntervals(window, resets.length > 0 ? { ...params, resets } : params);
    return { intervals, ...bucketsOf(intervals, timeZone) };
  };
}

/**
 * The write path: validates the readings against the project (device is a node of the project,
 * data point in the catalogue, ts sane and not before the retention cutoff, value finite), upserts them (a repeated reading
 * overwrites; in a batch the last duplicate wins) and recomputes the 15-min intervals of every
 * touched counter series from the reading before its earliest touched ts to the one after its
 * latest, then the hour/day/month buckets (project timezone) containing them — one transaction.
 * Instantaneous and status points are stored only.
 */
export async function writeBatch(ems: Ems, projectId: number, readings: readonly ReadingInput[]): Promise<IngestResult> {
  const repo = timeseriesRepository(ems);
  const { timeZone, catalogue } = await batchContext(ems, projectId);
  const ids = [...new Set(readings.map((r) => r.deviceId).filter((id) => Number.isSafeInteger(id) && id > 0))];
  const devices = await projectDevices(ems, projectId, ids);
  const now = ems.config.now();
  const acceptFrom = retentionAcceptFrom(ems.config, now) ?? MIN_TS;
  const errors: { index: number; reason: string }[] = [];
  let accepted: ReadingRow[] = [];
  // per device and data point: the latest ts accepted so far (numbers, no key strings: 1,000 readings a write)
  const latest = new Map<number, Map<number, number>>();
  let repeated = false;
  const series = new Map<string, SeriesInfo>();
  for (let index = 0; index < readings.length; index++) {
    const r = readings[index] as ReadingInput;
    const status = r.status ?? 0;
    let reason: string | undefined;
    if (!Number.isSafeInteger(r.ts) || r.ts < MIN_TS) reason = INGEST_REASON.badTime;
    else if (r.ts > now + MAX_FUTURE_MS) reason = INGEST_REASON.futureTime;
    else if (r.ts < acceptFrom) reason = INGEST_REASON.beyondRetention;
    else if (!devices.has(r.deviceId)) reason = INGEST_REASON.unknownDevice;
    else if (!catalogue.has(r.dataId)) reason = INGEST_REASON.unknownDataPoint;
    else if (!Number.isFinite(r.value) || Math.abs(r.value) > 1e15) reason = INGEST_REASON.badValue;
    else if (!Number.isInteger(status) || status < 0 || status > 4) reason = INGEST_REASON.invalidReading;
    if (reason) {
      errors.push({ index, reason });
      continue;
    }
    accepted.push({ deviceId: r.deviceId, dataId: r.dataId, ts: r.ts, value: r.value, status });
    let points = latest.get(r.deviceId);
    if (!points) latest.set(r.deviceId, (points = new Map()));
    const last = points.get(r.dataId);
    // a ts at or before one of the same series in this write may repeat it: checked after the loop
    if (last === undefined || r.ts > last) points.set(r.dataId, r.ts);
    else repeated = true;
    if (catalogue.get(r.dataId) !== 'counter') continue;
    const sk = `${r.deviceId}:${r.dataId}`;
    if (last !== undefined) {
      const s = series.get(sk) as SeriesInfo;
      s.minTs = Math.min(s.minTs, r.ts);
      s.maxTs = Math.max(s.maxTs, r.ts);
    } else {
      const a = meterAttrs(devices.get(r.deviceId));
      series.set(sk, { deviceId: r.deviceId, dataId: r.dataId, minTs: r.ts, maxTs: r.ts, params: { multiplier: a.multiplier, registerMax: a.registerMax, ratedKw: a.ratedKw } });
    }
  }
  if (repeated) {
    // the last of several readings of one ts wins, in the place of the last (as if written one by one)
    const rows = new Map<string, ReadingRow>();
    for (const r of accepted) {
      const key = `${r.deviceId}:${r.dataId}:${r.ts}`;
      rows.delete(key);
      rows.set(key, r);
    }
    accepted = [...rows.values()];
  }
  if (accepted.length > 0) {
    await repo.write(accepted, [...series.values()], planner(series, timeZone));
    for (const listener of ems.readingListeners) listener(projectId, accepted);
  }
  return { accepted: readings.length - errors.length, rejected: errors.length, errors };
}

/**
 * Declares a meter replacement (or register reset) at ts: the old meter's closing total and the new
 * one's opening total. The rollups around it are recomputed.
 */
export async function declareReset(ems: Ems, projectId: number, r: { deviceId: number; dataId: number; ts: number; closing: number; opening: number }): Promise<void> {
  const repo = timeseriesRepository(ems);
  const timeZone = await repo.projectTimezone(projectId);
  const devices = await repo.projectDevices(projectId, [r.deviceId]);
  if (timeZone === undefined || !devices.has(r.deviceId)) throw notFound();
  // its rollup window would reach readings the retention deleted (retention.ts)
  if (r.ts < (retentionAcceptFrom(ems.config, ems.config.now()) ?? r.ts)) throw badRequest();
  await repo.upsertReset(r);
  const a = meterAttrs(devices.get(r.deviceId));
  const s: SeriesInfo = { deviceId: r.deviceId, dataId: r.dataId, minTs: r.ts, maxTs: r.ts, params: { multiplier: a.multiplier, registerMax: a.registerMax, ratedKw: a.ratedKw } };
  await repo.write([], [s], planner(new Map([[`${r.deviceId}:${r.dataId}`, s]]), timeZone));
}

const TABLE: Record<RollupGrain, 'rollup_15m' | 'rollup_hour' | 'rollup_day' | 'rollup_month'> = {
  '15m': 'rollup_15m',
  hour: 'rollup_hour',
  day: 'rollup_day',
  month: 'rollup_month',
};

/** Rows one read of the rollups returns at most: a read is synchronous on SQLite (2,000 rows: a few ms). */
const ROWS_PER_READ = 2000;
/** Work between two turns of the event loop, ms. */
const SLICE_MS = 5;

/** A stored rollup row as the API answers it. */
export const rollupRowOf = (r: Awaited<ReturnType<ReturnType<typeof timeseriesRepository>['rollups']>>[number]): RollupRow => ({
  deviceId: Number(r.device_id),
  dataId: Number(r.data_id),
  bucketStart: Number(r.bucket_start),
  value: r.value === null ? null : Number(r.value),
  quality: Number(r.quality),
  nIntervals: Number(r.n_intervals),
  nGood: Number(r.n_good),
});

/**
 * Rollup rows of devices of the project for a data point and grain, bucket_start in [from, to), by
 * device then bucket, as the reads return them: device by device, at most ROWS_PER_READ rows a read,
 * with a turn of the event loop whenever SLICE_MS of work has passed, so a long read never blocks the
 * server, and a reply can be written a read at a time without holding every row (issue 12).
 */
export async function* rollupReads(ems: Ems, projectId: number, q: { deviceIds: number[]; dataId: number; grain: Grain; from: number; to: number }): AsyncGenerator<RollupRow[]> {
  const repo = timeseriesRepository(ems);
  const devices = [...(await repo.projectDevices(projectId, q.deviceIds)).keys()].sort((a, b) => a - b);
  let slice = performance.now();
  for (const device of devices) {
    for (let from = q.from; from < q.to; ) {
      if (performance.now() - slice > SLICE_MS) {
        await new Promise<void>((r) => setImmediate(r));
        slice = performance.now();
      }
      const rows = await repo.rollups(TABLE[q.grain], [device], q.dataId, from, q.to, ROWS_PER_READ);
      yield rows.map(rollupRowOf);
      if (rows.length < ROWS_PER_READ) break;
      from = Number(rows[rows.length - 1]?.bucket_start) + 1;
    }
  }
}

/** rollupReads, every row in one list. */
export async function readRollups(ems: Ems, projectId: number, q: { deviceIds: number[]; dataId: number; grain: Grain; from: number; to: number }): Promise<RollupRow[]> {
  const out: RollupRow[] = [];
  for await (const rows of rollupReads(ems, projectId, q)) for (const r of rows) out.push(r);
  return out;
}
