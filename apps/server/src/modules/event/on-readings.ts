import { DATA_ID, EVENT_LEVEL, EVENT_QUANTITY, EVENT_TYPE, LOG_TYPE } from '@ems/contract';
import type { CommittedReading } from '../../context.js';
import { engineDataRepository } from './data-repository.js';
import { classOf, type AlgCfg, type EngineState, type RuleCfg } from './engine-state.js';
import { compare, ruleHolds, slidingDemand, step } from './logic.js';
import { texts } from './messages.js';

const MIN = 60_000;

/**
 * Evaluates a committed batch: limit rules, switch changes and demand, in reading-time order per device and instant.
 * Readings of a device nothing watches (no rule of the project on it, no switch or demand algorithm over it) only
 * update the device's last-seen time and latest values (the value of the newest reading per data point, as the
 * in-order walk leaves them), without grouping or sorting.
 */
export async function onReadings(s: EngineState, projectId: number, readings: readonly CommittedReading[]): Promise<void> {
  const switches = s.algorithms.filter((a) => a.kind === 'switch' && a.projectId === projectId);
  const demands = s.algorithms.filter((a) => a.kind === 'demand' && a.projectId === projectId);
  const watchedDevices = new Map<number, boolean>();
  const watched = (deviceId: number): boolean => {
    let w = watchedDevices.get(deviceId);
    if (w === undefined) {
      w =
        (s.rulesByDevice.get(deviceId) ?? []).some((r) => r.projectId === projectId) ||
        switches.some((a) => a.devices.includes(deviceId)) ||
        demands.some((a) => a.nodeId === deviceId);
      watchedDevices.set(deviceId, w);
    }
    return w;
  };
  const groups = new Map<string, CommittedReading[]>();
  // unwatched series: only their newest value is kept (by device then data point, numbers: no key string a reading)
  const newest = new Map<number, Map<number, CommittedReading>>();
  for (const r of readings) {
    const seen = s.lastSeen.get(r.deviceId);
    if (seen === undefined || r.ts > seen) s.lastSeen.set(r.deviceId, r.ts);
    if (!watched(r.deviceId)) {
      let points = newest.get(r.deviceId);
      if (!points) newest.set(r.deviceId, (points = new Map()));
      const n = points.get(r.dataId);
      if (n === undefined || r.ts >= n.ts) points.set(r.dataId, r);
      continue;
    }
    const key = `${r.ts}:${r.deviceId}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  for (const points of newest.values()) for (const r of points.values()) s.values.set(`${r.deviceId}:${r.dataId}`, r.value);
  if (groups.size === 0) return;
  const ordered = [...groups.values()].sort((a, b) => (a[0]?.ts ?? 0) - (b[0]?.ts ?? 0));
  for (const group of ordered) {
    const first = group[0] as CommittedReading;
    const rules = (s.rulesByDevice.get(first.deviceId) ?? []).filter((r) => r.projectId === projectId);
    const touched = rules.filter((r) => r.conditions.some((c) => group.some((g) => g.dataId === c.dataId)));
    for (const r of group) s.values.set(`${r.deviceId}:${r.dataId}`, r.value);
    for (const rule of touched) await evaluateRule(s, rule, first.deviceId, first.ts);
    for (const a of switches) {
      const dataId = a.params.dataId ?? DATA_ID.switchStatus;
      const r = group.find((g) => g.dataId === dataId);
      if (r && a.devices.includes(r.deviceId)) await evaluateSwitch(s, a, r);
    }
    for (const a of demands) {
      const r = group.find((g) => g.dataId === (a.params.dataId ?? DATA_ID.activePower));
      if (r && r.deviceId === a.nodeId) await evaluateDemand(s, a, r);
    }
  }
}

async function evaluateRule(s: EngineState, rule: RuleCfg, deviceId: number, ts: number): Promise<void> {
  const values = new Map<number, number>();
  for (const c of rule.conditions) {
    const v = s.values.get(`${deviceId}:${c.dataId}`);
    if (v !== undefined) values.set(c.dataId, v);
  }
  const key = `rule:${rule.id}:${deviceId}`;
  const t = s.track(key);
  // the condition an event is about: the one that held when it was raised (or-combined rules), kept while active
  if (!t.active) {
    const holding = rule.conditions.findIndex((c) => {
      const v = values.get(c.dataId);
      return v !== undefined && compare(c.operator, v, c.limit);
    });
    s.mainCondition.set(key, Math.max(0, holding));
  }
  const main = rule.conditions[s.mainCondition.get(key) ?? 0] ?? rule.conditions[0];
  if (!main) return;
  const value = values.get(main.dataId);
  const res = step(t, ts, ruleHolds(rule.conditions, rule.combinator, values), ruleHolds(rule.conditions, rule.combinator, values, rule.hysteresis), rule.minDurationMs, value, main.operator);
  if (res.kind === 'finish') await s.finish(key, ts);
  else if (res.kind === 'worse' && value !== undefined) await s.worse(key, value);
  else if (res.kind === 'raise') {
    const point = s.points.get(main.dataId) ?? { zh: String(main.dataId), en: String(main.dataId), unit: '' };
    // where it is listed, its class, level and type: the rule's, from all its conditions (issue 4 table, issue 11)
    const { kind } = rule;
    await s.raise(key, {
      projectId: rule.projectId,
      ruleId: rule.id,
      logType: kind.logType,
      eventClass: kind.eventClass,
      eventType: kind.eventType,
      level: kind.level,
      deviceId,
      dataId: main.dataId,
      value: value ?? null,
      limit: main.limit,
      ts: res.since,
      message: texts.limit(s.nodeName(deviceId), point, main.operator, value ?? Number.NaN, main.limit, rule.name),
    });
  }
}

async function evaluateSwitch(s: EngineState, a: AlgCfg, r: CommittedReading): Promise<void> {
  const key = `${r.deviceId}:${r.dataId}`;
  let prev = s.switchPrev.get(key);
  if (prev === undefined) prev = await engineDataRepository(s.ems.db).valueBefore(r.deviceId, r.dataId, r.ts);
  s.switchPrev.set(key, r.value);
  if (prev === undefined || prev === r.value) return;
  await s.raise(null, {
    projectId: a.projectId,
    algorithmId: a.id,
    logType: LOG_TYPE.switchChange,
    eventClass: classOf(LOG_TYPE.switchChange),
    eventType: EVENT_TYPE.switchEvent,
    level: null,
    deviceId: r.deviceId,
    dataId: r.dataId,
    value: r.value,
    limit: null,
    ts: r.ts,
    message: texts.switchChange(s.nodeName(r.deviceId), prev, r.value),
    momentary: true,
  });
}

async function evaluateDemand(s: EngineState, a: AlgCfg, r: CommittedReading): Promise<void> {
  const contract = await s.contractAt(a, r.ts);
  if (contract === null) return;
  const subMs = (a.params.subintervalMinutes ?? 1) * MIN;
  const windowMs = (a.params.windowMinutes ?? 15) * MIN;
  const n = Math.max(1, Math.round(windowMs / subMs));
  let samples = s.demandSamples.get(a.id);
  if (!samples) {
    samples = await engineDataRepository(s.ems.db).readings(r.deviceId, r.dataId, r.ts - windowMs - subMs, r.ts);
    s.demandSamples.set(a.id, samples);
  }
  samples.push({ ts: r.ts, value: r.value });
  while (samples.length > 0 && (samples[0]?.ts ?? 0) < r.ts - windowMs - subMs) samples.shift();
  const { demandKw, forecastKw } = slidingDemand(samples, r.ts, r.value, { n, subMs, k: a.params.predictionFactor ?? 1 });
  await demandSteps(s, a, r.ts, r.dataId, contract, forecastKw, demandKw);
}

/**
 * A 15-min block's demand where the store holds no power readings (the seeded history keeps power
 * for its last days only; before, the energy counter's 15-min intervals are the demand the utility
 * bills, kWh × 4): judged as window demand and, having no newer power, as its own forecast.
 */
export async function evaluateBlockDemand(s: EngineState, a: AlgCfg, blockEnd: number, kw: number): Promise<void> {
  const contract = await s.contractAt(a, blockEnd - 1);
  if (contract === null) return;
  await demandSteps(s, a, blockEnd, a.params.dataId ?? DATA_ID.activePower, contract, kw, kw);
}

/**
 * 704 when the forecast reaches the pre-alarm share of the contract, 705 while the window demand is
 * above the contract; each finishes 2 % of the contract below its threshold.
 */
async function demandSteps(s: EngineState, a: AlgCfg, ts: number, dataId: number, contract: number, forecastKw: number, demandKw: number | null): Promise<void> {
  const prePercent = a.params.preAlarmPercent ?? 90;
  // hysteresis: 2 % of the contract below each threshold
  const band = 0.02 * contract;
  const preKey = `alg:${a.id}:704`;
  const preLimit = (prePercent / 100) * contract;
  const pre = s.track(preKey);
  const preStep = step(pre, ts, forecastKw >= preLimit, forecastKw >= preLimit - band, 0, forecastKw, 1);
  const node = s.nodeName(a.nodeId);
  const common = { projectId: a.projectId, algorithmId: a.id, eventType: EVENT_TYPE.powerOverLimit, deviceId: a.nodeId, dataId, quantity: EVENT_QUANTITY.demand, ts };
  if (preStep.kind === 'finish') await s.finish(preKey, ts);
  else if (preStep.kind === 'worse') await s.worse(preKey, forecastKw);
  else if (preStep.kind === 'raise') {
    await s.raise(preKey, {
      ...common,
      logType: LOG_TYPE.demandPreAlarm,
      eventClass: classOf(LOG_TYPE.demandPreAlarm),
      level: EVENT_LEVEL.earlyWarning,
      value: forecastKw,
      limit: preLimit,
      message: texts.demandPre(node, forecastKw, contract, (forecastKw / contract) * 100),
    });
  }
  if (demandKw === null) return;
  const overKey = `alg:${a.id}:705`;
  const over = s.track(overKey);
  const overStep = step(over, ts, demandKw > contract, demandKw > contract - band, 0, demandKw, 1);
  if (overStep.kind === 'finish') await s.finish(overKey, ts);
  else if (overStep.kind === 'worse') await s.worse(overKey, demandKw);
  else if (overStep.kind === 'raise') {
    await s.raise(overKey, {
      ...common,
      logType: LOG_TYPE.demandOverLimit,
      eventClass: classOf(LOG_TYPE.demandOverLimit),
      level: EVENT_LEVEL.alarm,
      value: demandKw,
      limit: contract,
      message: texts.demandOver(node, demandKw, contract),
    });
  }
}
