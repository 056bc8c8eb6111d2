import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { nextTurn, slicer } from '../../lib/work-slices.js';
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

/**
 * Events per piece of a range (by the time index alone): a piece's count and page statements stay a
 * few ms however long the history, with a turn of the event loop between pieces (issue 12).
 */
export const PIECE_EVENTS = 5000;

/** All SQL of the stored events. */
export function eventRepository(db: Db) {
  const edb = db.withTables<EventTables>();

  /** The filters other than time on a query of the scope's events. */
  const matching = (f: EventFilter) => {
    let q = edb.selectFrom('event as e').where('e.project_id', 'in', [...f.projectIds, -1]);
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
  /** Events that began in [from, to) (the time index). */
  const within = (f: EventFilter, from: number, to: number) => matching(f).where('e.start_time', '>=', from).where('e.start_time', '<', to);
  /** Events that began before the range and go on into it: active, or ended in it (the end index). */
  const carried = (f: EventFilter) =>
    matching(f)
      .where('e.start_time', '<', f.startTime)
      .where((w) => w.or([w('e.end_time', 'is', null), w('e.end_time', '>=', f.startTime)]));
  const count = async (q: ReturnType<typeof matching>) => Number((await q.select(sql<number>`cast(count(*) as integer)`.as('n')).executeTakeFirst())?.n ?? 0);
  /** The query's order (newest first) with the node's name, from `offset`, at most `limit`. */
  const page = async (q: ReturnType<typeof matching>, offset: number, limit: number) =>
    (await q
      .leftJoin('node as n', 'n.id', 'e.node_id')
      .selectAll('e')
      .select('n.name as node_name')
      .orderBy('e.start_time', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()) as EventRow[];
  const after = (q: ReturnType<typeof matching>, a: { startTime: number; id: number } | undefined) =>
    a ? q.where((w) => w.or([w('e.start_time', '<', a.startTime), w.and([w('e.start_time', '=', a.startTime), w('e.id', '<', a.id)])])) : q;

  /**
   * [startTime, endTime) cut where each project of the scope has about PIECE_EVENTS events since the
   * last cut, newest first: the edges, from endTime down to startTime.
   */
  async function edges(f: EventFilter): Promise<number[]> {
    const cuts = new Set<number>([f.endTime, f.startTime]);
    const projects = f.nodeId !== undefined && f.modelLabel === 'project' ? [f.nodeId] : f.projectIds;
    const turn = slicer();
    for (const p of projects) {
      for (let hi = f.endTime; ; ) {
        const row = await edb
          .selectFrom('event')
          .select('start_time')
          .where('project_id', '=', p)
          .where('start_time', '>=', f.startTime)
          .where('start_time', '<', hi)
          .orderBy('start_time', 'desc')
          .limit(1)
          .offset(PIECE_EVENTS)
          .executeTakeFirst();
        await turn();
        if (!row) break;
        hi = Number(row.start_time);
        cuts.add(hi);
      }
    }
    return [...cuts].sort((a, b) => b - a);
  }

  return {
    /**
     * A page of the events overlapping [startTime, endTime) newest first, and their number: the range
     * a piece at a time (its count, and its rows when the page lies in it), then the events carried
     * in from before, each statement in a turn of the event loop of its own (issue 12).
     */
    async query(f: EventFilter, index: number, limit: number): Promise<{ rows: EventRow[]; total: number }> {
      const offset = index * limit;
      const rows: EventRow[] = [];
      let total = 0;
      const take = async (q: ReturnType<typeof matching>, n: number) => {
        const next = offset + rows.length;
        if (rows.length < limit && next < total + n) {
          await nextTurn();
          for (const r of await page(q, next - total, limit - rows.length)) rows.push(r);
        }
        total += n;
      };
      const cuts = await edges(f);
      for (let i = 0; i + 1 < cuts.length; i++) {
        const q = within(f, cuts[i + 1] as number, cuts[i] as number);
        await nextTurn();
        await take(q, await count(q));
      }
      await nextTurn();
      await take(carried(f), await count(carried(f)));
      return { rows, total };
    },

    /**
     * Up to `limit` events of the filter in the query's order (newest first) that come after `after`
     * (the last event of the previous piece; from the first when undefined): a long export reads piece by piece.
     */
    async piece(f: EventFilter, limit: number, last?: { startTime: number; id: number }): Promise<EventRow[]> {
      const rows: EventRow[] = [];
      // the range's own events first, then those carried in (they all began earlier)
      if (!last || last.startTime >= f.startTime) rows.push(...(await page(after(within(f, f.startTime, f.endTime), last), 0, limit)));
      if (rows.length < limit) rows.push(...(await page(after(carried(f), last && last.startTime < f.startTime ? last : undefined), 0, limit - rows.length)));
      return rows;
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
