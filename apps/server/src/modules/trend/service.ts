import { TREND_DATA_TYPE, TREND_MAX_RANGE_MS, TREND_MAX_ROWS_PER_LINE, TREND_ROLLUP_INTERVALS, type TrendQueryBody, type TrendSeriesReply } from '@ems/contract';
import { minMaxDownsample, targetPointCount, zonedStart, type TimeValue } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import { ErrorCode } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { meterAttrs } from '../timeseries/service.js';
import { trendRepository, type LineRange, type TimeRow } from './repository.js';
import { cellsOf, PYRAMID_CELL_MS } from '../timeseries/pyramid.js';
import { alignedGrid, BucketExtremes, firstOf, lastOf, type AlignedGrid } from './pyramid-line.js';

/** 400 naming the field. */
export const bad = (field: string, detail: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, detail]);

const DATA_TYPE_NAMES: Record<number, [string, string]> = {
  [TREND_DATA_TYPE.raw]: ['原始值', 'raw'],
  [TREND_DATA_TYPE.average]: ['平均值', 'average'],
  [TREND_DATA_TYPE.consumption]: ['用量', 'consumption'],
  [TREND_DATA_TYPE.max]: ['最大值', 'maximum'],
};

/**
 * 'YYYY-MM-DD HH:mm:ss' as wall-clock time in the zone → ms; null when the fields are not a real
 * date and time (2025-02-30, 24:00:00). A wall-clock time skipped by DST resolves forward.
 */
export function parseLocalDateTime(text: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1970 || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return zonedStart(y, mo, d, timeZone, h) + (mi * 60 + s) * 1000;
}

/** Lines of a trend call read at once on PostgreSQL (each on a connection of the pool). */
export const PG_LINES_AT_ONCE = 2;

type Plan = { kind: 'raw' } | { kind: 'avg' | 'max'; stepMs: number } | { kind: 'rollup'; table: 'rollup_15m' | 'rollup_hour' | 'rollup_day' } | { kind: 'delta'; stepMs: number };

function planOf(kindOfPoint: string, interval: number): Plan {
  if (interval === 0) return { kind: 'raw' };
  const stepMs = interval * 1000;
  if (kindOfPoint === 'counter') {
    const table = TREND_ROLLUP_INTERVALS[interval as keyof typeof TREND_ROLLUP_INTERVALS];
    return table ? { kind: 'rollup', table } : { kind: 'delta', stepMs };
  }
  return { kind: kindOfPoint === 'status' ? 'max' : 'avg', stepMs };
}

const dataTypeOf = (p: Plan) =>
  p.kind === 'raw' ? TREND_DATA_TYPE.raw : p.kind === 'avg' ? TREND_DATA_TYPE.average : p.kind === 'max' ? TREND_DATA_TYPE.max : TREND_DATA_TYPE.consumption;

/**
 * minMaxDownsample straight on the rows of a line without a gap between its ends (every raw,
 * average or maximum line): the same points — first, last, per time bucket its earliest lowest
 * and earliest highest point, in time order — without a [time, value] copy of the line (a year of
 * 15-min readings is 35,000 rows a line). null when an inner point is null (minMaxDownsample then
 * reserves room for the breaks). trend.test.ts holds the two equal on random lines.
 */
