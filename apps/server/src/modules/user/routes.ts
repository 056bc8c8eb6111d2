import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { API, CurrentUser, Envelope, IdOrZero } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { currentUser, userTree } from './service.js';

const UserTreeNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      modelLabel: Type.Optional(Type.String()),
      childUsers: Type.Array(Self),
    }),
  { $id: 'UserTreeNode' },
);

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(API.currentUser, { schema: { response: { 200: Envelope(CurrentUser) } } }, async (request) =>
    ok(request.lang, await currentUser(app.ems, sessionOf(request))),
  );

  const treeSchema = { response: { 200: Envelope(Type.Array(UserTreeNodeSchema)) } };
  app.get(
    `${API.userTree}/:id`,
    { config: { permission: 'user_browse' }, schema: { params: Type.Object({ id: IdOrZero }), ...treeSchema } },
    async (request) => ok(request.lang, await userTree(app.ems, sessionOf(request), request.params.id)),
  );

  app.get(
    `${API.userGroup}/:rootUserGroupID`,
    { config: { permission: 'user_browse' }, schema: { params: Type.Object({ rootUserGroupID: IdOrZero }), ...treeSchema } },
    async (request) => ok(request.lang, await userTree(app.ems, sessionOf(request), request.params.rootUserGroupID)),
  );
};
