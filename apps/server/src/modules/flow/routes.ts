import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnergyFlowReply, Envelope, FLOW_API, FLOW_PERMISSION, FlowQuery, LiveFlowQuery, LiveFlowReply } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportFlow } from './export.js';
import { liveFlow, periodFlow } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const READ = { permission: FLOW_PERMISSION };
/**
 * The period flow's reply holds hundreds of nodes and links with nullable figures: JSON.stringify
 * instead of the schema's serializer, which picks a branch of every `number | null` union by
 * validating it (as modules/balance does; the service builds the contract's shape, the schema still
 * documents the reply). Issue 5 speed bench: bench/analysis.ts.
 */
const PLAIN_JSON = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Energy flow (issue 5): the period Sankey, its table export and the live flow. Scope: the projectId header's project, else every visible one. */
export const flowRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(FLOW_API.period, { config: READ, ...PLAIN_JSON, schema: { body: FlowQuery, response: { 200: Envelope(EnergyFlowReply) } } }, async (request) =>
    ok(request.lang, await periodFlow(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(FLOW_API.live, { config: READ, schema: { body: LiveFlowQuery, response: { 200: Envelope(LiveFlowReply) } } }, async (request) =>
    ok(request.lang, await liveFlow(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(FLOW_API.periodExport, { config: READ, schema: { body: FlowQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportFlow(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