function minMaxRows(rows: readonly TimeRow[], pixelWidth: number): TimeRow[] | null {
  const n = rows.length;
  for (let i = 1; i < n - 1; i++) if ((rows[i] as TimeRow).v === null) return null;
  const budget = targetPointCount(pixelWidth) - 2;
  const buckets = Math.max(1, Math.floor(budget / 2));
  const perBucket = Math.floor(budget / buckets);
  const first = rows[0] as TimeRow;
  const last = rows[n - 1] as TimeRow;
  const t0 = first.t;
  const span = last.t - t0 || 1;
  const lows = new Int32Array(buckets).fill(-1);
  const highs = new Int32Array(buckets).fill(-1);
  for (let i = 1; i < n - 1; i++) {
    const r = rows[i] as TimeRow;
    const b = Math.min(buckets - 1, Math.max(0, Math.floor(((r.t - t0) / span) * buckets)));
    const v = r.v as number;
    const lo = lows[b] as number;
    const hi = highs[b] as number;
    if (lo < 0 || v < ((rows[lo] as TimeRow).v as number)) lows[b] = i;
    if (hi < 0 || v > ((rows[hi] as TimeRow).v as number)) highs[b] = i;
  }
  const picked: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const hi = highs[b] as number;
    const lo = lows[b] as number;
    if (hi < 0) continue;
    // the maximum first when a bucket holds only one point (charts a pixel or two wide)
    picked.push(hi);
    if (lo !== hi && perBucket >= 2) picked.push(lo);
  }
  picked.sort((a, b) => a - b);
  const out: TimeRow[] = [first];
  for (const i of picked) out.push(rows[i] as TimeRow);
  out.push(last);
  return out;
}

/** The last index of the ascending `rows` whose time is ≤ t (-1 when none). */
function lastAtOrBefore(rows: readonly TimeRow[], t: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid] as TimeRow).t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * min/max downsampling of a line to 2 points a pixel (minMaxDownsample); statuses follow their
 * points (times are unique and ascending in every plan: a point's status is found by binary
 * search, no map of the whole line). A line already small enough is returned as it is.
 */
export function downsampleLine(rows: TimeRow[], pixelWidth: number | undefined): TimeRow[] {
  if (!pixelWidth || rows.length <= targetPointCount(pixelWidth)) return rows;
  const direct = minMaxRows(rows, pixelWidth);
  if (direct) return direct;
  return minMaxDownsample(
    rows.map((r): TimeValue => [r.t, r.v]),
    pixelWidth,
  ).map(([t, v]) => {
    const i = lastAtOrBefore(rows, t);
    return { t, v, s: i >= 0 && (rows[i] as TimeRow).t === t ? (rows[i] as TimeRow).s : 0 };
  });
}

/** Readings per read of a raw line on SQLite: a read is synchronous there, 5,000 rows a few ms. */
const RAW_PAGE = 5000;

/**
 * repo.raw (at most cap + 1 rows) read `page` rows at a time, with a turn of the event loop between reads.
 * PostgreSQL reads the line at once (page cap + 1): its driver hands the rows on as they arrive, the loop
 * turning meanwhile, and each page would read again the day rows of the rest of the range (issue 16).
 */
async function rawInPages(repo: ReturnType<typeof trendRepository>, q: LineRange, cap: number, page: number): Promise<TimeRow[]> {
  const out: TimeRow[] = [];
  for (let from = q.from; out.length < cap + 1; ) {
    if (out.length > 0) await new Promise<void>((r) => setImmediate(r));
    const n = Math.min(page, cap + 1 - out.length);
    const rows = await repo.raw({ ...q, from }, n - 1);
    for (const r of rows) out.push(r);
    if (rows.length < n) break;
    from = (rows[rows.length - 1] as TimeRow).t + 1;
  }
  return out;
}

/**
 * A long raw line from the readings pyramid (issue 16): per aligned bucket the extreme cells the store
 * picks among the hour cells wholly inside the range, and at an end that cuts a cell, that part's own
 * readings folded in; the first and the last reading of the range.
 */
