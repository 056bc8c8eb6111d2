import { bucketEnd, bucketStart, localParts, zonedStart } from '@ems/domain';
import { DATA_ID, EVENT_LEVEL, EVENT_QUANTITY, EVENT_TYPE, LOG_TYPE, type AlgorithmKind } from '@ems/contract';
import type { engineDataRepository } from './data-repository.js';
import { classOf, type AlgCfg, type EngineState } from './engine-state.js';
import { efficiencyGrade, lossRatePercent, monthEndProjection } from './logic.js';
import { texts } from './messages.js';

type Data = ReturnType<typeof engineDataRepository>;

/** The kinds the timed checks judge. */
const TIMED_KINDS: readonly AlgorithmKind[] = ['offline', 'balance', 'efficiency', 'quota', 'baseLoad'];

/**
 * The timed checks at `now` (the live engine: config.now(); the history: instants of the history):
 * offline devices, and over the last closed hour / night / this month balance, efficiency, quota and
 * night use. `kinds` narrows them (the history judges offline every 15 min, the others every hour),
 * `algorithms` too (the live engine checks one at a time, so one project's failure stops no other).
 */
export async function periodicChecks(s: EngineState, data: Data, now: number, kinds: readonly AlgorithmKind[] = TIMED_KINDS, algorithms: readonly AlgCfg[] = s.algorithms): Promise<void> {
  for (const a of algorithms) {
    if (!kinds.includes(a.kind)) continue;
    if (a.kind === 'offline') await checkOffline(s, data, a, now);
    else if (a.kind === 'balance') await checkBalance(s, data, a, now);
    else if (a.kind === 'efficiency') await checkEfficiency(s, data, a, now);
    else if (a.kind === 'quota') await checkQuota(s, data, a, now);
    else if (a.kind === 'baseLoad') await checkNightUse(s, data, a, now);
  }
}

/** A toggle of an event by a condition: raise when it holds and none is active, finish (at `end`) when it no longer holds. */
async function toggle(s: EngineState, key: string, holds: boolean, end: number, raise: () => Promise<void>): Promise<void> {
  if (holds && !s.active.has(key)) await raise();
  else if (!holds && s.active.has(key)) await s.finish(key, end);
}

async function checkOffline(s: EngineState, data: Data, a: AlgCfg, now: number): Promise<void> {
  const minutes = a.params.offlineMinutes;
  if (minutes === undefined) return;
  // the last-seen map is fed by the reading path; devices it has not seen yet are looked up in the store (up to
  // now) once: a device without a reading then is reported by the reading path when it first sends one
  const unknown = s.fedLastSeen ? [] : a.devices.filter((d) => !s.lastSeen.has(d) && !s.lastSeenAsked.has(d));
  if (unknown.length > 0) {
    for (const [d, ts] of await data.lastSeen(unknown, now)) s.lastSeen.set(d, ts);
    for (const d of unknown) s.lastSeenAsked.add(d);
  }
  // while none of its devices reports (ingest down, or this instance just started and the feed has not
  // caught up), a device's silence says nothing about the device: no judgement either way
  const freshest = Math.max(-Infinity, ...a.devices.map((d) => s.lastSeen.get(d) ?? -Infinity));
  if (now - freshest > minutes * 60_000) return;
  for (const deviceId of a.devices) {
    const seen = s.lastSeen.get(deviceId);
    if (seen === undefined) continue; // never reported: not installed yet rather than offline
    const key = `alg:${a.id}:801:${deviceId}`;
    // offline from the moment the silence passed the limit, back at the reading that ended it
    await toggle(s, key, now - seen > minutes * 60_000, seen, () =>
      s.raise(key, {
        projectId: a.projectId,
        algorithmId: a.id,
        logType: LOG_TYPE.deviceOffline,
        eventClass: classOf(LOG_TYPE.deviceOffline),
        eventType: EVENT_TYPE.probeFailure,
        level: a.level,
        deviceId,
        dataId: null,
        quantity: EVENT_QUANTITY.offlineMinutes,
        value: Math.round((now - seen) / 60_000),
        limit: minutes,
        ts: seen + minutes * 60_000,
        message: texts.offline(s.nodeName(deviceId), minutes),
      }),
    );
  }
}

/** The last closed hour [from, to) on the project's clock. */
async function lastHour(s: EngineState, projectId: number, now: number): Promise<number> {
  const tz = await s.zone(projectId);
  return bucketStart(bucketStart(now, 'hour', tz) - 1, 'hour', tz);
}

