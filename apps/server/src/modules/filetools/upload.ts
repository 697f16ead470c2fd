/**
 * Reading a tool's upload: the tool field and one file, or up to FILETOOL_LIMITS.images pictures (图片转 PDF), through the
 * edge's multipart loop (`readParts` of http/upload.ts: each file capped while it streams in, the sum capped, a
 * Content-Length above the whole limit refused before anything is read, NUL refused in names and fields).
 */
import type { FastifyRequest } from 'fastify';
import { FILETOOL_LIMITS, FILETOOL_TEXTS } from '@btz/shared';
import { badRequest } from '../../http/errors.js';
import { cleanFileName, readParts } from '../../http/upload.js';

export interface ToolUpload {
  files: { filename: string; data: Buffer }[];
  fields: Record<string, string>;
}

export async function readToolUpload(req: FastifyRequest, fileMax: number, totalMax: number): Promise<ToolUpload> {
  const { files, fields } = await readParts(req, {
    fileMax,
    totalMax,
    files: FILETOOL_LIMITS.images,
    fields: 10,
    slack: 256 * 1024,
    tooManyFiles: FILETOOL_TEXTS.tooManyImages(FILETOOL_LIMITS.images),
  });
  if (!files.length) throw badRequest(FILETOOL_TEXTS.noFile);
  return { files: files.map((f) => ({ filename: cleanFileName(f.filename).replace(/^招标文件$/, '文件'), data: f.data })), fields };
}
