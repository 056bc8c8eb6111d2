import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { pgTailStats } from './repository.js';
import { declareReset, writeBatch, type ReadingInput } from './service.js';
import { nextTail, tailCheckColumns } from './tails.js';
import { ROLLUP_GRAINS, allRollups, insertMeter } from './test-nodes.js';

const MIN = 60_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 2, 3, 9, 50);
const r = (min: number, value = min, status = 0) => ({ ts: T0 + min * MIN, value, status });

describe('nextTail', () => {
  it('starts at the latest reading at or before the 15-min boundary at or before the newest', () => {
    // T0 is 09:50: readings 09:50 .. 10:07; the boundary before 10:07 is 10:00
    const known = [r(0), r(5), r(9), r(10), r(13), r(17)];
    const tail = nextTail(known, new Set([T0 - 50 * MIN, T0 + 10 * MIN]), '42', undefined);
    expect(tail?.rows.map((x) => x.ts)).toEqual([r(10).ts, r(13).ts, r(17).ts]);
    expect([...(tail?.cells ?? [])]).toEqual([[T0 + 10 * MIN, '42']]);
    // no reading on the boundary: the one before it
    expect(nextTail([r(0), r(9), r(13), r(17)], new Set([T0 - 50 * MIN, T0 + 10 * MIN]), '42', undefined)?.rows.map((x) => x.ts)).toEqual([r(9).ts, r(13).ts, r(17).ts]);
  });

  it('takes the version of an hour the write did not touch from the tail before it, and gives none without one', () => {
    const nine = T0 - 50 * MIN;
    const ten = T0 + 10 * MIN;
    const before = { rows: [r(9)], cells: new Map([[nine, '7']]) };
    const tail = nextTail([r(9), r(13), r(17)], new Set([ten]), '8', before);
    expect([...(tail?.cells ?? [])]).toEqual([
      [nine, '7'],
      [ten, '8'],
    ]);
    // the 09:00 cell's version unknown (no tail before): no tail
    expect(nextTail([r(9), r(13), r(17)], new Set([ten]), '8', undefined)).toBeUndefined();
  });

  it('gives none in a series first quarter hour, and keeps the later of two readings of one ts', () => {
    expect(nextTail([r(11), r(13)], new Set([T0 + 10 * MIN]), '1', undefined)).toBeUndefined();
    expect(nextTail([], new Set(), '1', undefined)).toBeUndefined();
    const tail = nextTail([r(10), r(12, 5), r(12, 6, 3), r(11)], new Set([T0 + 10 * MIN]), '1', undefined);
    expect(tail?.rows).toEqual([r(10), r(11), r(12, 6, 3)]);
  });

  it('lays tails out as the guard takes them: a row per tail, a row per cell', () => {
    const nine = T0 - 50 * MIN;
    const cols = tailCheckColumns([
      { deviceId: 5, dataId: 1, tail: { rows: [r(9), r(13)], cells: new Map([[nine, '7'], [nine + HOUR, '8']]) } },
      { deviceId: 6, dataId: 1, tail: { rows: [r(30)], cells: new Map([[nine + HOUR, '8']]) } },
    ]);
    expect(cols).toEqual({
      td: [5, 6],
      tk: [1, 1],
      tlo: [r(9).ts, r(30).ts],
      tfh: [nine, nine + HOUR],
      tailDay: Date.UTC(2025, 2, 3),
      cd: [5, 5, 6],
      ck: [1, 1, 1],
      cb: [nine, nine + HOUR, nine + HOUR],
      cx: ['7', '8', '8'],
    });
  });
});

const KWH = DATA_ID.activeEnergyImport;
const postgres = STORES.find((s) => s.kind === 'postgres') as (typeof STORES)[number];

/** A counter that grows faster and faster (so a missed reading moves an interpolated boundary), 1 reading a minute. */
const counter = (deviceId: number, fromMin: number, toMin: number, status: (min: number) => number = () => 0): ReadingInput[] =>
  Array.from({ length: toMin - fromMin }, (_, i) => {
    const min = fromMin + i;
    return { deviceId, dataId: KWH, ts: T0 + min * MIN, value: 1000 + min * min * 0.01, status: status(min) };
  });

