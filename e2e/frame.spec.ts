import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { login, ROOT_PASSWORD, DEMO_PASSWORD, tabIds, toastText } from './support/flows.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the frame, as ROOT (spec sections 2 and 4)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  it('logs in as ROOT and lands on the platform home, with the fixed home tab', async () => {
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);
    await page.getByTestId('platform-home').waitFor();
    const fixed = page.locator('[data-testid="tab"][data-fixed="true"]');
    await expect(fixed.innerText()).resolves.toMatch(/^home-|^首页-/);
  });

  it('opens three pages as tabs from the side menu', async () => {
    await page.getByTestId('menu-item-projectnavigation').click();
    await page.getByTestId('project-navigation').waitFor();
    await page.getByTestId('menu-item-cloudProjectConfig').click();
    await page.getByTestId('project-config').waitFor();
    expect(await tabIds(page)).toEqual(['/home', '/projectnavigation', '/cloudProjectConfig']);
    await expect(page.getByTestId('breadcrumb').innerText()).resolves.toContain('项目配置');
  });

  it('keeps a page alive: its state survives switching tabs (spec 2, up to 5 pages)', async () => {
    await page.locator('[data-testid="tab"][data-tab-id="/projectnavigation"]').click();
    const search = page.locator('[data-testid="project-search"] input, input[data-testid="project-search"]');
    await search.fill('滨江');
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(1);
    await page.locator('[data-testid="tab"][data-tab-id="/cloudProjectConfig"]').click();
    await page.getByTestId('project-config').waitFor();
    await page.locator('[data-testid="tab"][data-tab-id="/projectnavigation"]').click();
    await expect(search.inputValue()).resolves.toBe('滨江');
    await expect(page.getByTestId('project-card').count()).resolves.toBe(1);
    await page.locator('[data-testid="tab"][data-tab-id="/cloudProjectConfig"]').click();
    await page.getByTestId('project-config').waitFor();
  });

  it('closes a tab by its close icon and activates the previous one when none follows', async () => {
    await page.locator('.ant-tabs-tab:has([data-tab-id="/cloudProjectConfig"]) [data-testid="tab-close"]').click();
    expect(await tabIds(page)).toEqual(['/home', '/projectnavigation']);
    await page.getByTestId('project-navigation').waitFor();
    expect(page.url()).toContain('#/projectnavigation');
  });

  it("refuses to close the fixed home tab with 'this item cannot be deleted!'", async () => {
    await page.locator('[data-testid="tab"][data-fixed="true"]').click({ button: 'right' });
    await page.getByTestId('tab-menu-close').click();
    expect(await toastText(page, '该项不能被删除！')).toContain('该项不能被删除！');
    expect(await tabIds(page)).toContain('/home');
  });

  it("favourites a page: the star adds it with 'favourite succeeded' and the popover lists it", async () => {
    await page.getByTestId('favourite-star').click();
    expect(await toastText(page, '收藏成功')).toContain('收藏成功');
    await expect(page.getByTestId('favourite-star').getAttribute('data-active')).resolves.toBe('true');
    await page.getByTestId('favourites-button').click();
    const link = page.getByTestId('favourites-popover').getByTestId('favourite-link');
    await expect(link.first().getAttribute('data-location')).resolves.toBe('/projectnavigation');
    await page.keyboard.press('Escape');
    const stored = await page.evaluate(() => localStorage.getItem('favourites'));
    expect(stored).toContain('/projectnavigation');
  });

  it('keeps the password dialog open and says the passwords differ when the confirmation does not match', async () => {
    await page.getByTestId('user-info-button').click();
    const dialog = page.getByTestId('user-info-dialog');
    await dialog.waitFor();
    await expect(page.getByTestId('user-info-name').innerText()).resolves.toContain('ROOT');
    await page.getByTestId('password-old').fill(ROOT_PASSWORD);
    await page.getByTestId('password-new').fill('Newpass@123');
    await page.getByTestId('password-confirm').fill('Newpass@124');
    await page.locator('.ant-modal-footer .ant-btn-primary').last().click();
    await page.getByText('两次输入密码不一致').first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.locator('.ant-modal-footer .ant-btn').first().click();
  });

  it('switches theme to light and language to English, and both survive a reload', async () => {
    await page.getByTestId('settings-button').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('settings-theme-light').click()]);
    await page.getByTestId('frame').waitFor();
    await page.getByTestId('settings-button').click();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('settings-language-en').click()]);
    await page.getByTestId('frame').waitFor();
    await page.reload();
    await page.getByTestId('frame').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect(page.getByTestId('side-menu').innerText()).resolves.toContain('Project navigation');
  });

  it('logs out and returns to the login page with the tokens gone', async () => {
    await page.getByTestId('logout-button').click();
    await page.getByTestId('logout-confirm').click();
    await page.getByTestId('login-form').waitFor();
    const tokens = await page.evaluate(() => [sessionStorage.getItem('token'), localStorage.getItem('token')]);
    expect(tokens).toEqual([null, null]);
    // the old session is gone: reloading stays on the login page
    await page.goto(`${server.url}/#/home`);
    await page.getByTestId('login-form').waitFor();
  });
});

