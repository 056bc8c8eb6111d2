import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BALANCE_API, type ApiReply, type BalanceTree, type BalanceTrend, type PipeAnalysis } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /balanceConsumption and /pipeQueryAndAnalysis (issue 5) on the demo factory with 8 days of
 * history: the tree shows the loss rates the balance API answered the page, a selected parent shows
 * its daily λ, the export reads back, and screenshots in both themes and languages. The clock is
 * pinned (EMS_NOW), so the figures stay put once seeded.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;

/** As the table prints a rate: 2 decimals and '%'; '--' for null. */
const pct = (v: number | null | undefined) => (v === null || v === undefined ? '--' : `${v.toFixed(2)}%`);

async function open<T>(theme: 'dark' | 'light', language: 'zh_cn' | 'en', hash: string, api: string, ready: string): Promise<{ context: BrowserContext; page: Page; reply: T }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
  const answered = page.waitForResponse((r) => r.url().endsWith(api) && r.request().method() === 'POST', { timeout: 30_000 });
  await page.evaluate((h) => (location.hash = h), hash);
  const reply = ((await (await answered).json()) as ApiReply<T>).data;
  await page.getByTestId(ready).waitFor();
  return { context, page, reply };
}

const openBalance = (theme: 'dark' | 'light', language: 'zh_cn' | 'en') => open<BalanceTree>(theme, language, '#/balanceConsumption', BALANCE_API.tree, 'balance-tree');

/** The rate and status the table shows on each visible parent row, by meter id. */
async function shownRates(page: Page): Promise<Record<string, { rate: string; status: string }>> {
  return page.getByTestId('balance-tree').evaluate((root) => {
    const out: Record<string, { rate: string; status: string }> = {};
    for (const tr of Array.from(root.querySelectorAll('tr[data-row-key]'))) {
      const rate = tr.querySelector('[data-testid="balance-rate"]');
      if (!rate) continue;
      out[tr.getAttribute('data-row-key') ?? ''] = { rate: (rate.textContent ?? '').trim(), status: tr.querySelector('[data-testid="balance-status"]')?.getAttribute('data-status') ?? '' };
    }
    return out;
  });
}

/** A figure as the table and cards print it ('6,720.00', '--' for none) as a number (0 for none). */
const num = (text: string | null) => {
  const t = (text ?? '').trim().replace(/,/g, '');
  return t === '' || t === '--' ? 0 : Number(t);
};

/** The figures a row of the tree table shows, by test id ('balance-value', 'balance-children', …). */
async function rowFigures(page: Page, meterId: number | undefined) {
  const row = page.getByTestId('balance-tree').locator(`tr[data-row-key="${meterId}"]`);
  const cell = async (id: string) => ((await row.getByTestId(id).count()) > 0 ? num(await row.getByTestId(id).first().textContent()) : 0);
  return { value: await cell('balance-value'), children: await cell('balance-children'), loss: await cell('balance-loss'), unmetered: await cell('balance-unmetered') };
}

