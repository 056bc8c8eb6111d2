import { sql, type Generated } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Table `notification` (migration 0005-notifications). */
export interface NotificationTable {
  id: Generated<number>;
  project_id: number;
  node_id: number;
  model_label: string;
  log_type: number;
  event_class: number;
  event_id: number | null;
  time: number;
  message_zh: string;
  message_en: string;
  /** JSON text (NotificationDescription) */
  description: string;
}

/** Table `notification_read` (migration 0005-notifications): who has read what, and when. */
export interface NotificationReadTable {
  user_id: number;
  notification_id: number;
  read_at: number;
}

export type NotificationTables = { notification: NotificationTable; notification_read: NotificationReadTable };

export type NotificationRow = NotificationTable extends infer T ? { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] } : never;

export interface Page {
  offset: number;
  limit: number;
}

/** What a reader may see: projects, plus optional time and id bounds. */
export interface LogFilter {
  projectIds: readonly number[];
  userId: number;
  startTime?: number;
  endTime?: number;
  afterId?: number;
  unreadOnly?: boolean;
}

/** The SQL of the notification store: the notifier's insert and the message server's reads. */
export function notificationRepository(db: Db) {
  const ndb = db.withTables<NotificationTables>();

  const filtered = (f: LogFilter) => {
    let q = ndb.selectFrom('notification as n').where('n.project_id', 'in', f.projectIds.length > 0 ? [...f.projectIds] : [-1]);
    if (f.startTime !== undefined) q = q.where('n.time', '>=', f.startTime);
    if (f.endTime !== undefined) q = q.where('n.time', '<=', f.endTime);
    if (f.afterId !== undefined) q = q.where('n.id', '>', f.afterId);
    if (f.unreadOnly) {
      q = q.where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('notification_read as r').select('r.user_id').whereRef('r.notification_id', '=', 'n.id').where('r.user_id', '=', f.userId))),
      );
    }
    return q;
  };

  return {
    async insert(v: Omit<NotificationTable, 'id'>): Promise<number> {
      const row = await ndb.insertInto('notification').values(v).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The newest `perClass` unread notifications of each class with id > afterId, oldest first. */
    async unreadAfter(f: LogFilter, classes: readonly number[], perClass: number): Promise<NotificationRow[]> {
      const lists = await Promise.all(
        classes.map((c) => filtered({ ...f, unreadOnly: true }).selectAll('n').where('n.event_class', '=', c).orderBy('n.id', 'desc').limit(perClass).execute()),
      );
      return lists.flat().sort((a, b) => Number(a.id) - Number(b.id));
    },

    /** One page of the log, newest first, with the reader's read time (null when unread), and the total. */
    async log(f: LogFilter, page: Page): Promise<{ rows: (NotificationRow & { read_at: number | null })[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(f)
          .leftJoin('notification_read as r', (j) => j.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', f.userId))
          .selectAll('n')
          .select('r.read_at')
          .orderBy('n.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        filtered(f).select(sql<number>`count(*)`.as('c')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.c) };
    },

    /** One page of notifications whose time lies between start and end (inclusive), newest first. */
    async between(projectIds: readonly number[], startTime: number, endTime: number, page: Page) {
      const f: LogFilter = { projectIds, userId: 0, startTime, endTime };
      const [rows, count] = await Promise.all([
        filtered(f).selectAll('n').orderBy('n.time', 'desc').orderBy('n.id', 'desc').offset(page.offset).limit(page.limit).execute(),
        filtered(f).select(sql<number>`count(*)`.as('c')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.c) };
    },

    /** Marks as read, for the user, those of the ids that lie in the projects; returns how many were newly marked. */
    async markIds(userId: number, projectIds: readonly number[], ids: readonly number[], now: number): Promise<number> {
      if (ids.length === 0 || projectIds.length === 0) return 0;
      const select = ndb
        .selectFrom('notification as n')
        .select([sql<number>`cast(${userId} as integer)`.as('user_id'), 'n.id as notification_id', sql<number>`cast(${now} as bigint)`.as('read_at')])
        .where('n.id', 'in', [...ids])
        .where('n.project_id', 'in', [...projectIds]);
      return insertRead(select);
    },

    /** 'All read' for a class: every notification of the class in the projects with id up to maxId. */
    async markClass(userId: number, projectIds: readonly number[], eventClass: number, maxId: number, now: number): Promise<number> {
      if (projectIds.length === 0) return 0;
      const select = ndb
        .selectFrom('notification as n')
        .select([sql<number>`cast(${userId} as integer)`.as('user_id'), 'n.id as notification_id', sql<number>`cast(${now} as bigint)`.as('read_at')])
        .where('n.event_class', '=', eventClass)
        .where('n.id', '<=', maxId)
        .where('n.project_id', 'in', [...projectIds])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('notification_read as r').select('r.user_id').whereRef('r.notification_id', '=', 'n.id').where('r.user_id', '=', userId))),
        );
      return insertRead(select);
    },

    async projectTimezone(projectId: number): Promise<string | undefined> {
      const row = await db.selectFrom('project').select('timezone').where('id', '=', projectId).executeTakeFirst();
      return row ? row.timezone || 'Asia/Shanghai' : undefined;
    },

    async maxId(): Promise<number> {
      const row = await ndb.selectFrom('notification').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst();
      return Number(row?.m ?? 0);
    },

    /** The node and its ancestors as `${modelLabel}_${id}`, nearest first (empty for an unknown node). */
    async nodeChain(nodeId: number): Promise<string[]> {
      const keys: string[] = [];
      let id: number | null = nodeId;
      for (let depth = 0; id !== null && depth < 16; depth++) {
        const row: { id: number; parent_id: number | null; model_label: string } | undefined = await db
          .selectFrom('node')
          .select(['id', 'parent_id', 'model_label'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) break;
        keys.push(`${row.model_label}_${Number(row.id)}`);
        id = row.parent_id === null ? null : Number(row.parent_id);
      }
      return keys;
    },
  };

  async function insertRead(select: Parameters<ReturnType<typeof ndb.insertInto<'notification_read'>>['expression']>[0]): Promise<number> {
    const res = await ndb
      .insertInto('notification_read')
      .columns(['user_id', 'notification_id', 'read_at'])
      .expression(select)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0);
  }
}