describe('route access (spec section 2)', () => {
  it('sends fw_plant to /noPermission for a platform route', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
    await page.getByTestId('project-home').waitFor();
    await page.goto(`${server.url}/#/cloudProjectConfig`);
    await page.getByTestId('no-permission').waitFor();
    expect(page.url()).toContain('#/noPermission');
    expect(await page.getByTestId('frame').count()).toBe(0);
    await screenshot(page, 'no-permission-dark-zh');
    await context.close();
  });

  it('sends a visitor without a token to /login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/projectnavigation`);
    await page.getByTestId('login-form').waitFor();
    expect(page.url()).toContain('#/login');
    await context.close();
  });
});

describe('the side menu in English', () => {
  it("every group and page name of fw_cloud's menu shows whole in the side bar, a long one on two lines ('Consumption forecast analysis', 'Events and operations'), groups ending before their arrows", async () => {
    const context = await newContext(browser, { language: 'en', theme: 'dark' });
    const page = await context.newPage();
    await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
    await page.getByTestId('side-menu').waitFor();
    const titles = await page.locator('[data-testid="side-menu"] .ant-menu-submenu-title').evaluateAll((els) =>
      els.map((el) => {
        const label = el.querySelector('[data-testid^="menu-group-"]') as HTMLElement;
        const arrow = (el.querySelector('.ant-menu-submenu-arrow') as HTMLElement).getBoundingClientRect();
        return { text: label.innerText, lines: Math.round(label.getBoundingClientRect().height / 20), cut: label.scrollWidth > label.clientWidth + 1, gap: arrow.left - label.getBoundingClientRect().right };
      }),
    );
    expect(titles.length).toBeGreaterThan(3);
    for (const t of titles) {
      expect(t.gap, t.text).toBeGreaterThanOrEqual(0);
      expect(t.cut, t.text).toBe(false);
    }
    expect(titles.find((t) => t.text === 'Events and operations')?.lines).toBe(2);
    const items = await page.locator('[data-testid="side-menu"] .ant-menu-item .ant-menu-title-content').evaluateAll((els) =>
      els.map((el) => ({
        text: (el as HTMLElement).innerText,
        cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        lines: Math.round(el.getBoundingClientRect().height / 20),
      })),
    );
    expect(items.length).toBeGreaterThan(20);
    for (const i of items) expect(i.cut, i.text).toBe(false);
    expect(items.find((i) => i.text === 'Consumption forecast analysis')?.lines).toBe(2);
    expect(items.find((i) => i.text === 'Home')?.lines).toBe(1);
    await context.close();
  });
});
