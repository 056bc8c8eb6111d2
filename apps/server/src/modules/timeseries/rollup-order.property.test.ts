import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DATA_ID } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from './service.js';
import { ROLLUP_GRAINS, allRollups, insertMeter } from './test-nodes.js';

const KWH = DATA_ID.activeEnergyImport;
const T0 = Date.UTC(2025, 4, 31, 20);
const REGISTER_MAX = 100_000;

/**
 * A counter series of 1-to-90-min steps from T0 (crossing Shanghai midnight and a month end), with small increments,
 * now and then a rollover at the register max and a spike; a suspect status on some readings.
 */
const seriesArb = fc
  .array(
    fc.record({
      stepMin: fc.integer({ min: 1, max: 90 }),
      inc: fc.double({ min: 0, max: 40, noNaN: true }),
      spike: fc.integer({ min: 0, max: 19 }).map((x) => x === 0),
      status: fc.constantFrom(0, 0, 0, 0, 3),
    }),
    { minLength: 2, maxLength: 60 },
  )
  .map((steps) => {
    let ts = T0;
    let v = REGISTER_MAX - 500;
    return steps.map((s) => {
      ts += s.stepMin * 60_000;
      v = (v + s.inc) % REGISTER_MAX;
      return { ts, value: s.spike ? v + 50_000 : v, status: s.status };
    });
  });

/** The wire: the readings cut into batches, some sent again (the same value), the batches in a random order. */
const wireArb = (n: number) =>
  fc.record({
    cuts: fc.array(fc.integer({ min: 1, max: Math.max(1, n - 1) }), { maxLength: 8 }),
    repeats: fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: Math.ceil(n / 4) }),
    order: fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
  });

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`rollups do not depend on batching or order (${kind}, property)`, () => {
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

    it('random batches in random order (with repeats) give the rollups of one sorted batch (1e-9)', async () => {
      await fc.assert(
        fc.asyncProperty(
          seriesArb.chain((s) => fc.tuple(fc.constant(s), wireArb(s.length))),
          async ([points, wire]) => {
            const attrs = { registerMax: REGISTER_MAX };
            const ref = await insertMeter(t.app, 1, attrs, 'property reference');
            const own = await insertMeter(t.app, 1, attrs, 'property shuffled');
            const readings = (deviceId: number): ReadingInput[] => points.map((p) => ({ deviceId, dataId: KWH, ...p }));
            await writeBatch(t.app.ems, 1, readings(ref));

            const mine = readings(own);
            const cuts = [...new Set(wire.cuts)].sort((a, b) => a - b);
            const batches: ReadingInput[][] = [];
            let from = 0;
            for (const c of [...cuts, mine.length]) {
              if (c > from) batches.push(mine.slice(from, c));
              from = c;
            }
            for (const i of wire.repeats) batches.push([mine[i] as ReadingInput]);
            // a seeded shuffle of the batches
            for (let i = batches.length - 1; i > 0; i--) {
              const j = (wire.order[i % wire.order.length] ?? 0) % (i + 1);
              [batches[i], batches[j]] = [batches[j] as ReadingInput[], batches[i] as ReadingInput[]];
            }
            // half of them one after the other, the rest at once (shared commits)
            const half = Math.floor(batches.length / 2);
            for (const b of batches.slice(0, half)) await writeBatch(t.app.ems, 1, b);
            await Promise.all(batches.slice(half).map((b) => writeBatch(t.app.ems, 1, b)));

            const want = await rollups(ref);
            const got = await rollups(own);
            for (const grain of ROLLUP_GRAINS) {
              const w = want[grain] ?? [];
              const g = got[grain] ?? [];
              expect(g.map((r) => ({ ...r, value: r.value === null ? null : 0 })), grain).toEqual(w.map((r) => ({ ...r, value: r.value === null ? null : 0 })));
              g.forEach((r, i) => expect(Math.abs((r.value ?? 0) - (w[i]?.value ?? 0)), `${grain} #${i}`).toBeLessThanOrEqual(1e-9));
            }
          },
        ),
        { numRuns: 25, seed: 20261122 },
      );
    }, 240_000);
  });
}
