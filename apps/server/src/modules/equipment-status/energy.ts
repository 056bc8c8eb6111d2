import { DATA_ID, STATE_ENERGY_MAX_RANGE_MS, type StateEnergy, type StateEnergyQuery, type StateFigures } from '@ems/contract';
import { addIntervals, bucketEnd, bucketStart, emptyTotals, stateOf, touPricer, wasteCost, type EquipmentState, type StateDefinition, type StateInterval, type StateTotals, type TouVersion } from '@ems/domain';
import type { Ems } from '../../context.js';
import { ApiError, noPermission } from '../../lib/errors.js';
import { ErrorCode } from '@ems/contract';
import type { Lang } from '../../lib/i18n.js';
import { READ_DAYS, readInPieces, slicer } from '../../lib/work-slices.js';
import { projectScheme } from '../cost/service.js';
import { equipmentStatusRepository, type EquipmentStatusRepository, type IntervalValue, type SchemeRow } from './repository.js';
import { projectIn, schemeRow } from './service.js';

const Q = 900_000;
const DAY_MS = 86_400_000;
const KWH = DATA_ID.activeEnergyImport;
const POWER = DATA_ID.activePower;

const invalid = (lang: Lang, field: string, zh: string, en: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, lang === 'en' ? en : zh]);

/** The range: local day starts of startTime and the day after endTime; read up to now, on the 15-min grid. */
export function rangeOf(lang: Lang, timezone: string, now: number, q: { startTime: number; endTime: number }) {
  if (q.endTime < q.startTime) throw invalid(lang, 'endTime', '结束时间早于开始时间', 'ends before it starts');
  if (q.endTime - q.startTime > STATE_ENERGY_MAX_RANGE_MS) throw invalid(lang, 'endTime', '时间跨度超过400天', 'the range is longer than 400 days');
  const from = bucketStart(q.startTime, 'day', timezone);
  const to = bucketEnd(bucketStart(q.endTime, 'day', timezone), 'day', timezone);
  const until = Math.max(from, Math.min(to, Math.floor(now / Q) * Q));
  const bucket: StateEnergy['bucket'] = to - from <= 2 * DAY_MS ? 'hour' : to - from <= 92 * DAY_MS ? 'day' : 'month';
  return { from, to, until, bucket };
}

/** deviceId → dataId → interval start → value (kWh of the interval for the counter, else the mean). */
type Series = Map<number, Map<number, Map<number, number | null>>>;

/**
 * The 15-min values the programme needs in [from, until): the classified devices' kWh (rollup_15m,
 * also giving active power as kWh × 4) and the means of other instantaneous points where readings
 * exist, read half a month at a time.
 */
async function readSeries(repo: EquipmentStatusRepository, devices: SchemeRow['devices'], from: number, until: number): Promise<Series> {
  const kwhIds = new Set(devices.map((d) => d.deviceId));
  const instants = new Map<number, Set<number>>();
  for (const d of devices)
    for (const e of d.expressions)
      for (const c of e.conditions) {
        if (c.dataId === POWER) kwhIds.add(c.deviceId);
        else instants.set(c.dataId, (instants.get(c.dataId) ?? new Set()).add(c.deviceId));
      }
  const reads: (() => Promise<IntervalValue[]>)[] = [];
  for (let a = from; a < until; a += READ_DAYS * DAY_MS) {
    const b = Math.min(until, a + READ_DAYS * DAY_MS);
    reads.push(() => repo.consumption([...kwhIds], KWH, a, b));
    for (const [dataId, ids] of instants) reads.push(() => repo.instantMeans([...ids], dataId, a, b));
  }
  const series: Series = new Map();
  for (const r of await readInPieces(reads)) {
    let byData = series.get(r.deviceId);
    if (!byData) series.set(r.deviceId, (byData = new Map()));
    let m = byData.get(r.dataId);
    if (!m) byData.set(r.dataId, (m = new Map()));
    m.set(r.start, r.value);
  }
  return series;
}

const definitionOf = (d: SchemeRow['devices'][number]): StateDefinition =>
  Object.fromEntries(d.expressions.map((e) => [e.state as EquipmentState, { combinator: e.combinator, conditions: e.conditions }]));

const figures = (t: StateTotals, w: { kwh: number; yuan: number; unpricedKwh: number }): StateFigures => ({
  hours: { ...t.hours },
  kwh: { ...t.kwh },
  meteredKwh: t.kwh.running + t.kwh.standby + t.kwh.stopped + t.kwh.unknown,
  wasteKwh: w.kwh,
  wasteYuan: w.yuan,
  unpricedKwh: w.unpricedKwh,
});

