import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATA_ID, TREND_API, type RollupRow, type TrendSeriesReply } from '@ems/contract';
import { minMaxDownsample, type TimeValue } from '@ems/domain';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { readRollups, writeBatch, type ReadingInput } from '../timeseries/service.js';
import { insertMeter } from '../timeseries/test-nodes.js';
import { downsampleLine, parseLocalDateTime } from './service.js';
import { alignedGrid, alignedMinMax } from './pyramid-line.js';

const MIN = 60_000;
const KW = DATA_ID.activePower;
const KWH = DATA_ID.activeEnergyImport;
/** 2025-01-30 00:00:00 Asia/Shanghai */
const T0 = Date.UTC(2025, 0, 29, 16);

describe('parseLocalDateTime (start/end strings are wall-clock time of the project timezone)', () => {
  it.each([
    ['2025-01-30 00:00:00', 'Asia/Shanghai', Date.UTC(2025, 0, 29, 16)],
    ['2025-01-30 08:15:30', 'Asia/Shanghai', Date.UTC(2025, 0, 30, 0, 15, 30)],
    ['2025-07-01 12:00:00', 'Europe/Berlin', Date.UTC(2025, 6, 1, 10)],
    ['2025-01-01 12:00:00', 'Europe/Berlin', Date.UTC(2025, 0, 1, 11)],
    ['2025-01-30 00:00:00', 'Asia/Kolkata', Date.UTC(2025, 0, 29, 18, 30)],
  ])('%s in %s', (text, zone, ms) => expect(parseLocalDateTime(text, zone)).toBe(ms));
  it.each(['2025-02-30 00:00:00', '2025-01-30 24:00:00', '2025-13-01 00:00:00', '2025-01-30T00:00:00'])('refuses %s', (text) =>
    expect(parseLocalDateTime(text, 'Asia/Shanghai')).toBeNull(),
  );
});

