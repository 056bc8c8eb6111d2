import { EVENT_CLASS, LOG_TYPE, MONITOR_CONTAINER_LABELS, type AlgorithmKind, type AlgorithmParams, type RuleCondition } from '@ems/contract';
import { bucketEnd, bucketStart, type LimitEventKind } from '@ems/domain';
import type { Ems } from '../../context.js';
import { nextTurn } from '../../lib/work-slices.js';
import type { NewNotification } from '../message/notifier.js';
import { configRepository } from './config-repository.js';
import type { engineDataRepository } from './data-repository.js';
import { demandContract } from './demand-contract.js';
import type { NewEvent } from './event-repository.js';
import { newTrack, type TrackState } from './logic.js';
import type { PointName, Text } from './messages.js';
import { limitPoints, ruleKind } from './rule-kind.js';

type Data = ReturnType<typeof engineDataRepository>;

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
  /** what its events are, from all its conditions (ruleKind): the rule list shows the same */
  kind: LimitEventKind;
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
  /** what value and limit measure when not the data point (EVENT_QUANTITY); absent: the data point */
  quantity?: string;
  value: number | null;
  limit: number | null;
  ts: number;
  message: Text;
  /** a momentary event (switch change): stored finished at once */
  momentary?: boolean;
}

/**
 * Where the engine's events go: the live engine writes them to the store at once and notifies; the
 * history replay (history.ts) collects a step's events and writes them with its progress in one
 * transaction, without notifications.
 */
export interface EventSink {
  /** stores a new event; its id, or undefined when an active event already holds its key */
  insert(row: NewEvent): Promise<number | undefined>;
  finish(id: number, ts: number): Promise<void>;
  setWorst(id: number, value: number): Promise<void>;
  /** absent: no notification (events from history are history) */
  notify?: (n: NewNotification) => Promise<unknown>;
}

export interface GradeMemory {
  hour: number;
  grade: number;
  previous: number | null;
  droppedFrom: number | null;
}

/** The rules and algorithms the engine works with, and the names and points they refer to. */
export interface EngineConfig {
  rulesByDevice: Map<number, RuleCfg[]>;
  algorithms: AlgCfg[];
  nodes: Map<number, { name: string; label: string }>;
  points: Map<number, PointName>;
}

/** The engine's state, shared by the reading path and the periodic checks (one job at a time). */
export interface EngineState extends EngineConfig {
  ems: Ems;
  tracks: Map<string, TrackState>;
  /** the condition index a limit rule's event reports on, by key */
  mainCondition: Map<string, number>;
  /** active key → event id */
  active: Map<string, number>;
  /** latest value by `${deviceId}:${dataId}` */
  values: Map<string, number>;
  /** newest reading time by device */
  lastSeen: Map<number, number>;
  /** devices looked up in the store that had no reading then: from there on the reading path reports them */
  lastSeenAsked: Set<number>;
  switchPrev: Map<string, number>;
  demandSamples: Map<number, { ts: number; value: number }[]>;
  /** per efficiency algorithm: the grade of the last hour judged, the grade of the hour before it, and the grade an active 709 dropped from */
  grades: Map<number, GradeMemory>;
  raise(key: string | null, r: Raise): Promise<void>;
  finish(key: string, ts: number): Promise<void>;
  worse(key: string, value: number): Promise<void>;
  track(key: string): TrackState;
  nodeName(id: number): string;
  /** the contracted demand a demand algorithm judges against at ts (the administrator's, else the tariff's); null: none */
  contractAt(a: AlgCfg, ts: number): Promise<number | null>;
  /** replaces the configuration (rules, algorithms, names); what was read for it (contracts, zones, child meters) is kept */
  configure(c: EngineConfig): void;
  /** forgets the contracts, zones and child meters read so far (after a change of rules, algorithms or tariffs through the API) */
  forget(): void;
  /** the project's time zone (remembered: see REMEMBER_MS) */
  zone(projectId: number): Promise<string>;
  /** a balance's child meters: its childIds, else the meters naming it their parent (remembered: see REMEMBER_MS) */
  childrenOf(a: AlgCfg): Promise<number[]>;
  /**
   * true when the reading path feeds every watched device's last-seen time (the history replay): a device
   * not seen yet has not reported, and the store is not asked
   */
  fedLastSeen: boolean;
}

