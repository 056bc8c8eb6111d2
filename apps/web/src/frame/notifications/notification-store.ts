import { create } from 'zustand';
import type { NotificationMessage } from '@ems/contract';
import {
  NOTIFICATION_REFRESH_MS,
  addMessages,
  emptyLists,
  markAllRead as allReadRule,
  markRead as readRule,
  parseMuteMap,
  toHeaderMessage,
  toSpeak,
  toggleMute as toggleRule,
  type EventClass,
  type HeaderMessage,
  type MuteMap,
  type NotificationLists,
} from '@ems/domain';
import { currentLocaleTag } from '../../i18n';
import { STORAGE_KEYS } from '../../lib/storage';
import { postRead } from './notification-api';
import { currentSpeaker } from './speaker';

/**
 * The header's notifications (spec section 4 "Notifications"): per-class lists, newest first, 200
 * each; read removes a message, 'all read' clears a class (both sent to the server); a per-class mute
 * kept in localStorage `mutedCfg`. Live arrivals are shown 800 ms after the first of a burst
 * (throttled: one refresh per 800 ms at most) and spoken unless their class is muted.
 */
export interface NotificationState {
  lists: NotificationLists;
  muted: MuteMap;
}

function readMuted(): MuteMap {
  try {
    return parseMuteMap(localStorage.getItem(STORAGE_KEYS.mutedCfg));
  } catch {
    return {};
  }
}

function writeMuted(map: MuteMap): void {
  try {
    localStorage.setItem(STORAGE_KEYS.mutedCfg, JSON.stringify(map));
  } catch {
    // storage blocked: the mute holds until the page reloads
  }
}

export const useNotifications = create<NotificationState>(() => ({ lists: emptyLists(), muted: readMuted() }));

let pending: HeaderMessage[] = [];
let refresh: ReturnType<typeof setTimeout> | undefined;

function heldIds(lists: NotificationLists): Set<number> {
  return new Set(Object.values(lists).flatMap((list: readonly HeaderMessage[]) => list.map((m) => m.id)));
}

function flush(): void {
  refresh = undefined;
  const fresh = pending;
  pending = [];
  const { lists, muted } = useNotifications.getState();
  const held = heldIds(lists);
  const added = fresh.filter((m) => !held.has(m.id));
  useNotifications.setState({ lists: addMessages(lists, fresh) });
  const speaker = currentSpeaker();
  for (const m of toSpeak(added, muted)) speaker.speak(m.text, currentLocaleTag());
}

/** A live message: shown and spoken at the next display refresh (800 ms after the first pending arrival). */
export function receiveLive(message: NotificationMessage): void {
  pending.push(toHeaderMessage(message));
  if (refresh === undefined) refresh = setTimeout(flush, NOTIFICATION_REFRESH_MS);
}

/** The unread messages loaded on login: shown at once, not spoken (they are not new). */
export function loadUnread(messages: readonly NotificationMessage[]): void {
  useNotifications.setState((s) => ({ lists: addMessages(s.lists, messages.map(toHeaderMessage)) }));
}

/** Marking a message read removes it here and on the server. */
export function markRead(id: number): void {
  useNotifications.setState((s) => ({ lists: readRule(s.lists, id) }));
  void postRead({ ids: [id] }).catch(() => undefined);
}

/** 'All read' clears the class here and on the server. */
export function markAllRead(cls: EventClass): void {
  useNotifications.setState((s) => ({ lists: allReadRule(s.lists, cls) }));
  void postRead({ eventClass: cls }).catch(() => undefined);
}

/** Toggles the class's mute and keeps it in `mutedCfg`. */
export function toggleMute(cls: EventClass): void {
  const muted = toggleRule(useNotifications.getState().muted, cls);
  writeMuted(muted);
  useNotifications.setState({ muted });
}

/** Teardown (logout, another user): lists emptied, a pending refresh dropped; the mute stays. */
export function resetNotifications(): void {
  if (refresh !== undefined) clearTimeout(refresh);
  refresh = undefined;
  pending = [];
  useNotifications.setState({ lists: emptyLists(), muted: readMuted() });
}
