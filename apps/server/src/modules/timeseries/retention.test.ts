import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATA_ID, INGEST_REASON, TREND_API, type TrendSeriesReply } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { readingRows } from '../../db/series-source.js';
import { compactSeriesDays } from './repository.js';
import { retentionRepository } from './retention-repository.js';
import { RETENTION_KEEPS, retentionAcceptFrom, retentionDeleteBefore, retentionPass } from './retention.js';
import { declareReset, writeBatch, type ReadingInput } from './service.js';
import { allRollups, insertMeter } from './test-nodes.js';

const MIN = 60_000;
const Q = 15 * MIN;
const DAY = 86_400_000;
const KWH = DATA_ID.activeEnergyImport;
const KW = DATA_ID.activePower;
/** the server clock: 2025-06-15 00:00Z */
const NOW = Date.UTC(2025, 5, 15);
const DAYS = 60;
/** ingest refuses before 2025-04-16 00:00Z, the pass deletes before 2025-04-15 23:00Z */
const ACCEPT_FROM = NOW - DAYS * DAY;
const BEFORE = retentionDeleteBefore(ACCEPT_FROM);
const START = Date.UTC(2025, 2, 1);
/** a counter meter offline from 2025-04-10 12:00Z to 2025-04-20: its last reading before the cutoff lies days before it */
const GAP = [Date.UTC(2025, 3, 10, 12), Date.UTC(2025, 3, 20)] as const;
/** a late reading inside that gap, just after the cutoff */
const LATE_TS = ACCEPT_FROM + 6 * 3_600_000 + 7 * MIN;

/** kWh every 15 min at 7 min past (every interval interpolated between two readings), a varying load, outside the gap when `gap`. */
function counter(deviceId: number, gap: boolean): ReadingInput[] {
  const out: ReadingInput[] = [];
  let v = 1000;
  for (let ts = START + 7 * MIN; ts < NOW; ts += Q) {
    v += 1 + ((ts / Q) % 7) * 0.25;
    if (gap && ts >= GAP[0] && ts < GAP[1]) continue;
    out.push({ deviceId, dataId: KWH, ts, value: v });
  }
  return out;
}

/** The late reading: a fifth of the way from the register before the gap to the one after it (not on the straight line, so it moves the gap's days). */
function lateReading(deviceId: number): ReadingInput {
  const all = counter(deviceId, false);
  const at = (ts: number) => all.find((r) => r.ts === ts)?.value ?? NaN;
  const [lo, hi] = [at(GAP[0] - 8 * MIN), at(GAP[1] + 7 * MIN)];
  return { deviceId, dataId: KWH, ts: LATE_TS, value: lo + 0.2 * (hi - lo) };
}

type Rollups = Awaited<ReturnType<typeof allRollups>>;

