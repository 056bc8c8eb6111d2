
/**
 * Notification rules of the header (spec sections 4 "Notifications", "Incoming classification",
 * "Log type to target" and 9): classification, readable text, per-class lists, badge, popover,
 * read / all read, mute. Pure: the web store holds the state and the timers. Log type to target is
 * `targetOfLogType` of @ems/contract (the browser uses it there; this package stays free of it).
 */

/**
 * Event classes (spec section 3): 1 accident, 2 alarm, 3 general, 4 early warning, 5 other. The same
 * numbers as EVENT_CLASS of @ems/contract.
 */
export type EventClass = 1 | 2 | 3 | 4 | 5;
/** The header's order of the classes (spec section 3): accident, alarm, early warning, general, other. */
export const HEADER_CLASS_ORDER: readonly EventClass[] = [1, 2, 4, 3, 5];
const EVENT_CLASSES: readonly EventClass[] = [1, 2, 3, 4, 5];

/** A notification as it arrives (NotificationMessage of @ems/contract). */
export interface IncomingNotification {
  id: number;
  /** ms */
  time: number;
  logType: number;
  /** JSON text with `message`, or plain text */
  content: string;
  /** JSON text (or an object) with eventClass */
  description: unknown;
  projectId: number;
}

/** Per-class list cap (spec section 9). */
export const NOTIFICATION_CAP = 200;
/** The popover lists at most this many messages per class. */
export const POPOVER_LIMIT = 20;
/** Above this the badge reads '99+'. */
export const BADGE_MAX = 99;
/** Display refresh after new arrivals, throttled (ms). */
export const NOTIFICATION_REFRESH_MS = 800;
/** Heartbeat period of the live channel, reset on each message (ms). */
export const HEARTBEAT_MS = 40_000;
/** Delay before reconnecting after an unexpected close (ms). */
export const RECONNECT_MS = 30_000;

/** A notification as the header shows it. */
export interface HeaderMessage {
  id: number;
  /** ms */
  time: number;
  logType: number;
  eventClass: EventClass;
  /** what the user reads: content's `message`, or content itself when it is not such JSON */
  text: string;
  projectId: number;
  /** the parsed description, null when it was not a JSON object */
  description: Record<string, unknown> | null;
}

function isEventClass(n: unknown): n is EventClass {
  return typeof n === 'number' && (EVENT_CLASSES as readonly number[]).includes(n);
}

/** The description as an object: JSON text is parsed, an object kept, anything else is null. */
export function parseDescription(description: unknown): Record<string, unknown> | null {
  let value = description;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * Incoming classification: logType 702–709 is alarm (2); 701, 710, 711 early warning (4); otherwise
 * the description's eventClass (JSON text or object, a numeric string counts); unknown or out of
 * range becomes other (5).
 */
export function classOf(logType: number, description: unknown): EventClass {
  if (logType >= 702 && logType <= 709) return 2;
  if (logType === 701 || logType === 710 || logType === 711) return 4;
  const raw = parseDescription(description)?.eventClass;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return isEventClass(n) ? n : 5;
}

/** JSON content carries a `message` field that replaces the content; other content is kept as it is. */
export function readableText(content: string): string {
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string') return message;
      if (message !== undefined && message !== null) return String(message);
    }
  } catch {
    // not JSON: the content is the text
  }
  return content;
}

/** A wire message as the header shows it. */
export function toHeaderMessage(m: IncomingNotification): HeaderMessage {
  return {
    id: m.id,
    time: m.time,
    logType: m.logType,
    eventClass: classOf(m.logType, m.description),
    text: readableText(m.content),
    projectId: m.projectId,
    description: parseDescription(m.description),
  };
}

/** One list per event class, newest first. */
export type NotificationLists = Readonly<Record<EventClass, readonly HeaderMessage[]>>;

export function emptyLists(): NotificationLists {
  return { 1: [], 2: [], 3: [], 4: [], 5: [] };
}

function newestFirst(a: HeaderMessage, b: HeaderMessage): number {
  return b.time - a.time || b.id - a.id;
}

/**
 * Adds messages to their class lists: newest first (by time, then id), a message already held (same
 * id) is not added twice, and each list keeps at most NOTIFICATION_CAP, dropping the oldest.
 */
export function addMessages(lists: NotificationLists, incoming: readonly HeaderMessage[]): NotificationLists {
  if (incoming.length === 0) return lists;
  const next = { ...lists } as Record<EventClass, readonly HeaderMessage[]>;
  for (const cls of EVENT_CLASSES) {
    const fresh = incoming.filter((m) => m.eventClass === cls);
    if (fresh.length === 0) continue;
    const seen = new Set<number>();
    const merged: HeaderMessage[] = [];
    for (const m of [...fresh].reverse().concat(lists[cls])) {
      // the later copy of an id in `incoming` wins, the held one only when none came in
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      merged.push(m);
    }
    next[cls] = merged.sort(newestFirst).slice(0, NOTIFICATION_CAP);
  }
  return next;
}

/** Marking a message read removes it from its list. */
export function markRead(lists: NotificationLists, id: number): NotificationLists {
  const next = { ...lists } as Record<EventClass, readonly HeaderMessage[]>;
  for (const cls of EVENT_CLASSES) if (lists[cls].some((m) => m.id === id)) next[cls] = lists[cls].filter((m) => m.id !== id);
  return next;
}

/** 'All read' clears the class. */
export function markAllRead(lists: NotificationLists, cls: EventClass): NotificationLists {
  return { ...lists, [cls]: [] };
}

export function totalCount(lists: NotificationLists): number {
  return EVENT_CLASSES.reduce((n, cls) => n + lists[cls].length, 0);
}

/** Badge text: nothing for 0, the count up to 99, '99+' above. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** What the popover lists for a class: the newest POPOVER_LIMIT. */
export function popoverItems(list: readonly HeaderMessage[]): readonly HeaderMessage[] {
  return list.slice(0, POPOVER_LIMIT);
}

/** Per-class mute (the `mutedCfg` value): event class -> muted. A class not named is not muted. */
export type MuteMap = Readonly<Partial<Record<EventClass, boolean>>>;

export function isMuted(map: MuteMap, cls: EventClass): boolean {
  return map[cls] === true;
}

export function toggleMute(map: MuteMap, cls: EventClass): MuteMap {
  return { ...map, [cls]: !isMuted(map, cls) };
}

/** Reads a stored mute map (JSON text); anything unreadable is an empty map, unknown keys are dropped. */
export function parseMuteMap(text: string | null | undefined): MuteMap {
  const parsed = parseDescription(text ?? '');
  if (!parsed) return {};
  const out: Partial<Record<EventClass, boolean>> = {};
  for (const cls of EVENT_CLASSES) if (parsed[String(cls)] === true) out[cls] = true;
  return out;
}

/** The messages to speak: new ones whose class is not muted. */
export function toSpeak(fresh: readonly HeaderMessage[], muted: MuteMap): readonly HeaderMessage[] {
  return fresh.filter((m) => !isMuted(muted, m.eventClass));
}
