import {
  MONITOR_CONTAINER_LABELS,
  MONITOR_MAX_DEVICES,
  MONITOR_OFFLINE_AFTER_MS,
  type DataPointKind,
  type LimitState,
  type MonitorDataPoint,
  type MonitorDevice,
  type MonitorDevices,
  type MonitorDevicesBody,
} from '@ems/contract';
import type { Ems } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { monitorRepository } from './repository.js';

/** Where a value sits against its limits: over the upper, under the lower, else normal (limits inclusive). */
export function limitState(value: number, upper: number | null, lower: number | null): LimitState {
  if (upper !== null && value > upper) return 'over';
  if (lower !== null && value < lower) return 'under';
  return 'normal';
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type Catalogue = Awaited<ReturnType<ReturnType<typeof monitorRepository>['catalogue']>>;

function pointInfo(catalogue: Catalogue, lang: Lang) {
  const map = new Map(catalogue.map((d) => [Number(d.data_id), d]));
  return (dataId: number) => {
    const d = map.get(dataId);
    return {
      name: d ? (lang === 'en' ? d.name_en : d.name_zh) : String(dataId),
      unit: d?.unit ?? '',
      kind: (d?.kind ?? 'instant') as DataPointKind,
      upperLimit: num(d?.upper_limit),
      lowerLimit: num(d?.lower_limit),
    };
  };
}

/**
 * The devices under a node (its subtree; every non-container node is a device) with each data
 * point's latest reading, its limits and limit state, and an online flag: online when the newest
 * reading of any point is at most `offlineAfterMinutes` (default 15) old on the server clock.
 */
export async function monitorDevices(ems: Ems, lang: Lang, scope: readonly number[], body: MonitorDevicesBody): Promise<MonitorDevices> {
  const repo = monitorRepository(ems.db);
  const projectId = await repo.nodeProject(body.nodeId, body.modelLabel, scope);
  if (projectId === undefined) throw noPermission();
  const [rows, catalogue] = await Promise.all([
    repo.latest(projectId, body.modelLabel === 'project' ? null : body.nodeId, MONITOR_CONTAINER_LABELS, MONITOR_MAX_DEVICES),
    repo.catalogue(),
  ]);
  const info = pointInfo(catalogue, lang);
  const now = ems.config.now();
  const offlineAfterMs = body.offlineAfterMinutes !== undefined ? body.offlineAfterMinutes * 60_000 : MONITOR_OFFLINE_AFTER_MS;
  const devices = new Map<number, MonitorDevice>();
  for (const r of rows) {
    const id = Number(r.id);
    let d = devices.get(id);
    if (!d) {
      d = { id, modelLabel: r.model_label, name: r.name, parentId: r.parent_id === null ? null : Number(r.parent_id), online: false, lastTs: null, points: [] };
      devices.set(id, d);
    }
    if (r.data_id === null || r.ts === null) continue;
    const p = info(Number(r.data_id));
    const ts = Number(r.ts);
    const value = num(r.value);
    d.points.push({
      dataId: Number(r.data_id),
      ...p,
      value,
      ts,
      status: Number(r.status),
      limitState: value === null ? 'normal' : limitState(value, p.upperLimit, p.lowerLimit),
    });
    d.lastTs = Math.max(d.lastTs ?? ts, ts);
  }
  for (const d of devices.values()) d.online = d.lastTs !== null && now - d.lastTs <= offlineAfterMs;
  return { now, offlineAfterMs, devices: [...devices.values()] };
}

/** The data points a device of the scope has readings for (404 'no operation permission' outside it). */
export async function devicePoints(ems: Ems, lang: Lang, scope: readonly number[], deviceId: number): Promise<MonitorDataPoint[]> {
  const repo = monitorRepository(ems.db);
  if (!(await repo.device(deviceId, scope))) throw noPermission();
  const [rows, catalogue] = await Promise.all([repo.devicePoints(deviceId), repo.catalogue()]);
  const info = pointInfo(catalogue, lang);
  return rows.map((r) => ({ dataId: Number(r.data_id), ...info(Number(r.data_id)), lastTs: Number(r.last_ts) }));
}
