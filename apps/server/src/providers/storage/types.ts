/** The storage provider's interface (index.ts picks a provider; s3.ts and the local directory implement it). */
import type { Readable } from 'node:stream';

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
  /**
   * The file as a stream, for a download (nothing held in memory); throws StorageNotFoundError when the key is unknown —
   * before any byte, so a caller can still answer with its own refusal.
   */
  open(key: string): Promise<OpenedFile>;
  /** removes the file; a missing key is not an error */
  delete(key: string): Promise<void>;
  /** the key `put` gives these bytes (the ledger records it before the write) */
  keyOf?(data: Buffer): string;
  /** every stored object with its last write time (the ledger's sweep) */
  list?(): AsyncIterable<{ key: string; mtimeMs: number }>;
  /** a temporary place for an upload too large to keep in memory (`stage`) */
  openSpill(): Promise<Spill>;
}

/** A stored file being read: its bytes as they arrive, and how many there are (the download's Content-Length). */
export interface OpenedFile {
  stream: Readable;
  size: number;
}

/** Bytes of an upload on their way into storage, in the provider's temporary place. */
export interface Spill {
  write(chunk: Buffer): Promise<void>;
  /** the last chunk was written */
  finish(): Promise<void>;
  /** the spilled bytes become the object `key` (already stored with that key: nothing to do) */
  commit(key: string, size: number): Promise<void>;
  /** drops the spilled bytes; safe to call at any point, also twice */
  discard(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`文件不存在：${key}`);
    this.name = 'StorageNotFoundError';
  }
}
