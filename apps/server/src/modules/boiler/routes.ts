import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BOILER_API, BoilerAnalysis, BoilerItem, BoilerQuery, BoilersQuery, Envelope } from '@ems/contract';
import { contentDisposition } from '../../lib/download.js';
import { ok } from '../../lib/reply.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportBoiler } from './export.js';
import { boilerAnalysis, boilerList } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PAGE = { permission: 'page_boilerEnergyEfficiency' };

/** Boiler efficiency (issue 14, DOMAIN §8). Scope: the projectId header's project, else every visible one. */
export const boilerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(BOILER_API.boilers, { config: PAGE, schema: { querystring: BoilersQuery, response: { 200: Envelope(Type.Array(BoilerItem)) } } }, async (request) => {
    const list = await boilerList(app.ems, projectScope(request), request.query.projectId);
    return ok(request.lang, list, list.length);
  });
  app.post(BOILER_API.analysis, { config: PAGE, schema: { body: BoilerQuery, response: { 200: Envelope(BoilerAnalysis) } } }, async (request) =>
    ok(request.lang, await boilerAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(BOILER_API.export, { config: PAGE, schema: { body: BoilerQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportBoiler(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
