// Bundles src/main.ts into dist/main.js and the demo seed's worker thread (src/sim/seed-worker.ts) into
// dist/seed-worker.js beside it: ESM for Node, @ems/* workspace packages inlined, every real npm
// dependency left external (resolved from node_modules at run time).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@ems/'));

await build({
  entryPoints: { main: join(here, 'src/main.ts'), 'seed-worker': join(here, 'src/sim/seed-worker.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // CommonJS code pulled into an ESM bundle may call require().
  banner: { js: "import { createRequire as __emsCreateRequire } from 'node:module'; const require = __emsCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('built apps/server/dist/main.js and seed-worker.js');
