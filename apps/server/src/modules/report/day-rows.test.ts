import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_API, DATA_ID, REPORT_API, type CostPeriod, type CostYear, type DemandCurve, type MonthBill, type Report, type TariffVersion } from '@ems/contract';
import { TOU_VERSION, at, counter } from '../../test/fixtures.js';
import { STORES, attachScheme, createProject, insertNode, json, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import { intervalRepository } from '../cost/repository.js';
import { compactSeriesDays } from '../timeseries/repository.js';

const KWH = DATA_ID.activeEnergyImport;
const KVARH = DATA_ID.reactiveEnergyImport;
/** the pinned clock: 12 March 2025 12:00 in Shanghai */
const NOW = at(2025, 3, 12, 12);
const hourOf = (t: number) => new Date(t + 8 * 3_600_000).getUTCHours();

/** The fixtures' TOU tariff with a half-hour sharp period (12:00–12:30): the report's TOU reads 15-min buckets. */
const HALF_HOUR_TOU: TariffVersion = {
  ...TOU_VERSION,
  calendar: {
    seasons: [
      {
        name: 'all',
        fromMonth: 1,
        toMonth: 12,
        schedule: [
          { start: '00:00', end: '08:00', period: 'valley' },
          { start: '08:00', end: '10:00', period: 'flat' },
          { start: '10:00', end: '12:00', period: 'peak' },
          { start: '12:00', end: '12:30', period: 'sharp' },
          { start: '12:30', end: '18:00', period: 'flat' },
          { start: '18:00', end: '22:00', period: 'peak' },
          { start: '22:00', end: '24:00', period: 'flat' },
        ],
      },
    ],
  },
};

/**
 * Issue 16: on PostgreSQL the compaction job moves closed days of `reading` and `rollup_15m` into day
 * rows; the period reports (report/repository.ts) and the bills' 15-min reads (cost/repository.ts)
 * answer the same after it. The plant: DR's HV incomer over W1's M1 (CT×PT 10) and W2's M2 from 6
 * March; a room R2 of two top-level meters A and B (its supply peak is a plain Σ); a RETIRED meter
 * read from 24 February to 1 March only (March is not the project's first month of metering).
 */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip || kind !== 'postgres')(`period reports and bills over day rows (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const ids = {} as Record<'W1' | 'W2' | 'DR' | 'HV' | 'M1' | 'M2' | 'R2' | 'A' | 'B' | 'OLD' | 'RETIRED', number>;

    const post = async <T>(url: string, payload: Record<string, unknown>) => json<T>(await t.app.inject({ method: 'POST', url, headers: admin, payload }));
    const report = (body: Record<string, unknown>) => post<Report>(REPORT_API.query, { projectId, nodeId: projectId, modelLabel: 'project', energyType: 2, ...body });

    /** Every answer of the two modules whose reads the day rows change: every converted statement runs in one of them. */
    async function answers() {
      const node = { nodeId: projectId, modelLabel: 'project' };
      const replies = {
        // consumption, TOU over 15-min slots, registers at both ends (in day rows after the compaction), MDs and the DR's signed group peak
        daily: await report({ kind: 'daily', date: '2025-03-10' }),
        monthly: await report({ kind: 'monthly', date: '2025-03', sections: ['tou', 'readings', 'power'] }),
        // R2's supply: one group of added meters (the plain Σ per window), each meter its own peak
        room: await report({ nodeId: ids.R2, modelLabel: 'room', kind: 'daily', date: '2025-03-09', rows: 'meters', sections: ['readings', 'power'] }),
        // the bills: 15-min intervals, and the RETIRED meter's February rollups before 1 March (anyBefore)
        bill: await post<MonthBill>(COST_API.bill, { ...node, year: 2025, month: 3 }),
        year: await post<CostYear>(COST_API.year, { ...node, year: 2025 }),
        period: await post<CostPeriod>(COST_API.period, { ...node, cycle: 12, startTime: at(2025, 3, 10, 9) }),
        demand: await post<DemandCurve>(COST_API.demand, { ...node, year: 2025, month: 3 }),
      };
      for (const [name, r] of Object.entries(replies)) expect(r.status, `${name}: ${JSON.stringify(r)}`).toBe(200);
      const repo = intervalRepository(t.app.ems.db);
      // RETIRED's rollups before 26 February lie in day rows only after the compaction (its newest stays a row)
      const anyBefore = await Promise.all([at(2025, 2, 24), at(2025, 2, 26), at(2025, 3, 1)].map((ts) => repo.anyBefore([ids.RETIRED], KWH, ts)));
      return { replies: Object.fromEntries(Object.entries(replies).map(([k, r]) => [k, r.data])), anyBefore };
    }

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: 'Day rows plant', enName: 'Day rows plant', capacityKva: 1000, timezone: 'Asia/Shanghai' }));
      const node = (name: string, label: string, parentId: number | null, attrs: Record<string, unknown> = {}) => insertNode(t.app, { projectId, parentId, label, name, attrs });
      ids.W1 = await node('W1', 'room', null);
      ids.W2 = await node('W2', 'room', null);
      ids.DR = await node('DR', 'distributionroom', null);
      ids.HV = await node('HV', 'meter', ids.DR, { energyType: 2 });
      ids.M1 = await node('M1', 'meter', ids.W1, { energyType: 2, parentMeterId: ids.HV, ctPt: 10 });
      ids.M2 = await node('M2', 'meter', ids.W2, { energyType: 2, parentMeterId: ids.HV });
      ids.R2 = await node('R2', 'room', null);
      ids.A = await node('A', 'meter', ids.R2, { energyType: 2 });
      ids.B = await node('B', 'meter', ids.R2, { energyType: 2 });
      ids.OLD = await node('OLD', 'room', null);
      ids.RETIRED = await node('RETIRED', 'meter', ids.OLD, { energyType: 2 });
      const from = at(2025, 3, 6);
      const end = at(2025, 3, 12, 10);
      const day = (t: number) => hourOf(t) >= 8 && hourOf(t) < 18;
      await writeReadings(t.app, projectId, [
        ...counter(ids.HV, KWH, from, end, 3, { start: 20_000 }),
        ...counter(ids.HV, KVARH, from, end, 1, { start: 7000 }),
        ...counter(ids.M1, KWH, from, end, (x) => (day(x) ? 0.1 : 0.05), { start: 500 }),
        ...counter(ids.M2, KWH, from, end, 1, { start: 1000 }),
        // A peaks at 09:00 (4 + 2 with B), B at 15:00 (1 + 6 with A): R2's coincident peak is B's window
        ...counter(ids.A, KWH, from, end, (x) => (hourOf(x) === 9 ? 4 : 1), { start: 0 }),
        ...counter(ids.B, KWH, from, end, (x) => (hourOf(x) === 15 ? 6 : 2), { start: 0 }),
        ...counter(ids.RETIRED, KWH, at(2025, 2, 24), at(2025, 3, 1), 2, { start: 300 }),
      ]);
      await attachScheme(t.app, admin, projectId, 'TOU half-hour', [HALF_HOUR_TOU]);
    }, 240_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('the closed days leave their rows for day rows; every report, bill and demand curve reads the same', async () => {
      const before = await answers();
      expect(before.anyBefore).toEqual([false, true, true]);
      // the answers hold data (not a comparison of empty ones): a day of HV 288 kWh, A 23 h × 4 + 4 × 4 = 108, B 23 h × 8 + 4 × 6 = 208
      const daily = before.replies.daily as Report;
      expect(daily.consumption?.total).toBe(288 + 108 + 208);
      expect(daily.tou?.totals.totalKwh).toBe(288 + 108 + 208);
      expect(daily.readings?.rows.find((x) => x.id === ids.HV)).toMatchObject({ startRegister: 20_000 + 4 * 288, consumption: 288 });
      // DR's own part HV − M1 − M2: 3 − 0.5 − 1 kWh (6 kW) before 08:00
      expect(daily.power?.rows.find((x) => x.id === ids.DR)).toMatchObject({ maxDemandKw: 6, maxDemandAt: at(2025, 3, 10) });
      expect((before.replies.room as Report).power?.node).toMatchObject({ maxDemandKw: (1 + 6) * 4, maxDemandAt: at(2025, 3, 9, 15) });
      expect((before.replies.bill as MonthBill).totalFen).toBeGreaterThan(0);

      const r = await compactSeriesDays(t.app.ems, at(2025, 3, 14));
      expect(r.problems).toEqual([]);
      const count = async (table: string, where = sql`true`) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.app.ems.db)).rows[0]?.n);
      expect(await count('reading_day')).toBeGreaterThan(0);
      expect(await count('rollup_15m_day')).toBeGreaterThan(0);
      // the days the answers read are gone from the row tables (but RETIRED's last day, its newest reading's):
      // they are read from the day rows
      const others = sql`device_id <> ${ids.RETIRED}`;
      expect(await count('reading', sql`${others} and ts < ${at(2025, 3, 11)}`)).toBe(0);
      expect(await count('rollup_15m', sql`${others} and bucket_start < ${at(2025, 3, 11)}`)).toBe(0);
      expect(await count('reading', sql`device_id = ${ids.RETIRED} and ts < ${at(2025, 2, 28)}`)).toBe(0);

      expect(await answers()).toEqual(before);
    });
  });
}
