import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADER } from '@ems/contract';
import { ApiError, noPermission, unauthorized } from '../lib/errors.js';
import { ErrorCode } from '@ems/contract';
import { pickLang } from '../lib/i18n.js';
import { holds, resolveSession, tokenFromHeaders } from '../modules/auth/session-service.js';

/** Routes of the built web app (@fastify/static): public files. */
const STATIC_ROUTES = new Set(['/', '/*']);

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' || s === 'undefined' || s === 'null' ? undefined : s.trim();
}

/**
 * On every request: the language; then, unless the route is public, the session from the token
 * alone (else 401), a User-ID header naming the same user (else 401), a projectId header naming a
 * project the caller may see (else 404) and the route's permission (else 404).
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLang(request.headers['accept-language']);
    if (request.is404 || request.routeOptions.config.public || STATIC_ROUTES.has(request.routeOptions.url ?? '')) return;
    const token = tokenFromHeaders(request.headers);
    if (!token) throw unauthorized();
    const session = await resolveSession(app.ems, token);
    if (!session) throw unauthorized();
    const userId = header(request, HEADER.userId);
    if (userId !== undefined && userId !== String(session.userId)) throw unauthorized();
    const projectId = header(request, HEADER.projectId);
    if (projectId !== undefined) {
      if (!/^\d{1,10}$/.test(projectId)) throw new ApiError(400, ErrorCode.badRequest, 'invalidField', null, ['projectId', 'must be integer']);
      if (!session.projectIds.includes(Number(projectId))) throw noPermission();
    }
    const permission = request.routeOptions.config.permission;
    if (permission && !holds(session, permission)) throw noPermission();
    request.session = session;
  });
}
