/**
 * Reading a tool's upload: the tool field and one file, or up to FILETOOL_LIMITS.images pictures (图片转 PDF). Like the
 * edge's readUpload (http/upload.ts) — each file capped while it streams in, a Content-Length above the whole limit refused before
 * anything is read, NUL refused in names and fields — with several `file` parts allowed.
 */
import type { FastifyRequest } from 'fastify';
import { BID_TEXTS, FILETOOL_LIMITS, FILETOOL_TEXTS } from '@btz/shared';
import { AppError, badRequest } from '../../http/errors.js';
import { assertNoNul } from '../../http/nul-guard.js';
import { cleanFileName, formatLimit } from '../../http/upload.js';

export interface ToolUpload {
  files: { filename: string; data: Buffer }[];
  fields: Record<string, string>;
}

const ENVELOPE_SLACK = 256 * 1024;

export async function readToolUpload(req: FastifyRequest, fileMax: number, totalMax: number): Promise<ToolUpload> {
  if (!req.isMultipart()) throw badRequest(BID_TEXTS.notMultipart);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > totalMax + ENVELOPE_SLACK) throw badRequest(BID_TEXTS.tooLarge(formatLimit(totalMax)));
  const tooLarge = () => badRequest(BID_TEXTS.tooLarge(formatLimit(fileMax)));
  const fields: Record<string, string> = {};
  const files: ToolUpload['files'] = [];
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: fileMax, files: FILETOOL_LIMITS.images, fields: 10, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (part.file.truncated || data.length > fileMax) throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        total += data.length;
        if (total > totalMax) throw badRequest(BID_TEXTS.tooLarge(formatLimit(totalMax)));
        assertNoNul(part.filename ?? '', '文件名');
        files.push({ filename: cleanFileName(part.filename ?? '').replace(/^招标文件$/, '文件'), data });
      } else {
        assertNoNul({ [part.fieldname]: String(part.value ?? '') });
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(FILETOOL_TEXTS.tooManyImages(FILETOOL_LIMITS.images));
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('上传的表单字段过多');
    throw badRequest('上传内容不完整或格式不正确，请重新上传');
  }
  if (!files.length) throw badRequest(FILETOOL_TEXTS.noFile);
  return { files, fields };
}
