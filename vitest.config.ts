import { defineConfig } from 'vitest/config';

/**
 * One runner for everything `npm test` runs: unit tests, API tests over real HTTP (PGlite; PostgreSQL too when
 * TEST_DATABASE_URL is set) and browser tests in Chromium. scripts/test.mjs prints the CI line from the JSON report.
 */
const pg = !!process.env.TEST_DATABASE_URL;
const ci = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
// In CI a run that tested less must not pass: no PostgreSQL means no api-postgres project, which fails the run unless
// the command named other projects only (`--project unit`). scripts/test.mjs also counts every skipped test as failed.
// Elsewhere, say once what is left out.
const asked = process.argv.flatMap((a, i, all) => (a === '--project' ? [all[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : []));
if (!pg) {
  const why = 'TEST_DATABASE_URL 未设置：PostgreSQL 上的 API 测试（api-postgres 项目）和多实例测试不会运行';
  if (ci && (!asked.length || asked.includes('api-postgres'))) throw new Error(`CI 不能缺少 PostgreSQL — ${why}（.ci/run 会启动本机 PostgreSQL 并设置它）`);
  const g = globalThis as { btzPgWarned?: boolean };
  if (!g.btzPgWarned) console.warn(`[skip] ${why}（CI=true 时此处会失败）`);
  g.btzPgWarned = true;
}
/**
 * Server commands (modules/<domain>/commands/) keep their tests beside them; those run against a real database, so
 * they belong to the API projects (with their database setup), not to `unit`.
 */
const commandTests = 'apps/server/src/modules/**/commands/*.test.ts';
const api = ['apps/server/test/**/*.test.ts', commandTests];
/**
 * API test files that do not run on the harness database (TEST_DB_ENGINE) but start their own server processes on a
 * fixed engine — kill -9 on a PGlite DATA_DIR, several processes on TEST_DATABASE_URL and Redis — or test the PGlite
 * lock. Running them under api-postgres would repeat them or test nothing, so they run in `api` only and are left out
 * of `api-postgres` here (not skipped there: in CI a skipped test counts as failed).
 */
const ownEngine = [
  'apps/server/test/realtime/**',
  'apps/server/test/infra/lock.test.ts',
  'apps/server/test/infra/instances.test.ts',
  'apps/server/test/infra/rolling-restart.test.ts',
  'apps/server/test/bid/recovery-kill.test.ts',
  'apps/server/test/writing/kill.test.ts',
  'apps/server/test/security/hostile-files.test.ts',
  'apps/server/test/bidcheck/kill.test.ts',
  'apps/server/test/writing/export-kill.test.ts',
  // fault tests (issue 29): they stop and start a PostgreSQL cluster and a Redis server of their own
  'apps/server/test/infra/fault-postgres.test.ts',
  'apps/server/test/infra/fault-llm-storm.test.ts',
  'apps/server/test/infra/llm-shared-limiter.test.ts',
  // two servers on one PostgreSQL database of its own and Redis (the verified-session cache across instances)
  'apps/server/test/auth/session-cache.test.ts',
];
/**
 * API test files whose subject does not depend on the database engine run on ONE engine: PostgreSQL (production's) when
 * TEST_DATABASE_URL is set, else PGlite. Their time goes to files, not to SQL — pictures, LibreOffice conversions, file
 * tools, 查重, 废标检查, the repository and data bank readers, exported Word files, object storage, SMS gateways — or to
 * the route table and validation (the generated authorisation matrix, schema fuzzing). Run twice they repeated many
 * minutes of conversions and tested nothing more. What is about data — accounts, money, tokens, bids, teams, writing jobs
 * and their recovery, history, the storage ledger and quotas — still runs on both engines, and the browser tests on PGlite.
 */
const oneEngine = [
  'apps/server/test/filetools/**',
  'apps/server/test/pictures/**',
  'apps/server/test/repository/**',
  'apps/server/test/databank/databank.test.ts',
  'apps/server/test/databank/qualify.test.ts',
  'apps/server/test/dupcheck/**',
  'apps/server/test/bidcheck/bidcheck.test.ts',
  'apps/server/test/bid/analysis-report.test.ts',
  'apps/server/test/writing/export-cover.test.ts',
  'apps/server/test/writing/tender-forms.test.ts',
  'apps/server/test/writing/deviation.test.ts',
  'apps/server/test/writing/length.test.ts',
  'apps/server/test/infra/s3-storage.test.ts',
  'apps/server/test/auth/sms-gateways.test.ts',
  'apps/server/test/security/authz-matrix.test.ts',
  'apps/server/test/security/schema-fuzz.test.ts',
  'apps/server/test/security/converters.test.ts',
  'apps/server/test/security/large-export.test.ts',
  'apps/server/test/security/captcha-image.test.ts',
  'apps/server/test/security/image-urls.test.ts',
  // reading and converting files through their jobs: uploads (files), the tender's parse, the data bank's reading, the
  // Word/PDF export — their time is the reading and LibreOffice, twice as slow again on PGlite; the writing jobs, money,
  // quotas and recovery stay on both engines
  'apps/server/test/bid/files.test.ts',
  'apps/server/test/bid/parse.test.ts',
  'apps/server/test/databank/reading-job.test.ts',
  'apps/server/test/writing/export-job.test.ts',
];
/**
 * API and browser tests wait for background work (parse, writing, checks…) by following the job's own state and progress
 * (apps/server/test/wait.ts, docs/testing.md): a moving job is waited for, one that shows no change for 2 minutes or runs
 * past 4 fails, naming its last state. Their test and hook timeouts (10 minutes) are longer than that, also for a test
 * that waits for a few jobs in turn, so a wait's own message is what a failure shows; they are not the place to say how
 * long a job may take.
 */
const waitsForJobs = { testTimeout: 600_000, hookTimeout: 600_000 };

export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default is one fewer than the cores — one on the 2-core CI machine — and most of
    // an API file's time is spent waiting on its server's jobs, workers and LibreOffice, not on this process; each file
    // has its own server, database (a PGlite copy or a PostgreSQL database of its own) and Redis prefix, so two files
    // never share state. The browser project still runs one file at a time, after the others (below).
    maxWorkers: 2,
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
            // the benchmarks' own labels (their truth lives under bench/, not in the product)
            'bench/**/*.test.ts',
          ],
          exclude: [commandTests, '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: api,
          // with PostgreSQL there, the engine-independent files run in api-postgres only (above)
          ...(pg ? { exclude: oneEngine } : {}),
          ...waitsForJobs,
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
                ...waitsForJobs,
                exclude: ownEngine,
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
          // one file after another in one worker process: as in `api`, the server's modules, PGlite and playwright-core
          // load once for all the files instead of once per file (on the run's critical path, as this project runs last)
          isolate: false,
          fileParallelism: false,
          // after the unit and API projects, not beside them: a browser on a CPU saturated by PGlite workers times out
          sequence: { groupOrder: 1 },
          ...waitsForJobs,
        },
      },
    ],
  },
});
