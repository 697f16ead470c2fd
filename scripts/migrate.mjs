// npm run db:migrate: apply pending migrations and seeds to DATA_DIR's PGlite or DATABASE_URL, then exit.
import path from 'node:path';
import { run, root } from './lib.mjs';

process.exit(await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/db/migrate-cli.ts']));
