/** The console's content and feedback SQL (issue 28). The six content tables differ in columns; `KINDS` maps them. */
import type { Kysely, Selectable } from 'kysely';
import type { ContentKind } from '@btz/shared/calls';
import type { Database } from '../../../db/connection.js';
import { paginate, type Paging } from '../../../db/paging.js';
import type { FeedbackTable } from '../../../db/schema-content.js';
import { newId } from '../../../lib/ids.js';
import { KINDS } from './kinds.js';

export type Row = Record<string, any>;
export type FeedbackRow = Selectable<FeedbackTable> & { phone: string | null };

// the queries over `KINDS[kind].table` go through an untyped handle
const loose = (db: Database) => db as unknown as Kysely<any>;

/** One item of `kind`, of `scope`'s tenant when given; locked with `lock`. */
export async function contentRow(db: Database, kind: ContentKind, id: string, scope: string | null | undefined, lock = false): Promise<Row | undefined> {
  let q = loose(db).selectFrom(KINDS[kind].table).selectAll().where('id', '=', id);
  if (scope) q = q.where('tenant_id', '=', scope);
  return (await (lock ? q.forUpdate() : q).executeTakeFirst()) as Row | undefined;
}

export async function contentPage<T>(
  db: Database,
  kind: ContentKind,
  filter: { scope?: string | null; status?: 'published' | 'draft' | string; keyword?: string },
  paging: Paging,
  present: (r: Row) => T,
) {
  const k = KINDS[kind];
  let base = loose(db).selectFrom(k.table);
  if (filter.scope) base = base.where('tenant_id', '=', filter.scope);
  if (filter.status) base = base.where('enabled', '=', filter.status === 'published');
  if (filter.keyword) base = base.where(k.titleColumn, 'like', `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return paginate(base as never, paging, (q: any) => q.selectAll().orderBy(k.changedColumn, 'desc').orderBy('id', 'desc'), present);
}

export async function updateContent(db: Database, kind: ContentKind, id: string, set: Record<string, unknown>): Promise<Row> {
  return (await loose(db).updateTable(KINDS[kind].table).set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()) as Row;
}

/** A new item, always a draft. */
export async function insertContent(db: Database, kind: ContentKind, tenantId: string, values: Record<string, unknown>): Promise<Row> {
  const extra = kind === 'news' ? { published_at: new Date() } : {};
  return (await loose(db)
    .insertInto(KINDS[kind].table)
    .values({ id: newId(), tenant_id: tenantId, enabled: false, ...extra, ...values })
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
}

/** Whether another page of the tenant has `code`. */
export async function pageCodeTaken(db: Database, tenantId: string, code: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('pages').select('id').where('tenant_id', '=', tenantId).where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/* ---- feedback ---- */

export async function feedbackPage<T>(db: Database, scope: string | null | undefined, unreplied: boolean, paging: Paging, present: (r: FeedbackRow) => T) {
  let base = db.selectFrom('feedback').leftJoin('users', 'users.id', 'feedback.user_id');
  if (scope) base = base.where('feedback.tenant_id', '=', scope);
  if (unreplied) base = base.where('feedback.status', '=', 0);
  return paginate(
    base,
    paging,
    (q) => q.selectAll('feedback').select('users.phone').orderBy('feedback.created_at', 'desc').orderBy('feedback.id', 'desc'),
    (r) => present(r as FeedbackRow),
  );
}

export async function lockFeedback(db: Database, id: string, scope: string | null | undefined) {
  let q = db.selectFrom('feedback').selectAll().where('id', '=', id);
  if (scope) q = q.where('tenant_id', '=', scope);
  return q.forUpdate().executeTakeFirst();
}

/** Stores the reply and answers the feedback with its user's phone. */
export async function replyToFeedback(db: Database, id: string, reply: string): Promise<FeedbackRow> {
  await db.updateTable('feedback').set({ reply, status: 1, replied_at: new Date() }).where('id', '=', id).execute();
  return (await db
    .selectFrom('feedback')
    .leftJoin('users', 'users.id', 'feedback.user_id')
    .selectAll('feedback')
    .select('users.phone')
    .where('feedback.id', '=', id)
    .executeTakeFirstOrThrow()) as FeedbackRow;
}
