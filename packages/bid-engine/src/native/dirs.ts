/**
 * Job folders of external programs (issue 22, finding 7). Each worker process keeps its folders under one root of its
 * own, `<tmp>/btz-jobs/w<pid>`, so whoever outlives it can remove them all at once: the server when it kills or loses
 * the worker (workers/pool.ts), and the server at start for every root whose worker is gone (`sweepJobDirs`).
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const base = () => path.join(tmpdir(), 'btz-jobs');

/** The root of a worker process's job folders. */
export function jobRootOf(pid: number): string {
  return path.join(base(), `w${pid}`);
}

/** A new, empty job folder of this process (an absolute path, the only place a sandboxed program may write). */
export async function makeJobDir(prefix: string): Promise<string> {
  const root = jobRootOf(process.pid);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(root, `${prefix}-`));
}

/** Removes a worker's job folders (it was killed, or it ended). */
export function removeJobRoot(pid: number): void {
  rmSync(jobRootOf(pid), { recursive: true, force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Folders the converters used before job roots existed (`btz-convert-…`), left by a killed worker. */
const LEGACY = /^btz-(convert|render|pdf)-/;
const LEGACY_AGE_MS = 24 * 3600_000;

/**
 * Removes the job roots of workers that are no longer running (a kill -9 of the worker or of the whole server left
 * them), and day-old folders of the former layout. Returns how many were removed.
 */
export function sweepJobDirs(): number {
  let removed = 0;
  try {
    for (const name of readdirSync(base())) {
      const m = /^w(\d+)$/.exec(name);
      if (m && (Number(m[1]) === process.pid || alive(Number(m[1])))) continue;
      rmSync(path.join(base(), name), { recursive: true, force: true });
      removed++;
    }
  } catch {
    /* no root yet */
  }
  try {
    for (const name of readdirSync(tmpdir())) {
      if (!LEGACY.test(name)) continue;
      const p = path.join(tmpdir(), name);
      if (Date.now() - statSync(p).mtimeMs < LEGACY_AGE_MS) continue;
      rmSync(p, { recursive: true, force: true });
      removed++;
    }
  } catch {
    /* unreadable tmp */
  }
  return removed;
}
