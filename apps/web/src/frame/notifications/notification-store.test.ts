import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationMessage } from '@ems/contract';
import { postRead } from './notification-api';
import { loadUnread, markAllRead, markRead, receiveLive, resetNotifications, toggleMute, useNotifications } from './notification-store';
import { setSpeaker } from './speaker';

vi.mock('./notification-api', () => ({ postRead: vi.fn(async () => undefined) }));

const wire = (id: number, logType = 702, description = '{"eventClass":2}'): NotificationMessage => ({
  id,
  time: 1_700_000_000_000 + id,
  logType,
  content: JSON.stringify({ message: `message ${id}` }),
  description,
  projectId: 1,
});
const ids = (cls: 1 | 2 | 3 | 4 | 5) => useNotifications.getState().lists[cls].map((m) => m.id);

// speech synthesis is replaced by a recorder (the browser's would speak, and jsdom has none)
let spoken: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  resetNotifications();
  spoken = [];
  setSpeaker({ speak: (text) => spoken.push(text) });
  vi.mocked(postRead).mockClear();
});
afterEach(() => {
  setSpeaker(null);
  vi.useRealTimers();
});

describe('notification display (spec 4 "Notifications")', () => {
  it('display refreshes 800 ms after new arrivals', () => {
    receiveLive(wire(1));
    vi.advanceTimersByTime(799);
    expect(ids(2)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ids(2)).toEqual([1]);
  });
  it('the refresh is throttled: a burst shows in one refresh, 800 ms after its first message', () => {
    const renders = vi.fn();
    const unsubscribe = useNotifications.subscribe(renders);
    receiveLive(wire(1));
    vi.advanceTimersByTime(500);
    receiveLive(wire(2));
    receiveLive(wire(3, 711));
    vi.advanceTimersByTime(300);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(ids(2)).toEqual([2, 1]);
    expect(ids(4)).toEqual([3]);
    receiveLive(wire(4));
    vi.advanceTimersByTime(800);
    expect(renders).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
  it('new messages are spoken, in their readable text', () => {
    receiveLive(wire(1));
    vi.advanceTimersByTime(800);
    expect(spoken).toEqual(['message 1']);
  });
  it('new messages of a muted class are not spoken, other classes still are', () => {
    toggleMute(2);
    receiveLive(wire(1));
    receiveLive(wire(2, 801, '{"eventClass":1}'));
    vi.advanceTimersByTime(800);
    expect(spoken).toEqual(['message 2']);
    expect(ids(2)).toEqual([1]);
  });
  it('a message already held is neither shown twice nor spoken again (reconnect replay)', () => {
    loadUnread([wire(1)]);
    receiveLive(wire(1));
    vi.advanceTimersByTime(800);
    expect(ids(2)).toEqual([1]);
    expect(spoken).toEqual([]);
  });
  it('unread messages loaded on login show at once and are not spoken', () => {
    loadUnread([wire(1), wire(2, 701)]);
    expect(ids(2)).toEqual([1]);
    expect(ids(4)).toEqual([2]);
    expect(spoken).toEqual([]);
  });
});

describe('read and all read follow the user (spec 4; issue 4 §2)', () => {
  it('marking a message read removes it and tells the server', () => {
    loadUnread([wire(1), wire(2)]);
    markRead(1);
    expect(ids(2)).toEqual([2]);
    expect(postRead).toHaveBeenCalledWith({ ids: [1] });
  });
  it("'all read' clears the class and tells the server", () => {
    loadUnread([wire(1), wire(2), wire(3, 711)]);
    markAllRead(2);
    expect(ids(2)).toEqual([]);
    expect(ids(4)).toEqual([3]);
    expect(postRead).toHaveBeenCalledWith({ eventClass: 2 });
  });
});

describe('per-class mute persists in mutedCfg (spec 3, 4)', () => {
  it('a toggle is kept as a map from event class to muted flag', () => {
    toggleMute(4);
    expect(JSON.parse(localStorage.getItem('mutedCfg') ?? 'null')).toEqual({ 4: true });
    toggleMute(4);
    expect(JSON.parse(localStorage.getItem('mutedCfg') ?? 'null')).toEqual({ 4: false });
  });
  it('is read back after a reload', () => {
    localStorage.setItem('mutedCfg', '{"1":true}');
    resetNotifications();
    expect(useNotifications.getState().muted).toEqual({ 1: true });
  });
});
