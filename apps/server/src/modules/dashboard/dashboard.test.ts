import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DASHBOARD_API, DATA_ID, type ProjectDashboard, type ProjectInfo, type SimStatus } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { writeBatch, type ReadingInput } from '../timeseries/service.js';
import { classifyMeters, projectDashboard } from './service.js';

const Q = 900_000;
const MIN = 60_000;
/** Asia/Shanghai wall-clock time → ms */
const at = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h - 8, mi);
/** the pinned clock: 2025-03-10 14:37 in Shanghai */
const NOW = at(2025, 3, 10, 14, 37);
const KWH = DATA_ID.activeEnergyImport;
const WATER = DATA_ID.waterVolume;

/**
 * Readings every 15 min on [from, to] of a cumulative register that grows by rate(t) over the
 * interval starting at t; returns the readings and the register at `to` (to chain windows, so a
 * gap between windows holds zero consumption).
 */
function counter(deviceId: number, dataId: number, from: number, to: number, rate: (t: number) => number, start = 1000) {
  const out: ReadingInput[] = [];
  let v = start;
  for (let t = from; t <= to; t += Q) {
    out.push({ deviceId, dataId, ts: t, value: v });
    v += rate(t);
  }
  return { readings: out, end: out.at(-1)?.value ?? start };
}

