import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Envelope, FILE_API, FILE_MAX_BYTES, FileDownloadQuery, UploadedFile } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { contentDisposition } from '../../lib/download.js';
import { ok } from '../../lib/reply.js';
import { headerProject } from '../../lib/request-scope.js';
import { FileError, fileText, findFile, storeUpload } from './service.js';

export function sendFileError(request: FastifyRequest, reply: FastifyReply, err: FileError) {
  return reply
    .code(err.status)
    .type('application/json; charset=utf-8')
    .send({ code: err.status, msg: fileText(request.lang, err.key, ...err.params), data: null });
}

/**
 * File manager (spec section 7 "Files"). Upload: multipart, one file, the projectid header names
 * its project; download: the file, or the JSON `{code: 404, msg: 'file does not exist'}` when it
 * is missing or outside the caller's projects.
 */
export const filemanagerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // encapsulated: multipart bodies are parsed in this plugin only
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 100 } });

  app.post(
    FILE_API.upload,
    { config: { permission: 'knowledge_upload device_update' }, schema: { response: { 200: Envelope(UploadedFile) } } },
    async (request, reply) => {
      try {
        const projectId = headerProject(request);
        if (projectId === undefined) throw new FileError(400, 'noProject');
        const part = await request.file();
        if (!part) throw new FileError(400, 'noFile');
        return ok(request.lang, await storeUpload(app.ems, sessionOf(request), projectId, part));
      } catch (err) {
        if (err instanceof FileError) return sendFileError(request, reply, err);
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return sendFileError(request, reply, new FileError(413, 'tooLarge'));
        throw err;
      }
    },
  );

  app.get(FILE_API.download, { config: { permission: 'knowledge_download device_update' }, schema: { querystring: FileDownloadQuery } }, async (request, reply) => {
    const found = await findFile(app.ems, sessionOf(request), request.query.fileName, headerProject(request));
    if (!found) return sendFileError(request, reply, new FileError(404, 'notExist'));
    return reply
      .header('content-type', found.file.content_type)
      .header('content-disposition', contentDisposition(found.file.original_name))
      .header('content-length', String(found.file.size))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(found.path));
  });
};
