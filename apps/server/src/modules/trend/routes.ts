import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, TREND_API, TrendQueryBody, TrendSeriesReply } from '@ems/contract';
import { projectScope } from '../../lib/request-scope.js';
import { envelopeReply, withLongArray } from '../../lib/streamed-reply.js';
import { trendLines } from './service.js';

export const trendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // streamed when large (16 lines of 200,000 points are tens of MB), else sent whole: the response schema documents the reply, hence the cast
  app.post(TREND_API.data, { schema: { body: TrendQueryBody, response: { 200: Envelope(Type.Array(TrendSeriesReply)) } } }, async (request, reply) => {
    const lines = await trendLines(app.ems, request.lang, projectScope(request), request.body);
    return reply.type('application/json; charset=utf-8').send((await envelopeReply(request.lang, lines, (line) => withLongArray(line, 'data'))) as never);
  });
};
