import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ANALYSIS_API, ConsumptionAnalysis, ConsumptionQuery, Envelope } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportConsumption } from './export.js';
import { consumptionAnalysis } from './service.js';

/** Analysis pages (issue 5): consumption of a node and its export. Scope: the projectId header's project, else every visible one. */
export const analysisRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(ANALYSIS_API.consumption, { schema: { body: ConsumptionQuery, response: { 200: Envelope(ConsumptionAnalysis) } } }, async (request) =>
    ok(request.lang, await consumptionAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );

  app.post(ANALYSIS_API.consumptionExport, { schema: { body: ConsumptionQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportConsumption(app.ems, request.lang, projectScope(request), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .send(buffer);
  });
};
