import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { COST_API, type ApiReply, type CostPeriod, type DemandCurve, type MonthBill } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * The cost pages (issue 5) on the demo factory with its seeded tariff (demand basis, 0.90): the
 * summary's total is the bill the API answered and the sum of its lines; the energy-charge, basic
 * and power-factor pages show the API's figures; the table export reads back; screenshots in both
 * themes and languages. The server clock is pinned (EMS_NOW).
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

const yuan = (fen: number) => {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
};
const fixed = (v: number | null, d = 2) => (v === null ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));

/** Opens a cost route and returns the first reply of `api` the page received. */
async function open<T>(
  route: string,
  api: string,
  theme: 'dark' | 'light',
  language: 'zh_cn' | 'en',
  user = 'fw_plant',
): Promise<{ context: BrowserContext; page: Page; reply: T }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1300, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, server.url, user, DEMO_PASSWORD);
  if (user === 'pf_admin') {
    // a platform user enters the factory from the platform home first
    await page.getByTestId('enter-project').first().click();
    await page.getByTestId('project-home').waitFor();
  }
  const answered = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST', { timeout: 30_000 });
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  const reply = ((await (await answered).json()) as ApiReply<T>).data;
  return { context, page, reply };
}

const text = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();
async function settle(page: Page) {
  await page.locator('canvas').first().waitFor();
  await page.waitForTimeout(700);
}

