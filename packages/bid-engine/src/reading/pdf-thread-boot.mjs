// Runs pdf-thread.ts in a worker thread when the engine runs from its TypeScript sources (tests, tsx): a thread does not
// take the parent's `--import tsx`, so it registers tsx itself. The server bundle starts its built pdf-thread.js instead.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
