import { defineConfig } from 'vitest/config';

/**
 * One runner for everything `npm test` runs: unit tests, API tests over real HTTP (PGlite; PostgreSQL too when
 * TEST_DATABASE_URL is set) and browser tests in Chromium. scripts/test.mjs prints the CI line from the JSON report.
 */
const pg = !!process.env.TEST_DATABASE_URL;
const api = ['apps/server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'packages/bid-engine/src/**/*.test.ts',
            'packages/bid-engine/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: api,
          globalSetup: ['apps/server/test/global-setup.ts'],
          env: { TEST_DB_ENGINE: 'pglite' },
          pool: 'forks',
          // Each file starts its own server on its own database copy; sharing the worker process saves the ~2 s
          // module and PGlite start-up per file.
          isolate: false,
        },
      },
      ...(pg
        ? [
            {
              extends: true,
              test: {
                name: 'api-postgres',
                include: api,
                exclude: ['apps/server/test/realtime/**'],
                globalSetup: ['apps/server/test/global-setup.ts'],
                env: { TEST_DB_ENGINE: 'postgres' },
                pool: 'forks' as const,
                isolate: false,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts', 'e2e/global-setup.ts'],
          env: { TEST_DB_ENGINE: 'pglite' },
          pool: 'forks',
          fileParallelism: false,
          // after the unit and API projects, not beside them: a browser on a CPU saturated by PGlite workers times out
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
        },
      },
    ],
  },
});
