import type { FastifyInstance } from 'fastify';
import { createEventEngine, type EventEngine } from './engine.js';

export { eventRoutes } from './routes.js';
export type { EventEngine } from './engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the rule engine of this instance (issue 4 §1) */
    events: EventEngine;
  }
}

/**
 * Creates this instance's rule engine: it listens to committed readings at once; its timed checks
 * start when the app is ready (after the store is migrated) and everything stops when the app closes.
 */
export function registerEventEngine(app: FastifyInstance): EventEngine {
  const engine = createEventEngine(app.ems, (msg) => app.log.warn(msg));
  app.decorate('events', engine);
  app.addHook('onReady', async () => engine.start());
  app.addHook('onClose', async () => engine.close());
  return engine;
}
