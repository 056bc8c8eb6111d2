import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATA_ID } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from './service.js';
import { insertMeter } from './test-nodes.js';
import { cellsOf, type PyramidCell } from './pyramid.js';
import { fillReadingHour } from '../../db/migrations/0028-reading-pyramid.js';

const T0 = Date.UTC(2025, 4, 31, 20);

/** Readings of a series: 1-to-50-min steps, values with ties and spikes, statuses now and then. */
const seriesArb = fc
  .array(
    fc.record({
      stepMin: fc.integer({ min: 1, max: 50 }),
      value: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -1e4, max: 1e4, noNaN: true })),
      status: fc.constantFrom(0, 0, 0, 1, 2, 3, 4),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((steps) => {
    let ts = T0;
    return steps.map((s) => ({ ts: (ts += s.stepMin * 60_000 + (s.stepMin % 7) * 1000), value: s.value, status: s.status }));
  });

/** The wire: cut into batches, some readings resent with another value (later wins), the batches in a random order. */
const wireArb = (n: number) =>
  fc.record({
    cuts: fc.array(fc.integer({ min: 1, max: Math.max(1, n - 1) }), { maxLength: 8 }),
    resends: fc.array(fc.record({ i: fc.integer({ min: 0, max: n - 1 }), value: fc.integer({ min: -9, max: 9 }), status: fc.constantFrom(0, 3) }), { maxLength: Math.ceil(n / 4) }),
    order: fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
  });

const byTime = (a: PyramidCell, b: PyramidCell) => a.b - b.b;

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`the readings pyramid is kept on write (${kind}, property)`, () => {
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

    const storedCells = async (deviceId: number, dataId: number): Promise<PyramidCell[]> => {
      const rows = await t.app.ems.db.selectFrom('reading_hour').selectAll().where('device_id', '=', deviceId).where('data_id', '=', dataId).orderBy('bucket_start').execute();
      return rows.map((r) => ({
        d: Number(r.device_id), k: Number(r.data_id), b: Number(r.bucket_start), n: Number(r.n), total: Number(r.total),
        minV: Number(r.min_v), minO: Number(r.min_o), minS: Number(r.min_s), maxV: Number(r.max_v), maxO: Number(r.max_o), maxS: Number(r.max_s),
        firstO: Number(r.first_o), firstV: Number(r.first_v), firstS: Number(r.first_s), lastO: Number(r.last_o), lastV: Number(r.last_v), lastS: Number(r.last_s), status: Number(r.status),
      }));
    };
    const storedReadings = async (deviceId: number, dataId: number) =>
      (await t.app.ems.db.selectFrom('reading').select(['ts', 'value', 'status']).where('device_id', '=', deviceId).where('data_id', '=', dataId).orderBy('ts').execute()).map((r) => ({
        deviceId, dataId, ts: Number(r.ts), value: Number(r.value), status: Number(r.status),
      }));

    it('cells equal those of the stored readings after random batches, resends and concurrent commits (kW and kWh)', async () => {
      await fc.assert(
        fc.asyncProperty(
          seriesArb.chain((s) => fc.tuple(fc.constant(s), wireArb(s.length), fc.constantFrom(DATA_ID.activePower, DATA_ID.activeEnergyImport))),
          async ([points, wire, dataId]) => {
            const device = await insertMeter(t.app, 1, {}, 'pyramid property');
            const mine: ReadingInput[] = points.map((p) => ({ deviceId: device, dataId, ...p }));
            const cuts = [...new Set(wire.cuts)].sort((a, b) => a - b);
            const batches: ReadingInput[][] = [];
            let from = 0;
            for (const c of [...cuts, mine.length]) {
              if (c > from) batches.push(mine.slice(from, c));
              from = c;
            }
            for (let i = batches.length - 1; i > 0; i--) {
              const j = (wire.order[i % wire.order.length] ?? 0) % (i + 1);
              [batches[i], batches[j]] = [batches[j] as ReadingInput[], batches[i] as ReadingInput[]];
            }
            const half = Math.floor(batches.length / 2);
            for (const b of batches.slice(0, half)) await writeBatch(t.app.ems, 1, b);
            await Promise.all(batches.slice(half).map((b) => writeBatch(t.app.ems, 1, b)));
            // resends with other values, one after the other (the later wins) and two at once
            const resends = wire.resends.map((r) => ({ ...(mine[r.i] as ReadingInput), value: r.value, status: r.status }));
            for (const r of resends.slice(0, -2)) await writeBatch(t.app.ems, 1, [r]);
            await Promise.all(resends.slice(-2).map((r) => writeBatch(t.app.ems, 1, [r])));

            const want = cellsOf(await storedReadings(device, dataId)).sort(byTime);
            const got = await storedCells(device, dataId);
            expect(got.map((c) => ({ ...c, total: 0 }))).toEqual(want.map((c) => ({ ...c, total: 0 })));
            got.forEach((c, i) => expect(Math.abs(c.total - (want[i]?.total ?? 0))).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(c.total))));
          },
        ),
        { numRuns: 25, seed: 20261126 },
      );
    }, 240_000);

    it("the migration's fill of an existing store computes the cells the write path keeps", async () => {
      const all = async () =>
        (await t.app.ems.db.selectFrom('reading_hour').selectAll().orderBy('device_id').orderBy('data_id').orderBy('bucket_start').execute()).map((r) =>
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'total' ? Math.round(Number(v) * 1e6) / 1e6 + 0 : Number(v)])),
        );
      const kept = await all();
      expect(kept.length).toBeGreaterThan(30);
      await t.app.ems.db.deleteFrom('reading_hour').execute();
      await fillReadingHour(t.app.ems.db as never, kind);
      expect(await all()).toEqual(kept);
    });
  });
}
