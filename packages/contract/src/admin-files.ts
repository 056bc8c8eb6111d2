// The file manager's administration page (issue 13, /admin/file): list and delete of a project's
// files. Upload and download are FILE_API (filemanager.ts, spec section 7).
import { Type, type Static } from '@sinclair/typebox';

export const FILE_ADMIN_API = {
  /** GET, projectid header: the project's files, newest first → StoredFileInfo[] */
  list: '/filemanager/v1/file/list',
  /** DELETE ?fileName=, projectid header: removes the file (404 'file does not exist' outside the project) */
  remove: '/filemanager/v1/file',
} as const;

export const StoredFileInfo = Type.Object({
  fileName: Type.String(),
  originalName: Type.String(),
  /** bytes */
  size: Type.Integer(),
  contentType: Type.String(),
  /** ms since the epoch */
  uploadTime: Type.Integer(),
  uploaderId: Type.Integer(),
  /** the uploader's display name ('' when the user is gone) */
  uploaderName: Type.String(),
});
export type StoredFileInfo = Static<typeof StoredFileInfo>;

export const FileRemoveQuery = Type.Object({ fileName: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });
export type FileRemoveQuery = Static<typeof FileRemoveQuery>;
