import { describe, expect, it } from 'vitest';
import { DATA_ID } from '@ems/contract';
import { DEMO_PROJECTS } from '../modules/seed/demo-data.js';
import { walk } from '../modules/seed/demo-plant.js';
import { buildChunk } from './chunk.js';
import { buildPlan, HISTORY_INSTANT_STEP_MS, instantsAt } from './model.js';

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
