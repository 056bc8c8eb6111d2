import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ErrorReply, MANUAL_IMPORT_API, ManualImportBody, ManualImportResult } from '@ems/contract';
import { sessionOf } from '../context.js';
import { ok } from '../lib/reply.js';
import { headerProject } from '../lib/request-scope.js';
import { contentDisposition } from '../lib/download.js';
import { ImportFileError, buildTemplate, importErrorMessage, manualImport, templateFileName } from './manual-import.js';

/** Manual readings import (docs/ingest.md "Manual readings import"): the import and its template. */
export const manualImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    MANUAL_IMPORT_API.run,
    { config: { permission: 'device_update' }, schema: { body: ManualImportBody, response: { 200: Envelope(ManualImportResult), '4xx': ErrorReply } } },
    async (request, reply) => {
      try {
        return ok(request.lang, await manualImport(app.ems, sessionOf(request), request.lang, request.body));
      } catch (err) {
        if (!(err instanceof ImportFileError)) throw err;
        return reply.code(err.status).type('application/json; charset=utf-8').send({ code: err.status, msg: importErrorMessage(request.lang, err), data: null });
      }
    },
  );

  app.get(MANUAL_IMPORT_API.template, { config: { permission: 'device_update' } }, async (request, reply) => {
    const data = await buildTemplate(app.ems, request.lang, headerProject(request));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(templateFileName(request.lang)))
      .header('cache-control', 'private, no-store')
      .send(data);
  });
};
