import type { Insertable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AuditLogTable } from '../../db/schema.js';

/** All SQL of the audit log: it is only ever appended to and read. */
export function auditRepository(db: Db) {
  return {
    async insert(row: Insertable<AuditLogTable>) {
      await db.insertInto('audit_log').values(row).execute();
    },
  };
}
