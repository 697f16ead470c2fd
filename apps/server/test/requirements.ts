/**
 * Tests that need a service the machine may lack (PostgreSQL, Redis). In CI (CI=true, and always under .ci/run) a
 * missing service fails the test file loudly: a run that tested less must not pass as "0 failed". Elsewhere the tests
 * are skipped and the reason is printed, so a laptop without Redis can still run the rest.
 */
import pg from 'pg';

export const inCI = (): boolean => !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

/**
 * `true` when the tests may run; `false` (skip) outside CI when `available` is false. In CI a missing service throws
 * at collection, which fails the file with `reason` as the error.
 */
export function requireService(available: boolean, reason: string): boolean {
  if (available) return true;
  if (inCI()) throw new Error(`CI 缺少测试所需的服务，不能跳过：${reason}`);
  console.warn(`[skip] ${reason}（CI=true 时此处会失败）`);
  return false;
}

/** The PostgreSQL of TEST_DATABASE_URL answers a query. */
export async function postgresAnswers(url = process.env.TEST_DATABASE_URL): Promise<boolean> {
  if (!url) return false;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}
