import { describe, expect, it } from 'vitest';
import { DATA_ID, HARMONIC_ORDERS, harmonicVoltageId } from '@ems/contract';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { walk } from '../modules/seed/demo-plant.js';
import { buildPlan, countersAt, instantsAt, type PlanMeter } from './model.js';
import { reactiveExportAt } from './power-quality.js';

/** The demo factory planned over 40 days to a summer working-day afternoon (ids in tree order). */
function factory() {
  const p = DEMO_PROJECTS[0];
  if (!p) throw new Error('no demo project');
  const ids = new Map<string, number>();
  let n = 1;
  walk(p.nodes, (x) => {
    if (x.code) ids.set(x.code, n++);
  });
  const now = Date.UTC(2026, 6, 15, 6, 0);
  const plan = buildPlan({ projectId: 1, timeZone: 'Asia/Shanghai', nodes: p.nodes, plant: p.plant, ids, anchor: now - 40 * 86_400_000, plannedNow: now });
  const meter = (code: string) => plan.meters[plan.byCode.get(code) as number] as PlanMeter;
  return { plan, now, meter };
}

describe('simulated power quality and reverse kvarh (docs/demo-plant.md)', () => {
  const { plan, now, meter } = factory();
  const t1 = meter('E-T1');
  const at = (t: number) => new Map(instantsAt(plan, t).filter((s) => s.deviceId === t1.deviceId).map((s) => [s.dataId, s.value]));

  it('the LV mains are PQ meters; feeders are not', () => {
    expect(['E-T1', 'E-T2', 'E-T3'].map((c) => meter(c).pq)).toEqual([true, true, true]);
    expect(meter('E-STAMP').pq).toBe(false);
    expect(at(now).get(DATA_ID.thdVoltageA)).toBeGreaterThan(0);
    expect(instantsAt(plan, now).some((s) => s.deviceId === meter('E-STAMP').deviceId && s.dataId === DATA_ID.thdVoltageA)).toBe(false);
  });

  it('the spectrum only on 15-min grid points; odd orders dominate, 5th then 7th largest; √Σ U_h² ≈ THD_A (±10 % jitter)', () => {
    expect(at(now + 5 * 60_000).has(harmonicVoltageId(5))).toBe(false);
    const v = at(now);
    const h = (k: number) => v.get(harmonicVoltageId(k)) ?? 0;
    const sorted = [...HARMONIC_ORDERS].sort((a, b) => h(b) - h(a));
    expect(sorted.slice(0, 2)).toEqual([5, 7]);
    expect(HARMONIC_ORDERS.filter((k) => k % 2 === 0).every((k) => h(k) < h(3))).toBe(true);
    const thd = Math.sqrt(HARMONIC_ORDERS.reduce((s, k) => s + h(k) ** 2, 0));
    expect(thd / (v.get(DATA_ID.thdVoltageA) ?? NaN)).toBeGreaterThan(0.9);
    expect(thd / (v.get(DATA_ID.thdVoltageA) ?? NaN)).toBeLessThan(1.1);
  });

  it('three days at 5 min: voltage THD and unbalance cross their limits sometimes, not always', () => {
    const thd: number[] = [];
    const unb: number[] = [];
    for (let t = now - 3 * 86_400_000; t < now; t += 300_000) {
      const v = at(t);
      thd.push(v.get(DATA_ID.thdVoltageA) ?? NaN);
      unb.push(v.get(DATA_ID.voltageUnbalance) ?? NaN);
    }
    const share = (xs: number[], lim: number) => xs.filter((x) => x > lim).length / xs.length;
    expect(share(thd, 5)).toBeGreaterThan(0);
    expect(share(thd, 5)).toBeLessThan(0.15);
    expect(share(unb, 2)).toBeGreaterThan(0);
    expect(share(unb, 2)).toBeLessThan(0.2);
  });

  it('reverse kvarh: a register on reactive meters that never falls, grows only at light load, far below the forward kvarh', () => {
    const day = 86_400_000;
    const x = (t: number) => reactiveExportAt(plan, t1, t);
    let last = x(now - 30 * day);
    for (let t = now - 30 * day; t <= now; t += 3_600_000) {
      const v = x(t);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    // a working-day afternoon (14:00 local, well above 20 % of rated kW): no reverse kvarh in the last hour
    expect(x(now)).toBe(x(now - 3_600_000));
    const month = x(now) - x(now - 30 * day);
    expect(month).toBeGreaterThan(0);
    const fwd = (t: number) => countersAt(plan, t, false).find((s) => s.deviceId === t1.deviceId && s.dataId === DATA_ID.reactiveEnergyImport)?.value ?? NaN;
    expect(month).toBeLessThan(0.2 * (fwd(now) - fwd(now - 30 * day)));
    expect(countersAt(plan, now, false).some((s) => s.deviceId === meter('E-STAMP').deviceId && s.dataId === DATA_ID.reactiveEnergyExport)).toBe(false);
  });
});
