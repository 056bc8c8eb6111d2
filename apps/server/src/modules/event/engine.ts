import { EVENT_CLASS, LOG_TYPE, MONITOR_CONTAINER_LABELS, type AlgorithmKind, type AlgorithmParams, type RuleCondition } from '@ems/contract';
import type { CommittedReading, Ems, ReadingListener } from '../../context.js';
import { configRepository } from './config-repository.js';
import { engineDataRepository } from './data-repository.js';
import { eventRepository } from './event-repository.js';
import type { PointName, Text } from './messages.js';
import { newTrack, type TrackState } from './logic.js';
import { onReadings } from './on-readings.js';
import { periodicChecks } from './periodic.js';

/** How often offline, balance, efficiency and quota are checked (and the configuration re-read). */
export const EVENT_CHECK_MS = 30_000;
/** Reading batches waiting for the engine beyond this are dropped (the write path must never wait). */
const MAX_PENDING = 1000;

export interface RuleCfg {
  id: number;
  projectId: number;
  name: string;
  nodeId: number;
  conditions: RuleCondition[];
  combinator: number;
  minDurationMs: number;
  hysteresis: number;
  level: number;
  eventType: number;
}

export interface AlgCfg {
  id: number;
  projectId: number;
  name: string;
  kind: AlgorithmKind;
  nodeId: number;
  modelLabel: string;
  params: AlgorithmParams;
  level: number;
  /** the devices it watches (offline, switch; demand and balance: the node) */
  devices: number[];
}

/** An event to raise: the caller's facts; the engine stores it and notifies. */
export interface Raise {
  projectId: number;
  ruleId?: number;
  algorithmId?: number;
  logType: number;
  eventClass: number;
  eventType: number | null;
  level: number | null;
  deviceId: number;
  dataId: number | null;
  value: number | null;
  limit: number | null;
  ts: number;
  message: Text;
  /** a momentary event (switch change): stored finished at once */
  momentary?: boolean;
}

/** The engine's state, shared by the reading path and the periodic checks (one job at a time). */
export interface EngineState {
  ems: Ems;
  rulesByDevice: Map<number, RuleCfg[]>;
  algorithms: AlgCfg[];
  tracks: Map<string, TrackState>;
  /** the condition index a limit rule's event reports on, by key */
  mainCondition: Map<string, number>;
  /** active key → event id */
  active: Map<string, number>;
  /** latest value by `${deviceId}:${dataId}` */
  values: Map<string, number>;
  /** newest reading time by device */
  lastSeen: Map<number, number>;
  switchPrev: Map<string, number>;
  demandSamples: Map<number, { ts: number; value: number }[]>;
  nodes: Map<number, { name: string; label: string }>;
  points: Map<number, PointName>;
  raise(key: string | null, r: Raise): Promise<void>;
  finish(key: string, ts: number): Promise<void>;
  worse(key: string, value: number): Promise<void>;
  track(key: string): TrackState;
  nodeName(id: number): string;
}

