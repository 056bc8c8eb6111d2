import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5hex, wireHash } from './hash.js';
import { PasswordCipher } from './password-cipher.js';

describe('passwords at rest: AES-256-GCM of md5hex(plain), user id as AAD', () => {
  const cipher = new PasswordCipher(randomBytes(32));
  const md5 = md5hex('Demo@12345');

  it('round-trips for the same user id, with a fresh IV each time', () => {
    const a = cipher.encrypt(md5, 7);
    expect(cipher.decrypt(a, 7)).toBe(md5);
    expect(cipher.encrypt(md5, 7)).not.toBe(a);
    expect(Buffer.from(a, 'base64').toString('latin1')).not.toContain(md5);
  });

  it('does not decrypt under another user id (AAD) or another key', () => {
    const a = cipher.encrypt(md5, 7);
    expect(cipher.decrypt(a, 8)).toBeUndefined();
    expect(new PasswordCipher(randomBytes(32)).decrypt(a, 7)).toBeUndefined();
  });

  it('does not decrypt a tampered or truncated value', () => {
    const raw = Buffer.from(cipher.encrypt(md5, 7), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(cipher.decrypt(raw.toString('base64'), 7)).toBeUndefined();
    expect(cipher.decrypt('AAAA', 7)).toBeUndefined();
  });

  it('the wire hash is md5hex("ems" + timestamps + md5hex(plain))', () => {
    expect(wireHash(md5hex('Root@12345'), 1700000000000)).toBe(md5hex(`ems1700000000000${md5hex('Root@12345')}`));
    expect(md5hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
