import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { login, ROOT_PASSWORD, toastText } from './support/flows.js';

const FACTORY = '华东示范工厂';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;
/** the meter code the template proposes (the factory's first meter) */
let meterCode: string;

/** `YYYY-MM-DD HH:mm` in Asia/Shanghai, `daysBack` days ago at the given hour. */
const shanghai = (daysBack: number, hour: number, minute = 0) => {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack, hour, minute));
  return d.toISOString().slice(0, 16).replace('T', ' ');
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  work = mkdtempSync(join(tmpdir(), 'ems-e2e-import-'));
  context = await newContext(browser, { acceptDownloads: true, theme: 'light' });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('manual readings import from the device monitor (issue 3 §3)', () => {
  it('ROOT enters the demo factory and opens the import dialog on the device monitor', async () => {
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);
    await page.getByTestId('platform-home').waitFor();
    await page.locator('tr', { hasText: FACTORY }).getByTestId('enter-project').click();
    await page.getByTestId('project-home').waitFor();
    await page.getByTestId('menu-group-monitoring').click();
    await page.getByTestId('menu-item-deviceMonitor').click();
    await page.getByTestId('device-monitor').waitFor();
    await page.getByTestId('import-readings').click();
    await page.getByTestId('import-readings-dialog').waitFor();
    await expect(page.locator('.ant-modal-title').innerText()).resolves.toBe('导入抄表数据');
  });

  it('downloads the template: header and two example rows of the factory', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    expect(download.suggestedFilename()).toBe('抄表数据导入模板.xlsx');
    const path = join(work, 'template.xlsx');
    await download.saveAs(path);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('template without a sheet');
    expect(ws.getRow(1).values).toEqual([undefined, '表计编码', '数据点', '抄表时间', '读数']);
    expect(ws.rowCount).toBe(3);
    meterCode = String(ws.getRow(2).getCell(1).value);
    expect(meterCode).not.toBe('M-001');
    expect(ws.getRow(2).getCell(2).value).toBe('正向有功电能');
  });

  it('the filled template (two good rows, one bad) is uploaded and imported; the report names the bad row', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(work, 'template.xlsx'));
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('template without a sheet');
    ws.getRow(2).values = [meterCode, '正向有功电能', shanghai(1, 10), 20001.5];
    ws.getRow(3).values = [meterCode, '', shanghai(1, 10, 15), 20003];
    ws.getRow(4).values = ['NO-SUCH-METER', '正向有功电能', shanghai(1, 10, 30), 5];
    const filled = join(work, '六月抄表.xlsx');
    await wb.xlsx.writeFile(filled);

    const dialog = page.getByTestId('import-readings-dialog');
    await dialog.locator('input[type=file]').setInputFiles(filled);
    await dialog.locator('.ant-upload-list-item', { hasText: '六月抄表.xlsx' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-upload-list-item-uploading'));
    await expect(dialog.locator('.ant-upload-list-item-error').count()).resolves.toBe(0);

    await page.getByRole('button', { name: '开始导入' }).click();
    const report = page.getByTestId('import-report');
    await report.waitFor();
    await expect(toastText(page, '导入成功，共写入 2 条读数')).resolves.toContain('导入成功，共写入 2 条读数');
    await expect(report.getByTestId('import-report-file').innerText()).resolves.toBe('导入文件：六月抄表.xlsx');
    const stats = await report.locator('.ant-statistic').allInnerTexts();
    expect(stats.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(['成功 2', '失败 1']);
    const rows = await report
      .locator('.ant-table-tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
    expect(rows).toEqual([['4', '未知表计', '表计编码“NO-SUCH-METER”不是本项目的表计']]);
    await page.waitForTimeout(300);
    await screenshot(page, 'import-readings-report');
  });

  it('running the import again without a new file asks for one', async () => {
    await page.getByRole('button', { name: '开始导入' }).click();
    await expect(toastText(page, '请先上传要导入的文件')).resolves.toContain('请先上传要导入的文件');
    await page.getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('import-readings-dialog').waitFor({ state: 'hidden' });
  });
});
