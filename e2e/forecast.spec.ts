import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FORECAST_API, type ApiReply, type Forecast, type ForecastAnalysis } from '@ems/contract';
import { formatNumber, formatThousands } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * The forecast pages (issue 5, DOMAIN §12) as fw_plant on the demo factory: the metric cards, the
 * horizon total, the month-end projection and the projected bill show the API's figures; the
 * verdict colours follow the Guideline 14 judgement; the horizon tabs, the date type and the method
 * switch what is asked; the tables export and read back; screenshots in both themes and languages.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

const pct = (v: number | null) => (v === null ? '--' : `${formatNumber(v, 2)}%`);
const fig = (v: number | null) => formatThousands(v, 2);
const yuan = (fen: number) => `${Math.floor(Math.abs(fen) / 100).toLocaleString('en-US')}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
const text = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();

async function open<T>(route: string, api: string, theme: 'dark' | 'light', language: 'zh_cn' | 'en'): Promise<{ context: BrowserContext; page: Page; reply: T }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
  const answered = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.evaluate((r) => (location.hash = `#${r}`), route);
  const reply = ((await (await answered).json()) as ApiReply<T>).data;
  // the page says its data is drawn (what the pages bench times)
  await page.locator(`[data-testid="page"][data-page="${route.slice(1)}"] [data-ready="true"]`).waitFor({ timeout: 60_000 });
  return { context, page, reply };
}

async function settle(page: Page) {
  await page.locator('canvas').first().waitFor();
  await page.waitForTimeout(700);
}

/** The three cards show the metrics and the verdicts of the judgement. */
async function expectCards(page: Page, m: { mapePct: number | null; cvRmsePct: number | null; nmbePct: number | null }, j: { cvRmsePass: boolean | null; nmbePass: boolean | null; mapePass: boolean | null }) {
  await expect.poll(() => text(page, 'metric-cvRmse-value'), { timeout: 20_000 }).toBe(pct(m.cvRmsePct));
  await expect(text(page, 'metric-mape-value')).resolves.toBe(pct(m.mapePct));
  await expect(text(page, 'metric-nmbe-value')).resolves.toBe(pct(m.nmbePct));
  const verdict = (p: boolean | null) => (p === null ? 'none' : p ? 'pass' : 'fail');
  await expect(page.getByTestId('metric-cvRmse').getAttribute('data-verdict')).resolves.toBe(verdict(j.cvRmsePass));
  await expect(page.getByTestId('metric-nmbe').getAttribute('data-verdict')).resolves.toBe(verdict(j.nmbePass));
  await expect(page.getByTestId('metric-mape').getAttribute('data-verdict')).resolves.toBe(verdict(j.mapePass));
}

async function download(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('forecast-export').click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return { name: file.suggestedFilename(), sheet };
}

