import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/** Tenants, projects, users, roles, groups, tokens, login guards and the generic node table. */
export function initial(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      const id = (t: string) =>
        db.schema.createTable(t).addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()));
      await id('tenant')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .execute();
      await id('project')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
        .addColumn('name', 'varchar(50)', (c) => c.notNull())
        .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('code', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('en_address', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('capacity_kva', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('area_m2', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Shanghai'))
        .addColumn('latitude', 'double precision')
        .addColumn('longitude', 'double precision')
        .addColumn('industry', 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('project_tenant_name_uq', ['tenant_id', 'name'])
        .execute();
      await id('app_user')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('nic_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('usertype', 'integer', (c) => c.notNull().check(sql`usertype between 1 and 4`))
        .addColumn('password_enc', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await id('role')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('custom_config', 'text', (c) => c.notNull().defaultTo('{}'))
        .addUniqueConstraint('role_tenant_name_uq', ['tenant_id', 'name'])
        .execute();
      await db.schema
        .createTable('role_permission')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addColumn('permission_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
        .execute();
      await db.schema
        .createTable('user_role')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
        .execute();
      await db.schema
        .createTable('user_project')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('project.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_project_pk', ['user_id', 'project_id'])
        .execute();
      await id('user_group')
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id'))
        .addColumn('parent_id', 'integer', (c) => c.references('user_group.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_group_member')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('user_group.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_group_member_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('token')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('token_user_idx').on('token').column('user_id').execute();
      await db.schema
        .createTable('login_replay')
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('timestamps', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_replay_pk', ['user_name', 'timestamps'])
        .execute();
      await db.schema.createIndex('login_replay_expires_idx').on('login_replay').column('expires_at').execute();
      await db.schema
        .createTable('login_failure')
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('first_failure_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addPrimaryKeyConstraint('login_failure_pk', ['user_name', 'ip'])
        .execute();
      await id('node')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('project.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('node.id').onDelete('cascade'))
        .addColumn('model_label', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(140)', (c) => c.notNull())
        .addColumn('attrs', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('node_project_idx').on('node').columns(['project_id', 'model_label']).execute();
    },
  };
}
