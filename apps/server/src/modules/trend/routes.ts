import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, TREND_API, TrendQueryBody, TrendSeriesReply } from '@ems/contract';
import { projectScope } from '../../lib/request-scope.js';
import { ok } from '../../lib/reply.js';
import { trendData } from './service.js';

export const trendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(TREND_API.data, { schema: { body: TrendQueryBody, response: { 200: Envelope(Type.Array(TrendSeriesReply)) } } }, async (request) => {
    const lines = await trendData(app.ems, request.lang, projectScope(request), request.body);
    return ok(request.lang, lines, lines.length);
  });
};