async function settle(page: Page, ids: string[]) {
  for (const id of ids) await page.locator(`[data-testid="${id}"] canvas`).first().waitFor();
  await page.waitForTimeout(600);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '8' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('energy balance (issue 5)', () => {
  it('dark zh: the factory electricity tree shows the API loss rates; a parent row shows its daily λ; the export reads back', async () => {
    const { context, page, reply } = await openBalance('dark', 'zh_cn');
    try {
      expect([reply.projectId, reply.energyType, reply.unit]).toEqual([1, 2, 'kWh']);
      const hv = reply.rows.find((r) => r.code === 'E-HV');
      expect(hv?.balance?.lossRatePct).toBeGreaterThan(2);
      expect(hv?.balance?.lossRatePct).toBeLessThan(4);
      // the top level is open: the incomer and the three transformer mains with their rates and badges
      const shown = await shownRates(page);
      const visible = reply.rows.filter((r) => r.balance && String(r.meterId) in shown);
      expect(visible.map((r) => r.code)).toEqual(expect.arrayContaining(['E-HV', 'E-T1', 'E-T2', 'E-T3']));
      for (const r of visible) expect(shown[String(r.meterId)], r.code).toEqual({ rate: pct(r.balance?.lossRatePct), status: r.balance?.status });
      await expect(page.getByTestId('balance-tree').innerText()).resolves.toContain('合格');
      await expect(page.getByTestId('balance-worst-item').count()).resolves.toBe(reply.worst.length);
      // the figures of a row add up as shown (issue 11 review): 用能 − 下级合计 = 损耗 + 未计量, 下级合计 = Σ of the rows below
      const hvShown = await rowFigures(page, hv?.meterId);
      const mains = await Promise.all(reply.rows.filter((r) => r.parentMeterId === hv?.meterId).map((r) => rowFigures(page, r.meterId)));
      expect(mains).toHaveLength(3);
      expect(hvShown.children).toBeCloseTo(mains.reduce((x, m) => x + m.value, 0), 1);
      expect(hvShown.value - hvShown.children).toBeCloseTo(hvShown.loss + hvShown.unmetered, 1);
      for (const r of reply.rows.filter((x) => x.balance)) expect((r.value ?? 0) - (r.balance?.childrenTotal ?? 0), r.code).toBeCloseTo((r.balance?.loss ?? 0) + (r.balance?.unmetered ?? 0), 6);

      // select 1#变低压总表: its daily λ with the tolerance band
      const t1 = reply.rows.find((r) => r.code === 'E-T1');
      const answered = page.waitForResponse((r) => r.url().endsWith(BALANCE_API.trend) && r.request().postData()?.includes(`"meterId":${t1?.meterId}`) === true);
      await page.getByTestId('balance-tree').locator(`tr[data-row-key="${t1?.meterId}"]`).click();
      const trend = ((await (await answered).json()) as ApiReply<BalanceTrend>).data;
      const rated = trend.days.filter((d) => d.lossRatePct !== null);
      expect(rated.length).toBeGreaterThanOrEqual(7);
      for (const d of rated) expect(d.lossRatePct).toBeGreaterThan(1);
      await expect(page.getByTestId('balance-trend').innerText()).resolves.toContain(`日损耗率趋势：${t1?.name}`);
      await settle(page, ['balance-trend']);
      await screenshot(page, 'balance-electricity-dark-zh');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('balance-export').click()]);
      expect(download.suggestedFilename()).toMatch(/^能耗平衡-\d{8}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      expect(sheet.rowCount).toBe(1 + reply.rows.length);
      expect(String(sheet.getRow(1).getCell(5).value)).toBe('损耗率(%)');
      const hvRow = 2 + reply.rows.findIndex((r) => r.code === 'E-HV');
      expect(String(sheet.getRow(hvRow).getCell(1).value)).toBe(hv?.name);
      expect(Number(sheet.getRow(hvRow).getCell(5).value)).toBeCloseTo(hv?.balance?.lossRatePct ?? NaN, 2);
      expect(String(sheet.getRow(hvRow).getCell(8).value)).toBe('合格');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('light en: water shows the W-TOILET night leak in the night panel; the worst node opens its trend', async () => {
    const { context, page } = await openBalance('light', 'en');
    try {
      await expect(page.getByTestId('balance-tree').innerText()).resolves.toContain('Pass');
      const answered = page.waitForResponse((r) => r.url().endsWith(BALANCE_API.tree) && r.request().postData()?.includes('"energyType":3') === true);
      await page.getByTestId('balance-energy-type').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Water$/ }).click();
      const water = ((await (await answered).json()) as ApiReply<BalanceTree>).data;
      const toilet = water.rows.find((r) => r.code === 'W-TOILET');
      expect(water.meterNight[0]?.meterId).toBe(toilet?.meterId);
      await expect.poll(() => page.getByTestId('balance-meter-night').locator('tbody tr').first().innerText(), { timeout: 15_000 }).toContain(toilet?.name ?? '?');
      await page.getByTestId('balance-worst-item').first().click();
      await settle(page, ['balance-trend']);
      await expect(page.getByTestId('balance-trend').innerText()).resolves.toContain(`Daily loss rate: ${water.worst[0]?.name}`);
      await screenshot(page, 'balance-water-light-en');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('pipe page, light zh and dark en: each medium shows the API loss rate, its trend and network', async () => {
    for (const [theme, language] of [
      ['light', 'zh_cn'],
      ['dark', 'en'],
    ] as const) {
      const { context, page, reply } = await open<PipeAnalysis>(theme, language, '#/pipeQueryAndAnalysis', BALANCE_API.pipe, 'pipe-page');
      try {
        expect(reply.media.map((m) => m.energyType)).toEqual([3, 15, 16, 45]);
        for (const m of reply.media) {
          const card = page.getByTestId(`pipe-medium-${m.energyType}`);
          await expect(card.getByTestId('pipe-rate').innerText()).resolves.toBe(pct(m.balance.lossRatePct));
          expect(m.balance.lossRatePct).toBeGreaterThan(2);
          // 供给 − 末端合计 = 管损 + 未计量 as the card shows them; the shares of the supply stay ≤ 100 %
          const shown = async (id: string) => ((await card.getByTestId(id).count()) > 0 ? num(await card.getByTestId(id).innerText()) : 0);
          expect((await shown('pipe-supply')) - (await shown('pipe-end-users'))).toBeCloseTo((await shown('pipe-loss')) + (await shown('pipe-unmetered')), 1);
          for (const u of m.endUsers) expect(u.sharePct ?? 0, u.name).toBeLessThanOrEqual(100);
        }
        await settle(page, ['pipe-medium-3']);
        await screenshot(page, `pipe-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('light zh and dark en balance pages render too', async () => {
    for (const [theme, language] of [
      ['light', 'zh_cn'],
      ['dark', 'en'],
    ] as const) {
      const { context, page, reply } = await openBalance(theme, language);
      try {
        const hv = reply.rows.find((r) => r.code === 'E-HV');
        await page.getByTestId('balance-tree').locator(`tr[data-row-key="${hv?.meterId}"]`).click();
        await settle(page, ['balance-trend']);
        await screenshot(page, `balance-electricity-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