beforeAll(async () => {
  // 8 weeks of history: the hourly model's whole window, and a back-test before a month's range for its band
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '56' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('consumption forecast pages (issue 5)', () => {
  it('dark zh /energyPredict: 24 h back-test cards, total, month-end projection and projected bill as the API; the 7-day tab exports', async () => {
    const { context, page, reply } = await open<Forecast>('/energyPredict', FORECAST_API.predict, 'dark', 'zh_cn');
    try {
      expect([reply.modelLabel, reply.method, reply.energyType]).toEqual(['project', 'auto', 2]);
      expect(reply.horizons.map((h) => h.key)).toEqual(['day', 'week', 'month']);
      const day = reply.horizons[0];
      if (!day) throw new Error('no day horizon');
      await expectCards(page, day.backtest, day.judgement);
      await expect(text(page, 'forecast-total')).resolves.toContain(fig(day.total.p50));
      await expect(page.getByTestId('forecast-table').locator('tbody tr.ant-table-row').count()).resolves.toBe(24);
      // the month-end projection and its bill: the factory's seeded tariff prices it; labelled a projection
      const month = reply.month;
      expect(month?.bill?.billed).toBe(true);
      await expect(text(page, 'forecast-month-projected')).resolves.toBe(fig(month?.p50 ?? null));
      await expect(text(page, 'forecast-month-to-date')).resolves.toBe(fig(month?.actualToDate ?? null));
      await expect(text(page, 'forecast-bill-projected')).resolves.toBe(yuan(month?.bill?.p50Fen ?? 0));
      await expect(text(page, 'forecast-bill-to-date')).resolves.toBe(yuan(month?.bill?.toDateFen ?? 0));
      expect(month?.bill?.p50Fen).toBeGreaterThan(month?.bill?.toDateFen ?? Infinity);
      await expect(text(page, 'forecast-bill-note')).resolves.toContain('预测值');
      await expect(page.getByTestId('forecast-cost-link').getAttribute('href')).resolves.toContain('/energyCostAnalysis');
      if (reply.dayAhead) await expect(text(page, 'forecast-day-ahead-value')).resolves.toBe(pct(reply.dayAhead.metrics.mapePct));
      await settle(page);
      await screenshot(page, 'forecast-predict-dark-zh');

      await page.getByTestId('forecast-tab-week').click();
      const week = reply.horizons[1];
      if (!week) throw new Error('no week horizon');
      await expectCards(page, week.backtest, week.judgement);
      await expect(page.getByTestId('forecast-table').locator('tbody tr.ant-table-row').count()).resolves.toBe(7);
      const { name, sheet } = await download(page);
      expect(name).toBe(`能耗预测-${reply.name}-未来7天.xlsx`);
      expect(sheet.getRow(1).values).toEqual([undefined, '时间', '实际(kWh)', 'P10(kWh)', '预测P50(kWh)', 'P90(kWh)']);
      expect(sheet.rowCount).toBe(8);
      expect(Number(sheet.getRow(2).getCell(4).value)).toBeCloseTo(week.points[0]?.p50 ?? NaN, 1);
      expect(Number(sheet.getRow(8).getCell(5).value)).toBeCloseTo(week.points[6]?.p90 ?? NaN, 1);
      await settle(page);
      await screenshot(page, 'forecast-predict-week-dark-zh');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('light en /energyPredict: the month tab, and Holt-Winters asked for by the method selector', async () => {
    const { context, page, reply } = await open<Forecast>('/energyPredict', FORECAST_API.predict, 'light', 'en');
    try {
      await page.getByTestId('forecast-tab-month').click();
      const month = reply.horizons[2];
      if (!month) throw new Error('no month horizon');
      await expectCards(page, month.backtest, month.judgement);
      await expect(page.getByTestId('forecast-table').locator('tbody tr.ant-table-row').count()).resolves.toBe(month.points.length);
      await expect(text(page, 'forecast-bill-note')).resolves.toContain('A projection');
      await settle(page);
      await screenshot(page, 'forecast-predict-month-light-en');

      const answered = page.waitForResponse((r) => r.url().endsWith(FORECAST_API.predict) && r.request().postData()?.includes('"holtWinters"') === true, { timeout: 60_000 });
      await page.getByTestId('forecast-method').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Holt-Winters' }).click();
      const hw = ((await (await answered).json()) as ApiReply<Forecast>).data;
      const hwMonth = hw.horizons.find((h) => h.key === 'month');
      expect(hwMonth?.method).toBe('holtWinters');
      if (hwMonth) await expectCards(page, hwMonth.backtest, hwMonth.judgement);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('dark en /energyPredictionAndAnalysis: this week hour by hour, then the month day by day with the day-ahead MAPE target; export reads back', async () => {
    const { context, page, reply } = await open<ForecastAnalysis>('/energyPredictionAndAnalysis', FORECAST_API.analysis, 'dark', 'en');
    try {
      expect(reply.grain).toBe('hour');
      expect(reply.metrics.n).toBeGreaterThan(0);
      await expectCards(page, reply.metrics, reply.judgement);
      await expect(text(page, 'forecast-totals')).resolves.toContain(fig(reply.totalActual));
      await settle(page);
      await screenshot(page, 'forecast-analysis-week-dark-en');

      const answered = page.waitForResponse((r) => r.url().endsWith(FORECAST_API.analysis) && r.request().postData()?.includes('"dateType":3') === true, { timeout: 60_000 });
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Month$/ }).click();
      const month = ((await (await answered).json()) as ApiReply<ForecastAnalysis>).data;
      expect([month.grain, month.judgement.mapeTargetPct]).toEqual(['day', 10]);
      await expectCards(page, month.metrics, month.judgement);
      await expect(page.getByTestId('forecast-table').locator('tbody tr.ant-table-row').count()).resolves.toBe(month.points.length);
      const { name, sheet } = await download(page);
      expect(name).toMatch(/^forecast-analysis-.+-\d{8}\.xlsx$/);
      expect(sheet.rowCount).toBe(month.points.length + 1);
      expect(String(sheet.getRow(1).getCell(3).value)).toBe('Day-ahead forecast (kWh)');
      const withBoth = month.points.findIndex((p) => p.actual !== null && p.forecast !== null);
      expect(Number(sheet.getRow(2 + withBoth).getCell(2).value)).toBeCloseTo(month.points[withBoth]?.actual ?? NaN, 1);
      expect(Number(sheet.getRow(2 + withBoth).getCell(3).value)).toBeCloseTo(month.points[withBoth]?.forecast ?? NaN, 1);
      await settle(page);
      await screenshot(page, 'forecast-analysis-month-dark-en');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('light zh /energyPredictionAndAnalysis: the same cards in Chinese', async () => {
    const { context, page, reply } = await open<ForecastAnalysis>('/energyPredictionAndAnalysis', FORECAST_API.analysis, 'light', 'zh_cn');
    try {
      await expectCards(page, reply.metrics, reply.judgement);
      await expect(page.getByTestId('forecast-title').innerText()).resolves.toContain('能耗预测分析');
      await settle(page);
      await screenshot(page, 'forecast-analysis-week-light-zh');
    } finally {
      await context.close();
    }
  }, 180_000);
});
