import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { nothing, pageOf, time } from './answers.js';
import type { RepositoryFile, RepositorySearchResult, RepositorySuggestion } from '../api/repository.js';

/**
 * The repository calls (docs/api.md "Repository"): ids in the query string, files as multipart/form-data. Files and
 * passages belong to the caller's owner — the user, or its enterprise in the enterprise role.
 */
const id = z.string().trim().min(1).max(40);

export const REPOSITORY_LABELS = {
  id: '文件 ID',
  bidId: '标书 ID',
  nodeId: '章节 ID',
  passageId: '段落 ID',
  pick: '操作',
  keyword: '搜索词',
  current: '页码',
  size: '每页条数',
};
const labels = REPOSITORY_LABELS;

/* ---- answers ---- */

const str = z.string();
const int = z.number().int();
const repositoryFile: z.ZodType<RepositoryFile> = z.strictObject({
  id: str,
  fileName: str,
  fileType: z.enum(['docx', 'pdf']),
  size: int.min(0),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  error: str.nullable(),
  pageCount: int.min(0),
  passageCount: int.min(0),
  createTime: time,
});
const passage = z.strictObject({ id: str, fileId: str, fileName: str, heading: z.array(str), page: int, text: str, rank: z.number() });
const searchResult: z.ZodType<RepositorySearchResult> = z.strictObject({ terms: z.array(str), records: z.array(passage) });
const suggestion: z.ZodType<RepositorySuggestion> = z.strictObject({
  terms: z.array(str),
  records: z.array(passage),
  pinned: z.array(str),
  excluded: int.min(0),
});

export const repositoryCalls = {
  /** multipart: file (a past bid, DOCX or PDF) → read into passages as a job */
  /** multipart: file (no other field) */
  upload: defineCall({ path: '/btz/repository/upload', auth: true, fields: z.strictObject({}), response: repositoryFile }),
  list: defineCall({
    path: '/btz/repository/list',
    auth: true,
    query: z.object({ current: z.coerce.number().int().min(1).default(1), size: z.coerce.number().int().min(1).max(100).default(20) }),
    labels,
    response: pageOf(repositoryFile),
  }),
  detail: defineCall({ path: '/btz/repository/detail', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: repositoryFile }),
  retry: defineCall({ path: '/btz/repository/retry', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  delete: defineCall({ path: '/btz/repository/delete', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  /** the owner's passages holding every word of the keyword, best first */
  search: defineCall({
    path: '/btz/repository/search',
    auth: true,
    query: z.object({ keyword: z.string().trim().min(1).max(100), size: z.coerce.number().int().min(1).max(50).default(20) }),
    labels,
    response: searchResult,
  }),
  /** the 5 passages that best serve a section of a bid (pinned first, excluded left out) */
  suggest: defineCall({
    path: '/btz/repository/suggest',
    bidAccess: 'read',
    auth: true,
    query: z.object({ id, nodeId: id }),
    labels: { ...labels, id: '标书 ID' },
    response: suggestion,
  }),
  /** pin a passage to a section, exclude it, or clear either (pick=none) */
  pick: defineCall({
    path: '/btz/repository/pick',
    bidAccess: 'section',
    auth: true,
    query: z.object({ id, nodeId: id, passageId: id, pick: z.enum(['pin', 'exclude', 'none']) }),
    labels: { ...labels, id: '标书 ID' },
    response: nothing,
  }),
};
