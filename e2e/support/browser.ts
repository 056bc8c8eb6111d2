import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, as root, headless, with no background traffic (this machine has no network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The browsers' default zone, far from the demo projects' Asia/Shanghai. */
export const BROWSER_TIMEZONE = 'America/Los_Angeles';

export interface ContextOptions {
  /** browser locale, default zh-CN */
  locale?: string;
  /** stored preferences set before the app loads */
  theme?: 'light' | 'dark';
  language?: 'zh_cn' | 'en';
  /**
   * The browser's zone, default America/Los_Angeles: 16 h from the demo projects' Asia/Shanghai, so a
   * time shown, picked or sent in the browser's zone instead of the project's reads wrong (HOUSE-STYLE
   * rule 15). A spec passes another only to test that zone.
   */
  timezoneId?: string;
  acceptDownloads?: boolean;
  height?: number;
}

/**
 * A fresh context (own local and session storage) with chart animations off and the loading-blur
 * fade cut, so screenshots show the settled page rather than a fade in progress. The second
 * argument may be just a locale.
 */
export async function newContext(browser: Browser, options: ContextOptions | string = {}): Promise<BrowserContext> {
  const o: ContextOptions = typeof options === 'string' ? { locale: options } : options;
  const context = await browser.newContext({
    viewport: { width: 1440, height: o.height ?? 900 },
    locale: o.locale ?? 'zh-CN',
    timezoneId: o.timezoneId ?? BROWSER_TIMEZONE,
    ...(o.acceptDownloads ? { acceptDownloads: true } : {}),
  });
  await context.addInitScript((prefs: { theme?: string; language?: string }) => {
    (window as unknown as { __EMS_NO_ANIMATION__: boolean }).__EMS_NO_ANIMATION__ = true;
    if (prefs.theme) localStorage.setItem('theme', prefs.theme);
    if (prefs.language) localStorage.setItem('language', prefs.language);
    const style = document.createElement('style');
    // Only the loading blur's fade is cut, so screenshots show settled tables. Dialogs and menus keep
    // their real motion: antd removes a closing dialog on its motion-end event, and overriding
    // transitions or animations globally left closed dialogs in front, swallowing clicks.
    style.textContent = '.ant-spin-container, .ant-spin-container * { transition: none !important; }';
    document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
  }, { ...(o.theme ? { theme: o.theme } : {}), ...(o.language ? { language: o.language } : {}) });
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
