import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DATA_ID, INGEST_API, TREND_API, type ApiReply, type TrendQueryBody, type TrendSeriesReply } from '@ems/contract';
import { formatWithUnit } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { addGateway, addMeter, apiCall, rootInProject, type ApiInit } from './support/api.js';
import { login, ROOT_PASSWORD } from './support/flows.js';

const FACTORY = '华东示范工厂';
const METER = 'E2E趋势电表';
const STEP = 15 * 60_000;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** yesterday 00:00 Asia/Shanghai, ms */
let day0: number;
let meterId: number;

/** The values pushed: kW 100 + i, V 220 + (i mod 10) / 2, every 15 min over yesterday (96 each). */
const kw = (i: number) => 100 + i;
const volts = (i: number) => 220 + (i % 10) / 2;

const api = <T>(path: string, init: ApiInit = {}): Promise<ApiReply<T>> => apiCall<T>(server, path, init);

/** The eight points of the year (issue 16): a daily shape, hashed noise, and one planted peak and one trough each. */
const YEAR_POINTS: { dataId: number; zh: string; base: number; swing: number }[] = [
  { dataId: DATA_ID.activePower, zh: '有功功率', base: 300, swing: 120 },
  { dataId: DATA_ID.reactivePower, zh: '无功功率', base: 90, swing: 40 },
  { dataId: DATA_ID.voltageA, zh: 'A相电压', base: 228, swing: 4 },
  { dataId: DATA_ID.voltageB, zh: 'B相电压', base: 229, swing: 4 },
  { dataId: DATA_ID.voltageC, zh: 'C相电压', base: 227, swing: 4 },
  { dataId: DATA_ID.currentA, zh: 'A相电流', base: 450, swing: 180 },
  { dataId: DATA_ID.currentB, zh: 'B相电流', base: 440, swing: 170 },
  { dataId: DATA_ID.currentC, zh: 'C相电流', base: 460, swing: 190 },
];
let root: Awaited<ReturnType<typeof rootInProject>>;

/** 365 days of the eight points every 15 min up to yesterday 00:00 (Shanghai), through the HTTP batch ingest, 5,000 a message. */
async function seedYear(gatewayKey: string): Promise<void> {
  const from = day0 - 365 * 86_400_000;
  const readings: { deviceId: number; dataId: number; ts: number; value: number }[] = [];
  YEAR_POINTS.forEach((p, k) => {
    for (let ts = from, i = 0; ts < day0; ts += STEP, i++) {
      const hour = ((ts + 8 * 3_600_000) / 3_600_000) % 24;
      const noise = (((i * 2654435761 + k * 40503) >>> 0) % 1000) / 1000;
      // the peak and the trough of each point on its own day, far from the ends
      const planted = i === 9000 + 3001 * k ? 3 : i === 20000 + 1777 * k ? -2 : 0;
      const value = p.base + p.swing * (Math.sin(((hour - 6) * Math.PI) / 12) + noise / 2) + planted * p.swing;
      readings.push({ deviceId: meterId, dataId: p.dataId, ts, value: Math.round(value * 100) / 100 });
    }
  });
  for (let i = 0; i < readings.length; i += 5000) {
    const res = await api<{ accepted: number; rejected: number }>(INGEST_API.batch, { headers: { 'x-gateway-key': gatewayKey }, body: { readings: readings.slice(i, i + 5000) } });
    expect(res.data.rejected).toBe(0);
  }
}

/** The Shanghai wall clock of ms, as the chart writes it. */
const shanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** As ROOT over the API: a meter in the demo factory, a gateway, and a day of readings through the HTTP batch ingest. */
async function seedReadings(): Promise<void> {
  root = await rootInProject(server, FACTORY);
  meterId = await addMeter(server, root, METER);
  const gatewayKey = await addGateway(server, root, 'e2e-trend');
  const shanghaiToday = new Date(Date.now() + 8 * 3_600_000);
  day0 = Date.UTC(shanghaiToday.getUTCFullYear(), shanghaiToday.getUTCMonth(), shanghaiToday.getUTCDate() - 1) - 8 * 3_600_000;
  const readings = Array.from({ length: 96 }, (_, i) => [
    { deviceId: meterId, dataId: DATA_ID.activePower, ts: day0 + i * STEP, value: kw(i) },
    { deviceId: meterId, dataId: DATA_ID.voltageA, ts: day0 + i * STEP, value: volts(i) },
  ]).flat();
  // a fresh reading too, so the device monitor shows the meter online
  readings.push({ deviceId: meterId, dataId: DATA_ID.activePower, ts: Date.now() - 60_000, value: 123.4 });
  readings.push({ deviceId: meterId, dataId: DATA_ID.voltageA, ts: Date.now() - 60_000, value: 520 });
  const res = await api<{ accepted: number; rejected: number }>(INGEST_API.batch, { headers: { 'x-gateway-key': gatewayKey }, body: { readings } });
  expect(res.data).toMatchObject({ accepted: 194, rejected: 0 });
  await seedYear(gatewayKey);
}

