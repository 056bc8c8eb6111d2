import type { Kysely, Migration } from 'kysely';
import { DATA_ID } from '@ems/contract';

type Row = readonly [number, string, string, string, number | null, 'counter' | 'instant' | 'status', number | null, number | null];

/**
 * Data points of a boiler (issue 14, DOMAIN.md §8): the steam's pressure and temperature and the
 * feed water's temperature (→ enthalpies of the direct efficiency), the flue gas's temperature, O₂
 * and CO and the combustion air's temperature (→ the heat losses q2 and q3), and the live steam and
 * gas flows. The steam and gas quantities themselves are the counters 15 (t) and 14 (m³) of the
 * boiler's steam and gas meters.
 */
export const DATA_POINTS_BOILER: readonly Row[] = [
  [DATA_ID.steamPressure, '蒸汽压力(表压)', 'steam pressure (gauge)', 'MPa', null, 'instant', null, 0],
  [DATA_ID.steamTemperature, '蒸汽温度', 'steam temperature', '°C', null, 'instant', null, null],
  [DATA_ID.feedWaterTemperature, '给水温度', 'feed-water temperature', '°C', null, 'instant', null, null],
  [DATA_ID.flueGasTemperature, '排烟温度', 'flue-gas temperature', '°C', null, 'instant', null, null],
  [DATA_ID.flueGasOxygen, '排烟含氧量', 'flue-gas O₂', '%vol', null, 'instant', 21, 0],
  [DATA_ID.flueGasCo, '排烟一氧化碳', 'flue-gas CO', 'ppm', null, 'instant', null, 0],
  [DATA_ID.combustionAirTemperature, '助燃空气温度', 'combustion-air temperature', '°C', null, 'instant', null, null],
  [DATA_ID.steamFlow, '蒸汽流量', 'steam flow', 't/h', 16, 'instant', null, 0],
  [DATA_ID.gasFlow, '燃气流量', 'gas flow', 'm³/h', 15, 'instant', null, 0],
];

export function boilerPoints(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('data_point' as never)
        .values(
          DATA_POINTS_BOILER.map(([data_id, name_zh, name_en, unit, energy_type, k, upper_limit, lower_limit]) => ({
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
