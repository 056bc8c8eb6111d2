import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FILE_API, FILE_MAX_BYTES, permissionId, type UploadedFile } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../../test/helpers.js';
import { contentDisposition } from '../../lib/download.js';
import { safeName } from './service.js';
import { multipartBody } from './test-multipart.js';

type Headers = Record<string, string>;

describe('file names', () => {
  it('safe names keep letters, digits and the extension, and drop every path', () => {
    expect(safeName('抄表 数据 (6月).xlsx')).toBe('抄表_数据_(6月).xlsx');
    expect(safeName('../../etc/passwd')).toBe('passwd');
    expect(safeName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeName('...')).toBe('file');
    expect(safeName('a\0b<>:"|?*.csv')).toBe('a_b_.csv');
    expect(safeName(`${'x'.repeat(300)}.xlsx`)).toHaveLength(100);
    expect(safeName(`${'x'.repeat(300)}.xlsx`).endsWith('.xlsx')).toBe(true);
  });
  it('content-disposition carries an ASCII fallback and the RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('抄表数据导入模板.xlsx')).toBe(
      `attachment; filename="________.xlsx"; filename*=UTF-8''${encodeURIComponent('抄表数据导入模板.xlsx')}`,
    );
    expect(contentDisposition(`a "b";c's.csv`)).toBe(`attachment; filename="a _b__c's.csv"; filename*=UTF-8''a%20%22b%22%3Bc%27s.csv`);
  });
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`file manager (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Headers;
    let plant: Headers;

    const upload = async (headers: Headers, file: Parameters<typeof multipartBody>[0]) => {
      const body = multipartBody(file);
      const res = await t.app.inject({ method: 'POST', url: FILE_API.upload, headers: { ...headers, ...body.headers }, payload: body.payload });
      return json<UploadedFile>(res);
    };
    const download = (headers: Headers, fileName: string) =>
      t.app.inject({ method: 'GET', url: `${FILE_API.download}?fileName=${encodeURIComponent(fileName)}`, headers });

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      // fw_plant (project 1 only) may download files, so the scope check is what stops it below
      const role = await t.app.ems.db.selectFrom('role').select('id').where('name', '=', '厂站运维').executeTakeFirstOrThrow();
      await t.app.ems.db.insertInto('role_permission').values({ role_id: Number(role.id), permission_id: permissionId('knowledge_download') ?? -1 }).execute();
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, 'accept-language': 'en-US' };
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('uploads a file into the project and downloads it byte for byte with its name (RFC 5987)', async () => {
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('s').addRow(['表计编码', '读数']);
      const data = Buffer.from(await wb.xlsx.writeBuffer());
      const r = await upload({ ...admin, projectid: '1' }, { name: '六月 抄表.xlsx', data });
      expect(r).toMatchObject({ status: 200, code: 0, data: { originalName: '六月 抄表.xlsx', size: data.length, uploadTime: store.clock.now } });
      expect(r.data.fileName).toMatch(/^[0-9a-f-]{36}-六月_抄表\.xlsx$/);
      expect(existsSync(join(store.dataDir, 'files', '1', r.data.fileName))).toBe(true);
      const res = await download({ ...admin, projectid: '1' }, r.data.fileName);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('六月 抄表.xlsx')}`);
      expect(res.rawPayload.equals(data)).toBe(true);
      // without a projectid header the caller's projects are the scope
      expect((await download(admin, r.data.fileName)).statusCode).toBe(200);
    });

    it('refuses a file over 10 MiB with 413 and keeps nothing of it', async () => {
      const before = readdirSync(join(store.dataDir, 'files', '1')).length;
      const r = await upload({ ...admin, projectid: '1' }, { name: 'big.csv', data: Buffer.alloc(FILE_MAX_BYTES + 1, 0x41) });
      expect(r).toMatchObject({ status: 413, code: 413, msg: 'the file exceeds the 10 MB limit' });
      expect(readdirSync(join(store.dataDir, 'files', '1')).length).toBe(before);
      const exact = await upload({ ...admin, projectid: '1' }, { name: 'exact.csv', data: Buffer.alloc(FILE_MAX_BYTES, 0x41) });
      expect(exact).toMatchObject({ status: 200, data: { size: FILE_MAX_BYTES } });
    });

    it('refuses other types, content that does not fit the extension, no file and no project with 400', async () => {
      expect(await upload({ ...admin, projectid: '1' }, { name: 'run.exe', data: 'MZ' })).toMatchObject({ status: 400, msg: 'unsupported file type; allowed: csv, xlsx, xls, pdf, png, jpg' });
      expect(await upload({ ...admin, projectid: '1' }, { name: 'noext', data: 'a' })).toMatchObject({ status: 400 });
      expect(await upload({ ...admin, projectid: '1' }, { name: 'fake.xlsx', data: 'not a zip' })).toMatchObject({ status: 400, msg: 'the file content does not match its extension .xlsx' });
      expect(await upload({ ...admin, projectid: '1' }, { name: 'fake.png', data: '%PDF-1.4' })).toMatchObject({ status: 400 });
      expect(await upload({ ...admin, projectid: '1' }, { name: 'empty.csv', data: '' })).toMatchObject({ status: 400 });
      expect(await upload(admin, { name: 'a.csv', data: 'a,b' })).toMatchObject({ status: 400, msg: 'the projectid header is missing' });
      const notMultipart = await t.app.inject({ method: 'POST', url: FILE_API.upload, headers: { ...admin, projectid: '1' }, payload: { a: 1 } });
      expect(notMultipart.statusCode).toBe(400);
      // the zh message by default
      const zh = await upload({ ...admin, projectid: '1', 'accept-language': 'zh-CN' }, { name: 'run.exe', data: 'MZ' });
      expect(zh.msg).toBe('不支持的文件类型，仅支持 csv、xlsx、xls、pdf、png、jpg');
    });

    it('a traversal name is stored safely and never reaches outside the files folder', async () => {
      const r = await upload({ ...admin, projectid: '1' }, { name: '../../../evil.csv', data: 'a,b\n1,2' });
      expect(r.status).toBe(200);
      expect(r.data.fileName).toMatch(/^[0-9a-f-]{36}-evil\.csv$/);
      expect(existsSync(join(store.dataDir, 'files', '1', r.data.fileName))).toBe(true);
      for (const name of ['../ems.sqlite', '../../ems.sqlite', '/etc/passwd', `1/${r.data.fileName}`, `../1/${r.data.fileName}`, `${r.data.fileName}/..`, '..', 'ems.sqlite']) {
        const res = await download(admin, name);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toMatchObject({ code: 404, msg: 'file does not exist' });
      }
      // a NUL is refused in every request string before the route runs (issue 12)
      expect((await download(admin, `${r.data.fileName}\0`)).json()).toMatchObject({ code: 400 });
    });

    it('scope: fw_plant downloads project 1 files but gets the JSON "file does not exist" for project 2', async () => {
      const p1 = await upload({ ...admin, projectid: '1' }, { name: 'p1.csv', data: 'a\n1' });
      const p2 = await upload({ ...admin, projectid: '2' }, { name: 'p2.csv', data: 'a\n2' });
      expect(existsSync(join(store.dataDir, 'files', '2', p2.data.fileName))).toBe(true);
      expect((await download({ ...plant, projectid: '1' }, p1.data.fileName)).statusCode).toBe(200);
      const other = await download({ ...plant, projectid: '1' }, p2.data.fileName);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ code: 404, msg: 'file does not exist', data: null });
      expect((await download(plant, p2.data.fileName)).json()).toMatchObject({ code: 404, msg: 'file does not exist' });
      // naming project 2 in the header is refused by the auth hook
      expect((await download({ ...plant, projectid: '2' }, p2.data.fileName)).statusCode).toBe(404);
      // a project-1 header does not reach a project-2 file even for the administrator
      expect((await download({ ...admin, projectid: '1' }, p2.data.fileName)).json()).toMatchObject({ code: 404 });
      // fw_plant holds no upload permission
      expect(await upload({ ...plant, projectid: '1' }, { name: 'x.csv', data: 'a' })).toMatchObject({ status: 404, msg: 'no operation permission' });
      // a file whose bytes are gone is 'file does not exist'
      expect((await download(admin, `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}-none.csv`)).json()).toMatchObject({ code: 404 });
      // no session
      expect((await download({}, p1.data.fileName)).statusCode).toBe(401);
    });
  });
}
