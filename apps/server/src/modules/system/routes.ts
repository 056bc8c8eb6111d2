import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '@ems/contract';
import { Type } from '@sinclair/typebox';
import { readSystemConfigText } from './service.js';

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
};
