import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { NAV_ROUTES } from '@ems/contract';
import { launchBrowser, newContext, screenshot, BROWSER_TIMEZONE } from './support/browser.js';
import { DEMO_PASSWORD, login, ROOT_PASSWORD } from './support/flows.js';
import { builtKeys, menuPages, waitDrawn } from './support/pages.js';
import { startSeededServer } from './support/seeded.js';
import type { RunningServer } from './support/server.js';

/**
 * A whole working session (issue 11): one browser, one tab, a clock far from the plants'
 * (America/Los_Angeles), on the default 13 months of demo history, clicking through every page of
 * the side menu as a person would — model management first, since a page that leaves something
 * behind in the shared query cache breaks the pages opened after it. Any error boundary, page
 * error, console error or HTTP reply ≥ 400 on the way fails the journey; every one is listed.
 * The pages come from the app's own menu and must be every built page of the module the role may
 * open, so a page added to the route table is walked too.
 */
let server: RunningServer;
let browser: Browser;

const built = builtKeys();
const builtOf = (module: 'pf' | 'fw') => NAV_ROUTES.filter((r) => r.module === module && built.has(r.key)).map((r) => r.key);

interface Problem {
  page: string;
  kind: 'error boundary' | 'not drawn' | 'page error' | 'console error' | 'http';
  message: string;
}

/** One line a problem: where, what, and the message's first line (a stack adds nothing here). */
const lines = (problems: Problem[]) => problems.map((p) => `${p.page} — ${p.kind}: ${p.message.split('\n')[0]}`);

/** Records every problem of the tab against the page being walked; waits for its requests to settle. */
function watch(page: Page) {
  const problems: Problem[] = [];
  let current = 'login';
  let inFlight = 0;
  let lastActivity = Date.now();
  const activity = (d: number) => {
    inFlight += d;
    lastActivity = Date.now();
  };
  page.on('pageerror', (err) => problems.push({ page: current, kind: 'page error', message: `${err.name}: ${err.message}` }));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push({ page: current, kind: 'console error', message: msg.text().slice(0, 300) });
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push({ page: current, kind: 'http', message: `${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}` });
  });
  page.on('request', () => activity(1));
  page.on('requestfinished', () => activity(-1));
  page.on('requestfailed', () => activity(-1));
  return {
    problems,
    at(label: string) {
      current = label;
    },
    /** no request in flight for 300 ms (at most 10 s: a page that polls is left polling) */
    async quiet() {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 300)) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

/**
 * Clicks each side-menu entry in turn (`first` before the rest, the rest in menu order) and waits
 * for its data drawn. Returns the keys walked, in order.
 */
async function walkMenu(page: Page, w: ReturnType<typeof watch>, who: string, first: string[] = []): Promise<string[]> {
  const entries = await menuPages(page);
  const order = [...first.filter((k) => entries.some((e) => e.key === k)), ...entries.map((e) => e.key).filter((k) => !first.includes(k))];
  for (const key of order) {
    const path = entries.find((e) => e.key === key)?.path ?? '';
    w.at(`${who} ${key} (${path})`);
    await page.getByTestId(`menu-item-${key}`).click();
    const drawn = await waitDrawn(page, key);
    if ('error' in drawn) {
      w.problems.push({ page: `${who} ${key} (${path})`, kind: drawn.error.startsWith('error boundary') ? 'error boundary' : 'not drawn', message: drawn.error });
      await screenshot(page, `journey-${who}-${key}`);
    }
    await w.quiet();
  }
  return order;
}

async function session(): Promise<{ context: BrowserContext; page: Page; w: ReturnType<typeof watch> }> {
  const context = await newContext(browser, { timezoneId: BROWSER_TIMEZONE });
  const page = await context.newPage();
  const w = watch(page);
  // the first load of the app can be slow on a busy machine (the server has just started): let it
  // arrive before the login helper's 30 s waits
  await page.goto(`${server.url}/#/login`, { timeout: 90_000 });
  await page.getByTestId('login-username').waitFor({ timeout: 90_000 });
  return { context, page, w };
}

beforeAll(async () => {
  // the clock runs, as for a person: the live feed and the live rule engine go on during the walk
  [server, browser] = await Promise.all([startSeededServer({ EMS_NOW: '' }), launchBrowser()]);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe(`a working session through every page, browser in ${BROWSER_TIMEZONE}, on 13 months of history (issue 11)`, () => {
  it('fw_cloud: model management first, then every page of the menu, without an error', async () => {
    const { context, page, w } = await session();
    try {
      await login(page, server.url, 'fw_cloud', DEMO_PASSWORD);
      await w.quiet();
      const walked = await walkMenu(page, w, 'fw_cloud', ['modelManage']);
      expect(walked[0]).toBe('modelManage');
      expect([...walked].sort()).toEqual(builtOf('fw').sort());
      expect(lines(w.problems)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);

  it('ROOT: every platform page, then into the other demo project and every page there, without an error', async () => {
    const { context, page, w } = await session();
    try {
      await login(page, server.url, 'ROOT', ROOT_PASSWORD);
      await w.quiet();
      const platform = await walkMenu(page, w, 'ROOT');
      expect([...platform].sort()).toEqual(builtOf('pf').sort());
      // the office park (fw_cloud walked the factory): the last project card
      w.at('ROOT entering a project');
      await page.getByTestId('menu-item-projectnavigation').click();
      await page.getByTestId('project-card-enter').last().click();
      const home = await waitDrawn(page, 'home');
      if ('error' in home) w.problems.push({ page: 'ROOT home (project)', kind: 'not drawn', message: home.error });
      await w.quiet();
      const inProject = await walkMenu(page, w, 'ROOT', ['modelManage']);
      expect([...inProject].sort()).toEqual(builtOf('fw').sort());
      expect(lines(w.problems)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);

  it('pf_admin: every platform page, without an error', async () => {
    const { context, page, w } = await session();
    try {
      await login(page, server.url, 'pf_admin', DEMO_PASSWORD);
      await w.quiet();
      const walked = await walkMenu(page, w, 'pf_admin');
      expect([...walked].sort()).toEqual(builtOf('pf').sort());
      expect(lines(w.problems)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
