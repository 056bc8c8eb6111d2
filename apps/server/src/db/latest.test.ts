import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { STORES, startAt, type TestApp, type TestStore } from '../test/helpers.js';
import { lastReadingPerDevice, lastReadingQuery, latestPerDevice, latestPerSeries, latestQuery, latestSeriesQuery } from './latest.js';

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
    });

    it('the newest reading of each series of the devices and data points; a series without one is left out', async () => {
      const got = await latestPerSeries(t.app.ems.db, [9001, 9002, 9003], [1, 3]);
      expect(got.sort((a, b) => a.deviceId - b.deviceId || a.dataId - b.dataId)).toEqual([
        { deviceId: 9001, dataId: 1, ts: NOW - Q, value: 35_039 },
        { deviceId: 9002, dataId: 1, ts: NOW - 5 * Q, value: 7 },
        { deviceId: 9002, dataId: 3, ts: NOW, value: 99 },
      ]);
      expect(await latestPerSeries(t.app.ems.db, [9001], [])).toEqual([]);
    });

    it("a device's last reading of any data point, at or before a time; a device without one is left out", async () => {
      const db = t.app.ems.db;
      expect([...(await lastReadingPerDevice(db, [9001, 9002, 9003]))].sort()).toEqual([
        [9001, NOW - Q],
        [9002, NOW],
      ]);
      expect([...(await lastReadingPerDevice(db, [9001, 9002], NOW - 2 * Q))].sort()).toEqual([
        [9001, NOW - 2 * Q],
        [9002, NOW - 5 * Q],
      ]);
      expect(await lastReadingPerDevice(db, [])).toEqual(new Map());
    });

    it.skipIf(kind !== 'sqlite')("each series and each device's last reading are found by seeks on the whole key, never by walking a device's series", async () => {
      const plan = (query: { compile(db: unknown): { sql: string; parameters: readonly unknown[] } } | null) => {
        if (query === null) throw new Error('no query');
        const compiled = query.compile(t.app.ems.db);
        const file = new Database((store.store as { file: string }).file, { readonly: true });
        const rows = file.prepare(`explain query plan ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
        file.close();
        return rows.map((p) => p.detail).filter((d) => /^SEARCH (x|y|reading)\b/.test(d));
      };
      const series = plan(latestSeriesQuery([9001, 9002], [1, 3]));
      expect(series.filter((d) => d.startsWith('SEARCH x'))).toEqual([expect.stringMatching(/device_id=\? AND data_id=\? AND ts=\?/)]);
      // every probe of the readings names device and data point (the device alone walks all its series)
      const last = plan(lastReadingQuery([9001, 9002], NOW));
      expect(last.length).toBeGreaterThan(0);
      for (const d of last) expect(d).toMatch(/device_id=\? AND data_id=\?/);
    });
  });
}
