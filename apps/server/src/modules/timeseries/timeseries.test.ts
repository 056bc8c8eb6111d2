import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, READING_STATUS, type RollupRow } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { declareReset, readRollups, writeBatch, type ReadingInput } from './service.js';
import { ROLLUP_GRAINS, insertMeter } from './test-nodes.js';

const Q = 900_000;
const KWH = DATA_ID.activeEnergyImport;
const T0 = Date.UTC(2025, 0, 30, 10); // 2025-01-30 18:00 Asia/Shanghai

/** A deterministic shuffle (mulberry32). */
function shuffle<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** 3 days of 5-min kWh readings with jitter-free gaps (one 2-h hole) and varying load. */
function series(deviceId: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  let v = 5000;
  for (let i = 0; i < 3 * 288; i++) {
    const ts = T0 + i * 300_000;
    v += 2 + ((i * 37) % 11) * 0.37;
    if (i >= 100 && i < 124) continue;
    out.push({ deviceId, dataId: KWH, ts, value: v });
  }
  return out;
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`time-series write path and rollups (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    const all = async (deviceId: number, grain: (typeof ROLLUP_GRAINS)[number]) =>
      (await readRollups(t.app.ems, 1, { deviceIds: [deviceId], dataId: KWH, grain, from: 0, to: 4e12 })).map(({ deviceId: _d, ...r }) => r);
    const batches = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

    it('the same batch twice gives the same rollups (a repeated reading overwrites, nothing counted twice)', async () => {
      const id = await insertMeter(t.app, 1, { ctPt: 2 });
      const rs = series(id).slice(0, 200);
      await writeBatch(t.app.ems, 1, rs);
      const first = await Promise.all(ROLLUP_GRAINS.map((g) => all(id, g)));
      await writeBatch(t.app.ems, 1, rs);
      expect(await Promise.all(ROLLUP_GRAINS.map((g) => all(id, g)))).toEqual(first);
      const total = first[0]?.reduce((s, r) => s + (r.value ?? 0), 0) ?? 0;
      const lastAligned = rs.filter((r) => r.ts % Q === 0).at(-1) as ReadingInput;
      expect(total).toBeCloseTo(((lastAligned.value - (rs[0] as ReadingInput).value) * 2), 6);
      const hourSum = first[1]?.reduce((s, r) => s + (r.value ?? 0), 0) ?? 0;
      expect(hourSum).toBeCloseTo(total, 6);
    });

    it('late and out-of-order readings: shuffled batches give the rollups of the in-order run (1e-9)', async () => {
      const inOrder = await insertMeter(t.app, 1, { ctPt: 1 });
      for (const b of batches(series(inOrder), 100)) await writeBatch(t.app.ems, 1, b);
      const expected = await Promise.all(ROLLUP_GRAINS.map((g) => all(inOrder, g)));
      expect(expected[0]?.length).toBeGreaterThan(250);
      expect(expected[0]?.some((r) => r.quality === READING_STATUS.interpolated)).toBe(true);
      for (const seed of [1, 7]) {
        const id = await insertMeter(t.app, 1, { ctPt: 1 });
        const rs = shuffle(series(id), seed);
        for (const b of batches(rs, 37 + seed)) await writeBatch(t.app.ems, 1, b);
        const got = await Promise.all(ROLLUP_GRAINS.map((g) => all(id, g)));
        ROLLUP_GRAINS.forEach((g, gi) => {
          const e = expected[gi] as Omit<RollupRow, 'deviceId'>[];
          const a = got[gi] as Omit<RollupRow, 'deviceId'>[];
          expect(a.map((r) => [r.bucketStart, r.quality, r.nIntervals, r.nGood]), g).toEqual(e.map((r) => [r.bucketStart, r.quality, r.nIntervals, r.nGood]));
          a.forEach((r, i) => expect(Math.abs((r.value ?? 0) - (e[i]?.value ?? 0))).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(r.value ?? 0))));
        });
      }
    });

    it('rollover at the register max is counted, flagged counter reset', async () => {
      const id = await insertMeter(t.app, 1, { registerMax: 1000, ratedKw: 100 });
      await writeBatch(t.app.ems, 1, [990, 995, 5, 8].map((value, i) => ({ deviceId: id, dataId: KWH, ts: T0 + i * Q, value })));
      const q = await all(id, '15m');
      expect(q.map((r) => [r.value, r.quality])).toEqual([
        [5, 0],
        [10, READING_STATUS.counterReset],
        [3, 0],
      ]);
      expect((await all(id, 'hour'))[0]).toMatchObject({ value: 18, quality: READING_STATUS.counterReset, nIntervals: 3, nGood: 3 });
    });

    it('an unexplained drop is null and suspect until a declared meter replacement explains it', async () => {
      const id = await insertMeter(t.app, 1, {});
      await writeBatch(t.app.ems, 1, [100, 110, 3, 8].map((value, i) => ({ deviceId: id, dataId: KWH, ts: T0 + i * Q, value })));
      expect((await all(id, '15m')).map((r) => [r.value, r.quality])).toEqual([
        [10, 0],
        [null, READING_STATUS.suspect],
        [5, 0],
      ]);
      expect((await all(id, 'hour'))[0]).toMatchObject({ value: 15, quality: READING_STATUS.suspect, nGood: 2 });
      await declareReset(t.app.ems, 1, { deviceId: id, dataId: KWH, ts: T0 + Q + 60_000, closing: 112, opening: 0 });
      expect((await all(id, '15m')).map((r) => [r.value, r.quality])).toEqual([
        [10, 0],
        [5, READING_STATUS.counterReset],
        [5, 0],
      ]);
      expect((await all(id, 'hour'))[0]).toMatchObject({ value: 20, quality: READING_STATUS.counterReset, nGood: 3 });
    });

    it('day and month buckets start at Asia/Shanghai midnight (16:00 UTC)', async () => {
      const id = await insertMeter(t.app, 1, {});
      // 2025-01-31 14:00Z .. 18:00Z: local 22:00 Jan 31 .. 02:00 Feb 1; 1 kWh per 15 min
      const start = Date.UTC(2025, 0, 31, 14);
      await writeBatch(t.app.ems, 1, Array.from({ length: 17 }, (_, i) => ({ deviceId: id, dataId: KWH, ts: start + i * Q, value: i })));
      expect((await all(id, 'day')).map((r) => [new Date(r.bucketStart).toISOString(), r.value, r.nIntervals])).toEqual([
        ['2025-01-30T16:00:00.000Z', 8, 8],
        ['2025-01-31T16:00:00.000Z', 8, 8],
      ]);
      expect((await all(id, 'month')).map((r) => [new Date(r.bucketStart).toISOString(), r.value])).toEqual([
        ['2024-12-31T16:00:00.000Z', 8],
        ['2025-01-31T16:00:00.000Z', 8],
      ]);
    });

    it('instantaneous points are stored but not rolled up; devices of another project are rejected', async () => {
      const id = await insertMeter(t.app, 1, {});
      const other = await insertMeter(t.app, 2, {});
      const r = await writeBatch(t.app.ems, 1, [
        { deviceId: id, dataId: DATA_ID.activePower, ts: T0, value: 12.5 },
        { deviceId: other, dataId: KWH, ts: T0, value: 1 },
        { deviceId: id, dataId: 999, ts: T0, value: 1 },
        { deviceId: id, dataId: KWH, ts: store.clock.now + 2 * 3_600_000, value: 1 },
      ]);
      expect(r).toEqual({
        accepted: 1,
        rejected: 3,
        errors: [
          { index: 1, reason: 'unknown_device' },
          { index: 2, reason: 'unknown_data_point' },
          { index: 3, reason: 'future_time' },
        ],
      });
      expect(await readRollups(t.app.ems, 1, { deviceIds: [id], dataId: DATA_ID.activePower, grain: '15m', from: 0, to: 4e12 })).toEqual([]);
      expect(await readRollups(t.app.ems, 2, { deviceIds: [other], dataId: KWH, grain: '15m', from: 0, to: 4e12 })).toEqual([]);
    });
  });
}
