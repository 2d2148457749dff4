// Bundles the server into dist/main.js. npm packages stay external (installed beside it); the
// workspace's own contract package is TypeScript source, so it is bundled in.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@sajha/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
// The embedded database's worker thread is plain JS, loaded by URL beside main.js (db/pglite-remote.ts),
// with the one module of ours it imports.
copyFileSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
copyFileSync('src/db/gc-pauses.mjs', 'dist/gc-pauses.mjs');
console.log('server built: apps/server/dist/main.js');
