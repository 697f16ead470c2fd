import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { PICTURE_LIMITS as L, PICTURE_TEXTS as T, type PictureExtraction, type PictureExtractionSummary, type PictureItem, type PictureSaveResult } from '../api/pictures.js';
import { download, idOnly, nothing, pageOf, percent, time } from './answers.js';

/**
 * The picture library calls (docs/api.md "Pictures"): ids in the query string, content as a JSON body, files as
 * multipart/form-data (read by the route itself). Pictures and extractions belong to the caller's owner — the user, or
 * its enterprise in the enterprise role.
 */

/* ---- answers ---- */

const str = z.string();
const int = z.number().int();
const pictureItem: z.ZodType<PictureItem> = z.strictObject({
  id: str,
  name: str,
  tags: z.array(str),
  mime: str,
  size: int.min(0),
  width: int.min(0),
  height: int.min(0),
  source: z.enum(['upload', 'extract']),
  sourceFile: str.nullable(),
  sourcePage: int.nullable(),
  createTime: time,
});
const saveResult: z.ZodType<PictureSaveResult> = z.strictObject({
  status: z.enum(['created', 'duplicate']),
  picture: pictureItem,
  match: z.enum(['exact', 'similar']).optional(),
  message: str,
});
const extractionFields = {
  id: str,
  fileName: str,
  fileType: z.enum(['docx', 'pdf']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: percent,
  error: str.nullable(),
  notice: str.nullable(),
  pageCount: int.min(0),
  skipped: int.min(0),
  createTime: time,
};
const extraction: z.ZodType<PictureExtraction> = z.strictObject({
  ...extractionFields,
  items: z.array(
    z.strictObject({ index: int, page: int, name: str, mime: str, width: int.min(0), height: int.min(0), size: int.min(0) }),
  ),
});
const extractionSummary: z.ZodType<PictureExtractionSummary> = z.strictObject({ ...extractionFields, count: int.min(0) });

const id = z.string().trim().min(1).max(40);
const tag = z.string().trim().min(1).max(L.tag);
export const pictureTags = z
  .array(tag)
  .max(L.tags, { error: T.tooManyTags })
  .transform((tags) => [...new Set(tags)]);
const flag = z.union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')]).optional();

export const PICTURE_LABELS = {
  id: '图片 ID',
  name: '图片名称',
  tags: '标签',
  keyword: '搜索词',
  tag: '标签',
  current: '页码',
  size: '每页条数',
  thumb: '缩略图',
  index: '图片序号',
  indexes: '图片序号',
};
const labels = PICTURE_LABELS;

export const pictureCalls = {
  /** multipart: file, name? (the file's name when absent), tags? (separated by commas, semicolons or spaces) */
  upload: defineCall({
    path: '/btz/picture/upload',
    auth: true,
    fields: z.strictObject({
      name: z.string().optional(),
      tags: z
        .string()
        .optional()
        .transform((v) => (v ?? '').split(/[,，;；\s]+/).filter(Boolean))
        .pipe(pictureTags),
    }),
    labels,
    response: saveResult,
  }),
  list: defineCall({
    path: '/btz/picture/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(24),
      keyword: z.string().trim().max(50).optional(),
      tag: z.string().trim().max(L.tag).optional(),
    }),
    labels,
    response: pageOf(pictureItem),
  }),
  /** every tag the owner's pictures carry, for the filter */
  tags: defineCall({ path: '/btz/picture/tags', auth: true, response: z.array(str) }),
  update: defineCall({
    path: '/btz/picture/update',
    auth: true,
    ownedBy: 'holder',
    query: z.object({ id }),
    body: z.object({ name: z.string().trim().min(1).max(L.name).optional(), tags: pictureTags.optional() }),
    labels,
    response: pictureItem,
  }),
  delete: defineCall({ path: '/btz/picture/delete', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  /** the picture's bytes, or its thumbnail (JPEG, 320 px) with thumb=1 */
  file: defineCall({ path: '/btz/picture/file', auth: true, ownedBy: 'holder', query: z.object({ id, thumb: flag }), labels, response: download() }),

  /** multipart: file (DOCX or PDF) → an extraction, run as a job */
  extractUpload: defineCall({ path: '/btz/picture/extract/upload', auth: true, fields: z.strictObject({}), response: idOnly }),
  /** the owner's extractions, newest first */
  extractList: defineCall({
    path: '/btz/picture/extract/list',
    auth: true,
    query: z.object({ current: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(50).default(10) }),
    labels,
    response: pageOf(extractionSummary),
  }),
  extraction: defineCall({ path: '/btz/picture/extract/detail', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: extraction }),
  extractRetry: defineCall({ path: '/btz/picture/extract/retry', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  /** one found picture's bytes (thumb=1: its thumbnail) */
  extractFile: defineCall({
    path: '/btz/picture/extract/file',
    auth: true,
    ownedBy: 'holder',
    query: z.object({ id, index: z.coerce.number().int().min(1).max(100_000), thumb: flag }),
    labels,
    response: download(),
  }),
  /** saves the picked pictures into the library (deduplicated like uploads) */
  extractSave: defineCall({
    path: '/btz/picture/extract/save',
    auth: true,
    ownedBy: 'holder',
    query: z.object({ id }),
    body: z.object({ indexes: z.array(z.number().int().min(1)).min(1).max(L.saveBatch), tags: pictureTags.optional() }),
    labels,
    response: z.array(z.strictObject({ index: int, result: saveResult })),
  }),
};
