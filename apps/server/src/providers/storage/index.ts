/**
 * File storage (PRODUCT.md §2 "files"): content-addressed by SHA-256 (an identical upload is stored once), in a local
 * directory (the embedded default) or an S3-compatible bucket (STORAGE_DRIVER=s3: MinIO, Alibaba OSS, Tencent COS…,
 * ./s3.ts). `createStorage` is the seam that picks one by configuration.
 *
 * An upload is written while it streams in (`stage`): hashed on the way, its bytes kept in memory only up to
 * STAGE_MEMORY_BYTES, the rest spilled to the provider's temporary place (a temp file; a multipart upload to a temporary
 * key). Its key is known only once the last byte arrived, so the staged bytes become the object only on `commit`
 * (after the ledger counted them: providers/storage/ledger.ts), and are dropped on `discard`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { S3Storage, type S3Settings } from './s3.js';
import { StorageNotFoundError, type FileStorage, type OpenedFile, type Spill, type StoredFile } from './types.js';

export { StorageNotFoundError, type FileStorage, type OpenedFile, type Spill, type StoredFile } from './types.js';

/** An upload written while it streamed in, not an object yet: `commit` makes it one, `discard` drops it. */
export interface StagedFile {
  readonly key: string;
  readonly sha256: string;
  readonly size: number;
  /** all the bytes, when there were at most STAGE_MEMORY_BYTES of them (the rest were spilled); else null */
  readonly bytes: Buffer | null;
  /** the first STAGE_WINDOW_BYTES, enough to tell its type (the whole file when it was held: `bytes`) */
  readonly head: Buffer;
  /** the last STAGE_WINDOW_BYTES, where a ZIP keeps its directory (the whole file when it was held: `bytes`) */
  readonly tail: Buffer;
  commit(): Promise<StoredFile>;
  /** drops the bytes unless committed; safe to call at any point, also twice */
  discard(): Promise<void>;
}

export interface StageOptions {
  /** hold up to this many bytes in memory (at least STAGE_MEMORY_BYTES) before spilling */
  memoryBytes?: number;
}

/** An upload up to this size stays in memory while staged; a larger one is spilled as it arrives. */
export const STAGE_MEMORY_BYTES = 8 * 1024 * 1024;
/** How much of a spilled upload's beginning and end `stage` keeps for sniffing its type. */
export const STAGE_WINDOW_BYTES = 4 * 1024 * 1024;

/**
 * Writes `source` into `files` while it streams in, hashing it: at most STAGE_MEMORY_BYTES (+ the two sniffing windows)
 * are held at any time. An error of the source (a size limit, a broken connection) drops what was spilled and is rethrown.
 * `memoryBytes` raises the bound for an upload that is decoded in memory anyway (a picture, under its own cap): held
 * once, as `bytes`, and written from there.
 */
export async function stage(files: FileStorage, source: AsyncIterable<Buffer> | Iterable<Buffer>, o: StageOptions = {}): Promise<StagedFile> {
  const memoryBytes = Math.max(o.memoryBytes ?? 0, STAGE_MEMORY_BYTES);
  const hash = createHash('sha256');
  let size = 0;
  let held: Buffer[] = [];
  let spill: Spill | null = null;
  let head = Buffer.alloc(0);
  let tail: Buffer[] = [];
  let tailBytes = 0;
  try {
    for await (const c of source) {
      const chunk = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
      if (!chunk.length) continue;
      hash.update(chunk);
      size += chunk.length;
      if (!spill) {
        held.push(chunk);
        if (size <= memoryBytes) continue;
        // too large for memory: from here on the bytes go to the provider's temporary place
        const all = Buffer.concat(held);
        held = [];
        head = Buffer.from(all.subarray(0, STAGE_WINDOW_BYTES));
        tail = [all.subarray(Math.max(0, all.length - STAGE_WINDOW_BYTES))];
        tailBytes = tail[0]!.length;
        spill = await files.openSpill();
        await spill.write(all);
        continue;
      }
      await spill.write(chunk);
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tail.length > 1 && tailBytes - tail[0]!.length >= STAGE_WINDOW_BYTES) tailBytes -= tail.shift()!.length;
    }
    if (spill) await spill.finish();
  } catch (e) {
    await spill?.discard().catch(() => undefined);
    throw e;
  }
  const sha256 = hash.digest('hex');
  const bytes = spill ? null : Buffer.concat(held);
  const tailBuf = Buffer.concat(tail);
  let done: 'no' | 'committed' | 'discarded' = 'no';
  return {
    key: sha256,
    sha256,
    size,
    bytes,
    // held whole: both ends are the whole file
    head: bytes ?? head,
    tail: bytes ?? tailBuf.subarray(Math.max(0, tailBuf.length - STAGE_WINDOW_BYTES)),
    async commit() {
      if (done !== 'no') throw new Error(`staged upload already ${done}`);
      done = 'committed';
      if (bytes) return files.put(bytes);
      await spill!.commit(sha256, size);
      return { key: sha256, sha256, size };
    },
    async discard() {
      if (done !== 'no') return;
      done = 'discarded';
      await spill?.discard();
    },
  };
}

const KEY = /^[0-9a-f]{64}$/;

