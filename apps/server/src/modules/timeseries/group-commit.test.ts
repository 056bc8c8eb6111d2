import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from './service.js';
import { ROLLUP_GRAINS, allRollups, insertMeter } from './test-nodes.js';

const KWH = DATA_ID.activeEnergyImport;
const T0 = Date.UTC(2025, 2, 10, 3);
const METERS = 4;

/** a seeded generator */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 10 hours of 5-min kWh readings of series `k` (a 40-min hole in the middle) */
function series(deviceId: number, k: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  let v = 100 * (k + 1);
  for (let i = 0; i < 120; i++) {
    v += 1 + ((i * 7 + k) % 5) * 0.37;
    if (i >= 50 && i < 58) continue;
    out.push({ deviceId, dataId: KWH, ts: T0 + i * 300_000, value: v });
  }
  return out;
}

/** the wire: batches of 7 in shuffled order, with 20% of the readings sent again in another batch */
function shuffledBatches(readings: ReadingInput[], seed: number): ReadingInput[][] {
  const rnd = prng(seed);
  const wire = [...readings, ...readings.filter(() => rnd() < 0.2)];
  for (let i = wire.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [wire[i], wire[j]] = [wire[j] as ReadingInput, wire[i] as ReadingInput];
  }
  return Array.from({ length: Math.ceil(wire.length / 7) }, (_, i) => wire.slice(i * 7, i * 7 + 7));
}

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`time-series group commit (${kind})`, () => {
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

    const rollups = (deviceId: number) => allRollups(t.app, deviceId, KWH);

    it('many writes at once (late, out of order, repeated, several series) end with the readings and rollups of the in-order run', async () => {
      const own: number[] = [];
      const ref: number[] = [];
      for (let k = 0; k < METERS; k++) {
        own.push(await insertMeter(t.app, 1, {}, `group ${k}`));
        ref.push(await insertMeter(t.app, 1, {}, `reference ${k}`));
      }
      // the reference: each series in order, one write after the other
      for (let k = 0; k < METERS; k++) {
        const readings = series(ref[k] as number, k);
        for (let i = 0; i < readings.length; i += 6) await writeBatch(t.app.ems, 1, readings.slice(i, i + 6));
      }
      // every batch of every series submitted at once: they commit in shared transactions
      const all = own.flatMap((deviceId, k) => shuffledBatches(series(deviceId, k), 11 + k));
      const results = await Promise.all(all.map((b) => writeBatch(t.app.ems, 1, b)));
      expect(results.every((r) => r.rejected === 0)).toBe(true);

      for (let k = 0; k < METERS; k++) {
        const got = await t.app.ems.db.selectFrom('reading').select(['ts', 'value']).where('device_id', '=', own[k] as number).orderBy('ts').execute();
        expect(got.map((r) => [Number(r.ts), Number(r.value)])).toEqual(series(0, k).map((r) => [r.ts, r.value]));
        const g = await rollups(own[k] as number);
        const w = await rollups(ref[k] as number);
        for (const grain of ROLLUP_GRAINS) {
          expect((w[grain] ?? []).length, grain).toBeGreaterThan(0);
          expect((g[grain] ?? []).map((r) => ({ ...r, value: 0 })), grain).toEqual((w[grain] ?? []).map((r) => ({ ...r, value: 0 })));
          (g[grain] ?? []).forEach((r, i) => expect(Math.abs((r.value ?? NaN) - ((w[grain] ?? [])[i]?.value ?? NaN)), `${grain} #${i}`).toBeLessThanOrEqual(1e-9));
        }
      }
    });

    it('a write repeating stored readings with new values overwrites them, also in a commit shared with new readings', async () => {
      const m = await insertMeter(t.app, 1, {}, 'overwrite');
      const ts = T0 + 3_600_000;
      const power = (at: number, value: number) => ({ deviceId: m, dataId: DATA_ID.activePower, ts: at, value });
      await writeBatch(t.app.ems, 1, [power(ts, 1), power(ts + 60_000, 2)]);
      await Promise.all([
        writeBatch(t.app.ems, 1, [power(ts, 3)]),
        writeBatch(t.app.ems, 1, [power(ts + 120_000, 4)]),
        writeBatch(t.app.ems, 1, [power(ts + 60_000, 5), power(ts + 180_000, 6)]),
      ]);
      const rows = await t.app.ems.db.selectFrom('reading').select(['ts', 'value']).where('device_id', '=', m).orderBy('ts').execute();
      expect(rows.map((r) => [Number(r.ts) - ts, Number(r.value)])).toEqual([
        [0, 3],
        [60_000, 5],
        [120_000, 4],
        [180_000, 6],
      ]);
    });
  });
}
