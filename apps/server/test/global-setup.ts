import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { PGlitePool } from '../src/db/pglite-pool.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/db/seed/index.js';
import type { DB } from '../src/db/schema.js';

/**
 * A new PGlite takes seconds (initdb): migrate one database once per run, dump it, and let every test file open its
 * own copy from the dump (TECH-NOTES.md). The dump's path reaches the workers through the environment.
 */
let dumpFile: string | undefined;

export default async function setup(project: { provide(key: string, value: unknown): void }) {
  if (dumpFile) {
    project.provide('pgliteDump', dumpFile);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-dump-'));
  const pgl = await PGlite.create();
  const pool = new PGlitePool(pgl);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  const handle = {
    db,
    engine: 'pglite' as const,
    exec: async (text: string) => {
      await pgl.transaction(async (tx) => {
        await tx.exec(text);
      });
    },
    close: async () => undefined,
  };
  await migrate(handle);
  await seed(db);
  const dump = await pgl.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pgl.close();
  dumpFile = file;
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
