import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, LoginReply, SSO_API, SsoAuthorizeReply, SsoLoginBody, SsoLogoutReply, SsoStatus, SsoTokenQuery, SsoTokenReply } from '@ems/contract';
import { ok } from '../../lib/reply.js';
import { tokenFromHeaders } from '../auth/session-service.js';
import { authorizeUrl, exchangeCode, ssoLogin, ssoLogout } from './service.js';

const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * Single sign-on (spec sections 2, 4 and 7). The status call always answers; the others exist only
 * while single sign-on is configured (EMS_SSO_ISSUER), else they are 404 as any unknown path. All
 * are public: the caller has no session yet (or, for the logout, perhaps a dead one).
 */
export const ssoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sso = app.ems.config.sso;

  app.get(SSO_API.status, { config: { public: true }, schema: { querystring: NoQuery, response: { 200: Envelope(SsoStatus) } } }, async (request) =>
    ok(request.lang, { enabled: sso !== undefined }),
  );
  if (!sso) return;

  app.get(SSO_API.authorize, { config: { public: true }, schema: { querystring: NoQuery, response: { 200: Envelope(SsoAuthorizeReply) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(request.lang, { url: await authorizeUrl(app.ems, sso, request.log) });
  });

  app.get(SSO_API.token, { config: { public: true }, schema: { querystring: SsoTokenQuery, response: { 200: Envelope(SsoTokenReply) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(request.lang, await exchangeCode(app.ems, sso, request.query, request.ip, request.log));
  });

  app.post(SSO_API.login, { config: { public: true }, schema: { body: SsoLoginBody, response: { 200: Envelope(LoginReply) } } }, async (request) =>
    ok(request.lang, await ssoLogin(app.ems, request.body, request.ip)),
  );

  app.post(SSO_API.logout, { config: { public: true }, schema: { querystring: NoQuery, response: { 200: Envelope(SsoLogoutReply) } } }, async (request) =>
    ok(request.lang, { url: await ssoLogout(app.ems, sso, tokenFromHeaders(request.headers), request.ip, request.log) }),
  );
};
