import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Bundle budgets (issue 5, "Speed"): the initial route's JavaScript at most 300 KiB gzipped, ECharts
 * and every page loaded on demand, and no bundle growing past its budget unnoticed. Reads the built
 * files of `npm run build` (apps/web/dist and vite's manifest, dist/.vite/manifest.json); no browser.
 *
 * - initial route: index.html's entry script and every chunk it imports statically (what the browser
 *   must run before anything renders; vite lists them as modulepreload links), summed;
 * - ECharts: the chunk holding ECharts' core (it marks chart DOM nodes with `_echarts_instance_`);
 * - pages: the lazy chunk of each feature the route table imports, and the frame (menu, tabs, header)
 *   that every signed-in page renders in.
 *
 * Sizes are gzip (zlib level 9, as served pre-compressed) in KiB. The budgets sit a little above the
 * sizes of 2026-11-22 (initial 269.2; ECharts with the shared widgets chunk 261.4; largest page chunk
 * 13.8, device-monitor; frame 139.2), so growth fails here; raise a budget only on purpose, with the
 * reason in the commit.
 */
const BUDGET_KIB = {
  initial: 300,
  echarts: 275,
  largestPage: 16,
  frame: 150,
} as const;

const DIST = resolve(import.meta.dirname, '../apps/web/dist');
const ROUTE_TABLE = resolve(import.meta.dirname, '../apps/web/src/app/route-table.ts');

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kib = (bytes: number) => bytes / 1024;
const fmt = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;
const gzipOf = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

function load(): { manifest: Manifest; entryKey: string } {
  const path = join(DIST, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first (apps/web/vite.config.ts sets build.manifest)`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the manifest names no entry chunk');
  return { manifest, entryKey };
}

/** The chunk and every chunk it imports statically, transitively (manifest keys). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key]?.imports ?? []) staticClosure(manifest, k, seen);
  return seen;
}

describe('bundle budgets (apps/web/dist, gzip)', () => {
  const { manifest, entryKey } = load();
  const initial = staticClosure(manifest, entryKey);
  const initialFiles = [...initial].map((k) => (manifest[k] as ManifestChunk).file);
  const js = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
  const hasEcharts = (file: string) => readFileSync(join(DIST, file), 'utf8').includes('_echarts_instance_');

  it(`keeps the initial route's JavaScript within ${BUDGET_KIB.initial} KiB`, () => {
    // index.html loads exactly these: the entry script and its modulepreload links
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const linked = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1] as string);
    expect(new Set(linked), 'index.html links other scripts than the entry and its static imports').toEqual(new Set(initialFiles));
    const sizes = initialFiles.map((f) => ({ f, gz: gzipOf(f) })).sort((a, b) => b.gz - a.gz);
    const total = sizes.reduce((s, x) => s + x.gz, 0);
    const detail = sizes.map((x) => `${x.f} ${fmt(x.gz)}`).join(', ');
    console.log(`initial route: ${fmt(total)} gzip in ${sizes.length} files (budget ${BUDGET_KIB.initial} KiB): ${detail}`);
    expect(kib(total), `the initial route is ${fmt(total)} gzip, over its ${BUDGET_KIB.initial} KiB budget: ${detail}`).toBeLessThanOrEqual(BUDGET_KIB.initial);
  });

  it('loads ECharts on demand, in one chunk within its budget', () => {
    const inInitial = initialFiles.filter(hasEcharts);
    expect(inInitial, `ECharts is in the initial route (${inInitial.join(', ')}): import it only from widgets/echart, which pages load lazily`).toEqual([]);
    const chunks = js.filter((c) => hasEcharts(c.file));
    expect(chunks.map((c) => c.file), 'ECharts core should sit in exactly one chunk').toHaveLength(1);
    const file = (chunks[0] as ManifestChunk).file;
    const gz = gzipOf(file);
    console.log(`ECharts chunk: ${file} ${fmt(gz)} gzip (budget ${BUDGET_KIB.echarts} KiB)`);
    expect(kib(gz), `the ECharts chunk ${file} is ${fmt(gz)} gzip, over its ${BUDGET_KIB.echarts} KiB budget`).toBeLessThanOrEqual(BUDGET_KIB.echarts);
  });

  it('gives every page of the route table a lazy chunk; the largest page and the frame stay within budget', () => {
    // the features the route table loads with lazyPage(() => import('../features/<dir>'))
    const dirs = [...new Set([...readFileSync(ROUTE_TABLE, 'utf8').matchAll(/import\('\.\.\/features\/([\w-]+)'\)/g)].map((m) => m[1] as string))];
    expect(dirs.length).toBeGreaterThan(0);
    const pages = dirs.map((dir) => {
      const key = Object.keys(manifest).find((k) => k === `src/features/${dir}/index.ts` || k === `src/features/${dir}/index.tsx`);
      expect(key, `features/${dir} has no chunk of its own in the manifest`).toBeDefined();
      const chunk = manifest[key as string] as ManifestChunk;
      expect(chunk.isDynamicEntry, `features/${dir} is not loaded on demand`).toBe(true);
      expect(initial.has(key as string), `features/${dir} is in the initial route`).toBe(false);
      // what opening the page costs on top of the initial route: its chunk and the shared chunks it
      // imports statically that the initial route does not hold, ECharts left out (budgeted above)
      const extra = [...staticClosure(manifest, key as string)].filter((k) => !initial.has(k)).map((k) => (manifest[k] as ManifestChunk).file);
      const own = extra.filter((f) => !hasEcharts(f));
      return { dir, file: chunk.file, gz: gzipOf(chunk.file), withShared: own.reduce((s, f) => s + gzipOf(f), 0) };
    });
    pages.sort((a, b) => b.gz - a.gz);
    console.log(`page chunks (own gzip; with the shared chunks they pull in beyond the initial route, ECharts aside): ${pages.map((p) => `${p.dir} ${fmt(p.gz)} (${fmt(p.withShared)})`).join(', ')}`);
    const largest = pages[0] as (typeof pages)[number];
    expect(kib(largest.gz), `the largest page chunk ${largest.file} (features/${largest.dir}) is ${fmt(largest.gz)} gzip, over its ${BUDGET_KIB.largestPage} KiB budget`).toBeLessThanOrEqual(
      BUDGET_KIB.largestPage,
    );

    const frameKey = 'src/frame/frame-layout.tsx';
    const frame = manifest[frameKey];
    expect(frame?.isDynamicEntry, 'the frame layout should be its own lazy chunk (app/router.tsx)').toBe(true);
    const frameFiles = [...staticClosure(manifest, frameKey)].filter((k) => !initial.has(k)).map((k) => (manifest[k] as ManifestChunk).file);
    const frameGz = frameFiles.reduce((s, f) => s + gzipOf(f), 0);
    console.log(`frame: ${fmt(frameGz)} gzip in ${frameFiles.length} files beyond the initial route (budget ${BUDGET_KIB.frame} KiB)`);
    expect(kib(frameGz), `the frame (${frameFiles.join(', ')}) is ${fmt(frameGz)} gzip beyond the initial route, over its ${BUDGET_KIB.frame} KiB budget`).toBeLessThanOrEqual(
      BUDGET_KIB.frame,
    );
  });
});