/** Files under `root/ab/abcdef…` (first two hex digits as a fan-out directory). Writes are atomic (temp file + rename). */
export class LocalDirStorage implements FileStorage {
  readonly name = 'local';
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new StorageNotFoundError(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  keyOf(data: Buffer): string {
    return createHash('sha256').update(data).digest('hex');
  }

  async *list(): AsyncIterable<{ key: string; mtimeMs: number }> {
    // spilled uploads a crash left behind (openSpill): old ones go
    for (const name of await readdir(path.join(this.root, 'tmp')).catch(() => [] as string[])) {
      const file = path.join(this.root, 'tmp', name);
      const st = await stat(file).catch(() => null);
      if (st?.isFile() && Date.now() - st.mtimeMs > 60 * 60_000) await rm(file, { force: true });
    }
    const fans = await readdir(this.root).catch(() => [] as string[]);
    for (const fan of fans) {
      if (!/^[0-9a-f]{2}$/.test(fan)) continue;
      for (const name of await readdir(path.join(this.root, fan)).catch(() => [] as string[])) {
        const st = await stat(path.join(this.root, fan, name)).catch(() => null);
        if (!st?.isFile()) continue;
        if (KEY.test(name)) yield { key: name, mtimeMs: st.mtimeMs };
        // a temp file of a write that never finished (a crash): old ones go
        else if (name.endsWith('.tmp') && Date.now() - st.mtimeMs > 60 * 60_000) await rm(path.join(this.root, fan, name), { force: true });
      }
    }
  }

  async put(data: Buffer): Promise<StoredFile> {
    const sha256 = this.keyOf(data);
    const file = this.pathOf(sha256);
    const existing = await stat(file).catch(() => null);
    if (existing?.size !== data.length) {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    }
    return { key: sha256, sha256, size: data.length };
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw e;
    }
  }

  async open(key: string): Promise<OpenedFile> {
    // opened first: a missing file is refused before the stream exists, and a concurrent delete cannot cut it short
    let handle;
    try {
      handle = await openFile(this.pathOf(key), 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw e;
    }
    try {
      const { size } = await handle.stat();
      // the stream closes the handle when it ends or is destroyed (a download cut short)
      return { stream: handle.createReadStream({ autoClose: true }), size };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** a temp file in the directory (same file system: the commit is a rename); `list` removes one a crash left */
  async openSpill(): Promise<Spill> {
    const dir = path.join(this.root, 'tmp');
    await mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `${randomBytes(8).toString('hex')}.tmp`);
    const out: WriteStream = createWriteStream(tmp, { flags: 'wx' });
    const failed = new Promise<never>((_, reject) => out.once('error', reject));
    failed.catch(() => undefined);
    let closed = false;
    const close = () => {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
    };
    return {
      write: (chunk) =>
        out.write(chunk) ? Promise.resolve() : Promise.race([new Promise<void>((r) => out.once('drain', () => r())), failed]),
      finish: () => Promise.race([close(), failed]),
      commit: async (key, size) => {
        await close();
        const file = this.pathOf(key);
        const existing = await stat(file).catch(() => null);
        if (existing?.size === size) return void (await rm(tmp, { force: true }));
        await mkdir(path.dirname(file), { recursive: true });
        await rename(tmp, file);
      },
      discard: async () => {
        await close().catch(() => undefined);
        await rm(tmp, { force: true });
      },
    };
  }
}

type StorageConfig = { dataDir: string; storageDir?: string; storageS3?: S3Settings };

const localDir = (config: StorageConfig) => config.storageDir ?? path.join(config.dataDir, 'files');

/** Where this process keeps files, as instances/registry.ts compares it with the other instances'. */
export interface StorageIdentity {
  kind: 'local' | 's3';
  /** what the refusal message shows: the directory, or s3://endpoint/bucket/prefix */
  dir: string;
  id: string;
  /** every instance configured with the same id sees the same files, without STORAGE_SHARED (a bucket) */
  shared: boolean;
}

/**
 * Which storage this process keeps files in, for instances/registry.ts. A bucket is one place for every instance that
 * names it: its identity is endpoint + bucket + prefix, shared by nature. A local directory: the directory, and the
 * random id written once into it (`.storage-id`). Two processes see the same id only when they see the same directory —
 * a shared mount — so two local directories that happen to have the same path (two containers) are told apart. O_EXCL
 * creation: two instances starting at once on an empty shared directory agree on one id.
 */
export async function storageIdentity(config: StorageConfig): Promise<StorageIdentity> {
  if (config.storageS3) {
    const where = S3Storage.describe(config.storageS3);
    return { kind: 's3', dir: where, id: where, shared: true };
  }
  const dir = localDir(config);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, '.storage-id');
  try {
    await writeFile(file, randomBytes(16).toString('hex'), { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  let id = (await readFile(file, 'utf8')).trim();
  // the other starter created it but has not written the id yet
  for (let i = 0; !id && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 20));
    id = (await readFile(file, 'utf8')).trim();
  }
  return { kind: 'local', dir, id, shared: false };
}

export function createStorage(config: StorageConfig): FileStorage {
  if (config.storageS3) return new S3Storage(config.storageS3);
  return new LocalDirStorage(localDir(config));
}
