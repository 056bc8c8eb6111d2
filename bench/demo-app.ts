/** What the benches over the seeded demo history share: the app with the history seeded, and a signed-in user's headers. */
import { createHash } from 'node:crypto';
import { API, HEADER } from '@ems/contract';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { AppConfig } from '../apps/server/src/config/types.js';
import { DEMO_PROJECTS } from '../apps/server/src/modules/seed/demo-data.js';
import { pqAggregatorOf } from '../apps/server/src/modules/power/pq-aggregator.js';
import { Simulator } from '../apps/server/src/sim/simulator.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/**
 * The app on `config` (sim off), migrated, with the demo history as `npm start` seeds it (13 months, both
 * projects; the time printed) and the app's background catch-up over it done (the power-quality
 * aggregates start from its first reading), so calls are timed on an idle server, as their floors are.
 * Returns the app and the demo factory's project id; the caller closes the app.
 */
export async function seededDemoApp(config: AppConfig, label: string): Promise<{ app: Awaited<ReturnType<typeof buildApp>>; projectId: number }> {
  const app = await buildApp(config, { logger: false });
  try {
    await prepareStore(app);
    let rows = 0;
    const sim = new Simulator(app.ems, { live: false, log: (_m, d) => (rows = Number(d?.rows ?? rows)) });
    const t0 = performance.now();
    await sim.run();
    await sim.stop();
    console.log(`[${label}] seeded the demo history (13 months, both projects, ${rows.toLocaleString('en-US')} rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const t1 = performance.now();
    await app.ready();
    await pqAggregatorOf(app.ems).flush();
    console.log(`[${label}] background catch-up (power-quality aggregates) done in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const factory = await app.ems.db.selectFrom('project').select('id').where('tenant_id', '=', 1).where('name', '=', DEMO_PROJECTS[0]!.name).executeTakeFirstOrThrow();
    return { app, projectId: Number(factory.id) };
  } catch (err) {
    await app.close();
    throw err;
  }
}

/** Signs `user` (demo password) in at `now`; the headers of its calls on `projectId`. */
export async function signedInHeaders(app: Awaited<ReturnType<typeof buildApp>>, now: number, projectId: number, user = 'fw_cloud'): Promise<Record<string, string>> {
  const login = await app.inject({ method: 'POST', url: API.login, payload: { userName: user, password: md5(`ems${now}${md5('Demo@12345')}`), timestamps: now, client: 'web' } });
  if (login.json().code !== 0) throw new Error(`bench login ${user}: ${login.body.slice(0, 200)}`);
  const { token, user: u } = login.json().data as { token: string; user: { id: number } };
  return { authorization: `Bearer ${token}`, 'user-id': String(u.id), [HEADER.projectId]: String(projectId) };
}
