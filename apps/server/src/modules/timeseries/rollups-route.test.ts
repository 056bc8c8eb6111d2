import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, ROLLUP_MAX_DEVICES, ROLLUP_MAX_ROWS, TIMESERIES_API, type RollupRow } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { timeseriesRepository } from './repository.js';
import { readRollups, rollupRowOf } from './service.js';
import { ROLLUP_GRAINS, insertMeter } from './test-nodes.js';

const KWH = DATA_ID.activeEnergyImport;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 2, 3, 16); // 2025-03-04 00:00 Asia/Shanghai

/**
 * POST rollups over HTTP as fw_plant (the lowest demo user), issue 12 finding 4: every list and range
 * it accepts is capped (devices, the grain's span, devices × buckets), refused with 400 naming the
 * field; a request within the caps answers as the store reads it.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`rollups route bounds (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let plant: Record<string, string>;
    const meters: number[] = [];

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store, { sim: false });
      plant = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
      // three meters, 4 days of 15-min readings each, written in reverse id order
      for (let m = 0; m < 3; m++) meters.push(await insertMeter(t.app, 1, { ctPt: m + 1 }));
      for (const id of [...meters].reverse()) {
        await writeReadings(t.app, 1, Array.from({ length: 4 * 96 }, (_, i) => ({ deviceId: id, dataId: KWH, ts: T0 + i * 900_000, value: 100 + i * (1 + (id % 3)) })));
      }
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const rollups = async (body: Record<string, unknown>, lang = 'en-US') =>
      json<RollupRow[]>(await t.app.inject({ method: 'POST', url: TIMESERIES_API.rollups, headers: { ...plant, 'accept-language': lang }, payload: { projectId: 1, dataId: KWH, ...body } }));

    it('within the caps: each grain answers the store’s rows, by device then bucket, whatever the order of the ids', async () => {
      for (const grain of ROLLUP_GRAINS) {
        const q = { deviceIds: [...meters].reverse(), grain, from: T0 - 40 * DAY, to: T0 + 5 * DAY };
        const r = await rollups(q);
        expect(r.status, grain).toBe(200);
        expect(r.data.length, grain).toBeGreaterThan(0);
        expect(r.data, grain).toEqual(await readRollups(t.app.ems, 1, { ...q, dataId: KWH }));
        const keys = r.data.map((x) => [x.deviceId, x.bucketStart]);
        expect(keys, grain).toEqual([...keys].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)));
      }
      // the 15-min rows of the 4 days, all three meters
      expect((await rollups({ deviceIds: meters, grain: '15m', from: T0, to: T0 + 4 * DAY })).data).toHaveLength(3 * (4 * 96 - 1));
    });

    it('read 2,000 rows at a time, device by device: the rows of one unbounded read, in its order', async () => {
      // 93 days of 15-min buckets around the 4 days of readings: several reads per device
      const q = { deviceIds: [...meters].reverse(), grain: '15m' as const, from: T0 - 80 * DAY, to: T0 + 13 * DAY };
      await writeReadings(t.app, 1, Array.from({ length: 80 * 96 }, (_, i) => ({ deviceId: meters[1] as number, dataId: KWH, ts: T0 - 80 * DAY + i * 900_000, value: i })));
      const once = (await timeseriesRepository(t.app.ems).rollups('rollup_15m', meters, KWH, q.from, q.to)).map(rollupRowOf);
      expect(once.length).toBeGreaterThan(2 * 4000);
      expect(await readRollups(t.app.ems, 1, { ...q, dataId: KWH })).toEqual(once);
      // written a read at a time as it is read: the same JSON, the total counted at the end
      const r = await rollups(q);
      expect(r.data).toEqual(once);
      expect(r.total).toBe(once.length);
      expect(await rollups({ ...q, from: T0 - 93 * DAY, to: T0 - 80 * DAY })).toMatchObject({ status: 200, code: 0, data: [], total: 0 });
    });

    it('more than ROLLUP_MAX_DEVICES device ids: 400 naming deviceIds', async () => {
      const ids = Array.from({ length: ROLLUP_MAX_DEVICES + 1 }, (_, i) => i + 1);
      const r = await rollups({ deviceIds: ids, grain: 'day', from: T0, to: T0 + DAY });
      expect(r).toMatchObject({ status: 400, code: 400 });
      expect(r.msg).toContain('deviceIds');
      expect(r.msg).toContain(String(ROLLUP_MAX_DEVICES));
      // as many as the cap allows (the project's meters, repeated) are answered
      const allowed = Array.from({ length: ROLLUP_MAX_DEVICES }, (_, i) => meters[i % 3] as number);
      expect((await rollups({ deviceIds: allowed, grain: 'day', from: T0, to: T0 + DAY })).status).toBe(200);
    });

    it('a range longer than its grain allows, or from 0: 400 naming to, in the request’s language', async () => {
      const spans = { '15m': 93, hour: 400, day: 3660, month: 3660 } as const;
      for (const grain of ROLLUP_GRAINS) {
        const days = spans[grain];
        expect((await rollups({ deviceIds: [meters[0]], grain, from: T0, to: T0 + days * DAY })).status, grain).toBe(200);
        const r = await rollups({ deviceIds: [meters[0]], grain, from: T0, to: T0 + days * DAY + 1 });
        expect(r, grain).toMatchObject({ status: 400, code: 400, msg: `invalid field to: the range of grain ${grain} is longer than ${days} days` });
      }
      expect(await rollups({ deviceIds: meters, grain: '15m', from: 0, to: store.clock.now }, 'zh-CN')).toMatchObject({ status: 400, code: 400, msg: '参数 to 不合法：粒度 15m 的时间跨度不能超过 93 天' });
    });

    it('devices × buckets over ROLLUP_MAX_ROWS: 400 naming deviceIds and the limit', async () => {
      // 100 devices × 7 days of 15-min buckets (673) = 67,300 rows
      const ids = [...meters];
      while (ids.length < 100) ids.push(await insertMeter(t.app, 1));
      const r = await rollups({ deviceIds: ids, grain: '15m', from: T0, to: T0 + 7 * DAY });
      expect(r).toMatchObject({ status: 400, code: 400 });
      expect(r.msg).toContain('deviceIds');
      expect(r.msg).toContain(String(ROLLUP_MAX_ROWS));
      // the same devices over a day (97 buckets) are within the cap
      expect((await rollups({ deviceIds: ids, grain: '15m', from: T0, to: T0 + DAY })).status).toBe(200);
    });

    it('a device of another project, or none, among the ids: 404 no operation permission, never answered without it', async () => {
      const foreign = await insertMeter(t.app, 2);
      for (const extra of [foreign, 987_654]) {
        expect(await rollups({ deviceIds: [meters[0], extra], grain: 'hour', from: T0, to: T0 + DAY })).toMatchObject({ status: 404, code: 404, msg: 'no operation permission' });
      }
      expect((await rollups({ deviceIds: [meters[0], meters[0]], grain: 'hour', from: T0, to: T0 + DAY })).status).toBe(200);
    });

    it('to not after from: 400 naming to', async () => {
      for (const to of [T0, T0 - 1]) expect(await rollups({ deviceIds: meters, grain: 'hour', from: T0, to })).toMatchObject({ status: 400, code: 400, msg: 'invalid field to: must be after from' });
    });
  });
}
