import { describe, expect, it } from 'vitest';
import { ADDRESS_RE, NEW_MAIL_SCHEME, TIME_RE, toMailSchemeInput } from './scheme-form';

describe('mail scheme form', () => {
  it('a schedule carries only the field of its kind; digest times only for digests; no events when switched off', () => {
    const input = toMailSchemeInput(3, {
      ...NEW_MAIL_SCHEME,
      name: '  Night shift ',
      addresses: [' a@b.cn ', ''],
      reports: [
        { templateId: 1, kind: 'daily', weekday: 3, day: 9, time: '08:00', lang: 'zh-CN' },
        { templateId: 1, kind: 'weekly', weekday: 5, day: 9, time: '08:00', lang: 'zh-CN' },
        { templateId: 2, kind: 'monthly', weekday: 5, day: 31, time: '06:30', lang: 'en-US' },
      ],
      eventsOn: true,
      events: { logTypes: [702], eventClasses: [], levels: [], mode: 'immediate', digestTimes: ['18:00'], lang: 'en-US' },
    });
    expect(input.name).toBe('Night shift');
    expect(input.recipients.addresses).toEqual(['a@b.cn']);
    expect(input.reports.map((r) => r.schedule)).toEqual([
      { kind: 'daily', time: '08:00' },
      { kind: 'weekly', time: '08:00', weekday: 5 },
      { kind: 'monthly', time: '06:30', day: 31 },
    ]);
    expect(input.events?.digestTimes).toEqual([]);
    expect(toMailSchemeInput(3, { ...NEW_MAIL_SCHEME, eventsOn: false }).events).toBeNull();
  });

  it('address and time patterns', () => {
    expect(['ops@plant.example.com', 'a.b+c@x.cn'].every((a) => ADDRESS_RE.test(a))).toBe(true);
    expect(['x@y', 'a b@c.d', '@c.d', 'a@@c.d'].some((a) => ADDRESS_RE.test(a))).toBe(false);
    expect(['00:00', '23:59'].every((t) => TIME_RE.test(t))).toBe(true);
    expect(['24:00', '8:00', '08:60'].some((t) => TIME_RE.test(t))).toBe(false);
  });
});
