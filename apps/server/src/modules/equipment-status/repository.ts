import { sql, type Generated } from 'kysely';
import type { Db } from '../../db/connect.js';
import { readingRows, rollup15Rows, storeKindOf } from '../../db/series-source.js';
import { attrsOf } from '../common/attrs.js';

/** Table `equipment_scheme` (migration 0024-equipment-status). */
export interface EquipmentSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string;
  update_time: number;
}
/** Table `equipment_scheme_device`: the devices a programme classifies, in order. */
export interface EquipmentSchemeDeviceTable {
  scheme_id: number;
  device_id: number;
  sort: number;
}
/** Table `equipment_scheme_expression`: per device and state, the combinator and the conditions (JSON text). */
export interface EquipmentSchemeExpressionTable {
  scheme_id: number;
  device_id: number;
  state: string;
  combinator: number;
  /** JSON text: { deviceId, dataId, operator, limit }[] */
  conditions: string;
}
type Tables = { equipment_scheme: EquipmentSchemeTable; equipment_scheme_device: EquipmentSchemeDeviceTable; equipment_scheme_expression: EquipmentSchemeExpressionTable };

export interface ConditionRow {
  deviceId: number;
  dataId: number;
  operator: number;
  limit: number;
}
export interface SchemeRow {
  id: number;
  projectId: number;
  name: string;
  description: string;
  updateTime: number;
  devices: { deviceId: number; expressions: { state: string; combinator: number; conditions: ConditionRow[] }[] }[];
}
export interface SchemeValues {
  projectId: number;
  name: string;
  description: string;
  updateTime: number;
  devices: SchemeRow['devices'];
}
export interface NodeRow {
  id: number;
  parentId: number | null;
  label: string;
  name: string;
  code: string;
  attrs: Record<string, unknown>;
}
/** One 15-min value of a series: a counter's consumption (rollup_15m) or the mean of an instantaneous point's readings. */
export interface IntervalValue {
  deviceId: number;
  dataId: number;
  start: number;
  value: number | null;
}

const ORDER = ['running', 'standby', 'stopped'];

