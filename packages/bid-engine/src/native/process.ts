/**
 * Runs an external program confined (sandbox.ts) in a process group of its own (issue 22, finding 7): `detached` makes
 * it lead a new group, and every way its run ends — its time limit, the caller's abort, this process exiting — kills the
 * whole group with SIGKILL (soffice.bin outlives its oosplash parent otherwise). A listener (the worker's entry) hears of
 * every group started and ended, so the server can kill them too when it kills or loses the worker.
 */
import { spawn } from 'node:child_process';
import { confinedArgv } from './sandbox.js';

export class NativeRunError extends Error {
  constructor(
    readonly reason: 'timeout' | 'aborted' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'NativeRunError';
  }
}

export interface NativeRunOptions {
  /** the job folder: the only writable place inside the sandbox, and the working directory */
  dir: string;
  timeoutMs: number;
  /** address-space cap of the program (RLIMIT_AS), MB */
  memoryMb: number;
  signal?: AbortSignal;
}

type GroupListener = (event: 'start' | 'end', pgid: number) => void;
let listener: GroupListener | null = null;
const groups = new Set<number>();

/** Tells `fn` of each process group started and ended here (one listener: the worker's entry). */
export function onNativeGroup(fn: GroupListener | null): void {
  listener = fn;
}

/** Kills a process group (and so everything in it); a group already gone is fine. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

/** Kills every group this process started and has not seen end. */
export function killNativeGroups(): void {
  for (const g of groups) killGroup(g);
  groups.clear();
}

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', killNativeGroups);
}

/** Runs `cmd args` confined to `o.dir`; resolves when it exits with 0, else rejects with a NativeRunError. */
export function runNative(cmd: string, args: string[], o: NativeRunOptions): Promise<void> {
  hookExit();
  return new Promise<void>((resolve, reject) => {
    if (o.signal?.aborted) return reject(new NativeRunError('aborted', 'aborted'));
    const argv = confinedArgv(cmd, args, { dir: o.dir, memoryMb: o.memoryMb });
    const child = spawn(argv[0]!, argv.slice(1), { cwd: o.dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    const pgid = child.pid;
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-4000);
    });
    if (pgid) {
      groups.add(pgid);
      listener?.('start', pgid);
    }
    let ended: NativeRunError | null = null;
    const stop = (why: NativeRunError) => {
      ended ??= why;
      if (pgid) killGroup(pgid);
    };
    const timer = setTimeout(() => stop(new NativeRunError('timeout', `timed out after ${o.timeoutMs} ms`)), o.timeoutMs);
    const onAbort = () => stop(new NativeRunError('aborted', 'aborted'));
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e) => stop(new NativeRunError('failed', e.message)));
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      // the program's own children (soffice.bin…) go with the group even when the program itself exited
      if (pgid) {
        killGroup(pgid);
        groups.delete(pgid);
        listener?.('end', pgid);
      }
      if (ended) reject(ended);
      else if (code === 0) resolve();
      else reject(new NativeRunError('failed', `${cmd} exited (${sig ?? code}): ${stderr.slice(-500)}`));
    });
  });
}
