/**
 * File storage (PRODUCT.md §2 "files"): the embedded default keeps files in a local directory, content-addressed by
 * SHA-256 (an identical upload is stored once). An S3-compatible store (MinIO, OSS, COS) implements the same interface
 * later; `createStorage` is the seam where it will be chosen by configuration.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  /** opaque key to read the file back with */
  key: string;
  sha256: string;
  size: number;
}

export interface FileStorage {
  readonly name: string;
  put(data: Buffer): Promise<StoredFile>;
  /** the file's bytes; throws StorageNotFoundError when the key is unknown */
  get(key: string): Promise<Buffer>;
  /** removes the file; a missing key is not an error */
  delete(key: string): Promise<void>;
  /** the key `put` gives these bytes (the ledger records it before the write) */
  keyOf?(data: Buffer): string;
  /** every stored object with its last write time (the ledger's sweep) */
  list?(): AsyncIterable<{ key: string; mtimeMs: number }>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`文件不存在：${key}`);
    this.name = 'StorageNotFoundError';
  }
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

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const localDir = (config: { dataDir: string; storageDir?: string }) => config.storageDir ?? path.join(config.dataDir, 'files');

/**
 * Which storage this process keeps files in, for instances/registry.ts: the directory, and the random id written once
 * into it (`.storage-id`). Two processes see the same id only when they see the same directory — a shared mount — so
 * two local directories that happen to have the same path (two containers) are told apart. O_EXCL creation: two
 * instances starting at once on an empty shared directory agree on one id.
 */
export async function storageIdentity(config: { dataDir: string; storageDir?: string }): Promise<{ kind: 'local'; dir: string; id: string }> {
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
  return { kind: 'local', dir, id };
}

export function createStorage(config: { dataDir: string; storageDir?: string }): FileStorage {
  return new LocalDirStorage(localDir(config));
}
