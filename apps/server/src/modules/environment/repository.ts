import { type Generated } from 'kysely';
import type { Db } from '../../db/connect.js';
import { readingRows, storeKindOf } from '../../db/series-source.js';
import { latestPerSeries } from '../../db/latest.js';
import type { EventTable } from '../event/tables.js';

/** Table `hazard_source` (migration 0010-hazard). */
export interface HazardSourceTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  grade: number;
  node_id: number | null;
  model_label: string | null;
  location: string;
  responsible: string;
  phone: string;
  /** JSON text: number[] */
  sensor_ids: string;
  note: string;
  update_time: number;
}

export interface EnvNode {
  id: number;
  parentId: number | null;
  modelLabel: string;
  name: string;
  code: string;
  attrs: Record<string, unknown>;
}

export interface LatestReading {
  deviceId: number;
  dataId: number;
  ts: number;
  value: number | null;
}

export type HazardRow = Omit<HazardSourceTable, 'id'> & { id: number };
type HazardValues = Omit<HazardSourceTable, 'id'>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const parse = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** All SQL of the environment, hazard-source and video pages. */
export function environmentRepository(db: Db) {
  const t = db.withTables<{ hazard_source: HazardSourceTable; event: EventTable }>();
  // the callers hand over ems.db only: the store's kind from its adapter (the reading source)
  const kind = storeKindOf(db);
  return {
    /** The project of a node of the given label (or the project itself for 'project'), if it lies in the projects. */
    async nodeProject(nodeId: number, label: string, projectIds: readonly number[]): Promise<number | undefined> {
      if (projectIds.length === 0) return undefined;
      if (label === 'project') return projectIds.includes(nodeId) ? nodeId : undefined;
      const row = await db.selectFrom('node').select('project_id').where('id', '=', nodeId).where('model_label', '=', label).where('project_id', 'in', [...projectIds]).executeTakeFirst();
      return row ? Number(row.project_id) : undefined;
    },

    /** The project's IANA time zone, undefined for an unknown project. */
    async projectTimezone(projectId: number): Promise<string | undefined> {
      const row = await db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
      return row?.timezone;
    },

    /** Every node of a project in tree order (sort, id), attributes parsed. */
    async nodes(projectId: number): Promise<EnvNode[]> {
      const rows = await db.selectFrom('node').select(['id', 'parent_id', 'model_label', 'name', 'code', 'attrs']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), modelLabel: r.model_label, name: r.name, code: r.code, attrs: parse(r.attrs) }));
    },

    /** The nodes of a project among the ids (a form's node and sensors), attributes parsed. */
    async nodesIn(projectId: number, ids: readonly number[]): Promise<EnvNode[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('node').select(['id', 'parent_id', 'model_label', 'name', 'code', 'attrs']).where('project_id', '=', projectId).where('id', 'in', [...ids]).execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), modelLabel: r.model_label, name: r.name, code: r.code, attrs: parse(r.attrs) }));
    },

    /**
     * The newest reading of each (device, data point) pair of the devices and data points (two key probes per pair).
     * No upper bound: the row table suffices (a series' newest reading is always a row, issue 16).
     */
    async latest(deviceIds: readonly number[], dataIds: readonly number[]): Promise<LatestReading[]> {
      return (await latestPerSeries(db, deviceIds, dataIds)).map((x) => ({ deviceId: x.deviceId, dataId: x.dataId, ts: x.ts, value: x.value }));
    },

    /** Raw readings of one device and data point with ts in [from, to], time order (callers keep to ≤ 2 days). */
    async readings(deviceId: number, dataId: number, from: number, to: number): Promise<(number | null)[][]> {
      // the range is closed at `to`: the source's end is to + 1
      const rows = await db.selectFrom(readingRows(kind, from, to + 1).as('reading')).select(['ts', 'value']).where('device_id', '=', deviceId).where('data_id', '=', dataId).where('ts', '>=', from).where('ts', '<=', to).orderBy('ts').execute();
      return rows.map((r) => [Number(r.ts), num(r.value)]);
    },

    async catalogue(dataIds: readonly number[]) {
      if (dataIds.length === 0) return [];
      return db.selectFrom('data_point').select(['data_id', 'name_zh', 'name_en', 'unit']).where('data_id', 'in', [...dataIds]).execute();
    },

    /** Events of the project about the devices (as device or as node) overlapping [from, to), newest first. */
    async events(projectId: number, deviceIds: readonly number[], from: number, to: number, limit: number) {
      if (deviceIds.length === 0) return [];
      const ids = [...deviceIds];
      const rows = await t
        .selectFrom('event')
        .select(['id', 'log_type', 'level', 'status', 'confirm_state', 'node_id', 'device_id', 'data_id', 'value', 'limit_value', 'start_time', 'end_time', 'message_zh', 'message_en'])
        .where('project_id', '=', projectId)
        .where((eb) => eb.or([eb('device_id', 'in', ids), eb('node_id', 'in', ids)]))
        .where('start_time', '<', to)
        .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>=', from)]))
        .orderBy('start_time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        logType: Number(r.log_type),
        level: num(r.level),
        status: Number(r.status),
        confirmState: Number(r.confirm_state),
        nodeId: Number(r.node_id),
        deviceId: num(r.device_id),
        dataId: num(r.data_id),
        value: num(r.value),
        limit: num(r.limit_value),
        startTime: Number(r.start_time),
        endTime: num(r.end_time),
        messageZh: r.message_zh,
        messageEn: r.message_en,
      }));
    },

    async hazards(projectIds: readonly number[]): Promise<HazardRow[]> {
      if (projectIds.length === 0) return [];
      const rows = await t.selectFrom('hazard_source').selectAll().where('project_id', 'in', [...projectIds]).orderBy('project_id').orderBy('id').execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), project_id: Number(r.project_id), grade: Number(r.grade), node_id: num(r.node_id), update_time: Number(r.update_time) }));
    },

    async hazard(id: number): Promise<HazardRow | undefined> {
      const r = await t.selectFrom('hazard_source').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? { ...r, id: Number(r.id), project_id: Number(r.project_id), grade: Number(r.grade), node_id: num(r.node_id), update_time: Number(r.update_time) } : undefined;
    },

    async hazardByName(projectId: number, name: string): Promise<number | undefined> {
      const r = await t.selectFrom('hazard_source').select('id').where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst();
      return r ? Number(r.id) : undefined;
    },

    async insertHazard(v: HazardValues): Promise<number> {
      const r = await t.insertInto('hazard_source').values(v).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    async updateHazard(id: number, v: HazardValues): Promise<void> {
      await t.updateTable('hazard_source').set(v).where('id', '=', id).execute();
    },

    async removeHazard(id: number): Promise<number> {
      const r = await t.deleteFrom('hazard_source').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
