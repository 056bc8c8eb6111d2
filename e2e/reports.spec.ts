import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { REPORT_API, type ApiReply, type Report } from '@ems/contract';
import { formatThousands } from '@ems/domain';
import { launchBrowser, newContext, SCREENSHOT_DIR, screenshot } from './support/browser.js';
import { DEMO_PASSWORD, login } from './support/flows.js';
import { startSeededServer } from './support/seeded.js';
import { waitSeeded, type RunningServer } from './support/server.js';

/**
 * /onlyReport (issue 15) as fw_cloud on the demo factory with its 13 months of history, the browser
 * in America/Los_Angeles (the project is in Asia/Shanghai): each report kind opened (its columns the
 * project's hours, days and months), its table showing the API's figures (rows add up to the total,
 * shares to 100 %), exported and the xlsx read back, the PDF preview opened in a new tab (a PDF with
 * the CJK font embedded); screenshots in both themes and languages.
 */
let server: RunningServer & { now: number };
let browser: Browser;
const isReport = (r: Response) => r.url().split('?')[0]!.endsWith(REPORT_API.query) && r.request().method() === 'POST';

type Lang = 'zh_cn' | 'en';

async function open(theme: 'dark' | 'light', language: Lang): Promise<{ context: BrowserContext; page: Page; report: Report }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1100, acceptDownloads: true });
  const page = await context.newPage();
  const answered = page.waitForResponse(isReport, { timeout: 60_000 });
  answered.catch(() => undefined);
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  await page.evaluate(() => (location.hash = '#/onlyReport'));
  const report = ((await (await answered).json()) as ApiReply<Report>).data;
  await page.locator('[data-testid="report-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
  return { context, page, report };
}

