/**
 * Manual readings import under abuse (issue 12 finding 2): each file is uploaded, then imported
 * over HTTP while a client asks GET /healthz back to back (each answer timed) and the process's
 * RSS is sampled every 10 ms. Before the import reads files under its limits, a 1 MB bomb held
 * the server 29 s (/healthz up to 23 s, 2.4 GB resident) and a 650,000-row file 13 s. SQLite only:
 * the reading of the file is the same on either store.
 */
import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { API, FILE_API, MANUAL_IMPORT_API } from '@ems/contract';
import { buildApp, prepareStore } from '../apps/server/src/app.js';
import { multipartBody } from '../apps/server/src/modules/filemanager/test-multipart.js';
import { XLSX_SHEET_MAX_BYTES, XLSX_STRINGS_MAX_BYTES } from '../apps/server/src/ingest/xlsx-reader.js';
import { deflateBomb, headerRow, sheetHead, sheetPart, sheetTail, textCell, workbookOf } from '../apps/server/src/ingest/test-xlsx.js';
import { benchConfig, pct } from './support.js';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const MB = 1024 * 1024;

/** A sheet of `rows` readings of one meter (shared string), Excel serial times and values, as Excel writes them (650,000: 9.5 MB). */
function manyRows(rows: number, meterCode: string): Buffer {
  const parts: Buffer[] = [Buffer.from(sheetHead + headerRow)];
  let chunk = '';
  for (let r = 2; r <= rows + 1; r++) {
    chunk += `<row r="${r}"><c r="A${r}" t="s"><v>0</v></c><c r="B${r}"><v>${(45000 + r / 96).toFixed(4)}</v></c><c r="C${r}"><v>${r % 1000}</v></c></row>`;
    if (chunk.length > MB) {
      parts.push(Buffer.from(chunk));
      chunk = '';
    }
  }
  parts.push(Buffer.from(chunk + sheetTail));
  const xml = Buffer.concat(parts);
  const strings = Buffer.from(`<sst><si><t>${meterCode}</t></si></sst>`);
  return workbookOf({ name: '', deflated: deflateRawSync(xml), size: xml.length }, { name: '', deflated: deflateRawSync(strings), size: strings.length });
}

async function validFile(rows: number, meterCode: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('readings');
  ws.addRow(['meter code', 'time', 'value']);
  const t0 = Date.UTC(2025, 0, 1);
  for (let i = 0; i < rows; i++) ws.addRow([meterCode, new Date(t0 + i * 900_000), 1000 + i]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function benchImport(dataDir: string): Promise<void> {
  const app = await buildApp(benchConfig({ kind: 'sqlite', file: join(dataDir, 'import.sqlite') }, dataDir), { logger: false });
  await prepareStore(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const ts = Date.now();
    const login = await app.inject({ method: 'POST', url: API.login, payload: { userName: 'pf_admin', password: md5(`ems${ts}${md5('Demo@12345')}`), timestamps: ts, client: 'web' } });
    const { token, user } = login.json().data as { token: string; user: { id: number } };
    const headers = { authorization: `Bearer ${token}`, 'user-id': String(user.id), 'accept-language': 'en-US' };
    await app.ems.db.insertInto('node').values({ project_id: 1, parent_id: null, model_label: 'meter', name: 'BENCH-IMPORT', code: 'BENCH-IMPORT', attrs: '{}', sort: 0 }).execute();

    const stringsSheet = sheetPart(`${headerRow}<row r="2"><c r="A2" t="s"><v>0</v></c>${textCell('B2', '2025-06-01 10:00')}<c r="C2"><v>1</v></c></row>`);
    const files: [string, () => Promise<Buffer> | Buffer][] = [
      ['bomb (278 MB shared string, size declared)', () => workbookOf(stringsSheet, deflateBomb('<sst><si><t>', 'A', 278, '</t></si></sst>'))],
      ['bomb (278 MB shared string, declares 16 MB)', () => workbookOf(stringsSheet, { ...deflateBomb('<sst><si><t>', 'A', 278, '</t></si></sst>'), size: XLSX_STRINGS_MAX_BYTES })],
      ['bomb (278 MB sheet XML, declares 32 MB)', () => workbookOf({ ...deflateBomb(sheetHead + headerRow, '<row><c s="1"/></row>', 278, sheetTail), size: XLSX_SHEET_MAX_BYTES })],
      ['650,000 rows', () => manyRows(650_000, 'BENCH-IMPORT')],
      ['valid, 10,000 rows', () => validFile(10_000, 'BENCH-IMPORT')],
    ];
    for (const [label, make] of files) {
      const data = await make();
      const body = multipartBody({ name: 'import.xlsx', data });
      const up = await app.inject({ method: 'POST', url: FILE_API.upload, headers: { ...headers, projectid: '1', ...body.headers }, payload: body.payload });
      if (up.statusCode !== 200 || up.json().code !== 0) throw new Error(`upload of '${label}' failed: ${up.body}`);
      const fileName = (up.json().data as { fileName: string }).fileName;
      global.gc?.();
      const rss0 = process.memoryUsage().rss;
      let rssMax = rss0;
      const sampler = setInterval(() => {
        rssMax = Math.max(rssMax, process.memoryUsage().rss);
      }, 10);
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const t0 = performance.now();
      let done = false;
      const reply = fetch(base + MANUAL_IMPORT_API.run, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ fileName, projectId: 1 }) })
        .then(async (r) => ({ status: r.status, json: (await r.json()) as { msg: string; data: { accepted: number } | null } }))
        .finally(() => {
          done = true;
        });
      const health: number[] = [];
      while (!done) {
        const h0 = performance.now();
        await fetch(base + API.healthz);
        health.push(performance.now() - h0);
      }
      const r = await reply;
      const ms = performance.now() - t0;
      clearInterval(sampler);
      loop.disable();
      const outcome = r.status === 200 ? `imported ${r.json.data?.accepted} rows` : `refused (${r.status}: ${r.json.msg})`;
      console.log(
        `manual import, ${label} [${(data.length / MB).toFixed(1)} MB]: ${outcome} in ${ms.toFixed(0)} ms | /healthz p99 ${pct(health, 0.99).toFixed(1)} ms of ${health.length} (goal ≤ 200), loop blocked ≤ ${(loop.max / 1e6).toFixed(0)} ms | RSS +${((rssMax - rss0) / MB).toFixed(0)} MB (goal < 200)`,
      );
    }
  } finally {
    await app.close();
  }
}
