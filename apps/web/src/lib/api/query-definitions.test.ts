import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definedQueryPrefixes } from './define-query';

// Every module that may define a query: api folders and *-api.ts files. Loading them runs their
// defineQuery calls, which record each prefix.
const API_MODULES = import.meta.glob(['/src/**/api/**/*.{ts,tsx}', '/src/**/*-api.ts', '!/src/**/*.test.{ts,tsx}'], { eager: true });

const SRC = resolve(import.meta.dirname, '../..');
const DEFINER = 'lib/api/define-query.ts';

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name) || e.name === 'test-utils.tsx') return [];
    return [{ path: relative(SRC, full).split('\\').join('/'), text: readFileSync(full, 'utf8') }];
  });
}
const SOURCES = sources(SRC);
const isApiModule = (path: string) => /(^|\/)api\//.test(path) || path.endsWith('-api.ts');
const overlaps = (a: readonly string[], b: readonly string[]) => a.slice(0, Math.min(a.length, b.length)).every((part, i) => part === b[i]);

describe('one query definition per server resource (HOUSE-STYLE rule 13; issue 11 defect 1)', () => {
  it('no key is written outside define-query.ts: no queryKey property, no queryOptions call', () => {
    const offenders = SOURCES.filter((s) => s.path !== DEFINER)
      .flatMap((s) => s.text.split('\n').map((line, i) => ({ where: `${s.path}:${i + 1}`, line })))
      .filter(({ line }) => /(?<!\.)\bqueryKey\b/.test(line) || /\bqueryOptions\s*\(/.test(line))
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('every definition sits in an api module, where this test loads it', () => {
    const outside = SOURCES.filter((s) => s.path !== DEFINER && /\bdefineQuery\s*\(/.test(s.text) && !isApiModule(s.path)).map((s) => s.path);
    expect(outside).toEqual([]);
    const calls = SOURCES.filter((s) => s.path !== DEFINER).reduce((n, s) => n + (s.text.match(/\bdefineQuery\s*\(/g)?.length ?? 0), 0);
    expect(Object.keys(API_MODULES).length).toBeGreaterThan(0);
    // each call ran once at module load: none hides in a function that builds definitions later
    expect(definedQueryPrefixes()).toHaveLength(calls);
  });

  it('no two definitions share a key: no prefix equals or begins another', () => {
    const prefixes = definedQueryPrefixes();
    const clashes = prefixes.flatMap((a, i) => prefixes.slice(i + 1).filter((b) => overlaps(a, b)).map((b) => `${JSON.stringify(a)} ~ ${JSON.stringify(b)}`));
    expect(clashes).toEqual([]);
  });
});
