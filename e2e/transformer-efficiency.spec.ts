import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { POWER_API, type ApiReply, type TransformerEfficiency } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /transformerEnergyEfficiency (issue 14) as fw_cloud on the demo factory with 40 days of history,
 * the browser in America/Los_Angeles: the KPI cards and the fleet table show the figures the API
 * answered, the table's totals row is the sum of the rows as shown, the day and year types re-read
 * in the project's calendar, another unit opens in depth, the export reads back; screenshots in
 * both themes and languages.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const DAY = 86_400_000;

type Lang = 'zh_cn' | 'en';
const READY = '[data-testid="transformer-efficiency"][data-ready="true"]';

async function open(theme: 'dark' | 'light', language: Lang): Promise<{ context: BrowserContext; page: Page; reply: TransformerEfficiency }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500, acceptDownloads: true });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().endsWith(POWER_API.efficiency) && r.request().method() === 'POST', { timeout: 60_000 });
  answered.catch(() => undefined);
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  await page.evaluate(() => (location.hash = '#/transformerEnergyEfficiency'));
  const reply = ((await (await answered).json()) as ApiReply<TransformerEfficiency>).data;
  await page.locator(READY).waitFor({ timeout: 30_000 });
  return { context, page, reply };
}

/** The number a cell shows ('12,345.6' → 12345.6; '--' → null). */
const shown = async (page: Page, testId: string) => {
  const s = (await page.getByTestId(testId).innerText()).replace(/[,%¥\s]/g, '');
  return s === '--' ? null : Number(s);
};

