import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { Config } from '../src/config.js';
import { openPGlite, openPostgres, type DbHandle } from '../src/db/connection.js';
import { startServer, type RunningServer } from '../src/server.js';
import { testConfig } from './test-config.js';
import { checkAnswer } from './contracts.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

export const CLIENT_BASIC = `Basic ${Buffer.from('btz:btz_secret').toString('base64')}`;

export interface HttpResult<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: T;
  /** the raw body (files: .docx, .pdf) */
  bytes: Buffer;
}

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  token?: string;
  host?: string;
  headers?: Record<string, string>;
  /** leave out the client Basic credentials */
  noClient?: boolean;
  method?: string;
}

export interface UploadOptions extends Omit<CallOptions, 'body'> {
  /** the file part (field name `file` unless given); omit to send fields only */
  file?: { name: string; data: Buffer; field?: string; contentType?: string };
  fields?: Record<string, string | number>;
}

/** A multipart/form-data body built by hand (UTF-8 file names, as browsers send them). */
export function multipartBody(opts: Pick<UploadOptions, 'file' | 'fields'>): { body: Buffer; contentType: string } {
  const boundary = `----btz${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(opts.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (opts.file) {
    const f = opts.file;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface TestServer {
  url: string;
  port: number;
  server: RunningServer;
  /** every log line the server wrote (pino JSON) */
  logs: string[];
  /** POST /api{path} the way the web client does; a JSON answer of a call of `@btz/shared/calls` is checked against its contract */
  api<T = any>(apiPath: string, opts?: CallOptions): Promise<HttpResult<T>>;
  /** any request (pages, assets, forms) */
  request<T = any>(urlPath: string, opts?: CallOptions & { form?: Record<string, string> }): Promise<HttpResult<T>>;
  /** POST /api{path} as multipart/form-data (a file upload the way a browser sends it) */
  upload<T = any>(apiPath: string, opts: UploadOptions): Promise<HttpResult<T>>;
  /** the last SMS code the console provider logged for a phone */
  smsCode(phone: string): string;
  /**
   * The answer of an image captcha this server drew. Tests only: the server hands answers to `testCaptchaHook`, a config
   * field that only code can set and that loadConfig refuses with NODE_ENV=production; the image itself is a raster.
   */
  captchaAnswer(captchaId: string): string;
  /** send-code + token call; returns the token response */
  login(phone: string, opts?: { host?: string; invitationCode?: string }): Promise<any>;
  close(): Promise<void>;
}

export interface ScratchDatabase {
  /** the new database's connection URL */
  url: string;
  /** drops it (its connections closed) */
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database named `prefix_…` on the server of `base` (a test's own; the test drops it). */
export async function scratchDatabase(base: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Opens a fresh database for one test file: a PGlite copy of the migrated dump, or a new PostgreSQL database. */
async function openTestDb(databaseUrl?: string): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  // a database the test made itself (several instances on one PostgreSQL of its own): the test drops it
  if (databaseUrl) return { handle: await openPostgres(databaseUrl), drop: async () => undefined };
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const db = await scratchDatabase(base, 'btz_test');
    return { handle: await openPostgres(db.url), drop: db.drop };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const handle = await openPGlite({ loadDataDir: new Blob([dump]) });
  return { handle, drop: async () => undefined };
}

export function httpRequest<T>(base: string, urlPath: string, opts: CallOptions & { form?: Record<string, string> } = {}): Promise<HttpResult<T>> {
  const u = new URL(urlPath, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.host) headers.host = opts.host;
  let payload: string | Buffer | undefined;
  if (opts.form) {
    payload = new URLSearchParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.body !== undefined) {
    payload = typeof opts.body === 'string' || Buffer.isBuffer(opts.body) ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = http.request(u, { method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        let json: unknown = undefined;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: json as T, bytes });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * POST /api{path} to a server the way the web client does. Every JSON answer of a call of `@btz/shared/calls` is held to
 * the call's contract (contracts.ts): an answer that breaks it rejects with a ContractError, failing the test there.
 */
export async function apiRequest<T>(base: string, apiPath: string, opts: CallOptions = {}): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { 'Blade-Requested-With': 'BladeHttpRequest', ...(opts.headers ?? {}) };
  if (!opts.noClient) headers.Authorization = CLIENT_BASIC;
  if (opts.token) headers['Blade-Auth'] = `bearer ${opts.token}`;
  const res = await httpRequest<T>(base, `/api${apiPath}`, { ...opts, method: opts.method ?? 'POST', headers });
  checkAnswer(apiPath, res.json);
  return res;
}

/**
 * `opts.databaseUrl`: run on this PostgreSQL database instead of a fresh one (several instances on one database, on a
 * cluster the test started itself); the test owns and drops it.
 */
export async function startTestServer(overrides: Partial<Config> = {}, opts: { databaseUrl?: string } = {}): Promise<TestServer> {
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-test-'));
  const { handle, drop } = await openTestDb(opts.databaseUrl);
  const captchas = new Map<string, string>();
  const config = testConfig(dataDir, { testCaptchaHook: (c) => captchas.set(c.id, c.answer), ...overrides });
  const server = await startServer(config, { db: handle, logStream: logStream as unknown as import('pino').DestinationStream });
  const url = server.url;

  const request = <T>(p: string, opts: CallOptions & { form?: Record<string, string> } = {}) => httpRequest<T>(url, p, opts);
  const api = <T>(apiPath: string, opts: CallOptions = {}) => apiRequest<T>(url, apiPath, opts);
  const upload = <T>(apiPath: string, opts: UploadOptions) => {
    const { body, contentType } = multipartBody(opts);
    return api<T>(apiPath, { ...opts, body, headers: { ...(opts.headers ?? {}), 'content-type': contentType } });
  };
  const smsCode = (phone: string) => {
    for (let i = logs.length - 1; i >= 0; i--) {
      const line = logs[i]!;
      if (!line.includes('"sms"')) continue;
      const j = JSON.parse(line) as { sms?: { phone: string; code: string } };
      if (j.sms?.phone === phone) return j.sms.code;
    }
    throw new Error(`no SMS code logged for ${phone}`);
  };
  const captchaAnswer = (id: string) => {
    const answer = captchas.get(id);
    if (answer === undefined) throw new Error(`no captcha ${id} was drawn by this server`);
    return answer;
  };
  const login = async (phone: string, opts: { host?: string; invitationCode?: string } = {}) => {
    const sent = await api<any>('/btz-skip/send-code', { query: { phone }, host: opts.host });
    if (!sent.json?.success) throw new Error(`send-code failed: ${sent.text}`);
    const res = await api<any>('/blade-auth/oauth/token', {
      host: opts.host,
      query: { username: phone, grant_type: 'sms_code', source: 1, invitation_code: opts.invitationCode },
      headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': smsCode(phone) },
    });
    if (!res.json?.access_token) throw new Error(`login failed: ${res.text}`);
    return res.json;
  };
  return {
    url,
    port: server.port,
    server,
    logs,
    api,
    request,
    upload,
    smsCode,
    captchaAnswer,
    login,
    close: async () => {
      await server.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A phone number unique within a run (each test gets its own, so rate limits never collide). */
let seq = 0;
export function uniquePhone(): string {
  seq += 1;
  return `13${String(process.pid % 10)}${String(Date.now() % 10000).padStart(4, '0')}${String(seq).padStart(4, '0')}`.slice(0, 11);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Small helpers for reading what a browser or a phone would read.
 * ------------------------------------------------------------------------------------------------------------- */

/** `138****5678` (spec §5), written out here so tests do not lean on the code they check. */
export function masked(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** A different code of the same length (a wrong guess that still looks like a code). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
}

/** Undoes the HTML escaping of attribute values and text (`&#34;`, `&amp;`, …). */
export function unescapeHtml(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The hidden inputs of a server-rendered form: name → value. */
export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input\b[^>]*>/g)) {
    const tag = m[0];
    if (!/type="hidden"/.test(tag)) continue;
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? '';
    if (name) out[name] = unescapeHtml(value);
  }
  return out;
}

/** Logs a fresh phone in and returns what most tests need. */
export async function newUser(t: TestServer, opts: { host?: string; invitationCode?: string; phone?: string } = {}) {
  const phone = opts.phone ?? uniquePhone();
  const tok = await t.login(phone, opts);
  return { phone, token: tok.access_token as string, userId: tok.user_id as string, tokenResponse: tok };
}