describe('classifyMeters: top-level = no parent meter, or a parent that is not a meter of the project', () => {
  it('children are not top-level; an orphan is; meters without a counter energy type are left out', () => {
    const m = classifyMeters([
      { id: 1, name: 'incomer', attrs: JSON.stringify({ energyType: 2 }) },
      { id: 2, name: 'feeder', attrs: JSON.stringify({ energyType: 2, parentMeterId: 1 }) },
      { id: 3, name: 'orphan', attrs: JSON.stringify({ energyType: 2, parentMeterId: 999 }) },
      { id: 4, name: 'no type', attrs: '{}' },
      { id: 5, name: 'diesel', attrs: JSON.stringify({ energyType: 19 }) },
      { id: 6, name: 'water', attrs: JSON.stringify({ energyType: '3', parentMeterId: null }) },
      { id: 7, name: 'broken', attrs: 'not json' },
    ]);
    expect(m.map((x) => [x.id, x.energyType, x.dataId, x.topLevel])).toEqual([
      [1, 2, KWH, true],
      [2, 2, KWH, false],
      [3, 2, KWH, true],
      [6, 3, WATER, true],
    ]);
  });

  it('a meter whose attrs were edited is classified by the new text (attrs are remembered per node id with their text)', () => {
    const before = classifyMeters([
      { id: 1, name: 'incomer', attrs: JSON.stringify({ energyType: 2 }) },
      { id: 2, name: 'feeder', attrs: JSON.stringify({ energyType: 2, parentMeterId: 1 }) },
    ]);
    expect(before.map((x) => [x.id, x.energyType, x.topLevel])).toEqual([
      [1, 2, true],
      [2, 2, false],
    ]);
    // the same ids, edited: the feeder is now a water main of its own, the incomer's JSON broken
    const after = classifyMeters([
      { id: 1, name: 'incomer', attrs: '{"energyType": 2' },
      { id: 2, name: 'feeder', attrs: JSON.stringify({ energyType: 3, supply: 'onsite' }) },
    ]);
    expect(after.map((x) => [x.id, x.energyType, x.topLevel, x.onSite])).toEqual([[2, 3, true, true]]);
    // and back
    expect(classifyMeters([{ id: 1, name: 'incomer', attrs: JSON.stringify({ energyType: 2 }) }]).map((x) => x.id)).toEqual([1]);
  });

  it('end use = no meter names it as parent; supply onsite marks a medium made on site', () => {
    const m = classifyMeters([
      { id: 1, name: 'incomer', attrs: JSON.stringify({ energyType: 2 }) },
      { id: 2, name: 'feeder', attrs: JSON.stringify({ energyType: 2, parentMeterId: 1 }) },
      { id: 3, name: 'sub', attrs: JSON.stringify({ energyType: 2, parentMeterId: 2 }) },
      { id: 4, name: 'steam', attrs: JSON.stringify({ energyType: 16, supply: 'onsite' }) },
      { id: 5, name: 'bought steam', attrs: JSON.stringify({ energyType: 16, supply: 'purchased' }) },
    ]);
    expect(m.map((x) => [x.id, x.endUse, x.onSite])).toEqual([
      [1, false, false],
      [2, false, false],
      [3, true, false],
      [4, true, true],
      [5, true, false],
    ]);
  });
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`project dashboard (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    let plant: Record<string, string>;
    let projectId: number;

    const meter = async (name: string, attrs: Record<string, unknown>) =>
      Number(
        (
          await t.app.ems.db
            .insertInto('node')
            .values({ project_id: projectId, parent_id: null, model_label: 'meter', name, attrs: JSON.stringify(attrs), sort: 0 })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const get = async (id: number | string, headers = admin) => json<ProjectDashboard>(await t.app.inject({ method: 'GET', url: `${DASHBOARD_API.project}/${id}`, headers }));
    const write = async (rs: ReadingInput[]) => {
      for (let i = 0; i < rs.length; i += 5000) expect((await writeBatch(t.app.ems, projectId, rs.slice(i, i + 5000))).rejected).toBe(0);
    };

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store);
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      const created = json<ProjectInfo>(
        await t.app.inject({ method: 'POST', url: API.projects, headers: admin, payload: { name: 'Dashboard plant', capacityKva: 1000, timezone: 'Asia/Shanghai' } }),
      );
      expect(created.code).toBe(0);
      projectId = created.data.projectId;
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers; // a session that sees the new project

      // E1 incomer: 8 kWh per 15 min in February 2025, 10 in March, 12 on 10 March; 5 in 1–10 March 2024 (then no consumption)
      const e1 = await meter('E1 incomer', { energyType: 2 });
      const lastYear = counter(e1, KWH, at(2024, 3, 1), at(2024, 3, 11), () => 5);
      const rate = (ts: number) => (ts < at(2025, 3, 1) ? 8 : ts < at(2025, 3, 10) ? 10 : 12);
      await write([...lastYear.readings, ...counter(e1, KWH, at(2025, 2, 1), at(2025, 3, 10, 14, 30), rate, lastYear.end).readings]);
      // E2 second incomer: 2 kWh per 15 min from 5 March only (no references for 同比 or the month's 环比)
      const e2 = await meter('E2 incomer', { energyType: 2 });
      await write(counter(e2, KWH, at(2025, 3, 5), at(2025, 3, 10, 14, 30), () => 2).readings);
      // six feeders under E1, 6..1 kWh per 15 min through March
      const feeders: Record<number, number> = {};
      for (let k = 6; k >= 1; k--) {
        const id = await meter(`feeder ${k}`, { energyType: 2, parentMeterId: e1 });
        feeders[k] = id;
        await write(counter(id, KWH, at(2025, 3, 1), at(2025, 3, 10, 14, 30), () => k).readings);
        await write([{ deviceId: id, dataId: DATA_ID.activePower, ts: NOW - MIN, value: 77 }]);
      }
      // feeder 6 feeds a sub-meter (0.5 kWh per 15 min): it is a distribution level, not an end use
      const sub = await meter('sub 6a', { energyType: 2, parentMeterId: feeders[6] });
      await write(counter(sub, KWH, at(2025, 3, 1), at(2025, 3, 10, 14, 30), () => 0.5).readings);
      // S1 steam from the site's own boiler (its gas is metered already): 1 t per 15 min, no tce, no CO₂
      const s1 = await meter('S1 steam', { energyType: 16, supply: 'onsite' });
      await write(counter(s1, DATA_ID.steamMass, at(2025, 3, 1), at(2025, 3, 10, 14, 30), () => 1).readings);
      // W1 water: nothing used in February (a reference of 0), 1 m³ per 15 min in March
      const w1 = await meter('W1 water', { energyType: 3 });
      await write(counter(w1, WATER, at(2025, 2, 1), at(2025, 3, 10, 14, 30), (ts) => (ts < at(2025, 3, 1) ? 0 : 1)).readings);
      // G1 gas: no readings at all
      await meter('G1 gas', { energyType: 15 });
      // present load: the latest active power of each incomer (not an older one, not the feeders')
      await write([
        { deviceId: e1, dataId: DATA_ID.activePower, ts: NOW - 60 * MIN, value: 999 },
        { deviceId: e1, dataId: DATA_ID.activePower, ts: NOW - 10 * MIN, value: 300 },
        { deviceId: e2, dataId: DATA_ID.activePower, ts: NOW - 3 * MIN, value: 50 },
      ]);
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('today and month to date per energy type over the top-level meters, with like-for-like 环比/同比 (hand-computed)', async () => {
      const r = await get(projectId);
      expect(r.status).toBe(200);
      const d = r.data;
      expect([d.timezone, d.now, d.todayStart, d.monthStart, d.comparedUntil]).toEqual(['Asia/Shanghai', NOW, at(2025, 3, 10), at(2025, 3, 1), at(2025, 3, 10, 14)]);
      expect(d.energy.map((e) => [e.energyType, e.unit, e.meterCount])).toEqual([
        [2, 'kWh', 2],
        [3, 'm3', 1],
        [15, 'Nm3', 1],
        [16, 't', 1],
      ]);
      const [elec, water, gas] = d.energy;
      // today: E1 58 × 12 + E2 58 × 2 = 812; compared to 14:00: 56 × 12 + 56 × 2 = 784
      // 环比 9 March 00–14: 56 × 10 + 56 × 2 = 672 → +16.67 %; 同比 2024-03-10 00–14: 56 × 5 = 280 (E1 only) → +180 %
      expect(elec?.today).toMatchObject({ value: 812, compared: 784, momReference: 672, yoyReference: 280 });
      expect(elec?.today.momPct).toBeCloseTo((112 / 672) * 100, 9);
      expect(elec?.today.yoyPct).toBeCloseTo(180, 9);
      // month: E1 9 × 96 × 10 + 696 = 9336, E2 5 × 96 × 2 + 116 = 1076 → 10 412; compared 9312 + 1072 = 10 384
      // 环比 1–9 Feb + 10 Feb 00–14: 9 × 96 × 8 + 56 × 8 = 7360; 同比 March 2024: 9 × 96 × 5 + 280 = 4600
      expect(elec?.month).toMatchObject({ value: 10412, compared: 10384, momReference: 7360, yoyReference: 4600 });
      expect(elec?.month.momPct).toBeCloseTo(((10384 - 7360) / 7360) * 100, 9);
      expect(elec?.month.yoyPct).toBeCloseTo(((10384 - 4600) / 4600) * 100, 9);
      // water: a February of 0 m³ gives no 环比 for the month (reference 0); no data a year ago gives no 同比
      expect(water?.today).toEqual({ value: 58, compared: 56, momReference: 56, yoyReference: null, momPct: 0, yoyPct: null });
      expect(water?.month).toEqual({ value: 922, compared: 920, momReference: 0, yoyReference: null, momPct: null, yoyPct: null });
      expect(gas?.today).toEqual({ value: null, compared: null, momReference: null, yoyReference: null, momPct: null, yoyPct: null });
      expect(gas?.month.value).toBeNull();
    });

    it('tce and CO₂ month to date with the default factors, over purchased supplies only', async () => {
      const d = (await get(projectId)).data;
      const [elec, water, gas, steam] = d.energy;
      expect(elec?.monthTce).toBeCloseTo((10412 * 0.1229) / 1000, 9);
      expect(elec?.monthCo2T).toBeCloseTo((10412 * 0.5703) / 1000, 9);
      expect(water?.monthTce).toBeCloseTo((922 * 0.0857) / 1000, 9);
      expect(water?.monthCo2T).toBeNull();
      expect([gas?.monthTce, gas?.monthCo2T]).toEqual([null, null]);
      // steam made on site: its consumption shows, its tce and CO₂ do not (the boiler's gas carries them)
      expect(steam?.month.value).toBe(922);
      expect([steam?.monthTce, steam?.monthCo2T]).toEqual([null, null]);
      expect(d.monthTce).toBeCloseTo((10412 * 0.1229 + 922 * 0.0857) / 1000, 9);
      expect(d.monthCo2T).toBeCloseTo((10412 * 0.5703) / 1000, 9);
    });

    it('present load: Σ latest active power of the top-level electricity meters with the oldest reading time', async () => {
      expect((await get(projectId)).data.load).toEqual({ kw: 350, ts: NOW - 10 * MIN, ageMs: 10 * MIN, meterCount: 2, withReading: 2 });
    });

    it('top 5 electricity end-use sub-meters this month with their share of the project total (feeder 6 feeds a sub-meter)', async () => {
      const top = (await get(projectId)).data.topConsumers;
      expect(top.map((c) => [c.name, c.kwh])).toEqual([5, 4, 3, 2, 1].map((k) => [`feeder ${k}`, 922 * k]));
      expect(top[0]?.sharePct).toBeCloseTo(((922 * 5) / 10412) * 100, 9);
    });

    it('completeness: good intervals of this month / meters × intervals elapsed', async () => {
      // 12 counter meters × 922 intervals (1 March 00:00 → 10 March 14:30); good: 10 × 922 + E2 538, gas none
      expect((await get(projectId)).data.completeness).toEqual({ pct: (9758 / 11064) * 100, goodIntervals: 9758, expectedIntervals: 11064, meterCount: 12 });
    });

    it('at 00:20 nothing is compared yet: 环比/同比 null while the day’s figure shows', async () => {
      store.clock.now = at(2025, 3, 10, 0, 20);
      try {
        const elec = (await get(projectId)).data.energy[0];
        expect(elec?.today).toMatchObject({ value: 696 + 116, compared: null, momReference: null, momPct: null, yoyPct: null });
        expect(elec?.month.compared).toBe(8640 + 960);
      } finally {
        store.clock.now = NOW;
      }
    });

    it('the simulator status comes along only while it seeds', async () => {
      const seeding: SimStatus = { state: 'seeding', progress: 42.5, from: 0, to: NOW, filledFrom: NOW - 86_400_000, etaMs: 20_000, seedMs: null, live: false };
      expect((await projectDashboard(t.app.ems, [projectId], projectId, seeding)).sim).toEqual(seeding);
      expect((await projectDashboard(t.app.ems, [projectId], projectId, { ...seeding, state: 'live' })).sim).toBeNull();
    });

    it("scope: another project's dashboard and an unknown project are 404 'no operation permission'; a bad id is 400", async () => {
      const other = await get(projectId, plant);
      expect([other.status, other.msg]).toEqual([404, 'no operation permission']);
      expect((await get(999_999)).status).toBe(404);
      expect((await get('abc')).status).toBe(400);
      const own = await get(1, plant);
      expect(own.status).toBe(200);
      expect(own.data.energy[0]).toMatchObject({ energyType: 2, today: { value: null, momPct: null } });
    });
  });
}
