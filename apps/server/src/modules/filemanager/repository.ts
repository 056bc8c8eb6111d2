import type { Generated } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Table `file` (migration 0004-files). */
export interface FileTable {
  id: Generated<number>;
  project_id: number;
  file_name: string;
  original_name: string;
  size: number;
  content_type: string;
  user_id: number;
  upload_time: number;
}

/** All SQL of the file manager. */
export function fileRepository(db: Db) {
  const fdb = db.withTables<{ file: FileTable }>();
  return {
    async insert(v: Omit<FileTable, 'id'>): Promise<number> {
      const row = await fdb.insertInto('file').values(v).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    findByName(fileName: string) {
      return fdb.selectFrom('file').selectAll().where('file_name', '=', fileName).executeTakeFirst();
    },
  };
}
