import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  API,
  ChangePasswordBody,
  CheckTokenBody,
  CheckTokenReply,
  Envelope,
  LoginBody,
  LoginReply,
  OperationAuthCheckBody,
  OperationAuthCheckQuery,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { sha256hex } from '../../lib/hash.js';
import { login } from './login-service.js';
import { changePassword } from './password-service.js';
import { checkOperations } from './operation-check.js';
import { authRepository } from './repository.js';
import { actorOf, recordAudit } from '../audit/service.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    API.login,
    { config: { public: true }, schema: { body: LoginBody, response: { 200: Envelope(LoginReply) } } },
    async (request) => ok(request.lang, await login(app.ems, request.body, request.ip)),
  );

  app.post(
    API.checkToken,
    { config: { public: true }, schema: { body: CheckTokenBody, response: { 200: Envelope(CheckTokenReply) } } },
    async (request) => {
      const live = await authRepository(app.ems.db).findLiveToken(sha256hex(request.body.token), app.ems.config.now());
      if (!live) throw unauthorized();
      return ok(request.lang, { userId: Number(live.user_id), expiresAt: Number(live.expires_at) });
    },
  );

  app.post(API.logout, { schema: { response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    const session = sessionOf(request);
    await authRepository(app.ems.db).revokeToken(session.tokenHash, app.ems.config.now());
    await recordAudit(app.ems, actorOf(request), { kind: 'logout', action: 'logout', targetType: 'user', targetId: session.userId, targetName: session.name });
    return ok(request.lang, null);
  });

  app.put(API.changePassword, { schema: { body: ChangePasswordBody, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await changePassword(app.ems, sessionOf(request), request.body, request.ip);
    return ok(request.lang, null);
  });

  app.post(
    API.operationAuthCheck,
    { schema: { querystring: OperationAuthCheckQuery, body: OperationAuthCheckBody, response: { 200: Envelope(Type.Boolean()) } } },
    async (request) => ok(request.lang, checkOperations(app.ems, sessionOf(request), request.body, request.query.andOr ?? 'and')),
  );
};
