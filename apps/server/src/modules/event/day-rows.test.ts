import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABNORMAL_API, DATA_ID, MONITOR_API, type AbnormalResults, type AbnormalRule, type MonitorDataPoint, type MonitorDevices } from '@ems/contract';
import { lastReadingPerDevice, latestPerDevice, latestPerSeries } from '../../db/latest.js';
import { loginAs, STORES } from '../../test/helpers.js';
import { abnormalRepository } from '../abnormal/repository.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import type { ReadingInput } from '../timeseries/service.js';
import { engineDataRepository } from './data-repository.js';
import { eventFixture, MIN, type EventFixture } from './test-fixture.js';

const DAY = 86_400_000;
const Q = 15 * MIN;
const KWH = DATA_ID.activeEnergyImport;
const KW = DATA_ID.activePower;
const TEMP = DATA_ID.outdoorTemperature;
/** 2025-02-10 00:00 UTC: a UTC day start (compaction moves UTC days); 22 days up to 2025-03-04, before the fixture's clock */
const D0 = Date.UTC(2025, 1, 10);
const DAYS = 22;
/** the meter's kW hole: the last 5 h of day 6 and the first 2 h of day 7 (UTC) */
const HOLE = [D0 + 7 * DAY - 5 * 60 * MIN, D0 + 7 * DAY + 2 * 60 * MIN] as const;

