/**
 * Files in an S3-compatible bucket (STORAGE_DRIVER=s3): AWS S3, MinIO, Alibaba OSS, Tencent COS… The same content
 * addressing as the local directory: the object `{prefix}{sha256}`. Requests are plain HTTP(S) through node's fetch,
 * signed with AWS Signature V4 (aws4); no SDK. A spilled upload (index.ts `stage`) is a multipart upload to
 * `{prefix}staging/{random}`, copied to its content key on commit and deleted; `list` (the ledger's sweep) also deletes
 * staging objects a crash left behind. Multipart uploads a crash left open are for the bucket's lifecycle rule
 * (AbortIncompleteMultipartUpload, docs in README).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import aws4 from 'aws4';
import { StorageNotFoundError, type FileStorage, type OpenedFile, type Spill, type StoredFile } from './types.js';

export interface S3Settings {
  /** STORAGE_S3_ENDPOINT: http(s)://host[:port] */
  endpoint: string;
  /** STORAGE_S3_BUCKET */
  bucket: string;
  /** STORAGE_S3_REGION */
  region: string;
  /** STORAGE_S3_ACCESS_KEY_ID */
  accessKeyId: string;
  /** STORAGE_S3_SECRET_ACCESS_KEY */
  secretAccessKey: string;
  /** STORAGE_S3_FORCE_PATH_STYLE: endpoint/bucket/key (MinIO) instead of bucket.endpoint/key (OSS, COS, AWS) */
  forcePathStyle: boolean;
  /** STORAGE_S3_PREFIX: keys start with it ('' or ending in '/') */
  prefix: string;
}

const KEY = /^[0-9a-f]{64}$/;

/** 'btz/files' and '/btz/files/' → 'btz/files/'; '' and '/' → '' */
export const normalizePrefix = (prefix: string) => prefix.replace(/^\/+|\/+$/g, '').replace(/.+/, '$&/');
/** Parts of a spilled upload (S3 wants ≥ 5 MB for every part but the last). */
const PART_BYTES = 8 * 1024 * 1024;
const STAGING_GRACE_MS = 60 * 60_000;

export class S3StorageError extends Error {
  constructor(what: string, status: number, body: string) {
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1];
    super(`对象存储请求失败：${what} → HTTP ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3StorageError';
  }
}

const xmlText = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export class S3Storage implements FileStorage {
  readonly name = 's3';
  private readonly base: URL;
  private readonly s: S3Settings;

  constructor(settings: S3Settings) {
    this.s = { ...settings, prefix: normalizePrefix(settings.prefix) };
    this.base = new URL(settings.endpoint);
  }

  /** endpoint + bucket + prefix: what every instance naming the same bucket sees alike (instances/registry.ts) */
  static describe(s: S3Settings): string {
    const u = new URL(s.endpoint);
    return `s3://${u.host}${u.pathname.replace(/\/+$/, '')}/${s.bucket}/${normalizePrefix(s.prefix)}`;
  }

  private objectKey(key: string): string {
    if (!KEY.test(key)) throw new StorageNotFoundError(key);
    return this.s.prefix + key;
  }

