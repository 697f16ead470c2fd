import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeJobDir } from './dirs.js';
import { NativeRunError, runNative } from './process.js';

/** Processes whose command line contains `needle`. */
const running = (needle: string) =>
  readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        return readFileSync(`/proc/${n}/cmdline`, 'utf8').split('\0').join(' ').includes(needle);
      } catch {
        return false;
      }
    });

async function gone(needle: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (!running(needle).length) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('runNative', () => {
  it('kills the whole process group at the time limit (a program’s own children included)', async () => {
    const dir = await makeJobDir('test');
    dirs.push(dir);
    const mark = `${60 + Math.random()}`.slice(0, 10);
    const err = await runNative('/bin/sh', ['-c', `sleep ${mark} & sleep ${mark}; wait`], { dir, timeoutMs: 500, memoryMb: 512 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NativeRunError);
    expect((err as NativeRunError).reason).toBe('timeout');
    expect(await gone(`sleep ${mark}`)).toBe(true);
  });

  it('kills the whole process group when the caller aborts', async () => {
    const dir = await makeJobDir('test');
    dirs.push(dir);
    const mark = `${70 + Math.random()}`.slice(0, 10);
    const ac = new AbortController();
    const p = runNative('/bin/sh', ['-c', `sleep ${mark} & sleep ${mark}; wait`], { dir, timeoutMs: 60_000, memoryMb: 512, signal: ac.signal });
    for (let i = 0; i < 100 && running(`sleep ${mark}`).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    ac.abort();
    const err = await p.catch((e: unknown) => e);
    expect((err as NativeRunError).reason).toBe('aborted');
    expect(await gone(`sleep ${mark}`)).toBe(true);
  });

  it('resolves on exit 0 and rejects with the program’s words otherwise', async () => {
    const dir = await makeJobDir('test');
    dirs.push(dir);
    await expect(runNative('/bin/sh', ['-c', 'exit 0'], { dir, timeoutMs: 10_000, memoryMb: 512 })).resolves.toBeUndefined();
    await expect(runNative('/bin/sh', ['-c', 'echo 坏了 >&2; exit 3'], { dir, timeoutMs: 10_000, memoryMb: 512 })).rejects.toThrow(/坏了/);
  });
});
