import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hkdfSync, randomBytes } from 'node:crypto';
import { dirname, relative, isAbsolute } from 'node:path';

/** Minimum length of EMS_SECRET as text. */
export const MIN_SECRET_CHARS = 32;

/** Key material from EMS_SECRET: base64 of exactly 32 bytes, or any text of 32+ characters. */
export function secretMaterial(secret: string): Buffer | string {
  const trimmed = secret.trim();
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    if (bytes.length === 32) return bytes;
  }
  if (secret.length < MIN_SECRET_CHARS) {
    return `EMS_SECRET must be at least ${MIN_SECRET_CHARS} characters or the base64 of 32 random bytes (got ${secret.length} characters)`;
  }
  return Buffer.from(secret, 'utf8');
}

/** The AES-256 key for passwords at rest: HKDF-SHA256 over the key material. */
export function deriveKey(material: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'ems-password-at-rest', 'ems aes-256-gcm v1', 32));
}

/** True when `inner` is `outer` or lies inside it. */
export function isInside(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface KeyFileResult {
  material: Buffer;
  created: boolean;
  /** a warning to print (e.g. permissions looser than 0600) */
  warning?: string;
}

/**
 * Reads the key file, or creates it (32 random bytes, base64, mode 0600, directory 0700).
 * Returns an error text when the file is unreadable or malformed.
 */
export function loadOrCreateKeyFile(path: string): KeyFileResult | string {
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8').trim();
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length !== 32) return `EMS_KEY_FILE ${path} does not hold the base64 of 32 bytes`;
    const mode = statSync(path).mode & 0o777;
    const warning = (mode & 0o077) !== 0 ? `key file ${path} has mode ${mode.toString(8)}; run: chmod 600 ${path}` : undefined;
    return { material: bytes, created: false, ...(warning ? { warning } : {}) };
  }
  const bytes = randomBytes(32);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, bytes.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return { material: bytes, created: true };
}
