import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ANALYSIS_API, type ApiReply, type ConsumptionAnalysis } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startSeededServer } from './support/seeded.js';
import type { RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /energyConsumption (issue 5) on the demo factory with its full history: the KPI cards show what
 * the consumption API answered the page, the year view, the export read back, and screenshots in
 * both themes and languages. It runs on a copy of the default 13 months of history, seeded once per build
 * (support/seeded.ts), with the server clock pinned at its start, so the figures stay put.
 */
let server: RunningServer;
let browser: Browser;

/** As the cards print: 2 decimals with thousands separators, '--' for null. */
const figure = (v: number | null) => (v === null ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
/** As the change figures print: sign, 1 decimal, '%'; '--' for null. */
const change = (v: number | null) => {
  if (v === null) return '--';
  const t = v.toFixed(1);
  return `${v > 0 && t !== '0.0' ? '+' : ''}${t}%`;
};

/** Opens the page and returns the consumption reply the page itself received. */
async function openAnalysis(theme: 'dark' | 'light', language: 'zh_cn' | 'en'): Promise<{ context: BrowserContext; page: Page; reply: ConsumptionAnalysis }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500, acceptDownloads: true });
  const page = await context.newPage();
  // the first load of the app can be slow on a busy machine: let it arrive before the login helper's 30 s waits
  await page.goto(`${server.url}/#/login`, { timeout: 90_000 });
  await page.getByTestId('login-username').waitFor({ timeout: 90_000 });
  await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
  const answered = page.waitForResponse((r) => r.url().endsWith(ANALYSIS_API.consumption) && r.request().method() === 'POST', { timeout: 90_000 });
  await page.evaluate(() => (location.hash = '#/energyConsumption'));
  const reply = ((await (await answered).json()) as ApiReply<ConsumptionAnalysis>).data;
  await page.getByTestId('analysis-kpis').waitFor({ timeout: 60_000 });
  return { context, page, reply };
}

async function kpiTexts(page: Page) {
  const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();
  return { total: await text('kpi-total-value'), tce: await text('kpi-tce-value'), co2: await text('kpi-co2-value'), yoy: await text('kpi-yoy-value'), mom: await text('kpi-mom-value') };
}

const expected = (a: ConsumptionAnalysis) => ({ total: figure(a.kpi.total), tce: figure(a.kpi.tce), co2: figure(a.kpi.co2T), yoy: change(a.kpi.yoyPct), mom: change(a.kpi.momPct) });

async function settle(page: Page) {
  await page.locator('[data-testid="analysis-bars"] canvas').first().waitFor();
  await page.locator('[data-testid="analysis-ranking"] canvas').first().waitFor();
  await page.waitForTimeout(600);
}

