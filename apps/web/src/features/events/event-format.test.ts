import { describe, expect, it } from 'vitest';
import { similarEventsBody } from './components/diagnosis-extras';
import { CLASS_COLOURS, deviceOf, durationParts, eventDurationMs, trendWindow } from './event-format';
import { eventIdOf } from './use-event-list';

const H = 3_600_000;

describe('event display rules', () => {
  it('class colours (spec section 3): 1 accident red, 2 alarm orange, 4 early warning blue, 3 general teal, 5 other green', () => {
    expect(CLASS_COLOURS).toEqual({ 1: 'red', 2: 'orange', 4: 'blue', 3: 'cyan', 5: 'green' });
  });

  it('trend window: 2 h before the start to 2 h after the end, never past now; an active event runs to now', () => {
    const now = 100 * H;
    expect(trendWindow({ startTime: 10 * H, endTime: 12 * H }, now)).toEqual({ startTime: 8 * H, endTime: 14 * H });
    expect(trendWindow({ startTime: 97 * H, endTime: 99 * H }, now)).toEqual({ startTime: 95 * H, endTime: now });
    expect(trendWindow({ startTime: 90 * H, endTime: null }, now)).toEqual({ startTime: 88 * H, endTime: now });
  });

  it.each([
    [0, [{ unit: 's', n: 0 }]],
    [59_999, [{ unit: 's', n: 59 }]],
    [H + 5 * 60_000 + 7_000, [{ unit: 'h', n: 1 }, { unit: 'm', n: 5 }]],
    [2 * 24 * H + 30_000, [{ unit: 'd', n: 2 }, { unit: 's', n: 30 }]],
  ])('duration %i ms → two largest units %j', (ms, parts) => {
    expect(durationParts(ms)).toEqual(parts);
  });

  it('an active event has lasted until now', () => {
    expect(eventDurationMs({ startTime: 1000, endTime: null }, 61_000)).toBe(60_000);
    expect(eventDurationMs({ startTime: 1000, endTime: 31_000 }, 61_000)).toBe(30_000);
  });

  it('a notification opens an event by ?eventId= or state.eventId; anything else opens none', () => {
    expect(eventIdOf('?eventId=17', null)).toBe(17);
    expect(eventIdOf('', { eventId: 9 })).toBe(9);
    expect(eventIdOf('', null)).toBeNull();
    expect(eventIdOf('?eventId=abc', null)).toBeNull();
    expect(eventIdOf('?eventId=0', null)).toBeNull();
  });

  it('earlier similar events: the same device and log types, ending just before this one started', () => {
    expect(deviceOf({ deviceId: null, nodeId: 4 })).toBe(4);
    expect(similarEventsBody({ nodeId: 4, deviceId: 9, startTime: 5000 }, [801, 802, 803])).toEqual({
      startTime: 0,
      endTime: 4999,
      logTypes: [801, 802, 803],
      deviceId: 9,
      page: { index: 0, limit: 20 },
    });
  });
});
