import type { Kysely, Migration } from 'kysely';

/**
 * Single sign-on (issue 13; apps/server/src/modules/sso):
 * - `sso_state`: an authorization request under way (sha-256 of its state, the PKCE verifier and the
 *   nonce), single use, minutes long, in the store so any instance can take the provider's answer;
 * - `sso_grant`: the app's own short-lived, single-use access token (sha-256) handed to the browser
 *   after the code exchange, with the user it signs in and the provider's ID token;
 * - `sso_session`: the provider's ID token of an app session (token sha-256), for the provider's logout;
 * - one user per provider subject (`app_user.sso_subject` unique; NULL for the others).
 */
export function sso(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sso_state')
        .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
        .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sso_state_expires_idx').on('sso_state').column('expires_at').execute();
      await db.schema
        .createTable('sso_grant')
        .addColumn('handle_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('id_token', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sso_session')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('id_token', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_user_sso_subject_idx').on('app_user').column('sso_subject').unique().execute();
    },
  };
}
