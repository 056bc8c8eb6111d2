import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** All SQL of login, tokens and passwords. */
export function authRepository(db: Db) {
  return {
    findUserByName(name: string) {
      return db
        .selectFrom('app_user')
        .select(['id', 'name', 'nic_name', 'tenant_id', 'usertype', 'password_enc', 'must_change_password'])
        .where('name', '=', name)
        .where('enabled', '=', 1)
        // a disabled tenant's users cannot sign in (issue 13)
        .where('tenant_id', 'in', (eb) => eb.selectFrom('tenant').select('tenant.id').where('tenant.enabled', '=', 1))
        .executeTakeFirst();
    },

    findUserById(id: number) {
      return db
        .selectFrom('app_user')
        .select(['id', 'name', 'nic_name', 'tenant_id', 'usertype', 'password_enc'])
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
    },

    async insertToken(tokenHash: string, userId: number, now: number, expiresAt: number) {
      await db.insertInto('token').values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt, revoked_at: null }).execute();
    },

    /** The live token's user, or undefined when unknown, revoked, expired, or the user or their tenant is disabled. */
    findLiveToken(tokenHash: string, now: number) {
      return db
        .selectFrom('token')
        .innerJoin('app_user', 'app_user.id', 'token.user_id')
        .select(['token.user_id', 'token.expires_at', 'app_user.name', 'app_user.tenant_id', 'app_user.usertype'])
        .where('token.token_hash', '=', tokenHash)
        .where('token.revoked_at', 'is', null)
        .where('token.expires_at', '>', now)
        .where('app_user.enabled', '=', 1)
        .where('app_user.tenant_id', 'in', (eb) => eb.selectFrom('tenant').select('tenant.id').where('tenant.enabled', '=', 1))
        .executeTakeFirst();
    },

    async revokeToken(tokenHash: string, now: number) {
      await db.updateTable('token').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
    },

    async revokeUserTokens(userId: number, now: number) {
      await db.updateTable('token').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },

    async pruneTokens(now: number) {
      await db.deleteFrom('token').where('expires_at', '<', now - 24 * 3600_000).execute();
    },

    async replayExists(userName: string, timestamps: number, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('login_replay')
        .select('user_name')
        .where('user_name', '=', userName)
        .where('timestamps', '=', timestamps)
        .where('expires_at', '>=', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records an accepted (userName, timestamps); false when it was already there. */
    async recordReplay(userName: string, timestamps: number, expiresAt: number, now: number): Promise<boolean> {
      await db.deleteFrom('login_replay').where('expires_at', '<', now).execute();
      const rows = await db
        .insertInto('login_replay')
        .values({ user_name: userName, timestamps, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['user_name', 'timestamps']).doNothing())
        .returning('user_name')
        .execute();
      return rows.length === 1;
    },

    findFailure(userName: string, ip: string) {
      return db.selectFrom('login_failure').selectAll().where('user_name', '=', userName).where('ip', '=', ip).executeTakeFirst();
    },

    /** Counts one failure atomically; the count restarts when the first failure is older than the window. */
    async addFailure(userName: string, ip: string, now: number, windowStart: number) {
      const row = await db
        .insertInto('login_failure')
        .values({ user_name: userName, ip, count: 1, first_failure_at: now, locked_until: null })
        .onConflict((oc) =>
          oc.columns(['user_name', 'ip']).doUpdateSet({
            count: sql<number>`case when login_failure.first_failure_at < ${windowStart} then 1 else login_failure.count + 1 end`,
            first_failure_at: sql<number>`case when login_failure.first_failure_at < ${windowStart} then ${now} else login_failure.first_failure_at end`,
          }),
        )
        .returning(['count'])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async lock(userName: string, ip: string, lockedUntil: number) {
      await db.updateTable('login_failure').set({ locked_until: lockedUntil, count: 0 }).where('user_name', '=', userName).where('ip', '=', ip).execute();
    },

    /** How many pairs are locked at `now`, and when the first of those locks ends. */
    async activeLocks(now: number): Promise<{ count: number; firstEnd: number | null }> {
      const row = await db
        .selectFrom('login_failure')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('locked_until').as('first_end')])
        .where('locked_until', '>', now)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), firstEnd: row.first_end === null ? null : Number(row.first_end) };
    },

    /** Deletes the rows that no longer count: window passed, no lock in force. */
    async pruneFailures(windowStart: number, now: number) {
      await db
        .deleteFrom('login_failure')
        .where('first_failure_at', '<', windowStart)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .execute();
    },

    async countFailureRows(): Promise<number> {
      const row = await db.selectFrom('login_failure').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Deletes up to `n` unlocked rows other than (userName, ip): the fewest failures first, then the
     * oldest, so the pairs closest to a lock go last and a lock never goes.
     */
    async evictFailures(n: number, userName: string, ip: string, now: number) {
      await sql`delete from login_failure where (user_name, ip) in (
        select user_name, ip from login_failure
        where (locked_until is null or locked_until <= ${now}) and not (user_name = ${userName} and ip = ${ip})
        order by count, first_failure_at
        limit ${n})`.execute(db);
    },

    async clearFailures(userName: string, ip: string) {
      await db.deleteFrom('login_failure').where('user_name', '=', userName).where('ip', '=', ip).execute();
    },

    async updatePassword(userId: number, passwordEnc: string, now: number) {
      // the user's own password now: no longer one to change at next login (issue 13)
      await db.updateTable('app_user').set({ password_enc: passwordEnc, password_changed_at: now, must_change_password: 0 }).where('id', '=', userId).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
