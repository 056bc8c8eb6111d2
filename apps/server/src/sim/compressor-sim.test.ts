import { describe, expect, it } from 'vitest';
import { loadCurve, stationLeak, vsdWeightedSpecificPower } from '@ems/domain';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { walk } from '../modules/seed/demo-plant.js';
import { buildPlan, cumAt, instantsAt } from './model.js';
import { localDay } from './simulator.js';
import { DATA_ID } from '@ems/contract';

/** Pinned clock: Wednesday 2026-07-15 10:00 Asia/Shanghai. */
const NOW = Date.UTC(2026, 6, 15, 2, 0);
const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;
const HOUR = 3_600_000;

function factory() {
  const p = DEMO_PROJECTS[0] as (typeof DEMO_PROJECTS)[number];
  const ids = new Map<string, number>();
  let n = 1;
  walk(p.nodes, (x) => {
    if (x.code) ids.set(x.code, n++);
  });
  const [today] = localDay(NOW, TZ);
  const plan = buildPlan({ projectId: 1, timeZone: TZ, nodes: p.nodes, plant: p.plant, ids, anchor: today - 40 * DAY, plannedNow: NOW });
  const of = (code: string, t: number, h = 1) => {
    const i = plan.byCode.get(code) as number;
    return cumAt(plan, i, t + h * HOUR) - cumAt(plan, i, t);
  };
  return { plan, of, today, c: p.plant.compressors as NonNullable<typeof p.plant.compressors> };
}

/**
 * The compressed-air station of the demo factory (sim/model.ts): three fixed 110 kW / 20 m³/min
 * machines that load and unload, a 90 kW / 16 m³/min VSD that trims, and the planted leak.
 */
describe('compressed-air station (pure model)', () => {
  it('loaded ≤ run hours, both ≤ the hour; the fixed machines deliver their rated flow while loaded', () => {
    const { of, today } = factory();
    for (let h = 0; h < 24 * 7; h++) {
      const t = today - 8 * DAY + h * HOUR;
      for (const u of [1, 2, 3, 4]) {
        const lo = of(`P1-AC${u}:compressorLoaded`, t);
        const run = of(`P1-AC${u}:compressorRun`, t);
        expect(lo).toBeLessThanOrEqual(run + 1e-9);
        expect(run).toBeLessThanOrEqual(1 + 1e-9);
        if (u < 4) expect(of(`A-AC${u}`, t)).toBeCloseTo(lo * 20 * 60, 6);
      }
    }
  });

  it('the planted leak: 30 days of idle hours (01:00–06:00) give the planted share within 3 points', () => {
    const { of, today, c } = factory();
    const units = [1, 2, 3, 4].map((u) => ({ loadedH: 0, ratedFlowM3min: u === 4 ? c.vsdFlow : c.fixedFlow }));
    let idleH = 0;
    for (let d = 30; d >= 1; d--) {
      for (let h = 1; h < 6; h++) {
        const t = today - d * DAY + h * HOUR;
        idleH++;
        for (const u of [1, 2, 3]) (units[u - 1] as { loadedH: number }).loadedH += of(`P1-AC${u}:compressorLoaded`, t);
        (units[3] as { loadedH: number }).loadedH += of('A-AC4', t) / 60 / c.vsdFlow;
      }
    }
    const leak = stationLeak(units, idleH);
    console.log(`compressed air (model, 30 days): planted leak ${c.leakPct} %, estimated ${((leak?.share ?? 0) * 100).toFixed(2)} % (${leak?.flowM3min.toFixed(2)} m³/min)`);
    expect(Math.abs((leak?.share as number) * 100 - c.leakPct)).toBeLessThan(3);
  });

  it('the VSD’s measured load curve gives the weighted specific power of its planted curve P = 90 (0.12 + 0.88 l) (6.112) within 2 %', () => {
    const { of, today } = factory();
    const iv = [];
    for (let t = today - 30 * DAY; t < today; t += HOUR) iv.push({ kwh: of('E-AC4', t), airM3: of('A-AC4', t) });
    const w = vsdWeightedSpecificPower(loadCurve(iv, 16, 1));
    console.log(`compressed air (model, 30 days): VSD weighted specific power ${w?.toFixed(3)} kW/(m³/min), planted 6.112`);
    expect(Math.abs((w as number) / 6.112 - 1)).toBeLessThan(0.02);
  });

  it('header pressure: inside the 0.60–0.68 MPa band less the dryer drop, around the VSD target when no fixed machine cycles', () => {
    const { plan } = factory();
    const ps: number[] = [];
    for (let h = 0; h < 24 * 7; h++) {
      const s = instantsAt(plan, NOW - h * HOUR, new Set([DATA_ID.airHeaderPressure]));
      expect(s).toHaveLength(1);
      ps.push(s[0]?.value as number);
    }
    expect(Math.min(...ps)).toBeGreaterThan(0.56);
    expect(Math.max(...ps)).toBeLessThanOrEqual(0.68);
  });
});