/** The trend table's visible rows as texts. */
async function tableRows(): Promise<string[][]> {
  const rows = page.locator('[data-testid="trend-chart"] .ant-table-tbody tr.ant-table-row');
  await rows.first().waitFor();
  return rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await seedReadings();
  // the browser in Los Angeles (the suite's default): the day and the table's times still read as on site
  context = await newContext(browser, { acceptDownloads: true, theme: 'light' });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('equipment trend analysis and device monitoring (issue 3 §4)', () => {
  it('ROOT enters the demo factory and opens equipment trend analysis from the menu', async () => {
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);
    await page.getByTestId('platform-home').waitFor();
    await page.locator('tr', { hasText: FACTORY }).getByTestId('enter-project').click();
    await page.getByTestId('project-home').waitFor();
    await page.getByTestId('menu-group-energyAnalysis').click();
    await page.getByTestId('menu-item-equipmentTrendAnalysis').click();
    await page.getByTestId('equipment-trend').waitFor();
  });

  it('picks the meter in the model tree and two of its data points; yesterday, raw', async () => {
    await page.getByTestId('trend-tree').locator('input').fill('E2E');
    await page.getByTestId('trend-tree').getByText(METER).click();
    const points = page.getByTestId('trend-points');
    await points.getByText('有功功率').click();
    await points.getByText('A相电压').click();
    await expect.poll(() => page.getByTestId('trend-selected-line').count()).toBe(2);
    await page.getByRole('button', { name: '上一时段' }).click();
    await page.locator('[data-testid="trend-chart"] canvas').first().waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'trend-equipment-curve');
  });

  it('the table view shows the pushed values', async () => {
    await page.locator('.ant-segmented-item', { hasText: '表格' }).click();
    const rows = await tableRows();
    expect(rows).toHaveLength(96);
    const date = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[0]).toEqual([date(day0), kw(0).toFixed(2), volts(0).toFixed(2)]);
    expect(rows[37]).toEqual([date(day0 + 37 * STEP), kw(37).toFixed(2), volts(37).toFixed(2)]);
    expect(rows[95]).toEqual([date(day0 + 95 * STEP), kw(95).toFixed(2), volts(95).toFixed(2)]);
    const headers = await page.locator('[data-testid="trend-chart"] .ant-table-thead th').allInnerTexts();
    expect(headers.join('|')).toContain(`${METER} - 有功功率 (kW)`);
  });

  it('the difference view shows next minus this, the last point 0', async () => {
    await page.getByRole('checkbox', { name: '差值' }).check();
    const rows = await tableRows();
    expect(rows[0]?.slice(1)).toEqual(['1.00', (volts(1) - volts(0)).toFixed(2)]);
    expect(rows[9]?.slice(1)).toEqual(['1.00', (volts(10) - volts(9)).toFixed(2)]);
    expect(rows[95]?.slice(1)).toEqual(['0.00', '0.00']);
    await screenshot(page, 'trend-equipment-table-diff');
    await page.getByRole('checkbox', { name: '差值' }).uncheck();
  });

  it('exports the table to a real .xlsx that reads back with the same values', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出/ }).click()]);
    expect(download.suggestedFilename()).toBe('设备趋势分析.xlsx');
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(97);
    expect(String(sheet.getRow(1).getCell(2).value)).toContain('有功功率');
    expect(sheet.getRow(2).getCell(2).value).toBe(kw(0));
    expect(sheet.getRow(39).getCell(3).value).toBe(volts(37));
  });

  it('a year of eight lines at the chart\'s width is drawn from the readings pyramid: its max/min markers are those of a full read (issue 16)', async () => {
    await page.locator('.ant-segmented-item', { hasText: '曲线' }).click();
    const points = page.getByTestId('trend-points');
    // yesterday's two lines off, the eight points of the year on
    const point = (zh: string) => points.getByText(new RegExp(`^${zh} \\(`));
    await point('有功功率').click();
    await point('A相电压').click();
    await expect.poll(() => page.getByTestId('trend-selected-line').count()).toBe(0);
    for (const p of YEAR_POINTS) await point(p.zh).click();
    await expect.poll(() => page.getByTestId('trend-selected-line').count()).toBe(8);
    const yearCall = page.waitForRequest((r) => r.url().endsWith(TREND_API.data) && (r.postDataJSON() as TrendQueryBody).startTime.endsWith('-01-01 00:00:00'));
    await page.getByRole('combobox', { name: '类型' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^年$/ }).click();
    const body = (await yearCall).postDataJSON() as TrendQueryBody;
    expect(body.meterConfigs).toHaveLength(8);
    expect(body.pixelWidth).toBeGreaterThan(300);
    await page.getByRole('checkbox', { name: '最大/最小值' }).check();
    const chart = page.locator('[data-testid="trend-chart"] div[role="img"]');
    await expect.poll(async () => ((await chart.getAttribute('aria-label')) ?? '').split('\n').length, { timeout: 30_000 }).toBe(8);
    const markers = ((await chart.getAttribute('aria-label')) ?? '').split('\n');

    // a full read of the same lines (no pixelWidth: every reading), as ROOT over the API
    const { pixelWidth: _px, ...whole } = body;
    const full = await api<TrendSeriesReply[]>(TREND_API.data, { headers: root.inProject, body: whole });
    expect(full.data).toHaveLength(8);
    full.data.forEach((line, i) => {
      expect(line.data.length).toBeGreaterThan(30_000);
      let max = line.data[0]!;
      let min = line.data[0]!;
      for (const p of line.data) {
        if ((p.value as number) > (max.value as number)) max = p;
        if ((p.value as number) < (min.value as number)) min = p;
      }
      const name = `${METER} - ${YEAR_POINTS[i]!.zh}`;
      expect(markers[i]).toBe(
        `${name}：最大值 ${formatWithUnit(max.value, line.param.unit)}（${shanghai(max.time)}），最小值 ${formatWithUnit(min.value, line.param.unit)}（${shanghai(min.time)}）`,
      );
    });
    await page.waitForTimeout(500);
    await screenshot(page, 'trend-equipment-year-8-lines');
  });

  it('device monitoring shows the meter online with its live values and the over-limit voltage', async () => {
    await page.getByTestId('menu-group-monitoring').click();
    await page.getByTestId('menu-item-deviceMonitor').click();
    await page.getByTestId('device-monitor').waitFor();
    // the page says the devices' live values are drawn (what the pages bench times)
    await page.locator('[data-testid="device-monitor"][data-ready="true"]').waitFor();
    const card = page.locator(`[data-testid="monitor-device"][data-device-id="${meterId}"]`);
    await card.waitFor();
    await expect(card.getAttribute('data-online')).resolves.toBe('true');
    await expect(card.getByTestId('monitor-online').innerText()).resolves.toBe('在线');
    await expect(card.locator('[data-testid="monitor-point"][data-data-id="3"]').innerText()).resolves.toContain('123.40 kW');
    await expect(card.locator('[data-testid="monitor-point"][data-data-id="5"]').getAttribute('data-limit')).resolves.toBe('over');
    await screenshot(page, 'device-monitor');
  });

  it('both pages in English and the dark theme', async () => {
    const en = await newContext(browser, { locale: 'en-US', theme: 'dark', language: 'en' });
    const p = await en.newPage();
    try {
      await login(p, server.url, 'ROOT', ROOT_PASSWORD);
      await p.locator('tr', { hasText: 'East China Demo Factory' }).getByTestId('enter-project').click();
      await p.getByTestId('project-home').waitFor();
      await p.getByTestId('menu-group-monitoring').click();
      await p.getByTestId('menu-item-deviceMonitor').click();
      const card = p.locator(`[data-testid="monitor-device"][data-device-id="${meterId}"]`);
      await expect(card.getByTestId('monitor-online').innerText()).resolves.toBe('Online');
      await expect(card.locator('[data-testid="monitor-point"][data-data-id="5"]').innerText()).resolves.toContain('voltage phase A');
      await screenshot(p, 'device-monitor-dark-en');
      await p.getByTestId('menu-group-energyAnalysis').click();
      await p.getByTestId('menu-item-equipmentTrendAnalysis').click();
      await p.getByTestId('equipment-trend').waitFor();
      await p.getByTestId('trend-tree').getByText(METER).click();
      await p.getByTestId('trend-points').getByText('active power P').click();
      await p.getByRole('button', { name: 'Previous period' }).click();
      await p.getByRole('checkbox', { name: 'Max/min' }).check();
      await p.locator('[data-testid="trend-chart"] canvas').first().waitFor();
      await p.waitForTimeout(500);
      await screenshot(p, 'trend-equipment-dark-en');
    } finally {
      await en.close();
    }
  });
});
