import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { POWER_API, type ApiReply, type TransformerFleet } from '@ems/contract';
import { DEFAULT_STANDARDS } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login, motionSettled, ROOT_PASSWORD, toastText } from './support/flows.js';

/**
 * Issue 14, efficiency standards: ROOT opens the grade tables in the system configuration, edits the
 * GB 20052-2024 row of the demo's 1600 kVA dry transformers (grade-3 Pk 11.73 → 11.5 kW, below their
 * 11.73 kW nameplate), and the transformer overview that fw_plant has open regrades 1# and 2# to
 * "below grade 3" while 3# (800 kVA) stays grade 3; a grade-1 limit worse than grade 2 is refused
 * naming the row; reset brings grade 3 back. Screenshots of the tables in both themes and languages.
 */
let server: RunningServer;
let browser: Browser;

/** the 1600 kVA dry, steel-core, class F row: its number in the published table (the editor numbers rows 1…) */
const ROW = DEFAULT_STANDARDS.transformer.rows.findIndex((r) => r.insulation === 'dry' && r.ratedKva === 1600 && (r.core ?? 'steel') === 'steel' && r.insulationClass === 'F') + 1;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_SIM_DAYS: '2' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openStandards(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/admin/sysconfig`, { timeout: 60_000 });
  await page.getByTestId('sysconfig-tab-standards').click({ timeout: 40_000 });
  await page.locator('[data-testid="standard-transformer"][data-ready="true"]').waitFor({ timeout: 30_000 });
}

async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  // the options are a virtual list: typing narrows it to the one wanted
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await motionSettled(page, 5000, '.ant-select-dropdown');
}

/** fw_plant's transformer overview, re-read: name → grade text. */
async function fleetGrades(page: Page): Promise<Record<string, string>> {
  const answered = page.waitForResponse((r) => r.url().endsWith(POWER_API.fleet) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.reload({ timeout: 60_000 });
  const reply = ((await (await answered).json()) as ApiReply<TransformerFleet>).data;
  await page.getByTestId('fleet-table').waitFor({ timeout: 30_000 });
  const out: Record<string, string> = {};
  for (const r of reply.rows) {
    const cell = page.getByTestId(`fleet-grade-${r.id}`);
    await cell.waitFor({ timeout: 20_000 });
    out[r.name] = (await cell.textContent()) ?? '';
  }
  return out;
}

describe('efficiency standards (issue 14)', () => {
  it('ROOT edits a GB 20052 row: the fleet regrades; a disordered row is refused; reset restores the grades', async () => {
    expect(ROW).toBeGreaterThan(0);
    const plantContext = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const rootContext = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light', height: 1100 });
    try {
      const plant = await plantContext.newPage();
      await login(plant, server.url, 'fw_plant', DEMO_PASSWORD);
      await plant.evaluate(() => (location.hash = '#/powertransformerOverview'));
      expect(await fleetGrades(plant)).toEqual({ '1#变压器': 'Grade 3', '2#变压器': 'Grade 3', '3#变压器': 'Grade 3' });

      const root = await rootContext.newPage();
      await login(root, server.url, 'ROOT', ROOT_PASSWORD);
      await openStandards(root);
      expect(await root.getByTestId('standard-code-text').textContent()).toBe('GB 20052-2024');
      expect(await root.getByTestId('standard-status').textContent()).toBe('Published edition');

      await root.getByTestId('standard-edit').click();
      await pick(root, 'standard-filter-insulation', 'Dry');
      await pick(root, 'standard-filter-core', 'Steel strip');
      await pick(root, 'standard-filter-ratedKva', '1600');
      const pk3 = root.getByTestId(`cell-transformer-${ROW}-pkKw3`);
      expect(await pk3.inputValue()).toBe('11.730');

      // grade 1 worse than grade 2: refused before sending, naming the row
      const pk1 = root.getByTestId(`cell-transformer-${ROW}-pkKw1`);
      await pk1.fill('12');
      await pk1.blur();
      await root.getByTestId('standard-save').click();
      expect(await root.getByTestId('standard-problem').textContent()).toContain(`row ${ROW}: Max load loss Pk, kW: grade 1 must be at least as good as grade 2`);
      await pk1.fill('9.945');
      await pk1.blur();

      await pk3.fill('11.5');
      await pk3.blur();
      await root.getByTestId('standard-save').click();
      expect(await toastText(root, 'regraded')).toContain('Saved; the equipment is regraded against the new table');
      await root.getByTestId('standard-status').waitFor();
      expect(await root.getByTestId('standard-status').textContent()).toContain('Edited by ROOT');
      expect(await root.getByTestId(`cell-transformer-${ROW}-pkKw3`).textContent()).toBe('11.5');
      await screenshot(root, 'efficiency-standards-light-en');

      expect(await fleetGrades(plant)).toEqual({ '1#变压器': 'Below grade 3', '2#变压器': 'Below grade 3', '3#变压器': 'Grade 3' });

      await root.getByTestId('standard-reset').click();
      await root.locator('.ant-popover:visible .ant-btn-primary').click();
      expect(await toastText(root, 'Back to')).toContain('Back to GB 20052-2024');
      await root.locator('[data-testid="standard-status"]', { hasText: 'Published edition' }).waitFor({ timeout: 20_000 });
      expect(await fleetGrades(plant)).toEqual({ '1#变压器': 'Grade 3', '2#变压器': 'Grade 3', '3#变压器': 'Grade 3' });
    } finally {
      await plantContext.close();
      await rootContext.close();
    }
  }, 240_000);

  it('the four tables in each theme and language', async () => {
    for (const [theme, language, kind] of [
      ['dark', 'zh_cn', 'chiller'],
      ['light', 'zh_cn', 'compressor'],
      ['dark', 'en', 'boiler'],
    ] as const) {
      const context: BrowserContext = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', language, theme, height: 1100 });
      try {
        const page = await context.newPage();
        await login(page, server.url, 'ROOT', ROOT_PASSWORD);
        await openStandards(page);
        await page.getByTestId(`standard-tab-${kind}`).click();
        await page.locator(`[data-testid="standard-${kind}"][data-ready="true"]`).waitFor({ timeout: 30_000 });
        const code = { chiller: 'GB 19577-2024', compressor: 'GB 19153-2019', boiler: 'GB 24500-2020' }[kind];
        expect(await page.getByTestId('standard-code-text').textContent()).toBe(code);
        if (kind === 'chiller') expect(await page.getByTestId('cell-chiller-3-cop1').textContent()).toBe('6.2');
        if (kind === 'compressor') expect(await page.getByTestId('cell-compressor-1-specificPower1').textContent()).toBe('5.8');
        if (kind === 'boiler') expect(await page.getByTestId('cell-boiler-1-efficiencyPct1').textContent()).toBe('96');
        await motionSettled(page);
        await screenshot(page, `efficiency-standards-${theme}-${language === 'en' ? 'en' : 'zh'}`);
      } finally {
        await context.close();
      }
    }
  }, 240_000);
});
