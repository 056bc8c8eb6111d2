import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { POWER_API, type ApiReply, type Bay, type BusbarView, type TransformerAnalysis, type TransformerFleet } from '@ems/contract';
import { formatNumber } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /generatrixMonitor, /powertransformerOverview and /powertransformerAnalysis (issue 5) as fw_plant
 * on the demo factory with 8 days of history (PQ readings for the last 3): the diagram, the tables
 * and the cards show the figures the power API answered the page; date types switch; the exports
 * read back; screenshots in both themes and languages. The clock is pinned (EMS_NOW).
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

const pct = (v: number | null | undefined, d = 1) => (v === null || v === undefined ? '--' : `${formatNumber(v, d)}%`);

async function open<T>(theme: 'dark' | 'light', language: 'zh_cn' | 'en', hash: string, api: string, ready: string): Promise<{ context: BrowserContext; page: Page; reply: T }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1300, acceptDownloads: true });
  const page = await context.newPage();
  // waiting from before the login: the frame may reopen the user's last page by itself
  const answered = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST', { timeout: 60_000 });
  // a failed login closes the context: the pending wait then rejects, which the login's own error reports
  answered.catch(() => undefined);
  await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
  await page.evaluate((h) => (location.hash = h), hash);
  const reply = ((await (await answered).json()) as ApiReply<T>).data;
  await page.getByTestId(ready).waitFor({ timeout: 30_000 });
  return { context, page, reply };
}

async function settle(page: Page, ids: string[]) {
  for (const id of ids) await page.locator(`[data-testid="${id}"] canvas`).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
}

async function download(page: Page, testId: string): Promise<{ name: string; book: ExcelJS.Workbook }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  return { name: file.suggestedFilename(), book };
}

