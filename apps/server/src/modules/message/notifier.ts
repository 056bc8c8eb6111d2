import { EventEmitter } from 'node:events';
import type { NotificationDescription, NotificationMessage } from '@ems/contract';
import type { Db } from '../../db/connect.js';
import type { Lang } from '../../lib/i18n.js';
import { notificationRepository } from './repository.js';

/** A notification to raise: what a rule hands to the notifier. */
export interface NewNotification {
  projectId: number;
  nodeId: number;
  modelLabel: string;
  logType: number;
  /** the class the spec's browser rule gives this log type and description */
  eventClass: number;
  eventType: number | null;
  level: number | null;
  eventId: number | null;
  /** ms */
  time: number;
  message: { zh: string; en: string };
  /** further description fields (dataId, value, limit, ...) */
  extra?: Record<string, unknown>;
}

/** A notification as stored, with its increasing id. */
export interface StoredNotification {
  id: number;
  projectId: number;
  nodeId: number;
  modelLabel: string;
  logType: number;
  eventClass: number;
  eventId: number | null;
  time: number;
  messageZh: string;
  messageEn: string;
  /** JSON text */
  description: string;
}

/** The wire shape for a recipient: content is JSON text whose `message` is in the recipient's language. */
export function toMessage(n: StoredNotification, lang: Lang, read?: boolean): NotificationMessage {
  return {
    id: n.id,
    time: n.time,
    logType: n.logType,
    content: JSON.stringify({ message: lang === 'en' ? n.messageEn : n.messageZh }),
    description: n.description,
    projectId: n.projectId,
    ...(read === undefined ? {} : { read }),
  };
}

export type NotificationListener = (n: StoredNotification) => void;

/**
 * Raises notifications: stores each one (so nothing is lost and a reconnecting browser can ask for
 * what came after its last id), then hands it to every listener of this instance. The message
 * server listens here and fans out to sockets (and, with Redis, to other instances).
 */
export interface Notifier {
  notify(n: NewNotification): Promise<StoredNotification>;
  /** Listens to notifications raised on this instance; returns the unsubscribe function. */
  subscribe(listener: NotificationListener): () => void;
}

export function createNotifier(db: Db): Notifier {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const repo = notificationRepository(db);
  return {
    async notify(n) {
      const description: NotificationDescription = {
        ...(n.extra ?? {}),
        eventClass: n.eventClass,
        eventType: n.eventType,
        level: n.level,
        nodeId: n.nodeId,
        modelLabel: n.modelLabel,
        eventId: n.eventId,
        projectId: n.projectId,
      };
      const row = {
        project_id: n.projectId,
        node_id: n.nodeId,
        model_label: n.modelLabel,
        log_type: n.logType,
        event_class: n.eventClass,
        event_id: n.eventId,
        time: n.time,
        message_zh: n.message.zh.slice(0, 1000),
        message_en: n.message.en.slice(0, 1000),
        description: JSON.stringify(description),
      };
      const id = await repo.insert(row);
      const stored: StoredNotification = {
        id,
        projectId: row.project_id,
        nodeId: row.node_id,
        modelLabel: row.model_label,
        logType: row.log_type,
        eventClass: row.event_class,
        eventId: row.event_id,
        time: row.time,
        messageZh: row.message_zh,
        messageEn: row.message_en,
        description: row.description,
      };
      bus.emit('notification', stored);
      return stored;
    },
    subscribe(listener) {
      const safe = (n: StoredNotification) => {
        try {
          listener(n);
        } catch {
          // a listener's failure must not stop the others or the rule that raised it
        }
      };
      bus.on('notification', safe);
      return () => bus.off('notification', safe);
    },
  };
}
