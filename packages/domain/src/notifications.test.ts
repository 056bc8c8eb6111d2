import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  NOTIFICATION_CAP,
  POPOVER_LIMIT,
  addMessages,
  badgeText,
  classOf,
  emptyLists,
  isMuted,
  markAllRead,
  markRead,
  parseMuteMap,
  popoverItems,
  readableText,
  toHeaderMessage,
  toSpeak,
  toggleMute,
  totalCount,
  type EventClass,
  type HeaderMessage,
} from './notifications.js';

function msg(id: number, eventClass: EventClass = 2, time = id * 1000): HeaderMessage {
  return { id, time, logType: 702, eventClass, text: `m${id}`, projectId: 1, description: null };
}

describe('incoming classification (spec 4)', () => {
  it.each([702, 703, 704, 705, 706, 707, 708, 709])('logType %i is alarm (class 2) whatever the description says', (logType) => {
    expect(classOf(logType, '{"eventClass":1}')).toBe(2);
  });
  it.each([701, 710, 711])('logType %i is early warning (class 4)', (logType) => {
    expect(classOf(logType, '{"eventClass":1}')).toBe(4);
  });
  it.each([
    ['JSON text', '{"eventClass":1}', 1],
    ['JSON text, general', '{"eventClass":3,"nodeId":5}', 3],
    ['an object', { eventClass: 5 }, 5],
    ['a numeric string', '{"eventClass":"4"}', 4],
  ] as const)('otherwise the class comes from the description (%s)', (_, description, cls) => {
    expect(classOf(801, description)).toBe(cls);
  });
  it.each([
    ['out of range 0', '{"eventClass":0}'],
    ['out of range 6', '{"eventClass":6}'],
    ['not an integer', '{"eventClass":2.5}'],
    ['missing', '{"level":2}'],
    ['not JSON', 'device offline'],
    ['null', null],
    ['an array', '[1]'],
  ])('unknown or out-of-range becomes other (class 5): %s', (_, description) => {
    expect(classOf(801, description)).toBe(5);
  });
  it('any log type and description gives one of the five classes', () => {
    fc.assert(fc.property(fc.integer(), fc.anything(), (logType, description) => [1, 2, 3, 4, 5].includes(classOf(logType, description))));
  });
});

describe('JSON content carries a message field that replaces the content (spec 4)', () => {
  it.each([
    ['{"message":"Demand over the limit"}', 'Demand over the limit'],
    ['{"message":"需量越限","extra":1}', '需量越限'],
    ['{"message":42}', '42'],
    ['{"other":"x"}', '{"other":"x"}'],
    ['plain text', 'plain text'],
    ['', ''],
  ])('%s reads %s', (content, text) => {
    expect(readableText(content)).toBe(text);
  });
  it('a wire message becomes a header message with its class and text', () => {
    const m = toHeaderMessage({
      id: 7,
      time: 1_700_000_000_000,
      logType: 705,
      content: '{"message":"demand over limit"}',
      description: '{"eventClass":2,"nodeId":3,"modelLabel":"meter"}',
      projectId: 1,
    });
    expect(m).toMatchObject({ id: 7, eventClass: 2, text: 'demand over limit', description: { nodeId: 3, modelLabel: 'meter' } });
  });
});

describe('per-class lists (spec 4, 9)', () => {
  it('each class keeps its own list, newest first', () => {
    const lists = addMessages(emptyLists(), [msg(1, 2), msg(2, 1), msg(3, 2)]);
    expect(lists[2].map((m) => m.id)).toEqual([3, 1]);
    expect(lists[1].map((m) => m.id)).toEqual([2]);
    expect(addMessages(lists, [msg(4, 2)])[2].map((m) => m.id)).toEqual([4, 3, 1]);
  });
  it('a message already held is not added twice (a reconnect replays after the last id)', () => {
    const lists = addMessages(addMessages(emptyLists(), [msg(1), msg(2)]), [msg(2), msg(3)]);
    expect(lists[2].map((m) => m.id)).toEqual([3, 2, 1]);
  });
  it(`a class is capped at ${NOTIFICATION_CAP}, the oldest dropped`, () => {
    let lists = emptyLists();
    for (let id = 1; id <= 250; id++) lists = addMessages(lists, [msg(id)]);
    expect(lists[2]).toHaveLength(200);
    expect(lists[2][0]?.id).toBe(250);
    expect(lists[2][199]?.id).toBe(51);
  });
  it('the cap and the order hold for any arrivals', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 60 }), { maxLength: 8 }), (batches) => {
        const lists = batches.reduce((l, ids) => addMessages(l, ids.map((id) => msg(id))), emptyLists());
        const ids = lists[2].map((m) => m.id);
        return ids.length <= NOTIFICATION_CAP && new Set(ids).size === ids.length && ids.every((id, i) => i === 0 || ids[i - 1]! > id);
      }),
    );
  });
  it('marking a message read removes it', () => {
    const lists = markRead(addMessages(emptyLists(), [msg(1), msg(2), msg(3, 4)]), 2);
    expect(lists[2].map((m) => m.id)).toEqual([1]);
    expect(lists[4].map((m) => m.id)).toEqual([3]);
  });
  it("'all read' clears the class and only that class", () => {
    const lists = markAllRead(addMessages(emptyLists(), [msg(1), msg(2, 1)]), 2);
    expect(lists[2]).toEqual([]);
    expect(lists[1]).toHaveLength(1);
    expect(totalCount(lists)).toBe(1);
  });
});

describe('badge and popover (spec 9)', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('%i unread reads %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
  it(`the popover lists at most ${POPOVER_LIMIT} messages, the newest`, () => {
    const lists = addMessages(emptyLists(), Array.from({ length: 30 }, (_, i) => msg(i + 1)));
    const shown = popoverItems(lists[2]);
    expect(shown).toHaveLength(20);
    expect(shown[0]?.id).toBe(30);
  });
});

describe('per-class mute (spec 4, mutedCfg)', () => {
  it('toggles a class and keeps the others', () => {
    const once = toggleMute({}, 2);
    expect(isMuted(once, 2)).toBe(true);
    expect(isMuted(once, 1)).toBe(false);
    expect(isMuted(toggleMute(once, 2), 2)).toBe(false);
  });
  it('survives a round trip through the stored JSON text', () => {
    const map = toggleMute(toggleMute({}, 4), 1);
    expect(parseMuteMap(JSON.stringify(map))).toEqual({ 1: true, 4: true });
  });
  it.each([null, '', 'not json', '[true]', '{"9":true,"2":"yes"}'])('an unreadable stored value %s mutes nothing', (text) => {
    expect(parseMuteMap(text)).toEqual({});
  });
  it('new messages are spoken unless their class is muted', () => {
    expect(toSpeak([msg(1, 2), msg(2, 1), msg(3, 2)], { 2: true }).map((m) => m.id)).toEqual([2]);
  });
});
