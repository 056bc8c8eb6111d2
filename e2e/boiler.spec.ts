import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BOILER_API, type ApiReply, type BoilerAnalysis } from '@ems/contract';
import { localParts } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /boilerEnergyEfficiency (issue 14) as fw_cloud on the demo factory with 8 days of history, the
 * browser in America/Los_Angeles: the cards, the grade and the table show the figures the boiler API
 * answered (bucket labels on the project's clock, Asia/Shanghai); the day and year types re-read; the
 * table exports and reads back; screenshots in both themes and languages. The clock is pinned (EMS_NOW).
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const ZONE = 'Asia/Shanghai';

const fig = (v: number | null | undefined, d: number) => (v === null || v === undefined ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
const two = (n: number) => String(n).padStart(2, '0');
const dayLabel = (ts: number) => {
  const l = localParts(ts, ZONE);
  return `${two(l.month)}-${two(l.day)}`;
};

async function open(theme: 'dark' | 'light', language: 'zh_cn' | 'en'): Promise<{ context: BrowserContext; page: Page; reply: BoilerAnalysis }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500, acceptDownloads: true });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().endsWith(BOILER_API.analysis) && r.request().method() === 'POST', { timeout: 60_000 });
  answered.catch(() => undefined);
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  await page.evaluate(() => (location.hash = '#/boilerEnergyEfficiency'));
  const reply = ((await (await answered).json()) as ApiReply<BoilerAnalysis>).data;
  await page.locator('[data-testid="boiler-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
  return { context, page, reply };
}

async function settle(page: Page) {
  for (const id of ['trend-card', 'waterfall-card', 'flue-card', 'ratio-card']) await page.locator(`[data-testid="${id}"] canvas`).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
}

