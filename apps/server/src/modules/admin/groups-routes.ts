import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_API,
  Envelope,
  UserGroupCreateBody,
  UserGroupDeleteQuery,
  UserGroupIdParam,
  UserGroupMembersBody,
  UserGroupQuery,
  UserGroupTree,
  UserGroupUpdateBody,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { createGroup, deleteGroup, groupTree, setGroupMembers, updateGroup } from './groups-service.js';

const GroupReply = Type.Object({ id: Type.Integer(), parentId: Type.Union([Type.Integer(), Type.Null()]), name: Type.String() });

/** User groups (issue 13): the caller's tenant's tree (another tenant for the platform operator only), usergroup_* permissions. */
export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = ADMIN_API.userGroups;

  app.get(base, { config: { permission: 'usergroup_browse' }, schema: { querystring: UserGroupQuery, response: { 200: Envelope(UserGroupTree) } } }, async (request) =>
    ok(request.lang, await groupTree(app.ems, sessionOf(request), request.query.tenantId)),
  );

  app.post(base, { config: { permission: 'usergroup_create' }, schema: { body: UserGroupCreateBody, response: { 200: Envelope(GroupReply) } } }, async (request) =>
    ok(request.lang, await createGroup(app.ems, sessionOf(request), actorOf(request), request.body)),
  );

  app.put(
    `${base}/:id`,
    { config: { permission: 'usergroup_update' }, schema: { params: UserGroupIdParam, body: UserGroupUpdateBody, response: { 200: Envelope(GroupReply) } } },
    async (request) => ok(request.lang, await updateGroup(app.ems, sessionOf(request), actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${base}/:id`,
    { config: { permission: 'usergroup_delete' }, schema: { params: UserGroupIdParam, querystring: UserGroupDeleteQuery, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteGroup(app.ems, sessionOf(request), actorOf(request), request.params.id, request.query.force === true);
      return ok(request.lang, null);
    },
  );

  app.put(
    `${base}/:id/members`,
    {
      config: { permission: 'usergroup_update' },
      schema: { params: UserGroupIdParam, body: UserGroupMembersBody, response: { 200: Envelope(Type.Object({ id: Type.Integer(), memberIds: Type.Array(Type.Integer()) })) } },
    },
    async (request) => ok(request.lang, await setGroupMembers(app.ems, sessionOf(request), actorOf(request), request.params.id, request.body.userIds)),
  );
};
