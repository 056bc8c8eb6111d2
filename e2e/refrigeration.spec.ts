import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHILLER_API, type ApiReply, type ChillerEfficiency } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /refrigerationEfficiency (issue 14) as fw_cloud on the demo factory with 60 days of history, the
 * browser in America/Los_Angeles: the KPI cards, the temperature figures and the chiller table show
 * what the API answered; the day and year types re-read in the project's calendar; the export reads
 * back; screenshots in both themes and languages.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const DAY = 86_400_000;

type Lang = 'zh_cn' | 'en';
const READY = '[data-testid="chiller-efficiency"][data-ready="true"]';
const isChiller = (r: { url(): string; request(): { method(): string } }) => r.url().endsWith(CHILLER_API.efficiency) && r.request().method() === 'POST';
const num = (v: number | null, d: number, thousands = false) => (v === null ? '--' : thousands ? formatThousands(v, d) : formatNumber(v, d));

async function open(theme: 'dark' | 'light', language: Lang): Promise<{ context: BrowserContext; page: Page; reply: ChillerEfficiency }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1900, acceptDownloads: true });
  const page = await context.newPage();
  const answered = page.waitForResponse(isChiller, { timeout: 60_000 });
  answered.catch(() => undefined);
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  await page.evaluate(() => (location.hash = '#/refrigerationEfficiency'));
  const reply = ((await (await answered).json()) as ApiReply<ChillerEfficiency>).data;
  await page.locator(READY).waitFor({ timeout: 30_000 });
  return { context, page, reply };
}

async function switchType(page: Page, label: RegExp): Promise<ChillerEfficiency> {
  const answered = page.waitForResponse(isChiller, { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
  const reply = ((await (await answered).json()) as ApiReply<ChillerEfficiency>).data;
  await page.locator(READY).waitFor({ timeout: 30_000 });
  return reply;
}

/** The cards, the temperature figures and the table against the reply, as the page formats them. */
async function checkFigures(page: Page, r: ChillerEfficiency, language: Lang) {
  const p = r.plant;
  await expect.poll(() => page.getByTestId('chiller-kpi-cooling').innerText(), { timeout: 15_000 }).toContain(num(p.coolingKwh, 0, true));
  await expect(page.getByTestId('chiller-kpi-cop').innerText()).resolves.toContain(num(p.cop, 2));
  await expect(page.getByTestId('chiller-kpi-kwPerRt').innerText()).resolves.toContain(num(p.kwPerRt, 3));
  await expect(page.getByTestId('chiller-kpi-eer').innerText()).resolves.toContain(num(p.eer, 2));
  await expect(page.getByTestId('chiller-temp-chws').innerText()).resolves.toContain(num(p.temps.chws, 1));
  await expect(page.getByTestId('chiller-temp-wetBulb').innerText()).resolves.toContain(num(p.temps.wetBulbC, 1));
  await expect(page.getByTestId('chiller-temp-approach').innerText()).resolves.toContain(num(p.temps.approachK, 2));
  const grades = await page.getByTestId('chiller-kpi-grade').innerText();
  for (const c of r.chillers) {
    await expect(page.getByTestId(`chiller-cooling-${c.id}`).innerText()).resolves.toBe(num(c.coolingKwh, 0, true));
    await expect(page.getByTestId(`chiller-cop-${c.id}`).innerText()).resolves.toBe(num(c.cop, 2));
    await expect(page.getByTestId(`chiller-iplv-${c.id}`).innerText()).resolves.toBe(num(c.iplv, 2));
    expect(grades).toContain(c.name);
  }
  await expect(page.getByTestId('chiller-total-cop').innerText()).resolves.toBe(num(p.cop, 2));
  await expect(page.getByTestId('chiller-standard').innerText()).resolves.toContain(language === 'en' ? `Grades by ${r.standard.code}` : `能效等级依据 ${r.standard.code}`);
}

async function settle(page: Page) {
  for (const id of ['chiller-trend-card', 'chiller-scatter-card', 'chiller-temps-card', 'chiller-split-card']) await page.locator(`[data-testid="${id}"] canvas`).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '60' }), launchBrowser()]);
  await waitSeeded(server, 600_000);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('chiller plant efficiency (issue 14)', () => {
  it("light en: this month's plant and chillers as answered; day and year re-read in the project's calendar; the export reads back", async () => {
    const { context, page, reply } = await open('light', 'en');
    try {
      expect(reply.chillers.map((c) => [c.name, c.ratedCoolingKw, c.condenser])).toEqual([
        ['1#冷水机组', 879, 'water'],
        ['2#冷水机组', 879, 'water'],
        ['3#冷水机组', 879, 'water'],
      ]);
      expect(reply.bucket).toBe('day');
      expect(reply.plant.coolingKwh).toBeGreaterThan(0);
      // the demo chillers' part-load COP (rated 5.7) and a wire-to-water EER below it
      expect(reply.plant.cop).toBeGreaterThan(4);
      expect(reply.plant.cop).toBeLessThan(7.5);
      expect(reply.plant.eer).toBeLessThan(reply.plant.cop as number);
      await checkFigures(page, reply, 'en');
      await settle(page);
      await screenshot(page, 'refrigeration-light-en');

      const day = await switchType(page, /^Day$/);
      // the project's day (Asia/Shanghai), not the browser's
      expect(day.to - day.from).toBe(DAY);
      expect(new Date(day.from + 8 * 3_600_000).getUTCHours()).toBe(0);
      expect([day.bucket, day.trend.length]).toEqual(['hour', 24]);
      await checkFigures(page, day, 'en');

      const year = await switchType(page, /^Year$/);
      expect([year.bucket, year.trend.length]).toEqual(['month', 12]);
      expect(year.plant.coolingKwh).toBeGreaterThanOrEqual(reply.plant.coolingKwh);
      await checkFigures(page, year, 'en');

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chiller-export').click()]);
      expect(file.suggestedFilename()).toMatch(/^chiller-plant-\d{8}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await file.path());
      const sheet = book.getWorksheet('Chillers');
      expect(sheet?.rowCount).toBe(1 + year.chillers.length + 1);
      expect(String(sheet?.getRow(1).getCell(7).value)).toBe('COP');
      year.chillers.forEach((c, i) => {
        expect(String(sheet?.getRow(2 + i).getCell(1).value)).toBe(c.name);
        expect(Number(sheet?.getRow(2 + i).getCell(4).value)).toBeCloseTo(c.coolingKwh, 1);
        expect(Number(sheet?.getRow(2 + i).getCell(7).value)).toBeCloseTo(c.cop ?? NaN, 2);
      });
      expect(String(sheet?.getRow(2 + year.chillers.length).getCell(1).value)).toBe('Plant');
      const trend = book.getWorksheet('Trend');
      expect(trend?.rowCount).toBe(1 + 12);
      expect(Number(trend?.getRow(1 + 12).getCell(2).value ?? 0)).toBeCloseTo(year.trend[11]?.coolingKwh ?? 0, 1);
    } finally {
      await context.close();
    }
  }, 300_000);

  for (const [theme, language] of [
    ['dark', 'zh_cn'],
    ['dark', 'en'],
    ['light', 'zh_cn'],
  ] as const) {
    it(`${theme} ${language}: the figures as answered; screenshots`, async () => {
      const { context, page, reply } = await open(theme, language);
      try {
        await checkFigures(page, reply, language);
        await settle(page);
        await screenshot(page, `refrigeration-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
