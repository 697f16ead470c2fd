/**
 * The task worker (pool.ts starts one per task): receives a task and its input, runs the bid engine, answers with the
 * result or the error. Nothing here touches the database or HTTP; the engine is the same one the server imports.
 * In the bundle this file is `worker.js` (scripts/build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './protocol.js';
import { TASKS } from './tasks.js';

const port = parentPort;
if (!port) throw new Error('entry.ts runs as a worker thread only');

let start: Extract<WorkerRequest, { type: 'start' }> | null = null;
const chunks: unknown[] = [];
const reply = (m: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

port.on('message', (m: WorkerRequest) => {
  if (m.type === 'start') start = m;
  else if (m.type === 'feed') chunks.push(m.chunk);
  else if (m.type === 'end' && start) void run(start, chunks);
});

async function run(req: Extract<WorkerRequest, { type: 'start' }>, fed: unknown[]): Promise<void> {
  try {
    const { value, transfer } = await TASKS[req.task](req.input, fed, (progress) => reply({ type: 'progress', progress }));
    reply({ type: 'result', value }, transfer);
  } catch (e) {
    reply({
      type: 'error',
      message: e instanceof Error ? e.message : String(e),
      // a DocumentError by its shape: this file does not import the reading module (an export worker never loads it)
      ...(e instanceof Error && e.name === 'DocumentError' ? { documentCode: (e as Error & { code: string }).code } : {}),
    });
  }
}