/** A stored rule or algorithm that cannot be read (its JSON damaged in the store): left out, and reported. */
export interface BrokenConfig {
  projectId: number;
  /** the prefix of its condition keys (`rule:{id}:`, `alg:{id}:`): its open events are kept, not finished */
  key: string;
  err: unknown;
}

/** Node names per read of the engine's configuration. */
const NODE_PAGE = 2000;

/**
 * Reads the enabled rules and algorithms (of one project, or all) with the names of their projects'
 * nodes and the data-point catalogue. One that cannot be read is left out and listed in `broken`, so
 * it stops no other rule or project.
 */
export async function readEngineConfig(ems: Ems, data: Data, projectId?: number): Promise<EngineConfig & { ruleIds: number[]; counters: Set<number>; broken: BrokenConfig[] }> {
  const config = configRepository(ems.db);
  const [allRules, allAlgorithms, catalogue] = await Promise.all([config.enabledRules(), config.enabledAlgorithms(), config.catalogue()]);
  const rules = projectId === undefined ? allRules : allRules.filter((r) => Number(r.project_id) === projectId);
  const algorithms = projectId === undefined ? allAlgorithms : allAlgorithms.filter((a) => Number(a.project_id) === projectId);
  const points = new Map(catalogue.map((d) => [Number(d.data_id), { zh: d.name_zh, en: d.name_en, unit: d.unit }]));
  const kinds = limitPoints(catalogue);
  const rulesByDevice = new Map<number, RuleCfg[]>();
  const broken: BrokenConfig[] = [];
  const parse = <T>(text: string, owner: { project_id: number | string; id: number | string }, kind: 'rule' | 'alg'): T | undefined => {
    try {
      return JSON.parse(text) as T;
    } catch (err) {
      broken.push({ projectId: Number(owner.project_id), key: `${kind}:${Number(owner.id)}:`, err: new Error(`${kind === 'rule' ? 'rule' : 'algorithm'} ${Number(owner.id)} cannot be read: ${(err as Error).message}`) });
      return undefined;
    }
  };
  for (const r of rules) {
    const conditions = parse<RuleCondition[]>(r.conditions, r, 'rule');
    if (!conditions) continue;
    const cfg: RuleCfg = {
      id: Number(r.id),
      projectId: Number(r.project_id),
      name: r.name,
      nodeId: Number(r.node_id),
      conditions,
      combinator: Number(r.combinator),
      minDurationMs: Number(r.min_duration_sec) * 1000,
      hysteresis: Number(r.hysteresis),
      level: Number(r.level),
      kind: ruleKind(Number(r.level), conditions, kinds),
    };
    rulesByDevice.set(cfg.nodeId, [...(rulesByDevice.get(cfg.nodeId) ?? []), cfg]);
  }
  const algs: AlgCfg[] = [];
  for (const a of algorithms) {
    const params = parse<AlgorithmParams>(a.params, a, 'alg');
    if (!params) continue;
    const nodeId = Number(a.node_id);
    const perDevice = a.kind === 'offline' || a.kind === 'switch';
    let devices = [nodeId];
    if (perDevice && (params.deviceIds?.length ?? 0) > 0) devices = params.deviceIds ?? [];
    else if (perDevice && a.model_label === 'project') devices = await data.devicesOfProject(nodeId, MONITOR_CONTAINER_LABELS);
    else if (perDevice) devices = await data.devicesUnder(nodeId, MONITOR_CONTAINER_LABELS);
    algs.push({ id: Number(a.id), projectId: Number(a.project_id), name: a.name, kind: a.kind as AlgorithmKind, nodeId, modelLabel: a.model_label, params, level: Number(a.level), devices });
  }
  const projectIds = [...new Set([...rules.map((r) => Number(r.project_id)), ...algs.map((a) => a.projectId)])];
  // the projects' node names NODE_PAGE at a time, a turn of the event loop between: a model of tens of
  // thousands of nodes read at once held every request back at each reload (issue 12)
  const nodes: { id: number; name: string; model_label: string }[] = [];
  for (let after = 0; projectIds.length > 0; ) {
    const page = await ems.db.selectFrom('node').select(['id', 'name', 'model_label']).where('project_id', 'in', projectIds).where('id', '>', after).orderBy('id').limit(NODE_PAGE).execute();
    for (const n of page) nodes.push(n);
    if (page.length < NODE_PAGE) break;
    after = Number(page[page.length - 1]?.id);
    await nextTurn();
  }
  return {
    rulesByDevice,
    algorithms: algs,
    nodes: new Map(nodes.map((n) => [Number(n.id), { name: n.name, label: n.model_label }])),
    points,
    ruleIds: rules.map((r) => Number(r.id)),
    counters: new Set(catalogue.filter((d) => d.kind === 'counter').map((d) => Number(d.data_id))),
    broken,
  };
}

