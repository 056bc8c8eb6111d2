import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AirManager, AirManagerQuery, COMPRESSOR_API, CompressorProjectQuery, CompressorQuery, ElectricalRatio, Envelope, LoadingAnalysis, PressureTrend, StandingBook, UnloadingRate } from '@ems/contract';
import { contentDisposition } from '../../lib/download.js';
import { ok } from '../../lib/reply.js';
import { projectScope } from '../../lib/request-scope.js';
import { exportStation } from './export.js';
import { airManager, electricalRatio, loadingAnalysis, pressureTrend, standingBook, unloadingRate } from './service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PAGE = { permission: 'page_airCompressionEnergyEfficiency' };

/** The compressed-air station (issue 14, DOMAIN §7): spec section 7's airCompressor calls, the pressure trend and the export. */
export const compressorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(COMPRESSOR_API.standingBook, { config: PAGE, schema: { body: CompressorProjectQuery, response: { 200: Envelope(StandingBook) } } }, async (request) =>
    ok(request.lang, await standingBook(app.ems, projectScope(request), request.body)),
  );
  app.post(COMPRESSOR_API.airManager, { config: PAGE, schema: { body: AirManagerQuery, response: { 200: Envelope(AirManager) } } }, async (request) =>
    ok(request.lang, await airManager(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(COMPRESSOR_API.electricalRatio, { config: PAGE, schema: { body: CompressorQuery, response: { 200: Envelope(ElectricalRatio) } } }, async (request) =>
    ok(request.lang, await electricalRatio(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(COMPRESSOR_API.loadingAnalysis, { config: PAGE, schema: { body: CompressorQuery, response: { 200: Envelope(LoadingAnalysis) } } }, async (request) =>
    ok(request.lang, await loadingAnalysis(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(COMPRESSOR_API.unloadingRate, { config: PAGE, schema: { body: CompressorQuery, response: { 200: Envelope(UnloadingRate) } } }, async (request) =>
    ok(request.lang, await unloadingRate(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(COMPRESSOR_API.pressure, { config: PAGE, schema: { body: CompressorQuery, response: { 200: Envelope(PressureTrend) } } }, async (request) =>
    ok(request.lang, await pressureTrend(app.ems, request.lang, projectScope(request), request.body)),
  );
  app.post(COMPRESSOR_API.export, { config: PAGE, schema: { body: AirManagerQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportStation(app.ems, request.lang, projectScope(request), request.body);
    return reply.header('content-type', XLSX).header('content-disposition', contentDisposition(fileName)).send(buffer);
  });
};