/** All SQL of the equipment-status programmes and their energy by state. */
export function equipmentStatusRepository(db: Db) {
  const t = db.withTables<Tables>();
  // the callers hand over ems.db only: the store's kind from its adapter (reading and rollup_15m sources)
  const kind = storeKindOf(db);

  async function load(rows: { id: number | string; project_id: number | string; name: string; description: string; update_time: number | string }[]): Promise<SchemeRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const [devices, exprs] = await Promise.all([
      t.selectFrom('equipment_scheme_device').selectAll().where('scheme_id', 'in', ids).orderBy('scheme_id').orderBy('sort').execute(),
      t.selectFrom('equipment_scheme_expression').selectAll().where('scheme_id', 'in', ids).execute(),
    ]);
    return rows.map((r) => {
      const id = Number(r.id);
      return {
        id,
        projectId: Number(r.project_id),
        name: r.name,
        description: r.description,
        updateTime: Number(r.update_time),
        devices: devices
          .filter((d) => Number(d.scheme_id) === id)
          .map((d) => ({
            deviceId: Number(d.device_id),
            expressions: exprs
              .filter((e) => Number(e.scheme_id) === id && Number(e.device_id) === Number(d.device_id))
              .sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state))
              .map((e) => ({ state: e.state, combinator: Number(e.combinator), conditions: JSON.parse(e.conditions) as ConditionRow[] })),
          })),
      };
    });
  }

  async function writeParts(trx: typeof t, id: number, v: SchemeValues) {
    for (const [sort, d] of v.devices.entries()) {
      await trx.insertInto('equipment_scheme_device').values({ scheme_id: id, device_id: d.deviceId, sort }).execute();
      for (const e of d.expressions)
        await trx.insertInto('equipment_scheme_expression').values({ scheme_id: id, device_id: d.deviceId, state: e.state, combinator: e.combinator, conditions: JSON.stringify(e.conditions) }).execute();
    }
  }

  return {
    async project(projectId: number): Promise<{ id: number; timezone: string } | undefined> {
      const r = await db.selectFrom('project').select(['id', 'timezone']).where('id', '=', projectId).executeTakeFirst();
      return r ? { id: Number(r.id), timezone: r.timezone || 'Asia/Shanghai' } : undefined;
    },

    /** The project's nodes (the device picker, names and validation). */
    async nodes(projectId: number): Promise<NodeRow[]> {
      const rows = await db.selectFrom('node').select(['id', 'parent_id', 'model_label', 'name', 'code', 'attrs']).where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), label: r.model_label, name: r.name, code: r.code ?? '', attrs: attrsOf(r.attrs) }));
    },

    catalogue: () => db.selectFrom('data_point').select(['data_id', 'name_zh', 'name_en', 'unit', 'kind']).orderBy('data_id').execute(),

    async schemes(projectIds: readonly number[]): Promise<SchemeRow[]> {
      if (projectIds.length === 0) return [];
      return load(await t.selectFrom('equipment_scheme').selectAll().where('project_id', 'in', [...projectIds]).orderBy('id').execute());
    },

    async scheme(id: number): Promise<SchemeRow | undefined> {
      return (await load(await t.selectFrom('equipment_scheme').selectAll().where('id', '=', id).execute()))[0];
    },

    async nameTaken(projectId: number, name: string, exceptId?: number): Promise<boolean> {
      let q = t.selectFrom('equipment_scheme').select('id').where('project_id', '=', projectId).where('name', '=', name);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(v: SchemeValues): Promise<number> {
      return t.transaction().execute(async (trx) => {
        const r = await trx.insertInto('equipment_scheme').values({ project_id: v.projectId, name: v.name, description: v.description, update_time: v.updateTime }).returning('id').executeTakeFirstOrThrow();
        await writeParts(trx, Number(r.id), v);
        return Number(r.id);
      });
    },

    async update(id: number, v: SchemeValues): Promise<void> {
      await t.transaction().execute(async (trx) => {
        await trx.updateTable('equipment_scheme').set({ name: v.name, description: v.description, update_time: v.updateTime }).where('id', '=', id).execute();
        await trx.deleteFrom('equipment_scheme_expression').where('scheme_id', '=', id).execute();
        await trx.deleteFrom('equipment_scheme_device').where('scheme_id', '=', id).execute();
        await writeParts(trx, id, v);
      });
    },

    async remove(id: number): Promise<number> {
      return t.transaction().execute(async (trx) => {
        await trx.deleteFrom('equipment_scheme_expression').where('scheme_id', '=', id).execute();
        await trx.deleteFrom('equipment_scheme_device').where('scheme_id', '=', id).execute();
        const r = await trx.deleteFrom('equipment_scheme').where('id', '=', id).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
    },

    /** The 15-min consumption of the devices' counter `dataId` with bucket_start in [from, to). */
    async consumption(deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<IntervalValue[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(rollup15Rows(kind, from, to).as('rollup_15m'))
        .select(['device_id', 'bucket_start', 'value'])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .execute();
      return rows.map((r) => ({ deviceId: Number(r.device_id), dataId, start: Number(r.bucket_start), value: r.value === null ? null : Number(r.value) }));
    },

    /** The mean of an instantaneous point's readings per 15-min interval in [from, to), where readings exist. */
    async instantMeans(deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<IntervalValue[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const b = sql<number>`(ts / 900000) * 900000`;
      const r = await sql<{ device_id: number; b: number | string; v: number | string | null }>`
        select device_id, ${b} as b, avg(value) as v from ${readingRows(kind, from, to)} reading
        where device_id in (${sql.join(deviceIds.map((d) => sql.lit(d)))}) and data_id = ${dataId} and ts >= ${from} and ts < ${to}
        group by device_id, ${b}`.execute(db);
      return r.rows.map((x) => ({ deviceId: Number(x.device_id), dataId, start: Number(x.b), value: x.v === null ? null : Number(x.v) }));
    },
  };
}

export type EquipmentStatusRepository = ReturnType<typeof equipmentStatusRepository>;