/**
 * How long the engine trusts what it read of contracts, time zones and child meters, by the wall clock.
 * The live engine re-reads its rules every 30 s; reading these again each time rebuilt the project tree
 * per demand algorithm. A change of rules or algorithms through this instance's API forgets them at once
 * (the engine's reload). The cost module sends no signal when a tariff scheme changes, and model
 * management none when a meter's parent changes (nor does another instance): such a change reaches the
 * demand and balance rules when this lifetime runs out.
 */
export const REMEMBER_MS = 5 * 60_000;

/**
 * A fresh engine state over a sink. `keyPrefix` is put before every active key the state stores
 * ('' live; 'hist:' for the history replay, so its open conditions never collide with the live ones).
 * `clock` is a monotonic wall clock in ms (tests move it), for REMEMBER_MS.
 */
export function createEngineState(ems: Ems, data: Data, sink: EventSink, keyPrefix = '', clock: () => number = () => performance.now()): EngineState {
  /** remembered contracts: algorithm id → the local day they hold for and the kW */
  const contracts = new Map<number, { from: number; to: number; kw: number | null }>();
  const zones = new Map<number, string>();
  const children = new Map<number, number[]>();
  let rememberedSince = clock();
  /** forgets what was read once it is older than REMEMBER_MS */
  const fresh = () => {
    if (clock() - rememberedSince >= REMEMBER_MS) state.forget();
  };
  const state: EngineState = {
    ems,
    rulesByDevice: new Map(),
    algorithms: [],
    nodes: new Map(),
    points: new Map(),
    tracks: new Map(),
    mainCondition: new Map(),
    active: new Map(),
    values: new Map(),
    lastSeen: new Map(),
    lastSeenAsked: new Set(),
    switchPrev: new Map(),
    demandSamples: new Map(),
    grades: new Map(),
    fedLastSeen: keyPrefix !== '',
    configure(c) {
      this.rulesByDevice = c.rulesByDevice;
      this.algorithms = c.algorithms;
      this.nodes = c.nodes;
      this.points = c.points;
    },
    forget() {
      contracts.clear();
      zones.clear();
      children.clear();
      rememberedSince = clock();
    },
    async zone(projectId) {
      fresh();
      let tz = zones.get(projectId);
      if (tz === undefined) zones.set(projectId, (tz = await data.projectTimezone(projectId)));
      return tz;
    },
    async childrenOf(a) {
      if (a.params.childIds && a.params.childIds.length > 0) return a.params.childIds;
      fresh();
      let ids = children.get(a.id);
      if (ids === undefined) children.set(a.id, (ids = await data.childMeters(a.nodeId, a.projectId)));
      return ids;
    },
    track(key) {
      let t = this.tracks.get(key);
      if (!t) this.tracks.set(key, (t = newTrack()));
      return t;
    },
    nodeName(id) {
      return this.nodes.get(id)?.name ?? String(id);
    },
    async contractAt(a, ts) {
      if (a.params.contractKw !== undefined) return a.params.contractKw;
      fresh();
      const known = contracts.get(a.id);
      if (known && ts >= known.from && ts < known.to) return known.kw;
      // a tariff version takes effect from a local midnight: what holds at ts holds for its local day
      const tz = await state.zone(a.projectId);
      const from = bucketStart(ts, 'day', tz);
      const c = await demandContract(ems, a, ts);
      contracts.set(a.id, { from, to: bucketEnd(from, 'day', tz), kw: c.kw });
      return c.kw;
    },
    async raise(key, r) {
      if (key !== null && state.active.has(key)) return;
      const node = state.nodes.get(r.deviceId);
      const modelLabel = node?.label ?? 'device';
      const id = await sink.insert({
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
        quantity: r.quantity ?? null,
        value: r.value,
        limit_value: r.limit,
        start_time: r.ts,
        end_time: r.momentary ? r.ts : null,
        message_zh: r.message.zh.slice(0, 1000),
        message_en: r.message.en.slice(0, 1000),
        active_key: r.momentary || key === null ? null : keyPrefix + key,
      });
      if (id === undefined) return; // another instance holds this condition's active event
      if (key !== null && !r.momentary) state.active.set(key, id);
      await sink.notify?.({
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
      await sink.finish(id, ts);
    },
    async worse(key, value) {
      const id = state.active.get(key);
      if (id !== undefined) await sink.setWorst(id, value);
    },
  };
  return state;
}

/** What the engine remembers between readings and checks besides its open events, as JSON (the history's resume point). */
export function memoryOf(s: EngineState): string {
  return JSON.stringify({
    tracks: [...s.tracks],
    mainCondition: [...s.mainCondition],
    values: [...s.values],
    lastSeen: [...s.lastSeen],
    switchPrev: [...s.switchPrev],
    demandSamples: [...s.demandSamples],
    grades: [...s.grades],
  });
}

/** Restores what memoryOf saved (nothing for null); the open events are resumed from the store after it (resumeActive). */
export function restoreMemory(s: EngineState, json: string | null): void {
  if (json === null) return;
  const m = JSON.parse(json) as {
    tracks: [string, TrackState][];
    mainCondition: [string, number][];
    values: [string, number][];
    lastSeen: [number, number][];
    switchPrev: [string, number][];
    demandSamples: [number, { ts: number; value: number }[]][];
    grades: [number, GradeMemory][];
  };
  // JSON has no undefined: a track's missing fields are undefined again
  s.tracks = new Map(m.tracks.map(([k, t]) => [k, { pendingSince: t.pendingSince ?? undefined, active: t.active, worst: t.worst ?? undefined }]));
  s.mainCondition = new Map(m.mainCondition);
  s.values = new Map(m.values);
  s.lastSeen = new Map(m.lastSeen);
  s.switchPrev = new Map(m.switchPrev);
  s.demandSamples = new Map(m.demandSamples);
  s.grades = new Map(m.grades);
}

/**
 * Resumes the state's open conditions from the stored active events (their keys without the
 * prefix): each becomes active with its worst value. Returns the events whose rule or algorithm is
 * no longer enabled (the caller finishes them); `kept` key prefixes (broken configurations) count as enabled.
 */
export function resumeActive(
  state: EngineState,
  rows: readonly { id: number | string; active_key: string | null; value: number | null }[],
  ruleIds: readonly number[],
  keyPrefix = '',
  kept: readonly string[] = [],
): number[] {
  const live = new Set([...ruleIds.map((id) => `rule:${id}:`), ...state.algorithms.map((a) => `alg:${a.id}:`), ...kept]);
  const orphans: number[] = [];
  state.active.clear();
  for (const e of rows) {
    const stored = e.active_key ?? '';
    if (!stored.startsWith(keyPrefix)) continue;
    const key = stored.slice(keyPrefix.length);
    // an open inspection order is closed by people, not by a condition; the history's are its own
    if (key.startsWith('order:') || (keyPrefix === '' && key.startsWith('hist:'))) continue;
    const prefix = key.split(':').slice(0, 2).join(':') + ':';
    if (!live.has(prefix)) {
      orphans.push(Number(e.id));
      state.tracks.delete(key);
      continue;
    }
    state.active.set(key, Number(e.id));
    const t = state.track(key);
    t.active = true;
    t.worst = e.value === null ? undefined : Number(e.value);
  }
  for (const [key, t] of state.tracks) if (t.active && !state.active.has(key)) state.tracks.delete(key);
  return orphans;
}

/** Event classes of the log types the engine raises (the spec's browser rule: 702–709 alarm; 701, 710 early warning). */
const CLASS_OF: Record<number, number> = {
  [LOG_TYPE.quotaForecast]: EVENT_CLASS.earlyWarning,
  [LOG_TYPE.quotaReached]: EVENT_CLASS.earlyWarning,
  [LOG_TYPE.deviceOffline]: EVENT_CLASS.general,
  [LOG_TYPE.switchChange]: EVENT_CLASS.other,
  [LOG_TYPE.accidentLevel]: EVENT_CLASS.accident,
};
export const classOf = (logType: number): number => CLASS_OF[logType] ?? EVENT_CLASS.alarm;
