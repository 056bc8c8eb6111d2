import { unlink } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, FILE_ADMIN_API, FileRemoveQuery, StoredFileInfo } from '@ems/contract';
import { sessionOf } from '../../context.js';
import { ok } from '../../lib/reply.js';
import { headerProject } from '../../lib/request-scope.js';
import { actorOf, recordAudit } from '../audit/service.js';
import type { FileTable } from '../filemanager/repository.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FileError, fileText, findFile } from '../filemanager/service.js';

/** The file manager's error envelope (HTTP status = code), as its own routes answer. */
function sendFileError(request: FastifyRequest, reply: FastifyReply, err: FileError) {
  return reply.code(err.status).type('application/json; charset=utf-8').send({ code: err.status, msg: fileText(request.lang, err.key, ...err.params), data: null });
}

/** Most files one list answers (newest first). */
const LIST_MAX = 5000;

/**
 * The file manager's administration (issue 13, /admin/file): the files of the project named by the
 * projectid header (one the caller sees; the auth hook refuses another with 404), and their deletion.
 * A file outside the caller's projects answers `file does not exist`, as the download does.
 */
export const fileAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const fdb = () => app.ems.db.withTables<{ file: FileTable }>();

  app.get(
    FILE_ADMIN_API.list,
    { config: { permission: 'knowledge_browse knowledge_download device_update' }, schema: { response: { 200: Envelope(Type.Array(StoredFileInfo)) } } },
    async (request, reply) => {
      const projectId = headerProject(request);
      if (projectId === undefined) return sendFileError(request, reply, new FileError(400, 'noProject'));
      const rows = await fdb()
        .selectFrom('file')
        .leftJoin('app_user', 'app_user.id', 'file.user_id')
        .select(['file.file_name', 'file.original_name', 'file.size', 'file.content_type', 'file.upload_time', 'file.user_id', 'app_user.name', 'app_user.nic_name'])
        .where('file.project_id', '=', projectId)
        .orderBy('file.upload_time', 'desc')
        .orderBy('file.id', 'desc')
        .limit(LIST_MAX)
        .execute();
      const list = rows.map((r) => ({
        fileName: r.file_name,
        originalName: r.original_name,
        size: Number(r.size),
        contentType: r.content_type,
        uploadTime: Number(r.upload_time),
        uploaderId: Number(r.user_id),
        uploaderName: r.nic_name || r.name || '',
      }));
      return ok(request.lang, list, list.length);
    },
  );

  app.delete(
    FILE_ADMIN_API.remove,
    { config: { permission: 'knowledge_delete device_update' }, schema: { querystring: FileRemoveQuery, response: { 200: Envelope(Type.Null()) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const projectId = headerProject(request);
      if (projectId === undefined) return sendFileError(request, reply, new FileError(400, 'noProject'));
      const found = await findFile(app.ems, session, request.query.fileName, projectId);
      if (!found) return sendFileError(request, reply, new FileError(404, 'notExist'));
      await fdb().deleteFrom('file').where('file_name', '=', found.file.file_name).where('project_id', '=', projectId).execute();
      await unlink(found.path).catch(() => undefined);
      await recordAudit(app.ems, actorOf(request), {
        kind: 'project',
        action: 'deleteFile',
        targetType: 'file',
        targetId: projectId,
        targetName: found.file.original_name,
        before: { fileName: found.file.file_name, originalName: found.file.original_name, size: Number(found.file.size), projectId },
      });
      return ok(request.lang, null);
    },
  );
};
