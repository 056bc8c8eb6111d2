import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API, Envelope, ErrorCode, HealthData } from '@ems/contract';
import { ApiError } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { ping } from './repository.js';

/** GET /healthz: 200 once the store answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(API.healthz, { config: { public: true }, schema: { response: { 200: Envelope(HealthData) } } }, async (request) => {
    try {
      await ping(app.ems.db);
    } catch {
      throw new ApiError(503, ErrorCode.unavailable, 'unavailable');
    }
    return ok(request.lang, { db: app.ems.kind });
  });
};