async function pickType(page: Page, label: RegExp, language: 'zh_cn' | 'en'): Promise<BoilerAnalysis> {
  const answered = page.waitForResponse((r) => r.url().endsWith(BOILER_API.analysis) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.getByRole('combobox', { name: language === 'en' ? 'Type' : '类型' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
  const reply = ((await (await answered).json()) as ApiReply<BoilerAnalysis>).data;
  await page.locator('[data-testid="boiler-page"][data-ready="true"]').waitFor({ timeout: 30_000 });
  return reply;
}

async function expectShown(page: Page, a: BoilerAnalysis, language: 'zh_cn' | 'en') {
  await expect.poll(() => page.getByTestId('kpi-direct').innerText(), { timeout: 15_000 }).toContain(fig(a.total.directEfficiencyPct, 2));
  await expect(page.getByTestId('kpi-indirect').innerText()).resolves.toContain(fig(a.total.indirectEfficiencyPct, 2));
  await expect(page.getByTestId('kpi-steam').innerText()).resolves.toContain(fig(a.total.steamT, 1));
  await expect(page.getByTestId('kpi-gas').innerText()).resolves.toContain(fig(a.total.gasM3, 0));
  await expect(page.getByTestId('kpi-ratio').innerText()).resolves.toContain(fig(a.total.steamPerGas, 1));
  await expect(page.getByTestId('kpi-kgce').innerText()).resolves.toContain(fig(a.total.kgcePerSteamT, 2));
  await expect(page.getByTestId('kpi-cost').innerText()).resolves.toContain(fig(a.total.fuelCostYuanPerSteamT, 1));
  const grade = { 1: ['1级', 'Grade 1'], 2: ['2级', 'Grade 2'], 3: ['3级', 'Grade 3'], below: ['低于3级', 'Below grade 3'], unrated: ['无对应', 'Not in table'] }[a.grade];
  await expect(page.getByTestId('kpi-grade').textContent()).resolves.toBe(grade[language === 'en' ? 1 : 0]);
  // the table: a row per bucket and the total
  const rows = page.locator('[data-testid="boiler-table"] .ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(a.buckets.length + 1);
  const last = rows.last();
  await expect(last.locator('td').nth(1).innerText()).resolves.toBe(fig(a.total.steamT, 2));
  await expect(last.locator('td').nth(3).innerText()).resolves.toBe(fig(a.total.directEfficiencyPct, 2));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '8' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('boiler efficiency (issue 14)', () => {
  for (const [theme, language] of [
    ['dark', 'zh_cn'],
    ['light', 'en'],
    ['light', 'zh_cn'],
    ['dark', 'en'],
  ] as const) {
    it(`${theme} ${language}: the month shows the boiler's direct η, losses, flue gas and ratios as the API answered`, async () => {
      const { context, page, reply } = await open(theme, language);
      try {
        expect(reply.boiler).toMatchObject({ name: '1#燃气蒸汽锅炉', ratedTph: 4, fuel: 'gas' });
        expect(reply.grain).toBe('day');
        // 8 days of history: a realistic gas boiler at part load, the losses closing on the direct η
        expect(reply.total.directEfficiencyPct).toBeGreaterThan(80);
        expect(reply.total.directEfficiencyPct).toBeLessThan(95);
        expect(Math.abs(reply.total.losses.unaccounted ?? NaN)).toBeLessThan(1);
        expect(reply.total.steamPerGas).toBeGreaterThan(100);
        await expectShown(page, reply, language);
        // the first bucket with steam is labelled with its day on the project's clock, not the browser's
        const first = reply.buckets.findIndex((b) => b.steamT !== null);
        const cell = page.locator('[data-testid="boiler-table"] .ant-table-tbody tr.ant-table-row').nth(first).locator('td').first();
        await expect(cell.innerText()).resolves.toBe(dayLabel(reply.buckets[first]?.time ?? 0));
        await expect(page.getByTestId('boiler-nameplate').innerText()).resolves.toContain(language === 'en' ? 'steam meter 蒸汽总表' : '蒸汽表 蒸汽总表');
        await settle(page);
        await screenshot(page, `boiler-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        if (theme === 'light' && language === 'en') {
          const day = await pickType(page, /^Day$/, language);
          expect([day.grain, day.buckets.length, day.to - day.from]).toEqual(['hour', 24, 86_400_000]);
          await expectShown(page, day, language);
          const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('boiler-export').click()]);
          expect(file.suggestedFilename()).toMatch(/^boiler-efficiency-1燃气蒸汽锅炉-\d{8}\.xlsx$/);
          const book = new ExcelJS.Workbook();
          await book.xlsx.readFile(await file.path());
          const sheet = book.worksheets[0];
          expect(sheet?.rowCount).toBe(1 + day.buckets.length + 1);
          expect(String(sheet?.getRow(1).getCell(4).value)).toBe('Direct η (%)');
          const total = sheet?.getRow(2 + day.buckets.length);
          expect(String(total?.getCell(1).value)).toBe('Total');
          expect(Number(total?.getCell(2).value)).toBeCloseTo(day.total.steamT ?? NaN, 4);
          expect(Number(total?.getCell(4).value)).toBeCloseTo(day.total.directEfficiencyPct ?? NaN, 3);
          const year = await pickType(page, /^Year$/, language);
          expect([year.grain, year.buckets.length]).toEqual(['month', 12]);
          await expectShown(page, year, language);
          await settle(page);
          await screenshot(page, `boiler-year-${theme}-en`);
        }
        if (theme === 'dark' && language === 'zh_cn') {
          const week = await pickType(page, /^周$/, language);
          expect([week.grain, week.buckets.length]).toEqual(['day', 7]);
          await expectShown(page, week, language);
          await page.getByTestId('boiler-table').scrollIntoViewIfNeeded();
          await page.waitForTimeout(500);
          await screenshot(page, `boiler-week-table-${theme}-zh`);
        }
      } finally {
        await context.close();
      }
    }, 240_000);
  }
});