beforeAll(async () => {
  // 40 days of history: this month and the last one
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '40' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('electricity cost pages (issue 5)', () => {
  it('dark zh /energyCostAnalysis: the total is the API bill (Σ of its lines); the table export reads back', async () => {
    const { context, page, reply } = await open<MonthBill>('/energyCostAnalysis', COST_API.bill, 'dark', 'zh_cn');
    try {
      expect([reply.modelLabel, reply.billed, reply.basis, reply.pfStandard]).toEqual(['project', true, 'demand', '0.90']);
      expect(reply.kwh).toBeGreaterThan(0);
      expect(reply.totalFen).toBe(reply.lines.reduce((a, l) => a + l.fen, 0));
      expect(reply.totalFen).toBe(reply.energyFen + reply.basicFen + reply.pfFen + reply.surchargeFen);
      await expect.poll(() => text(page, 'cost-kpi-total'), { timeout: 15_000 }).toBe(yuan(reply.totalFen));
      await expect(text(page, 'cost-lines-total')).resolves.toBe(yuan(reply.totalFen));
      await expect(text(page, 'cost-kpi-energy')).resolves.toBe(yuan(reply.energyFen));
      await expect(page.getByTestId('cost-title').innerText()).resolves.toContain('能源成本分析');
      await settle(page);
      await screenshot(page, 'cost-summary-dark-zh');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('cost-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^电费汇总-.+-\d{4}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(String(sheet.getRow(1).getCell(7).value)).toBe('总电费(元)');
      const label = `${reply.year}-${String(reply.month).padStart(2, '0')}`;
      const row = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(1).value === label);
      expect(Number(row?.getCell(7).value)).toBe(reply.totalFen / 100);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('light en /energyCostAnalysis: the same bill in English', async () => {
    const { context, page, reply } = await open<MonthBill>('/energyCostAnalysis', COST_API.bill, 'light', 'en');
    try {
      await expect.poll(() => text(page, 'cost-kpi-total'), { timeout: 15_000 }).toBe(yuan(reply.totalFen));
      await expect(page.getByText('Bill lines').count()).resolves.toBeGreaterThan(0);
      await settle(page);
      await screenshot(page, 'cost-summary-light-en');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('/dudianEnergyFee: the energy charge and the TOU split of the month as the API answered', async () => {
    for (const [theme, language] of [
      ['light', 'zh_cn'],
      ['dark', 'en'],
    ] as const) {
      const { context, page, reply } = await open<CostPeriod>('/dudianEnergyFee', COST_API.period, theme, language);
      try {
        expect(reply.grain).toBe('day');
        expect(reply.energyFen).toBeGreaterThan(0);
        expect(reply.allocatedBasic.allocated).toBe(true);
        await expect.poll(() => text(page, 'cost-kpi-energy'), { timeout: 15_000 }).toBe(yuan(reply.energyFen));
        await expect(text(page, 'cost-kpi-kwh-valley')).resolves.toBe(fixed(reply.kwhByPeriod.valley ?? 0));
        await expect(text(page, 'cost-kpi-allocated')).resolves.toBe(yuan(reply.allocatedBasic.fen));
        await settle(page);
        await screenshot(page, `cost-energy-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        if (language === 'zh_cn') {
          // the day view: hour buckets, energy charge only, with the basic charge allocated to the day
          const answered = page.waitForResponse((r) => r.url().endsWith(COST_API.period) && r.request().postData()?.includes('"cycle":12') === true);
          await page.getByRole('combobox', { name: '类型' }).click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^日$/ }).click();
          const day = ((await (await answered).json()) as ApiReply<CostPeriod>).data;
          expect([day.grain, day.buckets.length, day.allocatedBasic.allocated]).toEqual(['hour', 24, true]);
          expect(day.allocatedBasic.fen).toBeLessThan(reply.allocatedBasic.fen);
          await expect.poll(() => text(page, 'cost-kpi-energy'), { timeout: 15_000 }).toBe(yuan(day.energyFen));
          await expect(text(page, 'cost-kpi-allocated')).resolves.toBe(yuan(day.allocatedBasic.fen));
          await settle(page);
          await screenshot(page, 'cost-energy-day-light-zh');
        }
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('/baseEnergyFee: MD with its time and the contract line; both bases compared', async () => {
    for (const [theme, language] of [
      ['dark', 'zh_cn'],
      ['light', 'en'],
    ] as const) {
      const { context, page, reply } = await open<DemandCurve>('/baseEnergyFee', COST_API.demand, theme, language);
      try {
        expect(reply.contractKw).toBe(2000);
        expect(reply.mdKw).toBe(Math.max(...reply.points.map((p) => p.kw)));
        await expect.poll(() => text(page, 'cost-kpi-md'), { timeout: 15_000 }).toBe(fixed(reply.mdKw));
        await expect(text(page, 'cost-capacity-fee')).resolves.toBe(yuan(4000 * 30 * 100));
        await settle(page);
        await screenshot(page, `cost-basic-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('/litiaoEnergyFee: cosφ, the rate and the adjustment of the month as the API answered', async () => {
    for (const [theme, language] of [
      ['light', 'zh_cn'],
      ['dark', 'en'],
    ] as const) {
      const { context, page, reply } = await open<MonthBill>('/litiaoEnergyFee', COST_API.bill, theme, language);
      try {
        expect(reply.kvarh).not.toBeNull();
        expect(reply.cosPhi).toBeGreaterThan(0.5);
        await expect.poll(() => text(page, 'cost-kpi-cosphi'), { timeout: 15_000 }).toBe(fixed(reply.cosPhi));
        await expect(text(page, 'cost-kpi-rate')).resolves.toBe(fixed(reply.pfPct));
        await expect(text(page, 'cost-kpi-pf')).resolves.toBe(yuan(reply.pfFen));
        await settle(page);
        await screenshot(page, `cost-pf-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('pf_admin opens the tariff-scheme editor from /energyCostAnalysis: the demo scheme, its calendar', async () => {
    const { context, page } = await open<MonthBill>('/energyCostAnalysis', COST_API.bill, 'light', 'zh_cn', 'pf_admin');
    try {
      await page.getByTestId('cost-schemes').click();
      await expect.poll(() => page.getByTestId('scheme-list').innerText(), { timeout: 15_000 }).toContain('10kV大工业两部制(示例)');
      await page.getByTestId('scheme-list').getByText('编辑').first().click();
      await page.getByTestId('scheme-form').waitFor();
      // the newest version opens with the dialog: its calendar editor is shown
      await page.getByText('生效日期 2024-01-01').waitFor();
      await expect(page.getByTestId('scheme-form').getByText('时段日历').count()).resolves.toBeGreaterThan(0);
      await page.waitForTimeout(500);
      await screenshot(page, 'cost-scheme-editor-light-zh');
    } finally {
      await context.close();
    }
  }, 120_000);
});
