import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** A device of the subtree and, when it has readings, one data point with its latest reading. */
export interface LatestRow {
  id: number;
  name: string;
  model_label: string;
  parent_id: number | null;
  data_id: number | null;
  ts: number | null;
  value: number | null;
  status: number | null;
}

/**
 * The data points of each device, by a loose index scan of the reading key (device_id, data_id, ts):
 * the smallest data_id of a device, then the next larger one, … — one index probe per point.
 *
 * Every statement of this module reads the row table alone: it asks which series a device has and
 * each one's newest reading, and a series' newest reading is always a row (PostgreSQL day rows hold
 * only its older closed days, issue 16, db/series-source.ts).
 */
const pointsCte = sql`
  dp(device_id, data_id) as (
    select s.id, (select min(r.data_id) from reading r where r.device_id = s.id) from dev s
    union all
    select dp.device_id, (select min(r.data_id) from reading r where r.device_id = dp.device_id and r.data_id > dp.data_id) from dp where dp.data_id is not null
  )`;

/** All SQL of the device monitor. */
export function monitorRepository(db: Db) {
  return {
    /** The node (or project when label is 'project') if it lies in the projects: its project id. */
    async nodeProject(nodeId: number, label: string, projectIds: readonly number[]): Promise<number | undefined> {
      if (projectIds.length === 0) return undefined;
      if (label === 'project') return projectIds.includes(nodeId) ? nodeId : undefined;
      const row = await db
        .selectFrom('node')
        .select('project_id')
        .where('id', '=', nodeId)
        .where('model_label', '=', label)
        .where('project_id', 'in', [...projectIds])
        .executeTakeFirst();
      return row ? Number(row.project_id) : undefined;
    },

    /**
     * One statement: the devices in the subtree of the node (the project's nodes for a project;
     * the node itself included) whose label is not a container, each data point they have readings
     * for and its latest reading. Devices without readings come once with null point fields.
     */
    async latest(projectId: number, nodeId: number | null, containers: readonly string[], maxDevices: number): Promise<LatestRow[]> {
      const root =
        nodeId === null
          ? sql`select id from node where project_id = ${projectId} and parent_id is null`
          : sql`select id from node where id = ${nodeId} and project_id = ${projectId}`;
      const r = await sql<LatestRow>`
        with recursive sub(id) as (
          ${root}
          union all
          select n.id from node n join sub on n.parent_id = sub.id
        ), dev(id) as (
          select n.id from node n join sub on sub.id = n.id
          where n.model_label not in (${sql.join(containers.map((c) => sql`${c}`))})
          order by n.sort, n.id limit ${maxDevices}
        ), ${pointsCte}
        select n.id, n.name, n.model_label, n.parent_id, dp.data_id, r.ts, r.value, r.status
        from dev join node n on n.id = dev.id
        left join dp on dp.device_id = n.id and dp.data_id is not null
        left join reading r on r.device_id = dp.device_id and r.data_id = dp.data_id
          and r.ts = (select max(r2.ts) from reading r2 where r2.device_id = dp.device_id and r2.data_id = dp.data_id)
        order by n.sort, n.id, dp.data_id`.execute(db);
      return r.rows;
    },

    /** The data points a device has readings for, with the time of the latest reading. */
    async devicePoints(deviceId: number): Promise<{ data_id: number; last_ts: number }[]> {
      const r = await sql<{ data_id: number; last_ts: number }>`
        with recursive dev(id) as (select cast(${deviceId} as integer)), ${pointsCte}
        select dp.data_id, (select max(r.ts) from reading r where r.device_id = dp.device_id and r.data_id = dp.data_id) as last_ts
        from dp where dp.data_id is not null order by dp.data_id`.execute(db);
      return r.rows;
    },

    async device(deviceId: number, projectIds: readonly number[]) {
      if (projectIds.length === 0) return undefined;
      return db.selectFrom('node').select(['id', 'project_id']).where('id', '=', deviceId).where('project_id', 'in', [...projectIds]).executeTakeFirst();
    },

    async catalogue() {
      return db.selectFrom('data_point').selectAll().execute();
    },
  };
}
