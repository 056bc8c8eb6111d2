import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_API, DATA_ID, type ConsumptionAnalysis, type ConsumptionQuery } from '@ems/contract';
import { at } from '../../test/fixtures.js';
import { STORES, createProject, insertNode, json, startAt, writeReadings, type TestApp, type TestStore } from '../../test/helpers.js';
import type { ReadingInput } from '../timeseries/service.js';

/** the pinned clock: 2025-03-05 10:20 in Shanghai */
const NOW = at(2025, 3, 5, 10, 20);
const KWH = DATA_ID.activeEnergyImport;
const YEAR_2024: Pick<ConsumptionQuery, 'startTime' | 'endTime' | 'dateType'> = { startTime: at(2024, 1, 1), endTime: at(2025, 1, 1) - 1, dateType: 5 };

/** A register read at each local midnight of [from, to] (UTC dates naming Shanghai days), using perDay kWh the day after. */
const daily = (deviceId: number, from: Date, to: Date, perDay: (y: number, m: number, d: number) => number): ReadingInput[] => {
  const out: ReadingInput[] = [];
  let value = 1000;
  for (let day = from; day.getTime() <= to.getTime(); day = new Date(day.getTime() + 86_400_000)) {
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    out.push({ deviceId, dataId: KWH, ts: at(y, m, d), value });
    value += perDay(y, m, d);
  }
  return out;
};
const r1Day = (_y: number, _m: number, d: number) => 10 + d;

/** a bucket to the rollup precision (interpolated quarters of a day's use add up to 11.000000000000002 on PostgreSQL) */
const rounded = (b: ConsumptionAnalysis['series'][number] | undefined) =>
  b && { time: b.time, value: b.value === null ? null : Math.round(b.value * 1e6) / 1e6, lastYear: b.lastYear === null ? null : Math.round(b.lastYear * 1e6) / 1e6 };

