/** The PGlite data directory lock: a second process on the same directory refuses to start, clearly. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from '../../src/db/lock.js';

const spawned: ChildProcess[] = [];
const dirs: string[] = [];

function tempDir() {
  const d = mkdtempSync(path.join(os.tmpdir(), 'btz-lock-'));
  dirs.push(d);
  return d;
}
function spawnSleeper(ms: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', `setTimeout(()=>{},${ms})`], { stdio: 'ignore' });
  spawned.push(child);
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

afterEach(async () => {
  for (const c of spawned.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await exited(c);
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('takes the lock, writes its pid, and releases it', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    const file = path.join(dir, 'server.lock');
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
    // and it can be taken again
    acquireDataDirLock(dir)();
  });

  it('refuses a directory held by a live process, with a Chinese message naming the directory', async () => {
    const dir = tempDir();
    const other = await spawnSleeper(10_000);
    writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
    let err: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    const msg = (err as Error).message;
    expect(msg).toContain(dir);
    expect(msg).toContain(String(other.pid));
    expect(msg).toMatch(/[\u4e00-\u9fff]/);
    expect(msg).toMatch(/DATA_DIR|DATABASE_URL/);
    // the other process's lock is left alone
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(other.pid));
  });

  it('takes over a stale lock left by a process that has exited', async () => {
    const dir = tempDir();
    const gone = await spawnSleeper(0);
    await exited(gone);
    writeFileSync(path.join(dir, 'server.lock'), String(gone.pid));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over an unreadable (empty) lock file', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), '');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
