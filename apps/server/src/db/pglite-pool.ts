import type { PGlite } from '@electric-sql/pglite';
import { Semaphore } from '@btz/bid-engine/llm';

/**
 * Makes one PGlite instance look like a `pg.Pool` to Kysely's PostgresDialect.
 *
 * PGlite has a single connection. Kysely runs a transaction as several queries on one "connection", so we hand the
 * connection to one borrower at a time (the engine's Semaphore of one, FIFO); otherwise a second request's query would
 * land inside another request's open transaction. This serialises the database, which PGlite does internally anyway
 * (TECH-NOTES.md).
 */
export class PGlitePool {
  private readonly connection = new Semaphore(1);
  private closed = false;

  constructor(private readonly pg: PGlite) {}

  async connect(): Promise<PGliteClient> {
    if (this.closed) throw new Error('database is closed');
    const release = await this.connection.acquire();
    return {
      query: async (sql: string, params?: readonly unknown[]) => {
        const res = await this.pg.query(sql, params as unknown[] | undefined);
        const command = sql.trimStart().slice(0, 6).toUpperCase();
        return { rows: res.rows as Record<string, unknown>[], rowCount: res.affectedRows ?? res.rows.length, command };
      },
      release,
    };
  }

  async end(): Promise<void> {
    this.closed = true;
  }
}

export interface PGliteClient {
  query(sql: string, params?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number; command: string }>;
  release(): void;
}
