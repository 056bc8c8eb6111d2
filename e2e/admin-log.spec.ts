import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { login, motionSettled, ROOT_PASSWORD } from './support/flows.js';

/**
 * Issue 13, logs and system configuration: ROOT changes a system configuration value on
 * /admin/sysconfig, opens /admin/log and finds its sign-in and the change (with the field before and
 * after), narrows the log to configuration changes, exports it and reads the xlsx back; then both
 * pages in each theme and language (screenshots in e2e/screenshots).
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

/** Admin pages live at hash paths outside the project frame: a full load. */
async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(`${server.url}/#${path}`);
  try {
    await page.getByTestId(testId).waitFor({ timeout: 60_000 });
  } catch (err) {
    await screenshot(page, `admin-log-failure-${testId}`);
    throw err;
  }
}

/** A page that waits longer for a load: the machine may be busy with other suites. */
async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultNavigationTimeout(90_000);
  page.setDefaultTimeout(60_000);
  return page;
}

/** The entries (an expanded entry's table of changes has rows too). */
const rows = (page: Page) => page.locator('[data-testid="audit-table"] tr.ant-table-row:not(.ant-table-expanded-row tr)');

describe('audit log and system configuration (issue 13)', () => {
  it('ROOT changes the system configuration; the log shows the sign-in and the change, and exports them', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light', acceptDownloads: true });
    const page = await slowPage(context);
    await login(page, server.url, 'ROOT', ROOT_PASSWORD);

    await open(page, '/admin/sysconfig', 'sysconfig-admin');
    const name = page.locator('#enProjectName');
    await name.waitFor();
    // the advanced section is there for ROOT
    await page.getByTestId('sysconfig-key').waitFor();
    await name.fill('E2E Energy Platform');
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('sysconfig-save').click();
    // the message shows, then the app reloads with the new configuration
    await page.locator('.ant-message-notice', { hasText: 'Saved; reloading the configuration' }).first().waitFor();
    await reloaded;
    await page.getByTestId('sysconfig-admin').waitFor({ timeout: 20_000 });
    expect(await page.locator('#enProjectName').inputValue()).toBe('E2E Energy Platform');

    await open(page, '/admin/log', 'admin-log');
    await rows(page).first().waitFor();
    const signIn = rows(page).filter({ hasText: 'Sign-in' }).filter({ hasText: 'ROOT' }).first();
    await signIn.waitFor();
    expect(await signIn.innerText()).toContain('Success');
    const change = rows(page).filter({ hasText: 'Configuration' }).first();
    await change.waitFor();
    expect(await change.innerText()).toContain('ROOT');
    await change.locator('.ant-table-row-expand-icon').click();
    const changes = page.getByTestId('audit-changes');
    await changes.waitFor();
    const text = await changes.innerText();
    expect(text).toContain('enProjectName');
    expect(text).toContain('Energy Management Platform');
    expect(text).toContain('E2E Energy Platform');

    // only configuration changes
    await page.getByTestId('audit-kinds').click();
    // the list is virtual: search for the kind
    await page.getByTestId('audit-kinds').locator('input').fill('Configuration');
    await page.locator('.ant-select-item-option', { hasText: 'Configuration' }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => {
      // the entries, not the rows of an expanded entry's table of changes
      const trs = Array.from(document.querySelectorAll('[data-testid="audit-table"] tr.ant-table-row')).filter((tr) => !tr.closest('.ant-table-expanded-row'));
      return trs.length > 0 && trs.every((tr) => (tr as HTMLElement).innerText.includes('Configuration'));
    });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path()) as string);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Time (Asia/Shanghai)');
    const kinds = sheet.getColumn(5).values.slice(2);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['Configuration']));
    expect(String(sheet.getRow(2).getCell(12).value)).toContain('E2E Energy Platform');
    await context.close();
  }, 240_000);

  const combos = [
    { theme: 'dark', language: 'zh_cn' },
    { theme: 'light', language: 'zh_cn' },
    { theme: 'dark', language: 'en' },
    { theme: 'light', language: 'en' },
  ] as const;
  for (const { theme, language } of combos) {
    it(`${theme} / ${language}: the log and the system configuration`, async () => {
      // tall enough to show the advanced settings too
      const context = await newContext(browser, { locale: language === 'en' ? 'en-US' : 'zh-CN', theme, language, height: 1500 });
      const page = await slowPage(context);
      await login(page, server.url, 'ROOT', ROOT_PASSWORD);
      const tag = `${theme}-${language}`;
      await open(page, '/admin/log', 'admin-log');
      await rows(page).first().waitFor();
      // the configuration change of the first test, expanded, when it is there
      const config = rows(page).filter({ hasText: language === 'en' ? 'Configuration' : '系统配置' }).first();
      if ((await config.count()) > 0) {
        await config.locator('.ant-table-row-expand-icon').click();
        await page.getByTestId('audit-changes').first().waitFor();
      }
      await motionSettled(page);
      await screenshot(page, `admin-log-${tag}`);
      await open(page, '/admin/sysconfig', 'sysconfig-admin');
      await page.locator('#projectName').waitFor();
      await motionSettled(page);
      await screenshot(page, `admin-sysconfig-${tag}`);
      await context.close();
    }, 180_000);
  }
});