export interface EventEngine {
  /** Resolves when every batch handed over so far has been evaluated. */
  idle(): Promise<void>;
  /** Runs the periodic checks now (offline, balance, efficiency, quota) after re-reading the configuration. */
  checkNow(): Promise<void>;
  /** Re-reads rules and algorithms (after a change through the API). */
  reload(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

const engines = new WeakMap<Ems, EventEngine>();
/** The engine of an app (the rule API reloads it after a change). */
export const engineOf = (ems: Ems): EventEngine | undefined => engines.get(ems);

/**
 * The rule engine: listens to committed readings (limit rules, switch changes, demand) and checks
 * on a timer (offline, balance, efficiency, quota). Work is queued and done one job at a time, so
 * the write path never waits and the state needs no locks. Times are reading times for readings and
 * config.now() for the timed checks.
 */
export function createEventEngine(ems: Ems, log: (msg: string) => void = () => undefined): EventEngine {
  const events = eventRepository(ems.db);
  const config = configRepository(ems.db);
  const data = engineDataRepository(ems.db);
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  let loaded = false;
  let timer: NodeJS.Timeout | undefined;

  const state: EngineState = {
    ems,
    rulesByDevice: new Map(),
    algorithms: [],
    tracks: new Map(),
    mainCondition: new Map(),
    active: new Map(),
    values: new Map(),
    lastSeen: new Map(),
    switchPrev: new Map(),
    demandSamples: new Map(),
    nodes: new Map(),
    points: new Map(),
    track(key) {
      let t = this.tracks.get(key);
      if (!t) this.tracks.set(key, (t = newTrack()));
      return t;
    },
    nodeName(id) {
      return this.nodes.get(id)?.name ?? String(id);
    },
    async raise(key, r) {
      if (key !== null && state.active.has(key)) return;
      const node = state.nodes.get(r.deviceId);
      const modelLabel = node?.label ?? 'device';
      const id = await events.insertActive({
        project_id: r.projectId,
        rule_id: r.ruleId ?? null,
        algorithm_id: r.algorithmId ?? null,
        log_type: r.logType,
        event_class: r.eventClass,
        event_type: r.eventType,
        level: r.level,
        status: r.momentary ? 1 : 0,
        confirm_state: 1,
        node_id: r.deviceId,
        model_label: modelLabel,
        device_id: r.deviceId,
        data_id: r.dataId,
        value: r.value,
        limit_value: r.limit,
        start_time: r.ts,
        end_time: r.momentary ? r.ts : null,
        message_zh: r.message.zh.slice(0, 1000),
        message_en: r.message.en.slice(0, 1000),
        active_key: r.momentary ? null : key,
      });
      if (id === undefined) return; // another instance holds this condition's active event
      if (key !== null && !r.momentary) state.active.set(key, id);
      await ems.notifier.notify({
        projectId: r.projectId,
        nodeId: r.deviceId,
        modelLabel,
        logType: r.logType,
        eventClass: r.eventClass,
        eventType: r.eventType,
        level: r.level,
        eventId: id,
        time: r.ts,
        message: r.message,
        extra: { deviceId: r.deviceId, dataId: r.dataId, value: r.value, limit: r.limit, ruleId: r.ruleId ?? null, algorithmId: r.algorithmId ?? null },
      });
    },
    async finish(key, ts) {
      const id = state.active.get(key);
      state.tracks.delete(key);
      if (id === undefined) return;
      state.active.delete(key);
      await events.finish(id, ts);
    },
    async worse(key, value) {
      const id = state.active.get(key);
      if (id !== undefined) await events.setWorst(id, value);
    },
  };

  async function load() {
    const [rules, algorithms, active, catalogue] = await Promise.all([config.enabledRules(), config.enabledAlgorithms(), events.active(), config.catalogue()]);
    state.points = new Map(catalogue.map((d) => [Number(d.data_id), { zh: d.name_zh, en: d.name_en, unit: d.unit }]));
    const byDevice = new Map<number, RuleCfg[]>();
    for (const r of rules) {
      const cfg: RuleCfg = {
        id: Number(r.id),
        projectId: Number(r.project_id),
        name: r.name,
        nodeId: Number(r.node_id),
        conditions: JSON.parse(r.conditions) as RuleCondition[],
        combinator: Number(r.combinator),
        minDurationMs: Number(r.min_duration_sec) * 1000,
        hysteresis: Number(r.hysteresis),
        level: Number(r.level),
        eventType: Number(r.event_type),
      };
      byDevice.set(cfg.nodeId, [...(byDevice.get(cfg.nodeId) ?? []), cfg]);
    }
    const algs: AlgCfg[] = [];
    for (const a of algorithms) {
      const params = JSON.parse(a.params) as AlgorithmParams;
      const nodeId = Number(a.node_id);
      let devices = [nodeId];
      if ((a.kind === 'offline' || a.kind === 'switch') && (params.deviceIds?.length ?? 0) > 0) devices = params.deviceIds ?? [];
      else if ((a.kind === 'offline' || a.kind === 'switch') && a.model_label === 'project') devices = await data.devicesOfProject(nodeId, MONITOR_CONTAINER_LABELS);
      else if (a.kind === 'offline' || a.kind === 'switch') devices = await data.devicesUnder(nodeId, MONITOR_CONTAINER_LABELS);
      algs.push({ id: Number(a.id), projectId: Number(a.project_id), name: a.name, kind: a.kind as AlgorithmKind, nodeId, modelLabel: a.model_label, params, level: Number(a.level), devices });
    }
    const projectIds = [...new Set([...rules.map((r) => Number(r.project_id)), ...algs.map((a) => a.projectId)])];
    const nodes = projectIds.length === 0 ? [] : await ems.db.selectFrom('node').select(['id', 'name', 'model_label']).where('project_id', 'in', projectIds).execute();
    state.nodes = new Map(nodes.map((n) => [Number(n.id), { name: n.name, label: n.model_label }]));
    state.rulesByDevice = byDevice;
    state.algorithms = algs;
    // events whose rule or algorithm is gone or disabled finish now; the others resume their state
    const ruleIds = new Set(rules.map((r) => `rule:${Number(r.id)}:`));
    const algIds = new Set(algs.map((a) => `alg:${a.id}:`));
    const now = ems.config.now();
    state.active.clear();
    for (const e of active) {
      const key = e.active_key ?? '';
      // an open inspection order is closed by people, not by a condition
      if (key.startsWith('order:')) continue;
      const prefix = key.split(':').slice(0, 2).join(':') + ':';
      if (!ruleIds.has(prefix) && !algIds.has(prefix)) {
        await events.finish(Number(e.id), now);
        state.tracks.delete(key);
        continue;
      }
      state.active.set(key, Number(e.id));
      const t = state.track(key);
      t.active = true;
      t.worst = e.value === null ? undefined : Number(e.value);
    }
    for (const [key, t] of state.tracks) if (t.active && !state.active.has(key)) state.tracks.delete(key);
    loaded = true;
  }

  /** Queues a job; jobs run one at a time, after the configuration is loaded. */
  function enqueue(job: () => Promise<void>): Promise<void> {
    pending++;
    const run = chain.then(async () => {
      try {
        if (!loaded) await load();
        await job();
      } catch (err) {
        log(`events: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        pending--;
      }
    });
    chain = run;
    return run;
  }

  const listener: ReadingListener = (projectId: number, readings: readonly CommittedReading[]) => {
    if (pending >= MAX_PENDING) {
      log('events: the rule engine is behind; a batch of readings was not evaluated');
      return;
    }
    void enqueue(() => onReadings(state, projectId, readings));
  };
  ems.readingListeners.add(listener);

  const engine: EventEngine = {
    idle: () => chain,
    checkNow: () => enqueue(async () => {
      await load();
      await periodicChecks(state, data);
    }),
    reload: () => enqueue(load),
    start() {
      if (timer) return;
      timer = setInterval(() => void engine.checkNow(), EVENT_CHECK_MS);
      timer.unref();
      void engine.checkNow();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      ems.readingListeners.delete(listener);
      await chain;
    },
  };
  engines.set(ems, engine);
  return engine;
}

/** Event classes of the log types the engine raises (the spec's browser rule: 702–709 alarm; 701, 710 early warning). */
export const CLASS_OF: Record<number, number> = {
  [LOG_TYPE.quotaForecast]: EVENT_CLASS.earlyWarning,
  [LOG_TYPE.quotaReached]: EVENT_CLASS.earlyWarning,
  [LOG_TYPE.deviceOffline]: EVENT_CLASS.general,
  [LOG_TYPE.switchChange]: EVENT_CLASS.other,
  [LOG_TYPE.accidentLevel]: EVENT_CLASS.accident,
};
export const classOf = (logType: number): number => CLASS_OF[logType] ?? EVENT_CLASS.alarm;
