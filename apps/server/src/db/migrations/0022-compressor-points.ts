import type { Kysely, Migration } from 'kysely';
import { DATA_ID } from '@ems/contract';

type Row = readonly [number, string, string, string, number | null, 'counter' | 'instant' | 'status', number | null, number | null];

/**
 * Data points of the compressed-air station (issue 14, DOMAIN.md §7): each compressor's loaded-time
 * and run-time counters (hours, rolled up like energy: loading rate, unload hours, the idle-hours leak
 * test) and the header pressure. A compressor's delivered air is the existing counter 16 on its own
 * output meter, its electricity counter 1 on its meter.
 */
export const DATA_POINTS_COMPRESSOR: readonly Row[] = [
  [DATA_ID.compressorLoadedHours, '加载时间', 'loaded time', 'h', null, 'counter', null, 0],
  [DATA_ID.compressorRunHours, '运行时间', 'run time', 'h', null, 'counter', null, 0],
  [DATA_ID.airHeaderPressure, '压缩空气总管压力', 'compressed-air header pressure', 'MPa', null, 'instant', 1.6, 0],
];

export function compressorPoints(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('data_point' as never)
        .values(
          DATA_POINTS_COMPRESSOR.map(([data_id, name_zh, name_en, unit, energy_type, k, upper_limit, lower_limit]) => ({
            data_id,
            name_zh,
            name_en,
            unit,
            energy_type,
            kind: k,
            upper_limit,
            lower_limit,
          })) as never,
        )
        .execute();
    },
  };
}
