import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FILE_API, type UploadedFile } from '@ems/contract';
import { buildApp, prepareStore } from '../app.js';
import { multipartBody } from '../modules/filemanager/test-multipart.js';
import { json, loginAs } from '../test/helpers.js';
import { loadConfig } from './env.js';

const mode = (path: string) => statSync(path).mode & 0o777;

/**
 * Issue 12 finding 8: what the server keeps on disk is its user's only. A real data dir from the
 * environment, the app started on it (SQLite store in WAL mode), then an upload through the API.
 */
describe('file modes of the data dir', () => {
  let root: string;
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ems-modes-'));
    dataDir = join(root, 'data');
    const config = loadConfig({ EMS_DATA_DIR: dataDir, EMS_SECRET: 'a-test-secret-that-is-long-enough-0123456789', EMS_DEMO: '1', EMS_SIM: '0', EMS_LOG_LEVEL: 'silent' }, join(root, 'no-web'));
    app = await buildApp(config, { logger: false });
    await prepareStore(app);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('after start: the data dir 0700, ems.sqlite and its -wal and -shm 0600', () => {
    expect(mode(dataDir)).toBe(0o700);
    const store = join(dataDir, 'ems.sqlite');
    expect(existsSync(`${store}-wal`) && existsSync(`${store}-shm`)).toBe(true);
    expect([store, `${store}-wal`, `${store}-shm`].map(mode)).toEqual([0o600, 0o600, 0o600]);
  });

  it('an uploaded file (the manual import reads these) 0600 in 0700 directories', async () => {
    const admin = (await loginAs(app, { now: Date.now() }, 'pf_admin')).headers;
    const body = multipartBody({ name: 'readings.csv', data: 'deviceId,value\n1,2\n' });
    const r = json<UploadedFile>(await app.inject({ method: 'POST', url: FILE_API.upload, headers: { ...admin, projectid: '1', ...body.headers }, payload: body.payload }));
    expect(r.code, r.msg).toBe(0);
    const dir = join(dataDir, 'files', '1');
    expect(readdirSync(dir)).toEqual([r.data.fileName]);
    expect([mode(join(dataDir, 'files')), mode(dir), mode(join(dir, r.data.fileName))]).toEqual([0o700, 0o700, 0o600]);
  });
});
