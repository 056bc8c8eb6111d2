import type { Db } from '../../db/connect.js';
import { latestPerDevice, type LatestValue } from '../../db/latest.js';

export type { LatestValue };

/**
 * The live reads of the flow diagram (all other reads go through the balance and analysis
 * repositories): per device, the newest reading of a data point and the newest 15-min rollup, two
 * probes each of the primary key (db/latest.ts).
 */
export function flowRepository(db: Db) {
  return {
    // newest rows with no upper bound: the row tables suffice (a series' newest reading and 15-min bucket are always rows, issue 16)
    latestReadings: (deviceIds: readonly number[], dataId: number): Promise<LatestValue[]> => latestPerDevice(db, 'reading', deviceIds, dataId),

    /** The newest 15-min bucket (its start) of each device's counter series. */
    latest15m: (deviceIds: readonly number[], dataId: number): Promise<LatestValue[]> => latestPerDevice(db, 'rollup_15m', deviceIds, dataId),
  };
}

export type FlowRepository = ReturnType<typeof flowRepository>;
