import { ErrorCode, type ConvertTimeBody, type ConvertTimeEntry, type MarkReadBody, type MessageCentreQuery, type MessageCentreRecord, type MessageLogQuery, type NotificationMessage } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, noPermission, unauthorized } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { modelNodes } from '../model/meta-service.js';
import { convertTime } from './convert-time.js';
import { logTypeName } from './log-types.js';
import { toMessage } from './notifier.js';
import { notificationRepository } from './repository.js';
import { storedOf } from './socket.js';

const DEFAULT_PAGE = { index: 0, limit: 100 };

const invalid = (field: string, why: string) => new ApiError(400, ErrorCode.badRequest, 'invalidField', null, [field, why]);

function checkRange(startTime: number | undefined, endTime: number | undefined) {
  if (startTime !== undefined && endTime !== undefined && endTime < startTime) throw invalid('endTime', 'must not be before startTime');
}

/**
 * The tags a session may register: `project_{id}` and `${modelLabel}_${id}` for every node of its
 * visible projects, and its own user id. Returns the asked tags that pass, in the order asked.
 */
export async function allowedTags(ems: Ems, session: Session, tags: readonly string[]): Promise<string[]> {
  const visible = new Set((await modelNodes(ems, session)).map((n) => `${n.modelLabel}_${n.id}`));
  visible.add(String(session.userId));
  return [...new Set(tags)].filter((t) => visible.has(t));
}

/** The message log (noticeMode 4) of the caller's visible projects, newest first; `page.index` is the row offset. */
export async function messageLog(ems: Ems, lang: Lang, session: Session, q: MessageLogQuery): Promise<{ list: NotificationMessage[]; total: number }> {
  if (q.receiver !== undefined && q.receiver !== session.userId) throw unauthorized();
  checkRange(q.startTime, q.endTime);
  const page = q.page ?? DEFAULT_PAGE;
  const { rows, total } = await notificationRepository(ems.db).log(
    { projectIds: session.projectIds, userId: session.userId, startTime: q.startTime, endTime: q.endTime, afterId: q.afterId, unreadOnly: q.unreadOnly },
    { offset: page.index, limit: page.limit },
  );
  return { list: rows.map((r) => toMessage(storedOf(r), lang, r.read_at !== null)), total };
}

/** Marks messages read for the caller (the given ids, or 'all read' of a class up to now); returns how many were newly marked. */
export async function markRead(ems: Ems, session: Session, body: MarkReadBody): Promise<number> {
  const repo = notificationRepository(ems.db);
  const now = ems.config.now();
  if (body.ids === undefined && body.eventClass === undefined) throw invalid('ids', 'ids or eventClass is required');
  let n = 0;
  if (body.ids) n += await repo.markIds(session.userId, session.projectIds, body.ids, now);
  if (body.eventClass !== undefined) n += await repo.markClass(session.userId, session.projectIds, body.eventClass, await repo.maxId(), now);
  return n;
}

/** The message centre: notifications whose time lies between start and end, newest first, with the log type's name. */
export async function messageCentre(ems: Ems, lang: Lang, session: Session, q: MessageCentreQuery): Promise<{ list: MessageCentreRecord[]; total: number }> {
  checkRange(q.startTime, q.endTime);
  const { rows, total } = await notificationRepository(ems.db).between(session.projectIds, q.startTime, q.endTime, { offset: q.page.index, limit: q.page.limit });
  const list = rows.map((r) => ({
    id: Number(r.id),
    recordTime: Number(r.time),
    logType: Number(r.log_type),
    logTypeName: logTypeName(Number(r.log_type), lang),
    content: lang === 'en' ? r.message_en : r.message_zh,
    projectId: Number(r.project_id),
  }));
  return { list, total };
}

/** Start of the current day / week / month / year cycle containing `time`, in the project's timezone. */
export async function convertCycles(ems: Ems, session: Session, body: ConvertTimeBody): Promise<ConvertTimeEntry[]> {
  if (!session.projectIds.includes(body.projectId)) throw noPermission();
  const timeZone = await notificationRepository(ems.db).projectTimezone(body.projectId);
  if (timeZone === undefined) throw noPermission();
  return convertTime(body.time, body.cycles, timeZone);
}
