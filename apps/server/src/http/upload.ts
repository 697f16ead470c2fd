/**
 * Reading one uploaded file from a multipart request, with the size limit enforced while the bytes stream in (the
 * multipart parser stops at UPLOAD_MAX_BYTES; a Content-Length already above it is refused before reading anything),
 * and the rules of an uploaded file's name. The edge serves every module that takes an upload; the name of a file read
 * is marked on the request (`uploadedName`) for the IP record (modules/iprecord), which writes it once the call succeeded.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BID_TEXTS } from '@btz/shared';
import { AppError, badRequest } from './errors.js';
import { assertNoNul } from './nul-guard.js';
import type { StagedFile } from '../providers/storage/index.js';

export interface Upload {
  filename: string;
  data: Buffer;
  fields: Record<string, string>;
}

/** An upload written to storage while it streamed in (providers/storage `stage`), not an object yet. */
export interface StagedUpload {
  filename: string;
  file: StagedFile;
  fields: Record<string, string>;
}

/** 2 GB, 100 MB, 512 KB, 900 B — the limit as people say it. */
export function formatLimit(bytes: number): string {
  const trim = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024 * 1024) return `${trim(bytes / 1024 / 1024 / 1024)} GB`;
  if (bytes >= 1024 * 1024) return `${trim(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The name of the file `readUpload` read, per request. */
const uploaded = new WeakMap<FastifyRequest, string>();

/** The name of the file `readUpload` read in this request, if it read one. */
export function uploadedName(req: FastifyRequest): string | undefined {
  return uploaded.get(req);
}

/** How much a multipart request may carry, and what to say when it carries too many files. */
export interface PartLimits {
  /** bytes of one file */
  fileMax: number;
  /** bytes of all files together */
  totalMax: number;
  /** `file` parts */
  files: number;
  /** other fields */
  fields: number;
  /** multipart envelope overhead tolerated on top of the files when pre-checking Content-Length */
  slack: number;
  /** the refusal of one file too many */
  tooManyFiles: string;
}

/**
 * The loop every upload reads through: the `file` parts (names as sent, not cleaned yet) and the fields. Each file is
 * capped while it streams in (the parser stops at `fileMax`), so is the sum of them; a Content-Length above the whole
 * limit is refused before anything is read; NUL is refused in names and fields; parser errors become Chinese refusals.
 */
export async function readParts(req: FastifyRequest, l: PartLimits): Promise<{ files: { filename: string; data: Buffer }[]; fields: Record<string, string> }> {
  const { files, fields } = await readPartsWith(req, l, {
    take: async (file) => {
      const chunks: Buffer[] = [];
      for await (const c of file) chunks.push(c as Buffer);
      const data = Buffer.concat(chunks);
      return { value: data, size: data.length };
    },
    drop: async () => undefined,
  });
  return { files: files.map((f) => ({ filename: f.filename, data: f.value })), fields };
}

/** How `readPartsWith` takes in a file part: into memory (`readParts`), or into storage as it streams (`readStagedUpload`). */
interface Taker<T> {
  take(file: Readable): Promise<{ value: T; size: number }>;
  /** a file taken but then refused (too large, a later part invalid) */
  drop(value: T): Promise<void>;
}

async function readPartsWith<T>(req: FastifyRequest, l: PartLimits, t: Taker<T>): Promise<{ files: { filename: string; value: T }[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(BID_TEXTS.notMultipart);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > l.totalMax + l.slack) throw badRequest(BID_TEXTS.tooLarge(formatLimit(l.totalMax)));
  const fields: Record<string, string> = {};
  const files: { filename: string; value: T }[] = [];
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: l.fileMax, files: l.files, fields: l.fields, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const taken = await t.take(part.file);
        files.push({ filename: part.filename ?? '', value: taken.value });
        // the parser stops at the limit; when its error arrives after the last chunk, `truncated` still tells
        if (part.file.truncated || taken.size > l.fileMax) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        total += taken.size;
        if (total > l.totalMax) throw badRequest(BID_TEXTS.tooLarge(formatLimit(l.totalMax)));
        assertNoNul(part.filename ?? '', '文件名');
      } else {
        assertNoNul({ [part.fieldname]: String(part.value ?? '') });
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    for (const f of files) await t.drop(f.value).catch(() => undefined);
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(BID_TEXTS.tooLarge(formatLimit(l.fileMax)));
    if (code === 'FST_FILES_LIMIT') throw badRequest(l.tooManyFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('上传的表单字段过多');
    throw badRequest('上传内容不完整或格式不正确，请重新上传');
  }
  return { files, fields };
}

/** One file (the `file` part) and up to 20 fields. */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const { files, fields } = await readParts(req, { fileMax: maxBytes, totalMax: maxBytes, files: 1, fields: 20, slack: 64 * 1024, tooManyFiles: BID_TEXTS.oneFile });
  const file = files[files.length - 1];
  if (!file) throw badRequest(BID_TEXTS.noFile);
  const filename = cleanFileName(file.filename);
  uploaded.set(req, filename); // IP 记录: recorded once the call succeeds
  return { filename, data: file.data, fields };
}

/**
 * `readUpload` for an upload stored while it streams in: the bytes go to `stage` (the storage ledger's) chunk by chunk
 * instead of into memory; the same limits, refusals and name rules. The caller `putStaged`s the file once it accepted
 * it and must `discard` it otherwise (`withStaged`).
 */
export async function readStagedUpload(req: FastifyRequest, maxBytes: number, stage: StageFn): Promise<StagedUpload> {
  const { files, fields } = await readStagedParts(
    req,
    { fileMax: maxBytes, totalMax: maxBytes, files: 1, fields: 20, slack: 64 * 1024, tooManyFiles: BID_TEXTS.oneFile },
    stage,
  );
  const file = files[files.length - 1];
  if (!file) throw badRequest(BID_TEXTS.noFile);
  const filename = cleanFileName(file.filename);
  uploaded.set(req, filename); // IP 记录: recorded once the call succeeds
  return { filename, file: file.file, fields };
}

/** How an upload's bytes go into storage while they stream in: the storage ledger's `stage`. */
export type StageFn = (source: AsyncIterable<Buffer>) => Promise<StagedFile>;

/**
 * `readParts` with every file part written to storage as it streams in (`stage`) instead of into memory: the same
 * limits and refusals; the files taken before a refusal are discarded. The caller stores or discards every file it got.
 */
export async function readStagedParts(req: FastifyRequest, l: PartLimits, stage: StageFn): Promise<{ files: { filename: string; file: StagedFile }[]; fields: Record<string, string> }> {
  const { files, fields } = await readPartsWith(req, l, {
    take: async (file) => {
      const staged = await stage(file);
      return { value: staged, size: staged.size };
    },
    drop: (staged) => staged.discard(),
  });
  return { files: files.map((f) => ({ filename: f.filename, file: f.value })), fields };
}

/** Runs `fn` with a staged upload, and drops the staged bytes when `fn` did not store them (a refusal, an error). */
export async function withStaged<R>(upload: StagedUpload, fn: (upload: StagedUpload) => Promise<R>): Promise<R> {
  try {
    return await fn(upload);
  } finally {
    await upload.file.discard().catch(() => undefined);
  }
}

/** The name to show and to put in Content-Disposition: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || '招标文件').slice(0, 200);
}
