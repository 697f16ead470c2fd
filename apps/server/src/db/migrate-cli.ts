import path from 'node:path';
import { loadConfig } from '../config.js';
import { openPGlite, openPostgres } from './connection.js';
import { acquireDataDirLock } from './lock.js';
import { migrate } from './migrate.js';
import { seed } from './seed/index.js';

/** `npm run db:migrate`: applies pending migrations and seeds, then exits. */
const config = loadConfig();
const release = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
const handle = config.databaseUrl
  ? await openPostgres(config.databaseUrl)
  : await openPGlite({ dir: path.join(config.dataDir, 'pgdata') });
try {
  const applied = await migrate(handle);
  await seed(handle.db);
  console.log(applied.length ? `已应用迁移：${applied.join(', ')}` : '数据库已是最新');
} finally {
  await handle.close();
  release?.();
}
