import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LOCALES } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('notification texts (house style 7)', () => {
  it('zh-CN and en-US hold the same keys, none empty', () => {
    expect(keys(NOTIFICATION_LOCALES['en-US']).sort()).toEqual(keys(NOTIFICATION_LOCALES['zh-CN']).sort());
    const values = (v: unknown): unknown[] => (v && typeof v === 'object' ? Object.values(v).flatMap(values) : [v]);
    for (const texts of Object.values(NOTIFICATION_LOCALES)) for (const text of values(texts)) expect(String(text).length).toBeGreaterThan(0);
  });
  it("the spec's English messages are used word for word (spec section 8)", () => {
    expect(NOTIFICATION_LOCALES['en-US'].alreadyOnPage).toBe('already on the current page, click refresh to see the latest events');
    expect(NOTIFICATION_LOCALES['en-US'].noWebSocket).toBe('browser does not support websocket, cannot receive notification messages');
  });
});
