import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, TREND_API, type TrendSeriesReply } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';
import { insertMeter } from '../timeseries/test-nodes.js';
import { trendRepository, type LineRange } from './repository.js';

const MIN = 60_000;
const DAY = 86_400_000;
const KW = DATA_ID.activePower;
const KWH = DATA_ID.activeEnergyImport;
/** 2025-03-10 00:00 UTC (08:00 Asia/Shanghai, the project's zone): a UTC day start, the days compaction moves */
const D0 = Date.UTC(2025, 2, 10);
const DAYS = 5;
/** the counter's hole: from 3 h before the third UTC day to 1 h into it (the reading before that day lies in an older day) */
const HOLE = [D0 + 2 * DAY - 3 * 60 * MIN, D0 + 2 * DAY + 60 * MIN] as const;

/** Five days of kW every 5 min (some suspect, a peak) and of a kWh register every 5 min with a hole. */
function plant(meter: number, counter: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  let register = 5000;
  for (let i = 0; i < (DAYS * DAY) / (5 * MIN); i++) {
    const ts = D0 + i * 5 * MIN;
    const noise = ((i * 2654435761) >>> 0) % 97;
    out.push({ deviceId: meter, dataId: KW, ts, value: 40 + noise / 10 + (i === 777 ? 400 : 0), status: noise === 13 ? 3 : 0 });
    register += 0.3 + noise / 100;
    if (ts < HOLE[0] || ts >= HOLE[1]) out.push({ deviceId: counter, dataId: KWH, ts, value: register });
  }
  return out;
}

/**
 * Issue 16: on PostgreSQL the compaction job moves closed UTC days into day rows; every trend answer that
 * reads readings or 15-min values (raw lines read at once and at a pyramid line's ends, averages, maxima,
 * counter deltas, 15-min rollups, the cap probe) reads the same after it.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip || kind !== 'postgres')(`${TREND_API.data} over day rows (${kind}, issue 16)`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let meter: number;
    let counter: number;

    const trend = async (body: object) => json<TrendSeriesReply[]>(await t.app.inject({ method: 'POST', url: TREND_API.data, headers: admin, payload: body }));
    const count = async (table: 'reading' | 'reading_day' | 'rollup_15m_day', before = Number.MAX_SAFE_INTEGER) =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where device_id in (${meter}, ${counter}) and ${sql.ref(table === 'reading' ? 'ts' : 'day')} < ${before}`.execute(t.app.ems.db)).rows[0]?.n);

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = D0 + (DAYS + 5) * DAY;
      t = await startApp(store, { sim: false });
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      meter = await insertMeter(t.app, 1, {}, 'day-row kW');
      counter = await insertMeter(t.app, 1, { ctPt: 2 }, 'day-row kWh');
      const rs = plant(meter, counter);
      for (let i = 0; i < rs.length; i += 2000) expect((await writeBatch(t.app.ems, 1, rs.slice(i, i + 2000))).rejected).toBe(0);
    }, 60_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    /** Every answer of the API and of the cap probe that reads readings or 15-min values. */
    const answers = async () => {
      const lines = [
        { deviceId: meter, dataId: KW },
        { deviceId: counter, dataId: KWH },
      ];
      const bodies = [
        // raw, the whole line at once; and ends inside days
        { startTime: '2025-03-10 08:00:00', endTime: '2025-03-15 08:00:00', interval: 0, meterConfigs: lines },
        { startTime: '2025-03-10 13:07:00', endTime: '2025-03-13 02:31:00', interval: 0, meterConfigs: lines },
        // raw from the readings pyramid with ends inside an hour: the ends' own readings
        { startTime: '2025-03-10 09:07:30', endTime: '2025-03-14 17:52:00', interval: 0, pixelWidth: 40, meterConfigs: lines },
        // averages (kW) and counter consumption from the rollups (15 min: rollup_15m; hour, day) and from the readings (30 and 10 min)
        ...[900, 3600, 86400, 1800, 600].map((interval) => ({ startTime: '2025-03-10 11:00:00', endTime: '2025-03-14 20:00:00', interval, meterConfigs: lines })),
        // deltas from the start of a UTC day after the counter's hole: the reading before it lies in the day before
        { startTime: '2025-03-12 08:00:00', endTime: '2025-03-13 08:00:00', interval: 1800, meterConfigs: [{ deviceId: counter, dataId: KWH }] },
        { startTime: '2025-03-12 09:10:00', endTime: '2025-03-12 20:00:00', interval: 1200, meterConfigs: [{ deviceId: counter, dataId: KWH }] },
      ];
      const api = [];
      for (const body of bodies) {
        const r = await trend(body);
        expect(r.status, JSON.stringify(body)).toBe(200);
        api.push(r.data);
      }
      const repo = trendRepository(t.app.ems.db, kind);
      const q: LineRange = { deviceId: meter, dataId: KW, from: D0 + 6 * 60 * MIN, to: D0 + 3 * DAY + 7 * MIN };
      const n = (q.to - q.from) / (5 * MIN);
      const probes = [await repo.exceeds(q, Math.ceil(n) - 1), await repo.exceeds(q, Math.ceil(n)), await repo.exceeds({ ...q, to: q.from + 5 * MIN }, 0)];
      const maxima = await repo.aggregated(q, D0, 3_600_000, 'max', 100_000);
      return { api, probes, maxima };
    };

    it('answers the same after the closed days became day rows', async () => {
      const before = await answers();
      // what the answers hold: whole lines, the peak, deltas over the hole, the probes at the line's length
      expect(before.api[0]?.map((l) => l.data.length)).toEqual([DAYS * 288, DAYS * 288 - 48]);
      expect(before.api[2]?.[0]?.data.some((p) => p.value === 40 + (((777 * 2654435761) >>> 0) % 97) / 10 + 400)).toBe(true);
      // the first interval with a reading after the hole opens with the reading before it (× CT·PT 2)
      expect(before.api[8]?.[0]?.data[0]?.time).toBe(HOLE[1]);
      expect(before.api[8]?.[0]?.data[0]?.value).toBeGreaterThan(2 * 49 * 0.3);
      expect(before.probes).toEqual([true, false, true]);

      const r = await compactSeriesDays(t.app.ems, D0 + (DAYS + 5) * DAY);
      expect(r.problems).toEqual([]);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await count('rollup_15m_day')).toBeGreaterThan(0);
      // the first four days are day rows only
      expect(await count('reading', D0 + (DAYS - 1) * DAY)).toBe(0);

      const after = await answers();
      expect(after).toEqual(before);
    });
  });
}