async function checkBalance(s: EngineState, data: Data, a: AlgCfg, now: number): Promise<void> {
  const tolerance = a.params.tolerancePercent;
  if (tolerance === undefined) return;
  const dataId = a.params.dataId ?? DATA_ID.activeEnergyImport;
  const children = await s.childrenOf(a);
  if (children.length === 0) return;
  const hour = await lastHour(s, a.projectId, now);
  const values = await data.bucket('rollup_hour', [a.nodeId, ...children], dataId, hour);
  const parent = values.get(a.nodeId);
  // an incomplete hour (a meter without its four intervals) is no evidence either way
  if (!parent?.complete || children.some((c) => !values.get(c)?.complete)) return;
  const loss = lossRatePercent(
    parent.value,
    children.map((c) => values.get(c)?.value ?? 0),
  );
  if (loss === null) return;
  const node = s.nodeName(a.nodeId);
  // the event spans the hours judged: from the start of the first one over, to the start of the first one back
  const common = { projectId: a.projectId, algorithmId: a.id, deviceId: a.nodeId, dataId, quantity: EVENT_QUANTITY.lossRate, value: loss, ts: hour, level: EVENT_LEVEL.alarm };
  const overKey = `alg:${a.id}:706`;
  await toggle(s, overKey, loss > tolerance, hour, () =>
    s.raise(overKey, { ...common, logType: LOG_TYPE.balanceLoss, eventClass: classOf(LOG_TYPE.balanceLoss), eventType: EVENT_TYPE.powerOverLimit, limit: tolerance, message: texts.balance(node, loss, tolerance) }),
  );
  const negKey = `alg:${a.id}:707`;
  await toggle(s, negKey, loss < 0, hour, () =>
    s.raise(negKey, { ...common, logType: LOG_TYPE.negativeLoss, eventClass: classOf(LOG_TYPE.negativeLoss), eventType: EVENT_TYPE.probeFailure, limit: 0, message: texts.negativeLoss(node, loss) }),
  );
}

async function checkEfficiency(s: EngineState, data: Data, a: AlgCfg, now: number): Promise<void> {
  const { threshold, outputDeviceId } = a.params;
  const indicator = a.params.indicator ?? 'cop';
  if (threshold === undefined || outputDeviceId === undefined) return;
  const inputDataId = a.params.dataId ?? DATA_ID.activeEnergyImport;
  const outputDataId = a.params.outputDataId ?? (indicator === 'cop' ? DATA_ID.coolingEnergy : DATA_ID.compressedAirVolume);
  const hour = await lastHour(s, a.projectId, now);
  const input = (await data.bucket('rollup_hour', [a.nodeId], inputDataId, hour)).get(a.nodeId);
  const output = (await data.bucket('rollup_hour', [outputDeviceId], outputDataId, hour)).get(outputDeviceId);
  if (!input?.complete || !output?.complete) return;
  // a plant that is off has no efficiency
  if (input.value <= 0 || output.value <= 0) return;
  const value = indicator === 'cop' ? output.value / input.value : (60 * input.value) / output.value;
  const bad = indicator === 'cop' ? value < threshold : value > threshold;
  const key = `alg:${a.id}:708`;
  await toggle(s, key, bad, hour, () =>
    s.raise(key, {
      projectId: a.projectId,
      algorithmId: a.id,
      logType: LOG_TYPE.efficiencyLow,
      eventClass: classOf(LOG_TYPE.efficiencyLow),
      eventType: EVENT_TYPE.powerOverLimit,
      level: a.level,
      deviceId: a.nodeId,
      dataId: inputDataId,
      quantity: indicator === 'cop' ? EVENT_QUANTITY.cop : EVENT_QUANTITY.specificPower,
      value,
      limit: threshold,
      ts: hour,
      message: texts.efficiency(s.nodeName(a.nodeId), indicator, value, threshold),
    }),
  );
  if (a.params.gradeBounds && a.params.gradeBounds.length > 0) await checkGrade(s, a, hour, value, indicator, inputDataId);
}


/**
 * 709 efficiency grade dropped: raised when the last closed hour's grade is worse than the hour's
 * before; finished when the grade is back at the one it dropped from. (The grade of the hour before
 * is held in memory: the first hour after a start compares with nothing.)
 */
async function checkGrade(s: EngineState, a: AlgCfg, hour: number, value: number, indicator: 'cop' | 'specificPower', dataId: number): Promise<void> {
  const perAlg = s.grades;
  const grade = efficiencyGrade(value, a.params.gradeBounds ?? [], indicator);
  const seen = perAlg.get(a.id);
  const st = !seen || seen.hour !== hour ? { hour, grade, previous: seen && seen.hour < hour ? seen.grade : null, droppedFrom: seen?.droppedFrom ?? null } : { ...seen, grade };
  perAlg.set(a.id, st);
  const key = `alg:${a.id}:709`;
  const from = s.active.has(key) ? st.droppedFrom : st.previous;
  const dropped = from !== null && grade > from;
  if (dropped && !s.active.has(key)) st.droppedFrom = from;
  await toggle(s, key, dropped, hour, () =>
    s.raise(key, {
      projectId: a.projectId,
      algorithmId: a.id,
      logType: LOG_TYPE.efficiencyGradeDrop,
      eventClass: classOf(LOG_TYPE.efficiencyGradeDrop),
      eventType: EVENT_TYPE.powerOverLimit,
      level: EVENT_LEVEL.earlyWarning,
      deviceId: a.nodeId,
      dataId,
      quantity: indicator === 'cop' ? EVENT_QUANTITY.cop : EVENT_QUANTITY.specificPower,
      value,
      limit: null,
      ts: hour,
      message: texts.efficiencyGrade(s.nodeName(a.nodeId), indicator, value, from ?? grade, grade),
    }),
  );
  if (!s.active.has(key)) st.droppedFrom = null;
}

