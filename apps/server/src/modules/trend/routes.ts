import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Envelope, HEADER, TREND_API, TrendQueryBody, TrendSeriesReply } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { trendData } from './service.js';

/** The projects a call may read: the projectId header's (checked visible by the auth hook), else every visible one. */
export function projectScope(request: FastifyRequest): number[] {
  const session = sessionOf(request);
  const raw = request.headers[HEADER.projectId];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (value && /^\d{1,10}$/.test(value)) return session.projectIds.filter((id) => id === Number(value));
  return [...session.projectIds];
}

export const trendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(TREND_API.data, { schema: { body: TrendQueryBody, response: { 200: Envelope(Type.Array(TrendSeriesReply)) } } }, async (request) => {
    const lines = await trendData(app.ems, request.lang, projectScope(request), request.body);
    return ok(request.lang, lines, lines.length);
  });
};