/** The kind switched in the page: the report the page then asked for. */
async function switchKind(page: Page, label: string): Promise<Report> {
  const answered = page.waitForResponse(isReport, { timeout: 60_000 });
  await page.getByTestId('report-kind').getByText(label, { exact: true }).click();
  const report = ((await (await answered).json()) as ApiReply<Report>).data;
  await page.locator('[data-testid="report-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
  return report;
}

/** What every report must hold: rows adding up to the total and the column totals, shares to 100 %, the title and total shown. */
async function expectShown(page: Page, r: Report) {
  const c = r.consumption;
  expect(c).not.toBeNull();
  if (!c) return;
  expect(c.rows.length).toBeGreaterThan(0);
  const rowSum = c.rows.reduce((s, row) => s + (row.total ?? 0), 0);
  expect(rowSum).toBeCloseTo(c.total ?? 0, 6);
  expect(c.columnTotals.reduce<number>((s, v) => s + (v ?? 0), 0)).toBeCloseTo(c.total ?? 0, 6);
  if ((c.total ?? 0) > 0) expect(c.rows.reduce((s, row) => s + (row.sharePct ?? 0), 0)).toBeCloseTo(100, 6);
  await expect(page.getByTestId('report-title').textContent()).resolves.toBe(r.title);
  await expect.poll(() => page.getByTestId('report-consumption-totals').textContent(), { timeout: 15_000 }).toContain(formatThousands(c.total ?? 0, 2));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  await waitSeeded(server);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('period reports (issue 15)', () => {
  it('light en: daily, monthly and yearly reports on the project calendar; each exported and read back; the PDF preview in a new tab', async () => {
    const { context, page, report: daily } = await open('light', 'en');
    try {
      // daily: the project's (Shanghai) day in 24 hourly columns, although the browser is in Los Angeles
      expect(daily.kind).toBe('daily');
      expect(daily.timezone).toBe('Asia/Shanghai');
      expect(daily.columns.map((c) => c.label)).toEqual(Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`));
      expect(new Date(daily.from + 8 * 3_600_000).getUTCHours()).toBe(0);
      expect(daily.to - daily.from).toBe(86_400_000);
      await expectShown(page, daily);
      await page.locator('[data-testid="report-chart"] canvas').first().waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, 'report-daily-light-en');

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
      expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await file.path());
      const sheet = book.worksheets[0]!;
      expect(sheet.getCell(1, 1).value).toBe(daily.title);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 5 });
      // header row 5, one line per row, then the totals row
      const totalsRow = sheet.getRow(5 + (daily.consumption?.rows.length ?? 0) + 1);
      expect(totalsRow.getCell(1).value).toBe('Total');
      expect(Number(totalsRow.getCell(daily.columns.length + 2).value)).toBeCloseTo(daily.consumption?.total ?? NaN, 2);
      expect(totalsRow.font?.bold).toBe(true);
      expect(String(sheet.getRow(6).getCell(2).numFmt)).toMatch(/0\.0/);

      // the PDF preview: fetched with the session, opened as a blob in a new tab
      const pdfAnswered = page.waitForResponse((r) => r.url().split('?')[0]!.endsWith(REPORT_API.pdf), { timeout: 60_000 });
      const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('report-pdf').click()]);
      const pdf = await pdfAnswered;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect(pdf.request().headers()['authorization']).toMatch(/^Bearer /);
      expect(pdf.url()).not.toMatch(/token=/i);
      // the same GET again from here (the browser hands the body to a blob, not to the test)
      const again = await fetch(pdf.url(), { headers: { authorization: pdf.request().headers()['authorization'] ?? '', 'accept-language': 'en-US' } });
      expect(again.headers.get('content-type')).toContain('application/pdf');
      const bytes = Buffer.from(await again.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain('NotoSansSC');
      // kept beside the screenshots, so a person can render a page and look at it
      writeFileSync(join(SCREENSHOT_DIR, 'report-daily-en.pdf'), bytes);
      await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
      await tab.close();

      // monthly: the project's days of this month
      const monthly = await switchKind(page, 'Monthly');
      expect(monthly.kind).toBe('monthly');
      expect(monthly.columns.length).toBeGreaterThanOrEqual(28);
      expect(monthly.columns[0]?.label).toMatch(/-01$/);
      expect(new Date(monthly.from + 8 * 3_600_000).getUTCDate()).toBe(1);
      await expectShown(page, monthly);
      await page.waitForTimeout(500);
      await screenshot(page, 'report-monthly-light-en');
      const [mfile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
      const mbook = new ExcelJS.Workbook();
      await mbook.xlsx.readFile(await mfile.path());
      expect(mbook.worksheets[0]!.getCell(1, 1).value).toBe(monthly.title);

      // yearly: twelve months of the project's year
      const yearly = await switchKind(page, 'Yearly');
      expect(yearly.kind).toBe('yearly');
      expect(yearly.columns.map((c) => c.label.slice(5))).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
      await expectShown(page, yearly);
      await page.waitForTimeout(500);
      await screenshot(page, 'report-yearly-light-en');
      const [yfile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
      const ybook = new ExcelJS.Workbook();
      await ybook.xlsx.readFile(await yfile.path());
      const ysheet = ybook.worksheets[0]!;
      expect(ysheet.getCell(1, 1).value).toBe(yearly.title);
      expect(Number(ysheet.getRow(5 + (yearly.consumption?.rows.length ?? 0) + 1).getCell(14).value)).toBeCloseTo(yearly.consumption?.total ?? NaN, 2);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('dark zh: the TOU cost and meter readings sections of the daily report add up', async () => {
    const { context, page, report } = await open('dark', 'zh_cn');
    try {
      await expectShown(page, report);
      await page.waitForTimeout(500);
      await screenshot(page, 'report-daily-dark-zh');
      const tou = report.tou;
      expect(tou).not.toBeNull();
      if (tou) {
        expect(tou.rows.reduce((s, r) => s + r.totalFen, 0)).toBe(tou.totals.totalFen);
        expect(tou.totals.totalKwh + tou.totals.unpricedKwh).toBeCloseTo(report.consumption?.total ?? NaN, 3);
        await page.getByTestId('report-tab-tou').click();
        await expect.poll(() => page.getByTestId('report-tou-totals').textContent(), { timeout: 15_000 }).toContain(formatThousands(tou.totals.totalFen / 100, 2));
        await page.waitForTimeout(400);
        await screenshot(page, 'report-tou-dark-zh');
      }
      const readings = report.readings;
      expect(readings?.rows.length).toBeGreaterThan(0);
      await page.getByTestId('report-tab-readings').click();
      await page.getByTestId('report-readings').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, 'report-readings-dark-zh');
      // opened by its URL in a new document (the page's chunk, with its texts, loads while the app boots)
      await page.reload();
      await page.locator('[data-testid="report-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
      await expect(page.getByTestId('report-export').textContent()).resolves.toMatch(/导\s*出/);
    } finally {
      await context.close();
    }
  }, 180_000);
});