beforeAll(async () => {
  // the full 13-month history: 同比 needs last year's days
  [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('energy consumption analysis (issue 5)', () => {
  it('dark zh: this month of the factory; the KPI cards show the API figures; the year view; the export reads back', async () => {
    const { context, page, reply } = await openAnalysis('dark', 'zh_cn');
    try {
      expect([reply.modelLabel, reply.grain, reply.unit]).toEqual(['project', 'day', 'kWh']);
      expect(reply.kpi.total).toBeGreaterThan(0);
      expect(reply.kpi.tce).toBeCloseTo(((reply.kpi.total ?? 0) * 0.1229) / 1000, 6);
      expect(reply.kpi.yoyPct).not.toBeNull();
      expect(reply.children.length).toBeGreaterThan(1);
      await expect(kpiTexts(page)).resolves.toEqual(expected(reply));
      // this month's references are complete: no partial flag
      expect(reply.kpi.yoyCoveragePct).toBeGreaterThan(95);
      await expect(page.getByTestId('kpi-yoy-value-partial').count()).resolves.toBe(0);
      await expect(page.getByTestId('analysis-title').innerText()).resolves.toContain('能耗分析');
      await expect(page.getByTestId('analysis-table').innerText()).resolves.toContain(reply.children[0]?.name ?? '?');
      // the ranking follows the node tree: every building and the distribution room, each with its own
      // consumption, the shares adding up to the total (issue 11: 10kV配电室 100 % + 动力中心 32.2 %; review:
      // 1#厂房 and 2#仓库 无计量表 and 10kV配电室 67.8 %, their meters sat under its feeders)
      expect(reply.children.map((c) => c.name)).toEqual(expect.arrayContaining(['1#厂房', '2#仓库', '动力中心', '10kV配电室']));
      expect(reply.children.reduce((s, c) => s + (c.sharePct ?? 0), 0) + (reply.unassigned?.sharePct ?? 0)).toBeCloseTo(100, 6);
      for (const c of reply.children) expect(c.value, c.name).toBeGreaterThan(0);
      const share = (name: string) => reply.children.find((c) => c.name === name)?.sharePct ?? NaN;
      expect(share('1#厂房')).toBeGreaterThan(share('10kV配电室'));
      expect(share('10kV配电室')).toBeLessThan(10);
      await expect(page.getByTestId('analysis-table').innerText()).resolves.toContain('2#仓库');
      await settle(page);
      await screenshot(page, 'analysis-energy-consumption-dark-zh');

      // electricity under the factory's tariff scheme: the bars by time-of-use period add up to the total
      const tou = reply.tou;
      if (!tou) throw new Error('the demo factory has a tariff scheme: the reply should split by period');
      const split = Object.values(tou.totals).reduce((a, b) => a + b, 0) + tou.unclassified;
      expect(split).toBeCloseTo(reply.kpi.total ?? 0, 3);
      expect(tou.totals.valley).toBeGreaterThan(0);
      expect(tou.totals.peak).toBeGreaterThan(0);
      await page.getByTestId('analysis-bars-split').getByText('按分时电价时段').click();
      await expect.poll(() => page.getByTestId('analysis-bars').getAttribute('data-split')).toBe('tou');
      await expect(page.getByTestId('analysis-bars').innerText()).resolves.toContain(tou.schemeName);
      await page.waitForTimeout(600);
      await screenshot(page, 'analysis-energy-consumption-tou-dark-zh');

      // the factory counts its production in three workshops: consumption per piece (单耗)
      expect(reply.kpi.outputUnit).toBe('pcs');
      expect(reply.kpi.output).toBeGreaterThan(0);
      expect(reply.kpi.intensityPerOutput).toBeCloseTo((reply.kpi.total ?? 0) / (reply.kpi.output ?? 1), 9);
      const perPiece = (reply.kpi.intensityPerOutput ?? 0).toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
      await expect(page.getByTestId('output-intensity-value').innerText()).resolves.toBe(perPiece);

      // the year: month bars, the cards follow the new reply
      const answered = page.waitForResponse((r) => r.url().endsWith(ANALYSIS_API.consumption) && r.request().postData()?.includes('"dateType":5') === true, { timeout: 90_000 });
      await page.getByTestId('analysis-toolbar').getByRole('combobox', { name: '类型' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^年$/ }).click();
      const year = ((await (await answered).json()) as ApiReply<ConsumptionAnalysis>).data;
      expect([year.grain, year.series.length]).toEqual(['month', 12]);
      expect(year.kpi.total).toBeGreaterThan(reply.kpi.total ?? 0);
      await expect.poll(() => kpiTexts(page), { timeout: 15_000 }).toEqual(expected(year));
      // 13 months of demo history: last year's reference lacks January to autumn, and the card says so
      expect(year.kpi.yoyCoveragePct).toBeLessThan(50);
      await expect(page.getByTestId('kpi-yoy-value-partial').count()).resolves.toBe(1);
      await settle(page);
      await screenshot(page, 'analysis-energy-consumption-year-dark-zh');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^能耗分析-.+-\d{4}0101\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(sheet.rowCount).toBe(2 + year.children.length + (year.unassigned ? 1 : 0));
      expect(String(sheet.getRow(1).getCell(2).value)).toBe('用能 (kWh)');
      expect(Number(sheet.getRow(2).getCell(2).value)).toBeCloseTo(year.kpi.total ?? NaN, 2);
      expect(String(sheet.getRow(3).getCell(1).value)).toBe(year.children[0]?.name);
      expect(Number(sheet.getRow(3).getCell(5).value)).toBeCloseTo(year.children[0]?.sharePct ?? NaN, 2);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('light en: the same figures in English; a building shows its own consumption and area intensity', async () => {
    const { context, page, reply } = await openAnalysis('light', 'en');
    try {
      await expect(kpiTexts(page)).resolves.toEqual(expected(reply));
      await expect(page.getByTestId('analysis-kpis').innerText()).resolves.toContain('Consumption (kWh)');
      await settle(page);
      await screenshot(page, 'analysis-energy-consumption-light-en');

      const answered = page.waitForResponse((r) => r.url().endsWith(ANALYSIS_API.consumption) && r.request().postData()?.includes('"modelLabel":"building"') === true, { timeout: 90_000 });
      await page.getByTestId('analysis-tree').getByText('动力中心', { exact: true }).click();
      const building = ((await (await answered).json()) as ApiReply<ConsumptionAnalysis>).data;
      expect(building.kpi.areaM2).toBe(3200);
      expect(building.kpi.total).toBeGreaterThan(0);
      await expect.poll(() => kpiTexts(page), { timeout: 15_000 }).toEqual(expected(building));
      await expect(page.getByTestId('intensity-value').innerText()).resolves.toBe(
        (building.kpi.intensityPerM2 ?? 0).toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 }),
      );
      await settle(page);
      await screenshot(page, 'analysis-energy-consumption-building-light-en');
    } finally {
      await context.close();
    }
  }, 240_000);

  it('light zh and dark en render too', async () => {
    for (const [theme, language] of [
      ['light', 'zh_cn'],
      ['dark', 'en'],
    ] as const) {
      const { context, page, reply } = await openAnalysis(theme, language);
      try {
        await expect(kpiTexts(page)).resolves.toEqual(expected(reply));
        await settle(page);
        await screenshot(page, `analysis-energy-consumption-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