export async function pyramidLine(repo: ReturnType<typeof trendRepository>, q: LineRange, grid: AlignedGrid): Promise<TimeRow[]> {
  const inner = { ...q, from: Math.ceil(q.from / PYRAMID_CELL_MS) * PYRAMID_CELL_MS, to: Math.floor(q.to / PYRAMID_CELL_MS) * PYRAMID_CELL_MS };
  const edge = async (from: number, to: number) =>
    from < to ? cellsOf((await repo.raw({ ...q, from, to }, TREND_MAX_ROWS_PER_LINE)).map((r) => ({ deviceId: q.deviceId, dataId: q.dataId, ts: r.t, value: r.v as number, status: r.s }))) : [];
  const none = Promise.resolve(undefined);
  const hasInner = inner.from < inner.to;
  const [head, tail, lows, highs, first, last] = await Promise.all([
    edge(q.from, Math.min(inner.from, q.to)),
    edge(Math.max(inner.to, q.from), q.to),
    hasInner ? repo.cellExtremes(inner, grid.origin, grid.width, 'low') : [],
    hasInner ? repo.cellExtremes(inner, grid.origin, grid.width, 'high') : [],
    hasInner ? repo.endCell(inner, 'first') : none,
    hasInner ? repo.endCell(inner, 'last') : none,
  ]);
  const ext = new BucketExtremes(grid).cells(head).cells(tail);
  for (const p of lows) ext.low(p);
  for (const p of highs) ext.high(p);
  const firstPoint = head[0] ? firstOf(head[0]) : first ?? (tail[0] ? firstOf(tail[0]) : undefined);
  const lastPoint = tail[0] ? lastOf(tail[0]) : last ?? (head[0] ? lastOf(head[0]) : undefined);
  return firstPoint && lastPoint ? ext.line(firstPoint, lastPoint) : [];
}

/**
 * The trend data (spec section 3): one line per meter config, in order. Every device must be a node
 * of the scope's projects (else 404 'no operation permission'); start and end are read in the
 * timezone of the first device's project. Instantaneous points: raw readings or interval averages
 * (status points: interval maximum); counters: raw register values, or interval consumption from
 * the rollups (900/3600/86400 s, day on the project's calendar) or from the readings (any other
 * interval, register units × CT×PT). Intervals align to local midnight of the start day. The request
 * is checked at once (a refusal before any line); the lines come one at a time as they are read.
 */
