import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILLER_API, DATA_ID, type ChillerEfficiency } from '@ems/contract';
import { evalQuadratic, fitQuadratic, iplv, wetBulbStull } from '@ems/domain';
import { DEMO_PLANTS } from '../seed/demo-plant.js';
import { json, loginAs, startSimulated, type TestApp, type TestStore } from '../../test/helpers.js';
import { chillerRepository } from './repository.js';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai; ten days of the demo history before it. */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, -8);
/** 5–14 July, whole local days of the seeded history */
const RANGE = { startTime: at(2026, 7, 5), endTime: at(2026, 7, 15) - 1 };
const H = 3_600_000;

/** The simulator's part-load COP of the factory's chillers (apps/server/src/sim/model.ts evalInterval), without the wet-bulb factor. */
const plant = DEMO_PLANTS[0]?.plant.chillers as NonNullable<(typeof DEMO_PLANTS)[0]>['plant']['chillers'];
const simCop = (plr: number) => plant.cop * (0.55 + 1.45 * plr - plr * plr);
/** …and its condenser factor at wet bulb wb: 1.5 % more COP per K of wet bulb below 26 °C (floor 16 °C). */
const wetBulbFactor = (wb: number) => 1 + 0.015 * (26 - Math.max(wb, 16));
const LOADS = Array.from({ length: 15 }, (_, i) => 0.3 + i * 0.05);

/**
 * The planted physics is recovered (issue 14): the COP curve fitted from the stored data (15-min
 * rollups of each chiller's cooling and electricity meters) lies within 5 % of the simulator's curve
 * at 30–100 % load. The simulator scales COP by a wet-bulb factor, so the test compares two ways:
 * (1) the page's fitted curve against the sim's curve at the mean wet-bulb factor of the fitted
 * quarters (the wet bulb from the stored weather-station readings by Stull), and (2) controlled: each
 * quarter's COP divided by its own factor, refitted, against the sim's curve at factor 1.
 * SQLite only: the physics does not depend on the store (the API suite runs on both).
 */
