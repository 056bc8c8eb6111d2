import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { COMPRESSOR_API, type AirManager, type ApiReply, type ElectricalRatio, type StandingBook } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /airCompressionEnergyEfficiency (issue 14, DOMAIN §7) as fw_cloud on the demo factory with 8 days of
 * history, the browser in America/Los_Angeles: the KPIs, the leak and saving cards and the machines'
 * table show the figures the airCompressor calls answered; the day type reads the project's day in
 * quarters; the export reads back; screenshots in both themes and languages.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const SHANGHAI_MS = 8 * 3_600_000;

type Lang = 'zh_cn' | 'en';

async function open(theme: 'dark' | 'light', language: Lang): Promise<{ context: BrowserContext; page: Page; manager: AirManager; book: StandingBook }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1400, acceptDownloads: true });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().endsWith(COMPRESSOR_API.airManager) && r.request().method() === 'POST', { timeout: 60_000 });
  const booked = page.waitForResponse((r) => r.url().endsWith(COMPRESSOR_API.standingBook) && r.request().method() === 'POST', { timeout: 60_000 });
  answered.catch(() => undefined);
  booked.catch(() => undefined);
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  await page.evaluate(() => (location.hash = '#/airCompressionEnergyEfficiency'));
  const manager = ((await (await answered).json()) as ApiReply<AirManager>).data;
  const book = ((await (await booked).json()) as ApiReply<StandingBook>).data;
  await page.locator('[data-testid="air-compressor"][data-ready="true"]').waitFor({ timeout: 60_000 });
  for (const id of ['air-sp-card', 'air-timeline-card', 'air-pressure-card']) await page.locator(`[data-testid="${id}"] canvas`).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(600);
  return { context, page, manager, book };
}

const text = (page: Page, id: string) => page.getByTestId(id).textContent();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '8' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('compressed-air efficiency (issue 14)', () => {
  for (const [theme, language] of [
    ['light', 'en'],
    ['dark', 'zh_cn'],
    ['dark', 'en'],
    ['light', 'zh_cn'],
  ] as const) {
    it(`${theme} ${language}: the month's KPIs, leak and saving cards and the machines' table show the API's figures`, async () => {
      const { context, page, manager, book } = await open(theme, language);
      const tag = `${theme}-${language === 'en' ? 'en' : 'zh'}`;
      try {
        const s = manager.station;
        // the month of the project's clock, from its first local midnight
        expect(new Date(manager.from + SHANGHAI_MS).toISOString().slice(8, 19)).toBe('01T00:00:00');
        expect(book.units.map((u) => u.drive)).toEqual(['fixed', 'fixed', 'fixed', 'vsd']);
        expect(s.kwh as number).toBeGreaterThan(0);
        await expect(text(page, 'air-kpi-kwh')).resolves.toContain(formatThousands(s.kwh as number, 0));
        await expect(text(page, 'air-kpi-sp')).resolves.toContain(formatThousands(s.specificPower as number, 2));
        await expect(text(page, 'air-kpi-ratio')).resolves.toContain(formatThousands(s.m3PerKwh as number, 2));
        await expect(text(page, 'air-kpi-loading')).resolves.toContain(formatNumber(s.loadingRatePct as number, 1));
        // the planted leak (22 % of 76 m³/min) as the page shows it
        expect(Math.abs((manager.leak.sharePct as number) - 22)).toBeLessThan(3);
        await expect(text(page, 'air-leak-share')).resolves.toContain(`${formatNumber(manager.leak.sharePct as number, 1)}%`);
        await expect(text(page, 'air-leak-rating')).resolves.toBe(language === 'en' ? 'Poor (20–30%)' : '较差（20–30%）');
        await expect(text(page, 'air-saving-value')).resolves.toContain(formatThousands(manager.saving.yuan as number, 0));
        for (const u of manager.units) {
          await expect(text(page, `air-kwh-${u.id}`)).resolves.toBe(formatThousands(u.kwh as number, 1));
          await expect(text(page, `air-sp-${u.id}`)).resolves.toBe(formatThousands(u.specificPower as number, 2));
        }
        const p = manager.pressure;
        expect(p.avgMPa as number).toBeGreaterThan(0.6);
        await expect(text(page, 'air-pressure-summary')).resolves.toContain(formatThousands(p.avgMPa as number, 3));
        await screenshot(page, `air-compression-${tag}`);
        await page.getByTestId('air-units').scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await screenshot(page, `air-compression-tables-${tag}`);
      } finally {
        await context.close();
      }
    }, 240_000);
  }

  it('light en: the day type reads the project’s day in quarters, the year in months; the export reads back', async () => {
    const { context, page, manager } = await open('light', 'en');
    try {
      const answered = page.waitForResponse((r) => r.url().endsWith(COMPRESSOR_API.electricalRatio) && r.request().method() === 'POST');
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Day$/ }).click();
      const day = ((await (await answered).json()) as ApiReply<ElectricalRatio>).data;
      expect(day.grain).toBe('15m');
      expect(day.to - day.from).toBe(86_400_000);
      // the project's midnight (Asia/Shanghai), not the browser's (America/Los_Angeles)
      expect(new Date(day.from + SHANGHAI_MS).toISOString().slice(11, 19)).toBe('00:00:00');
      await page.locator('[data-testid="air-compressor"][data-ready="true"]').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(600);
      await screenshot(page, 'air-compression-day-light-en');

      const yearly = page.waitForResponse((r) => r.url().endsWith(COMPRESSOR_API.electricalRatio) && r.request().method() === 'POST');
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Year$/ }).click();
      const year = ((await (await yearly).json()) as ApiReply<ElectricalRatio>).data;
      expect(year.grain).toBe('month');
      expect(new Date(year.from + SHANGHAI_MS).toISOString().slice(5, 19)).toBe('01-01T00:00:00');
      await page.locator('[data-testid="air-compressor"][data-ready="true"]').waitFor({ timeout: 60_000 });

      // back to this month: the page shows the month's figures again (its queries are cached)
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Month$/ }).click();
      await page.locator('[data-testid="air-compressor"][data-ready="true"]').waitFor({ timeout: 60_000 });
      await expect.poll(() => text(page, 'air-kpi-kwh'), { timeout: 15_000 }).toContain(formatThousands(manager.station.kwh as number, 0));

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('air-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^compressed-air-\d{8}\.xlsx$/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await file.path());
      const book = wb.getWorksheet('Compressors');
      expect(book?.getRow(1).getCell(1).value).toBe('Compressor');
      expect([2, 3, 4, 5].map((r) => book?.getRow(r).getCell(1).value)).toEqual(['1#空压机', '2#空压机', '3#空压机', '4#空压机(变频)']);
      const fig = wb.getWorksheet('Figures');
      for (const [i, u] of manager.units.entries()) expect(Number(fig?.getRow(2 + i).getCell(3).value)).toBe(u.kwh);
    } finally {
      await context.close();
    }
  }, 240_000);
});
