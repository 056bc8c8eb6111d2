import type { Kysely, Migration } from 'kysely';
import { DATA_ID, HARMONIC_ORDERS, harmonicCurrentId, harmonicVoltageId } from '@ems/contract';

type Row = readonly [number, string, string, string, number | null, 'counter' | 'instant' | 'status', number | null, number | null];

/**
 * Data points added in issue 5 for the pages that need them: reverse reactive energy (the
 * power-factor adjustment's "reverse kvarh" flag), power quality from PQ meters (THD per phase,
 * unbalance, the harmonic spectrum h2–h25 of phase A voltage and current, DOMAIN.md §9) and the
 * hazard-source and environment sensors of DOMAIN.md §13 (gas concentrations, O₂, PM2.5, noise),
 * and the production-output counter that output intensity (consumption per piece) divides by.
 */
export const DATA_POINTS_ISSUE5: readonly Row[] = [
  [DATA_ID.reactiveEnergyExport, '反向无功电能', 'reactive energy (export)', 'kvarh', 2, 'counter', null, 0],
  [DATA_ID.thdVoltageA, 'A相电压总谐波畸变率', 'voltage THD phase A', '%', 2, 'instant', 100, 0],
  [DATA_ID.thdVoltageB, 'B相电压总谐波畸变率', 'voltage THD phase B', '%', 2, 'instant', 100, 0],
  [DATA_ID.thdVoltageC, 'C相电压总谐波畸变率', 'voltage THD phase C', '%', 2, 'instant', 100, 0],
  [DATA_ID.thdCurrentA, 'A相电流总谐波畸变率', 'current THD phase A', '%', 2, 'instant', 200, 0],
  [DATA_ID.thdCurrentB, 'B相电流总谐波畸变率', 'current THD phase B', '%', 2, 'instant', 200, 0],
  [DATA_ID.thdCurrentC, 'C相电流总谐波畸变率', 'current THD phase C', '%', 2, 'instant', 200, 0],
  [DATA_ID.voltageUnbalance, '电压不平衡度', 'voltage unbalance', '%', 2, 'instant', 100, 0],
  [DATA_ID.currentUnbalance, '电流不平衡度', 'current unbalance', '%', 2, 'instant', 100, 0],
  ...HARMONIC_ORDERS.map((h): Row => [harmonicVoltageId(h), `A相电压${h}次谐波含有率`, `voltage harmonic h${h} phase A`, '%', 2, 'instant', 100, 0]),
  ...HARMONIC_ORDERS.map((h): Row => [harmonicCurrentId(h), `A相电流${h}次谐波`, `current harmonic h${h} phase A`, 'A', 2, 'instant', null, 0]),
  [DATA_ID.combustibleGas, '可燃气体浓度', 'combustible gas', '%LEL', null, 'instant', 100, 0],
  [DATA_ID.carbonMonoxide, '一氧化碳浓度', 'carbon monoxide', 'mg/m³', null, 'instant', null, 0],
  [DATA_ID.oxygen, '氧气浓度', 'oxygen', '%vol', null, 'instant', 100, 0],
  [DATA_ID.hydrogenSulfide, '硫化氢浓度', 'hydrogen sulphide', 'mg/m³', null, 'instant', null, 0],
  [DATA_ID.pm25, 'PM2.5', 'PM2.5', 'μg/m³', null, 'instant', null, 0],
  [DATA_ID.noise, '噪声', 'noise', 'dB(A)', null, 'instant', 200, 0],
  [DATA_ID.productionOutput, '累计产量', 'production output', 'pcs', null, 'counter', null, 0],
];

export function dataPoints(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('data_point' as never)
        .values(
          DATA_POINTS_ISSUE5.map(([data_id, name_zh, name_en, unit, energy_type, k, upper_limit, lower_limit]) => ({
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
