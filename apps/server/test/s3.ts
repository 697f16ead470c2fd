/**
 * A local S3-compatible server for the storage tests: s3rver (npm) on a temp directory, behind a small proxy that checks
 * every request's AWS Signature V4 the way S3 does (s3rver itself accepts any V4 signature) and that the body matches
 * its signed hash — written from the AWS specification, independent of the aws4 package the server signs with. A
 * request whose signature does not check gets S3's 403 SignatureDoesNotMatch and is counted in `rejected`.
 *
 * `virtualHost: true` addresses the bucket as a host name (STORAGE_S3_FORCE_PATH_STYLE=false: `{bucket}.localhost:{port}`,
 * as OSS, COS and AWS want): the proxy checks the signature as sent (the bucket in the Host, not in the path) and hands
 * s3rver the path-style form. `*.localhost` is loopback (RFC 6761), but glibc's resolver does not know it: while such a
 * local S3 runs, this process resolves `*.localhost` to 127.0.0.1 (the server under test runs in-process).
 */
import { createHash, createHmac } from 'node:crypto';
import dns from 'node:dns';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3Settings } from '../src/providers/storage/s3.js';

export interface LocalS3 {
  settings: S3Settings;
  /** the same as environment variables (a child server) */
  env: Record<string, string>;
  /** s3rver's directory: objects are `{dir}/{bucket}/{prefix}{key}._S3rver_object` */
  dir: string;
  /** content keys (sha256) stored in the bucket under the prefix, read from s3rver's directory */
  objects(): string[];
  /** bytes of multipart parts received so far (s3rver keeps them under `._S3rver_uploads` until completed) */
  partBytes(): number;
  /** requests refused for a bad signature */
  rejected: string[];
  /** requests that named the bucket in the path / in the Host */
  styles: { path: number; virtualHost: number };
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';
const REGION = 'cn-test-1';

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/** null when the request's V4 signature and payload hash check; else why not */
function verify(req: http.IncomingMessage, body: Buffer): string | null {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return `no V4 authorization: ${auth}`;
  const [, key, date, region, signedHeaders, signature] = m;
  if (key !== ACCESS_KEY) return `unknown key ${key}`;
  if (region !== REGION) return `region ${region}`;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return 'x-amz-date does not match the credential date';
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body)) return 'payload hash does not match the body';
  const url = new URL(req.url!, 'http://x');
  const canonicalUri = url.pathname.split('/').map((seg) => rfc3986(decodeURIComponent(seg))).join('/');
  const query = [...url.searchParams.entries()].map(([k, v]) => [rfc3986(k), rfc3986(v)]).sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1));
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host / x-amz-date not signed';
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, canonicalUri, query.map(([k, v]) => `${k}=${v}`).join('&'), canonicalHeaders, signedHeaders, payload].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), 's3'), 'aws4_request');
  return hmac(signingKey, toSign).toString('hex') === signature ? null : `signature mismatch; canonical request:\n${canonical}`;
}

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, name.name);
    out = name.isDirectory() ? out.concat(walk(p)) : out.concat(p);
  }
  return out;
}

/** `*.localhost` → 127.0.0.1 in this process, until the returned function is called (nested uses counted). */
let localhostUsers = 0;
let realLookup: typeof dns.lookup | null = null;
function resolveLocalhostNames(): () => void {
  if (localhostUsers++ === 0) {
    realLookup = dns.lookup;
    const real = realLookup;
    dns.lookup = ((host: string, options: unknown, callback?: unknown) => {
      const cb = (typeof options === 'function' ? options : callback) as (...a: unknown[]) => void;
      const opts = (typeof options === 'object' && options ? options : {}) as { all?: boolean };
      if (!/\.localhost\.?$/i.test(host)) return (real as (...a: unknown[]) => void)(host, options, callback);
      process.nextTick(() => (opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)));
    }) as typeof dns.lookup;
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--localhostUsers === 0 && realLookup) dns.lookup = realLookup;
  };
}

export async function startLocalS3(o: { bucket?: string; prefix?: string; virtualHost?: boolean } = {}): Promise<LocalS3> {
  const bucket = o.bucket ?? 'btz-test';
  const prefix = (o.prefix ?? '').replace(/^\/+|\/+$/g, '').replace(/.+/, '$&/');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'btz-s3-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const inner = (await s3rver.run()) as AddressInfo;
  const rejected: string[] = [];
  const styles = { path: 0, virtualHost: 0 };
  const noKeepAlive = new http.Agent({ keepAlive: false });
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const why = verify(req, body);
      if (why) {
        rejected.push(`${req.method} ${req.url}: ${why}`);
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>signature</Message></Error>');
        return;
      }
      // a virtual-host request (the bucket in the Host) is handed to s3rver in path style
      const vhost = String(req.headers.host ?? '').toLowerCase().startsWith(`${bucket}.`);
      styles[vhost ? 'virtualHost' : 'path']++;
      const headers = vhost ? { ...req.headers, host: `127.0.0.1:${inner.port}` } : req.headers;
      const fwdPath = vhost ? `/${bucket}${req.url}` : req.url;
      const fwd = http.request({ host: '127.0.0.1', port: inner.port, method: req.method, path: fwdPath, headers, agent: noKeepAlive }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      fwd.on('error', (e) => {
        res.writeHead(502);
        res.end(String(e));
      });
      fwd.end(body);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  const port = (proxy.address() as AddressInfo).port;
  const restoreLookup = o.virtualHost ? resolveLocalhostNames() : () => undefined;
  const settings: S3Settings = {
    endpoint: o.virtualHost ? `http://localhost:${port}` : `http://127.0.0.1:${port}`,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    forcePathStyle: !o.virtualHost,
    prefix,
  };
  const bucketDir = path.join(dir, bucket);
  return {
    settings,
    env: {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: settings.endpoint,
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_REGION: REGION,
      STORAGE_S3_ACCESS_KEY_ID: ACCESS_KEY,
      STORAGE_S3_SECRET_ACCESS_KEY: SECRET,
      STORAGE_S3_FORCE_PATH_STYLE: o.virtualHost ? 'false' : 'true',
      ...(prefix ? { STORAGE_S3_PREFIX: prefix } : {}),
    },
    dir,
    objects: () =>
      walk(path.join(bucketDir, prefix))
        .map((f) => path.relative(path.join(bucketDir, prefix), f))
        .flatMap((f) => /^([0-9a-f]{64})\._S3rver_object$/.exec(f)?.[1] ?? []),
    partBytes: () => {
      const uploads = path.join(bucketDir, '._S3rver_uploads');
      let n = 0;
      for (const f of (() => { try { return walk(uploads); } catch { return []; } })()) if (/\/\d+$/.test(f)) n += statSync(f).size;
      return n;
    },
    rejected,
    styles,
    close: async () => {
      restoreLookup();
      // the server under test keeps its connections alive: closed here, or close() would wait for them
      const closed = new Promise<void>((r) => proxy.close(() => r()));
      proxy.closeAllConnections();
      await closed;
      await s3rver.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
