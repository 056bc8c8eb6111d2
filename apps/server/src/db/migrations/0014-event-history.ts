import type { Kysely, Migration } from 'kysely';

/**
 * Events with their quantity and the evaluation of the seeded history (issue 11 defect 6):
 * - `event.quantity`: what value and limit measure when not the data point itself (a loss rate, a COP,
 *   minutes without data, …; EVENT_QUANTITY), so the unit shown follows it;
 * - `event_history`: per project, the seeded history the rule engine evaluates in time order after the
 *   seed, [from_ts, to_ts), and how far it got (`done_to`, written with each step's events in one
 *   transaction, so a restart resumes without duplicates) with what the engine remembered there (`state`,
 *   JSON: pending durations, last values, grades); `finished_at` once the history is handed
 *   over to the live engine; `error` the last failure of the project's run.
 */
export function eventHistory(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('event').addColumn('quantity', 'varchar(32)').execute();
      await db.schema
        .createTable('event_history')
        .addColumn('project_id', 'integer', (c) => c.primaryKey())
        .addColumn('from_ts', 'bigint', (c) => c.notNull())
        .addColumn('to_ts', 'bigint', (c) => c.notNull())
        .addColumn('done_to', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('finished_at', 'bigint')
        .addColumn('error', 'varchar(1000)')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
