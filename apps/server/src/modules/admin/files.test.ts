import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ADMIN_API, FILE_API, type StoredFileInfo, type UploadedFile } from '@ems/contract';
import { json, loginAs, startAt, STORES, type TestApp, type TestStore } from '../../test/helpers.js';
import { multipartBody } from '../filemanager/test-multipart.js';

const NOW = Date.UTC(2025, 5, 1, 4);

/** Issue 13, /admin/file: the files of a project the caller sees, listed with their uploader, and deleted. */
for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`file administration (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Record<string, string>;
    const upload = async (headers: Record<string, string>, name: string, data: string) => {
      const body = multipartBody({ name, data, type: 'text/csv' });
      return json<UploadedFile>(await t.app.inject({ method: 'POST', url: FILE_API.upload, headers: { ...headers, ...body.headers }, payload: body.payload }));
    };
    const call = async <T = unknown>(method: string, url: string, headers: Record<string, string>) =>
      json<T>(await t.app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'en-US', ...headers } }));

    beforeAll(async () => {
      ({ store, t } = await startAt(kind, NOW, { sim: false }));
      admin = (await loginAs(t.app, store.clock, 'pf_admin')).headers;
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('lists the project’s files newest first with size, time and uploader; deletes one; other projects and callers are refused', async () => {
      const p1 = { ...admin, projectid: '1' };
      const first = await upload(p1, '读数.csv', 'a,b\n1,2\n');
      store.clock.now += 60_000;
      const second = await upload(p1, 'more.csv', 'x\n');
      await upload({ ...admin, projectid: '2' }, 'other.csv', 'y\n');
      expect([first.code, second.code]).toEqual([0, 0]);
      const list = await call<StoredFileInfo[]>('GET', FILE_ADMIN_API.list, p1);
      expect(list.status).toBe(200);
      expect(list.data.map((f) => [f.originalName, f.size, f.uploadTime, f.uploaderName])).toEqual([
        ['more.csv', 2, NOW + 60_000, '平台管理员'],
        ['读数.csv', 8, NOW, '平台管理员'],
      ]);
      expect((await call('GET', FILE_ADMIN_API.list, admin)).status).toBe(400);
      // fw_plant holds no file permission; fw_cloud does not see project 2
      const plant = (await loginAs(t.app, store.clock, 'fw_plant')).headers;
      expect((await call('GET', FILE_ADMIN_API.list, { ...plant, projectid: '1' })).status).toBe(404);
      const cloud = (await loginAs(t.app, store.clock, 'fw_cloud')).headers;
      expect((await call('GET', FILE_ADMIN_API.list, { ...cloud, projectid: '2' })).status).toBe(404);
      // a file of project 1 named under project 2's header: does not exist there
      const del = (name: string, headers: Record<string, string>) => call('DELETE', `${FILE_ADMIN_API.remove}?fileName=${encodeURIComponent(name)}`, headers);
      const wrong = await del(first.data.fileName, { ...admin, projectid: '2' });
      expect([wrong.status, wrong.msg]).toEqual([404, 'file does not exist']);
      expect((await del(first.data.fileName, { ...plant, projectid: '1' })).status).toBe(404);
      expect((await del('../../etc/passwd', p1)).status).toBe(404);
      expect((await del(first.data.fileName, p1)).status).toBe(200);
      expect((await call<StoredFileInfo[]>('GET', FILE_ADMIN_API.list, p1)).data.map((f) => f.originalName)).toEqual(['more.csv']);
      const gone = await call('GET', `${FILE_API.download}?fileName=${encodeURIComponent(first.data.fileName)}`, p1);
      expect(gone.msg).toBe('file does not exist');
      expect((await del(first.data.fileName, p1)).status).toBe(404);
      const log = await t.app.ems.db.selectFrom('audit_log').select(['action', 'target_name']).where('target_type', '=', 'file').execute();
      expect(log).toEqual([{ action: 'deleteFile', target_name: '读数.csv' }]);
    });
  });
}
