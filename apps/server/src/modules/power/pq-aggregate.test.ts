import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { STORES, createStore, loopTurnsDuring, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';
import { pqAggregatorOf } from './pq-aggregator.js';

const B = 600_000;
const DAY = 86_400_000;
/** the pinned clock: 2025-03-10 00:00 UTC; buckets are counted from the epoch */
const NOW = Date.UTC(2025, 2, 10);
const T0 = NOW - 5 * DAY;

/**
 * The 10-min PQ aggregates (pq_10m) as the write path, the catch-up and a restart after a crash
 * keep them, on a real store: a meter of the demo factory's project with readings written through
 * writeBatch (the reading listener) or straight into `reading` (as the simulator's bulk path does).
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`PQ 10-min aggregates (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    const agg = () => pqAggregatorOf(t.app.ems);
    const meter = async (code: string) => {
      const r = await t.app.ems.db
        .insertInto('node')
        .values({ project_id: 1, parent_id: null, model_label: 'meter', name: `PQ ${code}`, code, attrs: '{}', sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    };
    const write = async (rs: ReadingInput[]) => expect((await writeBatch(t.app.ems, 1, rs)).rejected).toBe(0);
    /** straight into the table: no listener hears it */
    const bulk = async (rs: ReadingInput[]) => {
      for (const r of rs) await sql`insert into reading (device_id, data_id, ts, value, status) values (${r.deviceId}, ${r.dataId}, ${r.ts}, ${r.value}, 0)`.execute(t.app.ems.db);
    };
    const buckets = async (deviceId: number, dataId: number = DATA_ID.voltageA) =>
      (await t.app.ems.db.selectFrom('pq_10m').select(['bucket_start', 'mean', 'min', 'max', 'n']).where('device_id', '=', deviceId).where('data_id', '=', dataId).orderBy('bucket_start').execute()).map(
        (r) => [Number(r.bucket_start) - T0, Number(r.mean), Number(r.min), Number(r.max), Number(r.n)],
      );
    const va = (deviceId: number, ts: number, value: number): ReadingInput => ({ deviceId, dataId: DATA_ID.voltageA, ts, value });

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      await t.app.ready();
      await agg().flush();
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('a bucket holds the mean, min, max and count of its readings; a reading at the boundary opens the next bucket', async () => {
      const d = await meter('M1');
      await write([va(d, T0, 218), va(d, T0 + 120_000, 221), va(d, T0 + 599_999, 224.5), va(d, T0 + B, 230)]);
      await agg().flush();
      expect(await buckets(d)).toEqual([
        [0, (218 + 221 + 224.5) / 3, 218, 224.5, 3],
        [B, 230, 230, 230, 1],
      ]);
    });

    it('a late reading recomputes its bucket; a repeated reading replaces the value and is not counted twice', async () => {
      const d = await meter('M2');
      await write([va(d, T0, 220), va(d, T0 + 300_000, 222), va(d, T0 + DAY, 225)]);
      await agg().flush();
      // a day later a gateway delivers a reading of the first bucket it had buffered
      await write([va(d, T0 + 60_000, 230)]);
      await agg().flush();
      expect((await buckets(d))[0]).toEqual([0, (220 + 222 + 230) / 3, 220, 230, 3]);
      // the same reading again, then a corrected value for it
      await write([va(d, T0 + 60_000, 230)]);
      await write([va(d, T0 + 60_000, 226)]);
      await agg().flush();
      expect((await buckets(d))[0]).toEqual([0, (220 + 222 + 226) / 3, 220, 226, 3]);
      expect(await buckets(d)).toHaveLength(2);
    });

    it('readings no listener heard (bulk history, newest day first) are caught up: the covered span grows to their extent', async () => {
      const d = await meter('M3');
      await bulk([va(d, T0 + 3 * DAY, 231), va(d, T0 + 3 * DAY + 60_000, 233)]);
      await agg().flush();
      await bulk([va(d, T0 + DAY + 5 * B, 219)]);
      await agg().flush();
      expect(await buckets(d)).toEqual([
        [DAY + 5 * B, 219, 219, 219, 1],
        [3 * DAY, 232, 231, 233, 2],
      ]);
      const cov = await t.app.ems.db.selectFrom('pq_coverage').select(['lo', 'hi']).where('device_id', '=', d).executeTakeFirstOrThrow();
      expect([Number(cov.lo) - T0, Number(cov.hi) - T0]).toEqual([DAY + 5 * B, 3 * DAY + B]);
    });

    it('a report recomputes at most two days of raw readings itself and says when the aggregates do not yet cover its window', async () => {
      const d = await meter('M4');
      await bulk([0, 1, 2, 3, 4].map((k) => va(d, T0 + k * DAY, 220 + k)));
      const window = { from: T0, to: T0 + 5 * DAY };
      // top down, two days per report: days 3–4, then 1–2, then day 0
      expect(await agg().refresh(d, window)).toBe(false);
      expect((await buckets(d)).map((b) => b[0])).toEqual([3 * DAY, 4 * DAY]);
      expect(await agg().refresh(d, window)).toBe(false);
      expect(await agg().refresh(d, window)).toBe(true);
      expect((await buckets(d)).map((b) => b[1])).toEqual([220, 221, 222, 223, 224]);
      // a window the aggregates already cover needs no raw readings
      expect(await agg().refresh(d, { from: T0 + DAY, to: T0 + 2 * DAY })).toBe(true);
    });

    it('a report\'s two days of catch-up are read two hours at a time, with turns of the event loop between (issue 12)', async () => {
      const d = await meter('M6');
      // one reading every 30 min over two days
      await bulk(Array.from({ length: 96 }, (_, k) => va(d, T0 + k * 1_800_000, 200 + (k % 10))));
      const window = { from: T0, to: T0 + 2 * DAY };
      const { result, turns } = await loopTurnsDuring(() => agg().refresh(d, window));
      expect(result).toBe(true);
      // 24 pieces of 2 h: the loop turned between them (one statement for both days gave it none on SQLite)
      expect(turns).toBeGreaterThanOrEqual(23);
      const got = await buckets(d);
      expect(got).toHaveLength(96);
      expect(got.map((b) => b[1])).toEqual(Array.from({ length: 96 }, (_, k) => 200 + (k % 10)));
    });

    it('a crash loses nothing: a late reading committed but never marked is recomputed after the next start finds the dead run', async () => {
      const d = await meter('M5');
      await write([va(d, T0, 220), va(d, T0 + DAY, 221)]);
      await agg().flush();
      // committed, then the process died before its mark was recomputed: no listener will tell
      await bulk([va(d, T0 + 60_000, 240)]);
      await agg().flush();
      expect((await buckets(d))[0]).toEqual([0, 220, 220, 220, 1]);
      await t.app.ems.db.insertInto('pq_run').values({ run_id: 'crashed', seen_at: Date.now() - 3_600_000 }).execute();
      await t.app.close();
      t = await startApp(store);
      await t.app.ready();
      await agg().flush();
      expect((await buckets(d))[0]).toEqual([0, 230, 220, 240, 2]);
      const runs = await t.app.ems.db.selectFrom('pq_run').select('run_id').execute();
      expect(runs.map((r) => r.run_id)).not.toContain('crashed');
    });
  });
}