function addTotals(into: StateTotals, t: StateTotals) {
  for (const s of ['running', 'standby', 'stopped', 'unknown'] as const) {
    into.hours[s] += t.hours[s];
    into.kwh[s] += t.kwh[s];
  }
}

/**
 * Energy and hours per state of the chosen devices of a programme over a range (DOMAIN §10: the idle
 * waste): each device's 15-min intervals are classified (packages/domain stateOf), their hours and
 * metered kWh summed per state, per device and per bucket, and the kWh on standby or stopped priced
 * at the project's time-of-use tariff.
 */
export async function stateEnergy(ems: Ems, lang: Lang, scope: readonly number[], q: StateEnergyQuery): Promise<StateEnergy> {
  const project = await projectIn(ems, scope, q.projectId);
  const scheme = await schemeRow(ems, scope, q.schemeId);
  if (scheme.projectId !== project.id) throw noPermission();
  const wanted = q.deviceIds ? new Set(q.deviceIds) : null;
  const missing = q.deviceIds?.find((id) => !scheme.devices.some((d) => d.deviceId === id));
  if (missing !== undefined) throw invalid(lang, 'deviceIds', `设备 ${missing} 不在该方案中`, `device ${missing} is not in the programme`);
  const devices = scheme.devices.filter((d) => wanted === null || wanted.has(d.deviceId));
  const range = rangeOf(lang, project.timezone, ems.config.now(), q);
  const repo = equipmentStatusRepository(ems.db);
  const [series, tariff, nodes] = await Promise.all([readSeries(repo, devices, range.from, range.until), projectScheme(ems, project.id), repo.nodes(project.id)]);
  const versions: readonly TouVersion[] = tariff?.versions ?? [];
  const priceAt = touPricer(versions, project.timezone);
  const names = new Map(nodes.map((n) => [n.id, n.name]));

  // bucket edges of the chart over [from, until)
  const edges: number[] = [];
  for (let b = range.from; b < range.until; b = bucketEnd(b, range.bucket, project.timezone)) edges.push(b);
  const buckets = edges.map((start) => ({ start, totals: emptyTotals(), wasteYuan: 0 }));
  const total = emptyTotals();
  const totalWaste = { kwh: 0, yuan: 0, unpricedKwh: 0 };
  const turn = slicer();
  const out: StateEnergy['devices'] = [];
  for (const d of devices) {
    const def = definitionOf(d);
    const kwhOf = series.get(d.deviceId)?.get(KWH);
    // one lookup for the whole device: the interval being classified is `at`
    let at = 0;
    const valueOf = (deviceId: number, dataId: number) => {
      const v = series.get(deviceId)?.get(dataId === POWER ? KWH : dataId)?.get(at);
      return v === null || v === undefined ? undefined : dataId === POWER ? (v * 3_600_000) / Q : v;
    };
    const dt = emptyTotals();
    const dw = { kwh: 0, yuan: 0, unpricedKwh: 0 };
    for (const [i, b] of buckets.entries()) {
      const end = edges[i + 1] ?? range.until;
      const intervals: StateInterval[] = [];
      for (let t = b.start; t < end; t += Q) {
        at = t;
        intervals.push({ start: t, kwh: kwhOf?.get(t) ?? null, state: stateOf(def, valueOf) });
      }
      const bt = addIntervals(emptyTotals(), intervals, Q);
      const w = wasteCost(intervals, priceAt);
      addTotals(b.totals, bt);
      addTotals(dt, bt);
      b.wasteYuan += w.yuan;
      dw.kwh += w.kwh;
      dw.yuan += w.yuan;
      dw.unpricedKwh += w.unpricedKwh;
      await turn();
    }
    addTotals(total, dt);
    totalWaste.kwh += dw.kwh;
    totalWaste.yuan += dw.yuan;
    totalWaste.unpricedKwh += dw.unpricedKwh;
    out.push({ deviceId: d.deviceId, deviceName: names.get(d.deviceId) ?? '', ...figures(dt, dw) });
  }
  return {
    schemeId: scheme.id,
    timezone: project.timezone,
    from: range.from,
    to: range.to,
    until: range.until,
    bucket: range.bucket,
    priced: versions.length > 0,
    totals: figures(total, totalWaste),
    devices: out,
    buckets: buckets.map((b) => ({ start: b.start, hours: b.totals.hours, kwh: b.totals.kwh, wasteYuan: b.wasteYuan })),
  };
}
