import { describe, expect, it } from 'vitest';
import { hashLoginPassword } from './login-hash';

describe('login password hash (spec 7: app name, timestamp and password)', () => {
  it('is md5hex("ems" + timestamps + md5hex(plain)) against known vectors', () => {
    // vectors computed independently with node:crypto
    expect(hashLoginPassword('Root@12345', 1700000000000)).toBe('0e1369d308c92c925e661ebfa3e6f9a7');
    expect(hashLoginPassword('Demo@12345', 1732240000000)).toBe('599d1a09b22951c647d76c63c08e09d9');
  });
  it('changes with the timestamp', () => {
    expect(hashLoginPassword('x', 1)).not.toBe(hashLoginPassword('x', 2));
  });
});
