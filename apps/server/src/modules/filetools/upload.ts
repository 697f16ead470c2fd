/**
 * Reading a tool's upload: the tool field and one file, or up to FILETOOL_LIMITS.images pictures (图片转 PDF), through the
 * edge's multipart loop (`readStagedParts` of http/upload.ts: each file written to storage while it streams in and
 * capped, the sum capped, a Content-Length above the whole limit refused before anything is read, NUL refused in names
 * and fields). The caller stores the files or discards them (`withToolUpload`).
 */
import type { FastifyRequest } from 'fastify';
import { FILETOOL_LIMITS, FILETOOL_TEXTS } from '@btz/shared';
import { badRequest } from '../../http/errors.js';
import { cleanFileName, readStagedParts, type StageFn } from '../../http/upload.js';
import type { StagedFile } from '../../providers/storage/index.js';

export interface ToolUpload {
  files: { filename: string; file: StagedFile }[];
  fields: Record<string, string>;
}

export async function readToolUpload(req: FastifyRequest, fileMax: number, totalMax: number, stage: StageFn): Promise<ToolUpload> {
  const { files, fields } = await readStagedParts(req, {
    fileMax,
    totalMax,
    files: FILETOOL_LIMITS.images,
    fields: 10,
    slack: 256 * 1024,
    tooManyFiles: FILETOOL_TEXTS.tooManyImages(FILETOOL_LIMITS.images),
  }, stage);
  if (!files.length) throw badRequest(FILETOOL_TEXTS.noFile);
  return { files: files.map((f) => ({ filename: cleanFileName(f.filename).replace(/^招标文件$/, '文件'), file: f.file })), fields };
}

/** Runs `fn` with a tool's upload, and drops the staged files `fn` did not store (a refusal, an error). */
export async function withToolUpload<R>(upload: ToolUpload, fn: (upload: ToolUpload) => Promise<R>): Promise<R> {
  try {
    return await fn(upload);
  } finally {
    for (const f of upload.files) await f.file.discard().catch(() => undefined);
  }
}
