import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/** What the server keeps on disk is for the server's user only: directories 0700, files 0600. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Group or other may read, write or enter it. */
const shared = (path: string) => (statSync(path).mode & 0o077) !== 0;

/**
 * Creates the directory (and its missing parents) 0700, or takes group and other access away from an
 * existing one (a data dir from before this rule, 0755). Returns a note when it changed an existing mode.
 */
export function ensurePrivateDir(path: string): string | undefined {
  if (!existsSync(path)) {
    mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
    return undefined;
  }
  if (!shared(path)) return undefined;
  const before = (statSync(path).mode & 0o777).toString(8);
  chmodSync(path, PRIVATE_DIR_MODE);
  return `${path} was mode 0${before}; set to 0700 (the store and uploads are for the server's user only)`;
}

/**
 * Creates an empty file 0600 when missing, or takes group and other access away from an existing one
 * (the SQLite store and its -wal/-shm: SQLite gives those the store file's mode).
 */
export function ensurePrivateFile(path: string, create = true): void {
  if (!existsSync(path)) {
    if (create) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
    return;
  }
  if (shared(path)) chmodSync(path, PRIVATE_FILE_MODE);
}
