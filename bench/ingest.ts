/**
 * Ingest (issue 3 section 6): readings through the service path (validation, upsert, counter
 * rollups) in 1,000-row transactions against a floor measured in the same run on the same rows:
 * SQLite — a bare prepared-statement insert into the same table, same durability mode (WAL,
 * synchronous=NORMAL); PostgreSQL — one COPY (pg-copy-streams) per 1,000 rows into the same
 * partitioned reading table (the same rows under other device ids), each COPY its own transaction.
 * Service and floor batches alternate, so both see the same load of the machine.
 *
 * BENCH_INGEST_HISTORY=1 first stores a year of 15-min readings of the same series before T0 (on
 * PostgreSQL in 12 month partitions), as a store in service holds: the write path's lookups of a series'
 * previous reading then run beside a year of rows (they once read every month partition's index).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DATA_ID } from '@ems/contract';
import { sql } from 'kysely';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { writeBatch, type ReadingInput } from '../apps/server/src/modules/timeseries/service.js';
import { benchConfig, onEachStore } from './support.js';

const ROWS = Number(process.env.BENCH_INGEST_ROWS ?? 100_000);
const HISTORY = process.env.BENCH_INGEST_HISTORY === '1';
const BATCH = 1000;
const DEVICES = 50;
const POINTS = [DATA_ID.activeEnergyImport, DATA_ID.activePower, DATA_ID.voltageA, DATA_ID.currentA];
const T0 = Date.UTC(2025, 0, 1);
/** the PostgreSQL floor COPies the same rows into the same table under these device ids */
const FLOOR_DEVICE_OFFSET = 1_000_000;

/** 50 meters × 4 points (kWh counter, kW, V, A) at 1-min steps: a batch is 5 minutes of the site. */
function rows(deviceIds: number[]): ReadingInput[][] {
  const out: ReadingInput[][] = [];
  let batch: ReadingInput[] = [];
  for (let minute = 0; out.length * BATCH < ROWS; minute++) {
    const ts = T0 + minute * 60_000;
    for (const [d, deviceId] of deviceIds.entries()) {
      for (const dataId of POINTS) {
        const value = dataId === DATA_ID.activeEnergyImport ? 1000 * d + minute * (1 + (d % 5)) : 100 + ((minute * 7 + d) % 13);
        batch.push({ deviceId, dataId, ts, value, status: 0 });
        if (batch.length === BATCH) {
          out.push(batch);
          batch = [];
        }
      }
    }
  }
  return out;
}

/**
 * The statements storing a year of 15-min readings of the series before T0, one a month (PostgreSQL: the month's
 * partition first).
 */
function historySql(kind: StoreConfig['kind'], ids: number[]): string[] {
  const out: string[] = [];
  for (let m = 0; m < 12; m++) {
    const from = Date.UTC(2024, m, 1);
    const to = Date.UTC(2024, m + 1, 1);
    const slots = Math.floor((to - from) / 900_000);
    if (kind === 'postgres') {
      out.push(`create table if not exists reading_p2024${String(m + 1).padStart(2, '0')} partition of reading for values from (${from}) to (${to})`);
      out.push(`insert into reading (device_id, data_id, ts, value, status)
        select d, k, ${from} + g::bigint * 900000, g, 0 from unnest('{${ids.join(',')}}'::int[]) d, unnest('{${POINTS.join(',')}}'::int[]) k, generate_series(0, ${slots - 1}) g`);
    } else {
      out.push(`with recursive g(i) as (select 0 union all select i + 1 from g where i < ${slots - 1})
        insert into reading (device_id, data_id, ts, value, status)
        select d.value, k.value, ${from} + g.i * 900000, g.i, 0 from json_each('[${ids.join(',')}]') d, json_each('[${POINTS.join(',')}]') k, g`);
    }
  }
  return out;
}

function line(name: string, rate: number, floorName: string, floorRate: number) {
  console.log(`${name.padEnd(44)} ${Math.round(rate).toLocaleString('en-US').padStart(9)} rows/s | floor (${floorName}) ${Math.round(floorRate).toLocaleString('en-US')} rows/s | ratio ${((rate / floorRate) * 100).toFixed(0)}%`);
}

async function benchStore(store: StoreConfig, label: string, dataDir: string) {
  const config = benchConfig(store, dataDir);
  const app = await buildApp(config, { logger: false });
  await prepareStore(app);
  const ids: number[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const row = await app.ems.db
      .insertInto('node')
      .values({ project_id: 1, parent_id: null, model_label: 'meter', name: `bench meter ${i}`, attrs: JSON.stringify({ ctPt: 1 }), sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  const batches = rows(ids);
  if (HISTORY) for (const statement of historySql(store.kind, ids)) await sql.raw(statement).execute(app.ems.db);
  const n = batches.length * BATCH;

  // the floor, writing the same batches; service and floor batches alternate so both see the same machine load
  let floorWrite: (b: ReadingInput[]) => Promise<void> | void;
  let floorName: string;
  let done: () => Promise<void> | void;
  if (store.kind === 'sqlite') {
    // the same table shape in a fresh file, same durability mode
    const db = new Database(join(dataDir, `floor-${randomBytes(3).toString('hex')}.sqlite`));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`create table reading (device_id integer not null, data_id integer not null, ts bigint not null, value double precision not null,
      status smallint not null default 0, primary key (device_id, data_id, ts)) without rowid`);
    // with BENCH_INGEST_HISTORY the same year of readings as the store's
    if (HISTORY) for (const statement of historySql('sqlite', ids)) db.exec(statement);
    const ins = db.prepare('insert into reading (device_id, data_id, ts, value, status) values (?, ?, ?, ?, ?)');
    floorWrite = db.transaction((b: ReadingInput[]) => {
      for (const r of b) ins.run(r.deviceId, r.dataId, r.ts, r.value, r.status ?? 0);
    });
    floorName = 'bare prepared insert';
    done = () => void db.close();
  } else {
    // COPY into the same partitioned reading table (device ids moved out of the service's way), one COPY and transaction per 1,000 rows
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    await client.query(`set search_path to ${store.schema}`);
    floorWrite = async (b) => {
      const parts: string[] = [];
      for (const r of b) parts.push(`${r.deviceId + FLOOR_DEVICE_OFFSET}\t${r.dataId}\t${r.ts}\t${r.value}\t${r.status ?? 0}\n`);
      const stream = client.query(copyFrom('copy reading (device_id, data_id, ts, value, status) from stdin'));
      await new Promise<void>((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
        stream.end(parts.join(''));
      });
    };
    floorName = 'COPY into the same table';
    done = () => client.end();
  }
  let serviceMs = 0;
  let floorMs = 0;
  for (const b of batches) {
    let t0 = performance.now();
    await writeBatch(app.ems, 1, b);
    serviceMs += performance.now() - t0;
    t0 = performance.now();
    await floorWrite(b);
    floorMs += performance.now() - t0;
  }
  await done();
  await app.close();
  const service = n / (serviceMs / 1000);
  const floor = n / (floorMs / 1000);
  line(`[${label}] ingest service path (1,000-row tx)${HISTORY ? ', a year stored' : ''}`, service, floorName, floor);
}

/** Runs the ingest bench on SQLite and, when a URL is given, PostgreSQL (in its own schema). */
export async function benchIngest(dataDir: string, pgUrl: string | undefined) {
  console.log(`ingest, ${ROWS.toLocaleString('en-US')} readings (${DEVICES} meters × kWh counter, kW, V, A at 1 min) in 1,000-row transactions`);
  await onEachStore(dataDir, pgUrl, 'ingest', (store, label) => benchStore(store, label, dataDir));
}
