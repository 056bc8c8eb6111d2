import { EVENT_CLASS, LOG_TYPE, type CloseOrdersBody, type EventConfirmBody, type EventDetail, type EventQueryBody, type EventRecord, type RaiseOrderBody } from '@ems/contract';
import { eventQuantityUnit } from '@ems/domain';
import type { Ems, Session } from '../../context.js';
import { noPermission } from '../../lib/errors.js';
import type { Lang } from '../../lib/i18n.js';
import { mapSliced, nextTurn } from '../../lib/work-slices.js';
import { sheetOf, xlsxOf } from '../../lib/xlsx-sheets.js';
import { configRepository } from './config-repository.js';
import { eventRepository, type EventFilter, type EventRow } from './event-repository.js';
import { fieldError, requireVisibleNode } from './config-service.js';
import { logTypeName } from '../message/log-types.js';
import { texts } from './messages.js';

/** Most rows an export holds. */
export const EVENT_EXPORT_MAX = 10_000;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

async function catalogue(ems: Ems, lang: Lang) {
  const rows = await configRepository(ems.db).catalogue();
  const map = new Map(rows.map((d) => [Number(d.data_id), { name: lang === 'en' ? d.name_en : d.name_zh, unit: d.unit, upper: num(d.upper_limit), lower: num(d.lower_limit) }]));
  return (dataId: number | null) => (dataId === null ? undefined : map.get(dataId));
}

function toRecord(r: EventRow, lang: Lang, point: Awaited<ReturnType<typeof catalogue>>): EventRecord {
  const p = point(num(r.data_id));
  // events stored before they carried one got it on upgrade (migration 0015)
  const quantity = r.quantity;
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    logType: Number(r.log_type),
    eventClass: Number(r.event_class),
    eventType: num(r.event_type),
    level: num(r.level),
    status: Number(r.status),
    confirmState: Number(r.confirm_state),
    nodeId: Number(r.node_id),
    modelLabel: r.model_label,
    nodeName: r.node_name ?? '',
    dataId: num(r.data_id),
    dataName: p?.name ?? null,
    quantity,
    unit: eventQuantityUnit(quantity, p?.unit ?? null),
    value: num(r.value),
    limit: num(r.limit_value),
    startTime: Number(r.start_time),
    endTime: num(r.end_time),
    message: lang === 'en' ? r.message_en : r.message_zh,
    ruleId: num(r.rule_id),
    algorithmId: num(r.algorithm_id),
    deviceId: num(r.device_id),
    confirmUser: r.confirm_user,
    confirmTime: num(r.confirm_time),
    confirmComment: r.confirm_comment,
    sourceEventId: num(r.source_event_id),
    wasteAmount: num(r.waste_amount),
    wasteUnit: r.waste_amount === null ? null : (p?.unit ?? null),
    wasteFen: num(r.waste_fen),
  };
}

function filterOf(lang: Lang, scope: readonly number[], q: EventQueryBody): EventFilter {
  if (q.endTime <= q.startTime) throw fieldError(lang, 'endTime', '结束时间须晚于开始时间', 'must be after startTime');
  return { projectIds: scope, ...q };
}

/**
 * Events of the scope overlapping the range, newest first, with the filters (a node includes its
 * descendants; a node outside the scope: 404). The device filter is not checked: the diagnosis page
 * asks for a project-level event's similar events with the project's id as the device.
 */
export async function queryEvents(ems: Ems, lang: Lang, scope: readonly number[], q: EventQueryBody): Promise<{ list: EventRecord[]; total: number }> {
  await requireVisibleNode(ems, scope, q.nodeId, q.modelLabel);
  const { rows, total } = await eventRepository(ems.db).query(filterOf(lang, scope, q), q.page?.index ?? 0, q.page?.limit ?? 100);
  const point = await catalogue(ems, lang);
  return { list: await mapSliced(rows, (r) => toRecord(r, lang, point)), total };
}

/** One event of the scope (404 'no operation permission' outside it) with its limits and rule name. */
export async function eventDetail(ems: Ems, lang: Lang, scope: readonly number[], id: number): Promise<EventDetail> {
  const r = await eventRepository(ems.db).get(id, scope);
  if (!r) throw noPermission();
  const point = await catalogue(ems, lang);
  const config = configRepository(ems.db);
  const rule = r.rule_id !== null ? await config.rule(Number(r.rule_id), scope) : r.algorithm_id !== null ? await config.algorithm(Number(r.algorithm_id), scope) : undefined;
  const p = point(num(r.data_id));
  return { ...toRecord(r, lang, point), upperLimit: p?.upper ?? null, lowerLimit: p?.lower ?? null, pointUnit: p?.unit ?? null, ruleName: rule?.name ?? null };
}

