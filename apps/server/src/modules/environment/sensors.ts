import {
  QUANTITY_DATA_ID,
  SENSOR_ALARM_LIMIT,
  SENSOR_LABELS,
  type Camera,
  type NodeRef,
  type RoomTile,
  type SensorAlarm,
  type SensorAlarmQuery,
  type SensorGrid,
  type SensorGridQuery,
  type SensorQuantity,
  type SensorRow,
  type SensorScope,
  type SensorTrend,
  type SensorTrendQuery,
} from '@ems/contract';
import { DEFAULT_OFFLINE_AFTER_MS, levelCounts, limitLines, onlineRatePct, sensorChannels, sensorLevel, worstLevel } from '@ems/domain';
import type { Ems } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { environmentRepository, type EnvNode } from './repository.js';
import { plantTree, ROOM_LABELS } from './tree.js';

const HOUR = 3_600_000;

/** The node's project and subtree (404 'no operation permission' outside the caller's projects). */
async function subtreeOf(ems: Ems, scope: readonly number[], ref: NodeRef) {
  const repo = environmentRepository(ems.db);
  const projectId = await repo.nodeProject(ref.nodeId, ref.modelLabel, scope);
  if (projectId === undefined) throw noPermission();
  const tree = plantTree(await repo.nodes(projectId));
  const nodes = tree.subtree(ref.modelLabel === 'project' ? null : ref.nodeId);
  return { repo, projectId, tree, nodes };
}

const kindOf = (n: EnvNode) => String(n.modelLabel === 'gasdetector' ? (n.attrs.gas ?? '') : (n.attrs.sensorKind ?? 'temperatureHumidity'));
const dataIdOf = (q: SensorQuantity) => QUANTITY_DATA_ID[q] ?? null;

/**
 * The sensors (gas detectors and/or environment sensors) of a node's subtree: each channel's latest
 * reading and level against the node's setpoints (DOMAIN §13 defaults where absent), the sensor's
 * level (worst channel), the level counts and the online rate, and the room tiles of the subtree.
 */
export async function sensorGrid(ems: Ems, scope: readonly number[], q: SensorGridQuery): Promise<SensorGrid> {
  const { repo, tree, nodes } = await subtreeOf(ems, scope, q);
  return gridOf(ems, repo, tree, nodes, q.scope ?? 'all', q.offlineAfterMinutes !== undefined ? q.offlineAfterMinutes * 60_000 : DEFAULT_OFFLINE_AFTER_MS, q);
}

type Repo = ReturnType<typeof environmentRepository>;
type Tree = ReturnType<typeof plantTree>;

export async function gridOf(ems: Ems, repo: Repo, tree: Tree, nodes: readonly EnvNode[], scopeKind: SensorScope, offlineAfterMs: number, ref?: NodeRef): Promise<SensorGrid> {
  const labels: readonly string[] = SENSOR_LABELS[scopeKind];
  const sensors = nodes.filter((n) => labels.includes(n.modelLabel));
  const channelsOf = new Map(sensors.map((s) => [s.id, sensorChannels(s.modelLabel, s.attrs)]));
  const dataIds = [...new Set([...channelsOf.values()].flat().map((c) => dataIdOf(c.quantity)).filter((d): d is number => d !== null))];
  const [latest, catalogue] = await Promise.all([repo.latest(sensors.map((s) => s.id), dataIds), repo.catalogue(dataIds)]);
  const units = new Map(catalogue.map((c) => [Number(c.data_id), c.unit]));
  const reading = new Map(latest.map((r) => [`${r.deviceId}:${r.dataId}`, r]));
  const now = ems.config.now();
  const rows: SensorRow[] = sensors.map((s) => {
    const channels = (channelsOf.get(s.id) ?? []).map((c) => {
      const dataId = dataIdOf(c.quantity);
      const r = dataId === null ? undefined : reading.get(`${s.id}:${dataId}`);
      return {
        quantity: c.quantity,
        dataId: dataId ?? 0,
        unit: (dataId !== null ? units.get(dataId) : undefined) ?? c.thresholds.unit ?? '',
        value: r?.value ?? null,
        ts: r?.ts ?? null,
        level: sensorLevel(r ?? null, now, c.thresholds, offlineAfterMs),
        thresholds: c.thresholds,
      };
    });
    return { id: s.id, modelLabel: s.modelLabel, name: s.name, code: s.code, kind: kindOf(s), level: worstLevel(channels.map((c) => c.level)), channels, ...tree.places(s.id) };
  });
  const levels = rows.map((r) => r.level);
  // the room tiles: the rooms of the subtree, or the room the chosen node lies in
  const roomNodes = nodes.filter((n) => ROOM_LABELS.has(n.modelLabel));
  if (roomNodes.length === 0 && ref && ref.modelLabel !== 'project') {
    const above = tree.places(ref.nodeId, true).room;
    const n = above ? tree.byId.get(above.id) : undefined;
    if (n) roomNodes.push(n);
  }
  const rooms: RoomTile[] = roomNodes.map((n) => {
    const p = tree.places(n.id);
    return { id: n.id, modelLabel: n.modelLabel, name: n.name, floor: p.floor, building: p.building };
  });
  return { now, offlineAfterMs, counts: levelCounts(levels), onlineRatePct: onlineRatePct(levels), sensors: rows, rooms };
}

