import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const ROUTE_TABLE = resolve(import.meta.dirname, '../../apps/web/src/app/route-table.ts');
/** a page without the data-ready marker counts as drawn once it has shown content with no spinner or skeleton for this long (timed at the start) */
export const GENERIC_QUIET_MS = 500;

/** Keys of the built pages, read from the route table's BUILT registry (a page added there is covered too). */
export function builtKeys(): Set<string> {
  const text = readFileSync(ROUTE_TABLE, 'utf8');
  const start = text.indexOf('const BUILT');
  const body = text.slice(start, text.indexOf('};', start));
  return new Set([...body.matchAll(/^\s*(\w+):\s*lazyPage\(/gm)].map((m) => m[1] as string));
}

export type Drawn = { ms: number; marker: 'data-ready' | 'generic' } | { error: string };

/**
 * Waits until the page `key` has drawn its data and returns the page's own clock then
 * (performance.now(), ms from its document's navigation start). Drawn:
 * - a page that carries the marker: an element with data-ready="true" inside its area (set once its
 *   data is rendered), then two animation frames so the drawing is on screen;
 * - any other page: its area shows content with no spinner or skeleton in it for 500 ms, timed at
 *   the start of that calm ('generic').
 * Not drawn: the page's error boundary shows (data-testid="page-error"), the app went to /login or
 * /noPermission, or `timeoutMs` passed.
 */
export async function waitDrawn(page: Page, key: string, timeoutMs = 30_000): Promise<Drawn> {
  const deadline = Date.now() + timeoutMs;
  let stableSince: number | null = null;
  for (;;) {
    const state = await page
      .evaluate((key: string) => {
        const area = document.querySelector(`[data-testid="page"][data-page="${key}"]`);
        return {
          now: performance.now(),
          hash: location.hash,
          failed: area?.querySelector('[data-testid="page-error"]') ? (area.textContent ?? '').trim() : null,
          ready: area?.querySelector('[data-ready="true"]') != null,
          marked: area?.querySelector('[data-ready]') != null,
          // something drawn, nothing loading
          settled: area !== null && (area.textContent ?? '').trim() !== '' && area.querySelector('.ant-spin-spinning, .ant-skeleton') === null,
        };
      }, key)
      // the document may still be swapping in (an evaluate then fails): ask again
      .catch(() => null);
    if (state !== null) {
      if (state.failed !== null) return { error: `error boundary: ${state.failed}` };
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
    if (Date.now() > deadline) return { error: `not drawn within ${timeoutMs / 1000} s` };
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The side menu's pages in menu order: route key and path (what a person can click, in the current module). */
export async function menuPages(page: Page): Promise<{ key: string; path: string }[]> {
  return page
    .locator('[data-testid="side-menu"] [data-testid^="menu-item-"]')
    .evaluateAll((els) => els.map((el) => ({ key: (el.getAttribute('data-testid') ?? '').slice('menu-item-'.length), path: el.getAttribute('data-path') ?? '' })));
}
