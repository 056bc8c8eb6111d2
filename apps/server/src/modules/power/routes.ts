import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BusbarQuery, BusbarView, Envelope, POWER_API, TransformerAnalysis, TransformerAnalysisQuery, TransformerEfficiency, TransformerEfficiencyQuery, TransformerFleet, TransformerFleetQuery, TransformerItem, TransformersQuery } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportAnalysis, exportBusbar, exportFleet } from './export.js';
import { exportEfficiency } from './efficiency-export.js';
import { transformerEfficiency } from './efficiency.js';
import { busbarView, transformerAnalysis, transformerFleet, transformerList } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BUSBAR = { permission: 'page_generatrixMonitor' };
const FLEET = { permission: 'page_powertransformerOverview page_powertransformerAnalysis' };
const ANALYSIS = { permission: 'page_powertransformerAnalysis' };
const EFFICIENCY = { permission: 'page_transformerEnergyEfficiency' };

/** Busbar monitoring and transformers (issue 5). Scope: the projectId header's project, else every visible one. */
export const powerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(POWER_API.busbar, { config: BUSBAR, schema: { body: BusbarQuery, response: { 200: Envelope(BusbarView) } } }, async (request) =>
    ok(request.lang, await busbarView(app.ems, projectScope(request), request.body)),
  );
  app.post(POWER_API.busbarExport, { config: BUSBAR, schema: { body: BusbarQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportBusbar(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
  app.get(POWER_API.transformers, { config: FLEET, schema: { querystring: TransformersQuery, response: { 200: Envelope(Type.Array(TransformerItem)) } } }, async (request) => {
    const list = await transformerList(app.ems, projectScope(request), request.query.projectId);
    return ok(request.lang, list, list.length);
  });
  app.post(POWER_API.fleet, { config: FLEET, schema: { body: TransformerFleetQuery, response: { 200: Envelope(TransformerFleet) } } }, async (request) =>
    ok(request.lang, await transformerFleet(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(POWER_API.fleetExport, { config: FLEET, schema: { body: TransformerFleetQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportFleet(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
  app.post(POWER_API.analysis, { config: ANALYSIS, schema: { body: TransformerAnalysisQuery, response: { 200: Envelope(TransformerAnalysis) } } }, async (request) =>
    ok(request.lang, await transformerAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(POWER_API.analysisExport, { config: ANALYSIS, schema: { body: TransformerAnalysisQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportAnalysis(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
  app.post(POWER_API.efficiency, { config: EFFICIENCY, schema: { body: TransformerEfficiencyQuery, response: { 200: Envelope(TransformerEfficiency) } } }, async (request) =>
    ok(request.lang, await transformerEfficiency(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(POWER_API.efficiencyExport, { config: EFFICIENCY, schema: { body: TransformerEfficiencyQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportEfficiency(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