/**
 * Confirms events with a comment: who and when are kept; an event confirmed before keeps its first
 * confirmation. An id outside the scope refuses the whole batch (404). Returns how many changed.
 */
export async function confirmEvents(ems: Ems, scope: readonly number[], session: Session, body: EventConfirmBody): Promise<number> {
  const repo = eventRepository(ems.db);
  const ids = [...new Set(body.ids)];
  if ((await repo.countIn(ids, scope)) !== ids.length) throw noPermission();
  return repo.confirm(ids, scope, session.name, ems.config.now(), body.comment.trim());
}

/**
 * Raises an inspection order (log type 711, class early warning) from an event of the scope: an
 * event of its own on the same node, notified live and listed on /inspectorder. An event has at most
 * one open order (400 naming eventId otherwise); an order is not raised from an order.
 */
export async function raiseOrder(ems: Ems, lang: Lang, scope: readonly number[], session: Session, body: RaiseOrderBody): Promise<EventRecord> {
  const repo = eventRepository(ems.db);
  const source = await repo.get(body.eventId, scope);
  if (!source) throw noPermission();
  if (Number(source.log_type) === LOG_TYPE.inspectionOrder) throw fieldError(lang, 'eventId', '巡检工单不能再派发工单', 'is an inspection order itself');
  const now = ems.config.now();
  const node = source.node_name ?? String(source.node_id);
  const message = texts.inspectionOrder(node, { zh: source.message_zh, en: source.message_en }, session.name, body.comment.trim());
  const id = await repo.insertActive({
    project_id: Number(source.project_id),
    rule_id: null,
    algorithm_id: null,
    log_type: LOG_TYPE.inspectionOrder,
    event_class: EVENT_CLASS.earlyWarning,
    event_type: null,
    level: null,
    status: 0,
    confirm_state: 1,
    node_id: Number(source.node_id),
    model_label: source.model_label,
    device_id: source.device_id === null ? null : Number(source.device_id),
    data_id: source.data_id === null ? null : Number(source.data_id),
    value: null,
    limit_value: null,
    start_time: now,
    end_time: null,
    message_zh: message.zh.slice(0, 1000),
    message_en: message.en.slice(0, 1000),
    active_key: `order:${Number(source.id)}`,
    source_event_id: Number(source.id),
  });
  if (id === undefined) throw fieldError(lang, 'eventId', '该事件已有未关闭的巡检工单', 'already has an open inspection order');
  await ems.notifier.notify({
    projectId: Number(source.project_id),
    nodeId: Number(source.node_id),
    modelLabel: source.model_label,
    logType: LOG_TYPE.inspectionOrder,
    eventClass: EVENT_CLASS.earlyWarning,
    eventType: null,
    level: null,
    eventId: id,
    time: now,
    message,
    extra: { sourceEventId: Number(source.id), deviceId: source.device_id === null ? null : Number(source.device_id) },
  });
  const row = await repo.get(id, scope);
  if (!row) throw noPermission();
  return toRecord(row, lang, await catalogue(ems, lang));
}

/**
 * Closes inspection orders with what was found: each id must be an order of the scope (404 outside
 * it, 400 naming ids for an event that is not an order). Closed orders are finished and, when nobody
 * had, confirmed with the comment. Returns how many were open and are now closed.
 */
export async function closeOrders(ems: Ems, lang: Lang, scope: readonly number[], session: Session, body: CloseOrdersBody): Promise<number> {
  const comment = body.comment.trim();
  if (comment === '') throw fieldError(lang, 'comment', '请填写处理结果', 'must say what was found');
  const repo = eventRepository(ems.db);
  const ids = [...new Set(body.ids)];
  const types = await repo.logTypesOf(ids, scope);
  if (types.length !== ids.length) throw noPermission();
  if (types.some((t) => t !== LOG_TYPE.inspectionOrder)) throw fieldError(lang, 'ids', '只能关闭巡检工单', 'must all be inspection orders');
  return repo.closeOrders(ids, scope, session.name, ems.config.now(), comment);
}