export async function trendLines(ems: Ems, lang: Lang, scope: readonly number[], body: TrendQueryBody): Promise<AsyncGenerator<TrendSeriesReply[]>> {
  const repo = trendRepository(ems.db, ems.kind);
  const ids = [...new Set(body.meterConfigs.map((c) => c.deviceId))];
  const devices = new Map((await repo.devices(ids, scope)).map((d) => [Number(d.id), d]));
  if (ids.some((id) => !devices.has(id))) throw noPermission();
  const catalogue = new Map((await repo.catalogue()).map((d) => [Number(d.data_id), d]));
  body.meterConfigs.forEach((c, i) => {
    if (!catalogue.has(c.dataId)) throw bad(`meterConfigs.${i}.dataId`, `unknown data point ${c.dataId}`);
  });
  const first = devices.get(body.meterConfigs[0]?.deviceId ?? -1);
  const timeZone = first?.timezone || 'Asia/Shanghai';
  const from = parseLocalDateTime(body.startTime, timeZone);
  if (from === null) throw bad('startTime', 'not a valid date and time');
  const to = parseLocalDateTime(body.endTime, timeZone);
  if (to === null) throw bad('endTime', 'not a valid date and time');
  if (to <= from) throw bad('endTime', 'must be after startTime');
  if (to - from > TREND_MAX_RANGE_MS) throw bad('endTime', 'the range is longer than 400 days');
  const [y, m, d] = body.startTime.slice(0, 10).split('-').map(Number) as [number, number, number];
  const origin = zonedStart(y, m, d, timeZone);
  const cap = TREND_MAX_ROWS_PER_LINE;

  const lineOf = async (c: TrendQueryBody['meterConfigs'][number]): Promise<TrendSeriesReply> => {
    const device = devices.get(c.deviceId)!;
    const point = catalogue.get(c.dataId)!;
    const plan = planOf(point.kind, body.interval);
    const q: LineRange = { deviceId: c.deviceId, dataId: c.dataId, from, to };
    let rows: TimeRow[];
    let truncated = false;
    switch (plan.kind) {
      case 'raw': {
        // a long range drawn narrow: from the readings pyramid, every reading of the range counted (nothing truncated)
        const grid = alignedGrid(from, to, body.pixelWidth);
        if (grid) {
          rows = await pyramidLine(repo, q, grid);
          break;
        }
        rows = await rawInPages(repo, q, cap, ems.kind === 'postgres' ? cap + 1 : RAW_PAGE);
        truncated = rows.length > cap;
        if (truncated) rows = rows.slice(0, cap);
        break;
      }
      case 'avg':
      case 'max':
        [rows, truncated] = await Promise.all([repo.aggregated(q, origin, plan.stepMs, plan.kind, cap), repo.exceeds(q, cap)]);
        break;
      case 'rollup':
        rows = await repo.rollups(plan.table, q, cap);
        break;
      case 'delta': {
        const k = meterAttrs(device.attrs).multiplier;
        [rows, truncated] = await Promise.all([repo.counterDeltas(q, origin, plan.stepMs, cap), repo.exceeds(q, cap)]);
        // a drop is unexplained here (rollover and resets are the rollups' business): no value, suspect
        rows = rows.map((r) => (r.v !== null && r.v < 0 ? { ...r, v: null, s: 3 } : { ...r, v: r.v === null ? null : r.v * k }));
        break;
      }
    }
    const dataTypeId = dataTypeOf(plan);
    const names = DATA_TYPE_NAMES[dataTypeId] ?? ['', ''];
    const line: TrendSeriesReply = {
      deviceId: c.deviceId,
      dataId: c.dataId,
      dataTypeId: c.dataTypeId ?? 1,
      logicalId: c.logicalId ?? 1,
      param: {
        deviceName: device.name,
        dataName: lang === 'en' ? point.name_en : point.name_zh,
        dataTypeName: lang === 'en' ? names[1] : names[0],
        unit: point.unit,
        upperLimit: point.upper_limit === null ? null : Number(point.upper_limit),
        lowerLimit: point.lower_limit === null ? null : Number(point.lower_limit),
      },
      data: (plan.kind === 'raw' && alignedGrid(from, to, body.pixelWidth) ? rows : downsampleLine(rows, body.pixelWidth)).map((r) => ({ time: r.t, value: r.v, status: r.s })),
    };
    if (truncated) line.truncated = true;
    return line;
  };
  // line after line, with a turn of the event loop between them: 16 lines read at once held it for
  // seconds; and each is handed on as it is made, so a reply is written without holding every line (issue 12).
  // On PostgreSQL the next line is read meanwhile on another connection of the pool (PG_LINES_AT_ONCE lines at once):
  // the server works on two lines while this process serialises; SQLite has one connection
  const ahead = ems.kind === 'postgres' ? PG_LINES_AT_ONCE : 1;
  async function* lines(): AsyncGenerator<TrendSeriesReply[]> {
    const configs = body.meterConfigs;
    const pending: Promise<TrendSeriesReply>[] = [];
    let next = 0;
    for (let i = 0; i < configs.length; i++) {
      if (i > 0) await new Promise<void>((r) => setImmediate(r));
      while (pending.length < ahead && next < configs.length) {
        const line = lineOf(configs[next++]!);
        // a line read ahead whose reply is abandoned (an earlier line failed) rejects unobserved
        line.catch(() => undefined);
        pending.push(line);
      }
      yield [await pending.shift()!];
    }
  }
  return lines();
}

/** trendLines, every line in one list. */
export async function trendData(ems: Ems, lang: Lang, scope: readonly number[], body: TrendQueryBody): Promise<TrendSeriesReply[]> {
  const out: TrendSeriesReply[] = [];
  for await (const batch of await trendLines(ems, lang, scope, body)) out.push(...batch);
  return out;
}
