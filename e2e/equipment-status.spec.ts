import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { EQUIPMENT_STATUS_API, type ApiReply, type EquipmentScheme, type StateEnergy } from '@ems/contract';
import { formatThousands } from '@ems/domain';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { DEMO_PASSWORD, login } from './support/flows.js';

/**
 * /deviceRunningStateScheme and /deviceStateEnergyConsumption (issue 14) as fw_cloud on the demo
 * factory with 8 days of history, the browser in America/Los_Angeles: the demo programmes are listed,
 * a new one is created through the dialog and listed; the energy page shows the figures the API
 * answered, switches date types (the day is the project's day), exports and reads the file back;
 * screenshots in both themes and languages.
 */
let server: RunningServer;
let browser: Browser;
const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const H = 3_600_000;

type Lang = 'zh_cn' | 'en';

async function open<T>(theme: 'dark' | 'light', language: Lang, hash: string, api: string, method: 'GET' | 'POST', ready: string): Promise<{ context: BrowserContext; page: Page; reply: T }> {
  const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1100, acceptDownloads: true });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().split('?')[0]!.endsWith(api) && r.request().method() === method, { timeout: 60_000 });
  answered.catch(() => undefined);
  await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
  await page.evaluate((h) => (location.hash = h), hash);
  const reply = ((await (await answered).json()) as ApiReply<T>).data;
  await page.locator(`[data-testid="${ready}"][data-ready="true"]`).waitFor({ timeout: 30_000 });
  return { context, page, reply };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ EMS_NOW: String(NOW), EMS_SIM_DAYS: '8' }), launchBrowser()]);
  await waitSeeded(server);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('equipment states (issue 14)', () => {
  it('light en: the demo programmes are listed; fw_cloud creates one for a press through the dialog and it is listed with its expressions', async () => {
    const { context, page, reply } = await open<EquipmentScheme[]>('light', 'en', '#/deviceRunningStateScheme', EQUIPMENT_STATUS_API.schemes, 'GET', 'scheme-page');
    try {
      expect(reply.map((s) => s.name)).toEqual(['空压机加载-卸载-停机', '冷水机组运行状态', '冲压线压力机运行-空转-停机']);
      const table = page.getByTestId('scheme-table');
      for (const s of reply) await table.getByText(s.name, { exact: true }).waitFor();
      await screenshot(page, 'equipment-status-schemes-light-en');

      await page.getByTestId('scheme-add').click();
      await page.getByTestId('scheme-name').fill('E2E压力机4状态');
      await page.getByTestId('scheme-devices').click();
      await page.keyboard.type('4#压力机');
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '4#压力机' }).first().click();
      await page.keyboard.press('Escape');
      const card = page.getByTestId('scheme-device-card');
      await expect(card.locator('.ant-card-head-title').textContent()).resolves.toBe('4#压力机');
      const state = (s: string) => card.locator(`[data-testid$="-${s}"]`);
      await state('running').getByLabel('Value').fill('18');
      await state('standby').getByRole('button', { name: /Add condition/ }).click();
      await state('standby').getByLabel('Value').nth(0).fill('18');
      await state('standby').getByLabel('Value').nth(1).fill('1');
      await state('stopped').getByLabel('Value').fill('1');
      await page.waitForTimeout(400);
      await screenshot(page, 'equipment-status-dialog-light-en');
      const saved = page.waitForResponse((r) => r.url().endsWith(EQUIPMENT_STATUS_API.create) && r.request().method() === 'POST');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      const created = ((await (await saved).json()) as ApiReply<EquipmentScheme>).data;
      expect(created.devices[0]?.expressions.map((e) => [e.state, e.conditions.map((c) => `${c.dataName}${c.operator}${c.limit}`).join('&')])).toEqual([
        ['running', 'active power P418'],
        ['standby', 'active power P218&active power P11'],
        ['stopped', 'active power P51'],
      ]);
      await table.getByText('E2E压力机4状态', { exact: true }).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(400);
      await screenshot(page, 'equipment-status-created-light-en');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('dark zh: the programmes with their devices', async () => {
    const { context, page } = await open<EquipmentScheme[]>('dark', 'zh_cn', '#/deviceRunningStateScheme', EQUIPMENT_STATUS_API.schemes, 'GET', 'scheme-page');
    try {
      await page.getByTestId('scheme-table').locator('.ant-table-row-expand-icon').first().click();
      await page.getByTestId('scheme-detail').first().waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, 'equipment-status-schemes-dark-zh');
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const [theme, language] of [
    ['light', 'en'],
    ['dark', 'zh_cn'],
    ['dark', 'en'],
    ['light', 'zh_cn'],
  ] as const) {
    it(`${theme} ${language}: the compressors' hours and kWh per state and the idle cost as the API answered; hours sum to the range read`, async () => {
      const { context, page, reply } = await open<StateEnergy>(theme, language, '#/deviceStateEnergyConsumption', EQUIPMENT_STATUS_API.energy, 'POST', 'state-energy-page');
      try {
        const h = reply.totals.hours;
        // four compressors over the month so far: loaded and unloaded hours occur; the days before the 8 seeded ones have no data: unknown
        expect(reply.devices.map((d) => d.deviceName)).toEqual(['1#空压机电表', '2#空压机电表', '3#空压机电表', '4#空压机电表']);
        expect(h.running).toBeGreaterThan(0);
        expect(h.standby).toBeGreaterThan(0);
        expect(h.running + h.standby + h.stopped + h.unknown).toBeCloseTo((4 * (reply.until - reply.from)) / H, 6);
        expect(reply.totals.meteredKwh).toBeCloseTo(reply.totals.kwh.running + reply.totals.kwh.standby + reply.totals.kwh.stopped + reply.totals.kwh.unknown, 6);
        expect(reply.priced).toBe(true);
        expect(reply.totals.wasteYuan).toBeGreaterThan(0);
        for (const s of ['running', 'standby', 'stopped', 'unknown'] as const) await expect(page.getByTestId(`kpi-hours-${s}`).textContent()).resolves.toContain(formatThousands(reply.totals.hours[s], 2));
        await expect(page.getByTestId('kpi-waste').textContent()).resolves.toContain(formatThousands(reply.totals.wasteYuan, 2));
        await page.locator('[data-testid="state-chart"] canvas').first().waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `equipment-status-energy-${theme}-${language === 'en' ? 'en' : 'zh'}`);

        if (theme === 'light' && language === 'en') {
          // the day type: the project's (Shanghai) day, by hour
          const answered = page.waitForResponse((r) => r.url().endsWith(EQUIPMENT_STATUS_API.energy) && r.request().method() === 'POST');
          await page.getByRole('combobox', { name: 'Type' }).click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Day$/ }).click();
          const day = ((await (await answered).json()) as ApiReply<StateEnergy>).data;
          expect(day.to - day.from).toBe(86_400_000);
          expect(new Date(day.from + 8 * H).getUTCHours()).toBe(0);
          expect(day.bucket).toBe('hour');
          await expect.poll(() => page.getByTestId('kpi-hours-running').textContent(), { timeout: 15_000 }).toContain(formatThousands(day.totals.hours.running, 2));
          await page.getByTestId('state-measure').getByText('Hours').click();
          await page.waitForTimeout(500);
          await screenshot(page, 'equipment-status-energy-day-light-en');

          const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('state-export').click()]);
          expect(file.suggestedFilename()).toMatch(/^state-energy-\d{8}-\d{8}\.xlsx$/);
          const book = new ExcelJS.Workbook();
          await book.xlsx.readFile(await file.path());
          const sheet = book.getWorksheet('Devices');
          expect(sheet?.rowCount).toBe(day.devices.length + 2);
          const total = sheet?.getRow(day.devices.length + 2);
          expect(total?.getCell(1).value).toBe('Total');
          expect(Number(total?.getCell(10).value)).toBeCloseTo(day.totals.meteredKwh, 1);
          expect(Number(total?.getCell(2).value)).toBeCloseTo(day.totals.hours.running, 1);
          expect(book.getWorksheet('By period')?.rowCount).toBe(day.buckets.length + 1);
        }
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