const close = (a: readonly (number | null)[], b: readonly (number | null)[]) => {
  expect(a).toHaveLength(b.length);
  a.forEach((x, i) => expect(x ?? 0).toBeCloseTo(b[i] ?? 0, 6));
};

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`consumption analysis by a grain asked for (${kind}; issue 16)`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let projectId: number;
    const en = () => ({ ...admin, 'accept-language': 'en-US' });
    const query = async (body: Partial<ConsumptionQuery> & Record<string, unknown>, headers = admin) =>
      json<ConsumptionAnalysis>(
        await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumption, headers, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...YEAR_2024, ...body } }),
      );
    /** Σ of the day buckets of each month of the year: what the month buckets hold */
    const byMonth = (a: ConsumptionAnalysis, values: readonly (number | null)[]) => {
      const out = Array.from({ length: 12 }, () => 0);
      a.series.forEach((b, i) => {
        const m = new Date(b.time + 8 * 3_600_000).getUTCMonth();
        out[m] = (out[m] ?? 0) + (values[i] ?? 0);
      });
      return out;
    };

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW));
      ({ projectId, admin } = await createProject(t, store.clock, { name: '粒度工厂', enName: 'Grain plant', capacityKva: 1000, areaM2: 5000, timezone: 'Asia/Shanghai' }));
      // project ─ R1 room ─ M1 meter; R2 room ─ M2 meter
      const node = (name: string, label: string, parentId: number | null, attrs: Record<string, unknown> = {}) => insertNode(t.app, { projectId, parentId, label, name, attrs });
      const r1 = await node('R1', 'room', null);
      const r2 = await node('R2', 'room', null);
      const m1 = await node('M1', 'meter', r1, { energyType: 2 });
      const m2 = await node('M2', 'meter', r2, { energyType: 2 });
      // M1 uses 10 + the day of the month kWh a day from 2024 to today, M2 5 kWh a day in February and March 2024
      // (a short history: the write path is slow on a busy PostgreSQL)
      await writeReadings(t.app, projectId, [...daily(m1, new Date(Date.UTC(2024, 0, 1)), new Date(Date.UTC(2025, 2, 5)), r1Day), ...daily(m2, new Date(Date.UTC(2024, 1, 1)), new Date(Date.UTC(2024, 3, 1)), () => 5)]);
    }, 480_000);
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('a leap year by day: 366 day buckets on the local calendar, totals, 同比/环比 and the children as by month', async () => {
      const byDay = await query({ grain: 'day' });
      const months = await query({});
      expect([byDay.status, byDay.data.grain, byDay.data.from, byDay.data.to]).toEqual([200, 'day', at(2024, 1, 1), at(2025, 1, 1)]);
      expect([months.data.grain, months.data.series.length]).toEqual(['month', 12]);
      const d = byDay.data;
      expect(d.series).toHaveLength(366);
      expect(d.series.map((b) => b.time).slice(58, 61)).toEqual([at(2024, 2, 28), at(2024, 2, 29), at(2024, 3, 1)]);
      expect(d.series.at(-1)?.time).toBe(at(2024, 12, 31));
      // M1 10 + the day of the month, M2 5 (February, March); no history before 2024
      expect(rounded(d.series[0])).toEqual({ time: at(2024, 1, 1), value: 11, lastYear: null });
      expect(rounded(d.series[59])).toEqual({ time: at(2024, 2, 29), value: 44, lastYear: null });
      expect(rounded(d.series[60])).toEqual({ time: at(2024, 3, 1), value: 16, lastYear: null });
      // the totals and the KPI do not depend on the buckets
      for (const [key, v] of Object.entries(months.data.kpi)) {
        const own = d.kpi[key as keyof typeof d.kpi];
        if (typeof v === 'number') expect(own, key).toBeCloseTo(v, 6);
        else expect(own, key).toEqual(v);
      }
      // M1: 366 × 10 + Σ days of the months (7 × 496 + 4 × 465 + 435); M2: 60 days × 5
      expect(d.kpi.total).toBeCloseTo(3660 + 5767 + 300, 6);
      close(byMonth(d, d.series.map((b) => b.value)), months.data.series.map((b) => b.value));
      close(byMonth(d, d.series.map((b) => b.lastYear)), months.data.series.map((b) => b.lastYear));
      // the children rank the same and their day bars add up to their month bars
      expect(d.children.map((c) => [c.name, c.value, c.sharePct, c.yoyPct, c.momPct])).toEqual(months.data.children.map((c) => [c.name, c.value, c.sharePct, c.yoyPct, c.momPct]));
      for (const [i, c] of d.children.entries()) {
        expect(c.series).toHaveLength(366);
        close(byMonth(d, c.series), months.data.children[i]?.series ?? []);
      }
      expect(d.children.find((c) => c.name === 'R1')?.series[59]).toBeCloseTo(39, 6);
    });

    it('this year by day: 365 buckets, 1 March’s last year is 1 March 2024 alone (not 29 February too), days to come are empty', async () => {
      const d = (await query({ startTime: at(2025, 1, 1), endTime: at(2026, 1, 1) - 1, grain: 'day' })).data;
      expect(d.series).toHaveLength(365);
      expect(rounded(d.series[58])).toEqual({ time: at(2025, 2, 28), value: 38, lastYear: 38 + 5 });
      expect(rounded(d.series[59])).toEqual({ time: at(2025, 3, 1), value: 11, lastYear: 11 + 5 });
      expect(rounded(d.series[63])).toEqual({ time: at(2025, 3, 5), value: null, lastYear: 15 + 5 });
      // like for like to 10:00 today, whatever the buckets
      const months = (await query({ startTime: at(2025, 1, 1), endTime: at(2026, 1, 1) - 1 })).data;
      expect([d.comparedUntil, d.kpi.compared, d.kpi.yoyReference, d.kpi.momReference]).toEqual([months.comparedUntil, months.kpi.compared, months.kpi.yoyReference, months.kpi.momReference]);
    });

    it('a custom year across the new year by day (automatic: months), and 366 days at most', async () => {
      const span = { dateType: 6, startTime: at(2024, 7, 1), endTime: at(2025, 7, 1) - 1 };
      const auto = (await query({ ...span })).data;
      expect([auto.grain, auto.series.length]).toEqual(['month', 12]);
      const d = (await query({ ...span, grain: 'day' })).data;
      expect([d.grain, d.series.length, d.series[0]?.time, d.series[184]?.time]).toEqual(['day', 365, at(2024, 7, 1), at(2025, 1, 1)]);
      expect(d.kpi.total).toBeCloseTo(auto.kpi.total ?? NaN, 6);
      close(
        [d.series.slice(0, 31).reduce((s, b) => s + (b.value ?? 0), 0)],
        [auto.series[0]?.value ?? null],
      );
      const leap = await query({ dateType: 6, startTime: at(2024, 1, 1), endTime: at(2024, 12, 31, 23, 59), grain: 'day' });
      expect([leap.status, leap.data.series.length]).toEqual([200, 366]);
      const long = await query({ dateType: 6, startTime: at(2024, 1, 1), endTime: at(2025, 1, 1, 23, 59), grain: 'day' }, en());
      expect(long).toMatchObject({ status: 400, msg: 'invalid field grain: day buckets cover at most 366 days' });
    });

    it('hours up to 31 days: a month by hour; a quarter by hour is 400 naming the field, in the language', async () => {
      const m = (await query({ dateType: 3, startTime: at(2024, 3, 1), endTime: at(2024, 4, 1) - 1, grain: 'hour' })).data;
      expect([m.grain, m.series.length, m.series[1]?.time]).toEqual(['hour', 744, at(2024, 3, 1, 1)]);
      // a day's use spread over its hours by the midnight readings: 11 + 5 kWh on 1 March
      expect(m.series[0]?.value).toBeCloseTo(16 / 24, 9);
      const q = { dateType: 4, startTime: at(2024, 1, 1), endTime: at(2024, 4, 1) - 1, grain: 'hour' as const };
      expect(await query(q, en())).toMatchObject({ status: 400, msg: 'invalid field grain: hour buckets cover at most 31 days' });
      expect((await query(q)).msg).toBe('参数 grain 不合法：按小时的时间跨度最长31天');
      expect((await query({ dateType: 6, startTime: at(2024, 3, 1), endTime: at(2024, 4, 2) - 1, grain: 'hour' })).status).toBe(400);
    });

    it('a day by month is one bucket; a grain that is none is 400 naming grain; without a grain nothing changes', async () => {
      const d = (await query({ dateType: 1, startTime: at(2024, 3, 5), endTime: at(2024, 3, 6) - 1, grain: 'month' })).data;
      expect([d.grain, d.series.length, d.series[0]?.value, d.kpi.total]).toEqual(['month', 1, 20, 20]);
      expect((await query({ grain: 'week' as 'day' }, en())).msg).toContain('grain');
      const auto = (await query({ dateType: 1, startTime: at(2024, 3, 5), endTime: at(2024, 3, 6) - 1 })).data;
      expect([auto.grain, auto.series.length]).toEqual(['hour', 24]);
    });

    it('the export takes the grain too (its table is the same)', async () => {
      const res = await t.app.inject({ method: 'POST', url: ANALYSIS_API.consumptionExport, headers: admin, payload: { nodeId: projectId, modelLabel: 'project', energyType: 2, ...YEAR_2024, grain: 'day' } });
      expect(res.statusCode).toBe(200);
    });
  });
}