describe('the chiller plant recovers the simulated part-load curve (sqlite)', () => {
  let store: TestStore;
  let t: TestApp;

  beforeAll(async () => {
    ({ store, t } = await startSimulated('sqlite', NOW, { days: 11, instantDays: 1 }));
  }, 600_000);
  afterAll(async () => {
    await t?.app.close();
    await store?.dispose();
  });

  it('fitted COP(PLR) within 5 % of the simulator’s curve at 30–100 % load, for each chiller', async () => {
    const { headers } = await loginAs(t.app, store.clock, 'fw_cloud');
    const r = json<ChillerEfficiency>(await t.app.inject({ method: 'POST', url: CHILLER_API.efficiency, headers, payload: { projectId: 1, ...RANGE } }));
    expect(r.status).toBe(200);
    const e = r.data;
    expect(e.chillers).toHaveLength(plant.n);
    const db = t.app.ems.db;
    const repo = chillerRepository(db);
    // the weather station's hourly dry bulb and RH → wet bulb by the hour
    const station = await db.selectFrom('node').select('id').where('code', '=', 'P1-ENV-OUT').executeTakeFirstOrThrow();
    const weather = await db
      .selectFrom('reading')
      .select(['data_id', 'ts', 'value'])
      .where('device_id', '=', Number(station.id))
      .where('data_id', 'in', [DATA_ID.outdoorTemperature, DATA_ID.outdoorHumidity])
      .where('ts', '>=', e.from)
      .where('ts', '<', e.to)
      .execute();
    const byHour = new Map<number, { t?: number; rh?: number }>();
    for (const w of weather) {
      const x = byHour.get(Number(w.ts)) ?? {};
      if (Number(w.data_id) === DATA_ID.outdoorTemperature) x.t = Number(w.value);
      else x.rh = Number(w.value);
      byHour.set(Number(w.ts), x);
    }
    const factorAt = (ts: number) => {
      const w = byHour.get(Math.floor(ts / H) * H);
      const wb = w?.t !== undefined && w.rh !== undefined ? wetBulbStull(w.t, w.rh) : null;
      return wb === null ? null : wetBulbFactor(wb);
    };
    const nodes = await db.selectFrom('node').select(['id', 'code']).where('project_id', '=', 1).where('code', 'like', 'P1-%CH_').execute();
    const idOf = (code: string) => Number(nodes.find((n) => n.code === code)?.id);
    for (const [u, c] of e.chillers.entries()) {
      const curve = c.curve;
      expect(curve, c.name).not.toBeNull();
      if (!curve) continue;
      const quarters = await repo.runningQuarters(idOf(`P1-C-CH${u + 1}`), DATA_ID.coolingEnergy, idOf(`P1-E-CH${u + 1}`), DATA_ID.activeEnergyImport, e.from, e.to);
      const pts = quarters.map((q) => ({ plr: (q.coolingKwh * 4) / plant.ratedKw, cop: q.coolingKwh / q.electricKwh, f: factorAt(q.start) }));
      const withF = pts.filter((p): p is { plr: number; cop: number; f: number } => p.f !== null);
      expect(withF.length).toBeGreaterThan(0.95 * pts.length);
      const meanF = withF.reduce((s, p) => s + p.f, 0) / withF.length;
      const controlled = fitQuadratic(withF.map((p) => ({ x: p.plr, y: p.cop / p.f })));
      expect(controlled).not.toBeNull();
      const rows = LOADS.map((plr) => {
        const fitted = evalQuadratic(curve, plr);
        const sim = simCop(plr) * meanF;
        const ctl = evalQuadratic(controlled as NonNullable<typeof controlled>, plr);
        return { plr, fitted, simAtMeanFactor: sim, errPct: ((fitted - sim) / sim) * 100, controlled: ctl, simAtFactor1: simCop(plr), ctlErrPct: ((ctl - simCop(plr)) / simCop(plr)) * 100 };
      });
      console.log(
        `${c.name}: ${curve.n} running quarters, PLR ${curve.plrMin.toFixed(3)}–${curve.plrMax.toFixed(3)}, mean wet-bulb factor ${meanF.toFixed(4)}; ` +
          `fit COP = ${curve.a.toFixed(4)} + ${curve.b.toFixed(4)}·PLR + ${curve.c.toFixed(4)}·PLR² (R² ${curve.r2.toFixed(4)}); planted ${(plant.cop * 0.55).toFixed(4)} + ${(plant.cop * 1.45).toFixed(4)}·PLR − ${plant.cop.toFixed(4)}·PLR² × factor; ` +
          `IPLV ${c.iplv?.toFixed(3) ?? '—'}, COP@100 % ${c.copAt100?.toFixed(3) ?? '—'}, grade ${c.grade}`,
      );
      console.table(rows.map((x) => Object.fromEntries(Object.entries(x).map(([k, v]) => [k, Math.round(v * 1000) / 1000]))));
      // GB/T 18430.1 IPLV and the full-load COP read from the fitted curve, against the planted curve's
      const plantedIplv = iplv(simCop(1) * meanF, simCop(0.75) * meanF, simCop(0.5) * meanF, simCop(0.25) * meanF);
      console.log(`${c.name}: IPLV fitted ${c.iplv?.toFixed(3)} vs planted ${plantedIplv.toFixed(3)}; COP@100 % fitted ${c.copAt100?.toFixed(3)} vs planted ${(simCop(1) * meanF).toFixed(3)}`);
      expect(Math.abs(((c.iplv as number) - plantedIplv) / plantedIplv)).toBeLessThan(0.05);
      expect(Math.abs(((c.copAt100 as number) - simCop(1) * meanF) / (simCop(1) * meanF))).toBeLessThan(0.05);
      for (const x of rows) {
        expect(Math.abs(x.errPct), `${c.name} at PLR ${x.plr.toFixed(2)}`).toBeLessThan(5);
        expect(Math.abs(x.ctlErrPct), `${c.name} controlled at PLR ${x.plr.toFixed(2)}`).toBeLessThan(5);
      }
    }
  }, 120_000);
});
