import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Events stored before they carried a quantity (0014) get the one their log type and algorithm say, so
 * an old loss warning reads % and an old efficiency event a COP or a specific power, not the data
 * point's kWh: 706/707 loss rate, 801 minutes without data, 704/705 demand, 708/709 the algorithm's
 * indicator (COP unless it judges specific power).
 */
export function eventQuantity(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const set = async (quantity: string, logTypes: readonly number[]) =>
        sql`update event set quantity = ${quantity} where quantity is null and log_type in (${sql.join(logTypes)})`.execute(db);
      await set('lossRate', [706, 707]);
      await set('offlineMinutes', [801]);
      await set('demand', [704, 705]);
      const algorithms = await sql<{ id: number; params: string }>`select id, params from event_algorithm where kind = 'efficiency'`.execute(db);
      for (const a of algorithms.rows) {
        let indicator = 'cop';
        try {
          indicator = (JSON.parse(a.params) as { indicator?: string }).indicator === 'specificPower' ? 'specificPower' : 'cop';
        } catch {
          // unreadable parameters: the default indicator
        }
        await sql`update event set quantity = ${indicator} where quantity is null and log_type in (708, 709) and algorithm_id = ${Number(a.id)}`.execute(db);
      }
    },
  };
}