/**
 * Issue 16: on PostgreSQL closed UTC days become day rows. What the rule engine reads of readings and
 * 15-min values (db/latest.ts's last reading per device at or before a time, the value before a reading,
 * windows of readings, 15-min intervals, the replay's committed readings and series), what the abnormal
 * rules read (15-min values of a meter, hourly means of the weather station) and the device monitor
 * (series and newest readings, from the rows alone) read the same after it. The modules' answers: the
 * engine's reads as the engine calls them (engine-memory.test.ts), the APIs through inject.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip || kind !== 'postgres')(`the engine's, abnormal rules' and monitor's reads over day rows (${kind}, issue 16)`, () => {
    let f: EventFixture;
    let admin: Record<string, string>;
    let box: number;
    let meter: number;
    let weather: number;
    let silent: number;
    let ruleId: number;

    const count = async (table: 'reading' | 'reading_day' | 'rollup_15m_day', before = Number.MAX_SAFE_INTEGER) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where device_id in (${meter}, ${weather}) and ${sql.ref(table === 'reading' ? 'ts' : 'day')} < ${before}`.execute(f.t.app.ems.db))
          .rows[0]?.n,
      );

    beforeAll(async () => {
      f = await eventFixture(kind);
      admin = { ...(await loginAs(f.t.app, f.store.clock, 'pf_admin')).headers, projectid: '1' };
      box = await f.node(1, null, 'room', 'day-row room');
      meter = await f.node(1, box, 'meter', 'day-row meter', { energyType: 2 });
      weather = await f.node(1, box, 'envsensor', 'day-row weather');
      silent = await f.node(1, box, 'meter', 'never reported');
      // 22 days every 15 min: the kWh register (0.25 steps), kW (a hole across a UTC midnight), the outdoor temperature
      // (whole half degrees, warmer every few days: the regression's cooling degree-days)
      const rs: ReadingInput[] = [];
      let register = 100;
      for (let i = 0; i < (DAYS * DAY) / Q; i++) {
        const ts = D0 + i * Q;
        const day = Math.floor(i / 96);
        const temp = 20 + (day % 5) * 2 + (i % 4) * 0.5;
        register += 1 + 0.25 * (temp - 18) + 0.25 * ((i * 7) % 5);
        rs.push({ deviceId: meter, dataId: KWH, ts, value: register });
        if (ts < HOLE[0] || ts >= HOLE[1]) rs.push({ deviceId: meter, dataId: KW, ts, value: 40 + ((i * 13) % 17) / 4, status: i % 50 === 7 ? 3 : 0 });
        rs.push({ deviceId: weather, dataId: TEMP, ts, value: temp });
      }
      for (let i = 0; i < rs.length; i += 3000) await f.write(1, rs.slice(i, i + 3000));
      const created = await f.call<AbnormalRule>('POST', ABNORMAL_API.create, admin, {
        projectId: 1,
        kind: 'percent',
        name: 'day-row regression',
        meterIds: [meter],
        params: { baseline: 'regression', weeks: 2 },
        enabled: false,
      });
      expect(created.code, created.msg).toBe(0);
      ruleId = created.data.id;
    }, 120_000);
    afterAll(async () => f?.close());

    /** The engine's reads of readings and 15-min values, as it calls them. */
    const engine = async () => {
      const data = engineDataRepository(f.t.app.ems.db);
      return {
        lastSeen: await Promise.all([D0 + 3 * DAY + 7 * MIN, HOLE[0] + 60 * MIN, D0 - 1, undefined].map(async (at) => [...(await data.lastSeen([meter, weather, silent], at))].sort((a, b) => a[0] - b[0]))),
        // at a day start, across the hole, at the newest reading, before the first
        valueBefore: await Promise.all([D0 + 5 * DAY, HOLE[1], D0 + 8 * DAY + 7 * MIN, D0 + DAYS * DAY, D0].map((ts) => data.valueBefore(meter, KW, ts))),
        readings: await data.readings(meter, KW, HOLE[0] - 2 * 60 * MIN, HOLE[1] + 90 * MIN),
        longReadings: (await data.readings(meter, KW, D0 + 3 * 60 * MIN, D0 + 20 * DAY)).length,
        intervals: await data.intervals(meter, KWH, D0 + DAY - 3 * Q, D0 + 3 * DAY + 2 * Q),
        committed: await data.committed(meter, KW, D0 + 2 * DAY + 30 * MIN, D0 + 4 * DAY),
        seriesOf: (await data.seriesOf([meter, weather, silent])).sort((a, b) => a.deviceId - b.deviceId || a.dataId - b.dataId),
      };
    };

    /** db/latest.ts: the newest row per device and series (rows alone), the last reading at or before a time (both forms). */
    const latest = async () => {
      const db = f.t.app.ems.db;
      return {
        reading: await latestPerDevice(db, 'reading', [meter, weather], KWH),
        rollup: await latestPerDevice(db, 'rollup_15m', [meter, weather], KWH),
        series: (await latestPerSeries(db, [meter, weather], [KWH, KW, TEMP])).sort((a, b) => a.deviceId - b.deviceId || a.dataId - b.dataId),
        last: [...(await lastReadingPerDevice(db, [meter, weather], HOLE[0] + 30 * MIN))].sort((a, b) => a[0] - b[0]),
      };
    };

    /** The abnormal rule's results (its meter's 15-min values and the weather's hourly means) and the repository's reads themselves. */
    const abnormal = async () => {
      const results = await f.call<AbnormalResults>('POST', ABNORMAL_API.results, admin, { projectId: 1, ruleId, startTime: D0 + 17 * DAY, endTime: D0 + 21 * DAY + 5 * Q });
      expect(results.code, results.msg).toBe(0);
      const repo = abnormalRepository(f.t.app.ems.db);
      const rollups = await repo.rollups([{ deviceId: meter, dataId: KWH }, { deviceId: weather, dataId: KWH }], D0 + 2 * DAY + 5 * Q, D0 + 9 * DAY);
      const means = await repo.hourlyMeans([weather], TEMP, D0 + 6 * 60 * MIN, D0 + 15 * DAY);
      return { results: results.data, rollups: [...rollups], means };
    };

    /** The monitor: the devices under the room with each point's newest reading, and the meter's points. */
    const monitor = async () => {
      const devices = await f.call<MonitorDevices>('POST', MONITOR_API.devices, admin, { nodeId: box, modelLabel: 'room' });
      const points = await f.call<MonitorDataPoint[]>('GET', `${MONITOR_API.dataPoints}?deviceId=${meter}`, admin);
      return { devices: devices.data, points: points.data };
    };

    it('answers the same after the closed days became day rows', async () => {
      const before = { engine: await engine(), latest: await latest(), abnormal: await abnormal(), monitor: await monitor() };
      // what the answers hold
      expect(before.engine.lastSeen[0]).toEqual([
        [meter, D0 + 3 * DAY],
        [weather, D0 + 3 * DAY],
      ]);
      expect(before.engine.lastSeen[2]).toEqual([]);
      expect(before.engine.valueBefore[1]).toBeDefined();
      expect(before.engine.valueBefore[4]).toBeUndefined();
      expect(before.engine.readings.length).toBe(2 * 4 + 6);
      expect(before.engine.seriesOf).toEqual([
        { deviceId: meter, dataId: KWH },
        { deviceId: meter, dataId: KW },
        { deviceId: weather, dataId: TEMP },
      ]);
      expect(before.abnormal.results.regression).toMatchObject({ weather: true });
      expect(before.abnormal.results.regression?.fittedDays).toBeGreaterThan(0);
      expect(before.abnormal.means.length).toBe(15 * 24 - 6);
      expect(before.monitor.points.map((p) => p.lastTs)).toEqual([D0 + DAYS * DAY - Q, D0 + DAYS * DAY - Q]);

      const r = await compactSeriesDays(f.t.app.ems, D0 + (DAYS + 3) * DAY);
      expect(r.problems).toEqual([]);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await count('rollup_15m_day')).toBeGreaterThan(0);
      // every day before the last is day rows only
      expect(await count('reading', D0 + (DAYS - 1) * DAY)).toBe(0);

      const after = { engine: await engine(), latest: await latest(), abnormal: await abnormal(), monitor: await monitor() };
      expect(after).toEqual(before);
    });
  });
}