/** Two series' rollups alike: the same buckets, qualities and counts, values within 1e-9 (PostgreSQL sums a bucket's children in no set order). */
function expectSameRollups(got: Rollups, want: Rollups) {
  for (const grain of Object.keys(want)) {
    const [a, b] = [got[grain] ?? [], want[grain] ?? []];
    expect(a.map((r) => [r.bucketStart, r.quality, r.nIntervals, r.nGood]), grain).toEqual(b.map((r) => [r.bucketStart, r.quality, r.nIntervals, r.nGood]));
    a.forEach((r, i) => expect(Math.abs((r.value ?? 0) - (b[i]?.value ?? 0)), `${grain} ${r.bucketStart}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(r.value ?? 0))));
    expect(a.map((r) => r.value === null)).toEqual(b.map((r) => r.value === null));
  }
}

/** A counter meter that stopped on 2025-03-20 (its last readings lie in a month partition dropped whole) and its late reading after the cutoff. */
const DEAD_UNTIL = Date.UTC(2025, 2, 20);
const dead = (deviceId: number) => counter(deviceId, false).filter((r) => r.ts < DEAD_UNTIL);
const deadLate = (deviceId: number): ReadingInput => ({ deviceId, dataId: KWH, ts: LATE_TS, value: (dead(deviceId).at(-1)?.value ?? 0) + 500 });

/** Local wall-clock text (Asia/Shanghai, project 1) of a UTC instant, for the trend API. */
const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** PostgreSQL once more with the closed days moved into day rows before the pass (compaction.ts) */
const RUNS = [...STORES.map((s) => ({ ...s, dayRows: false })), { kind: 'postgres' as const, skip: STORES[1]?.skip ?? true, dayRows: true }];

for (const { kind, skip, dayRows } of RUNS) {
  describe.skipIf(skip)(`raw-reading retention (${kind}${dayRows ? ', closed days in day rows' : ''}, issue 16)`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    /** a counter with kW beside it, read all along */
    let steady: number;
    /** a counter offline across the cutoff; its twin got the late reading before the pass (the reference); the control loses its kept readings */
    let gapped: number;
    let twin: number;
    let control: number;
    /** a counter that stopped long before the cutoff, and its twin given the late reading before the pass */
    let stopped: number;
    let stoppedTwin: number;

    const readings = async (deviceId: number, dataId: number, from: number, to: number) =>
      (await t.app.ems.db.selectFrom(readingRows(kind, from, to).as('reading')).select(['ts', 'value']).where('device_id', '=', deviceId).where('data_id', '=', dataId).where('ts', '>=', from).where('ts', '<', to).orderBy('ts').execute()).map(
        (r) => [Number(r.ts), Number(r.value)],
      );
    const count = async (from: number, to: number) =>
      Number((await sql<{ n: number }>`select count(*) as n from ${readingRows(kind, from, to)} r where ts >= ${from} and ts < ${to}`.execute(t.app.ems.db)).rows[0]?.n);
    /** every row of each kept table the store has (the readings pyramid may not be there yet), in a stable order */
    const kept = async () => {
      const out: Record<string, string[]> = {};
      for (const table of [...RETENTION_KEEPS, 'rollup_15m_day']) {
        try {
          const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.app.ems.db)).rows;
          out[table] = rows.map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)]))).sort();
        } catch {
          // not in this store
        }
      }
      return out;
    };
    const trend = async (deviceId: number, dataId: number, from: number, to: number, interval: number) =>
      json<TrendSeriesReply[]>(
        await t.app.inject({ method: 'POST', url: TREND_API.data, headers: admin, payload: { startTime: local(from), endTime: local(to), interval, meterConfigs: [{ deviceId, dataId }] } }),
      );

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      // the default configuration: retention off (the pass is turned on by hand below, never in the background)
      t = await startApp(store, { readingRetentionPass: false });
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      steady = await insertMeter(t.app, 1, {}, 'steady');
      gapped = await insertMeter(t.app, 1, {}, 'gapped');
      twin = await insertMeter(t.app, 1, {}, 'twin');
      control = await insertMeter(t.app, 1, {}, 'control');
      stopped = await insertMeter(t.app, 1, {}, 'stopped');
      stoppedTwin = await insertMeter(t.app, 1, {}, 'stopped twin');
      const kw: ReadingInput[] = [];
      for (let ts = START; ts < NOW; ts += 3_600_000) kw.push({ deviceId: steady, dataId: KW, ts, value: 100 + ((ts / 3_600_000) % 24) });
      await writeReadings(t.app, 1, [...counter(steady, false), ...kw, ...counter(gapped, true), ...counter(control, true), ...counter(twin, true), lateReading(twin), ...dead(stopped), ...dead(stoppedTwin), deadLate(stoppedTwin)]);
      if (dayRows) expect((await compactSeriesDays(t.app.ems, NOW)).days).toBeGreaterThan(0);
    }, 120_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('off by default: the pass deletes nothing and ingest takes a reading of any age', async () => {
      expect(t.app.ems.config.readingRetentionDays).toBeUndefined();
      expect(retentionAcceptFrom(t.app.ems.config, NOW)).toBeUndefined();
      const before = await count(0, NOW);
      const r = await retentionPass(t.app.ems);
      expect(r).toMatchObject({ deleted: 0, dropped: [] });
      expect(r.before).toBeUndefined();
      expect(await count(0, NOW)).toBe(before);
      const old = await insertMeter(t.app, 1, {}, 'old');
      expect((await writeBatch(t.app.ems, 1, [{ deviceId: old, dataId: KW, ts: Date.UTC(2001, 0, 1), value: 1 }])).rejected).toBe(0);
      await t.app.ems.db.deleteFrom('reading').where('device_id', '=', old).execute();
    });

    it(`with ${DAYS} days: older readings deleted in batches (PostgreSQL: old month partitions dropped), every rollup and pyramid row unchanged`, async () => {
      t.app.ems.config.readingRetentionDays = DAYS;
      const tablesBefore = await kept();
      expect(dayRows ? tablesBefore.rollup_15m_day?.length : tablesBefore.rollup_15m?.length).toBeGreaterThan(dayRows ? 4 * 90 : 4 * 9000);
      const newer = await count(BEFORE, NOW + DAY);
      const keepFrom = await retentionRepository(t.app.ems.db, t.app.ems.kind).counterKeepFrom({ deviceId: gapped, dataId: KWH }, BEFORE);

      const r = await retentionPass(t.app.ems, () => false, 1000);
      expect(r.before).toBe(BEFORE);
      expect(r.problems).toEqual([]);
      if (kind === 'postgres') {
        expect(r.dropped).toContain('reading_p202503');
        expect(r.dropped).not.toContain('reading_p202504');
      } else expect(r.dropped).toEqual([]);
      expect(r.deleted).toBeGreaterThan(0);

      // an instantaneous series: nothing before the cutoff; a counter read all along: the reading its next window starts from
      expect(await readings(steady, KW, 0, BEFORE)).toEqual([]);
      expect((await readings(steady, KWH, 0, BEFORE)).length).toBeLessThanOrEqual(2);
      // the counter offline across the cutoff keeps its last readings before the gap (from the reading at or before the 15-min boundary before its last)
      expect(keepFrom).toBe(GAP[0] - 8 * MIN - Q);
      expect((await readings(gapped, KWH, 0, BEFORE)).map(([ts]) => ts)).toEqual([GAP[0] - 8 * MIN - Q, GAP[0] - 8 * MIN]);
      // the stopped counter keeps its last two readings, on PostgreSQL moved to the default partition when March was dropped
      expect((await readings(stopped, KWH, 0, BEFORE)).map(([ts]) => ts)).toEqual(dead(stopped).slice(-2).map((r) => r.ts));
      if (kind === 'postgres') expect(Number((await sql<{ n: number }>`select count(*) as n from reading_default where device_id = ${stopped}`.execute(t.app.ems.db)).rows[0]?.n)).toBe(2);
      expect(await count(BEFORE, NOW + DAY)).toBe(newer);
      expect(await kept()).toEqual(tablesBefore);

      // a second pass finds nothing more to delete
      expect((await retentionPass(t.app.ems)).deleted).toBe(0);
    });

    it('ingest refuses a reading before the cutoff (beyond_retention) and takes one at it; a meter reset before it is refused', async () => {
      t.app.ems.config.readingRetentionDays = DAYS;
      const r = await writeBatch(t.app.ems, 1, [
        { deviceId: steady, dataId: KW, ts: ACCEPT_FROM - 1, value: 1 },
        { deviceId: steady, dataId: KW, ts: ACCEPT_FROM + 1, value: 1 },
      ]);
      expect(r).toEqual({ accepted: 1, rejected: 1, errors: [{ index: 0, reason: INGEST_REASON.beyondRetention }] });
      await expect(declareReset(t.app.ems, 1, { deviceId: steady, dataId: KWH, ts: ACCEPT_FROM - Q, closing: 1, opening: 0 })).rejects.toMatchObject({ status: 400 });
    });

    it('a late reading just after the cutoff: its rollups (15 min to month) as in a store that never deleted; without the kept readings they would differ', async () => {
      t.app.ems.config.readingRetentionDays = DAYS;
      const beforeLate = await allRollups(t.app, gapped, KWH);
      expect((await writeBatch(t.app.ems, 1, [lateReading(gapped)])).rejected).toBe(0);
      const got = await allRollups(t.app, gapped, KWH);
      // the twin was given the same reading before anything was deleted
      expectSameRollups(got, await allRollups(t.app, twin, KWH));
      // the gap lies inside April: the month's total stays; the days of the gap are shared out anew around the reading
      expectSameRollups({ month: got.month ?? [] }, { month: beforeLate.month ?? [] });
      const moved = (got.day ?? []).filter((r, i) => Math.abs((r.value ?? 0) - (beforeLate.day?.[i]?.value ?? 0)) > 1);
      expect(moved.length).toBeGreaterThanOrEqual(2);

      // the counter stopped since March (its kept readings in a dropped partition's month) alike
      expect((await writeBatch(t.app.ems, 1, [deadLate(stopped)])).rejected).toBe(0);
      expectSameRollups(await allRollups(t.app, stopped, KWH), await allRollups(t.app, stoppedTwin, KWH));

      // the control: its kept readings removed as a plain "delete everything before the cutoff" would
      await t.app.ems.db.deleteFrom('reading').where('device_id', '=', control).where('ts', '<', BEFORE).execute();
      if (dayRows) await t.app.ems.db.deleteFrom('reading_day').where('device_id', '=', control).where('day', '<', BEFORE).execute();
      expect((await writeBatch(t.app.ems, 1, [lateReading(control)])).rejected).toBe(0);
      const april = (rs: Rollups) => rs.month?.find((r) => r.bucketStart === Date.UTC(2025, 2, 31, 16))?.value ?? NaN;
      expect(Math.abs(april(await allRollups(t.app, control, KWH)) - april(got))).toBeGreaterThan(1);
    });

    it('trend: the kept range is drawn; before the cutoff raw readings give no points, consumption still comes from the rollups', async () => {
      const day = Date.UTC(2025, 2, 10, 16);
      const oldRaw = await trend(steady, KW, day, day + DAY, 0);
      expect(oldRaw.status).toBe(200);
      expect(oldRaw.data[0]?.data).toEqual([]);
      const recent = await trend(steady, KW, Date.UTC(2025, 5, 1, 16), Date.UTC(2025, 5, 2, 16), 0);
      expect(recent.data[0]?.data).toHaveLength(24);
      const oldUse = await trend(steady, KWH, day, day + DAY, 3600);
      expect(oldUse.data[0]?.data).toHaveLength(24);
      expect(oldUse.data[0]?.data.every((p) => p.value !== null && p.value > 0)).toBe(true);
    });
  });
}
