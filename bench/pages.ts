/**
 * Pages (issue 5, "Speed"): a browser benchmark, not a test — each page timed from navigation to
 * its data drawn, goal at most 1.5 s on this machine.
 *
 * The built server (`npm run build` first: apps/server/dist serving apps/web/dist) is started as the
 * e2e suite starts it (e2e/support/server.ts: own process, throw-away data dir, demo data, the
 * simulator seeding BENCH_PAGES_SIM_DAYS (3) days of history, waited for to 100 %). Debian's
 * Chromium (headless, 1440 × 900, zh-CN, Asia/Shanghai, animations as a user has them) logs in as
 * fw_plant; then every page of the route table's groups energyAnalysis, cost, monitoring and
 * efficiency that is built (apps/web/src/app/route-table.ts BUILT, so pages added later are timed
 * too) and that fw_plant may open is loaded BENCH_PAGES_ITER (3) times after one warm-up load.
 *
 * One load: a full navigation to http://…/?n=<i>#<path> (a new document: start-up, session check,
 * frame, the page's chunk, its API calls and drawing; scripts from the HTTP cache after the warm-up)
 * until "data drawn", then two animation frames so the drawing is on screen. The time is the page's
 * own clock (performance.now(), from its navigation start). Data drawn:
 * - pages that carry the marker: an element with data-ready="true" (set by the page once its data is
 *   rendered: the analysis page, balance, pipe, the cost pages' KPI row);
 * - other pages: the page's area shows content with no spinner or skeleton in it for 500 ms, timed
 *   at the start of that calm (printed as "generic").
 * BENCH_PAGES_TRACE=1 prints each page's last load as a waterfall (document, scripts, API calls);
 * BENCH_PAGES_ONLY=key,key narrows to those route keys. BENCH_PAGES_PROFILE=dir saves a CPU profile of
 * the page's renderer over each page's last load as dir/<key>.cpuprofile (the profiler slows it).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { NAV_ROUTES } from '@ems/contract';
import { launchBrowser } from '../e2e/support/browser.js';
import { DEMO_PASSWORD, login } from '../e2e/support/flows.js';
import { startServer, waitSeeded } from '../e2e/support/server.js';

const GOAL_MS = 1500;
const ITER = Number(process.env.BENCH_PAGES_ITER ?? 3);
const GROUPS = new Set(['energyAnalysis', 'cost', 'monitoring', 'efficiency']);
const ROUTE_TABLE = resolve(import.meta.dirname, '../apps/web/src/app/route-table.ts');
const TIMEOUT_MS = 30_000;
/** a page without the marker counts as drawn once it has shown content with no spinner or skeleton for this long (timed at the start) */
const GENERIC_QUIET_MS = 500;

/** Keys of the built pages, read from the route table's BUILT registry (a page added there is timed too). */
function builtKeys(): Set<string> {
  const text = readFileSync(ROUTE_TABLE, 'utf8');
  const body = text.slice(text.indexOf('const BUILT'), text.indexOf('};', text.indexOf('const BUILT')));
  return new Set([...body.matchAll(/^\s*(\w+):\s*lazyPage\(/gm)].map((m) => m[1] as string));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** One load of a page; its own clock at "data drawn" (ms from navigation start), or a reason it was not drawn. */
async function load(page: Page, base: string, key: string, path: string, n: number): Promise<{ ms: number; marker: 'data-ready' | 'generic' } | { error: string }> {
  await page.goto(`${base}/?n=${n}#${path}`, { waitUntil: 'commit' });
  const deadline = Date.now() + TIMEOUT_MS;
  let stableSince: number | null = null;
  for (;;) {
    const state = await page
      .evaluate((key: string) => {
        const area = document.querySelector(`[data-testid="page"][data-page="${key}"]`);
        return {
          now: performance.now(),
          hash: location.hash,
          ready: area?.querySelector('[data-ready="true"]') != null,
          marked: area?.querySelector('[data-ready]') != null,
          // something drawn, nothing loading
          settled: area !== null && (area.textContent ?? '').trim() !== '' && area.querySelector('.ant-spin-spinning, .ant-skeleton') === null,
        };
      }, key)
      // the document may still be swapping in (an evaluate then fails): ask again
      .catch(() => null);
    if (state !== null) {
      if (state.hash.startsWith('#/noPermission') || state.hash.startsWith('#/login')) return { error: `redirected to ${state.hash}` };
      if (state.ready) {
        const ms = await page.evaluate(() => new Promise<number>((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(performance.now())))));
        return { ms, marker: 'data-ready' };
      }
      if (!state.marked && state.settled) {
        stableSince ??= state.now;
        if (state.now - stableSince >= GENERIC_QUIET_MS) return { ms: stableSince, marker: 'generic' };
      } else stableSince = null;
    }
    if (Date.now() > deadline) return { error: `not drawn within ${TIMEOUT_MS / 1000} s` };
    await new Promise((r) => setTimeout(r, 25));
  }
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

/** Starts the built server with the demo data, logs in as fw_plant and times every page of the groups. */
export async function benchPages(): Promise<void> {
  const built = builtKeys();
  const only = process.env.BENCH_PAGES_ONLY?.split(',');
  const routes = NAV_ROUTES.filter((r) => r.module === 'fw' && GROUPS.has(r.group) && built.has(r.key) && (!only || only.includes(r.key)));
  console.log(
    `pages: navigation → data drawn in Chromium as fw_plant, built server with ${process.env.BENCH_PAGES_SIM_DAYS ?? 3} days of demo history; ${ITER} loads each after a warm-up (median); goal ≤ ${GOAL_MS} ms`,
  );
  let server;
  try {
    server = await startServer({ EMS_SIM_DAYS: process.env.BENCH_PAGES_SIM_DAYS ?? '3' });
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
    await waitSeeded(server, 600_000);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    await login(page, server.url, 'fw_plant', DEMO_PASSWORD);
    let n = 0;
    for (const r of routes) {
      const runs: number[] = [];
      let marker = '';
      let error = '';
      for (let i = 0; i <= ITER && !error; i++) {
        const profiling = process.env.BENCH_PAGES_PROFILE && i === ITER ? await startProfile(page) : null;
        const res = await load(page, server.url, r.key, r.path, n++);
        if (profiling) await profiling.stop(join(process.env.BENCH_PAGES_PROFILE as string, `${r.key}.cpuprofile`));
        if ('error' in res) error = res.error;
        else if (i > 0) {
          runs.push(res.ms);
          marker = res.marker;
        }
      }
      const name = `${r.path} (${r.en})`.padEnd(52);
      if (error) {
        console.log(`${name} not timed: ${error}`);
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
      console.log(
        `${name} p50 ${p50.toFixed(0)} ms [${runs.map((x) => x.toFixed(0)).join(', ')}] | goal ≤ ${GOAL_MS} ms: ${p50 <= GOAL_MS ? 'met' : 'MISSED'} | ${marker === 'generic' ? 'generic (no data-ready marker)' : 'data-ready'}`,
      );
    }
    await context.close();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('pages.ts')) await benchPages();
