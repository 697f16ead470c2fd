import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import { DATA_DOC_TYPES, DATA_LIMITS as L, DATA_TEXTS as T, type DataDocDraft, type DataDocItem, type DataDocType, type DataSectionMaterial } from '../api/databank.js';
import { download, editorDoc, nothing, pageOf, time } from './answers.js';

/**
 * The data bank calls (docs/api.md "Data bank"): ids in the query string, fields as a JSON body, the file as
 * multipart/form-data. Documents belong to the caller's owner — the user, or its enterprise in the enterprise role.
 */

/* ---- answers ---- */

const str = z.string();
const docType = z.enum(DATA_DOC_TYPES);
const fileKind = z.enum(['pdf', 'docx', 'png', 'jpeg']);
const proposalFields = {
  type: docType,
  name: str,
  number: str.nullable(),
  creditCode: str.nullable(),
  issuer: str.nullable(),
  validFrom: str.nullable(),
  expiry: str.nullable(),
  person: str.nullable(),
  client: str.nullable(),
};
const dataDocItem: z.ZodType<DataDocItem> = z.strictObject({
  ...proposalFields,
  year: z.number().int().nullable(),
  amount: z.number().nullable(),
  tags: z.array(str),
  id: str,
  fileName: str,
  fileKind,
  mime: str,
  size: z.number().int().min(0),
  daysLeft: z.number().int().nullable(),
  createTime: time,
  updateTime: time,
});
const dataDocDraft: z.ZodType<DataDocDraft> = z.strictObject({
  id: str,
  fileName: str,
  fileKind,
  size: z.number().int().min(0),
  proposal: z.strictObject(proposalFields),
  readError: str.nullable(),
  chars: z.number().int().min(0),
  readState: z.enum(['queued', 'running', 'done', 'failed']),
  readNotice: str.nullable(),
});
const sectionMaterial: z.ZodType<DataSectionMaterial> = z.strictObject({
  matched: z.array(docType),
  types: z.array(docType),
  docs: z.array(
    z.strictObject({ id: str, type: docType, name: str, fileKind, expiry: str.nullable(), daysLeft: z.number().int().nullable() }),
  ),
  doc: editorDoc,
});

const id = z.string().trim().min(1).max(40);
const text = z.string().trim().max(L.field);
const optText = text.nullable().optional().transform((v) => (v ? v : null));
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d\d-\d\d$/, { error: T.badDate })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: T.badDate })
  .nullable()
  .optional()
  .transform((v) => v ?? null);
export const dataTags = z
  .array(z.string().trim().min(1).max(L.tag))
  .max(L.tags, { error: T.tooManyTags })
  .transform((tags) => [...new Set(tags)]);

export const dataDocFields = z
  .object({
    type: z.enum(DATA_DOC_TYPES),
    name: z.string().trim().min(1).max(L.name),
    number: optText,
    creditCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, { error: T.badCreditCode })
      .nullable()
      .optional()
      .or(z.literal(''))
      .transform((v) => (v ? v : null)),
    issuer: optText,
    validFrom: date,
    expiry: date,
    person: optText,
    client: optText,
    year: z.number().int().min(1950).max(2200).nullable().optional().transform((v) => v ?? null),
    amount: z.number().min(0).max(1e12).nullable().optional().transform((v) => (v == null ? null : Math.round(v * 100) / 100)),
    tags: dataTags.optional().transform((v) => v ?? []),
  })
  .refine((f) => !f.validFrom || !f.expiry || f.expiry >= f.validFrom, { error: T.expiryBeforeFrom, path: ['expiry'] });

export const DATA_LABELS = {
  id: '资料 ID',
  type: '资料类型',
  name: '资料名称',
  number: '证书编号',
  creditCode: '统一社会信用代码',
  issuer: '发证机关',
  validFrom: '发证日期',
  expiry: '有效期至',
  person: '持证人',
  client: '合同甲方',
  year: '年份',
  amount: '合同金额',
  tags: '标签',
  keyword: '搜索词',
  tag: '标签',
  expiring: '到期天数',
  bidId: '标书 ID',
  nodeId: '章节 ID',
  types: '资料类型',
  figureStart: '起始图号',
  current: '页码',
  size: '每页条数',
};
const labels = DATA_LABELS;

export const databankCalls = {
  /**
   * multipart: file (PDF, DOCX, PNG, JPEG) → a draft, its text queued for reading (`readState`); `draft` answers it
   * again, with the fields proposed from the text once read (`databank.read` on `/user/{id}/notice` tells when)
   */
  /** multipart: file (no other field) */
  upload: defineCall({ path: '/btz/databank/upload', auth: true, fields: z.strictObject({}), response: dataDocDraft }),
  draft: defineCall({ path: '/btz/databank/draft', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: dataDocDraft }),
  /** saves a draft (the user's confirmed fields) or edits a saved document */
  save: defineCall({ path: '/btz/databank/save', auth: true, ownedBy: 'holder', query: z.object({ id }), body: dataDocFields, labels, response: dataDocItem }),
  list: defineCall({
    path: '/btz/databank/list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
      keyword: z.string().trim().max(50).optional(),
      type: z.enum(DATA_DOC_TYPES).optional(),
      tag: z.string().trim().max(L.tag).optional(),
      /** only what expires within this many days (expired ones included), soonest first */
      expiring: z.coerce.number().int().min(1).max(3650).optional(),
    }),
    labels,
    response: pageOf(dataDocItem),
  }),
  detail: defineCall({ path: '/btz/databank/detail', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: dataDocItem }),
  tags: defineCall({ path: '/btz/databank/tags', auth: true, response: z.array(str) }),
  delete: defineCall({ path: '/btz/databank/delete', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: nothing }),
  /**
   * 「从资料库插入」: the data-bank content for a section of a bid of the caller — of the types the section asks for, or of
   * `types` (comma-separated) when given; figures numbered from `figureStart`.
   */
  section: defineCall({
    path: '/btz/databank/section',
    bidAccess: 'read',
    auth: true,
    query: z.object({
      bidId: id,
      nodeId: z.string().trim().min(1).max(100),
      types: z
        .string()
        .trim()
        .max(200)
        .optional()
        .transform((v, ctx) => {
          if (v === undefined) return undefined;
          const list = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
          if (list.some((t) => !(DATA_DOC_TYPES as readonly string[]).includes(t))) {
            ctx.addIssue({ code: 'custom', message: T.badTypes });
            return z.NEVER;
          }
          return list as DataDocType[];
        }),
      figureStart: z.coerce.number().int().min(1).max(999).default(1),
    }),
    labels,
    response: sectionMaterial,
  }),
  /** the document's file (a draft's too): images and PDF inline, DOCX as an attachment */
  file: defineCall({ path: '/btz/databank/file', auth: true, ownedBy: 'holder', query: z.object({ id }), labels, response: download() }),
};
