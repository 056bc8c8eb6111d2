import { createHash, timingSafeEqual } from 'node:crypto';

export const md5hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
export const sha256hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The login wire hash: md5hex("ems" + timestamps + md5hex(plain)), with md5hex(plain) given. */
export const wireHash = (storedMd5: string, timestamps: number): string => md5hex(`ems${timestamps}${storedMd5}`);

/** Constant-time comparison of two strings (false when lengths differ, still comparing). */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ba.length !== bb.length) {
    timingSafeEqual(ba, ba);
    return false;
  }
  return timingSafeEqual(ba, bb);
}
