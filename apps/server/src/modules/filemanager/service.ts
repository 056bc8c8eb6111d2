import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Selectable } from 'kysely';
import { FILE_MAX_BYTES, FILE_TYPES, type FileType, type UploadedFile } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import type { Lang } from '../../lib/i18n.js';
import { fileRepository, type FileTable } from './repository.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.js';

export type StoredFile = Selectable<FileTable>;

/** Texts of the file manager (zh, en). */
const TEXT = {
  notExist: ['文件不存在', 'file does not exist'],
  tooLarge: ['文件超过 10 MB 的上限', 'the file exceeds the 10 MB limit'],
  noFile: ['请选择要上传的文件', 'choose a file to upload'],
  badType: ['不支持的文件类型，仅支持 csv、xlsx、xls、pdf、png、jpg', 'unsupported file type; allowed: csv, xlsx, xls, pdf, png, jpg'],
  badContent: ['文件内容与扩展名 .$0 不符', 'the file content does not match its extension .$0'],
  noProject: ['请求缺少 projectid 请求头', 'the projectid header is missing'],
} as const;
export type FileTextKey = keyof typeof TEXT;

export function fileText(lang: Lang, key: FileTextKey, ...params: string[]): string {
  return TEXT[key][lang === 'en' ? 1 : 0].replace(/\$(\d)/g, (m, i: string) => params[Number(i)] ?? m);
}

/** A file-manager error: HTTP status = envelope code, message in the request language. */
export class FileError extends Error {
  constructor(
    readonly status: 400 | 404 | 413,
    readonly key: FileTextKey,
    readonly params: string[] = [],
  ) {
    super(key);
  }
}

const CONTENT_TYPES: Record<FileType, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The lower-case extension of a name when the file manager accepts it. */
export function fileTypeOf(name: string): FileType | undefined {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  const ext = m?.[1]?.toLowerCase();
  return (FILE_TYPES as readonly string[]).includes(ext ?? '') ? (ext as FileType) : undefined;
}

/**
 * A name safe on every file system, from what the browser sent: the last path segment, letters,
 * digits and `._-()` kept, everything else `_`, no leading dots, at most 100 characters (the
 * extension kept).
 */
export function safeName(original: string): string {
  const base = original.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let s = base
    .replace(/[^\p{L}\p{N}._()（） -]/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[.\s_-]+/, '');
  if (s.length > 100) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 6 ? s.slice(dot) : '';
    s = s.slice(0, 100 - ext.length) + ext;
  }
  return s === '' ? 'file' : s;
}

/** Stored names are `{uuid}-{safe name}`: anything else (a path, `..`, NUL) is never a file. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[^/\\\0]{1,100}$/;

/** Whether the first bytes fit the extension (binary formats by their signature; csv has no NUL). */
function sniff(type: FileType, head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  switch (type) {
    case 'xlsx':
      return starts(0x50, 0x4b, 0x03, 0x04);
    case 'xls':
      return starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    case 'pdf':
      return starts(0x25, 0x50, 0x44, 0x46);
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'csv':
      return !head.includes(0);
  }
}

const filesRoot = (ems: Ems) => resolve(ems.config.dataDir, 'files');
const projectDir = (ems: Ems, projectId: number) => join(filesRoot(ems), String(projectId));

/**
 * Stores one uploaded file of the project: streamed to a temporary name, refused (and removed)
 * when over FILE_MAX_BYTES (413), of a type not allowed or whose content does not fit its
 * extension (400); then renamed and recorded.
 */
export async function storeUpload(
  ems: Ems,
  session: Session,
  projectId: number,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<UploadedFile> {
  const originalName = upload.filename.normalize('NFC').slice(0, 300);
  const type = fileTypeOf(originalName);
  if (!type || originalName.trim() === '') {
    upload.file.resume();
    throw new FileError(400, 'badType');
  }
  const dir = projectDir(ems, projectId);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const fileName = `${randomUUID()}-${safeName(originalName)}`;
  const temp = join(dir, `.part-${randomUUID()}`);
  try {
    await pipeline(upload.file, createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    if (upload.file.truncated) throw new FileError(413, 'tooLarge');
    const size = (await stat(temp)).size;
    if (size > FILE_MAX_BYTES) throw new FileError(413, 'tooLarge');
    const head = Buffer.alloc(8);
    const fh = await open(temp, 'r');
    try {
      await fh.read(head, 0, 8, 0);
    } finally {
      await fh.close();
    }
    if (size === 0 || !sniff(type, size < 8 ? head.subarray(0, size) : head)) throw new FileError(400, 'badContent', [type]);
    const target = join(dir, fileName);
    await rename(temp, target);
    const uploadTime = ems.config.now();
    try {
      await fileRepository(ems.db).insert({
        project_id: projectId,
        file_name: fileName,
        original_name: originalName,
        size,
        content_type: CONTENT_TYPES[type],
        user_id: session.userId,
        upload_time: uploadTime,
      });
    } catch (err) {
      await unlink(target).catch(() => undefined);
      throw err;
    }
    return { fileName, originalName, size, uploadTime };
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileError(413, 'tooLarge');
    throw err;
  }
}

/**
 * A stored file the caller may read: its row and absolute path, or undefined when the name is not
 * a stored name, no such file exists, it belongs to a project outside the caller's scope (or not
 * to `projectId` when given) or its bytes are gone.
 */
export async function findFile(ems: Ems, session: Session, fileName: string, projectId?: number): Promise<{ file: StoredFile; path: string } | undefined> {
  if (!STORED_NAME.test(fileName)) return undefined;
  const file = await fileRepository(ems.db).findByName(fileName);
  if (!file) return undefined;
  const owner = Number(file.project_id);
  if (!session.projectIds.includes(owner) || (projectId !== undefined && projectId !== owner)) return undefined;
  const dir = projectDir(ems, owner);
  const path = resolve(dir, file.file_name);
  if (!path.startsWith(dir + sep)) return undefined;
  try {
    if (!(await stat(path)).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return { file, path };
}
