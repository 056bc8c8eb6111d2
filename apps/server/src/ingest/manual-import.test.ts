import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { API, FILE_API, MANUAL_IMPORT_API, MANUAL_IMPORT_MAX_ROWS, type ManualImportResult, type UploadedFile } from '@ems/contract';
import { STORES, createStore, json, loginAs, startApp, type TestApp, type TestStore } from '../test/helpers.js';
import { multipartBody } from '../modules/filemanager/test-multipart.js';
import { readRollups } from '../modules/timeseries/service.js';
import { ImportFileError, importRows, parseCsv, parseTime, parseValue, readRows } from './manual-import.js';
import { deflateBomb, headerRow, sheetHead, sheetPart, sheetTail, textCell, workbookOf } from './test-xlsx.js';

type Headers = Record<string, string>;
const KWH = 1;
/** 08:00 Asia/Shanghai on 2025-06-01, ms */
const T0 = Date.UTC(2025, 5, 1, 0, 0);
const SH = 'Asia/Shanghai';

describe('manual import: cells', () => {
  it('parses CSV: BOM, quotes, doubled quotes, commas and line breaks in quotes, CRLF/LF/CR', () => {
    const rows = parseCsv('\ufeffa,b,c\r\n"x,1","say ""hi""",\n"multi\nline",2\r3');
    expect(rows).toEqual([
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['x,1', 'say "hi"', ''] },
      { row: 3, cells: ['multi\nline', '2'] },
      { row: 4, cells: ['3'] },
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('"open')).toEqual([{ row: 1, cells: ['open'] }]);
  });

  it('times in the project zone: text, Excel date cells and serials; bad ones undefined', () => {
    expect(parseTime('2025-06-01 08:00', SH)).toBe(T0);
    expect(parseTime('2025-06-01 08:00:30', SH)).toBe(T0 + 30_000);
    expect(parseTime('2025/6/1 8:00', SH)).toBe(T0);
    expect(parseTime('2025-06-01', SH)).toBe(T0 - 8 * 3_600_000);
    expect(parseTime(new Date(Date.UTC(2025, 5, 1, 8, 0)), SH)).toBe(T0);
    expect(parseTime(45809 + 1 / 3, SH)).toBe(T0); // Excel serial of 2025-06-01 08:00
    expect(parseTime('2025-06-01 08:00', 'Europe/Berlin')).toBe(Date.UTC(2025, 5, 1, 6, 0));
    for (const bad of ['2025-13-01 08:00', '2025-02-30 08:00', '2025-06-01 24:00', '2025-06-01 08:60', '01.06.2025 08:00', 'tomorrow', '2025-06-01T08:00Z', true, null, -5, Number.NaN]) {
      expect(parseTime(bad as never, SH)).toBeUndefined();
    }
  });

  it('values: numbers and plain decimal text only', () => {
    expect([parseValue(' 12.5 '), parseValue('-3'), parseValue('1e3'), parseValue(7), parseValue('.5')]).toEqual([12.5, -3, 1000, 7, 0.5]);
    for (const bad of ['abc', '1,5', '12 kWh', '', 'Infinity', '0x10', '2e16', Number.NaN, true, null]) expect(parseValue(bad as never)).toBeUndefined();
  });
});