describe.skipIf(postgres.skip)('series tails with two instances writing one series (postgres)', () => {
  let store: TestStore;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    store = await createStore('postgres');
    store.clock.now = T0 + 30 * HOUR;
    a = await startApp(store);
    b = await startApp(store, { sim: false });
  });
  afterAll(async () => {
    await b?.app.close();
    await a?.app.close();
    await store?.dispose();
  });

  it('a write whose tail another instance changed is done the long way: the rollups and cells of one writer', async () => {
    const ref = await insertMeter(a.app, 1, {}, 'tail reference');
    const own = await insertMeter(a.app, 1, {}, 'tail shared');
    const suspect = (min: number) => (min === 27 || min === 71 ? 3 : 0);
    // A writes 5-min batches in time order; B writes some of them in between:
    // - 09:55 (B) in A's tail hour, with a suspect reading at 10:17 beside the 10:15 boundary (batch 25..30)
    // - 11:00 (B) only the next hour's first batch: A's cells of 10:00 stay as A left them
    // - B sends again a reading of A's tail with another status (the value kept): the cell is recomputed
    const writer = (i: number) => (i === 5 || i === 14 ? b : a);
    const before = pgTailStats(a.app.ems);
    for (let i = 0; i < 24; i++) {
      await writeBatch(writer(i).app.ems, 1, counter(own, i * 5, i * 5 + 5, suspect));
      if (i === 17) await writeBatch(b.app.ems, 1, [{ ...(counter(own, 88, 89)[0] as ReadingInput), status: 1 }]);
    }
    await writeBatch(a.app.ems, 1, counter(ref, 0, 120, (min) => (min === 88 ? 1 : suspect(min))));
    const after = pgTailStats(a.app.ems);
    // both ways taken by A: most writes on its tails, and the three after B's writes the long way
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(15);
    expect(after.misses - before.misses).toBe(3);

    const want = await allRollups(a.app, ref, KWH);
    const got = await allRollups(a.app, own, KWH);
    for (const grain of ROLLUP_GRAINS) {
      expect(got[grain]?.length, grain).toBe(want[grain]?.length);
      (got[grain] ?? []).forEach((row, i) => {
        const w = want[grain]?.[i];
        expect({ ...row, value: 0 }, `${grain} #${i}`).toEqual({ ...w, value: 0 });
        expect(Math.abs((row.value ?? 0) - (w?.value ?? 0)), `${grain} #${i}`).toBeLessThanOrEqual(1e-9);
      });
    }
    const cells = async (deviceId: number) =>
      (await a.app.ems.db.selectFrom('reading_hour').selectAll().where('device_id', '=', deviceId).orderBy('bucket_start').execute()).map(({ device_id: _d, ...c }) => c);
    // the same cells (a sum merged batch by batch may differ from one of all in the last bits)
    const [mine, theirs] = [await cells(own), await cells(ref)];
    expect(mine.map((c) => ({ ...c, total: 0 }))).toEqual(theirs.map((c) => ({ ...c, total: 0 })));
    mine.forEach((c, i) => expect(Math.abs(c.total - (theirs[i]?.total ?? 0))).toBeLessThanOrEqual(1e-9));
  });

  it('a reset another instance declares after a tail starts makes the next write take the long way', async () => {
    const ref = await insertMeter(a.app, 1, {}, 'reset reference');
    const own = await insertMeter(a.app, 1, {}, 'reset shared');
    const reset = { dataId: KWH, ts: T0 + 32 * MIN + 30_000, closing: 1016, opening: 3 };
    const afterReset = (deviceId: number) => counter(deviceId, 33, 50).map((x) => ({ ...x, value: 3 + (x.ts - reset.ts) / MIN }));
    await writeBatch(a.app.ems, 1, counter(own, 0, 30));
    await writeBatch(a.app.ems, 1, counter(own, 30, 33));
    await declareReset(b.app.ems, 1, { deviceId: own, ...reset });
    const before = pgTailStats(a.app.ems);
    await writeBatch(a.app.ems, 1, afterReset(own));
    expect(pgTailStats(a.app.ems).misses - before.misses).toBe(1);

    await writeBatch(a.app.ems, 1, counter(ref, 0, 33));
    await declareReset(a.app.ems, 1, { deviceId: ref, ...reset });
    await writeBatch(a.app.ems, 1, afterReset(ref));
    const want = await allRollups(a.app, ref, KWH);
    const got = await allRollups(a.app, own, KWH);
    expect(got).toEqual(want);
  });
});
