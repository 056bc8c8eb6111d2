import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * [dataId, nameZh, nameEn, unit, energyType (ENERGY_TYPE codes of the contract), kind, upperLimit, lowerLimit]: the
 * seeded data-point catalogue. Ids are stable (DATA_ID in the contract); only append.
 */
export const DATA_POINTS: readonly (readonly [number, string, string, string, number | null, 'counter' | 'instant' | 'status', number | null, number | null])[] = [
  [1, '正向有功电能', 'active energy (import)', 'kWh', 2, 'counter', null, 0],
  [2, '正向无功电能', 'reactive energy (import)', 'kvarh', 2, 'counter', null, 0],
  [3, '有功功率', 'active power P', 'kW', 2, 'instant', null, null],
  [4, '无功功率', 'reactive power Q', 'kvar', 2, 'instant', null, null],
  [5, 'A相电压', 'voltage phase A', 'V', 2, 'instant', 500, 0],
  [6, 'B相电压', 'voltage phase B', 'V', 2, 'instant', 500, 0],
  [7, 'C相电压', 'voltage phase C', 'V', 2, 'instant', 500, 0],
  [8, 'A相电流', 'current phase A', 'A', 2, 'instant', null, 0],
  [9, 'B相电流', 'current phase B', 'A', 2, 'instant', null, 0],
  [10, 'C相电流', 'current phase C', 'A', 2, 'instant', null, 0],
  [11, '功率因数', 'power factor', '', 2, 'instant', 1, -1],
  [12, '频率', 'frequency', 'Hz', 2, 'instant', 65, 45],
  [13, '累计水量', 'water volume', 'm3', 3, 'counter', null, 0],
  [14, '累计燃气量', 'gas volume', 'm3', 15, 'counter', null, 0],
  [15, '累计蒸汽量', 'steam mass', 't', 16, 'counter', null, 0],
  [16, '累计压缩空气量', 'compressed air volume', 'm3', 45, 'counter', null, 0],
  [17, '累计冷量', 'cooling energy', 'kWh', 18, 'counter', null, 0],
  [18, '温度', 'temperature', '°C', null, 'instant', 150, -50],
  [19, '湿度', 'humidity', '%', null, 'instant', 100, 0],
  [20, '开关状态', 'switch status', '', null, 'status', 1, 0],
  [21, '视在功率', 'apparent power S', 'kVA', 2, 'instant', null, 0],
  [22, '反向有功电能', 'active energy (export)', 'kWh', 2, 'counter', null, 0],
  [23, '瞬时流量', 'water flow', 'm3/h', 3, 'instant', null, 0],
  [24, '累计热量', 'heat energy', 'GJ', 17, 'counter', null, 0],
];

/** Rollup tables, one per grain. */
export const ROLLUP_TABLES = ['rollup_15m', 'rollup_hour', 'rollup_day', 'rollup_month'] as const;

/**
 * Time series (issue 3): the data-point catalogue, readings keyed by (device, data point, ts) —
 * on PostgreSQL partitioned by month on ts (partitions made on demand, plus a default) —, counter
 * rollups per 15 min / hour / day / month, declared counter resets, gateways and ingest errors.
 */
export function timeseries(kind: StoreKind): Migration {
  const pk = kind === 'postgres' ? 'serial' : 'integer';
  const auto = kind === 'sqlite';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('data_point')
        .addColumn('data_id', 'integer', (c) => c.primaryKey())
        .addColumn('name_zh', 'varchar(64)', (c) => c.notNull())
        .addColumn('name_en', 'varchar(64)', (c) => c.notNull())
        .addColumn('unit', 'varchar(16)', (c) => c.notNull())
        .addColumn('energy_type', 'integer')
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('counter', 'instant', 'status')`))
        .addColumn('upper_limit', 'double precision')
        .addColumn('lower_limit', 'double precision')
        .execute();
      await db
        .insertInto('data_point' as never)
        .values(
          DATA_POINTS.map(([data_id, name_zh, name_en, unit, energy_type, k, upper_limit, lower_limit]) => ({
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

      if (kind === 'postgres') {
        await sql`create table reading (
          device_id integer not null,
          data_id integer not null,
          ts bigint not null,
          value double precision not null,
          status smallint not null default 0,
          primary key (device_id, data_id, ts)
        ) partition by range (ts)`.execute(db);
        await sql`create table reading_default partition of reading default`.execute(db);
      } else {
        await sql`create table reading (
          device_id integer not null,
          data_id integer not null,
          ts bigint not null,
          value double precision not null,
          status smallint not null default 0,
          primary key (device_id, data_id, ts)
        ) without rowid`.execute(db);
      }

      for (const table of ROLLUP_TABLES) {
        await db.schema
          .createTable(table)
          .addColumn('device_id', 'integer', (c) => c.notNull())
          .addColumn('data_id', 'integer', (c) => c.notNull())
          .addColumn('bucket_start', 'bigint', (c) => c.notNull())
          .addColumn('value', 'double precision')
          .addColumn('quality', 'smallint', (c) => c.notNull())
          .addColumn('n_intervals', 'integer', (c) => c.notNull())
          .addColumn('n_good', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['device_id', 'data_id', 'bucket_start'])
          .execute();
      }

      await db.schema
        .createTable('counter_reset')
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('data_id', 'integer', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('closing', 'double precision', (c) => c.notNull())
        .addColumn('opening', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('counter_reset_pk', ['device_id', 'data_id', 'ts'])
        .execute();

      await db.schema
        .createTable('gateway')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('project.id').onDelete('cascade'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('api_key_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('mqtt_username', 'varchar(64)', (c) => c.notNull())
        .addColumn('mqtt_password_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_seen', 'bigint')
        .execute();
      await db.schema.createIndex('gateway_project_idx').on('gateway').column('project_id').execute();

      await db.schema
        .createTable('ingest_error')
        .addColumn('id', pk, (c) => (auto ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('gateway_id', 'integer')
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(64)', (c) => c.notNull())
        .addColumn('excerpt', 'varchar(500)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ingest_error_project_idx').on('ingest_error').columns(['project_id', 'id']).execute();
    },
  };
}
