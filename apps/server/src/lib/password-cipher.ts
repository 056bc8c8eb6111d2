import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Passwords at rest: md5hex(plain) encrypted with AES-256-GCM, the user id as additional
 * authenticated data, stored as base64(iv | tag | ciphertext). A value copied to another user's
 * row, or read with another key, fails to decrypt.
 */
export class PasswordCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('password key must be 32 bytes');
  }

  encrypt(md5: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(aad(userId));
    const ct = Buffer.concat([cipher.update(md5, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
  }

  /** md5hex of the password, or undefined when the value does not authenticate. */
  decrypt(stored: string, userId: number): string | undefined {
    try {
      const buf = Buffer.from(stored, 'base64');
      if (buf.length <= IV_BYTES + TAG_BYTES) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.key, buf.subarray(0, IV_BYTES));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

const aad = (userId: number): Buffer => Buffer.from(`ems-user:${userId}`, 'utf8');
