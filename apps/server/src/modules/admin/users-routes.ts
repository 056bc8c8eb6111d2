import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_API,
  ADMIN_USER_ACTIONS,
  AdminCountReply,
  AdminResetPasswordReply,
  AdminTenantQuery,
  AdminUser,
  AdminUserCreate,
  AdminUserEnableBody,
  AdminUserIdParam,
  AdminUserQuery,
  AdminUserUpdate,
  Envelope,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { createUser, deleteUser, endUserSessions, listUsers, resetUserPassword, setUserEnabled, unlockUser, updateUser, type UserAdminContext } from './users-service.js';

/** The call's context: session, audit actor, language, and the live channel's socket closer. */
function contextOf(app: FastifyInstance, request: FastifyRequest): UserAdminContext {
  return {
    ems: app.ems,
    session: sessionOf(request),
    actor: actorOf(request),
    lang: request.lang,
    endSockets: async (userId) => {
      // the live channel is registered after the routes; without it (never in the app) there is nothing to close
      const live = (app as Partial<Pick<FastifyInstance, 'live'>>).live;
      if (!live) return;
      for (const tokenHash of live.hub.sessionsOfUser(userId)) await live.endSession(tokenHash);
    },
  };
}

/** User administration (issue 13, /admin/user): shapes in packages/contract/src/admin-users.ts. */
export const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const one = { 200: Envelope(AdminUser) };
  const byId = `${ADMIN_API.users}/:id`;
  const action = (name: string) => `${byId}/${name}`;

  app.get(ADMIN_API.users, { config: { permission: 'user_browse' }, schema: { querystring: AdminUserQuery, response: { 200: Envelope(Type.Array(AdminUser)) } } }, async (request) => {
    const { list, total } = await listUsers(app.ems, sessionOf(request), request.query);
    return ok(request.lang, list, total);
  });

  app.post(ADMIN_API.users, { config: { permission: 'user_create' }, schema: { body: AdminUserCreate, response: one } }, async (request) =>
    ok(request.lang, await createUser(contextOf(app, request), request.body)),
  );

  app.put(byId, { config: { permission: 'user_update' }, schema: { params: AdminUserIdParam, querystring: AdminTenantQuery, body: AdminUserUpdate, response: one } }, async (request) =>
    ok(request.lang, await updateUser(contextOf(app, request), request.params.id, request.query.tenantId, request.body)),
  );

  app.delete(byId, { config: { permission: 'user_delete' }, schema: { params: AdminUserIdParam, querystring: AdminTenantQuery, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteUser(contextOf(app, request), request.params.id, request.query.tenantId);
    return ok(request.lang, null);
  });

  app.post(
    action(ADMIN_USER_ACTIONS.enable),
    { config: { permission: 'user_update' }, schema: { params: AdminUserIdParam, querystring: AdminTenantQuery, body: AdminUserEnableBody, response: one } },
    async (request) => ok(request.lang, await setUserEnabled(contextOf(app, request), request.params.id, request.query.tenantId, request.body.enabled)),
  );

  app.post(
    action(ADMIN_USER_ACTIONS.resetPassword),
    { config: { permission: 'user_update' }, schema: { params: AdminUserIdParam, querystring: AdminTenantQuery, response: { 200: Envelope(AdminResetPasswordReply) } } },
    async (request, reply) => {
      // a secret: never cached by the browser or a proxy
      void reply.header('cache-control', 'no-store');
      return ok(request.lang, await resetUserPassword(contextOf(app, request), request.params.id, request.query.tenantId));
    },
  );

  app.post(
    action(ADMIN_USER_ACTIONS.unlock),
    { config: { permission: 'user_update' }, schema: { params: AdminUserIdParam, querystring: AdminTenantQuery, response: { 200: Envelope(AdminCountReply) } } },
    async (request) => ok(request.lang, await unlockUser(contextOf(app, request), request.params.id, request.query.tenantId)),
  );

  app.post(
    action(ADMIN_USER_ACTIONS.endSessions),
    { config: { permission: 'user_update' }, schema: { params: AdminUserIdParam, querystring: AdminTenantQuery, response: { 200: Envelope(AdminCountReply) } } },
    async (request) => ok(request.lang, await endUserSessions(contextOf(app, request), request.params.id, request.query.tenantId)),
  );
};
