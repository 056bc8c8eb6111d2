import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo camera's HLS fixture (apps/server/assets/demo-video), found from this module (src) or from
 * the bundle (dist/main.js) by walking up to the folder that holds it.
 */
function fixtureDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets', 'demo-video');
    if (existsSync(join(candidate, 'index.m3u8'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

const DIR = fixtureDir();
const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' };

/** A file of the demo stream (name already checked by the route's schema), or undefined when missing. */
export function demoVideoFile(name: string): { body: Buffer; type: string } | undefined {
  if (!DIR) return undefined;
  const path = join(DIR, name);
  if (!existsSync(path)) return undefined;
  return { body: readFileSync(path), type: TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream' };
}
