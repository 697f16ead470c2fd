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

/**
 * The database cannot be reached right now (issue 29, faults): refused or dropped connections, a server shutting down or
 * starting up, a connect that timed out. Requests that meet one answer 503 「服务暂时不可用，请稍后重试」 (app.ts) rather
 * than a 500; the pool reconnects by itself once PostgreSQL is back.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
    // (a refused connect to "localhost" is an AggregateError of the IPv4 and IPv6 attempts)
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function openPostgres(url: string, opts: { poolMax?: number } = {}): Promise<DbHandle> {
  // connectionTimeoutMillis: a PostgreSQL that accepts the connection but does not answer fails the request in 5 s
  // instead of holding it (and a pool slot) for as long as the OS keeps the socket open.
  // max: DATABASE_POOL_MAX (default 10) per instance; instances × max must stay below the server's max_connections
  const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client whose backend goes away (server restart, DROP DATABASE … FORCE) is reported here; without a listener
  // the pool's 'error' event would crash the process. The pool replaces the client on the next checkout.
  pool.on('error', () => undefined);
  // …and a checked-out client (inside a transaction, between two statements) whose backend is terminated emits 'error'
  // on itself, where nobody listens: an uncaught exception that would end the process when PostgreSQL restarts. The
  // statement in flight fails on its own; the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
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
