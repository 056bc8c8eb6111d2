import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, FORECAST_API, Forecast, ForecastAnalysis, ForecastAnalysisQuery, ForecastExportQuery, ForecastQuery } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { contentDisposition } from '../../lib/download.js';
import { projectScope } from '../../lib/request-scope.js';
import { forecastAnalysis } from './analysis.js';
import { exportAnalysis, exportForecast } from './export.js';
import { predict } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Either forecast page opens the forecast calls. */
const READ = { permission: 'page_energyPredict page_energyPredictionAndAnalysis' };
/**
 * The forecast replies hold hundreds of nullable figures (points, bands, metrics): JSON.stringify
 * instead of the schema's serializer, which picks a branch of every `number | null` union by
 * validating it (as modules/balance does; the services build the contract's shape, the schema
 * still documents the reply). Issue 5 speed bench: bench/analysis.ts.
 */
const PLAIN_JSON = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Consumption forecasting (issue 5, DOMAIN §12). Scope: the projectId header's project, else every visible one. */
export const forecastRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(FORECAST_API.predict, { config: READ, ...PLAIN_JSON, schema: { body: ForecastQuery, response: { 200: Envelope(Forecast) } } }, async (request) =>
    ok(request.lang, await predict(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(FORECAST_API.analysis, { config: READ, ...PLAIN_JSON, schema: { body: ForecastAnalysisQuery, response: { 200: Envelope(ForecastAnalysis) } } }, async (request) =>
    ok(request.lang, await forecastAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(FORECAST_API.predictExport, { config: READ, schema: { body: ForecastExportQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportForecast(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
  app.post(FORECAST_API.analysisExport, { config: READ, schema: { body: ForecastAnalysisQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportAnalysis(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
