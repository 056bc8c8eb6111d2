import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BALANCE_API, BalanceQuery, BalanceTree, BalanceTrend, BalanceTrendQuery, Envelope, PipeAnalysis, PipeQuery } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../filemanager/service.js';
import { projectScope } from '../trend/routes.js';
import { exportPipe, exportTree } from './export.js';
import { balanceTree, balanceTrend, pipeAnalysis } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Energy balance and pipe loss (issue 5). Scope: the projectId header's project, else every visible one. */
export const balanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(BALANCE_API.tree, { schema: { body: BalanceQuery, response: { 200: Envelope(BalanceTree) } } }, async (request) =>
    ok(request.lang, await balanceTree(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(BALANCE_API.trend, { schema: { body: BalanceTrendQuery, response: { 200: Envelope(BalanceTrend) } } }, async (request) =>
    ok(request.lang, await balanceTrend(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(BALANCE_API.pipe, { schema: { body: PipeQuery, response: { 200: Envelope(PipeAnalysis) } } }, async (request) =>
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
