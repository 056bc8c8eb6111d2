import {
  DASHBOARD_TOP_N,
  DATA_ID,
  ENERGY_TYPE,
  ENERGY_TYPE_VALUES,
  type DashboardConsumer,
  type DashboardEnergy,
  type DashboardLoad,
  type DashboardPeriod,
  type ProjectDashboard,
  type SimStatus,
} from '@ems/contract';
import { changePct, completenessPct, currentPeriods, likeForLikeMonth, likeForLikeToday, toCo2T, toTce, type RollupSpan } from '@ems/domain';
import type { Ems } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import { classifyMeters, meterRowsOf, type ClassifiedMeter } from '../common/meters.js';
import { dashboardRepository, type SeriesSum } from './repository.js';

const Q15 = 900_000;

/** A meter of the project as the dashboard sees it (classification shared with the analysis pages). */
export type DashboardMeter = ClassifiedMeter;
export { classifyMeters };

/** Σ of the values of the meters' own counter series; null when none has a value. */
function total(sums: readonly SeriesSum[], meters: readonly DashboardMeter[]): number | null {
  const wanted = new Map(meters.map((m) => [m.id, m.dataId]));
  let v: number | null = null;
  for (const s of sums) if (wanted.get(s.deviceId) === s.dataId && s.value !== null) v = (v ?? 0) + s.value;
  return v;
}

const addNull = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/**
 * The project home's figures (issue 3 §4), for a project in the caller's scope (else 404 'no
 * operation permission'). Per energy type over the supply meters (common/meters.ts: no parent meter
 * of the same type up the chain; output meters left out), as the analysis pages count them: today (hour rollups) and
 * month to date (day rollups) with like-for-like 环比/同比 up to the start of the current local
 * hour; present load; the top 5 electricity end-use sub-meters (meters no other meter hangs under) this month; data completeness this month;
 * month-to-date tce and CO₂ with the default factors over purchased supplies (not media made on site); the simulator status while it seeds.
 */
export async function projectDashboard(ems: Ems, scope: readonly number[], projectId: number, sim: SimStatus): Promise<ProjectDashboard> {
  if (!scope.includes(projectId)) throw noPermission();
  const repo = dashboardRepository(ems.db);
  const timeZone = await repo.projectTimezone(projectId);
  if (timeZone === undefined) throw noPermission();
  const now = ems.config.now();
  const meters = classifyMeters(meterRowsOf(await repo.meters(projectId)));
  const top = meters.filter((m) => m.topLevel);
  const dataIds = [...new Set(meters.map((m) => m.dataId))];
  const { today, month } = currentPeriods(now, timeZone);
  const day = likeForLikeToday(now, timeZone);
  const mon = likeForLikeMonth(now, timeZone);
  const topIds = top.map((m) => m.id);
  const span = async (s: RollupSpan, hours?: Promise<SeriesSum[]>) => {
    const [d, h] = await Promise.all([repo.sums('day', topIds, dataIds, s.days.from, s.days.to), hours ?? repo.sums('hour', topIds, dataIds, s.hours.from, s.hours.to)]);
    return { d, h };
  };
  const todayHours = repo.sums('hour', topIds, dataIds, day.current.hours.from, day.current.hours.to);
  const [monthAll, todayAll, dayCur, dayMom, dayYoy, monCur, monMom, monYoy, power] = await Promise.all([
    repo.sums('day', meters.map((m) => m.id), dataIds, month.from, month.to),
    repo.sums('hour', topIds, dataIds, today.from, today.to),
    todayHours,
    span(day.mom).then((x) => x.h),
    span(day.yoy).then((x) => x.h),
    span(mon.current, todayHours),
    span(mon.mom),
    span(mon.yoy),
    repo.latest(
      top.filter((m) => m.energyType === ENERGY_TYPE.electricity).map((m) => m.id),
      DATA_ID.activePower,
    ),
  ]);

  const energy: DashboardEnergy[] = [];
  for (const t of ENERGY_TYPE_VALUES) {
    const ms = top.filter((m) => m.energyType === t.value);
    if (ms.length === 0) continue;
    const spanTotal = (x: { d: SeriesSum[]; h: SeriesSum[] }) => addNull(total(x.d, ms), total(x.h, ms));
    const period = (value: number | null, compared: number | null, momReference: number | null, yoyReference: number | null): DashboardPeriod => ({
      value,
      compared,
      momReference,
      yoyReference,
      momPct: changePct(compared, momReference),
      yoyPct: changePct(compared, yoyReference),
    });
    const monthValue = total(monthAll, ms);
    const purchased = ms.filter((m) => !m.onSite);
    const item = [{ energyType: t.value, amount: purchased.length > 0 ? total(monthAll, purchased) : null }];
    energy.push({
      energyType: t.value,
      unit: t.unit,
      meterCount: ms.length,
      today: period(total(todayAll, ms), total(dayCur, ms), total(dayMom, ms), total(dayYoy, ms)),
      month: period(monthValue, spanTotal(monCur), spanTotal(monMom), spanTotal(monYoy)),
      monthTce: toTce(item),
      monthCo2T: toCo2T(item),
    });
  }

  const elecTop = top.filter((m) => m.energyType === ENERGY_TYPE.electricity);
  const elecMonth = energy.find((e) => e.energyType === ENERGY_TYPE.electricity)?.month.value ?? null;
  const topConsumers: DashboardConsumer[] = meters
    .filter((m) => m.energyType === ENERGY_TYPE.electricity && !m.topLevel && m.endUse)
    .map((m) => ({ m, kwh: total(monthAll, [m]) }))
    .filter((x): x is { m: DashboardMeter; kwh: number } => x.kwh !== null)
    .sort((a, b) => b.kwh - a.kwh || a.m.id - b.m.id)
    .slice(0, DASHBOARD_TOP_N)
    .map(({ m, kwh }) => ({ id: m.id, name: m.name, kwh, sharePct: elecMonth ? (kwh / elecMonth) * 100 : null }));

  const load: DashboardLoad = { kw: null, ts: null, ageMs: null, meterCount: elecTop.length, withReading: power.length };
  if (power.length > 0) {
    const ts = Math.min(...power.map((p) => p.ts));
    Object.assign(load, { kw: power.reduce((s, p) => s + p.value, 0), ts, ageMs: now - ts });
  }

  const wanted = new Map(meters.map((m) => [m.id, m.dataId]));
  const goodIntervals = monthAll.filter((s) => wanted.get(s.deviceId) === s.dataId).reduce((s, x) => s + x.goodIntervals, 0);
  const expectedIntervals = meters.length * Math.max(0, Math.floor((now - month.from) / Q15));
  const purchasedTop = top.filter((m) => !m.onSite);
  const amounts = energy.map((e) => ({ energyType: e.energyType, amount: total(monthAll, purchasedTop.filter((m) => m.energyType === e.energyType)) }));

  return {
    projectId,
    timezone: timeZone,
    now,
    todayStart: today.from,
    monthStart: month.from,
    comparedUntil: day.until,
    energy,
    load,
    topConsumers,
    completeness: { pct: completenessPct(goodIntervals, expectedIntervals), goodIntervals, expectedIntervals, meterCount: meters.length },
    monthTce: toTce(amounts),
    monthCo2T: toCo2T(amounts),
    sim: sim.state === 'seeding' ? sim : null,
  };
}

