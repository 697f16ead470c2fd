/**
 * The task worker (pool.ts starts one process per task and kills it after; resident.ts keeps a few and sends them task
 * after task): receives a task and its input, runs the bid engine, answers with the result or the error. Nothing here
 * touches the database or HTTP; the engine is the same one the server imports. In the bundle this file is `worker.js` (scripts/build.mjs).
 */
import { onNativeGroup } from '@btz/bid-engine/native';
import type { WorkerReply, WorkerRequest } from './protocol.js';
import { TASKS } from './tasks.js';

if (!process.send) throw new Error('entry.ts runs as a worker process (child_process.fork) only');

let start: Extract<WorkerRequest, { type: 'start' }> | null = null;
const chunks: unknown[] = [];
const reply = (m: WorkerReply) => process.send!(m);
// LibreOffice / pdftoppm groups: the server kills those still alive when it kills this worker or sees it die
onNativeGroup((event, pgid) => {
  if (process.connected) reply({ type: 'native', event, pgid });
});

process.on('message', (m: WorkerRequest) => {
  if (m.type === 'start') start = m;
  else if (m.type === 'feed') chunks.push(m.chunk);
  else if (m.type === 'end' && start) {
    // a resident worker (resident.ts) takes the next task after this one: start afresh
    const req = start;
    start = null;
    void run(req, chunks.splice(0));
  }
});
// the server went away (killed, crashed): nobody waits for this work (exit kills the native groups: native/process.ts)
process.on('disconnect', () => process.exit(0));

async function run(req: Extract<WorkerRequest, { type: 'start' }>, fed: unknown[]): Promise<void> {
  try {
    const { value } = await TASKS[req.task](req.input, fed, (progress) => reply({ type: 'progress', progress }));
    reply({ type: 'result', value });
  } catch (e) {
    reply({
      type: 'error',
      message: e instanceof Error ? e.message : String(e),
      // a DocumentError by its shape: this file does not import the reading module (an export worker never loads it)
      ...(e instanceof Error && e.name === 'DocumentError' ? { documentCode: (e as Error & { code: string }).code } : {}),
    });
  }
}
