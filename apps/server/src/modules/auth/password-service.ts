import { ErrorCode, STRONG_PASSWORD_PATTERN, type ChangePasswordBody } from '@ems/contract';
import type { Ems, Session } from '../../context.js';
import { ApiError, unauthorized } from '../../lib/errors.js';
import { md5hex, safeEqual } from '../../lib/hash.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { failureCounter } from './failure-counter.js';
import { authRepository } from './repository.js';

const STRONG = new RegExp(STRONG_PASSWORD_PATTERN);

/** The strong-password rule of spec section 5. */
export const isStrongPassword = (plain: string): boolean => STRONG.test(plain);

/**
 * Changes the caller's own password: id and name must be the caller's (else 401), the old password
 * right (1005), the new one strong (1006) and different. Revokes every token of the user.
 * A wrong old password counts as a failed login of (name, address): slowed, then locked (429, 1004),
 * and the lock ends every session of the user, so a stolen token cannot be used to guess on.
 */
export async function changePassword(ems: Ems, session: Session, body: ChangePasswordBody, ip: string): Promise<void> {
  if (body.id !== session.userId || body.name !== session.name) throw unauthorized();
  const repo = authRepository(ems.db);
  const failures = failureCounter(ems);
  const now = ems.config.now();
  const actor: AuditActor = { tenantId: session.tenantId, userId: session.userId, userName: session.name, ip };
  const target = { targetType: 'user', targetId: session.userId, targetName: session.name };
  await failures.refuseWhileLocked(session.name, ip, now);
  const user = await repo.findUserById(session.userId);
  if (!user) throw unauthorized();
  const stored = ems.cipher.decrypt(user.password_enc, Number(user.id));
  const oldPassword = body.oldPassword.trim();
  const newPassword = body.newPassword.trim();
  if (stored === undefined || !safeEqual(stored, md5hex(oldPassword))) {
    await recordAudit(ems, actor, { kind: 'password', action: 'change', ...target, ok: false, detail: 'oldPasswordWrong' });
    await failures.fail(session.name, ip, now, async () => {
      await repo.revokeUserTokens(session.userId, now);
      await recordAudit(ems, actor, { kind: 'lock', action: 'lock', ...target, ok: false, detail: 'passwordChange' });
    });
    throw new ApiError(400, ErrorCode.oldPasswordWrong, 'oldPasswordWrong');
  }
  await failures.clear(session.name, ip);
  if (!isStrongPassword(newPassword)) throw new ApiError(400, ErrorCode.weakPassword, 'weakPassword');
  if (newPassword === oldPassword) throw new ApiError(400, ErrorCode.weakPassword, 'samePassword');
  await repo.updatePassword(session.userId, ems.cipher.encrypt(md5hex(newPassword), session.userId), now);
  await repo.revokeUserTokens(session.userId, now);
  await recordAudit(ems, actor, { kind: 'password', action: 'change', ...target });
}

/** The encrypted form of a plain password for a user id (seeds use it). */
export const encryptPlain = (ems: Pick<Ems, 'cipher'>, plain: string, userId: number) => ems.cipher.encrypt(md5hex(plain), userId);
