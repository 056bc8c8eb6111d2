import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';
import { confirmDialog, dialogSettled, login, ROOT_PASSWORD, toastText } from './support/flows.js';

/**
 * Issue 13, administration: ROOT creates a tenant and a service provider looking after it on /admin/tenant, a sub-group with a member on
 * /admin/usergroup, uploads and deletes a file on /admin/file; then the three pages in each theme and
 * language (screenshots in e2e/screenshots).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // the demo history's seed competes for the CPU: the pages are timed after it
  await waitSeeded(server);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Admin pages live at hash paths outside the project frame: a full load. */
async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(`${server.url}/#${path}`, { timeout: 60_000 });
  // a hash change between two admin pages loads nothing: on a busy machine the page may still be settling
  const shown = await page
    .getByTestId(testId)
    .waitFor({ timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  if (shown) return;
  await page.reload({ timeout: 60_000 });
  await page.getByTestId(testId).waitFor({ timeout: 40_000 });
}

describe('administration: tenants, user groups, files (issue 13)', () => {
  it('ROOT creates a tenant, a sub-group with a member, uploads and deletes a file', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(60_000);
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);

    // a tenant
    await open(page, '/admin/tenant', 'tenant-admin');
    await page.getByTestId('tenant-create').click();
    await page.getByTestId('tenant-name').fill('E2E客户');
    await page.getByTestId('tenant-en-name').fill('E2E Customer');
    await confirmDialog(page);
    const row = page.locator('[data-testid="tenant-admin"] tr.ant-table-row', { hasText: 'E2E Customer' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Enabled');
    // the operator's own tenant cannot be disabled
    expect(await page.locator('tr.ant-table-row', { hasText: 'Demo Energy Group' }).getByTestId('tenant-toggle').isDisabled()).toBe(true);
    // its first project, listed under it
    await row.getByTestId('tenant-add-project').click();
    await page.getByTestId('tenant-project-name').fill('E2E客户工厂');
    await confirmDialog(page);
    await row.locator('.ant-table-row-expand-icon').click();
    await page.locator('.ant-table-expanded-row', { hasText: 'E2E客户工厂' }).waitFor();

    // a service provider looking after that tenant
    await page.getByTestId('tenant-create').click();
    await page.getByTestId('tenant-name').fill('E2E服务商');
    await page.getByTestId('tenant-en-name').fill('E2E Provider');
    await page.getByTestId('tenant-kind-provider').click();
    await confirmDialog(page);
    const prov = page.locator('[data-testid="tenant-admin"] tr.ant-table-row', { hasText: 'E2E Provider' });
    await prov.waitFor();
    expect(await prov.getByTestId('tenant-kind-tag').innerText()).toBe('Service provider');
    expect(await row.getByTestId('tenant-customers').count()).toBe(0);
    await prov.getByTestId('tenant-customers').click();
    await page.getByTestId('tenant-customers-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E2E Customer' }).click();
    await page.keyboard.press('Escape');
    await confirmDialog(page);
    await prov.locator('.ant-table-row-expand-icon').click();
    await page.locator('.ant-table-expanded-row [data-testid^="tenant-customers-"]', { hasText: 'E2E Customer' }).waitFor();

    // a sub-group with a member
    await open(page, '/admin/usergroup', 'usergroup-admin');
    await page.getByTestId('group-create').click();
    await page.getByTestId('group-name').fill('E2E巡检组');
    await confirmDialog(page);
    const node = page.locator('[data-testid="group-tree"] .ant-tree-node-content-wrapper', { hasText: 'E2E巡检组' });
    await node.waitFor();
    await node.click();
    await page.getByTestId('members-add').click();
    const dialog = page.getByTestId('members-dialog');
    await dialog.waitFor();
    await dialog.locator('.ant-transfer-section').first().locator('.ant-transfer-list-content-item', { hasText: 'fw_plant' }).click();
    await dialog.locator('.ant-transfer-actions button').first().click();
    await confirmDialog(page);
    await page.locator('[data-testid="members-table"] tr.ant-table-row', { hasText: 'fw_plant' }).waitFor();
    expect(await node.innerText()).toContain('1');

    // a file: upload, then delete
    await open(page, '/admin/file', 'file-admin');
    const input = page.locator('[data-testid="file-admin"] input[type=file]');
    await input.setInputFiles({ name: '巡检记录-2025-06.csv', mimeType: 'text/csv', buffer: Buffer.from('点位,时间,读数\nM1,2025-06-01 08:00,1\n'.repeat(40)) });
    await page.locator('[data-testid="file-table"] tr.ant-table-row', { hasText: '巡检记录-2025-06.csv' }).waitFor();
    await input.setInputFiles({ name: 'e2e-readings.csv', mimeType: 'text/csv', buffer: Buffer.from('meter code,time,value\nM1,2025-06-01 08:00,1\n') });
    const file = page.locator('[data-testid="file-table"] tr.ant-table-row', { hasText: 'e2e-readings.csv' });
    await file.waitFor();
    expect(await file.innerText()).toContain('ROOT');
    await file.getByTestId('file-delete').click();
    await confirmDialog(page);
    expect(await toastText(page, 'Deleted')).toContain('Deleted');
    await file.waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);

  const combos = [
    { theme: 'dark', language: 'zh_cn' },
    { theme: 'light', language: 'zh_cn' },
    { theme: 'dark', language: 'en' },
    { theme: 'light', language: 'en' },
  ] as const;
  for (const { theme, language } of combos) {
    it(`${theme} / ${language}: the three pages`, async () => {
      const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language });
      const page = await context.newPage();
      page.setDefaultNavigationTimeout(60_000);
      await login(page, server.url, 'ROOT', ROOT_PASSWORD);
      const tag = `${theme}-${language}`;
      await open(page, '/admin/tenant', 'tenant-admin');
      const first = page.locator('[data-testid="tenant-admin"] tr.ant-table-row').first();
      await first.waitFor();
      await first.locator('.ant-table-row-expand-icon').click();
      await page.locator('.ant-table-expanded-row .ant-tag').first().waitFor();
      await screenshot(page, `admin-tenant-${tag}`);
      // the service provider made above: its customers, and the dialog choosing them
      const prov = page.locator('[data-testid="tenant-admin"] tr.ant-table-row', { hasText: 'E2E Provider' });
      await prov.locator('.ant-table-row-expand-icon').click();
      await page.locator('.ant-table-expanded-row [data-testid^="tenant-customers-"] .ant-tag').first().waitFor();
      await prov.getByTestId('tenant-customers').click();
      await page.getByTestId('tenant-customers-select').waitFor();
      await dialogSettled(page, 15_000);
      await screenshot(page, `admin-tenant-customers-${tag}`);
      await page.keyboard.press('Escape');
      await open(page, '/admin/usergroup', 'usergroup-admin');
      await page.locator('[data-testid="members-table"] tr.ant-table-row').first().waitFor();
      await screenshot(page, `admin-usergroup-${tag}`);
      await open(page, '/admin/file', 'file-admin');
      await page.getByTestId('file-table').waitFor();
      await screenshot(page, `admin-file-${tag}`);
      await context.close();
    }, 180_000);
  }
});
