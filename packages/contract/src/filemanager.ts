import { Type, type Static } from '@sinclair/typebox';

/** File manager (spec section 7 "Files"): upload and download, 60 s timeout on the client. */
export const FILE_API = {
  /** POST multipart/form-data, one file (field `file`), projectid header → UploadedFile */
  upload: '/filemanager/v1/file',
  /** GET ?fileName= → the file (content-disposition with RFC 5987 filename*), or a JSON reply when it does not exist */
  download: '/filemanager/v1/file/downLoad',
} as const;

/** Largest upload, bytes (10 MiB); a larger file is refused with 413. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Extensions the file manager accepts (lower case, without the dot). */
export const FILE_TYPES = ['csv', 'xlsx', 'xls', 'pdf', 'png', 'jpg', 'jpeg'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Reply `data` of an upload. */
export const UploadedFile = Type.Object({
  /** the stored name `{uuid}-{safe original name}`: pass it to the download and to the manual import */
  fileName: Type.String(),
  /** the name the browser sent */
  originalName: Type.String(),
  /** bytes */
  size: Type.Integer(),
  /** ms since the epoch */
  uploadTime: Type.Integer(),
});
export type UploadedFile = Static<typeof UploadedFile>;

export const FileDownloadQuery = Type.Object({ fileName: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });
export type FileDownloadQuery = Static<typeof FileDownloadQuery>;
