import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ADMIN_API, AuditLogEntry, AuditLogQuery, Envelope } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { contentDisposition } from '../../lib/download.js';
import { ok } from '../../lib/reply.js';
import { exportAudit, listAudit } from './service.js';

/** The audit log: read and exported, never updated or deleted through the API. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(ADMIN_API.logs, { config: { permission: 'log_browse' }, schema: { querystring: AuditLogQuery, response: { 200: Envelope(Type.Array(AuditLogEntry)) } } }, async (request) => {
    const { list, total } = await listAudit(app.ems, sessionOf(request), request.query);
    return ok(request.lang, list, total);
  });

  app.get(ADMIN_API.logsExport, { config: { permission: 'log_export' }, schema: { querystring: AuditLogQuery } }, async (request, reply) => {
    const { buffer, fileName } = await exportAudit(app.ems, sessionOf(request), request.lang, request.query);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .send(buffer);
  });
};
