import type { Db } from '../db/connect.js';

/** SQL of the MQTT transport beyond the ingest module's repository. */
export function mqttRepository(db: Db) {
  return {
    /** a meter of the project, for the banner's example message */
    firstMeter(projectId: number) {
      return db.selectFrom('node').select('id').where('project_id', '=', projectId).where('model_label', '=', 'meter').orderBy('id').limit(1).executeTakeFirst();
    },
  };
}
