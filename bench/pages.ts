/**
 * Pages (issues 5 and 11, "Speed"): a browser benchmark, not a test — each page timed from navigation
 * to its data drawn, goal at most 1.5 s on this machine, on the default 13 months of demo history.
 *
 * The built server (`npm run build` first: apps/server/dist serving apps/web/dist) is started as the
 * e2e suite starts it, on a copy of the 13-month history seeded once per build (e2e/support/seeded.ts:
 * the first run of a build seeds it, a few minutes; the clock pinned at the start). Debian's
 * Chromium (headless, 1440 × 900, zh-CN, a browser clock in America/Los_Angeles, animations as a user
 * has them) logs in as fw_cloud and times every built page of the project level (apps/web/src/app/
 * route-table.ts BUILT, so pages added later are timed too), then as pf_admin every built page of
 * the platform level; each is loaded BENCH_PAGES_ITER (3) times after one warm-up load.
 *
 * One load: a full navigation to http://…/?n=<i>#<path> (a new document: start-up, session check,
 * frame, the page's chunk, its API calls and drawing; scripts from the HTTP cache after the warm-up)
 * until "data drawn" (e2e/support/pages.ts waitDrawn): an element with data-ready="true" in the page,
 * then two animation frames; a page without the marker once it has shown content with no spinner or
 * skeleton for 500 ms, timed at the start of that calm (printed as "generic"). The time is the page's
 * own clock (performance.now(), from its navigation start).
 * BENCH_PAGES_TRACE=1 prints each page's last load as a waterfall (document, scripts, API calls);
 * BENCH_PAGES_ONLY=key,key narrows to those route keys. BENCH_PAGES_PROFILE=dir saves a CPU profile of
 * the page's renderer over each page's last load as dir/<key>.cpuprofile (the profiler slows it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { NAV_ROUTES, type NavRoute } from '@ems/contract';
import { BROWSER_TIMEZONE, launchBrowser } from '../e2e/support/browser.js';
import { DEMO_PASSWORD, login } from '../e2e/support/flows.js';
import { builtKeys, waitDrawn, type Drawn } from '../e2e/support/pages.js';
import { startSeededServer } from '../e2e/support/seeded.js';

const GOAL_MS = 1500;
const ITER = Number(process.env.BENCH_PAGES_ITER ?? 3);
const TIMEOUT_MS = 30_000;
/** who times which level: every page of the level is open to them */
const USERS = [
  { user: 'fw_cloud', module: 'fw' },
  { user: 'pf_admin', module: 'pf' },
] as const;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** One load of a page; its own clock at "data drawn" (ms from navigation start), or a reason it was not drawn. */
async function load(page: Page, base: string, key: string, path: string, n: number): Promise<Drawn> {
  await page.goto(`${base}/?n=${n}#${path}`, { waitUntil: 'commit' });
  return waitDrawn(page, key, TIMEOUT_MS);
}

/** Starts the renderer's CPU profiler (100 µs samples); stop() writes the profile. */
async function startProfile(page: Page): Promise<{ stop: (file: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    stop: async (file) => {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      mkdirSync(resolve(file, '..'), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/** Times each route (a warm-up load, then ITER loads) in the signed-in page; one line each. Returns the missed goals. */
async function timeRoutes(page: Page, base: string, routes: NavRoute[], counter: { n: number }): Promise<string[]> {
  const missed: string[] = [];
  for (const r of routes) {
    const runs: number[] = [];
    let marker = '';
    let error = '';
    for (let i = 0; i <= ITER && !error; i++) {
      const profiling = process.env.BENCH_PAGES_PROFILE && i === ITER ? await startProfile(page) : null;
      const res = await load(page, base, r.key, r.path, counter.n++);
      if (profiling) await profiling.stop(join(process.env.BENCH_PAGES_PROFILE as string, `${r.key}.cpuprofile`));
      if ('error' in res) error = res.error;
      else if (i > 0) {
        runs.push(res.ms);
        marker = res.marker;
      }
    }
    const name = `${r.path} (${r.en})`.padEnd(52);
    if (error) {
      console.log(`${name} not timed: ${error} | goal ≤ ${GOAL_MS} ms: MISSED`);
      missed.push(`${r.path} (${error})`);
      continue;
    }
    if (process.env.BENCH_PAGES_TRACE) {
      // where the last load's time went: document, scripts and API calls on the page's clock
      const entries = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd })),
      );
      const nav = await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return n ? { response: n.responseEnd, dcl: n.domContentLoadedEventEnd } : null;
      });
      console.log(`  document ${nav?.response.toFixed(0)} ms, DOMContentLoaded ${nav?.dcl.toFixed(0)} ms`);
      for (const e of entries) console.log(`  ${e.start.toFixed(0).padStart(6)} → ${e.end.toFixed(0).padStart(6)} ms  ${e.name.slice(0, 100)}`);
    }
    const p50 = median(runs);
    if (p50 > GOAL_MS) missed.push(`${r.path} (${p50.toFixed(0)} ms)`);
    console.log(
      `${name} p50 ${p50.toFixed(0)} ms [${runs.map((x) => x.toFixed(0)).join(', ')}] | goal ≤ ${GOAL_MS} ms: ${p50 <= GOAL_MS ? 'met' : 'MISSED'} | ${marker === 'generic' ? 'generic (no data-ready marker)' : 'data-ready'}`,
    );
  }
  return missed;
}

/** Starts the built server on the seeded 13-month history and times every built page, project level then platform level. */
export async function benchPages(): Promise<void> {
  const load0 = loadavg()[0] ?? NaN;
  const built = builtKeys();
  const only = process.env.BENCH_PAGES_ONLY?.split(',');
  const routesOf = (module: 'pf' | 'fw') => NAV_ROUTES.filter((r) => r.module === module && built.has(r.key) && (!only || only.includes(r.key)));
  console.log(`pages: navigation → data drawn in Chromium, built server on the default 13 months of demo history; ${ITER} loads each after a warm-up (median); goal ≤ ${GOAL_MS} ms`);
  let server;
  try {
    server = await startSeededServer();
  } catch (err) {
    console.log(`pages: skipped (${(err as Error).message.split('\n')[0]})`);
    return;
  }
  const browser = await launchBrowser();
  // the server runs in a process group of its own: stop it when the bench is stopped
  const running = server;
  const onSignal = () => void Promise.allSettled([browser.close(), running.stop()]).finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const counter = { n: 0 };
    const missed: string[] = [];
    let timed = 0;
    for (const { user, module } of USERS) {
      const routes = routesOf(module);
      if (routes.length === 0) continue;
      console.log(`as ${user} (${module === 'fw' ? 'project' : 'platform'} level):`);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: BROWSER_TIMEZONE });
      const page = await context.newPage();
      await login(page, server.url, user, DEMO_PASSWORD);
      missed.push(...(await timeRoutes(page, server.url, routes, counter)));
      timed += routes.length;
      await context.close();
    }
    console.log(`pages: ${timed - missed.length} of ${timed} within ${GOAL_MS} ms${missed.length > 0 ? `; missed: ${missed.join(', ')}` : ''}`);
    // the figures of a busy machine are not this machine's: say how busy it was
    console.log(`pages: machine load average (1 min) ${load0.toFixed(1)} at the start, ${loadavg()[0]?.toFixed(1)} at the end on ${availableParallelism()} cores`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('pages.ts')) await benchPages();
