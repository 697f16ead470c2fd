import * as z from 'zod';
import type { Page } from '../api/envelope.js';

/**
 * Pieces of the calls' answer schemas (each call's `response`). An answer schema is the contract of what the server
 * sends: it is annotated with the shared type it stands for (`z.ZodType<BidDetail>`), so the type checker holds the two
 * together, and the server's API tests check every JSON answer against it (apps/server/test/contracts.ts). The server
 * itself does not check its answers at run time (a broken one is a bug for the tests to catch, not worth a parse of
 * every answer in production).
 *
 * Objects are strict: a field the type does not name fails the check, so an answer cannot grow a field (a leak, or a
 * rename half done) unseen.
 */

/** A call that answers no data (`data: null`). */
export const nothing = z.custom<void>((v) => v === null || v === undefined, { error: '应无数据' });

/** A download or a stream: what the web client reads is not JSON, so there is no JSON answer to check. */
export function download<T = Blob>() {
  return z.custom<T>(() => false, { error: '下载类接口不应返回 JSON 数据' });
}

/** A paged list (spec §3). */
export function pageOf<T>(item: z.ZodType<T>): z.ZodType<Page<T>> {
  return z.strictObject({
    records: z.array(item),
    total: z.number().int().min(0),
    current: z.number().int().min(1),
    size: z.number().int().min(1),
    pages: z.number().int().min(0),
  });
}

/** `{ id }` of a record just made. */
export const idOnly = z.strictObject({ id: z.string().min(1) });

/** A time as the API prints it (`YYYY-MM-DD HH:mm:ss`, spec §3), or '' where there is none. */
export const time = z.string().regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?$/, { error: '时间格式应为 YYYY-MM-DD HH:mm:ss' });

/** `null` or the value. */
export const orNull = <T extends z.ZodType>(s: T) => s.nullable();

/** 0–100 */
export const percent = z.number().min(0).max(100);

/**
 * A model an engine builds and stores (a tender card, a health report, a duplicate-check report) that the API hands on
 * as it is: its own code owns its shape, so the answer checks that it is an object with its top-level fields.
 */
export function model<T>(keys: readonly string[], name: string): z.ZodType<T> {
  return z.custom<T>(
    (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && keys.every((k) => k in (v as Record<string, unknown>)),
    { error: `${name}缺少字段（${keys.join('、')}）` },
  );
}

/** The editor's document (ProseMirror JSON). */
type EditorNodeShape = { type: string; attrs?: Record<string, unknown>; content?: EditorNodeShape[]; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[] };
const editorNode: z.ZodType<EditorNodeShape> = z.lazy(() =>
  z.strictObject({
    type: z.string().min(1),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(editorNode).optional(),
    text: z.string().optional(),
    marks: z.array(z.strictObject({ type: z.string().min(1), attrs: z.record(z.string(), z.unknown()).optional() })).optional(),
  }),
);
export const editorDoc = z.strictObject({ type: z.literal('doc'), content: z.array(editorNode) });
