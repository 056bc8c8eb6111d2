import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = resolve(import.meta.dirname, '..');

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

describe('the bundle', () => {
  it('node apps/server/build.mjs produces dist/main.js that starts, prints the banner and answers /healthz', async () => {
    execFileSync(process.execPath, [join(serverDir, 'build.mjs')], { stdio: 'pipe' });
    const tmp = mkdtempSync(join(tmpdir(), 'ems-bundle-'));
    const port = await freePort();
    const child = spawn(process.execPath, [join(serverDir, 'dist/main.js')], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), EMS_DATA_DIR: join(tmp, 'data'), EMS_KEY_FILE: join(tmp, 'key/secret.key'), EMS_DEMO: '1', EMS_LOG_LEVEL: 'warn', EMS_DB_URL: '', EMS_SECRET: '' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      let body: unknown;
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && body === undefined) {
        if (child.exitCode !== null) throw new Error(`bundle exited ${child.exitCode}: ${output}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/healthz`);
          if (res.ok) body = await res.json();
        } catch {
          await new Promise((r) => setTimeout(r, 150));
        }
      }
      expect(body).toMatchObject({ code: 0, data: { db: 'sqlite' } });
      expect(output).toContain(`http://localhost:${port}`);
      expect(output).toContain('pf_admin    Demo@12345');
      expect(output).toContain('WARNING: ROOT still has the default password Root@12345');
    } finally {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
