import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { login, DEMO_PASSWORD } from './support/flows.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const combos = [
  { theme: 'dark', language: 'zh_cn' },
  { theme: 'light', language: 'zh_cn' },
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'en' },
] as const;

describe('login and home in each theme and language (screenshots in e2e/screenshots)', () => {
  for (const { theme, language } of combos) {
    it(`${theme} / ${language}: login page, platform home and project home`, async () => {
      const context = await newContext(browser, language === 'en' ? 'en-US' : 'zh-CN');
      await context.addInitScript(
        (prefs: { theme: string; language: string }) => {
          localStorage.setItem('theme', prefs.theme);
          localStorage.setItem('language', prefs.language);
        },
        { theme, language },
      );
      const page = await context.newPage();
      const tag = `${theme}-${language}`;
      await page.goto(`${server.url}/#/login`);
      await page.getByTestId('login-form').waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expect(page.getByTestId('login-product-name').innerText()).resolves.toBe(
        language === 'en' ? 'Energy Management Platform' : '智慧能源管理平台',
      );
      await screenshot(page, `login-${tag}`);

      await login(page, server.url, 'pf_admin', DEMO_PASSWORD);
      await page.getByTestId('platform-home').waitFor();
      await page.getByTestId('enter-project').first().waitFor();
      await screenshot(page, `home-platform-${tag}`);

      const other = await context.newPage();
      await login(other, server.url, 'fw_cloud', DEMO_PASSWORD);
      await other.getByTestId('project-home').waitFor();
      await expect(other.getByTestId('project-home-name').innerText()).resolves.toBe(
        language === 'en' ? 'East China Demo Factory' : '华东示范工厂',
      );
      await screenshot(other, `home-project-${tag}`);
      await context.close();
    });
  }
});
