import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FLOW_API, type ApiReply, type EnergyFlowReply, type LiveFlowReply } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /energyFlowAnalyse and /energyFlowAnalysis (issue 5) as fw_plant on the demo factory with 8 days
 * of history and a pinned clock: the Sankey page shows the supply and the incomer's loss branch the
 * flow API answered it, follows a switch to the day, exports the flow table (read back); the live
 * diagram shows the live supply and E-GATE offline; screenshots in both themes and languages.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

/** As the page prints a figure: thousands separators and `digits` decimals. */
const figure = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '--' : v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

async function open<T>(theme: 'dark' | 'light', language: 'zh_cn' | 'en', hash: string, api: string, ready: string): Promise<{ context: BrowserContext; page: Page; reply: T }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/#/login`, { timeout: 90_000 });
  await page.getByTestId('login-username').waitFor({ timeout: 90_000 });
  await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
  const answered = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.evaluate((h) => (location.hash = h), hash);
  const reply = ((await (await answered).json()) as ApiReply<T>).data;
  await page.getByTestId(ready).waitFor({ timeout: 60_000 });
  // the page says its data is drawn (what the pages bench times)
  await page.locator(`[data-testid="page"][data-page="${hash.slice(2)}"] [data-ready="true"]`).waitFor({ timeout: 60_000 });
  return { context, page, reply };
}

const openSankey = (theme: 'dark' | 'light', language: 'zh_cn' | 'en') => open<EnergyFlowReply>(theme, language, '#/energyFlowAnalyse', FLOW_API.period, 'flow-sankey');
const openDiagram = (theme: 'dark' | 'light', language: 'zh_cn' | 'en') => open<LiveFlowReply>(theme, language, '#/energyFlowAnalysis', FLOW_API.live, 'flow-diagram');

const kpi = async (page: Page, key: string) => ((await page.getByTestId(`flow-kpi-${key}`).locator('.ant-statistic-content-value').textContent()) ?? '').trim();

/** The flow table's value cell in the row from → to. */
async function rowValue(page: Page, from: string, to: string): Promise<string> {
  return page.getByTestId('flow-table').evaluate(
    (root, [f, t]) => {
      for (const tr of Array.from(root.querySelectorAll('tbody tr'))) {
        const cells = Array.from(tr.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim());
        if (cells[0] === f && cells[1] === t) return (tr.querySelector('[data-testid="flow-row-value"]')?.textContent ?? '').trim();
      }
      return 'row not found';
    },
    [from, to] as const,
  );
}

