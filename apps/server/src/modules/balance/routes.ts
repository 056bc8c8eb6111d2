import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BALANCE_API, BalanceQuery, BalanceTree, BalanceTrend, BalanceTrendQuery, Envelope, PipeAnalysis, PipeQuery } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportPipe, exportTree } from './export.js';
import { balanceTree, balanceTrend, pipeAnalysis } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The balance replies hold hundreds of nullable figures (a year of days per node or medium): the
 * schema's serializer picks a branch of every `number | null` union by validating it, several times
 * slower than JSON.stringify on these objects (the services build them to the contract's types; the
 * schema still documents the reply). Issue 5 speed bench: bench/analysis.ts.
 */
const PLAIN_JSON = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Energy balance and pipe loss (issue 5). Scope: the projectId header's project, else every visible one. */
export const balanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(BALANCE_API.tree, { ...PLAIN_JSON, schema: { body: BalanceQuery, response: { 200: Envelope(BalanceTree) } } }, async (request) =>
    ok(request.lang, await balanceTree(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(BALANCE_API.trend, { ...PLAIN_JSON, schema: { body: BalanceTrendQuery, response: { 200: Envelope(BalanceTrend) } } }, async (request) =>
    ok(request.lang, await balanceTrend(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(BALANCE_API.pipe, { ...PLAIN_JSON, schema: { body: PipeQuery, response: { 200: Envelope(PipeAnalysis) } } }, async (request) =>
    ok(request.lang, await pipeAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(BALANCE_API.treeExport, { schema: { body: BalanceQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportTree(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
  app.post(BALANCE_API.pipeExport, { schema: { body: PipeQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportPipe(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
