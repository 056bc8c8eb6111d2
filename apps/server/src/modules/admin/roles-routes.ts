import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_API,
  AdminRole,
  AdminRoleBody,
  AdminRoleCopyBody,
  AdminRoleDeleteQuery,
  AdminRoleIdParam,
  AdminRoleQuery,
  Envelope,
  PermissionHolders,
  RoleHolder,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { copyRole, createRole, deleteRole, getRole, listRoles, permissionHolders, roleUsers, updateRole } from './roles-service.js';

/** Role administration and the permission catalogue with its holders (issue 13). */
export const adminRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const one = { 200: Envelope(AdminRole) };

  app.get(ADMIN_API.roles, { config: { permission: 'role_browse' }, schema: { querystring: AdminRoleQuery, response: { 200: Envelope(Type.Array(AdminRole)) } } }, async (request) => {
    const list = await listRoles(app.ems, sessionOf(request), request.query.tenantId);
    return ok(request.lang, list, list.length);
  });

  app.get(`${ADMIN_API.roles}/:id`, { config: { permission: 'role_browse' }, schema: { params: AdminRoleIdParam, response: one } }, async (request) =>
    ok(request.lang, await getRole(app.ems, sessionOf(request), request.params.id)),
  );

  app.get(
    `${ADMIN_API.roles}/:id/users`,
    { config: { permission: 'role_browse' }, schema: { params: AdminRoleIdParam, response: { 200: Envelope(Type.Array(RoleHolder)) } } },
    async (request) => {
      const list = await roleUsers(app.ems, sessionOf(request), request.params.id);
      return ok(request.lang, list, list.length);
    },
  );

  app.post(ADMIN_API.roles, { config: { permission: 'role_create' }, schema: { body: AdminRoleBody, response: one } }, async (request) =>
    ok(request.lang, await createRole(app.ems, sessionOf(request), actorOf(request), request.body)),
  );

  app.put(`${ADMIN_API.roles}/:id`, { config: { permission: 'role_update' }, schema: { params: AdminRoleIdParam, body: AdminRoleBody, response: one } }, async (request) =>
    ok(request.lang, await updateRole(app.ems, sessionOf(request), actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${ADMIN_API.roles}/:id`,
    { config: { permission: 'role_delete' }, schema: { params: AdminRoleIdParam, querystring: AdminRoleDeleteQuery, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteRole(app.ems, sessionOf(request), actorOf(request), request.params.id, request.query.force === true);
      return ok(request.lang, null);
    },
  );

  app.post(
    `${ADMIN_API.roles}/:id/copy`,
    { config: { permission: 'role_create' }, schema: { params: AdminRoleIdParam, body: AdminRoleCopyBody, response: one } },
    async (request) => ok(request.lang, await copyRole(app.ems, sessionOf(request), actorOf(request), request.params.id, request.body.name)),
  );

  app.get(
    ADMIN_API.permissionHolders,
    { config: { permission: 'role_browse' }, schema: { querystring: AdminRoleQuery, response: { 200: Envelope(Type.Array(PermissionHolders)) } } },
    async (request) => {
      const list = await permissionHolders(app.ems, sessionOf(request), request.query.tenantId);
      return ok(request.lang, list, list.length);
    },
  );
};
