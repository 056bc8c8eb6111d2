import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DASHBOARD_API, DashboardParam, Envelope, ProjectDashboard } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { projectDashboard } from './service.js';

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${DASHBOARD_API.project}/:projectId`, { schema: { params: DashboardParam, response: { 200: Envelope(ProjectDashboard) } } }, async (request) =>
    ok(request.lang, await projectDashboard(app.ems, sessionOf(request).projectIds, request.params.projectId, app.sim.status())),
  );
};