describe('downsampleLine (fast-check): the points and statuses of minMaxDownsample over the whole line', () => {
  it('on random lines, with and without gaps, ties and single-pixel charts', () => {
    const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }));
    fc.assert(
      fc.property(
        fc.array(fc.record({ dt: fc.integer({ min: 1, max: 3_600_000 }), v: fc.option(value, { freq: 15 }), s: fc.integer({ min: 0, max: 4 }) }), { maxLength: 600 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 150 }),
        (items, gaps, px) => {
          let t = 1_735_660_800_000;
          const rows = items.map((x) => ({ t: (t += x.dt), v: gaps ? x.v : (x.v ?? 0), s: x.s }));
          const statuses = new Map(rows.map((r) => [r.t, r.s]));
          const expected = minMaxDownsample(
            rows.map((r): TimeValue => [r.t, r.v]),
            px,
          ).map(([time, v]) => ({ t: time, v, s: statuses.get(time) ?? 0 }));
          expect(downsampleLine(rows, px)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`POST ${TREND_API.data} (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let meter: number;
    let counter: number;

    const trend = async (body: unknown, headers = admin) => json<TrendSeriesReply[]>(await t.app.inject({ method: 'POST', url: TREND_API.data, headers, payload: body as object }));
    const one = (deviceId: number, dataId: number, startTime: string, endTime: string, interval: number, extra: object = {}) => ({
      startTime,
      endTime,
      interval,
      meterConfigs: [{ deviceId, dataId }],
      ...extra,
    });

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = Date.UTC(2025, 1, 10);
      t = await startApp(store);
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      meter = await insertMeter(t.app, 1, {}, 'trend meter');
      counter = await insertMeter(t.app, 1, { ctPt: 2 }, 'trend counter');
      // kW every 5 min for 2 h: 0, 1, 2, …, 23; the reading at 00:20 is suspect
      const kw: ReadingInput[] = Array.from({ length: 24 }, (_, i) => ({ deviceId: meter, dataId: KW, ts: T0 + i * 5 * MIN, value: i, status: i === 4 ? 3 : 0 }));
      // kWh every 5 min for 3 h: 100 + 1.5 i (× ctPt 2 in the rollups)
      const kwh: ReadingInput[] = Array.from({ length: 37 }, (_, i) => ({ deviceId: counter, dataId: KWH, ts: T0 + i * 5 * MIN, value: 100 + 1.5 * i }));
      const r = await writeBatch(t.app.ems, 1, [...kw, ...kwh]);
      expect(r.rejected).toBe(0);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('raw readings in [start, end) with their status, parameter from the node and catalogue', async () => {
      const r = await trend({ ...one(meter, KW, '2025-01-30 00:00:00', '2025-01-30 01:00:00', 0), meterConfigs: [{ deviceId: meter, dataId: KW, dataTypeId: 7, logicalId: 2 }] });
      expect(r.status).toBe(200);
      const line = r.data[0] as TrendSeriesReply;
      expect(line).toMatchObject({ deviceId: meter, dataId: KW, dataTypeId: 7, logicalId: 2 });
      expect(line.param).toEqual({ deviceName: 'trend meter', dataName: '有功功率', dataTypeName: '原始值', unit: 'kW', upperLimit: null, lowerLimit: null });
      expect(line.data.map((p) => p.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(line.data[0]?.time).toBe(T0);
      expect(line.data[4]?.status).toBe(3);
    });

    it('start and end strings are read in the project timezone (Asia/Shanghai): 00:30–01:00 local is 16:30–17:00 UTC', async () => {
      const r = await trend(one(meter, KW, '2025-01-30 00:30:00', '2025-01-30 01:00:00', 0));
      expect(r.data[0]?.data.map((p) => [new Date(p.time).toISOString(), p.value])).toEqual([
        ['2025-01-29T16:30:00.000Z', 6],
        ['2025-01-29T16:35:00.000Z', 7],
        ['2025-01-29T16:40:00.000Z', 8],
        ['2025-01-29T16:45:00.000Z', 9],
        ['2025-01-29T16:50:00.000Z', 10],
        ['2025-01-29T16:55:00.000Z', 11],
      ]);
    });

    it('instantaneous points: interval averages in SQL (15 min: 1, 4, 7 …; 1 h: 5.5, 17.5), worst status per interval', async () => {
      const q = await trend(one(meter, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 900));
      const line = q.data[0] as TrendSeriesReply;
      expect(line.param.dataTypeName).toBe('平均值');
      expect(line.data.map((p) => p.value)).toEqual([1, 4, 7, 10, 13, 16, 19, 22]);
      expect(line.data.map((p) => p.time)).toEqual(Array.from({ length: 8 }, (_, i) => T0 + i * 15 * MIN));
      expect(line.data.map((p) => p.status)).toEqual([0, 3, 0, 0, 0, 0, 0, 0]);
      const h = await trend(one(meter, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 3600));
      expect(h.data[0]?.data.map((p) => [p.time, p.value])).toEqual([
        [T0, 5.5],
        [T0 + 60 * MIN, 17.5],
      ]);
      const d = await trend(one(meter, KW, '2025-01-30 00:00:00', '2025-02-01 00:00:00', 86400));
      expect(d.data[0]?.data.map((p) => [p.time, p.value])).toEqual([[T0, 11.5]]);
    });

    it('counters at 900/3600/86400 s give exactly the rollups (× CT·PT), labelled consumption', async () => {
      const grains = [
        [900, '15m'],
        [3600, 'hour'],
        [86400, 'day'],
      ] as const;
      for (const [interval, grain] of grains) {
        const rollups = await readRollups(t.app.ems, 1, { deviceIds: [counter], dataId: KWH, grain, from: T0, to: T0 + 2 * 86_400_000 });
        expect(rollups.length).toBeGreaterThan(0);
        const r = await trend(one(counter, KWH, '2025-01-30 00:00:00', '2025-02-01 00:00:00', interval));
        expect(r.data[0]?.param.dataTypeName).toBe('用量');
        expect(r.data[0]?.data, grain).toEqual(rollups.map((x: RollupRow) => ({ time: x.bucketStart, value: x.value, status: x.quality })));
      }
      const hour = await trend(one(counter, KWH, '2025-01-30 00:00:00', '2025-01-30 03:00:00', 3600));
      // 12 readings × 1.5 kWh × 2 an hour
      expect(hour.data[0]?.data.map((p) => p.value)).toEqual([36, 36, 36]);
    });

    it('counters at other intervals: last reading of the interval minus the one before, × CT·PT, from the readings', async () => {
      const r = await trend(one(counter, KWH, '2025-01-30 00:30:00', '2025-01-30 02:00:00', 1800));
      expect(r.data[0]?.data.map((p) => [p.time, p.value])).toEqual([
        [T0 + 30 * MIN, 18],
        [T0 + 60 * MIN, 18],
        [T0 + 90 * MIN, 18],
      ]);
    });

    it('downsampling with pixelWidth: at most 2 points a pixel, the peak and the ends kept', async () => {
      const id = await insertMeter(t.app, 1, {}, 'busy meter');
      const start = T0 + 86_400_000;
      const rs: ReadingInput[] = Array.from({ length: 3000 }, (_, i) => ({ deviceId: id, dataId: KW, ts: start + i * 20_000, value: i === 1234 ? 999 : Math.sin(i / 50) * 10 }));
      for (let i = 0; i < rs.length; i += 1000) await writeBatch(t.app.ems, 1, rs.slice(i, i + 1000));
      const raw = await trend(one(id, KW, '2025-01-31 00:00:00', '2025-02-01 00:00:00', 0));
      expect(raw.data[0]?.data).toHaveLength(3000);
      const r = await trend(one(id, KW, '2025-01-31 00:00:00', '2025-02-01 00:00:00', 0, { pixelWidth: 100 }));
      const pts = r.data[0]?.data ?? [];
      expect(pts.length).toBeLessThanOrEqual(200);
      expect(pts.length).toBeGreaterThan(100);
      expect(pts).toContainEqual({ time: start + 1234 * 20_000, value: 999, status: 0 });
      expect(pts[0]?.time).toBe(start);
      expect(pts.at(-1)?.time).toBe(start + 2999 * 20_000);
      expect(Math.min(...pts.map((p) => p.value ?? 0))).toBeCloseTo(Math.min(...rs.map((x) => x.value)), 9);
    });

    it('a downsampled line is min/max downsampling of the whole line, every point with its own status', async () => {
      const id = await insertMeter(t.app, 1, {}, 'status meter');
      const start = T0 + 2 * 86_400_000;
      const rs: ReadingInput[] = Array.from({ length: 2500 }, (_, i) => ({
        deviceId: id,
        dataId: KW,
        ts: start + i * 30_000,
        value: Math.round(Math.cos(i / 40) * 1000) / 10 + (i === 777 ? 500 : 0),
        status: i % 7 === 3 ? i % 5 : 0,
      }));
      for (let i = 0; i < rs.length; i += 1000) await writeBatch(t.app.ems, 1, rs.slice(i, i + 1000));
      const reference = (pts: TrendSeriesReply['data'], px: number) => {
        const statuses = new Map(pts.map((p) => [p.time, p.status]));
        return minMaxDownsample(
          pts.map((p): TimeValue => [p.time, p.value]),
          px,
        ).map(([time, value]) => ({ time, value, status: statuses.get(time) ?? 0 }));
      };
      const lines = [
        one(id, KW, '2025-02-01 00:00:00', '2025-02-02 00:00:00', 0),
        one(id, KW, '2025-02-01 00:00:00', '2025-02-02 00:00:00', 60),
        one(counter, KWH, '2025-01-30 00:00:00', '2025-01-30 03:00:00', 0),
        one(counter, KWH, '2025-01-30 00:00:00', '2025-01-30 03:00:00', 600),
      ];
      for (const body of lines) {
        const whole = (await trend(body)).data[0]?.data ?? [];
        expect(whole.length).toBeGreaterThan(3);
        for (const px of [1, 3, 50, 1000]) {
          const r = await trend({ ...body, pixelWidth: px });
          // a raw line whose pixel buckets span two hours or more is drawn from the readings pyramid (issue 16): the
          // points of the same buckets aligned to hours (trend-pyramid.test.ts); otherwise min/max downsampling
          const grid = body.interval === 0 ? alignedGrid(parseLocalDateTime(body.startTime, 'Asia/Shanghai')!, parseLocalDateTime(body.endTime, 'Asia/Shanghai')!, px) : null;
          const want = grid
            ? alignedMinMax(whole.map((p) => ({ t: p.time, v: p.value, s: p.status })), grid).map((p) => ({ time: p.t, value: p.v, status: p.s }))
            : reference(whole, px);
          expect(r.data[0]?.data, `${body.meterConfigs[0]?.dataId} interval ${body.interval} px ${px}`).toEqual(want);
        }
      }
    });

    it('a range longer than two days of raw readings is allowed; several lines come back in order', async () => {
      const r = await trend({
        startTime: '2025-01-01 00:00:00',
        endTime: '2025-02-10 00:00:00',
        interval: 0,
        meterConfigs: [
          { deviceId: counter, dataId: KWH },
          { deviceId: meter, dataId: KW },
        ],
      });
      expect(r.status).toBe(200);
      expect(r.data.map((l) => [l.deviceId, l.data.length])).toEqual([
        [counter, 37],
        [meter, 24],
      ]);
    });

    it('a raw line of more readings than one read takes (5,000) comes back whole, in order, once each', async () => {
      const busy = await insertMeter(t.app, 1, {}, 'busy meter');
      const n = 12_001;
      const kw: ReadingInput[] = Array.from({ length: n }, (_, i) => ({ deviceId: busy, dataId: KW, ts: T0 + i * MIN, value: i % 97 }));
      for (let i = 0; i < n; i += 5000) expect((await writeBatch(t.app.ems, 1, kw.slice(i, i + 5000))).rejected).toBe(0);
      const r = await trend({ startTime: '2025-01-30 00:00:00', endTime: '2025-02-10 00:00:00', interval: 0, meterConfigs: [{ deviceId: busy, dataId: KW }, { deviceId: meter, dataId: KW }] });
      const line = r.data[0] as TrendSeriesReply;
      expect(line.data.map((p) => p.time)).toEqual(kw.map((x) => x.ts));
      expect(line.data.map((p) => p.value)).toEqual(kw.map((x) => x.value));
      expect(line.truncated).toBeUndefined();
      expect(r.data[1]?.data).toHaveLength(24);
    });

    it.each([
      [{ startTime: '2025/01/30 00:00:00' }, 'startTime'],
      [{ endTime: '2025-01-30' }, 'endTime'],
      [{ startTime: '2025-02-30 00:00:00' }, 'startTime'],
      [{ endTime: '2025-01-29 00:00:00' }, 'endTime'],
      [{ interval: -1 }, 'interval'],
      [{ interval: 1.5 }, 'interval'],
      [{ pixelWidth: 0 }, 'pixelWidth'],
      [{ meterConfigs: [] }, 'meterConfigs'],
      [{ meterConfigs: Array.from({ length: 17 }, () => ({ deviceId: 1, dataId: 1 })) }, 'meterConfigs'],
      [{ meterConfigs: [{ deviceId: 'x', dataId: 3 }] }, 'meterConfigs.0.deviceId'],
      [{ meterConfigs: [{ dataId: 3 }] }, 'meterConfigs.0.deviceId'],
      [{ startTime: undefined }, 'startTime'],
      [{ extra: 1 }, 'extra'],
    ])('400 naming the field: %j → %s', async (patch, field) => {
      const body = { ...one(meter, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0), ...patch };
      const r = await trend(body);
      expect(r.status).toBe(400);
      expect(r.msg).toContain(field);
    });

    it('400 naming the config of an unknown data point', async () => {
      const r = await trend({ ...one(meter, 999, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0) });
      expect([r.status, r.msg]).toEqual([400, expect.stringContaining('meterConfigs.0.dataId')]);
    });

    it("scope: fw_plant cannot read project 2's device (404 'no operation permission'), nor can a projectId header widen it", async () => {
      const other = await insertMeter(t.app, 2, {}, 'other project meter');
      await writeBatch(t.app.ems, 2, [{ deviceId: other, dataId: KW, ts: T0, value: 42 }]);
      const mine = await trend(one(meter, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0), plant);
      expect(mine.status).toBe(200);
      expect(mine.data[0]?.param.dataName).toBe('active power P');
      const denied = await trend({ ...one(meter, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0), meterConfigs: [{ deviceId: meter, dataId: KW }, { deviceId: other, dataId: KW }] }, plant);
      expect([denied.status, denied.msg, denied.data]).toEqual([404, 'no operation permission', null]);
      const header = await trend(one(other, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0), { ...admin, projectid: '1' });
      expect(header.status).toBe(404);
      const allowed = await trend(one(other, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0), admin);
      expect(allowed.data[0]?.data.map((p) => p.value)).toEqual([42]);
      const missing = await trend(one(99_999, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0), admin);
      expect(missing.status).toBe(404);
    });

    it('401 without a session', async () => {
      const r = await t.app.inject({ method: 'POST', url: TREND_API.data, payload: one(meter, KW, '2025-01-30 00:00:00', '2025-01-31 00:00:00', 0) });
      expect(r.statusCode).toBe(401);
    });
  });
}
