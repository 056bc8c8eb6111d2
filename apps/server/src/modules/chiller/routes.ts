import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHILLER_API, ChillerEfficiency, ChillerEfficiencyQuery, Envelope } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportChiller } from './export.js';
import { chillerEfficiency } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PAGE = { permission: 'page_refrigerationEfficiency' };

/** Chiller-plant efficiency (issue 14, /refrigerationEfficiency). Scope: the projectId header's project, else every visible one. */
export const chillerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(CHILLER_API.efficiency, { config: PAGE, schema: { body: ChillerEfficiencyQuery, response: { 200: Envelope(ChillerEfficiency) } } }, async (request) =>
    ok(request.lang, await chillerEfficiency(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(CHILLER_API.export, { config: PAGE, schema: { body: ChillerEfficiencyQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportChiller(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
