import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_ID, SIM_API } from '@ems/contract';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { walk } from '../modules/seed/demo-plant.js';
import { declareReset, writeBatch } from '../modules/timeseries/service.js';
import { STORES, createStore, json, startApp, type TestApp, type TestStore } from '../test/helpers.js';
import { buildPlan, countersAt, ensureComputed, evalInterval, instantsAt, newCtx, Q15, registerAt, type ProjectPlan } from './model.js';
import { localDay, Simulator } from './simulator.js';
import { hash32, mulberry32 } from './random.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai. Figures never drift with the calendar. */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;

function pureFactoryPlan(seed?: number): ProjectPlan {
  const p = DEMO_PROJECTS[0] as (typeof DEMO_PROJECTS)[number];
  const ids = new Map<string, number>();
  let n = 1;
  walk(p.nodes, (x) => {
    if (x.code) ids.set(x.code, n++);
  });
  const [today] = localDay(NOW, TZ);
  return buildPlan({ projectId: 1, timeZone: TZ, nodes: p.nodes, plant: { ...p.plant, ...(seed !== undefined ? { seed } : {}) }, ids, anchor: today - 40 * DAY, plannedNow: NOW });
}

describe('simulator model (pure)', () => {
  it('is deterministic: same seed and time give the same values; another seed differs', () => {
    const a = pureFactoryPlan();
    const b = pureFactoryPlan();
    const c = pureFactoryPlan(7);
    const k = Math.floor((NOW - a.anchor) / Q15) - 3;
    const [oa, ob, oc] = [new Float64Array(a.meters.length), new Float64Array(b.meters.length), new Float64Array(c.meters.length)];
    evalInterval(a, k, oa, newCtx());
    evalInterval(b, k, ob, newCtx());
    evalInterval(c, k, oc, newCtx());
    expect([...oa]).toEqual([...ob]);
    expect([...oa]).not.toEqual([...oc]);
    expect(countersAt(a, NOW - 3 * Q15)).toEqual(countersAt(b, NOW - 3 * Q15));
    expect(instantsAt(a, NOW - 60_000)).toEqual(instantsAt(b, NOW - 60_000));
    // order of evaluation does not matter: values are functions of time, not of call history
    const fresh = pureFactoryPlan();
    expect(registerAt(fresh, 0, NOW)).toBe(registerAt(a, 0, NOW));
    expect(hash32(1, 2, 3)).toBe(hash32(1, 2, 3));
    expect(mulberry32(5)()).toBe(mulberry32(5)());
  });

  it('the night-time leak shows in the branch figures: nights before it vs nights in its last weeks', () => {
    const plan = pureFactoryPlan();
    ensureComputed(plan, Math.floor((NOW - plan.anchor) / Q15));
    const m = plan.byCode.get('W-TOILET') as number;
    const [today] = localDay(NOW, TZ);
    const night = (daysBack: number) => {
      const from = today - daysBack * DAY; // 00:00–05:00 local
      const k0 = (from - plan.anchor) / Q15;
      const c = plan.cum[m] as Float64Array;
      return ((c[k0 + 20] as number) - (c[k0] as number)) / 5;
    };
    const before = [30, 29, 28, 27, 26].map(night);
    const during = [6, 5, 4, 3, 2].map(night);
    for (const v of before) expect(v).toBeLessThan(0.2);
    for (const v of during) expect(v).toBeGreaterThan(1.0);
  });

  it('chiller power follows the part-load COP curve and compressors load and unload', () => {
    const plan = pureFactoryPlan();
    const out = new Float64Array(plan.meters.length);
    const ctx = newCtx();
    const cops: number[] = [];
    let partLoaded = 0;
    for (let k = 0; k < 96 * 7; k++) {
      evalInterval(plan, k, out, ctx);
      if (ctx.chillersOn > 0) {
        const kw = plan.meters.filter((x) => x.b.k === 'chiller').reduce((s, x) => s + (out[x.idx] as number) * 4, 0);
        cops.push(ctx.coolingKw / kw);
        expect(ctx.coolingKw / kw).toBeCloseTo(ctx.cop, 6);
      }
      if (ctx.compLoad.slice(0, 3).some((l) => l > 0 && l < 1)) partLoaded++;
    }
    expect(Math.min(...cops)).toBeGreaterThan(3);
    expect(Math.max(...cops)).toBeLessThan(9);
    expect(partLoaded).toBeGreaterThan(10);
  });
});

