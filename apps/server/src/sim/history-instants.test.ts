import { describe, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { walk } from '../modules/seed/demo-plant.js';
import { buildChunk } from './chunk.js';
import { buildPlan, HISTORY_INSTANT_IDS, HISTORY_INSTANT_STEP_MS, instantsAt, Q15 } from './model.js';
import { u01 } from './random.js';

const DAY = 86_400_000;

/** The demo factory planned over 10 days (ids in tree order), as power-quality.test.ts plans it. */
function factory() {
  const p = DEMO_PROJECTS[0];
  if (!p) throw new Error('no demo project');
  const ids = new Map<string, number>();
  let n = 1;
  walk(p.nodes, (x) => {
    if (x.code) ids.set(x.code, n++);
  });
  const now = Date.UTC(2026, 6, 15, 6, 0);
  const plan = buildPlan({ projectId: 1, timeZone: 'Asia/Shanghai', nodes: p.nodes, plant: p.plant, ids, anchor: now - 10 * DAY, plannedNow: now });
  return { plan, now };
}

describe('history instants (sim/chunk.ts): the listed data ids hourly over the whole history, every instant over the last days', () => {
  const { plan, now } = factory();
  const job = (from: number, to: number) => ({ plan, attrs: new Map<number, string>(), from, to, newest: to === now });
  const opts = { instantDays: 3, instantStepMin: 5 };
  const only = new Set<number>([DATA_ID.temperature]);

  it('a day before the last 3: only the listed ids, one sample an hour at the hour, the values instantsAt gives', () => {
    const from = now - 6 * DAY;
    const chunk = buildChunk(job(from, from + DAY), opts, only);
    const counterIds = new Set([...plan.meters.map((m) => m.dataId), DATA_ID.reactiveEnergyImport, DATA_ID.reactiveEnergyExport]);
    const instants = chunk.readings.filter((r) => !counterIds.has(r.dataId));
    const temps = chunk.readings.filter((r) => r.dataId === DATA_ID.temperature);
    expect(temps.length).toBeGreaterThan(0);
    expect(new Set(temps.map((r) => r.ts)).size).toBe(24);
    expect(temps.every((r) => r.ts % HISTORY_INSTANT_STEP_MS === 0)).toBe(true);
    // no other instantaneous data point in that day (counters only)
    expect(instants.every((r) => r.dataId === DATA_ID.temperature)).toBe(true);
    const noon = from + 12 * 3_600_000;
    const expected = instantsAt(plan, noon).filter((s) => s.dataId === DATA_ID.temperature);
    expect(temps.filter((r) => r.ts === noon).map(({ deviceId, value }) => ({ deviceId, value }))).toEqual(expected.map(({ deviceId, value }) => ({ deviceId, value })));
  });

  it('the last days keep every instant every 5 min, and no hourly duplicate; an empty list writes no history instants', () => {
    const from = now - DAY;
    const recent = buildChunk(job(from, now), opts, only);
    const temps = recent.readings.filter((r) => r.dataId === DATA_ID.temperature);
    const perTs = new Map<string, number>();
    for (const r of temps) perTs.set(`${r.deviceId}:${r.ts}`, (perTs.get(`${r.deviceId}:${r.ts}`) ?? 0) + 1);
    expect([...perTs.values()].every((c) => c === 1)).toBe(true);
    expect(new Set(temps.map((r) => r.ts)).size).toBe(24 * 12 + 1);
    expect(recent.readings.some((r) => r.dataId === DATA_ID.voltageA)).toBe(true);
    const old = buildChunk(job(now - 6 * DAY, now - 5 * DAY), opts, new Set());
    expect(old.readings.some((r) => r.dataId === DATA_ID.temperature)).toBe(false);
  });
});

describe('instantsAt with `only` computes only the parts that can push those ids: the same samples as the full list filtered', () => {
  /** Each demo project planned over 13 months (ids in tree order). */
  const plans = DEMO_PROJECTS.map((p, pi) => {
    const ids = new Map<string, number>();
    let n = 1;
    walk(p.nodes, (x) => {
      if (x.code) ids.set(x.code, n++);
    });
    const now = Date.UTC(2026, 10, 26, 5, 0);
    return { name: p.name, now, plan: buildPlan({ projectId: pi + 1, timeZone: 'Asia/Shanghai', nodes: p.nodes, plant: p.plant, ids, anchor: now - 396 * DAY, plannedNow: now }) };
  });
  const family = (ids: number[]) => new Set(ids);
  const FAMILIES: [string, ReadonlySet<number>][] = [
    ['history instants', HISTORY_INSTANT_IDS],
    ['electric', family([DATA_ID.activePower, DATA_ID.reactivePower, DATA_ID.powerFactor, DATA_ID.voltageA, DATA_ID.currentA + 2])],
    ['power quality', family([DATA_ID.thdVoltageA, DATA_ID.voltageUnbalance, DATA_ID.frequency])],
    ['chiller plant', family([DATA_ID.chilledWaterSupplyTemp, DATA_ID.condenserWaterReturnTemp, DATA_ID.chilledWaterFlow])],
    ['boiler', family([DATA_ID.flueGasOxygen, DATA_ID.steamFlow, DATA_ID.gasFlow])],
    ['environment', family([DATA_ID.temperature, DATA_ID.humidity, DATA_ID.noise, DATA_ID.pm25])],
    ['states', family([DATA_ID.switchStatus])],
    ['flows and pressure', family([DATA_ID.waterFlow, DATA_ID.airHeaderPressure])],
    ['gas detectors', family([DATA_ID.combustibleGas, DATA_ID.carbonMonoxide])],
    ['mixed', family([DATA_ID.activePower, DATA_ID.outdoorHumidity, DATA_ID.flueGasCo, DATA_ID.switchStatus])],
    ['none pushed', family([DATA_ID.activeEnergyImport])],
    ['empty', new Set<number>()],
  ];

  for (const { name, now, plan } of plans) {
    it(`${name}: every family over the history (hours, 5-min and 15-min instants, the planted faults' last hours); every id alone on a sample`, () => {
      // instants across the 13 months (on the hour, on 15-min grid points, between them), then the last 6 h every 5 min
      const ts: number[] = [];
      for (let i = 0; i < 40; i++) ts.push(plan.anchor + Math.floor(u01(7, i) * ((now - plan.anchor) / 300_000)) * 300_000);
      for (let t = now - 6 * 3_600_000; t <= now; t += 5 * 60_000) ts.push(t);
      expect(ts.some((t) => t % Q15 === 0) && ts.some((t) => t % Q15 !== 0)).toBe(true);
      const seen = new Set<number>();
      for (const t of ts) {
        const all = instantsAt(plan, t);
        for (const s of all) seen.add(s.dataId);
        for (const [label, only] of FAMILIES) expect(instantsAt(plan, t, only), `${label} at ${new Date(t).toISOString()}`).toEqual(all.filter((s) => only.has(s.dataId)));
      }
      // each id the plant pushes, alone, on some of those instants
      expect(seen.size).toBeGreaterThan(20);
      for (const t of ts.filter((_, i) => i % 8 === 0)) {
        const all = instantsAt(plan, t);
        for (const id of seen) {
          const only = new Set([id]);
          expect(instantsAt(plan, t, only), `id ${id} at ${new Date(t).toISOString()}`).toEqual(all.filter((s) => s.dataId === id));
        }
      }
    });
  }
});
