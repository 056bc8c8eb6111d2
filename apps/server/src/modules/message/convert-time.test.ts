import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_API, type ConvertTimeEntry } from '@ems/contract';
import { createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { cycleStart } from './convert-time.js';

const SH = 'Asia/Shanghai';
/** 2025-03-05 (a Wednesday) 10:30 in Shanghai */
const WED = Date.UTC(2025, 2, 5, 2, 30);

describe('cycleStart: the start of the cost cycle containing a time, in the project timezone', () => {
  it.each([
    ['12 day: local midnight', 12, WED, Date.UTC(2025, 2, 4, 16)],
    ['13 week: Monday 00:00', 13, WED, Date.UTC(2025, 2, 2, 16)],
    ['13 week: a Sunday belongs to the week that began the Monday before', 13, Date.UTC(2025, 2, 9, 15), Date.UTC(2025, 2, 2, 16)],
    ['13 week: Monday 00:00 itself starts its week', 13, Date.UTC(2025, 2, 9, 16), Date.UTC(2025, 2, 9, 16)],
    ['13 week: across a month end', 13, Date.UTC(2025, 2, 1, 0), Date.UTC(2025, 1, 23, 16)],
    ['14 month: the 1st', 14, WED, Date.UTC(2025, 1, 28, 16)],
    ['17 year: 1 January', 17, WED, Date.UTC(2024, 11, 31, 16)],
    ['12 day: 23:59 local is still that day (UTC date already differs)', 12, Date.UTC(2025, 2, 5, 15, 59), Date.UTC(2025, 2, 4, 16)],
  ] as const)('%s', (_name, cycle, time, start) => expect(cycleStart(time, cycle, SH)).toBe(start));

  it('follows the zone, DST included (Europe/Berlin, the day clocks go forward)', () => {
    expect(cycleStart(Date.UTC(2025, 2, 30, 12), 12, 'Europe/Berlin')).toBe(Date.UTC(2025, 2, 29, 23));
    expect(cycleStart(Date.UTC(2025, 2, 30, 12), 13, 'Europe/Berlin')).toBe(Date.UTC(2025, 2, 23, 23));
  });
});

describe('POST convertTime', () => {
  let store: TestStore;
  let t: TestApp;
  beforeAll(async () => {
    store = await createStore('sqlite');
    store.clock.now = WED;
    t = await startApp(store);
  });
  afterAll(async () => {
    await t.app.close();
    await store.dispose();
  });

  it('answers each asked cycle for a visible project; another project is no operation permission; bad input names the field', async () => {
    const plant = await loginAs(t.app, store.clock, 'fw_plant');
    const r = json<ConvertTimeEntry[]>(await t.app.inject({ method: 'POST', url: MESSAGE_API.convertTime, headers: plant.headers, payload: { cycles: [12, 13, 14, 17], projectId: 1, time: t.app.ems.config.now() } }));
    expect(r.data).toEqual([
      { cycle: 12, startTime: Date.UTC(2025, 2, 4, 16) },
      { cycle: 13, startTime: Date.UTC(2025, 2, 2, 16) },
      { cycle: 14, startTime: Date.UTC(2025, 1, 28, 16) },
      { cycle: 17, startTime: Date.UTC(2024, 11, 31, 16) },
    ]);
    const other = json(await t.app.inject({ method: 'POST', url: MESSAGE_API.convertTime, headers: { ...plant.headers, 'accept-language': 'en-US' }, payload: { cycles: [12], projectId: 2, time: WED } }));
    expect(other).toMatchObject({ status: 404, code: 404, msg: 'no operation permission' });
    const bad = json(await t.app.inject({ method: 'POST', url: MESSAGE_API.convertTime, headers: plant.headers, payload: { cycles: [15], projectId: 1, time: WED } }));
    expect(bad).toMatchObject({ status: 400, code: 400 });
    expect(bad.msg).toMatch(/cycles/);
  });
});
