import type { FastifyInstance } from 'fastify';
import { Envelope, SIM_API, SimStatus } from '@ems/contract';
import { ok } from '../lib/reply.js';
import { Simulator } from './simulator.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the demo-plant simulator (started by main.ts after listen when EMS_DEMO=1) */
    sim: Simulator;
  }
}

/**
 * Decorates the root instance with app.sim (not started) and serves GET /eem-service/v1/sim/status
 * (public: no secrets; the UI says while history is still arriving).
 */
export function registerSim(app: FastifyInstance): void {
  const days = app.ems.config.simDays;
  const sim = new Simulator(app.ems, {
    ...(days !== undefined ? { days } : {}),
    log: (msg, data) => app.log.info(data ?? {}, msg),
    // the seeded history's events, by the same rule engine, once the history is in (issue 11)
    afterSeed: (windows) => void app.events.replayHistory(windows),
  });
  app.decorate('sim', sim);
  app.addHook('onClose', async () => sim.stop());
  app.get(SIM_API.status, { config: { public: true }, schema: { response: { 200: Envelope(SimStatus) } } }, async (request) =>
    ok(request.lang, { ...app.sim.status(), events: app.events.historyStatus() }),
  );
}
