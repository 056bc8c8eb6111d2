import type { Generated } from 'kysely';
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

/** The SQL of the notification store that the notifier needs; the message server adds its queries beside it. */
export function notificationRepository(db: Db) {
  const ndb = db.withTables<NotificationTables>();
  return {
    async insert(v: Omit<NotificationTable, 'id'>): Promise<number> {
      const row = await ndb.insertInto('notification').values(v).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
  };
}
