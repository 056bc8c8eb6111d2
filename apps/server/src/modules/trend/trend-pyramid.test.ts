import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, TREND_API, type TrendSeriesReply } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';
import { insertMeter } from '../timeseries/test-nodes.js';
import { alignedGrid, alignedMinMax } from './pyramid-line.js';
import { parseLocalDateTime } from './service.js';
import type { TimeRow } from './repository.js';

const MIN = 60_000;
const KW = DATA_ID.activePower;
const KWH = DATA_ID.activeEnergyImport;
/** 2025-01-01 00:00 Asia/Shanghai */
const T0 = Date.UTC(2024, 11, 31, 16);
const DAYS = 90;

/** 90 days of a kW line every 15 min: a daily shape, hashed noise, a spike and a dip now and then, some suspect readings. */
function kwLine(deviceId: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  for (let i = 0; i < (DAYS * 86_400_000) / (15 * MIN); i++) {
    const h = (i / 4) % 24;
    const noise = ((i * 2654435761) >>> 0) % 100;
    const spike = noise === 7 ? 900 : noise === 13 ? -400 : 0;
    out.push({ deviceId, dataId: KW, ts: T0 + i * 15 * MIN, value: (h >= 8 && h < 20 ? 300 : 60) + noise / 10 + spike, status: noise === 42 ? 3 : 0 });
  }
  return out;
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`${TREND_API.data}: long raw lines from the readings pyramid (${kind}, issue 16)`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let meter: number;
    let counter: number;
    let ties: number;

    const trend = async (body: unknown) => json<TrendSeriesReply[]>(await t.app.inject({ method: 'POST', url: TREND_API.data, headers: admin, payload: body as object }));
    const stored = async (deviceId: number, dataId: number, from: number, to: number): Promise<TimeRow[]> =>
      (
        await t.app.ems.db.selectFrom('reading').select(['ts', 'value', 'status']).where('device_id', '=', deviceId).where('data_id', '=', dataId).where('ts', '>=', from).where('ts', '<', to).orderBy('ts').execute()
      ).map((r) => ({ t: Number(r.ts), v: Number(r.value), s: Number(r.status) }));

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = T0 + (DAYS + 1) * 86_400_000;
      t = await startApp(store);
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      meter = await insertMeter(t.app, 1, {}, 'pyramid kW');
      counter = await insertMeter(t.app, 1, {}, 'pyramid kWh');
      ties = await insertMeter(t.app, 1, {}, 'pyramid ties');
      const kw = kwLine(meter);
      let register = 1000;
      const kwh = kw.map((r) => ({ deviceId: counter, dataId: KWH, ts: r.ts, value: (register += Math.max(0, r.value) / 4) }));
      // sent as a gateway would: in time order, a few hundred at a time, both meters in each message; then a resend with another value
      // a line of few distinct values (every bucket has tied minima and maxima across its hours), statuses on some ties
      const tied = kw.map((r, i) => ({ deviceId: ties, dataId: KW, ts: r.ts, value: (i * 7) % 5, status: i % 11 === 0 ? 1 : 0 }));
      const all = kw.flatMap((r, i) => [r, kwh[i] as ReadingInput, tied[i] as ReadingInput]);
      for (let i = 0; i < all.length; i += 400) expect((await writeBatch(t.app.ems, 1, all.slice(i, i + 400))).rejected).toBe(0);
      await writeBatch(t.app.ems, 1, [{ deviceId: meter, dataId: KW, ts: T0 + 40 * 86_400_000 + 30 * MIN, value: 5000 }]);
    }, 120_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it.each([
      ['whole days', '2025-01-01 00:00:00', '2025-04-01 00:00:00', 400],
      ['ends inside an hour', '2025-01-03 07:40:00', '2025-03-28 13:05:00', 300],
    ])('%s: the points a full read finds with the same buckets, the resent peak among them', async (_name, startTime, endTime, pixelWidth) => {
      const from = parseLocalDateTime(startTime, 'Asia/Shanghai')!;
      const to = parseLocalDateTime(endTime, 'Asia/Shanghai')!;
      const grid = alignedGrid(from, to, pixelWidth);
      expect(grid).not.toBeNull();
      const lines = [[meter, KW], [counter, KWH], [ties, KW]] as const;
      const r = await trend({ startTime, endTime, interval: 0, pixelWidth, meterConfigs: lines.map(([deviceId, dataId]) => ({ deviceId, dataId })) });
      expect(r.status).toBe(200);
      for (const [i, [deviceId, dataId]] of lines.entries()) {
        const line = r.data[i] as TrendSeriesReply;
        const want = alignedMinMax(await stored(deviceId, dataId, from, to), grid!);
        expect(line.data).toEqual(want.map((p) => ({ time: p.t, value: p.v, status: p.s })));
        expect(line.data.length).toBeLessThanOrEqual(2 * pixelWidth);
        expect(line.truncated).toBeUndefined();
      }
      const peak = Math.max(...(r.data[0] as TrendSeriesReply).data.map((p) => p.value as number));
      expect(peak).toBe(5000);
    });

    it('a range under the pixels\' worth of hours still reads its readings (min/max of today)', async () => {
      const r = await trend({ startTime: '2025-01-10 00:00:00', endTime: '2025-01-20 00:00:00', interval: 0, pixelWidth: 400, meterConfigs: [{ deviceId: meter, dataId: KW }] });
      expect(r.status).toBe(200);
      expect(r.data[0]?.data.length).toBeGreaterThan(400);
    });
  });
}
