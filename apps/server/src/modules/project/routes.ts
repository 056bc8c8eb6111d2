import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  API,
  BackgroundHealth,
  CloudProjectsBody,
  CloudProjectsQuery,
  Envelope,
  ProjectBody,
  ProjectIdParam,
  ProjectInfo,
  ProjectListQuery,
  ProjectSummary,
  ProjectSummaryParam,
} from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { backgroundHealthOf, cloudProjects, createProject, deleteProject, listProjects, projectSummary, updateProject } from './service.js';

export const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(API.projects, { schema: { querystring: ProjectListQuery, response: { 200: Envelope(Type.Array(ProjectInfo)) } } }, async (request) => {
    const list = await listProjects(app.ems, sessionOf(request));
    return ok(request.lang, list, list.length);
  });

  app.post(
    API.cloudProjects,
    { schema: { querystring: CloudProjectsQuery, body: CloudProjectsBody, response: { 200: Envelope(Type.Array(Type.Object({}, { additionalProperties: true }))) } } },
    async (request) => ok(request.lang, await cloudProjects(app.ems, sessionOf(request), request.query.tenantId, request.body.treeReturnEnable === true)),
  );

  app.get(`${API.projectSummary}/:projectId`, { schema: { params: ProjectSummaryParam, response: { 200: Envelope(ProjectSummary) } } }, async (request) =>
    ok(request.lang, await projectSummary(app.ems, sessionOf(request), request.params.projectId)),
  );

  app.get(API.projectBackgroundHealth, { schema: { response: { 200: Envelope(Type.Array(BackgroundHealth)) } } }, async (request) => {
    const list = backgroundHealthOf(app.ems, sessionOf(request));
    return ok(request.lang, list, list.length);
  });

  app.post(
    API.projects,
    { config: { permission: 'project_create' }, schema: { body: ProjectBody, response: { 200: Envelope(ProjectInfo) } } },
    async (request) => ok(request.lang, await createProject(app.ems, sessionOf(request), request.lang, request.body, actorOf(request))),
  );

  app.put(
    `${API.projects}/:id`,
    { config: { permission: 'project_update' }, schema: { params: ProjectIdParam, body: ProjectBody, response: { 200: Envelope(ProjectInfo) } } },
    async (request) => ok(request.lang, await updateProject(app.ems, sessionOf(request), request.lang, request.params.id, request.body, actorOf(request))),
  );

  app.delete(
    `${API.projects}/:id`,
    { config: { permission: 'project_delete' }, schema: { params: ProjectIdParam, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteProject(app.ems, sessionOf(request), request.params.id, actorOf(request));
      return ok(request.lang, null);
    },
  );
};
