/**
 * Staging an upload into the local directory while it streams in: past STAGE_MEMORY_BYTES the bytes go to a temp file
 * under `tmp/` before the source ended (not held until the end), `commit` renames it to its content key, `discard` and
 * a failing source leave nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDirStorage, STAGE_MEMORY_BYTES, STAGE_WINDOW_BYTES, StorageNotFoundError, stage } from './index.js';

const MB = 1024 * 1024;
const dirs: string[] = [];
const root = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'btz-stage-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const bytesOf = (n: number, seed: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i += 4) b.writeUInt32LE(((i + seed) * 2654435761) >>> 0, i);
  return b;
};
const tmpBytes = (dir: string) => {
  const t = path.join(dir, 'tmp');
  return existsSync(t) ? readdirSync(t).reduce((n, f) => n + statSync(path.join(t, f)).size, 0) : 0;
};

describe('stage into LocalDirStorage', () => {
  it('spills past the memory limit while the source still streams, and commits by renaming to the content key', async () => {
    const dir = root();
    const files = new LocalDirStorage(dir);
    const data = bytesOf(24 * MB, 1);
    const seenOnDisk: number[] = [];
    async function* source() {
      for (let i = 0; i < data.length; i += 256 * 1024) {
        // what had reached the disk before this chunk was handed over
        if (i === 20 * MB) seenOnDisk.push(tmpBytes(dir));
        yield data.subarray(i, i + 256 * 1024);
      }
    }
    const staged = await stage(files, source());
    // a buffered write would have nothing on disk before the source ended
    expect(seenOnDisk[0]).toBeGreaterThan(STAGE_MEMORY_BYTES);
    expect(staged.bytes).toBeNull();
    expect(staged.size).toBe(data.length);
    expect(staged.key).toBe(createHash('sha256').update(data).digest('hex'));
    expect(staged.head.equals(data.subarray(0, STAGE_WINDOW_BYTES))).toBe(true);
    expect(staged.tail.equals(data.subarray(data.length - STAGE_WINDOW_BYTES))).toBe(true);

    expect(await staged.commit()).toEqual({ key: staged.key, sha256: staged.key, size: data.length });
    expect(readFileSync(path.join(dir, staged.key.slice(0, 2), staged.key)).equals(data)).toBe(true);
    expect(readdirSync(path.join(dir, 'tmp'))).toEqual([]);
    const keys: string[] = [];
    for await (const f of files.list()) keys.push(f.key);
    expect(keys).toEqual([staged.key]);
  });

  it('a small upload stays in memory and is written by put on commit', async () => {
    const dir = root();
    const data = bytesOf(100_000, 2);
    const staged = await stage(new LocalDirStorage(dir), [data.subarray(0, 50_000), data.subarray(50_000)]);
    expect(staged.bytes?.equals(data)).toBe(true);
    expect(existsSync(path.join(dir, 'tmp'))).toBe(false);
    await staged.commit();
    expect(readFileSync(path.join(dir, staged.key.slice(0, 2), staged.key)).equals(data)).toBe(true);
  });

  it('discard, and a source that fails midway, leave nothing behind', async () => {
    const dir = root();
    const files = new LocalDirStorage(dir);
    const staged = await stage(files, [bytesOf(12 * MB, 3)]);
    expect(tmpBytes(dir)).toBe(12 * MB);
    await staged.discard();
    await staged.discard();
    expect(tmpBytes(dir)).toBe(0);
    await expect(staged.commit()).rejects.toThrow(/discarded/);

    async function* broken() {
      yield bytesOf(10 * MB, 4);
      throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    }
    await expect(stage(files, broken())).rejects.toThrow('too large');
    expect(tmpBytes(dir)).toBe(0);
    expect(readdirSync(dir).filter((f) => f !== 'tmp')).toEqual([]);
  });
});

describe('memoryBytes and open', () => {
  it('memoryBytes holds an upload whole past STAGE_MEMORY_BYTES (nothing spilled); open streams a stored file back with its size', async () => {
    const dir = root();
    const files = new LocalDirStorage(dir);
    const data = bytesOf(STAGE_MEMORY_BYTES + 2 * MB, 7);
    async function* source() {
      for (let i = 0; i < data.length; i += MB) yield data.subarray(i, i + MB);
    }
    const staged = await stage(files, source(), { memoryBytes: 12 * MB });
    expect(staged.bytes?.equals(data)).toBe(true);
    expect(tmpBytes(dir)).toBe(0);
    const stored = await staged.commit();
    const opened = await files.open(stored.key);
    expect(opened.size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await expect(files.open(createHash('sha256').update('gone').digest('hex'))).rejects.toBeInstanceOf(StorageNotFoundError);
  });
});