async function settle(page: Page, id: string) {
  await page.locator(`[data-testid="${id}"] canvas`).first().waitFor();
  await page.waitForTimeout(800);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '8' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('energy flow (issue 5)', () => {
  it('dark zh: the month of the factory — supply and the incomer loss as the API says; the day; the export reads back', async () => {
    const { context, page, reply } = await openSankey('dark', 'zh_cn');
    try {
      expect([reply.projectId, reply.modelLabel, reply.energyType, reply.unit]).toEqual([1, 'project', 2, 'kWh']);
      const hv = reply.nodes.find((n) => n.code === 'E-HV');
      expect(hv?.role).toBe('supply');
      const hvLoss = reply.links.find((l) => l.source === hv?.key && l.kind === 'loss');
      expect(hvLoss?.sharePct).toBeGreaterThan(2);
      expect(hvLoss?.sharePct).toBeLessThan(4);
      await expect(kpi(page, 'supply')).resolves.toBe(figure(reply.totals.supply));
      await expect(kpi(page, 'loss')).resolves.toBe(figure(reply.totals.loss));
      await expect(rowValue(page, hv?.name ?? '?', `损耗 · ${hv?.name}`)).resolves.toBe(figure(hvLoss?.value));
      await expect(page.getByTestId('flow-title').innerText()).resolves.toBe(reply.name);
      await settle(page, 'flow-sankey');
      await screenshot(page, 'flow-sankey-month-dark-zh');

      // the day: the figures follow the new reply
      const answered = page.waitForResponse((r) => r.url().endsWith(FLOW_API.period) && r.request().postData()?.includes('"dateType":1') === true, { timeout: 60_000 });
      await page.getByTestId('flow-toolbar').getByRole('combobox', { name: '类型' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^日$/ }).click();
      const day = ((await (await answered).json()) as ApiReply<EnergyFlowReply>).data;
      expect(day.to - day.from).toBe(86_400_000);
      expect(day.totals.supply).toBeGreaterThan(0);
      expect(day.totals.supply).toBeLessThan(reply.totals.supply ?? 0);
      await expect.poll(() => kpi(page, 'supply'), { timeout: 15_000 }).toBe(figure(day.totals.supply));
      const dayHvLoss = day.links.find((l) => l.source === hv?.key && l.kind === 'loss');
      await expect.poll(() => rowValue(page, hv?.name ?? '?', `损耗 · ${hv?.name}`), { timeout: 15_000 }).toBe(figure(dayHvLoss?.value));
      await settle(page, 'flow-sankey');
      await screenshot(page, 'flow-sankey-day-dark-zh');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('flow-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^能流分析-\d{8}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(sheet.rowCount).toBe(1 + day.links.length);
      expect(String(sheet.getRow(1).getCell(4).value)).toBe('能流 (kWh)');
      const lossRow = 2 + day.links.findIndex((l) => l === dayHvLoss);
      expect(String(sheet.getRow(lossRow).getCell(2).value)).toBe(`损耗 (${hv?.name})`);
      expect(Number(sheet.getRow(lossRow).getCell(4).value)).toBeCloseTo(dayHvLoss?.value ?? NaN, 2);
      expect(Number(sheet.getRow(lossRow).getCell(7).value)).toBeCloseTo(dayHvLoss?.sharePct ?? NaN, 2);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('light en: water of the factory in English; the table names the loss branches', async () => {
    const { context, page } = await openSankey('light', 'en');
    try {
      const answered = page.waitForResponse((r) => r.url().endsWith(FLOW_API.period) && r.request().postData()?.includes('"energyType":3') === true, { timeout: 60_000 });
      await page.getByTestId('flow-energy-type').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Water$/ }).click();
      const water = ((await (await answered).json()) as ApiReply<EnergyFlowReply>).data;
      expect(water.unit).toBe('m3');
      expect(water.totals.loss).toBeGreaterThan(0);
      await expect.poll(() => kpi(page, 'supply'), { timeout: 15_000 }).toBe(figure(water.totals.supply));
      const loss = water.links.find((l) => l.kind === 'loss');
      const parent = water.nodes.find((n) => n.key === loss?.source);
      await expect.poll(() => rowValue(page, parent?.name ?? '?', `Loss · ${parent?.name}`), { timeout: 15_000 }).toBe(figure(loss?.value));
      await expect(page.getByTestId('flow-table').innerText()).resolves.toContain('Share of supply');
      await settle(page, 'flow-sankey');
      await screenshot(page, 'flow-sankey-water-light-en');
    } finally {
      await context.close();
    }
  }, 240_000);

  it('light zh and dark en Sankey render too', async () => {
    for (const [theme, language] of [
      ['light', 'zh_cn'],
      ['dark', 'en'],
    ] as const) {
      const { context, page, reply } = await openSankey(theme, language);
      try {
        await expect(kpi(page, 'supply')).resolves.toBe(figure(reply.totals.supply));
        await settle(page, 'flow-sankey');
        await screenshot(page, `flow-sankey-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 240_000);

  it('live diagram, dark zh and light en: the live supply and loss the API answered, E-GATE offline, refreshed by the periodic task', async () => {
    for (const [theme, language] of [
      ['dark', 'zh_cn'],
      ['light', 'en'],
    ] as const) {
      const { context, page, reply } = await openDiagram(theme, language);
      try {
        expect([reply.energyType, reply.rateUnit]).toEqual([2, 'kW']);
        const hv = reply.meters.find((m) => m.code === 'E-HV');
        expect(hv).toMatchObject({ source: 'power', online: true });
        expect(reply.meters.filter((m) => !m.online).map((m) => m.code)).toEqual(['E-GATE']);
        await expect(page.getByTestId('flow-live-supply').innerText()).resolves.toContain(`${figure(reply.totals.supply, 1)} kW`);
        await expect(page.getByTestId('flow-live-loss').innerText()).resolves.toContain(`${figure(reply.totals.loss, 1)} kW`);
        await expect(page.getByTestId('flow-offline-count').innerText()).resolves.toBe(language === 'en' ? '1 offline' : '离线 1');
        // hovering the incomer shows its period total: today so far
        const label = page.getByTestId('flow-diagram').locator('svg text').filter({ hasText: hv?.name ?? '?' }).first();
        await label.hover();
        const today = `${language === 'en' ? 'Today so far' : '今日累计'}: ${figure(hv?.periodTotal)} kWh`;
        await expect.poll(() => page.getByTestId('flow-diagram').innerText(), { timeout: 10_000 }).toContain(today);
        // the periodic task asks again (15 s)
        const again = await page.waitForResponse((r) => r.url().endsWith(FLOW_API.live), { timeout: 40_000 });
        expect(again.status()).toBe(200);
        await page.locator('[data-testid="flow-diagram"] svg').first().waitFor();
        await label.hover();
        await page.waitForTimeout(800);
        await screenshot(page, `flow-diagram-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
