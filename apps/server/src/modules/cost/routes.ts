import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  COST_API,
  CostExportQuery,
  CostMonthQuery,
  CostPeriod,
  CostPeriodQuery,
  CostScheme,
  CostSchemeInput,
  CostSchemeNodesInput,
  CostYear,
  CostYearQuery,
  DemandCurve,
  Envelope,
  MonthBill,
  SchemeIdParams,
} from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportCost } from './export.js';
import { listSchemes } from './schemes.js';
import { auditedAttachNodes, auditedCreateScheme, auditedRemoveScheme, auditedUpdateScheme } from './scheme-audit.js';
import { actorOf } from '../audit/service.js';
import { costPeriod, costYear, demandCurve, monthBill } from './service.js';

/** Reading bills and schemes: any of the cost pages, or feescheme_browse. */
const READ = { permission: 'page_energyCostAnalysis page_dudianEnergyFee page_baseEnergyFee page_litiaoEnergyFee feescheme_browse' };

/** Tariff schemes (feescheme_*, costscheme_relate_node) and the bills of a node (issue 5, DOMAIN §3–4). */
export const costRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(COST_API.schemes, { config: READ, schema: { response: { 200: Envelope(Type.Array(CostScheme)) } } }, async (request) => {
    const list = await listSchemes(app.ems, projectScope(request));
    return ok(request.lang, list, list.length);
  });
  app.post(COST_API.create, { config: { permission: 'feescheme_create' }, schema: { body: CostSchemeInput, response: { 200: Envelope(CostScheme) } } }, async (request) =>
    ok(request.lang, await auditedCreateScheme(app.ems, request.lang, projectScope(request), actorOf(request), request.body)),
  );
  app.put(
    COST_API.update,
    { config: { permission: 'feescheme_update' }, schema: { params: SchemeIdParams, body: CostSchemeInput, response: { 200: Envelope(CostScheme) } } },
    async (request) => ok(request.lang, await auditedUpdateScheme(app.ems, request.lang, projectScope(request), actorOf(request), request.params.id, request.body)),
  );
  app.delete(COST_API.remove, { config: { permission: 'feescheme_delete' }, schema: { params: SchemeIdParams, response: { 200: Envelope(Type.Integer()) } } }, async (request) =>
    ok(request.lang, await auditedRemoveScheme(app.ems, projectScope(request), actorOf(request), request.params.id)),
  );
  app.put(
    COST_API.nodes,
    { config: { permission: 'costscheme_relate_node' }, schema: { params: SchemeIdParams, body: CostSchemeNodesInput, response: { 200: Envelope(CostScheme) } } },
    async (request) => ok(request.lang, await auditedAttachNodes(app.ems, request.lang, projectScope(request), actorOf(request), request.params.id, request.body)),
  );

  app.post(COST_API.bill, { config: READ, schema: { body: CostMonthQuery, response: { 200: Envelope(MonthBill) } } }, async (request) =>
    ok(request.lang, await monthBill(app.ems, projectScope(request), request.body)),
  );
  app.post(COST_API.year, { config: READ, schema: { body: CostYearQuery, response: { 200: Envelope(CostYear) } } }, async (request) =>
    ok(request.lang, await costYear(app.ems, projectScope(request), request.body)),
  );
  app.post(COST_API.period, { config: READ, schema: { body: CostPeriodQuery, response: { 200: Envelope(CostPeriod) } } }, async (request) =>
    ok(request.lang, await costPeriod(app.ems, projectScope(request), request.body)),
  );
  app.post(COST_API.demand, { config: READ, schema: { body: CostMonthQuery, response: { 200: Envelope(DemandCurve) } } }, async (request) =>
    ok(request.lang, await demandCurve(app.ems, projectScope(request), request.body)),
  );
  app.post(COST_API.export, { config: READ, schema: { body: CostExportQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportCost(app.ems, request.lang, projectScope(request), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .send(buffer);
  });
};