/** Switches the date type and returns the re-read reply once drawn. */
async function switchType(page: Page, language: Lang, label: RegExp): Promise<TransformerEfficiency> {
  const answered = page.waitForResponse((r) => r.url().endsWith(POWER_API.efficiency) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.getByRole('combobox', { name: language === 'en' ? 'Type' : '类型' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
  const reply = ((await (await answered).json()) as ApiReply<TransformerEfficiency>).data;
  await page.locator(READY).waitFor({ timeout: 30_000 });
  return reply;
}

/** KPI cards and table cells against the reply; the totals row equals the sum of the rows as shown. */
async function checkFigures(page: Page, r: TransformerEfficiency) {
  const t = r.totals;
  await expect.poll(() => page.getByTestId('eff-kpi-energy').innerText(), { timeout: 15_000 }).toContain(formatThousands(t.energyKwh, 1));
  await expect(page.getByTestId('eff-kpi-loss').innerText()).resolves.toContain(formatThousands(t.lossKwh, 1));
  await expect(page.getByTestId('eff-kpi-lossYuan').innerText()).resolves.toContain(formatThousands(t.lossYuan ?? NaN, 2));
  await expect(page.getByTestId('eff-kpi-lossRate').innerText()).resolves.toContain(formatNumber(t.lossRatePct, 2));
  await expect(page.getByTestId('eff-kpi-loadRate').innerText()).resolves.toContain(formatNumber(t.loadRateAvgPct, 1));
  for (const x of r.rows) {
    await expect(page.getByTestId(`eff-lossYuan-${x.id}`).innerText()).resolves.toBe(formatThousands(x.lossYuan ?? NaN, 2));
    await expect(page.getByTestId(`eff-loss-${x.id}`).innerText()).resolves.toBe(formatThousands(x.lossKwh ?? NaN, 1));
  }
  for (const [key, d] of [
    ['energy', 1],
    ['noLoad', 1],
    ['load', 1],
    ['loss', 1],
    ['noLoadYuan', 2],
    ['loadYuan', 2],
    ['lossYuan', 2],
  ] as const) {
    let units = 0;
    for (const x of r.rows) units += Math.round(((await shown(page, `eff-${key}-${x.id}`)) ?? 0) * 10 ** d);
    expect(Math.round(((await shown(page, `eff-total-${key}`)) ?? NaN) * 10 ** d), `${key}: total = Σ rows on screen`).toBe(units);
  }
  // loss = no-load + load, on screen
  expect(Math.round(((await shown(page, 'eff-total-loss')) ?? 0) * 10)).toBe(Math.round(((await shown(page, 'eff-total-noLoad')) ?? 0) * 10) + Math.round(((await shown(page, 'eff-total-load')) ?? 0) * 10));
}

/** The table scrolled to its right end: the ¥ columns, the grade and the advice with its money. */
async function tableRight(page: Page) {
  await page.getByTestId('eff-table').scrollIntoViewIfNeeded();
  await page.locator('[data-testid="eff-table"] .ant-table-content, [data-testid="eff-table"] .ant-table-body').first().evaluate((el) => (el.scrollLeft = el.scrollWidth));
  await page.waitForTimeout(300);
}

async function settle(page: Page) {
  for (const id of ['eff-load-card', 'eff-zones-card', 'eff-split-card', 'eff-eta-card']) await page.locator(`[data-testid="${id}"] canvas`).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '40' }), launchBrowser()]);
  await waitSeeded(server);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('transformer efficiency (issue 14)', () => {
  it('light en: this month\'s figures, totals = Σ rows on screen; day and year re-read in the project\'s calendar; another unit in depth; the export reads back', async () => {
    const { context, page, reply } = await open('light', 'en');
    try {
      expect(reply.rows.map((r) => [r.name, r.ratedKva, r.grade])).toEqual([
        ['1#变压器', 1600, 3],
        ['2#变压器', 1600, 3],
        ['3#变压器', 800, 3],
      ]);
      expect(reply.tariff.schemeName).not.toBeNull();
      for (const r of reply.rows) {
        expect(r.lossYuan).toBeGreaterThan(0);
        expect((r.noLoadLossKwh ?? 0) + (r.loadLossKwh ?? 0)).toBeCloseTo(r.lossKwh ?? NaN, 6);
      }
      await checkFigures(page, reply);
      await expect(page.getByTestId('eff-grade').innerText()).resolves.toBe('GB 20052-2024 Grade 3');
      await settle(page);
      await screenshot(page, 'transformer-efficiency-light-en');
      await tableRight(page);
      await screenshot(page, 'transformer-efficiency-table-light-en');

      const day = await switchType(page, 'en', /^Day$/);
      // the project's day (Asia/Shanghai), not the browser's
      expect(day.to - day.from).toBe(DAY);
      expect(new Date(day.from + 8 * 3_600_000).getUTCHours()).toBe(0);
      expect([day.grain, day.step]).toEqual(['15m', 'hour']);
      await checkFigures(page, day);

      const year = await switchType(page, 'en', /^Year$/);
      expect([year.grain, year.step]).toEqual(['hour', 'month']);
      expect(year.totals.lossKwh).toBeGreaterThan(reply.totals.lossKwh);
      await checkFigures(page, year);

      // 3# in depth: its loss split is the month buckets of 3#
      const picked = page.waitForResponse((r) => r.url().endsWith(POWER_API.efficiency) && r.request().postData()?.includes(`"transformerId":${year.rows[2]?.id}`) === true, { timeout: 60_000 });
      await page.getByTestId(`eff-open-${year.rows[2]?.id}`).click();
      const t3 = ((await (await picked).json()) as ApiReply<TransformerEfficiency>).data;
      expect(t3.detail?.transformerId).toBe(year.rows[2]?.id);
      const sum = (t3.detail?.buckets ?? []).reduce((a, b) => a + (b.noLoadLossKwh ?? 0) + (b.loadLossKwh ?? 0), 0);
      expect(sum).toBeCloseTo(t3.rows[2]?.lossKwh ?? NaN, 0);
      await expect.poll(() => page.getByTestId('eff-split-card').innerText(), { timeout: 15_000 }).toContain('3#变压器');

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('eff-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^transformer-efficiency-\d{8}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await file.path());
      const sheet = book.worksheets[0];
      expect(sheet?.rowCount).toBe(1 + t3.rows.length + 1);
      expect(String(sheet?.getRow(1).getCell(11).value)).toBe('Loss cost (¥)');
      t3.rows.forEach((r, i) => expect(Number(sheet?.getRow(2 + i).getCell(11).value)).toBeCloseTo(r.lossYuan ?? NaN, 2));
      const totalRow = sheet?.getRow(2 + t3.rows.length);
      expect(String(totalRow?.getCell(1).value)).toBe('Fleet total');
      expect(Number(totalRow?.getCell(11).value)).toBeCloseTo(t3.totals.lossYuan ?? NaN, 2);
      expect(book.worksheets[1]?.name).toBe('3#变压器 losses');
      expect(book.worksheets[1]?.rowCount).toBe(1 + (t3.detail?.buckets.length ?? 0));
    } finally {
      await context.close();
    }
  }, 300_000);

  for (const [theme, language] of [
    ['dark', 'zh_cn'],
    ['dark', 'en'],
    ['light', 'zh_cn'],
  ] as const) {
    it(`${theme} ${language}: the figures as answered, the totals row the sum of the rows; screenshots`, async () => {
      const { context, page, reply } = await open(theme, language);
      try {
        await checkFigures(page, reply);
        await expect(page.getByTestId('eff-grade').innerText()).resolves.toBe(language === 'en' ? 'GB 20052-2024 Grade 3' : 'GB 20052-2024 3级');
        await settle(page);
        const tag = `${theme}-${language === 'en' ? 'en' : 'zh'}`;
        await screenshot(page, `transformer-efficiency-${tag}`);
        await tableRight(page);
        await screenshot(page, `transformer-efficiency-table-${tag}`);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