async function checkQuota(s: EngineState, data: Data, a: AlgCfg, now: number): Promise<void> {
  const quota = a.params.quotaMonthly;
  if (quota === undefined) return;
  const dataId = a.params.dataId ?? DATA_ID.activeEnergyImport;
  const devices = a.params.deviceIds && a.params.deviceIds.length > 0 ? a.params.deviceIds : [a.nodeId];
  const tz = await s.zone(a.projectId);
  const monthStart = bucketStart(now, 'month', tz);
  const monthEnd = bucketEnd(monthStart, 'month', tz);
  // month to date as of now: the whole days before today, then today's hours begun before now
  const today = bucketStart(now, 'day', tz);
  const used = (await data.sumBuckets('rollup_day', devices, dataId, monthStart, today)) + (await data.sumBuckets('rollup_hour', devices, dataId, today, now));
  const projected = monthEndProjection(used, monthStart, monthEnd, now);
  const unit = s.points.get(dataId)?.unit ?? '';
  const node = s.nodeName(a.nodeId);
  const common = { projectId: a.projectId, algorithmId: a.id, eventType: EVENT_TYPE.powerOverLimit, level: EVENT_LEVEL.earlyWarning, deviceId: a.nodeId, dataId, limit: quota, ts: now };
  const reachedKey = `alg:${a.id}:710`;
  const reached = used >= quota;
  await toggle(s, reachedKey, reached, now, () =>
    s.raise(reachedKey, { ...common, logType: LOG_TYPE.quotaReached, eventClass: classOf(LOG_TYPE.quotaReached), value: used, message: texts.quotaReached(node, used, quota, unit) }),
  );
  // the forecast breach gives way once the quota is reached
  const forecastKey = `alg:${a.id}:701`;
  await toggle(s, forecastKey, !reached && projected !== null && projected > quota, now, () =>
    s.raise(forecastKey, {
      ...common,
      logType: LOG_TYPE.quotaForecast,
      eventClass: classOf(LOG_TYPE.quotaForecast),
      value: projected ?? used,
      message: texts.quotaForecast(node, projected ?? used, quota, unit),
    }),
  );
}

/**
 * Night use (703 abnormal consumption): the mean use per hour over the last night window
 * [nightStartHour, nightEndHour) on the project's clock that has closed by now, from the hourly
 * rollups (a night without all its hours complete is no evidence). Above the limit the event is raised
 * from that night's start; the first night back within it finishes it at that night's start. A leak that
 * runs for weeks is one event.
 */
async function checkNightUse(s: EngineState, data: Data, a: AlgCfg, now: number): Promise<void> {
  const limit = a.params.nightLimit;
  if (limit === undefined) return;
  const dataId = a.params.dataId ?? DATA_ID.activeEnergyImport;
  const fromHour = a.params.nightStartHour ?? 0;
  const toHour = Math.max(fromHour + 1, a.params.nightEndHour ?? 5);
  const tz = await s.zone(a.projectId);
  const night = (dayTs: number) => {
    const l = localParts(dayTs, tz);
    return { start: zonedStart(l.year, l.month, l.day, tz, fromHour), end: zonedStart(l.year, l.month, l.day, tz, toHour) };
  };
  const today = bucketStart(now, 'day', tz);
  let w = night(today);
  if (w.end > now) w = night(bucketStart(today - 1, 'day', tz));
  const hours = await data.hours(a.nodeId, dataId, w.start, w.end);
  const expected = Math.round((w.end - w.start) / 3_600_000);
  if (hours.length < expected || hours.some((h) => !h.complete)) return;
  const perHour = hours.reduce((sum, h) => sum + h.value, 0) / hours.length;
  const unit = s.points.get(dataId)?.unit ?? '';
  const key = `alg:${a.id}:703`;
  if (s.active.has(key) && perHour > limit) {
    if (perHour > (s.track(key).worst ?? -Infinity)) {
      s.track(key).worst = perHour;
      await s.worse(key, perHour);
    }
    return;
  }
  await toggle(s, key, perHour > limit, w.start, () =>
    s.raise(key, {
      projectId: a.projectId,
      algorithmId: a.id,
      logType: LOG_TYPE.abnormal,
      eventClass: classOf(LOG_TYPE.abnormal),
      eventType: EVENT_TYPE.powerOverLimit,
      level: a.level,
      deviceId: a.nodeId,
      dataId,
      quantity: EVENT_QUANTITY.nightUse,
      value: perHour,
      limit,
      ts: w.start,
      message: texts.nightUse(s.nodeName(a.nodeId), perHour, limit, unit, fromHour, toHour),
    }),
  );
  if (s.active.has(key)) s.track(key).worst = perHour;
}
