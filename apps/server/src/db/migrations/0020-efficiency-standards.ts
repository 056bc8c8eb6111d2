import type { Kysely, Migration } from 'kysely';

/**
 * Efficiency grade standards (issue 14; modules/efficiency-standards): `efficiency_standard`, one row
 * per equipment kind ('transformer', 'chiller', 'compressor', 'boiler') holding the administrator's
 * edited edition (code, title, effective date, source note, rows as JSON text, who saved it and
 * when). No row: the published edition of packages/domain (DEFAULT_STANDARDS) applies.
 */
export function efficiencyStandards(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('efficiency_standard')
        .addColumn('kind', 'varchar(16)', (c) => c.primaryKey())
        .addColumn('code', 'varchar(40)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('effective_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('update_time', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
