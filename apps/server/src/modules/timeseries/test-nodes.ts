import type { FastifyInstance } from 'fastify';
import type { RollupRow } from '@ems/contract';
import { readRollups } from './service.js';

/** Test helper: a meter node inserted straight into the node table (the model API is another module's). */
export async function insertMeter(app: FastifyInstance, projectId: number, attrs: Record<string, unknown> = {}, name = 'test meter'): Promise<number> {
  const row = await app.ems.db
    .insertInto('node')
    .values({ project_id: projectId, parent_id: null, model_label: 'meter', name, attrs: JSON.stringify(attrs), sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const ROLLUP_GRAINS = ['15m', 'hour', 'day', 'month'] as const;

/** Test helper: every rollup row of one series in project 1, per grain, without the device id (for comparing two runs). */
export async function allRollups(app: FastifyInstance, deviceId: number, dataId: number): Promise<Record<string, Omit<RollupRow, 'deviceId'>[]>> {
  const out: Record<string, Omit<RollupRow, 'deviceId'>[]> = {};
  for (const grain of ROLLUP_GRAINS) out[grain] = (await readRollups(app.ems, 1, { deviceIds: [deviceId], dataId, grain, from: 0, to: 4e12 })).map(({ deviceId: _d, ...r }) => r);
  return out;
}
