import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, READING_STATUS } from '@ems/contract';
import { STORES, createStore, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { DAY_MS } from '../../db/series-source.js';
import { compactionBatches, compactionCandidates, COMPACT_DAYS_PER_PASS } from './compaction.js';
import { compactSeriesDays, timeseriesRepository } from './repository.js';
import { writeBatch, type ReadingInput } from './service.js';
import { allRollups, insertMeter } from './test-nodes.js';

const KWH = DATA_ID.activeEnergyImport;
const KW = DATA_ID.activePower;
const D0 = Date.UTC(2025, 2, 10); // a UTC day start
const Q = 900_000;

/** `days` days of 15-min kWh readings from D0 (a suspect one, a 5-h hole on day 2) and 5-min kW readings. */
function plant(deviceId: number, days: number): ReadingInput[] {
  const out: ReadingInput[] = [];
  let v = 1000;
  for (let i = 0; i < days * 96; i++) {
    v += 1 + ((i * 13) % 7) * 0.25;
    if (i >= 96 * 2 + 20 && i < 96 * 2 + 40) continue;
    out.push({ deviceId, dataId: KWH, ts: D0 + i * Q, value: v, ...(i === 150 ? { status: READING_STATUS.suspect } : {}) });
  }
  for (let i = 0; i < days * 288; i++) out.push({ deviceId, dataId: KW, ts: D0 + i * 300_000 + 7_000, value: 50 + ((i * 7) % 19) });
  return out.sort((a, b) => a.ts - b.ts);
}

describe('day-row compaction: which days a pass moves', () => {
  it('moves whole days before the newest reading\'s day and before now less the grace, a bounded number per pass', () => {
    const rows = [
      { d: 1, k: 2, mn: D0 + 5, mx: D0 + 3 * DAY_MS + 10 },
      { d: 1, k: 3, mn: D0, mx: D0 + DAY_MS - 1 },
      { d: 2, k: 2, mn: D0, mx: D0 + 400 * DAY_MS },
    ];
    const { candidates, more } = compactionCandidates(rows, D0 + 500 * DAY_MS, 0);
    expect(candidates).toEqual([
      { deviceId: 1, dataId: 2, from: D0, cut: D0 + 3 * DAY_MS },
      { deviceId: 2, dataId: 2, from: D0, cut: D0 + COMPACT_DAYS_PER_PASS * DAY_MS },
    ]);
    expect(more).toBe(true);
    // now less the grace caps the cut
    expect(compactionCandidates(rows.slice(0, 1), D0 + 2 * DAY_MS + 3_600_000, 2 * 3_600_000).candidates[0]?.cut).toBe(D0 + DAY_MS);
    expect(compactionBatches(candidates, 31).map((b) => b.length)).toEqual([1, 1]);
    expect(compactionBatches(candidates, 40).map((b) => b.length)).toEqual([2]);
  });
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip || kind !== 'postgres')(`day-row compaction (${kind})`, () => {
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

    const readings = (id: number, dataId: number) => timeseriesRepository(t.app.ems).readings(id, dataId, 0, 4e12);
    const count = async (table: 'reading' | 'rollup_15m' | 'reading_day' | 'rollup_15m_day', id: number) =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where device_id = ${id}`.execute(t.app.ems.db)).rows[0]?.n);
    const write = async (rs: ReadingInput[], n = 500) => {
      for (let i = 0; i < rs.length; i += n) expect((await writeBatch(t.app.ems, 1, rs.slice(i, i + n))).rejected).toBe(0);
    };
    const state = async (id: number) => ({ rollups: await allRollups(t.app, id, KWH), kwh: await readings(id, KWH), kw: await readings(id, KW) });

    it('closed days leave their rows for one row per series and day; every rollup and reading reads the same', async () => {
      const id = await insertMeter(t.app, 1, {}, 'compacted');
      await write(plant(id, 5));
      const before = await state(id);
      const r = await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS);
      expect(r.problems).toEqual([]);
      // days 0..3 moved (day 4 holds the newest reading), for kWh and kW; 15-min values of kWh only
      expect(await count('reading_day', id)).toBe(8);
      expect(await count('rollup_15m_day', id)).toBe(4);
      expect(await count('reading', id)).toBe(96 + 288);
      expect(await count('rollup_15m', id)).toBeLessThanOrEqual(96);
      expect(await state(id)).toEqual(before);
      // the mark the write path reads: no series has a day row after it (day 3 the last moved)
      const mark = async () => Number((await sql<{ max_day: string }>`select max_day from series_days_mark`.execute(t.app.ems.db)).rows[0]?.max_day);
      expect(await mark()).toBe(D0 + 3 * DAY_MS);
      // a second pass has nothing to move, and leaves the mark
      expect((await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS)).days).toBe(0);
      expect(await mark()).toBe(D0 + 3 * DAY_MS);
    });

    it('a month partition left without rows is truncated: its primary key does not keep the size of the rows that moved', async () => {
      const id = await insertMeter(t.app, 1, {}, 'january');
      const jan = Date.UTC(2024, 0, 1);
      const rs: ReadingInput[] = [];
      for (let i = 0; i < 40 * 96; i++) rs.push({ deviceId: id, dataId: KWH, ts: jan + i * Q, value: 1000 + i });
      await write(rs);
      const size = async () => Number((await sql<{ n: string }>`select pg_total_relation_size('reading_p202401') as n`.execute(t.app.ems.db)).rows[0]?.n);
      const before = await state(id);
      expect(await size()).toBeGreaterThan(100_000);
      const r = await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS);
      expect(r.problems).toEqual([]);
      expect(await size()).toBeLessThanOrEqual(3 * 8192);
      expect(await state(id)).toEqual(before);
    });

    it('late readings into compacted days reopen them: the rollups of a store written in order, nothing counted twice', async () => {
      const all = plant(0, 6);
      const isLate = (r: ReadingInput) => r.ts >= D0 + DAY_MS + 5 * Q && r.ts < D0 + 2 * DAY_MS + 70 * Q;
      const inOrder = await insertMeter(t.app, 1, {}, 'in order');
      await write(all.map((r) => ({ ...r, deviceId: inOrder })));
      const late = await insertMeter(t.app, 1, {}, 'late');
      await write(all.filter((r) => !isLate(r)).map((r) => ({ ...r, deviceId: late })));
      await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS);
      expect(await count('reading_day', late)).toBeGreaterThan(0);
      await write(all.filter(isLate).map((r) => ({ ...r, deviceId: late })), 37);
      const expected = await state(inOrder);
      const got = await state(late);
      expect(got.kwh).toEqual(expected.kwh);
      expect(got.kw).toEqual(expected.kw);
      for (const grain of Object.keys(expected.rollups)) {
        const a = expected.rollups[grain]!;
        const b = got.rollups[grain]!;
        expect(b.map((x) => [x.bucketStart, x.quality, x.nIntervals, x.nGood]), grain).toEqual(a.map((x) => [x.bucketStart, x.quality, x.nIntervals, x.nGood]));
        b.forEach((x, i) => expect(x.value ?? 0, `${grain} ${x.bucketStart}`).toBeCloseTo(a[i]!.value ?? 0, 9));
      }
      // compacted again, it still reads the same
      await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS);
      expect(await count('reading', late)).toBe(96 + 288);
      expect(await state(late)).toEqual(got);
    });

    it("the first readings after a compacted midnight, off the 15-min grid, take the day rows' last reading into their window", async () => {
      // 1-min kWh readings 7 s past the minute: the 15-min value from midnight needs the day before's last reading
      const all: ReadingInput[] = [];
      for (let i = 0; i < 3 * 1440; i++) all.push({ deviceId: 0, dataId: KWH, ts: D0 + i * 60_000 + 7_000, value: 500 + i * 0.5 + (i % 3) * 0.125 });
      const whole = await insertMeter(t.app, 1, {}, 'midnight whole');
      await write(all.map((r) => ({ ...r, deviceId: whole })));
      const split = await insertMeter(t.app, 1, {}, 'midnight split');
      const day2 = D0 + 2 * DAY_MS;
      await write(all.filter((r) => r.ts <= day2 + 7_000).map((r) => ({ ...r, deviceId: split })));
      await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS);
      expect(await count('reading_day', split)).toBe(2);
      await write(all.filter((r) => r.ts > day2 + 7_000).map((r) => ({ ...r, deviceId: split })), 5);
      const a = await state(whole);
      const b = await state(split);
      expect(b.kwh).toEqual(a.kwh);
      expect(b.rollups['15m']!.map((x) => [x.bucketStart, x.quality])).toEqual(a.rollups['15m']!.map((x) => [x.bucketStart, x.quality]));
      b.rollups['15m']!.forEach((x, i) => expect(x.value ?? 0, `${x.bucketStart}`).toBeCloseTo(a.rollups['15m']![i]!.value ?? 0, 9));
    });

    it('a reading after a gap of compacted days finds the reading before the gap (the 15-min values across it)', async () => {
      const all = plant(0, 6).filter((r) => r.dataId === KWH);
      const gap = (r: ReadingInput) => r.ts >= D0 + 2 * DAY_MS && r.ts < D0 + 4 * DAY_MS;
      const whole = await insertMeter(t.app, 1, {}, 'gap whole');
      await write(all.filter((r) => !gap(r)).map((r) => ({ ...r, deviceId: whole })));
      const split = await insertMeter(t.app, 1, {}, 'gap split');
      // up to the gap, compacted (the day before the gap holds the newest reading and stays), then a day after it
      await write(all.filter((r) => r.ts < D0 + 2 * DAY_MS).map((r) => ({ ...r, deviceId: split })));
      await write([{ deviceId: split, dataId: KWH, ts: D0 + 5 * DAY_MS, value: 1 }]);
      await compactSeriesDays(t.app.ems, D0 + 10 * DAY_MS);
      expect(await count('reading_day', split)).toBe(2);
      await write(all.filter((r) => r.ts >= D0 + 4 * DAY_MS).map((r) => ({ ...r, deviceId: split })));
      const a = await state(whole);
      const b = await state(split);
      expect(b.kwh).toEqual(a.kwh);
      expect(b.rollups['15m']!.map((x) => [x.bucketStart, x.quality])).toEqual(a.rollups['15m']!.map((x) => [x.bucketStart, x.quality]));
      b.rollups.day!.forEach((x, i) => expect(x.value ?? 0).toBeCloseTo(a.rollups.day![i]!.value ?? 0, 9));
    });
  });
}
