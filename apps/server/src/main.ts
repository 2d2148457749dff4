/** Reads the config, builds the app, listens, and shuts down cleanly on SIGTERM/SIGINT. */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { checkDataDir, orExit } from './platform/startup.js';

// A bad setting ends here with one line naming it and the fix (platform/startup.ts).
const config = await orExit(async () => {
  const c = loadConfig();
  await checkDataDir(c.dataDir);
  return c;
});
const app = await orExit(() => buildApp(config));
await app.listen();
app.deps.log.info({ url: config.publicUrl, dataDir: config.dataDir }, `Sajha is running at ${config.publicUrl}`);

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  app.deps.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000 + config.drainDelayMs);
  force.unref();
  app
    .close()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      app.deps.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
