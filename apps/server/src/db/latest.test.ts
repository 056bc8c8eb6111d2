import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { STORES, startAt, type TestApp, type TestStore } from '../test/helpers.js';
import { latestPerDevice, latestQuery } from './latest.js';

const NOW = Date.UTC(2026, 6, 15, 2, 0);
const Q = 900_000;

/**
 * The newest row per device (the live flow, the project home's present load): a long series must
 * not be walked row by row. Readings of three devices, one of them with a year of 15-min points.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`latest row per device (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW, { sim: false }));
      const db = t.app.ems.db;
      const rows: { device_id: number; data_id: number; ts: number; value: number; status: number }[] = [];
      for (let i = 0; i < 35_040; i++) rows.push({ device_id: 9001, data_id: 1, ts: NOW - (35_040 - i) * Q, value: i, status: 0 });
      rows.push({ device_id: 9002, data_id: 1, ts: NOW - 5 * Q, value: 7, status: 0 }, { device_id: 9002, data_id: 1, ts: NOW - 9 * Q, value: 3, status: 0 });
      // another data point of 9002, newer: not the one asked for
      rows.push({ device_id: 9002, data_id: 3, ts: NOW, value: 99, status: 0 });
      for (let i = 0; i < rows.length; i += 2000) await db.insertInto('reading').values(rows.slice(i, i + 2000)).execute();
      await db.insertInto('rollup_15m').values({ device_id: 9002, data_id: 1, bucket_start: NOW - Q, value: 1.5, quality: 0, n_intervals: 1, n_good: 1 }).execute();
    }, 120_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('returns each device its newest row of the data point; a device without one is left out', async () => {
      const got = await latestPerDevice(t.app.ems.db, 'reading', [9001, 9002, 9003, 9002], 1);
      expect(got.sort((a, b) => a.deviceId - b.deviceId)).toEqual([
        { deviceId: 9001, ts: NOW - Q, value: 35_039 },
        { deviceId: 9002, ts: NOW - 5 * Q, value: 7 },
      ]);
      expect(await latestPerDevice(t.app.ems.db, 'rollup_15m', [9001, 9002], 1)).toEqual([{ deviceId: 9002, ts: NOW - Q, value: 1.5 }]);
      expect(await latestPerDevice(t.app.ems.db, 'reading', [], 1)).toEqual([]);
    });

    it.skipIf(kind !== 'sqlite')('seeks each device on the whole key (device, data point, time), never scanning its series', async () => {
      const query = latestQuery('reading', [9001, 9002], 1);
      if (query === null) throw new Error('no query');
      const compiled = query.compile(t.app.ems.db);
      const file = new Database((store.store as { file: string }).file, { readonly: true });
      const plan = file.prepare(`explain query plan ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
      file.close();
      const outer = plan.map((p) => p.detail).filter((d) => /^SEARCH x\b/.test(d));
      expect(outer).toEqual([expect.stringMatching(/device_id=\? AND data_id=\? AND ts=\?/)]);
      // the same answer as a plain per-device query
      const check = await sql<{ v: number }>`select value as v from reading where device_id = 9001 and data_id = 1 order by ts desc limit 1`.execute(t.app.ems.db);
      expect(check.rows[0]?.v).toBe(35_039);
    });
  });
}
