import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { confirmDialog, dialogSettled, motionSettled, ROOT_PASSWORD, toastText } from './support/flows.js';

/**
 * Issue 13, /admin/user: ROOT creates a user, resets their password (the one-time password is shown
 * once), the user signs in with it and is held in the password change; ROOT disables the user and
 * their open session ends. Then the page in each theme and language (screenshots in e2e/screenshots).
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of a context, with long waits: the machine running the suites may be busy (the first load compiles the bundle's chunks). */
async function pageOf(context: Awaited<ReturnType<typeof newContext>>): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultNavigationTimeout(90_000);
  page.setDefaultTimeout(40_000);
  return page;
}

/** Signs in through the password form (`?local=1`: whatever the single-sign-on setting), waiting long for a busy machine. */
async function login(page: Page, baseUrl: string, user: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login?local=1`);
  await page.getByTestId('login-username').waitFor({ timeout: 90_000 });
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('frame').waitFor({ timeout: 90_000 });
}

/** Admin pages live at hash paths outside the project frame: a full load. */
async function openUsers(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/admin/user`);
  await page.getByTestId('admin-user').waitFor({ timeout: 40_000 });
}

/** Picks an option of an antd select by its text. */
async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
  await page.keyboard.press('Escape').catch(() => undefined);
}

const row = (page: Page, name: string) => page.locator('[data-testid="admin-user"] tr.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });

describe('administration: users (issue 13)', () => {
  it('ROOT creates a user, resets the password, the user must change it; ROOT disables the user and the session ends', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const page = await pageOf(context);
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);
    await openUsers(page);
    await row(page, 'fw_plant').waitFor();

    // create
    await page.getByTestId('user-create').click();
    await page.getByTestId('user-name').fill('e2e_operator');
    await page.getByTestId('user-nicname').fill('E2E operator');
    await page.getByTestId('user-phone').fill('13912345678');
    await page.getByTestId('user-email').fill('e2e@example.com');
    await choose(page, 'user-projects', 'East China Demo Factory');
    await choose(page, 'user-roles', '厂站运维');
    await page.getByTestId('user-password').fill('Start@12345');
    await page.getByTestId('user-password-confirm').fill('Start@12345');
    await motionSettled(page, 5000);
    await screenshot(page, 'admin-user-create-light-en');
    await confirmDialog(page);
    const created = row(page, 'e2e_operator');
    await created.waitFor();
    expect(await created.innerText()).toContain('Must change password');
    expect(await created.innerText()).toContain('East China Demo Factory');

    // reset the password: shown once
    await created.getByTestId('user-more').click();
    await page.getByTestId('user-reset-password').click();
    await confirmDialog(page);
    const otp = (await page.getByTestId('otp-value').innerText()).trim();
    expect(otp).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    await dialogSettled(page, 15_000);
    await screenshot(page, 'admin-user-otp-light-en');
    await confirmDialog(page);

    // the user signs in with it and is held in the password change (no cancel)
    const userContext = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const userPage = await pageOf(userContext);
    await login(userPage, server.url, 'e2e_operator', otp);
    await userPage.getByTestId('password-must-change').waitFor();
    await dialogSettled(userPage, 15_000);
    const dialog = userPage.locator('.ant-modal-wrap:visible', { has: userPage.getByTestId('user-info-dialog') });
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    expect(await dialog.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').isVisible()).toBe(false);
    await userPage.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
    await motionSettled(userPage, 5000);
    await screenshot(userPage, 'admin-user-must-change-light-en');

    // ROOT disables the user: the open session ends at its next request
    await created.getByTestId('user-toggle').click();
    await confirmDialog(page);
    expect(await toastText(page, 'succeeded')).toContain('succeeded');
    await created.getByText('Disabled').waitFor();
    await userPage.reload();
    await userPage.getByTestId('login-card').waitFor({ timeout: 90_000 });
    await userContext.close();
    await context.close();
  }, 300_000);

  const combos = [
    { theme: 'dark', language: 'zh_cn' },
    { theme: 'light', language: 'zh_cn' },
    { theme: 'dark', language: 'en' },
    { theme: 'light', language: 'en' },
  ] as const;
  for (const { theme, language } of combos) {
    it(`${theme} / ${language}: the users page and its dialog`, async () => {
      const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language });
      const page = await pageOf(context);
      await login(page, server.url, 'ROOT', ROOT_PASSWORD);
      await openUsers(page);
      await row(page, 'fw_plant').waitFor();
      const tag = `${theme}-${language}`;
      await screenshot(page, `admin-user-${tag}`);
      await row(page, 'fw_plant').getByTestId('user-edit').click();
      await page.getByTestId('user-form').waitFor();
      await dialogSettled(page, 15_000);
      await screenshot(page, `admin-user-edit-${tag}`);
      await context.close();
    }, 180_000);
  }
});