for (const { kind, skip } of STORES) {
  describe.skipIf(skip)(`manual readings import (${kind})`, () => {
    let store: TestStore;
    let t: TestApp;
    let admin: Headers;
    let plant: Headers;
    let meter: number;
    let fuzzMeter: number;

    const addMeter = async (projectId: number, code: string, attrs: Record<string, unknown> = {}) => {
      const row = await t.app.ems.db
        .insertInto('node')
        .values({ project_id: projectId, parent_id: null, model_label: 'meter', name: code, code, attrs: JSON.stringify(attrs), sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };
    const upload = async (name: string, data: Buffer | string, projectId = 1, headers = admin) => {
      const body = multipartBody({ name, data });
      const res = await t.app.inject({ method: 'POST', url: FILE_API.upload, headers: { ...headers, projectid: String(projectId), ...body.headers }, payload: body.payload });
      const r = json<UploadedFile>(res);
      if (r.code !== 0) throw new Error(`upload failed: ${res.body}`);
      return r.data.fileName;
    };
    const runImport = (fileName: string, projectId = 1, headers = admin) =>
      t.app.inject({ method: 'POST', url: MANUAL_IMPORT_API.run, headers, payload: { fileName, projectId } }).then((r) => json<ManualImportResult>(r));
    const readingsOf = (deviceId: number) =>
      t.app.ems.db.selectFrom('reading').select(['data_id', 'ts', 'value', 'status']).where('device_id', '=', deviceId).orderBy('data_id').orderBy('ts').execute();
    const counts = async () => {
      const n = async (table: 'reading' | 'rollup_15m' | 'rollup_hour' | 'rollup_day') =>
        Number((await t.app.ems.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      return { reading: await n('reading'), r15: await n('rollup_15m'), hour: await n('rollup_hour'), day: await n('rollup_day') };
    };

    beforeAll(async () => {
      store = await createStore(kind);
      t = await startApp(store);
      admin = { ...(await loginAs(t.app, store.clock, 'pf_admin')).headers, 'accept-language': 'en-US' };
      plant = { ...(await loginAs(t.app, store.clock, 'fw_plant')).headers, 'accept-language': 'en-US' };
      meter = await addMeter(1, 'MAN-1', { ctPt: 10 });
      await addMeter(2, 'MAN-P2');
      fuzzMeter = await addMeter(1, 'FUZZ-1');
    });
    afterAll(async () => {
      await t?.app.close();
      await store?.dispose();
    });

    it('imports a CSV (UTF-8 with BOM): good rows written with status 0 and rolled up; each bad row reported with its row number and reason', async () => {
      const csv = [
        '\ufeff表计编码,数据点,抄表时间,读数',
        'MAN-1,,2025-06-01 08:00,100',
        'MAN-1,1,2025-06-01 08:15:00,101.5',
        'MAN-1,active energy (import),2025-06-01 08:30,103',
        'NOPE,,2025-06-01 08:45,104',
        'MAN-P2,,2025-06-01 08:45,104',
        'MAN-1,999,2025-06-01 08:45,104',
        'MAN-1,,2025-13-01 08:00,1',
        'MAN-1,,2099-01-01 00:00,1',
        'MAN-1,,2025-06-01 09:00,abc',
        'MAN-1,,2025-06-01 08:00,100',
        ',,,',
        ',,2025-06-01 09:15,1',
        'MAN-1,,,1',
        'MAN-1,,2025-06-01 09:30,',
      ].join('\r\n');
      const r = await runImport(await upload('抄表.csv', csv));
      expect(r).toMatchObject({ status: 200, code: 0 });
      expect(r.data.accepted).toBe(3);
      expect(r.data.rejected).toBe(10);
      expect(r.data.errors.map((e) => [e.row, e.reason])).toEqual([
        [5, 'unknown_meter'],
        [6, 'unknown_meter'],
        [7, 'unknown_data_point'],
        [8, 'bad_time'],
        [9, 'future_time'],
        [10, 'bad_value'],
        [11, 'duplicate_row'],
        [13, 'unknown_meter'],
        [14, 'bad_time'],
        [15, 'bad_value'],
      ]);
      expect(r.data.errors.find((e) => e.row === 5)?.message).toBe('meter code "NOPE" is not a meter of this project');
      expect(r.data.errors.find((e) => e.row === 11)?.message).toBe('same meter, data point and time as row 2');
      expect(r.data.errors.find((e) => e.row === 10)?.message).toBe('value "abc" is not a valid number');
      expect(await readingsOf(meter)).toEqual([
        { data_id: KWH, ts: T0, value: 100, status: 0 },
        { data_id: KWH, ts: T0 + 900_000, value: 101.5, status: 0 },
        { data_id: KWH, ts: T0 + 1_800_000, value: 103, status: 0 },
      ]);
      // counter rollups with the meter's CT×PT of 10
      const r15 = await readRollups(t.app.ems, 1, { deviceIds: [meter], dataId: KWH, grain: '15m', from: 0, to: 4e12 });
      expect(r15.map((x) => x.value)).toEqual([15, 15]);
      const day = await readRollups(t.app.ems, 1, { deviceIds: [meter], dataId: KWH, grain: 'day', from: 0, to: 4e12 });
      expect(day.map((x) => [x.bucketStart, x.value])).toEqual([[T0 - 8 * 3_600_000, 30]]);
    });

    it('messages follow the request language', async () => {
      const r = await runImport(await upload('zh.csv', '表计编码,抄表时间,读数\nNOPE,2025-06-01 08:00,1\nMAN-1,2025-06-01 10:00,x'), 1, { ...admin, 'accept-language': 'zh-CN' });
      expect(r.data.errors).toEqual([
        { row: 2, reason: 'unknown_meter', message: '表计编码“NOPE”不是本项目的表计' },
        { row: 3, reason: 'bad_value', message: '读数“x”不是有效数字' },
      ]);
    });

    it('imports an .xlsx (first sheet): Excel date cells, text times, numbers, formulas; later readings extend the rollups', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('readings');
      ws.addRow(['Meter code', 'Data point', 'Time', 'Value']);
      ws.addRow(['MAN-1', 'activeEnergyImport', new Date(Date.UTC(2025, 5, 1, 8, 45)), 104.5]);
      ws.addRow(['MAN-1', null, '2025-06-01 09:00', { formula: '100+6', result: 106 }]);
      ws.addRow(['MAN-1', '正向有功电能', new Date(Date.UTC(2025, 5, 1, 9, 15)), 'n/a']);
      ws.addRow([]);
      ws.addRow(['MAN-1', 3, '2025-06-01 09:15', 42]);
      wb.addWorksheet('other').addRow(['meter code', 'time', 'value']);
      const r = await runImport(await upload('readings.xlsx', Buffer.from(await wb.xlsx.writeBuffer())));
      expect(r.data).toEqual({ accepted: 3, rejected: 1, errors: [{ row: 4, reason: 'bad_value', message: 'value "n/a" is not a valid number' }] });
      const rows = await readingsOf(meter);
      expect(rows.filter((x) => x.data_id === KWH).map((x) => [x.ts, x.value])).toEqual([
        [T0, 100],
        [T0 + 900_000, 101.5],
        [T0 + 1_800_000, 103],
        [T0 + 2_700_000, 104.5],
        [T0 + 3_600_000, 106],
      ]);
      expect(rows.filter((x) => x.data_id === 3)).toEqual([{ data_id: 3, ts: T0 + 4_500_000, value: 42, status: 0 }]);
      const r15 = await readRollups(t.app.ems, 1, { deviceIds: [meter], dataId: KWH, grain: '15m', from: 0, to: 4e12 });
      expect(r15.map((x) => x.value)).toEqual([15, 15, 15, 15]);
    });

    it('a device id column works instead of the meter code', async () => {
      const r = await runImport(await upload('ids.csv', `device id,time,value\n${meter},2025-06-01 09:15,107\n999999,2025-06-01 09:15,1\nabc,2025-06-01 09:15,1`));
      expect(r.data.accepted).toBe(1);
      expect(r.data.errors.map((e) => [e.row, e.reason, e.message])).toEqual([
        [3, 'unknown_meter', 'device id "999999" is not a device of this project'],
        [4, 'unknown_meter', 'device id "abc" is not a device of this project'],
      ]);
    });

    it('a file with only bad rows changes nothing', async () => {
      const before = await counts();
      const r = await runImport(await upload('bad.csv', 'meter code,time,value\nNOPE,2025-06-01 08:00,1\nMAN-1,2099-01-01 00:00,1\nMAN-1,2025-06-01 08:00,x\n'));
      expect(r.data).toMatchObject({ accepted: 0, rejected: 3 });
      expect(await counts()).toEqual(before);
    });

    it('whole-file errors: missing columns, non-UTF-8 CSV, type, unreadable xlsx, no header; nothing written', async () => {
      const before = await counts();
      expect(await runImport(await upload('cols.csv', 'meter code,value\nMAN-1,1'))).toMatchObject({
        status: 400,
        code: 400,
        msg: 'the header lacks the column(s) time (expected: meter code, data point, time, value)',
      });
      const gbk = Buffer.from([0xb1, 0xed, 0xbc, 0xc6, 0x2c, 0xca, 0xb1, 0xbc, 0xe4, 0x0a, 0x31, 0x2c, 0x32]);
      expect(await runImport(await upload('gbk.csv', gbk))).toMatchObject({ status: 400, msg: 'the CSV file is not UTF-8; save it as "CSV UTF-8" and try again' });
      expect(await runImport(await upload('x.pdf', '%PDF-1.4 …'))).toMatchObject({ status: 400, msg: 'only .csv and .xlsx files can be imported (save an .xls as .xlsx)' });
      expect(await runImport(await upload('broken.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])))).toMatchObject({ status: 400, msg: 'the Excel file cannot be read' });
      expect(await runImport(await upload('blank.csv', '\n\n,,\n'))).toMatchObject({ status: 400, msg: 'the file has no header row' });
      expect(await counts()).toEqual(before);
    });

    it('Excel bombs are refused while reading, with a clear 400, and change nothing', async () => {
      const before = await counts();
      const data = `<row r="2">${textCell('A2', 'MAN-1')}${textCell('B2', '2025-06-01 10:00')}<c r="C2"><v>1</v></c></row>`;
      // 278 MiB of shared strings (one huge text) and of sheet XML (one huge cell) from under 1 MB, sizes declared truly:
      // the strings are refused before inflating, the sheet once 32 MiB came out
      const strings = deflateBomb('<sst><si><t>', 'A', 278, '</t></si></sst>');
      const stringsSheet = sheetPart(`${headerRow}<row r="2"><c r="A2" t="s"><v>0</v></c>${textCell('B2', '2025-06-01 10:00')}<c r="C2"><v>1</v></c></row>`);
      const bombs = [
        [workbookOf(stringsSheet, strings), 'the Excel file unpacks to more than the 16 MB limit'],
        [workbookOf(deflateBomb(`${sheetHead + headerRow}<row r="2"><c r="A2" t="inlineStr"><is><t>`, 'A', 278, `</t></is></c></row>${sheetTail}`)), 'the Excel file unpacks to more than the 32 MB limit'],
        // the same parts declaring 64 KiB: refused as corrupt once they inflate past it
        [workbookOf(stringsSheet, { ...strings, size: 65_536 }), 'the Excel file cannot be read'],
        [workbookOf({ ...deflateBomb(sheetHead + headerRow + data, '<row><c s="1"/></row>', 278, sheetTail), size: 65_536 }), 'the Excel file cannot be read'],
        // 278 MiB of rows with a value: refused at the first row past the limit, long before the size cap
        [workbookOf(deflateBomb(sheetHead + headerRow, '<row><c><v>1</v></c></row>', 278, sheetTail)), `more than ${MANUAL_IMPORT_MAX_ROWS} data rows`],
      ] as const;
      for (const [file, msg] of bombs) {
        expect(file.length).toBeLessThan(1_100_000); // about the 1 MB
        expect(await runImport(await upload('bomb.xlsx', file))).toMatchObject({ status: 400, code: 400, msg });
      }
      const zh = await runImport(await upload('bomb.xlsx', bombs[1][0]), 1, { ...admin, 'accept-language': 'zh-CN' });
      expect(zh).toMatchObject({ status: 400, msg: 'Excel 文件解压后超过 32 MB 的上限' });
      expect(await counts()).toEqual(before);
      // the reader itself is sound: the same workbook without a bomb imports
      expect((await runImport(await upload('small.xlsx', workbookOf(sheetPart(headerRow + data))))).data).toMatchObject({ accepted: 1, rejected: 0 });
    });

    it('/healthz answers while a bomb is being read', async () => {
      // one 278 MiB shared string declaring 8 MiB: that much is inflated and parsed before the refusal
      const sheet = sheetPart(`${headerRow}<row r="2"><c r="A2" t="s"><v>0</v></c>${textCell('B2', '2025-06-01 10:00')}<c r="C2"><v>1</v></c></row>`);
      const bomb = workbookOf(sheet, { ...deflateBomb('<sst><si><t>', 'A', 278, '</t></si></sst>'), size: 8 * 1024 * 1024 });
      const name = await upload('slow-bomb.xlsx', bomb);
      let settled = false;
      const running = runImport(name).finally(() => {
        settled = true;
      });
      // the server keeps answering all along the reading (how fast: bench/import.ts)
      const statuses: number[] = [];
      while (!settled) {
        statuses.push((await t.app.inject({ method: 'GET', url: API.healthz })).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 5)); // as a client would: not in the same turn of the loop
      }
      expect(await running).toMatchObject({ status: 400, msg: 'the Excel file cannot be read' });
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([200]));
    });

    it('the row limit is applied while reading: 10,000 data rows read, one more refused (.xlsx and CSV), nothing written', async () => {
      const before = await counts();
      const xlsx = async (n: number) => {
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet('readings');
        ws.addRow(['meter code', 'time', 'value']);
        for (let i = 0; i < n; i++) ws.addRow(['MAN-1', '2025-06-02 08:00', i]);
        ws.addRow([]);
        return Buffer.from(await wb.xlsx.writeBuffer());
      };
      const csv = (n: number) => `meter code,time,value\n${'MAN-1,2025-06-02 08:00,1\n\n'.repeat(n)}`;
      expect(await readRows('ok.xlsx', await xlsx(MANUAL_IMPORT_MAX_ROWS))).toHaveLength(MANUAL_IMPORT_MAX_ROWS + 1);
      expect(await readRows('ok.csv', Buffer.from(csv(MANUAL_IMPORT_MAX_ROWS)))).toHaveLength(MANUAL_IMPORT_MAX_ROWS + 1);
      for (const [name, file] of [
        ['over.xlsx', await xlsx(MANUAL_IMPORT_MAX_ROWS + 1)],
        ['over.csv', Buffer.from(csv(MANUAL_IMPORT_MAX_ROWS + 1))],
      ] as const) {
        expect(await runImport(await upload(name, file))).toMatchObject({ status: 400, code: 400, msg: 'more than 10000 data rows' });
        expect(await runImport(await upload(name, file), 1, { ...admin, 'accept-language': 'zh-CN' })).toMatchObject({ status: 400, msg: '数据行超过 10000 行的上限' });
      }
      expect(await counts()).toEqual(before);
    });

    it('a file of several write chunks is stored whole, its rollups as from one batch', async () => {
      const chunked = await addMeter(1, 'CHUNK-1');
      const start = Date.UTC(2025, 2, 1) - 8 * 3_600_000; // 2025-03-01 00:00 in Shanghai
      const local = (ts: number) => new Date(ts + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      const n = 2_500; // ten write chunks
      const lines = Array.from({ length: n }, (_, i) => `CHUNK-1,${local(start + i * 900_000)},${i}`);
      expect((await runImport(await upload('chunks.csv', `meter code,time,value\n${lines.join('\n')}`))).data).toEqual({ accepted: n, rejected: 0, errors: [] });
      expect(await readingsOf(chunked)).toHaveLength(n);
      const r15 = await readRollups(t.app.ems, 1, { deviceIds: [chunked], dataId: KWH, grain: '15m', from: 0, to: 4e12 });
      expect(r15.map((x) => x.value)).toEqual(Array<number>(n - 1).fill(1));
    });

    it('a value beyond column 64 refuses the file; empty or formatted cells out there do not', async () => {
      const before = await counts();
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('readings');
      ws.addRow(['meter code', 'time', 'value']);
      ws.addRow(['MAN-1', '2025-06-03 08:00', 1]);
      ws.getCell('XFD2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFF0000' } };
      ws.getCell('BL2').value = 'note';
      expect((await runImport(await upload('wide.xlsx', Buffer.from(await wb.xlsx.writeBuffer())))).data).toMatchObject({ accepted: 1 });
      ws.getCell('BM3').value = 'x';
      expect(await runImport(await upload('wider.xlsx', Buffer.from(await wb.xlsx.writeBuffer())))).toMatchObject({ status: 400, msg: 'row 3 has values beyond the 64-column limit' });
      const wide = `meter code,time,value${','.repeat(100)}\nMAN-1,2025-06-03 08:15,2${','.repeat(100)}\n`;
      expect((await runImport(await upload('wide.csv', wide))).data).toMatchObject({ accepted: 1 });
      expect(await runImport(await upload('wider.csv', `${wide}MAN-1,2025-06-03 08:30,3${','.repeat(62)}x\n`), 1, { ...admin, 'accept-language': 'zh-CN' })).toMatchObject({
        status: 400,
        msg: '第 3 行超过 64 列的上限',
      });
      const after = await counts();
      expect(after.reading).toBe(before.reading + 2);
    });

    it('scope: a file of another project or an unknown name is "file does not exist"; fw_plant may not import', async () => {
      const p2 = await upload('p2.csv', 'meter code,time,value\nMAN-P2,2025-06-01 08:00,1', 2);
      expect(await runImport(p2, 1)).toMatchObject({ status: 404, msg: 'file does not exist' });
      expect(await runImport('../../ems.sqlite', 1)).toMatchObject({ status: 404, msg: 'file does not exist' });
      expect((await runImport(p2, 2)).data).toMatchObject({ accepted: 1 });
      const p1 = await upload('p1.csv', 'meter code,time,value\nMAN-1,2025-06-01 08:00,1');
      expect(await runImport(p1, 1, plant)).toMatchObject({ status: 404, msg: 'no operation permission' });
      expect(await runImport(p1, 99)).toMatchObject({ status: 404 });
      const bad = await t.app.inject({ method: 'POST', url: MANUAL_IMPORT_API.run, headers: admin, payload: { fileName: p1 } });
      expect(bad.statusCode).toBe(400);
    });

    it('the template: an .xlsx with the header, two example rows of the project, a notes sheet; it imports as is', async () => {
      const res = await t.app.inject({ method: 'GET', url: MANUAL_IMPORT_API.template, headers: { ...admin, projectid: '1', 'accept-language': 'zh-CN' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('抄表数据导入模板.xlsx')}`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      expect(ws.getRow(1).values).toEqual([undefined, '表计编码', '数据点', '抄表时间', '读数']);
      expect(ws.rowCount).toBe(3);
      expect(ws.getRow(2).getCell(2).value).toBe('正向有功电能');
      expect(String(ws.getRow(2).getCell(3).value)).toMatch(/^\d{4}-\d{2}-\d{2} 08:00$/);
      expect(wb.worksheets[1]?.name).toBe('说明');
      const r = await runImport(await upload('template.xlsx', res.rawPayload));
      expect(r.data).toEqual({ accepted: 2, rejected: 0, errors: [] });
      const en = await t.app.inject({ method: 'GET', url: MANUAL_IMPORT_API.template, headers: admin });
      expect(en.headers['content-disposition']).toContain("filename*=UTF-8''manual-readings-template.xlsx");
      expect((await t.app.inject({ method: 'GET', url: MANUAL_IMPORT_API.template, headers: plant })).statusCode).toBe(404);
    });

    it('property: any CSV text never crashes the import, and rows are written whole or not at all', async () => {
      const day = Date.UTC(2024, 0, 1) - 8 * 3_600_000;
      const token = fc.constantFrom(',', '"', '""', '\n', '\r\n', '\r', ' ', 'FUZZ-1', 'NOPE', '2024-01-01 08:00', '2024-01-01 25:00', '2099-01-01 00:00', '12.5', '-1e3', 'x', '1', '\ufeff', '表计编码');
      const text = fc.oneof(fc.string({ maxLength: 200 }), fc.array(fc.oneof(token, fc.string({ maxLength: 5 })), { maxLength: 60 }).map((a) => a.join('')));
      await fc.assert(
        fc.asyncProperty(fc.boolean(), text, async (withHeader, body) => {
          const before = await t.app.ems.db.selectFrom('reading').select(['ts', 'value']).where('device_id', '=', fuzzMeter).execute();
          const rows = parseCsv(`${withHeader ? 'meter code,time,value\n' : ''}${body}`);
          let r: ManualImportResult | undefined;
          try {
            r = await importRows(t.app.ems, 1, 'en', rows);
          } catch (err) {
            expect(err).toBeInstanceOf(ImportFileError);
          }
          const after = await t.app.ems.db.selectFrom('reading').select(['ts', 'value']).where('device_id', '=', fuzzMeter).execute();
          if (!r) {
            expect(after.length).toBe(before.length);
            return;
          }
          expect(r.rejected).toBe(r.errors.length);
          expect(after.length - before.length).toBeLessThanOrEqual(r.accepted);
          // every reading of the fuzz meter is one an accepted row asked for: a whole reading, at 08:00 on 2024-01-01
          for (const x of after) expect(x.ts === day || !before.some((b) => b.ts === x.ts)).toBe(true);
        }),
        { numRuns: kind === 'postgres' ? 60 : 150 },
      );
    });

    it('property: each generated row is accepted exactly when it is valid and new, and then stored whole', async () => {
      const meters = ['FUZZ-1', 'NOPE', ''];
      let run = 0;
      const rowArb = fc.record({
        m: fc.integer({ min: 0, max: 2 }),
        slot: fc.integer({ min: 0, max: 5 }),
        badTime: fc.integer({ min: 0, max: 5 }),
        v: fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => Math.round(x * 100) / 100 + 0), fc.constantFrom('x', '', '"1,5"', '12 kWh')),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 12 }), async (gen) => {
          const base = Date.UTC(2023, 0, 1) + ++run * 86_400_000;
          const stamp = (slot: number) => base + slot * 900_000;
          const local = (ts: number) => new Date(ts + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
          const lines = gen.map((g) => {
            const time = g.badTime === 0 ? 'nope' : g.badTime === 1 ? '2099-01-01 00:00' : local(stamp(g.slot));
            return `${meters[g.m]},${time},${g.v}`;
          });
          const r = await importRows(t.app.ems, 1, 'en', parseCsv(`meter code,time,value\n${lines.join('\n')}`));
          const seen = new Set<number>();
          const expectedRows: number[] = [];
          const stored = new Map<number, number>();
          gen.forEach((g, i) => {
            const ok = g.m === 0 && g.badTime > 1 && typeof g.v === 'number' && !seen.has(g.slot);
            if (ok) {
              seen.add(g.slot);
              stored.set(stamp(g.slot), g.v as number);
            } else expectedRows.push(i + 2);
          });
          expect(r.errors.map((e) => e.row)).toEqual(expectedRows);
          expect(r.accepted).toBe(stored.size);
          const got = await t.app.ems.db
            .selectFrom('reading')
            .select(['ts', 'value', 'status'])
            .where('device_id', '=', fuzzMeter)
            .where('ts', '>=', base)
            .where('ts', '<', base + 86_400_000)
            .orderBy('ts')
            .execute();
          expect(got.map((x) => [Number(x.ts), Number(x.value), Number(x.status)])).toEqual([...stored.entries()].sort((a, b) => a[0] - b[0]).map(([ts, v]) => [ts, v, 0]));
        }),
        { numRuns: kind === 'postgres' ? 40 : 80 },
      );
    });
  });
}
