import type { Db } from '../../db/connect.js';

/** 0018-sso tables (this module's own; see the migration). */
type SsoTables = {
  sso_state: { state_hash: string; code_verifier: string; nonce: string; created_at: number; expires_at: number };
  sso_grant: { handle_hash: string; user_id: number; id_token: string; expires_at: number };
  sso_session: { token_hash: string; id_token: string; expires_at: number };
};

/** Authorization requests under way kept at most (the oldest go first past it). */
export const SSO_STATE_ROWS_MAX = 10_000;

export interface SsoUser {
  id: number;
  name: string;
  nic_name: string;
  tenant_id: number;
  usertype: number;
  enabled: number;
  tenant_enabled: number;
}

/** All SQL of single sign-on. */
export function ssoRepository(db: Db) {
  const sdb = db.withTables<SsoTables>();
  const userColumns = ['app_user.id', 'app_user.name', 'app_user.nic_name', 'app_user.tenant_id', 'app_user.usertype', 'app_user.enabled', 'tenant.enabled as tenant_enabled'] as const;
  return {
    /** Stores a new request; drops expired ones and, past the cap, the oldest. */
    async insertState(row: SsoTables['sso_state'], now: number): Promise<void> {
      await sdb.deleteFrom('sso_state').where('expires_at', '<=', now).execute();
      const { n } = await sdb.selectFrom('sso_state').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(n) >= SSO_STATE_ROWS_MAX) {
        const oldest = sdb.selectFrom('sso_state').select('state_hash').orderBy('created_at').limit(Number(n) - SSO_STATE_ROWS_MAX + 1);
        await sdb.deleteFrom('sso_state').where('state_hash', 'in', oldest).execute();
      }
      await sdb.insertInto('sso_state').values(row).execute();
    },

    /** Takes a request once: it is gone afterwards, whether live or not. */
    async takeState(stateHash: string, now: number) {
      const row = await sdb.deleteFrom('sso_state').where('state_hash', '=', stateHash).returning(['code_verifier', 'nonce', 'expires_at']).executeTakeFirst();
      return row && Number(row.expires_at) > now ? row : undefined;
    },

    async insertGrant(row: SsoTables['sso_grant'], now: number): Promise<void> {
      await sdb.deleteFrom('sso_grant').where('expires_at', '<=', now).execute();
      await sdb.insertInto('sso_grant').values(row).execute();
    },

    /** Takes an access token once. */
    async takeGrant(handleHash: string, now: number) {
      const row = await sdb.deleteFrom('sso_grant').where('handle_hash', '=', handleHash).returning(['user_id', 'id_token', 'expires_at']).executeTakeFirst();
      return row && Number(row.expires_at) > now ? { userId: Number(row.user_id), idToken: row.id_token } : undefined;
    },

    async insertSession(row: SsoTables['sso_session'], now: number): Promise<void> {
      await sdb.deleteFrom('sso_session').where('expires_at', '<=', now).execute();
      await sdb.insertInto('sso_session').values(row).execute();
    },

    /** Ends the provider's side of an app session: its ID token, once. */
    async takeSession(tokenHash: string) {
      const row = await sdb.deleteFrom('sso_session').where('token_hash', '=', tokenHash).returning('id_token').executeTakeFirst();
      return row?.id_token;
    },

    /** The user (enabled or not) a token names, for the logout's audit entry. */
    userOfToken(tokenHash: string) {
      return db
        .selectFrom('token')
        .innerJoin('app_user', 'app_user.id', 'token.user_id')
        .select(['app_user.id', 'app_user.name', 'app_user.tenant_id', 'token.revoked_at', 'token.expires_at'])
        .where('token.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async userBySubject(subject: string): Promise<SsoUser | undefined> {
      return db.selectFrom('app_user').innerJoin('tenant', 'tenant.id', 'app_user.tenant_id').select(userColumns).where('app_user.sso_subject', '=', subject).executeTakeFirst();
    },

    async userById(id: number): Promise<SsoUser | undefined> {
      return db.selectFrom('app_user').innerJoin('tenant', 'tenant.id', 'app_user.tenant_id').select(userColumns).where('app_user.id', '=', id).executeTakeFirst();
    },

    tenant(id: number) {
      return db.selectFrom('tenant').select(['id', 'name', 'enabled']).where('id', '=', id).executeTakeFirst();
    },

    role(id: number) {
      return db.selectFrom('role').select(['id', 'tenant_id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** Of the ids, those of the tenant's projects. */
    async projectsOf(tenantId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('project').select('id').where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).execute();
      return rows.map((r) => Number(r.id));
    },

    async nameTaken(name: string): Promise<boolean> {
      return (await db.selectFrom('app_user').select('id').where('name', '=', name).executeTakeFirst()) !== undefined;
    },

    /**
     * Creates a user met for the first time, with its role and projects, in one transaction;
     * undefined when another request created the subject's user first (the unique subject).
     */
    async insertUser(
      values: { tenantId: number; name: string; nicName: string; email: string; usertype: number; subject: string; roleId: number; projectIds: number[]; now: number },
      passwordOf: (userId: number) => string,
    ): Promise<number | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('app_user')
            .values({
              tenant_id: values.tenantId,
              name: values.name,
              nic_name: values.nicName,
              email: values.email,
              mobile_phone: '',
              usertype: values.usertype,
              password_enc: '',
              password_changed_at: values.now,
              enabled: 1,
              create_time: values.now,
              sso_subject: values.subject,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = Number(row.id);
          await trx.updateTable('app_user').set({ password_enc: passwordOf(id) }).where('id', '=', id).execute();
          await trx.insertInto('user_role').values({ user_id: id, role_id: values.roleId }).execute();
          if (values.projectIds.length > 0) await trx.insertInto('user_project').values(values.projectIds.map((p) => ({ user_id: id, project_id: p }))).execute();
          return id;
        });
      } catch (err) {
        if (await this.userBySubject(values.subject)) return undefined;
        throw err;
      }
    },
  };
}
