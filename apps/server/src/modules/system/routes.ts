import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_API, API, Envelope, InitialInfo, SystemConfigPatch } from '@ems/contract';
import { Type } from '@sinclair/typebox';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { initialInfo, readSystemConfigText, updateSystemConfig } from './service.js';

/** GET /static/config.json: the operator-editable system configuration file, never cached. */
export const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    API.systemConfig,
    { config: { public: true }, schema: { querystring: Type.Object({}) } },
    async (_request, reply) => {
      const text = readSystemConfigText(app.ems.config.dataDir);
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(text);
    },
  );

  /** PUT: a merge patch of the file (platform operator; per-key permission in the service). */
  app.put(
    ADMIN_API.systemConfig,
    {
      config: { permission: 'sysconfig_normal sysconfig_advanced' },
      schema: { body: SystemConfigPatch, response: { 200: Envelope(Type.Record(Type.String(), Type.Unknown())) } },
    },
    async (request) => ok(request.lang, await updateSystemConfig(app.ems, sessionOf(request), actorOf(request), request.body)),
  );

  app.get(ADMIN_API.initialInfo, { schema: { response: { 200: Envelope(InitialInfo) } } }, async (request) =>
    ok(request.lang, initialInfo(app.ems.systemConfig())),
  );
};
