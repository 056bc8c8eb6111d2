import type { Db } from '../../db/connect.js';

/** Σ over the devices of one rollup bucket. */
export interface SeriesRow {
  bucketStart: number;
  value: number | null;
}

/**
 * All SQL of the forecast pages: the node's consumption per bucket, summed over its meters in one
 * grouped read of the hour or day rollups (never readings). Projects, nodes and meters come
 * through the analysis repository, so a node's consumption is the one /energyConsumption shows.
 */
export function forecastRepository(db: Db) {
  return {
    /** Σ value per bucket_start in [from, to) of the devices' series of one data point (value null when no device holds one). */
    async series(table: 'rollup_hour' | 'rollup_day', deviceIds: readonly number[], dataId: number, from: number, to: number): Promise<SeriesRow[]> {
      if (deviceIds.length === 0 || to <= from) return [];
      const rows = await db
        .selectFrom(table)
        .select('bucket_start')
        .select((eb) => [eb.fn.sum<number | string | null>('value').as('v'), eb.fn.count<number | string>('value').as('nv')])
        .where('device_id', 'in', [...deviceIds])
        .where('data_id', '=', dataId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .groupBy('bucket_start')
        .orderBy('bucket_start')
        .execute();
      return rows.map((r) => ({ bucketStart: Number(r.bucket_start), value: Number(r.nv) > 0 && r.v !== null ? Number(r.v) : null }));
    },
  };
}

export type ForecastRepository = ReturnType<typeof forecastRepository>;
