// `npm run dev`: the server with reload on change (tsx watch) and Vite with hot reload, which
// proxies /api and both sockets to the server. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '3000',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    cwd: 'apps/web',
    env: { ...env, API_URL: `http://localhost:${env.PORT}` },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
