import type { FastifyInstance } from 'fastify';

/** Test helper: a meter node inserted straight into the node table (the model API is another module's). */
export async function insertMeter(app: FastifyInstance, projectId: number, attrs: Record<string, unknown> = {}, name = 'test meter'): Promise<number> {
  const row = await app.ems.db
    .insertInto('node')
    .values({ project_id: projectId, parent_id: null, model_label: 'meter', name, attrs: JSON.stringify(attrs), sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
