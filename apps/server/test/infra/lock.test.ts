/**
 * The PGlite data directory lock: a second process on the same directory refuses to start, clearly; a killed owner
 * (kill -9, even before its parent reaps it) leaves nothing that blocks the restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, acquireDataDirLock } from '../../src/db/lock.js';
import { childApi, childLogin, startChild, type Child } from '../child-server.js';

const spawned: ChildProcess[] = [];
const dirs: string[] = [];

function tempDir() {
  const d = mkdtempSync(path.join(os.tmpdir(), 'btz-lock-'));
  dirs.push(d);
  return d;
}
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A script that takes the lock with the server's own code path and prints "locked <pid>", then idles. */
function holderScript(): string {
  const dir = tempDir();
  const file = path.join(dir, 'holder.mjs');
  const lockModule = path.resolve(import.meta.dirname, '../../src/db/lock.ts');
  writeFileSync(
    file,
    `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};\n` +
      `acquireDataDirLock(process.argv[2]);\nconsole.log('locked ' + process.pid);\nsetInterval(() => {}, 1000);\n`,
  );
  return file;
}
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

/** Runs `command` through sh and resolves with the pid the holder printed once it holds the lock. */
async function startHolder(shellCommand: string): Promise<{ shell: ChildProcess; pid: number }> {
  const shell = spawn('sh', ['-c', shellCommand], { stdio: ['ignore', 'pipe', 'inherit'] });
  spawned.push(shell);
  let out = '';
  shell.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const end = Date.now() + 20_000;
  for (;;) {
    const m = /locked (\d+)/.exec(out);
    if (m) return { shell, pid: Number(m[1]) };
    if (Date.now() > end || shell.exitCode !== null) throw new Error(`holder did not take the lock: ${out}`);
    await sleep(20);
  }
}
const node = (script: string, dir: string) => `exec ${JSON.stringify(process.execPath)} --import ${JSON.stringify(tsxLoader)} ${JSON.stringify(script)} ${JSON.stringify(dir)}`;

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
    expect(readFileSync(file, 'utf8')).toBe('');
    // and it can be taken again
    acquireDataDirLock(dir)();
  });

  it('refuses a second server in the same process', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('refuses a directory held by a live process, with a Chinese message naming the directory and the pid', async () => {
    const dir = tempDir();
    const holder = await startHolder(node(holderScript(), dir));
    let err: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DataDirLockedError);
    const msg = (err as Error).message;
    expect(msg).toContain(dir);
    expect(msg).toContain(String(holder.pid));
    expect(msg).toMatch(/[\u4e00-\u9fff]/);
    expect(msg).toMatch(/DATA_DIR|DATABASE_URL/);
    // the other process's lock file is left alone
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(holder.pid));
  });

  it('is free the moment its owner is killed with SIGKILL, even while the dead owner is an unreaped zombie', async () => {
    const dir = tempDir();
    // `exec sleep` replaces the shell: the holder's parent is now sleep, which never waits for it, so once killed it
    // stays a zombie — process.kill(pid, 0) still succeeds, which is what made the old pid lock refuse the restart
    const holder = await startHolder(`${node(holderScript(), dir)} & exec sleep 60`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    process.kill(holder.pid, 'SIGKILL');
    const stat = `/proc/${holder.pid}/stat`;
    const end = Date.now() + 10_000;
    while (existsSync(stat) && !/\) Z /.test(readFileSync(stat, 'utf8')) && Date.now() < end) await sleep(10);
    expect(readFileSync(stat, 'utf8')).toMatch(/\) Z /);
    // the kernel drops the lock as the last thread of the killed process exits, a few ms after its main thread shows Z
    let release: (() => void) | undefined;
    const end2 = Date.now() + 1000;
    while (!release) {
      try {
        release = acquireDataDirLock(dir);
      } catch (e) {
        if (Date.now() > end2) throw e;
        await sleep(5);
      }
    }
    // taken while the dead owner is still an unreaped zombie that "exists" for kill(pid, 0)
    expect(readFileSync(stat, 'utf8')).toMatch(/\) Z /);
    expect(() => process.kill(holder.pid, 0)).not.toThrow();
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file naming a live process that does not hold the lock (a reused pid)', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(()=>{},10000)'], { stdio: 'ignore' });
    spawned.push(other);
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
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

describe('a real server on a PGlite DATA_DIR', () => {
  const children: Child[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) {
      if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
      await c.exited;
    }
  });

  it('a second server on the same DATA_DIR is refused clearly; after kill -9 of the first, a restart starts at once, data intact', async () => {
    const dir = tempDir();
    // a data directory from the migrated dump: skips the child's ~6 s initdb
    const pgl = await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    await pgl.close();
    const first = await startChild(dir);
    children.push(first);
    const token = await childLogin(first);

    const err = await startChild(dir).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(`数据目录 ${dir} 正被另一个进程（pid ${first.proc.pid}）使用`);

    first.proc.kill('SIGKILL'); // no waiting for the exit: restart right away
    const second = await startChild(dir);
    children.push(second);
    const info = await childApi(second, '/btz/user/get-info', { token });
    expect(info.json?.success, info.text).toBe(true);
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