const HEADERS: Record<Lang, string[]> = {
  zh: ['开始时间', '结束时间', '节点', '事件类型', '等级', '状态', '确认状态', '值', '限值', '单位', '描述', '确认人', '确认时间', '确认意见'],
  en: ['Start time', 'End time', 'Node', 'Event type', 'Level', 'Status', 'Confirmation', 'Value', 'Limit', 'Unit', 'Message', 'Confirmed by', 'Confirmed at', 'Comment'],
};
/** Log types of limit rules: the type reads as the data point over its limit. */
const LIMIT_TYPES: readonly number[] = [LOG_TYPE.limit, LOG_TYPE.accidentLevel, LOG_TYPE.environmentLimit];

/** What kind of event it is, as the event pages say it: the data point over its limit, else the log type's name. */
function typeName(e: EventRecord, lang: Lang): string {
  if (LIMIT_TYPES.includes(e.logType) && e.dataName) return lang === 'en' ? `${e.dataName} over limit` : `${e.dataName}越限`;
  return logTypeName(e.logType, lang);
}
const LEVEL: Record<Lang, Record<number, string>> = { zh: { 1: '事故', 2: '告警', 4: '预警' }, en: { 1: 'accident', 2: 'alarm', 4: 'early warning' } };
const STATUS: Record<Lang, string[]> = { zh: ['未结束', '已结束'], en: ['active', 'finished'] };
const CONFIRM: Record<Lang, Record<number, string>> = { zh: { 1: '未确认', 3: '已确认' }, en: { 1: 'unconfirmed', 3: 'confirmed' } };

/** One formatter per time zone: building one per cell was 9.5 s of CPU in three exports of the demo's events (issue 12). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function localTime(ts: number | null, timeZone: string): string {
  if (ts === null) return '';
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(ts));
}

/** Events an export reads at once: each read is its own turn of the event loop. */
const EXPORT_PIECE = 250;

/** The records of the filter, newest first, at most EVENT_EXPORT_MAX, read EXPORT_PIECE at a time with turns of the event loop between reads. */
async function* exportedRecords(ems: Ems, lang: Lang, f: EventFilter): AsyncGenerator<EventRecord> {
  const repo = eventRepository(ems.db);
  const point = await catalogue(ems, lang);
  let after: { startTime: number; id: number } | undefined;
  for (let left = EVENT_EXPORT_MAX; left > 0; ) {
    if (after) await nextTurn();
    const rows = await repo.piece(f, Math.min(EXPORT_PIECE, left), after);
    for (const r of rows) yield toRecord(r, lang, point);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PIECE) return;
    left -= rows.length;
    after = { startTime: Number(last.start_time), id: Number(last.id) };
  }
}

/** The filtered events (page ignored, at most EVENT_EXPORT_MAX) as an xlsx workbook with headers in the language. */
export async function exportEvents(ems: Ems, lang: Lang, scope: readonly number[], q: EventQueryBody): Promise<{ buffer: Buffer; fileName: string }> {
  await requireVisibleNode(ems, scope, q.nodeId, q.modelLabel);
  const f = filterOf(lang, scope, q);
  const project = scope.length === 1 ? await ems.db.selectFrom('project').select('timezone').where('id', '=', scope[0] as number).executeTakeFirst() : undefined;
  const tz = project?.timezone ?? 'Asia/Shanghai';
  const buffer = await xlsxOf([
    sheetOf({
      name: lang === 'en' ? 'Events' : '事件',
      headers: HEADERS[lang],
      items: exportedRecords(ems, lang, f),
      row: (e: EventRecord) => [
        localTime(e.startTime, tz),
        localTime(e.endTime, tz),
        e.nodeName,
        typeName(e, lang),
        e.level === null ? '' : (LEVEL[lang][e.level] ?? String(e.level)),
        STATUS[lang][e.status] ?? String(e.status),
        CONFIRM[lang][e.confirmState] ?? String(e.confirmState),
        e.value,
        e.limit,
        e.unit ?? '',
        e.message,
        e.confirmUser ?? '',
        localTime(e.confirmTime, tz),
        e.confirmComment ?? '',
      ],
      width: (i) => (i === 10 ? 60 : 18),
    }),
  ]);
  const day = localTime(ems.config.now(), tz).slice(0, 10).replace(/-/g, '');
  return { buffer, fileName: lang === 'en' ? `events-${day}.xlsx` : `事件导出-${day}.xlsx` };
}
