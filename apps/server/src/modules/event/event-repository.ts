import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { nextTurn } from '../../lib/work-slices.js';
import { subtreeOf } from './config-repository.js';
import type { EventTable, EventTables } from './tables.js';

export type EventRow = Selectable<EventTable> & { node_name: string | null };
export type NewEvent = Omit<Insertable<EventTable>, 'id'>;

export interface EventFilter {
  projectIds: readonly number[];
  startTime: number;
  endTime: number;
  logTypes?: readonly number[] | undefined;
  nodeId?: number | undefined;
  modelLabel?: string | undefined;
  eventTypes?: readonly number[] | undefined;
  levels?: readonly number[] | undefined;
  status?: number | undefined;
  confirmState?: number | undefined;
  deviceId?: number | undefined;
  keyword?: string | undefined;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** All SQL of the stored events. */
export function eventRepository(db: Db) {
  const edb = db.withTables<EventTables>();

  /** Events overlapping [startTime, endTime) that match the filter. */
  const filtered = (f: EventFilter) => {
    let q = edb
      .selectFrom('event as e')
      .where('e.project_id', 'in', [...f.projectIds, -1])
      .where('e.start_time', '<', f.endTime)
      .where((w) => w.or([w('e.end_time', 'is', null), w('e.end_time', '>=', f.startTime)]));
    if (f.logTypes && f.logTypes.length > 0) q = q.where('e.log_type', 'in', [...f.logTypes]);
    if (f.nodeId !== undefined && f.modelLabel === 'project') q = q.where('e.project_id', '=', f.nodeId);
    else if (f.nodeId !== undefined) q = q.where('e.node_id', 'in', subtreeOf(f.nodeId));
    if (f.eventTypes && f.eventTypes.length > 0) q = q.where('e.event_type', 'in', [...f.eventTypes]);
    if (f.levels && f.levels.length > 0) q = q.where('e.level', 'in', [...f.levels]);
    if (f.status !== undefined) q = q.where('e.status', '=', f.status);
    if (f.confirmState !== undefined) q = q.where('e.confirm_state', '=', f.confirmState);
    if (f.deviceId !== undefined) q = q.where('e.device_id', '=', f.deviceId);
    if (f.keyword) {
      const k = like(f.keyword);
      q = q.where((w) => w.or([w('e.message_zh', 'like', k), w('e.message_en', 'like', k)]));
    }
    return q;
  };

  return {
    async query(f: EventFilter, index: number, limit: number): Promise<{ rows: EventRow[]; total: number }> {
      const rows = await filtered(f)
        .leftJoin('node as n', 'n.id', 'e.node_id')
        .selectAll('e')
        .select('n.name as node_name')
        .orderBy('e.start_time', 'desc')
        .orderBy('e.id', 'desc')
        .limit(limit)
        .offset(index * limit)
        .execute();
      // the count after a turn of the event loop: on SQLite both in one turn held every other request back (issue 12)
      await nextTurn();
      const count = await filtered(f).select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirst();
      return { rows: rows as EventRow[], total: Number(count?.n ?? 0) };
    },

    /**
     * Up to `limit` events of the filter in the query's order (newest first) that come after `after`
     * (the last event of the previous piece; from the first when undefined): a long export reads piece by piece.
     */
    async piece(f: EventFilter, limit: number, after?: { startTime: number; id: number }): Promise<EventRow[]> {
      let q = filtered(f);
      if (after) q = q.where((w) => w.or([w('e.start_time', '<', after.startTime), w.and([w('e.start_time', '=', after.startTime), w('e.id', '<', after.id)])]));
      const rows = await q.leftJoin('node as n', 'n.id', 'e.node_id').selectAll('e').select('n.name as node_name').orderBy('e.start_time', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
      return rows as EventRow[];
    },

    async get(id: number, projectIds: readonly number[]): Promise<EventRow | undefined> {
      const row = await edb
        .selectFrom('event as e')
        .leftJoin('node as n', 'n.id', 'e.node_id')
        .selectAll('e')
        .select('n.name as node_name')
        .where('e.id', '=', id)
        .where('e.project_id', 'in', [...projectIds, -1])
        .executeTakeFirst();
      return row as EventRow | undefined;
    },

    /**
     * Confirms the unconfirmed events among the ids that lie in the projects (a confirmed event keeps
     * its first confirmation); returns how many changed.
     */
    async confirm(ids: readonly number[], projectIds: readonly number[], user: string, time: number, comment: string): Promise<number> {
      const r = await edb
        .updateTable('event')
        .set({ confirm_state: 3, confirm_user: user, confirm_time: time, confirm_comment: comment })
        .where('id', 'in', [...ids])
        .where('project_id', 'in', [...projectIds, -1])
        .where('confirm_state', '=', 1)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** How many of the ids lie in the projects. */
    async countIn(ids: readonly number[], projectIds: readonly number[]): Promise<number> {
      const r = await edb
        .selectFrom('event')
        .select(sql<number>`cast(count(*) as integer)`.as('n'))
        .where('id', 'in', [...ids])
        .where('project_id', 'in', [...projectIds, -1])
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Inserts an active event; undefined when an active event already holds its key (another instance won). */
    async insertActive(v: NewEvent): Promise<number | undefined> {
      const r = await edb
        .insertInto('event')
        .values(v)
        .onConflict((oc) => oc.column('active_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return r ? Number(r.id) : undefined;
    },
    async setWorst(id: number, value: number): Promise<void> {
      await edb.updateTable('event').set({ value }).where('id', '=', id).execute();
    },
    /**
     * Closes the open inspection orders (711) among the ids in the projects: finished now, and
     * confirmed with the comment when nobody had confirmed them. Returns how many were closed.
     */
    async closeOrders(ids: readonly number[], projectIds: readonly number[], user: string, time: number, comment: string): Promise<number> {
      return edb.transaction().execute(async (tx) => {
        const scope = (q: ReturnType<typeof tx.updateTable<'event'>>) =>
          q.where('id', 'in', [...ids]).where('project_id', 'in', [...projectIds, -1]).where('log_type', '=', 711).where('status', '=', 0);
        await scope(tx.updateTable('event')).set({ confirm_state: 3, confirm_user: user, confirm_time: time, confirm_comment: comment }).where('confirm_state', '=', 1).execute();
        const r = await scope(tx.updateTable('event')).set({ status: 1, end_time: time, active_key: null }).executeTakeFirst();
        return Number(r.numUpdatedRows);
      });
    },
    /** Log types of the ids that lie in the projects. */
    async logTypesOf(ids: readonly number[], projectIds: readonly number[]): Promise<number[]> {
      const rows = await edb.selectFrom('event').select('log_type').where('id', 'in', [...ids]).where('project_id', 'in', [...projectIds, -1]).execute();
      return rows.map((r) => Number(r.log_type));
    },
    async finish(id: number, endTime: number): Promise<void> {
      await edb.updateTable('event').set({ status: 1, end_time: endTime, active_key: null }).where('id', '=', id).execute();
    },
    /** The active events (the engine's state after a restart). */
    active: () => edb.selectFrom('event').select(['id', 'active_key', 'value', 'start_time']).where('status', '=', 0).execute(),
  };
}