const rows = async (t: TestApp, table: 'rollup_15m' | 'rollup_hour' | 'rollup_day' | 'rollup_month', deviceIds: number[], dataId?: number) => {
  let q = t.app.ems.db.selectFrom(table).selectAll().where('device_id', 'in', deviceIds);
  if (dataId !== undefined) q = q.where('data_id', '=', dataId);
  return (await q.orderBy('device_id').orderBy('data_id').orderBy('bucket_start').execute()).map((r) => ({
    d: Number(r.device_id),
    k: Number(r.data_id),
    b: Number(r.bucket_start),
    v: r.value === null ? null : Number(r.value),
    q: Number(r.quality),
    n: Number(r.n_intervals),
    g: Number(r.n_good),
  }));
};

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`simulator seed through the store (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let sim: Simulator;
    let ids: Map<string, number>;
    const logs: string[] = [];

    beforeAll(async () => {
      store = await createStore(kind);
      store.clock.now = NOW;
      t = await startApp(store, { sim: false });
      sim = new Simulator(t.app.ems, { days: 9, instantDays: 1, live: false, log: (m) => logs.push(m) });
      await sim.run();
      const nodes = await t.app.ems.db.selectFrom('node').select(['id', 'code']).where('project_id', '=', 1).execute();
      ids = new Map(nodes.map((n) => [n.code, Number(n.id)]));
    });
    afterAll(async () => {
      await sim?.stop();
      await t?.app.close();
      await store?.dispose();
    });
    const id = (code: string) => {
      const v = ids.get(code);
      if (v === undefined) throw new Error(code);
      return v;
    };

    it('seeds both projects newest first and reports its status', async () => {
      const st = sim.status();
      expect(st).toMatchObject({ state: 'off', progress: 100, to: NOW, live: false });
      expect(st.from).toBe(localDay(NOW - 9 * DAY, TZ)[0]);
      expect(st.seedMs).toBeGreaterThan(0);
      expect(logs.join()).toMatch(/history seeded in/);
      // app.sim (started by main.ts only) is idle here: the public route answers its status
      const r = json(await t.app.inject({ method: 'GET', url: SIM_API.status }));
      expect(r).toMatchObject({ status: 200, code: 0, data: { state: 'off', progress: 0, from: null, to: null, live: false } });
      const p2 = await t.app.ems.db.selectFrom('node').select('id').where('project_id', '=', 2).where('code', '=', 'E2-HV').executeTakeFirstOrThrow();
      const day = await rows(t, 'rollup_day', [Number(p2.id)], DATA_ID.activeEnergyImport);
      expect(day.length).toBe(10);
      // meters carry parentMeterId chains
      const attrs = await t.app.ems.db.selectFrom('node').select('attrs').where('id', '=', id('E-T1')).executeTakeFirstOrThrow();
      expect(JSON.parse(attrs.attrs)).toMatchObject({ parentMeterId: id('E-HV'), energyType: 2, ctPt: 500 });
    });

    it('every planted parent/children group loses 2–4 % over a week (from the day rollups)', async () => {
      const [today] = localDay(NOW, TZ);
      const from = today - 7 * DAY;
      for (const [pi, plan] of sim.plans().entries()) {
        for (const m of plan.meters) {
          if (m.b.k !== 'sum' || m.deviceId === null) continue;
          const kids = m.children.map((c) => plan.meters[c]?.deviceId as number);
          const all = await rows(t, 'rollup_day', [m.deviceId, ...kids], m.dataId);
          const total = (d: number) => all.filter((r) => r.d === d && r.b >= from && r.b < today).reduce((s, r) => s + (r.v ?? 0), 0);
          const parent = total(m.deviceId);
          const children = kids.reduce((s, d) => s + total(d), 0);
          const loss = ((parent - children) / parent) * 100;
          expect(loss, `project ${pi + 1} ${m.code}`).toBeGreaterThan(2);
          expect(loss, `project ${pi + 1} ${m.code}`).toBeLessThan(4);
        }
      }
    });

    it('the night leak is visible in night-time hourly figures', async () => {
      const hours = await rows(t, 'rollup_hour', [id('W-TOILET'), id('W-OFFICE')], DATA_ID.waterVolume);
      const night = (d: number) => hours.filter((r) => r.d === d && new Date(r.b + 8 * 3_600_000).getUTCHours() < 5);
      expect(night(id('W-TOILET')).length).toBeGreaterThan(30);
      for (const r of night(id('W-TOILET'))) expect(r.v).toBeGreaterThan(1.0);
      for (const r of night(id('W-OFFICE'))) expect(r.v).toBeLessThan(0.2);
    });

    it('the meter reset is declared: no negative or huge interval, the day keeps its consumption', async () => {
      const m = id('W-CLEAN');
      const r15 = await rows(t, 'rollup_15m', [m], DATA_ID.waterVolume);
      for (const r of r15) {
        expect(r.v).not.toBeNull();
        expect(r.v as number).toBeGreaterThanOrEqual(0);
        expect(r.v as number).toBeLessThan(4 * 0.25 * 1.2);
      }
      expect(r15.filter((r) => r.q === 4).length).toBe(1);
      const resets = await t.app.ems.db.selectFrom('counter_reset').selectAll().where('device_id', '=', m).execute();
      expect(resets).toHaveLength(1);
      const plan = sim.plans()[0] as ProjectPlan;
      const [d0, d1] = localDay(Number(resets[0]?.ts), TZ);
      const day = (await rows(t, 'rollup_day', [m], DATA_ID.waterVolume)).find((r) => r.b === d0);
      const k0 = (d0 - plan.anchor) / Q15;
      const k1 = (d1 - plan.anchor) / Q15;
      const c = plan.cum[plan.byCode.get('W-CLEAN') as number] as Float64Array;
      expect(day?.v).toBeCloseTo((c[k1] as number) - (c[k0] as number), 2);
      expect(day?.q).toBe(4);
    });

    it('the 6 h data gap is marked interpolated in the rollups and totals still reconcile', async () => {
      const m = id('E-INJ');
      const r15 = await rows(t, 'rollup_15m', [m], DATA_ID.activeEnergyImport);
      const interpolated = r15.filter((r) => r.q === 1);
      expect(interpolated).toHaveLength(24);
      expect((interpolated[23]?.b as number) - (interpolated[0]?.b as number)).toBe(23 * Q15);
      const hours = await rows(t, 'rollup_hour', [m], DATA_ID.activeEnergyImport);
      expect(hours.filter((r) => r.q === 1)).toHaveLength(6);
      const plan = sim.plans()[0] as ProjectPlan;
      const [d0, d1] = localDay(interpolated[0]?.b as number, TZ);
      const day = (await rows(t, 'rollup_day', [m], DATA_ID.activeEnergyImport)).find((r) => r.b === d0);
      const c = plan.cum[plan.byCode.get('E-INJ') as number] as Float64Array;
      expect(day?.v).toBeCloseTo((c[(d1 - plan.anchor) / Q15] as number) - (c[(d0 - plan.anchor) / Q15] as number), 1);
      expect(day).toMatchObject({ q: 1, n: 96, g: 72 });
      const readings = await t.app.ems.db.selectFrom('reading').select('ts').where('device_id', '=', m).where('data_id', '=', DATA_ID.activeEnergyImport).where('ts', '>', interpolated[0]?.b as number).where('ts', '<', (interpolated[23]?.b as number) + Q15).execute();
      expect(readings).toHaveLength(0);
    });

    it('the spike is flagged suspect by the spike filter', async () => {
      const r15 = await rows(t, 'rollup_15m', [id('E-PRESS1')], DATA_ID.activeEnergyImport);
      const suspect = r15.filter((r) => r.q === 3);
      expect(suspect).toHaveLength(1);
      expect(suspect[0]?.v as number).toBeGreaterThan(60);
    });

    it('factory load: working days above weekends and holidays', async () => {
      const days = await rows(t, 'rollup_day', [id('E-HV')], DATA_ID.activeEnergyImport);
      const dow = (b: number) => new Date(b + 8 * 3_600_000).getUTCDay();
      const full = days.filter((r) => r.n === 96);
      const weekday = full.filter((r) => dow(r.b) >= 1 && dow(r.b) <= 5).map((r) => r.v as number);
      const sunday = full.filter((r) => dow(r.b) === 0).map((r) => r.v as number);
      expect(weekday.length).toBeGreaterThan(3);
      expect(sunday.length).toBeGreaterThan(0);
      expect(Math.min(...weekday)).toBeGreaterThan(1.5 * Math.max(...sunday));
    });

    it('instantaneous values for the recent day and the live feed through the ingest service', async () => {
      const p = await t.app.ems.db.selectFrom('reading').select('ts').where('device_id', '=', id('E-HV')).where('data_id', '=', DATA_ID.activePower).orderBy('ts').execute();
      expect(p.length).toBe(24 * 12 + 1);
      const live = new Simulator(t.app.ems, { days: 9, live: true, liveIntervalMs: 3_600_000 });
      await live.run();
      store.clock.now = NOW + 3 * 60_000;
      const sent = await live.tick();
      expect(sent).toBeGreaterThan(500);
      expect(await live.tick()).toBe(0);
      const latest = await t.app.ems.db.selectFrom('reading').select(['ts', 'value']).where('device_id', '=', id('E-HV')).where('data_id', '=', DATA_ID.activeEnergyImport).orderBy('ts', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(Number(latest.ts)).toBe(NOW + 3 * 60_000);
      const gw = await t.app.ems.db.selectFrom('gateway').select('last_seen').where('project_id', '=', 1).executeTakeFirstOrThrow();
      expect(Number(gw.last_seen)).toBe(NOW + 3 * 60_000);
      const errors = await t.app.ems.db.selectFrom('ingest_error').selectAll().execute();
      expect(errors).toEqual([]);
      expect(live.status()).toMatchObject({ state: 'live', live: true, to: NOW + 3 * 60_000 });
      await live.stop();
      store.clock.now = NOW;
    });

    it('a restart resumes: the window and faults stay where the first start put them, nothing is rewritten', async () => {
      store.clock.now = NOW + 2 * DAY;
      const logs2: string[] = [];
      const again = new Simulator(t.app.ems, { days: 9, live: false, log: (m) => logs2.push(m) });
      await again.run();
      expect(logs2).toEqual([]);
      expect(again.status()).toMatchObject({ progress: 100, from: sim.status().from });
      expect(again.plans()[0]?.plannedNow).toBe(NOW);
      await again.stop();
      store.clock.now = NOW;
    });
  });
}

describe('bulk seed path equals writeBatch', () => {
  let a: TestStore;
  let b: TestStore;
  let ta: TestApp;
  let tb: TestApp;
  beforeAll(async () => {
    a = await createStore('sqlite');
    b = await createStore('sqlite');
    a.clock.now = NOW;
    b.clock.now = NOW;
    ta = await startApp(a, { sim: false });
    tb = await startApp(b, { sim: false });
  });
  afterAll(async () => {
    await ta?.app.close();
    await tb?.app.close();
    await a?.dispose();
    await b?.dispose();
  });

  it('same rollups (15 min, hour, day, month) on a sample with the gap, the reset, the spike and the reactive counters (import and export)', async () => {
    const sim = new Simulator(ta.app.ems, { days: 6, instantDays: 0, live: false });
    await sim.run();
    await sim.stop();
    const nodes = await ta.app.ems.db.selectFrom('node').select(['id', 'code']).where('project_id', '=', 1).execute();
    const idOf = new Map(nodes.map((n) => [n.code, Number(n.id)]));
    const sample = ['E-INJ', 'W-CLEAN', 'E-PRESS1', 'E-HV', 'W-TOILET', 'S-MAIN'].map((c) => idOf.get(c) as number);
    const readings = await ta.app.ems.db.selectFrom('reading').selectAll().where('device_id', 'in', sample).where('data_id', 'in', [1, 2, 13, 15, 25]).orderBy('ts', 'desc').execute();
    const inputs = readings.map((r) => ({ deviceId: Number(r.device_id), dataId: Number(r.data_id), ts: Number(r.ts), value: Number(r.value), status: Number(r.status) }));
    // newest first too, in batches, as a gateway backlog would arrive
    for (let i = 0; i < inputs.length; i += 2000) {
      const res = await writeBatch(tb.app.ems, 1, inputs.slice(i, i + 2000));
      expect(res.rejected).toBe(0);
    }
    for (const r of await ta.app.ems.db.selectFrom('counter_reset').selectAll().execute()) {
      await declareReset(tb.app.ems, 1, { deviceId: Number(r.device_id), dataId: Number(r.data_id), ts: Number(r.ts), closing: Number(r.closing), opening: Number(r.opening) });
    }
    for (const table of ['rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month'] as const) {
      const x = await rows(ta, table, sample);
      const y = await rows(tb, table, sample);
      expect(x.length, table).toBe(y.length);
      expect(x.length).toBeGreaterThan(0);
      x.forEach((r, i) => {
        const s = y[i] as typeof r;
        expect({ ...r, v: null }, table).toEqual({ ...s, v: null });
        if (r.v === null) expect(s.v).toBeNull();
        else expect(Math.abs(r.v - (s.v as number))).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(r.v)));
      });
    }
  });
});
