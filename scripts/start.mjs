// `npm start` / `npm run serve`: runs the built server bundle with the demo data on by default.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'apps/server/dist/main.js');
if (!existsSync(bundle)) {
  console.error(`${bundle} is missing: run "npm run build" first (npm start does both).`);
  process.exit(1);
}
const env = { ...process.env, EMS_DEMO: process.env.EMS_DEMO ?? '1' };
const child = spawn(process.execPath, [bundle], { stdio: 'inherit', env, cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
