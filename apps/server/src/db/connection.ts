import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGlitePool } from './pglite-pool.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

export interface DbHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations) in one transaction; no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// pg returns int8/numeric as strings; counts and fen amounts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(url: string): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose backend goes away (server restart, DROP DATABASE … FORCE) is reported here; without a listener
  // the pool's 'error' event would crash the process. The pool replaces the client on the next checkout.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    exec: async (text) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(text);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

/** Opens PGlite in `dir` (or from a dump, for tests). */
export async function openPGlite(opts: { dir?: string; loadDataDir?: Blob | File }): Promise<DbHandle> {
  if (opts.dir) mkdirSync(path.dirname(opts.dir), { recursive: true });
  const pgl = await PGlite.create(opts.dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const pool = new PGlitePool(pgl);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return {
    db,
    engine: 'pglite',
    exec: async (text) => {
      const client = await pool.connect();
      try {
        await pgl.transaction(async (tx) => {
          await tx.exec(text);
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      await db.destroy();
      await pgl.close();
    },
  };
}
