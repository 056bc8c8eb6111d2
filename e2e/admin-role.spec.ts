import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_API, permissionId, type AdminRole } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { apiCall, rootInProject } from './support/api.js';
import { confirmDialog, login, ROOT_PASSWORD, toastText } from './support/flows.js';

/**
 * Issue 13, roles: ROOT creates a role with a home page and three pages (and one operation) on
 * /admin/role, copies it, deletes the copy; then /admin/role and /admin/permission in each theme and
 * language (screenshots in e2e/screenshots).
 */
const ROLE = 'E2E巡检角色';
const PAGES = ['page_home', 'page_deviceMonitor', 'page_eventDiagnosis'].map((n) => permissionId(n)!);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // roles need no readings: no simulator, so the pages load without a background seed competing
  [server, browser] = await Promise.all([startServer({ EMS_SIM: '0' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Admin pages live at hash paths outside the project frame and load afresh (the app reloads itself
 * when a hash change crosses the boundary, which would race a reload here): a load from a blank page.
 */
async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${server.url}/#${path}`);
  await page.getByTestId(testId).waitFor({ timeout: 60_000 });
}

const item = (page: Page, name: string) => page.getByTestId(`role-item-${name}`);

describe('administration: roles and permissions (issue 13)', () => {
  it('ROOT creates a role with a home page and three pages, copies it, deletes the copy', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(60_000);
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);
    await open(page, '/admin/role', 'admin-role');
    await item(page, '平台管理员').waitFor();

    await page.getByTestId('role-create').click();
    await page.getByTestId('role-name').fill(ROLE);
    for (const id of PAGES) await page.locator('.ant-tree-treenode', { has: page.getByTestId(`page-node-${id}`) }).locator('.ant-tree-checkbox').click();
    await page.getByTestId('role-home').click();
    await page.locator('.ant-select-item-option', { hasText: '/deviceMonitor' }).click();
    await page.getByRole('tab', { name: /Operation permissions/ }).click();
    await page.getByTestId('matrix-project_browse').check();
    await page.getByTestId('role-save').click();
    expect(await toastText(page, 'Saved')).toContain('Saved');
    await item(page, ROLE).waitFor();

    const { auth } = await rootInProject(server, '华东示范工厂');
    const list = await apiCall<AdminRole[]>(server, ADMIN_API.roles, { headers: auth });
    const saved = list.data.find((r) => r.name === ROLE);
    expect(saved?.pageNodes.map((p) => p.id).sort()).toEqual([...PAGES].sort());
    expect(saved?.auths).toEqual([permissionId('project_browse')]);
    expect(JSON.parse(saved?.customConfig ?? '{}')).toEqual({ homepage: '/deviceMonitor', homePagePageNodeId: permissionId('page_deviceMonitor') });

    await item(page, ROLE).getByTestId('role-copy').click();
    expect(await page.getByTestId('role-copy-name').inputValue()).toBe(`${ROLE} (copy)`);
    await confirmDialog(page);
    await item(page, `${ROLE} (copy)`).waitFor();
    await screenshot(page, 'admin-role-copied-light-en');

    await item(page, `${ROLE} (copy)`).getByTestId('role-delete').click();
    await confirmDialog(page);
    expect(await toastText(page, 'Deleted')).toContain('Deleted');
    await item(page, `${ROLE} (copy)`).waitFor({ state: 'detached' });
    await item(page, ROLE).waitFor();
    await context.close();
  }, 180_000);

  const combos = [
    { theme: 'dark', language: 'zh_cn' },
    { theme: 'light', language: 'zh_cn' },
    { theme: 'dark', language: 'en' },
    { theme: 'light', language: 'en' },
  ] as const;
  for (const { theme, language } of combos) {
    it(`${theme} / ${language}: roles and the permission list`, async () => {
      const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language });
      const page = await context.newPage();
    page.setDefaultNavigationTimeout(60_000);
      await page.setViewportSize({ width: 1600, height: 900 });
      await login(page, server.url, 'ROOT', ROOT_PASSWORD);
      const tag = `${theme}-${language}`;
      await open(page, '/admin/role', 'admin-role');
      await item(page, '厂站运维').click();
      await page.getByTestId('page-node-1003').waitFor();
      await screenshot(page, `admin-role-${tag}`);
      await page.getByRole('tab', { name: language === 'en' ? /Operation permissions/ : /操作权限/ }).click();
      await page.getByTestId('role-operation-matrix').waitFor();
      await screenshot(page, `admin-role-matrix-${tag}`);
      await open(page, '/admin/permission', 'admin-permission');
      await page.locator('[data-testid="admin-permission"] tr.ant-table-row').first().waitFor();
      await screenshot(page, `admin-permission-${tag}`);
      await context.close();
    }, 150_000);
  }
});
