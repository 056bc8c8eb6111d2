import type { Kysely, Migration } from 'kysely';
import { DATA_ID } from '@ems/contract';

type Row = readonly [number, string, string, string, number | null, 'counter' | 'instant' | 'status', number | null, number | null];

/**
 * Data points of the chiller plant (issue 14, DOMAIN.md §6): chilled-water supply/return and
 * condenser-water supply/return temperatures and the chilled-water flow of each chiller, and the
 * weather station's outdoor dry bulb and humidity (the wet bulb and the towers' approach derive
 * from them). A chiller's cooling energy is the existing counter 17 on its own cooling meter.
 */
export const DATA_POINTS_CHILLER: readonly Row[] = [
  [DATA_ID.chilledWaterSupplyTemp, '冷冻水供水温度', 'chilled-water supply temperature', '°C', null, 'instant', null, null],
  [DATA_ID.chilledWaterReturnTemp, '冷冻水回水温度', 'chilled-water return temperature', '°C', null, 'instant', null, null],
  [DATA_ID.condenserWaterSupplyTemp, '冷却水供水温度', 'condenser-water supply temperature', '°C', null, 'instant', null, null],
  [DATA_ID.condenserWaterReturnTemp, '冷却水回水温度', 'condenser-water return temperature', '°C', null, 'instant', null, null],
  [DATA_ID.chilledWaterFlow, '冷冻水流量', 'chilled-water flow', 'm³/h', null, 'instant', null, 0],
  [DATA_ID.outdoorTemperature, '室外干球温度', 'outdoor dry-bulb temperature', '°C', null, 'instant', null, null],
  [DATA_ID.outdoorHumidity, '室外相对湿度', 'outdoor relative humidity', '%', null, 'instant', 100, 0],
];

export function chillerPoints(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('data_point' as never)
        .values(
          DATA_POINTS_CHILLER.map(([data_id, name_zh, name_en, unit, energy_type, k, upper_limit, lower_limit]) => ({
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
