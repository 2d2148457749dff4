/**
 * One `npm test` for everything. Server tests run on PGlite, and again on PostgreSQL when
 * DATABASE_URL is set (each test file in a fresh database). Browser tests drive the built app.
 *
 * `npm test` starts two runs side by side (package.json): the browser tests, and every other project with
 * one worker. Vitest itself runs a project without file parallelism after all the others, on one core,
 * while the other core idles: that alone was half of CI's time.
 */
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/**/*.test.ts'];
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/**/*.test.ts'] } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        // Web reducers, stores and hooks in a simulated DOM (no browser, no server): quick.
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // The interface texts (English) are loaded once, as main.tsx does.
          setupFiles: ['apps/web/src/i18n/index.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser page reaches a state (mounted, switched language, answered) in its own time, slower
          // on a loaded machine: `expect.poll` waits up to 10 s for it (vitest's 1 s failed busy CI runs).
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
    ],
  },
});
