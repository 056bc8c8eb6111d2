/**
 * Efficiency calls (issue 14, "Speed"): each efficiency API call over a year for every device of the
 * demo factory answers p50 within 3× the raw SQL over the rollups that it reads, measured in the same run.
 *
 * Data: the demo history as `npm start` seeds it (13 months of 15-min counters for both demo projects
 * through the simulator's bulk path, and the history instants hourly), with "now" pinned to
 * 2026-01-10 12:00 Asia/Shanghai so 2025 is a whole past year. Seeded once per store (SQLite, then
 * PostgreSQL in a schema of its own when a URL is given); the seeding time is printed.
 *
 * API: each call of {@link CALLS} in-process (Fastify inject) as fw_cloud with the factory in the
 * projectId header; floor: the SELECTs that very call issues, replayed through the store's driver
 * (replay.ts says how). BENCH_EFFICIENCY_CALLS ('a|b') narrows to the calls whose name holds one of
 * its parts; BENCH_EFFICIENCY_ITER (30) samples at least and 1.5 s of sampling (BENCH_EFFICIENCY_SAMPLE_MS);
 * BENCH_EFFICIENCY_PROFILE=dir writes a CPU profile of BENCH_EFFICIENCY_PROFILE_ITER (1,000) calls of each.
 *
 * Adding a call is one line in CALLS.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { BOILER_API, CHILLER_API, COMPRESSOR_API, EQUIPMENT_STATUS_API, POWER_API } from '@ems/contract';
import { zonedStart } from '@ems/domain';
import type { StoreConfig } from '../apps/server/src/config/types.js';
import { seededDemoApp, signedInHeaders } from './demo-app.js';
import { timeCalls, type TimedCall } from './replay.js';
import { benchConfig, onEachStore } from './support.js';

const ITER = Number(process.env.BENCH_EFFICIENCY_ITER ?? 30);
const WARM_MS = Number(process.env.BENCH_EFFICIENCY_WARM_MS ?? 1000);
const SAMPLE_MS = Number(process.env.BENCH_EFFICIENCY_SAMPLE_MS ?? 1500);
const TZ = 'Asia/Shanghai';
const YEAR = 2025;
const NOW = zonedStart(2026, 1, 10, TZ, 12);
const GOAL = 3;

/** What a call's body may refer to: the demo factory, the year 2025 (local) and its devices by model label. */
export interface EfficiencyCtx {
  projectId: number;
  yearFrom: number;
  yearTo: number;
  /** node ids of the factory's devices by model label (transformer, chiller, aircompressor, boiler, ...) */
  devices: Record<string, number[]>;
  /** the factory's equipment-status programmes (the demo's: compressors, chillers, presses), in id order */
  schemes: number[];
}

/** The calls timed: one line each, over the year for every device of the factory. */
export const CALLS: TimedCall<EfficiencyCtx>[] = [
  { name: 'transformer fleet, year', url: POWER_API.fleet, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'transformer efficiency, year', url: POWER_API.efficiency, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'chiller plant, year', url: CHILLER_API.efficiency, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'air compressors: standing book', url: COMPRESSOR_API.standingBook, body: (c) => ({ projectId: c.projectId }) },
  { name: 'air compressors: station (airManager), year', url: COMPRESSOR_API.airManager, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'air compressors: gas-electric ratio, year', url: COMPRESSOR_API.electricalRatio, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'air compressors: loading, year', url: COMPRESSOR_API.loadingAnalysis, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'air compressors: unloading, year', url: COMPRESSOR_API.unloadingRate, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'air compressors: pressure, year', url: COMPRESSOR_API.pressure, body: (c) => ({ projectId: c.projectId, startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'boiler, year by month', url: BOILER_API.analysis, body: (c) => ({ projectId: c.projectId, boilerId: c.devices.boiler?.[0], startTime: c.yearFrom, endTime: c.yearTo - 1, dateType: 5 }) },
  { name: 'equipment states, compressors, year', url: EQUIPMENT_STATUS_API.energy, body: (c) => ({ projectId: c.projectId, schemeId: c.schemes[0], startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'equipment states, chillers, year', url: EQUIPMENT_STATUS_API.energy, body: (c) => ({ projectId: c.projectId, schemeId: c.schemes[1], startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
  { name: 'equipment states, presses, year', url: EQUIPMENT_STATUS_API.energy, body: (c) => ({ projectId: c.projectId, schemeId: c.schemes[2], startTime: c.yearFrom, endTime: c.yearTo - 1 }) },
];

async function benchStore(store: StoreConfig, label: string, dataDir: string, only: readonly TimedCall<EfficiencyCtx>[]) {
  const config = benchConfig(store, dataDir, { sim: false, now: () => NOW });
  const { app, projectId } = await seededDemoApp(config, label);
  try {
    const db = app.ems.db;
    const nodes = await db.selectFrom('node').select(['id', 'model_label']).where('project_id', '=', projectId).execute();
    const devices: Record<string, number[]> = {};
    for (const n of nodes) (devices[n.model_label] ??= []).push(Number(n.id));
    const schemes = (await sql<{ id: number }>`select id from equipment_scheme where project_id = ${projectId} order by id`.execute(db)).rows.map((r) => Number(r.id));
    const ctx: EfficiencyCtx = { projectId, yearFrom: zonedStart(YEAR, 1, 1, TZ), yearTo: zonedStart(YEAR + 1, 1, 1, TZ), devices, schemes };

    const headers = await signedInHeaders(app, NOW, projectId);
    await timeCalls(app, store, label, headers, ctx, only, {
      iter: ITER,
      warm: 3,
      warmMs: WARM_MS,
      sampleMs: SAMPLE_MS,
      goal: GOAL,
      profileDir: process.env.BENCH_EFFICIENCY_PROFILE,
      profileIter: Number(process.env.BENCH_EFFICIENCY_PROFILE_ITER ?? 1000),
    });
  } finally {
    await app.close();
  }
}

/** Runs the efficiency bench on SQLite and, when a URL is given, PostgreSQL (in its own schema). */
export async function benchEfficiency(dataDir: string, pgUrl: string | undefined) {
  const filter = process.env.BENCH_EFFICIENCY_CALLS;
  const only = filter ? CALLS.filter((c) => filter.split('|').some((f) => c.name.includes(f))) : CALLS;
  console.log(`efficiency calls: the demo factory, a year (${YEAR}) of its seeded history, every device; ${ITER} calls each, API and floor alternately, in-process; goal p50 ≤ ${GOAL}x the floor`);
  if (only.length === 0) {
    console.log('efficiency calls: none to time');
    return;
  }
  await onEachStore(dataDir, pgUrl, 'efficiency', (store, label) => benchStore(store, label, dataDir, only));
}

if (process.argv[1]?.endsWith('efficiency.ts')) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-efficiency-'));
  try {
    await benchEfficiency(dir, process.env.EMS_BENCH_PG_URL ?? process.env.EMS_TEST_PG_URL);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