/** Raw readings of a sensor's channels over the last `hours` (default 24, ≤ 48) with its limit lines. */
export async function sensorTrend(ems: Ems, lang: Lang, scope: readonly number[], q: SensorTrendQuery): Promise<SensorTrend> {
  const repo = environmentRepository(ems.db);
  const found = await Promise.all(SENSOR_LABELS.all.map((l) => repo.nodeProject(q.sensorId, l, scope)));
  const projectId = found.find((p) => p !== undefined);
  if (projectId === undefined) throw noPermission();
  const node = (await repo.nodes(projectId)).find((n) => n.id === q.sensorId) as EnvNode;
  const channels = sensorChannels(node.modelLabel, node.attrs);
  const to = ems.config.now();
  const from = to - (q.hours ?? 24) * HOUR;
  const dataIds = channels.map((c) => dataIdOf(c.quantity)).filter((d): d is number => d !== null);
  const catalogue = new Map((await repo.catalogue(dataIds)).map((c) => [Number(c.data_id), c]));
  const out = await Promise.all(
    channels.map(async (c) => {
      const dataId = dataIdOf(c.quantity);
      const d = dataId !== null ? catalogue.get(dataId) : undefined;
      return {
        quantity: c.quantity,
        dataId: dataId ?? 0,
        name: d ? (lang === 'en' ? d.name_en : d.name_zh) : c.quantity,
        unit: d?.unit ?? c.thresholds.unit ?? '',
        limits: limitLines(c.thresholds),
        points: dataId === null ? [] : await repo.readings(node.id, dataId, from, to),
      };
    }),
  );
  return { sensorId: node.id, name: node.name, from, to, channels: out };
}

/** Limit and offline events of the subtree's sensors overlapping the range (default the last 7 days), newest first. */
export async function sensorAlarms(ems: Ems, lang: Lang, scope: readonly number[], q: SensorAlarmQuery): Promise<SensorAlarm[]> {
  const { repo, projectId, nodes } = await subtreeOf(ems, scope, q);
  const labels: readonly string[] = SENSOR_LABELS[q.scope ?? 'all'];
  const sensors = new Map(nodes.filter((n) => labels.includes(n.modelLabel)).map((n) => [n.id, n.name]));
  const to = q.endTime ?? ems.config.now() + 1;
  const from = q.startTime ?? to - 7 * 24 * HOUR;
  const rows = await repo.events(projectId, [...sensors.keys()], from, to, SENSOR_ALARM_LIMIT);
  return rows.map((r) => {
    const sensorId = r.deviceId !== null && sensors.has(r.deviceId) ? r.deviceId : r.nodeId;
    return {
      id: r.id,
      logType: r.logType,
      level: r.level,
      status: r.status,
      confirmState: r.confirmState,
      sensorId,
      sensorName: sensors.get(sensorId) ?? '',
      dataId: r.dataId,
      value: r.value,
      limit: r.limit,
      startTime: r.startTime,
      endTime: r.endTime,
      message: lang === 'en' ? r.messageEn : r.messageZh,
    };
  });
}

/** The cameras of the subtree with their stream URL, location and room. */
export async function cameras(ems: Ems, scope: readonly number[], ref: NodeRef): Promise<Camera[]> {
  const { tree, nodes } = await subtreeOf(ems, scope, ref);
  return nodes
    .filter((n) => n.modelLabel === 'camera')
    .map((n) => ({ id: n.id, name: n.name, code: n.code, streamUrl: String(n.attrs.streamUrl ?? ''), location: String(n.attrs.location ?? ''), room: tree.places(n.id).room }));
}
