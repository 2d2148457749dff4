// `npm start`: builds what is missing or older than its sources, then runs the one production
// process (API, both sockets and the built web app on one port).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}
const stale = (output, inputs) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...inputs.map(newest));

const contract = 'packages/contract/src';
if (stale('apps/web/dist/index.html', ['apps/web/src', 'apps/web/public', 'apps/web/index.html', contract])) {
  console.log('Building the web app…');
  execSync('npm run build -w @sajha/web', { stdio: 'inherit' });
}
if (stale('apps/server/dist/main.js', ['apps/server/src', contract])) {
  console.log('Building the server…');
  execSync('npm run build -w @sajha/server', { stdio: 'inherit' });
}
await import(path.join(root, 'apps/server/dist/main.js'));
