import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, waitSeeded, type RunningServer } from './support/server.js';

/**
 * Single sign-on as a person meets it (issue 13, spec sections 2 and 4): a real OpenID provider
 * (oidc-provider, apps/server/src/modules/sso/test-provider.ts, its own process on a loopback port),
 * /login going to it, its sign-in and consent pages, back in the app as that user, and the logout
 * ending the provider's session too.
 */
const repo = resolve(import.meta.dirname, '..');
const CLIENT_ID = 'ems-e2e';
const CLIENT_SECRET = 'ems-e2e-secret-0123456789abcdef';

let provider: ChildProcess;
let issuer: string;
let server: RunningServer;
let browser: Browser;

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

/** Starts the test provider and reads the issuer it prints. */
async function startProvider(redirectUri: string): Promise<{ child: ChildProcess; issuer: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repo, 'apps/server/src/modules/sso/test-provider.ts')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, OP_CLIENT_ID: CLIENT_ID, OP_CLIENT_SECRET: CLIENT_SECRET, OP_REDIRECT_URI: redirectUri },
  });
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the test provider did not start:\n${errors}`)), 30_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      ok(line);
    });
    child.once('exit', (code) => fail(new Error(`the test provider exited with ${code}:\n${errors}`)));
  });
  return { child, issuer: (JSON.parse(first) as { issuer: string }).issuer };
}

beforeAll(async () => {
  const port = await freePort();
  const redirectUri = `http://127.0.0.1:${port}/`;
  ({ child: provider, issuer } = await startProvider(redirectUri));
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      EMS_SIM: '0',
      EMS_SIM_DAYS: '1',
      EMS_SSO_ISSUER: issuer,
      EMS_SSO_CLIENT_ID: CLIENT_ID,
      EMS_SSO_CLIENT_SECRET: CLIENT_SECRET,
      EMS_SSO_REDIRECT_URI: redirectUri,
      EMS_SSO_TENANT_ID: '1',
      // the demo's project-manager role (fw_cloud's): role 4 of a fresh store
      EMS_SSO_ROLE_ID: '4',
      EMS_SSO_USER_TYPE: '3',
      EMS_SSO_PROJECT_IDS: '1',
    }),
    launchBrowser(),
  ]);
  // the background seed off the two cores before the browser's steps are timed
  await waitSeeded(server);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (provider?.exitCode === null) provider.kill('SIGTERM');
});

/** Every request the tab makes outside this machine (there must be none). */
function outsideRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) seen.push(r.url());
  });
  return seen;
}

describe('single sign-on (issue 13)', () => {
  it('/login goes to the provider; after its sign-in and consent the person is in the app as that user; logout ends both sessions and comes back to the login page', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en', theme: 'light' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.setDefaultNavigationTimeout(90_000);
    const outside = outsideRequests(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // the app leaves for the provider before its load event: wait for the provider's page instead
    await page.goto(`${server.url}/#/login`, { waitUntil: 'commit' });
    // no retained login: straight to the provider's sign-in page
    await page.getByTestId('op-login').waitFor({ timeout: 60_000 });
    expect(page.url().startsWith(issuer)).toBe(true);
    await screenshot(page, 'sso-provider-sign-in');
    await page.getByTestId('op-login').fill('sso_wang');
    await page.getByTestId('op-password').fill('op-pass-1');
    await page.getByTestId('op-submit').click();
    await page.getByTestId('op-consent').click();

    // back in the app, signed in as the provider's user (the header shows the name from the ID token)
    await page.getByTestId('frame').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('user-info-button').innerText()).toContain('Wang Fang');
    expect(page.url()).not.toContain('code=');
    expect(new URL(page.url()).hash).not.toBe('#/login');
    await screenshot(page, 'sso-signed-in');

    // a reload keeps the session (the retained login): no trip to the provider
    await page.reload();
    await page.getByTestId('frame').waitFor({ timeout: 60_000 });
    expect(page.url().startsWith(server.url)).toBe(true);

    // logout: the provider's end-session page, then back on the app's login page
    await page.getByTestId('logout-button').click();
    await page.getByTestId('logout-confirm').click();
    await page.getByTestId('op-logout').waitFor({ timeout: 60_000 });
    expect(page.url().startsWith(issuer)).toBe(true);
    await page.getByTestId('op-logout').click();
    await page.getByTestId('login-signed-out').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).hash).toBe('#/login');
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'sso-signed-out');

    // the provider's session is over too: signing in again asks for the password
    await page.getByTestId('login-sso').click();
    await page.getByTestId('op-login').waitFor({ timeout: 60_000 });

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 400_000);

  it('the password form stays reachable for local accounts (#/login?local=1)', async () => {
    const context = await newContext(browser, { locale: 'en-US', language: 'en' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.setDefaultNavigationTimeout(90_000);
    await page.goto(`${server.url}/#/login?local=1`);
    await page.getByTestId('login-username').fill('ROOT');
    await page.getByTestId('login-password').fill('Root@12345');
    await expect.poll(() => page.getByTestId('login-sso').isVisible()).toBe(true);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('frame').waitFor({ timeout: 60_000 });
    await context.close();
  }, 200_000);
});
