import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_API, type ApiReply, type AuditLogEntry, type TenantInfo } from '@ems/contract';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { apiCall, rootInProject } from './support/api.js';
import { confirmDialog, login, motionSettled, ROOT_PASSWORD, toastText } from './support/flows.js';
import { menuPages } from './support/pages.js';

/**
 * Issue 13, "done means": one administrator's afternoon in one browser session. ROOT creates a tenant,
 * its project, a role in it with a home page and three pages, and a user in that role; the new user
 * signs in (initial password changed first), lands on the role's home page, sees exactly those three
 * pages and gets /noPermission for a fourth; ROOT disables the user and the user's open page leaves
 * for the login page by itself; the audit log holds every step.
 */
const TENANT = { name: '旅程客户', enName: 'Journey Co' };
const PROJECT = '旅程工厂';
const ROLE = 'Journey viewer';
const USER = 'journey_op';
const FIRST_PASSWORD = 'Start@12345';
const OWN_PASSWORD = 'Mine#2026ok';
const THREE = ['/home', '/energyConsumption', '/equipmentTrendAnalysis'];
const PAGE_IDS = [1003, 1010, 1017];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // administration needs no live readings
  [server, browser] = await Promise.all([startServer({ EMS_SIM: '0' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Admin pages load afresh (crossing the /admin boundary reloads the app). */
async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${server.url}/#${path}`);
  await page.getByTestId(testId).waitFor({ timeout: 60_000 });
}

async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await page.keyboard.press('Escape').catch(() => undefined);
}


describe('administration journey (issue 13)', () => {
  it('ROOT sets up a customer; the new user sees exactly their pages; disabling ends their session; the log shows it', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'dark' });
    const page = await context.newPage();
    page.setDefaultNavigationTimeout(60_000);
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);

    // a tenant and its project
    await open(page, '/admin/tenant', 'tenant-admin');
    await page.getByTestId('tenant-create').click();
    await page.getByTestId('tenant-name').fill(TENANT.name);
    await page.getByTestId('tenant-en-name').fill(TENANT.enName);
    await confirmDialog(page);
    const tenantRow = page.locator('[data-testid="tenant-admin"] tr.ant-table-row', { hasText: TENANT.enName });
    await tenantRow.waitFor();
    await tenantRow.getByTestId('tenant-add-project').click();
    await page.getByTestId('tenant-project-name').fill(PROJECT);
    await confirmDialog(page);
    await tenantRow.locator('.ant-table-row-expand-icon').click();
    await page.locator('.ant-table-expanded-row', { hasText: PROJECT }).waitFor();

    // a role of that tenant: three pages, the trend page as home
    await open(page, '/admin/role', 'admin-role');
    await choose(page, 'role-tenant', TENANT.enName);
    await page.getByTestId('role-create').click();
    await page.getByTestId('role-name').fill(ROLE);
    for (const id of PAGE_IDS) await page.locator('.ant-tree-treenode', { has: page.getByTestId(`page-node-${id}`) }).locator('.ant-tree-checkbox').click();
    await page.getByTestId('role-home').click();
    await page.locator('.ant-select-item-option', { hasText: '/equipmentTrendAnalysis' }).click();
    await page.getByTestId('role-save').click();
    expect(await toastText(page, 'Saved')).toContain('Saved');
    await page.getByTestId(`role-item-${ROLE}`).waitFor();

    // a plant operator in that role and project
    await open(page, '/admin/user', 'admin-user');
    await page.getByTestId('user-create').click();
    await page.getByTestId('user-name').fill(USER);
    await page.getByTestId('user-nicname').fill('Journey operator');
    await choose(page, 'user-tenant', TENANT.enName);
    await choose(page, 'user-type', '4');
    await choose(page, 'user-projects', PROJECT);
    await choose(page, 'user-roles', ROLE);
    await page.getByTestId('user-password').fill(FIRST_PASSWORD);
    await page.getByTestId('user-password-confirm').fill(FIRST_PASSWORD);
    await confirmDialog(page);
    expect(await toastText(page)).not.toContain('rror');

    // the new user: initial password changed first, then in again with their own
    const userContext = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const userPage = await userContext.newPage();
    userPage.setDefaultNavigationTimeout(60_000);
    await login(userPage, server.url, USER, FIRST_PASSWORD);
    await userPage.getByTestId('password-must-change').waitFor();
    await userPage.getByTestId('password-old').fill(FIRST_PASSWORD);
    await userPage.getByTestId('password-new').fill(OWN_PASSWORD);
    await userPage.getByTestId('password-confirm').fill(OWN_PASSWORD);
    await confirmDialog(userPage);
    await userPage.getByTestId('login-card').waitFor({ timeout: 20_000 });
    await login(userPage, server.url, USER, OWN_PASSWORD);
    await userPage.waitForFunction(() => location.hash.startsWith('#/equipmentTrendAnalysis'), null, { timeout: 20_000 });
    const menu = await menuPages(userPage);
    expect(menu.map((m) => m.path).sort()).toEqual([...THREE].sort());
    await screenshot(userPage, 'admin-journey-user-light-en');
    await userPage.goto(`${server.url}/#/deviceMonitor`);
    await userPage.waitForFunction(() => location.hash.startsWith('#/noPermission'), null, { timeout: 20_000 });
    await userPage.goto(`${server.url}/#/equipmentTrendAnalysis`);
    await userPage.getByTestId('frame').waitFor();

    // ROOT disables the user: the open page goes to the login page by itself
    await open(page, '/admin/user', 'admin-user');
    await choose(page, 'filter-tenant', TENANT.enName);
    const userRow = page.locator('[data-testid="admin-user"] tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${USER}$`) }) });
    await userRow.waitFor();
    await userRow.getByTestId('user-toggle').click();
    await confirmDialog(page);
    await userRow.getByText('Disabled').waitFor();
    await userPage.getByTestId('login-card').waitFor({ timeout: 20_000 });
    await userContext.close();

    // the audit log: every step, with who did it
    const { auth } = await rootInProject(server, '华东示范工厂');
    const tenants = await apiCall<TenantInfo[]>(server, ADMIN_API.tenants, { headers: auth });
    const tenantId = tenants.data.find((t) => t.enName === TENANT.enName)!.id;
    const range = `startTime=${Date.now() - 3600_000}&endTime=${Date.now() + 60_000}&limit=1000`;
    const own = (await apiCall<AuditLogEntry[]>(server, `${ADMIN_API.logs}?${range}`, { headers: auth })) as ApiReply<AuditLogEntry[]>;
    const theirs = (await apiCall<AuditLogEntry[]>(server, `${ADMIN_API.logs}?${range}&tenantId=${tenantId}`, { headers: auth })) as ApiReply<AuditLogEntry[]>;
    // the operator's tenant keeps the tenant's creation; the customer's history keeps what was done in it
    const did = (list: AuditLogEntry[], kind: string, action: string, name: string) => list.some((e) => e.kind === kind && e.action === action && e.targetName.includes(name));
    expect(did(own.data, 'tenant', 'create', TENANT.name)).toBe(true);
    expect(did(theirs.data, 'project', 'create', PROJECT)).toBe(true);
    expect(did(theirs.data, 'role', 'create', ROLE)).toBe(true);
    expect(did(theirs.data, 'user', 'create', USER)).toBe(true);
    expect(did(theirs.data, 'user', 'disable', USER)).toBe(true);
    expect(theirs.data.some((e) => e.kind === 'login' && e.userName === USER)).toBe(true);
    expect(theirs.data.some((e) => e.kind === 'password' && e.userName === USER)).toBe(true);
    expect(own.data.some((e) => e.userName === USER)).toBe(false);

    // and on the page
    await open(page, '/admin/log', 'admin-log');
    await choose(page, 'audit-tenant', TENANT.enName);
    await page.locator('[data-testid="audit-table"] tr.ant-table-row', { hasText: ROLE }).first().waitFor();
    await page.locator('[data-testid="audit-table"] tr.ant-table-row', { hasText: USER }).first().waitFor();
    await page.getByText('Audit log').click();
    await motionSettled(page, 5000);
    await screenshot(page, 'admin-journey-log-dark-en');
    await context.close();
  }, 420_000);
});
