import { sql } from 'kysely';
import type { DbHandle } from './connection.js';
import { MIGRATIONS } from './migrations/index.js';

/** Any fixed number: the advisory lock that keeps two instances from migrating PostgreSQL at the same time. */
const MIGRATION_LOCK = 720_240_601;

/** Applies every migration not yet applied, each in its own transaction. Returns the ids applied now. */
export async function migrate(handle: DbHandle): Promise<string[]> {
  const { db } = handle;
  await handle.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  const run = async () => {
    const done = new Set((await db.selectFrom('schema_migrations').select('id').execute()).map((r) => r.id));
    for (const m of MIGRATIONS) {
      if (done.has(m.id)) continue;
      await handle.exec(`${m.up}\nINSERT INTO schema_migrations (id) VALUES ('${m.id}');`);
      applied.push(m.id);
    }
  };
  if (handle.engine === 'postgres') {
    await db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
      try {
        await run();
      } finally {
        await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
      }
    });
  } else {
    await run();
  }
  return applied;
}
