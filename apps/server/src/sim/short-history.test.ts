import { describe, expect, it } from 'vitest';
import { createStore, startApp, STORES } from '../test/helpers.js';
import { Simulator } from './simulator.js';

describe.each(STORES)('a short demo history, EMS_SIM_DAYS ($kind)', ({ kind, skip }) => {
  it.skipIf(skip)('seeds three days; faults planted before the first interval are left out, not computed from missing registers', async () => {
    const store = await createStore(kind);
    const t = await startApp(store);
    try {
      const sim = new Simulator(t.app.ems, { days: 3, live: false });
      await sim.run();
      expect(sim.status()).toMatchObject({ state: 'off', progress: 100 });
      const plans = sim.plans();
      for (const plan of plans) {
        expect(plan.faults.reset).toBeUndefined();
        expect(plan.faults.spike).toBeUndefined();
      }
      const counted = await t.app.ems.db.selectFrom('rollup_day').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBeGreaterThan(0);
      const resets = await t.app.ems.db.selectFrom('counter_reset').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(resets.n)).toBe(0);
    } finally {
      await t.app.close();
      await store.dispose();
    }
    // three days of both demo plants, every data point: tens of seconds on a busy machine
  }, 120_000);
});
