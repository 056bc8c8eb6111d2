import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ADMIN_API, Envelope, TenantBody, TenantCreateBody, TenantCustomersBody, TenantEnableBody, TenantIdParam, TenantInfo, TenantProject } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { actorOf } from '../audit/service.js';
import { createTenant, listTenants, renameTenant, setTenantCustomers, setTenantEnabled, tenantProjects } from './tenants-service.js';

/** Tenants (issue 13): the platform operator's alone (isOperator), with the tenant_* permissions; anyone else 404. */
export const tenantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = ADMIN_API.tenants;
  const endSession = async (tokenHash: string) => {
    if (app.hasDecorator('live')) await app.live.endSession(tokenHash);
  };

  app.get(base, { config: { permission: 'tenant_browse' }, schema: { response: { 200: Envelope(Type.Array(TenantInfo)) } } }, async (request) => {
    const list = await listTenants(app.ems, sessionOf(request));
    return ok(request.lang, list, list.length);
  });

  app.post(base, { config: { permission: 'tenant_create' }, schema: { body: TenantCreateBody, response: { 200: Envelope(TenantInfo) } } }, async (request) =>
    ok(request.lang, await createTenant(app.ems, sessionOf(request), actorOf(request), request.body)),
  );

  app.put(`${base}/:id`, { config: { permission: 'tenant_update' }, schema: { params: TenantIdParam, body: TenantBody, response: { 200: Envelope(TenantInfo) } } }, async (request) =>
    ok(request.lang, await renameTenant(app.ems, sessionOf(request), actorOf(request), request.params.id, request.body)),
  );

  app.post(
    `${base}/:id/enable`,
    { config: { permission: 'tenant_disable' }, schema: { params: TenantIdParam, body: TenantEnableBody, response: { 200: Envelope(TenantInfo) } } },
    async (request) => ok(request.lang, await setTenantEnabled(app.ems, sessionOf(request), actorOf(request), request.params.id, request.body.enabled, endSession)),
  );

  // a service provider's customers (issue 13): the tenants whose projects its platform users look after
  app.put(
    `${base}/:id/customers`,
    { config: { permission: 'tenant_update' }, schema: { params: TenantIdParam, body: TenantCustomersBody, response: { 200: Envelope(TenantInfo) } } },
    async (request) => ok(request.lang, await setTenantCustomers(app.ems, sessionOf(request), actorOf(request), request.lang, request.params.id, request.body.tenantIds)),
  );

  app.get(`${base}/:id/projects`, { config: { permission: 'tenant_browse' }, schema: { params: TenantIdParam, response: { 200: Envelope(Type.Array(TenantProject)) } } }, async (request) => {
    const list = await tenantProjects(app.ems, sessionOf(request), request.params.id);
    return ok(request.lang, list, list.length);
  });
};
