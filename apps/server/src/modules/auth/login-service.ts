import { randomBytes } from 'node:crypto';
import { ErrorCode, LOGIN_CLOCK_SKEW_MS, TOKEN_TTL_MS, type LoginBody, type LoginReply } from '@ems/contract';
import type { Ems } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { md5hex, safeEqual, sha256hex, wireHash } from '../../lib/hash.js';
import { recordAudit, recordAuditThrottled, type AuditActor } from '../audit/service.js';
import { failureCounter } from './failure-counter.js';
import { authRepository } from './repository.js';

/** A stand-in ciphertext, decrypted for unknown names so they cost the same work as known ones. */
const decoys = new WeakMap<Ems, string>();
function decoyOf(ems: Ems): string {
  let decoy = decoys.get(ems);
  if (!decoy) {
    decoy = ems.cipher.encrypt(md5hex(randomBytes(16).toString('hex')), 0);
    decoys.set(ems, decoy);
  }
  return decoy;
}

/** Issues a new token for a user: 32 random bytes, base64url; only its sha256 is stored. */
export async function issueToken(ems: Ems, userId: number): Promise<{ token: string; expiresAt: number }> {
  const now = ems.config.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + TOKEN_TTL_MS;
  await authRepository(ems.db).insertToken(sha256hex(token), userId, now, expiresAt);
  return { token, expiresAt };
}

/**
 * Login (wire format in docs/security.md): clock window, lock, replay, then the password check.
 * Unknown names and wrong passwords take the same path and get the same reply; failures are
 * counted per (name, address) in the store, slowed down and locked.
 */
export async function login(ems: Ems, body: LoginBody, ip: string): Promise<LoginReply> {
  const repo = authRepository(ems.db);
  const failures = failureCounter(ems);
  const now = ems.config.now();
  // audit (issue 13): the name typed is the actor; a failure by an unknown name goes to tenant 0
  const actor = (u?: { id: number | string; tenant_id: number | string }): AuditActor => ({
    tenantId: u ? Number(u.tenant_id) : 0,
    userId: u ? Number(u.id) : null,
    userName: body.userName,
    ip,
  });
  const failure = (u: Parameters<typeof actor>[0], detail: string) => ({ kind: 'loginFailure' as const, action: 'failure', targetType: 'user', targetId: u ? Number(u.id) : null, targetName: body.userName, ok: false, detail });
  if (Math.abs(now - body.timestamps) > LOGIN_CLOCK_SKEW_MS) {
    // only for a name that exists, and at most once a minute per (name, address): anyone can send these
    const named = await repo.findUserByName(body.userName);
    if (named) await recordAuditThrottled(ems, actor(named), failure(named, 'clockSkew'));
    throw new ApiError(400, ErrorCode.clockSkew, 'clockSkew', { serverTime: now });
  }
  await failures.refuseWhileLocked(body.userName, ip, now);
  const user = await repo.findUserByName(body.userName);
  if (await repo.replayExists(body.userName, body.timestamps, now)) {
    await recordAuditThrottled(ems, actor(user), failure(user, 'replay'));
    throw new ApiError(400, ErrorCode.replay, 'replay');
  }

  const stored = user ? ems.cipher.decrypt(user.password_enc, Number(user.id)) : ems.cipher.decrypt(decoyOf(ems), 0);
  const expected = wireHash(stored ?? '0'.repeat(32), body.timestamps);
  const match = safeEqual(expected, body.password) && user !== undefined && stored !== undefined;

  if (!match || user === undefined) {
    await recordAudit(ems, actor(user), failure(user, 'badCredentials'));
    await failures.fail(body.userName, ip, now, () =>
      recordAudit(ems, actor(user), { kind: 'lock', action: 'lock', targetType: 'user', targetId: user ? Number(user.id) : null, targetName: body.userName, ok: false, detail: 'login' }),
    );
    throw new ApiError(400, ErrorCode.badCredentials, 'badCredentials');
  }

  const expiresAt = Math.max(now, body.timestamps) + LOGIN_CLOCK_SKEW_MS;
  if (!(await repo.recordReplay(body.userName, body.timestamps, expiresAt, now))) {
    await recordAuditThrottled(ems, actor(user), failure(user, 'replay'));
    throw new ApiError(400, ErrorCode.replay, 'replay');
  }
  await failures.clear(body.userName, ip);
  await repo.pruneTokens(now);
  const issued = await issueToken(ems, Number(user.id));
  await recordAudit(ems, actor(user), { kind: 'login', action: 'success', targetType: 'user', targetId: Number(user.id), targetName: user.name });
  return {
    ...issued,
    user: {
      id: Number(user.id),
      name: user.name,
      nicName: user.nic_name,
      tenantId: Number(user.tenant_id),
      customConfig: JSON.stringify({ usertype: user.usertype }),
    },
    mustChangePassword: Number(user.must_change_password) === 1,
  };
}
