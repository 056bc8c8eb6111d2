import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/** All SQL of ingest: gateways, ingest errors, and what the MQTT banner shows. */
export function ingestRepository(db: Db) {
  return {
    /** a meter of the project, for the MQTT banner's example message */
    firstMeter(projectId: number) {
      return db.selectFrom('node').select('id').where('project_id', '=', projectId).where('model_label', '=', 'meter').orderBy('id').limit(1).executeTakeFirst();
    },

    findByKeyHash(hash: string) {
      return db.selectFrom('gateway').selectAll().where('api_key_hash', '=', hash).where('enabled', '=', 1).executeTakeFirst();
    },

    findGateway(id: number) {
      return db.selectFrom('gateway').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByName(projectId: number, name: string) {
      return db.selectFrom('gateway').selectAll().where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst();
    },

    listGateways(projectId: number) {
      return db.selectFrom('gateway').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
    },

    async insertGateway(v: { projectId: number; name: string; keyHash: string }): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('gateway')
          .values({ project_id: v.projectId, name: v.name, api_key_hash: v.keyHash, mqtt_username: '', mqtt_password_hash: v.keyHash, enabled: 1, last_seen: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        await tx.updateTable('gateway').set({ mqtt_username: `gw-${id}` }).where('id', '=', id).execute();
        return id;
      });
    },

    async setKey(id: number, keyHash: string) {
      await db.updateTable('gateway').set({ api_key_hash: keyHash, mqtt_password_hash: keyHash }).where('id', '=', id).execute();
    },

    async update(id: number, v: { name?: string; enabled?: number }) {
      if (v.name === undefined && v.enabled === undefined) return;
      await db.updateTable('gateway').set(v).where('id', '=', id).execute();
    },

    async touch(id: number, now: number) {
      await db.updateTable('gateway').set({ last_seen: now }).where('id', '=', id).execute();
    },

    async insertErrors(rows: { project_id: number; gateway_id: number | null; received_at: number; reason: string; excerpt: string }[]) {
      if (rows.length === 0) return;
      await db.insertInto('ingest_error').values(rows).execute();
    },

    async listErrors(projectId: number, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        db.selectFrom('ingest_error').selectAll().where('project_id', '=', projectId).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        db.selectFrom('ingest_error').select(sql<number>`cast(count(*) as integer)`.as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    projectIdsByName(tenantId: number, names: string[]) {
      return db.selectFrom('project').select(['id', 'name']).where('tenant_id', '=', tenantId).where('name', 'in', names).orderBy('id').execute();
    },
  };
}

export type IngestRepository = ReturnType<typeof ingestRepository>;
