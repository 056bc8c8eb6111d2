import type { Kysely, Migration } from 'kysely';

/**
 * The events a range carries in from before its start (still active, or ended inside it) found by
 * their end, not by walking every earlier event: a query of the last day read the project's whole
 * history backwards (issue 12).
 */
export function eventEndIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('event_project_end_idx').on('event').columns(['project_id', 'end_time']).execute();
    },
  };
}
