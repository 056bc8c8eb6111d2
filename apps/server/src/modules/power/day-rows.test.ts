import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, POWER_API, type TransformerAnalysis, type TransformerFleet } from '@ems/contract';
import { Q, at } from '../../test/fixtures.js';
import { STORES, createProject, insertNode, json, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';
import { compactSeriesDays } from '../timeseries/repository.js';
import { aggregateRepository } from './aggregate-repository.js';
import { pqAggregatorOf } from './pq-aggregator.js';

/** the pinned clock: 2025-03-10 14:37 in Shanghai */
const NOW = at(2025, 3, 10, 14, 37);
const hourOf = (t: number) => new Date(t + 8 * 3_600_000).getUTCHours();
/** 1–2 March 2025 */
const RANGE = { startTime: at(2025, 3, 1), endTime: at(2025, 3, 3) - 1 };

/**
 * Issue 16: on PostgreSQL the compaction job moves closed days of `reading` and `rollup_15m` into day
 * rows; the transformer pages' 15-min buckets (power/repository.ts) and the 10-min PQ aggregates
 * recomputed from readings (power/aggregate-repository.ts: the extent and the recompute) are the same
 * after it. The plant of power.test.ts cut down: incomer HV → transformer T (1000 kVA) → LV main LV,
 * its counters from 1 March, its PQ an hour on 1 and on 2 March and a live value now.
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip || kind !== 'postgres')(`transformers and PQ aggregates over day rows (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids: Record<string, number> = {};

    const post = async <T>(url: string, payload: Record<string, unknown>) => json<T>(await t.app.inject({ method: 'POST', url, headers: admin, payload }));
    const LV = () => ids.LV as number;
    const pq10 = async () =>
      (await t.app.ems.db.selectFrom('pq_10m').select(['data_id', 'bucket_start', 'mean', 'min', 'max', 'n']).where('device_id', '=', LV()).orderBy('data_id').orderBy('bucket_start').execute()).map((r) => [
        Number(r.data_id),
        Number(r.bucket_start),
        Number(r.mean),
        Number(r.min),
        Number(r.max),
        Number(r.n),
      ]);

    /** The fleet and the analysis (15-min buckets, PQ from the aggregates), the extent of LV's PQ readings and its aggregates. */
    async function answers() {
      const fleet = await post<TransformerFleet>(POWER_API.fleet, { projectId, ...RANGE });
      const analysis = await post<TransformerAnalysis>(POWER_API.analysis, { projectId, transformerId: ids.T, ...RANGE });
      expect([fleet.status, analysis.status]).toEqual([200, 200]);
      return { fleet: fleet.data, analysis: analysis.data, extent: await aggregateRepository(t.app.ems.db, t.app.ems.kind).extent(LV()), pq10: await pq10() };
    }

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Day rows power', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      const node = async (code: string, label: string, parent: string | null, attrs: Record<string, unknown> = {}) =>
        (ids[code] = await insertNode(t.app, { projectId, parentId: parent === null ? null : (ids[parent] as number), label, name: `${label} ${code}`, code, attrs }));
      await node('DR', 'distributionroom', null);
      await node('IN', 'cabinet', 'DR', { cabinetType: 'incoming', voltageKv: 10 });
      await node('HV', 'meter', 'IN', { energyType: 2 });
      await node('T', 'transformer', 'DR', { ratedKva: 1000, p0Kw: 1, pkKw: 8, i0Pct: 1, ukPct: 6, insulation: 'dry', secondaryVoltageKv: 0.4 });
      await node('LV', 'meter', 'T', { energyType: 2, parentMeterId: ids.HV });
      await node('BUS', 'generatrix', 'T', { voltageKv: 0.4 });
      // LV: 150 kWh + 112.5 kvarh per 15 min before local noon, 100 + 75 after
      const rs: ReadingInput[] = [];
      let kwh = 1000;
      let kvarh = 500;
      for (let ts = at(2025, 3, 1); ts <= NOW; ts += Q) {
        rs.push({ deviceId: LV(), dataId: DATA_ID.activeEnergyImport, ts, value: kwh }, { deviceId: LV(), dataId: DATA_ID.reactiveEnergyImport, ts, value: kvarh });
        kwh += hourOf(ts) < 12 ? 150 : 100;
        kvarh += hourOf(ts) < 12 ? 112.5 : 75;
      }
      // PQ every 5 min 10:00–11:00 on 1 and 2 March (the oldest in day rows after the compaction), live values now
      for (const day of [1, 2])
        for (let k = 0; k < 12; k++) {
          const ts = at(2025, 3, day, 10) + k * 300_000;
          rs.push(
            { deviceId: LV(), dataId: DATA_ID.voltageA, ts, value: 224 + (k % 5) * 1.5 + day },
            { deviceId: LV(), dataId: DATA_ID.voltageB, ts, value: 220 },
            { deviceId: LV(), dataId: DATA_ID.voltageC, ts, value: 230 - (k % 3) },
            { deviceId: LV(), dataId: DATA_ID.thdVoltageA, ts, value: k < 8 ? 3 : 6 },
            { deviceId: LV(), dataId: DATA_ID.frequency, ts, value: k === 7 ? 50.1 : 50 },
          );
        }
      rs.push({ deviceId: LV(), dataId: DATA_ID.voltageA, ts: NOW - 60_000, value: 228 }, { deviceId: LV(), dataId: DATA_ID.activePower, ts: NOW - 60_000, value: 600 });
      await writeReadings(t.app, projectId, rs);
      await pqAggregatorOf(t.app.ems).flush();
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the closed days leave their rows for day rows; the buckets, the extent and the recomputed PQ aggregates are the same', async () => {
      const before = await answers();
      // the answers hold data (not a comparison of empty ones): 96 quarters at β 0.75 and 96 at 0.5; PQ of both hours
      expect(before.fleet.rows[0]).toMatchObject({ id: ids.T, meterId: LV(), intervals: 192, intervalsWithData: 192 });
      expect(before.analysis.load).toHaveLength(192);
      expect(before.fleet.rows[0]?.pq?.indices.find((x) => x.key === 'voltageDeviation')).toMatchObject({ measured: 12 });
      expect(before.extent).toEqual({ oldest: at(2025, 3, 1, 10), newest: NOW - 60_000 });
      expect(before.pq10.length).toBeGreaterThan(0);

      const r = await compactSeriesDays(t.app.ems, at(2025, 3, 12));
      expect(r.problems).toEqual([]);
      const count = async (table: string, where = sql`true`) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.app.ems.db)).rows[0]?.n);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await count('rollup_15m_day')).toBeGreaterThan(0);
      // the days read are gone from the row tables: they are read from the day rows (the PQ series but
      // voltage A keep 2 March as rows: it holds their newest reading)
      const newestToday = sql.join([DATA_ID.activeEnergyImport, DATA_ID.reactiveEnergyImport, DATA_ID.voltageA].map((d) => sql.lit(d)));
      expect(await count('reading', sql`ts < ${at(2025, 3, 9)} and data_id in (${newestToday})`)).toBe(0);
      expect(await count('reading', sql`ts < ${at(2025, 3, 2)}`)).toBe(0);
      expect(await count('rollup_15m', sql`bucket_start < ${at(2025, 3, 9)}`)).toBe(0);

      // the aggregates forgotten, the catch-up recomputes them from the extent's readings, now day rows
      await t.app.ems.db.deleteFrom('pq_10m').where('device_id', '=', LV()).execute();
      await aggregateRepository(t.app.ems.db, t.app.ems.kind).resetCoverage([LV()]);
      expect(await pq10()).toEqual([]);
      await pqAggregatorOf(t.app.ems).flush();
      expect(await answers()).toEqual(before);
    });
  });
}