  /** One signed request; `key` null addresses the bucket. Answers other than 2xx (and `ok` statuses) throw. */
  private async request(
    method: string,
    key: string | null,
    o: { query?: Record<string, string>; headers?: Record<string, string>; body?: Buffer; ok?: number[] } = {},
  ): Promise<Response> {
    const encKey = key === null ? '' : key.split('/').map(encodeURIComponent).join('/');
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const host = this.s.forcePathStyle ? this.base.host : `${this.s.bucket}.${this.base.host}`;
    let p = this.s.forcePathStyle ? `${basePath}/${this.s.bucket}/${encKey}` : `${basePath}/${encKey}`;
    const query = Object.entries(o.query ?? {})
      .map(([k, v]) => (v === '' ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
      .join('&');
    if (query) p += `?${query}`;
    const body = o.body ?? (method === 'PUT' || method === 'POST' ? Buffer.alloc(0) : undefined);
    const headers: Record<string, string> = { ...o.headers };
    if (body) headers['x-amz-content-sha256'] = createHash('sha256').update(body).digest('hex');
    const signed = aws4.sign(
      { host, path: p, method, headers, body, service: 's3', region: this.s.region },
      { accessKeyId: this.s.accessKeyId, secretAccessKey: this.s.secretAccessKey },
    );
    const sent: Record<string, string> = {};
    for (const [k, v] of Object.entries(signed.headers ?? {})) {
      // fetch sets these itself, to the same values
      if (!/^(host|content-length)$/i.test(k)) sent[k] = String(v);
    }
    // a view of the part, not a copy (8 MB per part); typed as ArrayBuffer-backed for the DOM lib of bench and e2e
    const view = body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : undefined;
    const res = await fetch(`${this.base.protocol}//${host}${p}`, { method, headers: sent, body: view });
    if (!res.ok && !(o.ok ?? []).includes(res.status)) {
      const text = await res.text().catch(() => '');
      throw new S3StorageError(`${method} ${key ?? this.s.bucket}`, res.status, text);
    }
    return res;
  }

  async put(data: Buffer): Promise<StoredFile> {
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.request('PUT', this.objectKey(sha256), { body: data });
    return { key: sha256, sha256, size: data.length };
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.request('GET', this.objectKey(key), { ok: [404] });
    if (res.status === 404) {
      await res.body?.cancel();
      throw new StorageNotFoundError(key);
    }
    return Buffer.from(await res.arrayBuffer());
  }

  async open(key: string): Promise<OpenedFile> {
    const res = await this.request('GET', this.objectKey(key), { ok: [404] });
    if (res.status === 404 || !res.body) {
      await res.body?.cancel();
      throw new StorageNotFoundError(key);
    }
    return { stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), size: Number(res.headers.get('content-length')) };
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', this.objectKey(key), { ok: [404] });
    await res.body?.cancel();
  }

  keyOf(data: Buffer): string {
    return createHash('sha256').update(data).digest('hex');
  }

  /** Size of an object, or null when there is none. */
  private async sizeOf(objectKey: string): Promise<number | null> {
    const res = await this.request('HEAD', objectKey, { ok: [404] });
    await res.body?.cancel();
    return res.status === 404 ? null : Number(res.headers.get('content-length'));
  }

  async *list(): AsyncIterable<{ key: string; mtimeMs: number }> {
    let token: string | undefined;
    const staging = `${this.s.prefix}staging/`;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix: this.s.prefix };
      if (token) query['continuation-token'] = token;
      const xml = await (await this.request('GET', null, { query })).text();
      for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const name = xmlText(/<Key>([^<]*)<\/Key>/.exec(m[1]!)?.[1] ?? '');
        const mtimeMs = Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(m[1]!)?.[1] ?? '');
        const key = name.slice(this.s.prefix.length);
        if (KEY.test(key)) yield { key, mtimeMs };
        // a spilled upload a crash left behind
        else if (name.startsWith(staging) && Date.now() - mtimeMs > STAGING_GRACE_MS) await (await this.request('DELETE', name, { ok: [404] })).body?.cancel();
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined : undefined;
    } while (token);
  }

  /**
   * A multipart upload to `{prefix}staging/{random}`, one part per PART_BYTES (the only bytes held); completed by
   * `finish`, copied to the content key by `commit` (unless an object of that size is there already) and deleted.
   */
  async openSpill(): Promise<Spill> {
    const temp = `${this.s.prefix}staging/${randomBytes(12).toString('hex')}`;
    const init = await (await this.request('POST', temp, { query: { uploads: '' } })).text();
    const uploadId = xmlText(/<UploadId>([^<]*)<\/UploadId>/.exec(init)?.[1] ?? '');
    if (!uploadId) throw new S3StorageError(`POST ${temp}?uploads`, 200, init);
    const parts: string[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let state: 'open' | 'complete' | 'gone' = 'open';
    const sendPart = async () => {
      const body = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const n = parts.length + 1;
      const res = await this.request('PUT', temp, { query: { partNumber: String(n), uploadId }, body });
      await res.body?.cancel();
      parts.push(res.headers.get('etag') ?? '');
    };
    return {
      write: async (chunk) => {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      },
      finish: async () => {
        if (pendingBytes || !parts.length) await sendPart();
        const xml =
          '<CompleteMultipartUpload>' +
          parts.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('') +
          '</CompleteMultipartUpload>';
        const res = await this.request('POST', temp, { query: { uploadId }, body: Buffer.from(xml) });
        const text = await res.text();
        // S3 may answer 200 with an error inside the body
        if (/<Error>/.test(text)) throw new S3StorageError(`POST ${temp}?uploadId`, 200, text);
        state = 'complete';
      },
      commit: async (key, size) => {
        const target = this.objectKey(key);
        if ((await this.sizeOf(target)) !== size) {
          const source = `/${this.s.bucket}/${temp.split('/').map(encodeURIComponent).join('/')}`;
          const res = await this.request('PUT', target, { headers: { 'x-amz-copy-source': source } });
          const text = await res.text();
          if (/<Error>/.test(text)) throw new S3StorageError(`PUT ${target} (copy)`, 200, text);
        }
        await (await this.request('DELETE', temp, { ok: [404] })).body?.cancel();
        state = 'gone';
      },
      discard: async () => {
        if (state === 'gone') return;
        const was = state;
        state = 'gone';
        pending = [];
        const res =
          was === 'open'
            ? await this.request('DELETE', temp, { query: { uploadId }, ok: [404] })
            : await this.request('DELETE', temp, { ok: [404] });
        await res.body?.cancel();
      },
    };
  }
}