function bays(v: BusbarView): Bay[] {
  return v.supplies.flatMap((s) => [...(s.incomer ? [s.incomer] : []), ...s.blocks.flatMap((b) => [...(b.lvMain ? [b.lvMain] : []), ...b.busbars.flatMap((u) => u.feeders)])]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '8' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('busbar monitoring and transformers (issue 5)', () => {
  for (const [theme, language] of [
    ['dark', 'zh_cn'],
    ['light', 'en'],
  ] as const) {
    it(`${theme} ${language}: the single-line diagram draws the factory from the model with the API's breakers and live values; the table exports`, async () => {
      const { context, page, reply } = await open<BusbarView>(theme, language, '#/generatrixMonitor', POWER_API.busbar, 'sld');
      try {
        // one incomer (10kV进线柜) feeding the three transformers, each with its LV main and busbar
        expect(reply.supplies).toHaveLength(1);
        const blocks = reply.supplies[0]?.blocks ?? [];
        expect(blocks.map((b) => b.transformer?.name)).toEqual(['1#变压器', '2#变压器', '3#变压器']);
        expect(blocks.map((b) => b.busbars[0]?.feeders.length)).toEqual([6, 4, 8]);
        for (const b of blocks) {
          const tr = b.transformer;
          expect(tr?.loadRatePct).toBeGreaterThan(0);
          await expect(page.getByTestId(`sld-transformer-${tr?.id}`).textContent()).resolves.toBe(tr?.name);
        }
        const all = bays(reply);
        for (const bay of all) {
          const shown = page.getByTestId(`sld-breaker-${bay.id}`);
          const state = bay.switchState === 1 ? 'closed' : bay.switchState === 0 ? 'open' : bay.modelLabel === 'meter' ? 'meter' : 'unknown';
          await expect(shown.getAttribute('data-state')).resolves.toBe(state);
          const text = await page.getByTestId(`sld-bay-${bay.id}`).textContent();
          if (bay.meter?.p !== null && bay.meter?.p !== undefined) expect(text).toContain(`P ${bay.meter.p.toFixed(1)} kW`);
          if (bay.meter?.pf !== null && bay.meter?.pf !== undefined) expect(text).toContain(`PF ${bay.meter.pf.toFixed(3)}`);
        }
        // every feeder and incomer breaker reports; 门卫及停车场 stopped reporting 20 min ago: offline, grey
        expect(all.filter((b) => b.modelLabel === 'cabinet').every((b) => b.switchState !== null)).toBe(true);
        const gate = all.find((b) => b.meter?.name === '门卫及停车场');
        expect(gate?.meter?.online).toBe(false);
        await expect(page.getByTestId(`sld-bay-${gate?.id}`).getAttribute('data-offline')).resolves.toBe('1');
        await page.getByTestId(`sld-bay-${gate?.id}`).scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await screenshot(page, `power-busbar-t3-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        await page.getByTestId(`sld-transformer-${blocks[0]?.transformer?.id}`).scrollIntoViewIfNeeded();
        const lv1 = blocks[0]?.lvMain?.meter;
        await expect(page.getByTestId(`bay-p-${blocks[0]?.lvMain?.id}`).textContent()).resolves.toBe(formatNumber(lv1?.p ?? null, 1));
        await page.waitForTimeout(500);
        await screenshot(page, `power-busbar-${theme}-${language === 'en' ? 'en' : 'zh'}`);

        const { name, book } = await download(page, 'busbar-export');
        expect(name).toMatch(language === 'en' ? /^busbar-\d{12}\.xlsx$/ : /^母线监测-\d{12}\.xlsx$/);
        const sheet = book.worksheets[0];
        expect(sheet?.rowCount).toBe(1 + all.length);
        const lvRow = 2 + all.findIndex((b) => b.id === blocks[0]?.lvMain?.id);
        expect(String(sheet?.getRow(lvRow).getCell(3).value)).toBe('1#变低压总表');
        expect(Number(sheet?.getRow(lvRow).getCell(5).value)).toBe(lv1?.p);
      } finally {
        await context.close();
      }
    }, 180_000);
  }

  it('light en / dark zh: the overview table shows the fleet figures; the day type re-reads; the export reads back', async () => {
    for (const [theme, language] of [
      ['light', 'en'],
      ['dark', 'zh_cn'],
    ] as const) {
      const { context, page, reply } = await open<TransformerFleet>(theme, language, '#/powertransformerOverview', POWER_API.fleet, 'fleet-table');
      try {
        expect(reply.rows.map((r) => [r.name, r.ratedKva, r.grade])).toEqual([
          ['1#变压器', 1600, 3],
          ['2#变压器', 1600, 3],
          ['3#变压器', 800, 3],
        ]);
        for (const r of reply.rows) {
          expect(r.efficiencyPct).toBeGreaterThan(97);
          expect(r.pq?.overallCompliancePct).toBeGreaterThan(50);
          await expect(page.getByTestId(`fleet-avg-${r.id}`).textContent()).resolves.toBe(pct(r.loadRateAvgPct));
          await expect(page.getByTestId(`fleet-eff-${r.id}`).textContent()).resolves.toBe(pct(r.efficiencyPct, 2));
          await expect(page.getByTestId(`fleet-pq-${r.id}`).textContent()).resolves.toBe(pct(r.pq?.overallCompliancePct, 2));
          await expect(page.getByTestId(`fleet-grade-${r.id}`).textContent()).resolves.toBe(language === 'en' ? 'Grade 3' : '3级');
        }
        // PQ compliance is not trivially 100 %: the planted bursts, swells and unbalance excursions show
        expect(reply.rows.some((r) => (r.pq?.overallCompliancePct ?? 100) < 100)).toBe(true);
        await screenshot(page, `power-overview-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        if (language === 'en') {
          const answered = page.waitForResponse((r) => r.url().endsWith(POWER_API.fleet) && r.request().method() === 'POST');
          await page.getByRole('combobox', { name: 'Type' }).click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Day$/ }).click();
          const day = ((await (await answered).json()) as ApiReply<TransformerFleet>).data;
          expect(day.to - day.from).toBe(86_400_000);
          expect(day.grain).toBe('15m');
          const t1 = day.rows[0];
          await expect.poll(() => page.getByTestId(`fleet-avg-${t1?.id}`).textContent(), { timeout: 15_000 }).toBe(pct(t1?.loadRateAvgPct ?? null));
          const { name, book } = await download(page, 'fleet-export');
          expect(name).toMatch(/^transformer-overview-\d{8}\.xlsx$/);
          const sheet = book.worksheets[0];
          expect(sheet?.rowCount).toBe(1 + day.rows.length);
          expect(String(sheet?.getRow(1).getCell(3).value)).toBe('Mean load rate (%)');
          expect(Number(sheet?.getRow(2).getCell(3).value)).toBeCloseTo(t1?.loadRateAvgPct ?? NaN, 4);
          expect(Number(sheet?.getRow(2).getCell(8).value)).toBeCloseTo(t1?.lossKwh ?? NaN, 3);
          // the name opens that transformer on the analysis page
          const t2 = day.rows[1];
          const opened = page.waitForResponse((r) => r.url().endsWith(POWER_API.analysis) && r.request().postData()?.includes(`"transformerId":${t2?.id}`) === true, { timeout: 60_000 });
          await page.getByTestId(`fleet-open-${t2?.id}`).click();
          const analysis = ((await (await opened).json()) as ApiReply<TransformerAnalysis>).data;
          expect(analysis.row.name).toBe('2#变压器');
          await expect.poll(() => page.getByTestId('kpi-avg').innerText(), { timeout: 15_000 }).toContain(formatNumber(analysis.row.loadRateAvgPct ?? null, 1));
        }
      } finally {
        await context.close();
      }
    }
  }, 240_000);

  it('dark zh / light en: the analysis page shows one transformer in depth; the week re-reads; the export reads back', async () => {
    for (const [theme, language] of [
      ['dark', 'zh_cn'],
      ['light', 'en'],
    ] as const) {
      const { context, page, reply } = await open<TransformerAnalysis>(theme, language, '#/powertransformerAnalysis', POWER_API.analysis, 'pq-section');
      try {
        expect(reply.row.name).toBe('1#变压器');
        expect(reply.grain).toBe('15m');
        expect(reply.load.length).toBeGreaterThan(0);
        expect(reply.optimum?.loadRatePct).toBeCloseTo(40.88, 2);
        expect(reply.today.length).toBeGreaterThan(0);
        // odd orders dominate, the 5th and 7th largest
        const v = (h: number) => reply.spectrum.find((s) => s.order === h)?.voltagePct ?? 0;
        expect(v(5)).toBeGreaterThan(v(7));
        expect(v(7)).toBeGreaterThan(v(3));
        expect(v(5)).toBeGreaterThan(v(4) * 5);
        await expect(page.getByTestId('kpi-avg').innerText()).resolves.toContain(formatNumber(reply.row.loadRateAvgPct ?? null, 1));
        await expect(page.getByTestId('kpi-efficiency').innerText()).resolves.toContain(formatNumber(reply.row.efficiencyPct ?? null, 2));
        await expect(page.getByTestId('kpi-grade').textContent()).resolves.toBe(language === 'en' ? 'Grade 3' : '3级');
        for (const i of reply.row.pq?.indices ?? []) {
          if (i.compliancePct !== null) await expect(page.getByTestId(`pq-rate-${i.key}`).innerText()).resolves.toContain(formatNumber(i.compliancePct, 2));
          if (i.cp95 !== null) await expect(page.getByTestId(`pq-cp95-${i.key}`).textContent()).resolves.toBe(formatNumber(i.cp95, 2));
        }
        const dev = reply.row.pq?.indices.find((i) => i.key === 'voltageDeviation');
        await expect(page.getByTestId('pq-phase-voltageDeviation').textContent()).resolves.toContain(language === 'en' ? `Phase ${dev?.worstPhase?.toUpperCase()}` : `${dev?.worstPhase?.toUpperCase()}相`);
        await settle(page, ['load-card', 'eta-card', 'spectrum-card']);
        await screenshot(page, `power-analysis-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        await page.getByTestId('pq-section').scrollIntoViewIfNeeded();
        await page.waitForTimeout(500);
        await screenshot(page, `power-analysis-pq-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        // the voltage-deviation and unbalance trends with their limit lines
        await page.getByTestId('unb-trend-card').scrollIntoViewIfNeeded();
        await settle(page, ['dev-trend-card', 'unb-trend-card']);
        await screenshot(page, `power-analysis-trends-${theme}-${language === 'en' ? 'en' : 'zh'}`);
        if (language === 'zh_cn') {
          const answered = page.waitForResponse((r) => r.url().endsWith(POWER_API.analysis) && r.request().method() === 'POST');
          await page.getByRole('combobox', { name: '类型' }).click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^周$/ }).click();
          const week = ((await (await answered).json()) as ApiReply<TransformerAnalysis>).data;
          expect(week.to - week.from).toBe(7 * 86_400_000);
          await expect.poll(() => page.getByTestId('kpi-avg').innerText(), { timeout: 15_000 }).toContain(formatNumber(week.row.loadRateAvgPct ?? null, 1));
          const { name, book } = await download(page, 'analysis-export');
          expect(name).toMatch(/^变压器分析-1变压器-\d{8}\.xlsx$/);
          expect(book.worksheets.map((w) => w.name)).toEqual(['电能质量', '谐波频谱', '负载曲线']);
          const pq = book.worksheets[0];
          expect(String(pq?.getRow(2).getCell(1).value)).toBe('电压偏差');
          expect(Number(pq?.getRow(2).getCell(5).value)).toBeCloseTo(week.row.pq?.indices[0]?.compliancePct ?? NaN, 2);
          expect(book.worksheets[2]?.rowCount).toBe(1 + week.load.length);
        }
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
