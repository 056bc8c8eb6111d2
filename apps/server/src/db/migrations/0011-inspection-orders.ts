import type { Kysely, Migration } from 'kysely';

/**
 * Inspection orders (issue 4, log type 711): an order is an event of its own raised from another
 * event; `source_event_id` keeps which. While open its `active_key` is `order:{source id}`, so one
 * event has at most one open order (the unique index of 0006), even across instances.
 */
export function inspectionOrders(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('event').addColumn('source_event_id', 'bigint').execute();
    },
  };
}
