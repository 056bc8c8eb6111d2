import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The SMTP password at rest, as the user passwords are kept (lib/password-cipher.ts): AES-256-GCM
 * with the app key (EMS_SECRET), the project as additional authenticated data, stored as
 * base64(iv | tag | ciphertext). A value copied to another project's row, or read with another key,
 * does not decrypt.
 */
export function sealSmtpPassword(key: Buffer, plain: string, projectId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(projectId));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}

/** The plain password, or undefined when the stored value does not authenticate. */
export function openSmtpPassword(key: Buffer, stored: string, projectId: number): string | undefined {
  try {
    const buf = Buffer.from(stored, 'base64');
    if (buf.length < IV_BYTES + TAG_BYTES) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, IV_BYTES));
    decipher.setAAD(aad(projectId));
    decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const aad = (projectId: number): Buffer => Buffer.from(`ems-smtp:${projectId}`, 'utf8');
