/**
 * SQL of a team's review work: each section's review row, the comments on a section, each user's 消息, the sections
 * assigned to a user across its enterprise's bids, and the enterprise's results. Statements that take a bid id are
 * reached only with a bid access.ts let the caller see; the cross-bid ones are scoped by tenant and enterprise here.
 */
import { sql, type Kysely } from 'kysely';
import type { BidResult, SectionReviewState, UserMessageKind } from '@btz/shared';
import type { DB } from '../../../db/schema.js';
import '../../../db/schema-review.js';
import '../../../db/schema-teams.js';
import { newId } from '../../../lib/ids.js';

type Db = Kysely<DB>;

const dueText = sql<string | null>`to_char(bid_section_reviews.due_date, 'YYYY-MM-DD')`;

export async function reviewStateOf(db: Db, bidId: string, nodeId: string): Promise<SectionReviewState> {
  const r = await db.selectFrom('bid_section_reviews').select('state').where('bid_id', '=', bidId).where('node_id', '=', nodeId).executeTakeFirst();
  return r?.state ?? 'todo';
}

export function reviewsOf(db: Db, bidId: string) {
  return db
    .selectFrom('bid_section_reviews')
    .leftJoin('users', 'users.id', 'bid_section_reviews.updated_by')
    .select(['bid_section_reviews.node_id', 'bid_section_reviews.state', dueText.as('due'), 'bid_section_reviews.note', 'users.nick_name', 'bid_section_reviews.updated_at'])
    .where('bid_section_reviews.bid_id', '=', bidId)
    .orderBy('bid_section_reviews.updated_at')
    .execute();
}

/**
 * Moves a section from one of `from` to `to` (a row is made for a section still 待编写); false when its state was
 * another (someone moved it meanwhile). One statement, so two reviewers cannot both move it.
 */
export async function moveReview(
  db: Db,
  e: { bidId: string; nodeId: string; from: SectionReviewState[]; to: SectionReviewState; note: string; by: string },
): Promise<boolean> {
  const set = { state: e.to, note: e.note, updated_by: e.by, updated_at: new Date() };
  if (!e.from.includes('todo')) {
    const r = await db.updateTable('bid_section_reviews').set(set).where('bid_id', '=', e.bidId).where('node_id', '=', e.nodeId).where('state', 'in', e.from).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
  const r = await db
    .insertInto('bid_section_reviews')
    .values({ bid_id: e.bidId, node_id: e.nodeId, ...set })
    .onConflict((oc) => oc.columns(['bid_id', 'node_id']).doUpdateSet(set).where('bid_section_reviews.state', 'in', e.from))
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setDue(db: Db, bidId: string, nodeId: string, due: string | null, by: string): Promise<void> {
  await db
    .insertInto('bid_section_reviews')
    .values({ bid_id: bidId, node_id: nodeId, state: 'todo', due_date: due, updated_by: by, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['bid_id', 'node_id']).doUpdateSet({ due_date: due }))
    .execute();
}

export async function sectionChars(db: Db, bidId: string, nodeId: string): Promise<number> {
  const r = await db.selectFrom('bid_sections').select('chars').where('bid_id', '=', bidId).where('node_id', '=', nodeId).executeTakeFirst();
  return r?.chars ?? 0;
}

export function commentsOf(db: Db, bidId: string, nodeId: string) {
  return db
    .selectFrom('bid_comments')
    .innerJoin('users', 'users.id', 'bid_comments.user_id')
    .select(['bid_comments.id', 'bid_comments.node_id', 'bid_comments.user_id', 'users.nick_name', 'bid_comments.text', 'bid_comments.mentions', 'bid_comments.created_at'])
    .where('bid_comments.bid_id', '=', bidId)
    .where('bid_comments.node_id', '=', nodeId)
    .orderBy('bid_comments.created_at')
    .orderBy('bid_comments.id')
    .limit(500)
    .execute();
}

export async function addComment(db: Db, c: { bidId: string; nodeId: string; userId: string; text: string; mentions: string[] }): Promise<void> {
  await db
    .insertInto('bid_comments')
    .values({ id: newId(), bid_id: c.bidId, node_id: c.nodeId, user_id: c.userId, text: c.text, mentions: JSON.stringify(c.mentions) })
    .execute();
}

export async function addMessages(
  db: Db,
  m: { tenantId: string; to: string[]; kind: UserMessageKind; bidId: string; nodeId: string; from: string; text: string },
): Promise<{ id: string; userId: string }[]> {
  const rows = m.to.map((u) => ({ id: newId(), tenant_id: m.tenantId, user_id: u, kind: m.kind, bid_id: m.bidId, node_id: m.nodeId, from_user: m.from, text: m.text }));
  if (rows.length) await db.insertInto('user_messages').values(rows).execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id }));
}

/** The user's newest messages with the bid each is about (its outline, for the section's title). */
export function messagesOf(db: Db, tenantId: string, userId: string, limit = 100) {
  return db
    .selectFrom('user_messages')
    .innerJoin('bids', 'bids.id', 'user_messages.bid_id')
    .innerJoin('users', 'users.id', 'user_messages.from_user')
    .select([
      'user_messages.id',
      'user_messages.kind',
      'user_messages.bid_id',
      'bids.name as bid_name',
      'bids.outline',
      'user_messages.node_id',
      'users.nick_name as from_name',
      'user_messages.text',
      'user_messages.read_at',
      'user_messages.created_at',
    ])
    .where('user_messages.tenant_id', '=', tenantId)
    .where('user_messages.user_id', '=', userId)
    .where('bids.deleted_at', 'is', null)
    .orderBy('user_messages.created_at', 'desc')
    .orderBy('user_messages.id', 'desc')
    .limit(limit)
    .execute();
}

export async function unreadCount(db: Db, tenantId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('user_messages')
    .innerJoin('bids', 'bids.id', 'user_messages.bid_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_messages.tenant_id', '=', tenantId)
    .where('user_messages.user_id', '=', userId)
    .where('user_messages.read_at', 'is', null)
    .where('bids.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks the user's message `id` (all of its unread ones when null) read; the number marked. */
export async function markRead(db: Db, tenantId: string, userId: string, id: string | null): Promise<number> {
  let q = db.updateTable('user_messages').set({ read_at: new Date() }).where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('read_at', 'is', null);
  if (id) q = q.where('id', '=', id);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

export async function messageExists(db: Db, tenantId: string, userId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('user_messages').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst());
}

/** The sections assigned to `userId` on the live bids of its enterprise, with their review. */
export function tasksOf(db: Db, tenantId: string, enterpriseId: string, userId: string) {
  return db
    .selectFrom('bid_assignees')
    .innerJoin('bids', 'bids.id', 'bid_assignees.bid_id')
    .leftJoin('bid_section_reviews', (j) => j.onRef('bid_section_reviews.bid_id', '=', 'bid_assignees.bid_id').onRef('bid_section_reviews.node_id', '=', 'bid_assignees.node_id'))
    .select(['bids.id as bid_id', 'bids.name as bid_name', 'bids.status', 'bids.outline', 'bid_assignees.node_id', 'bid_section_reviews.state', dueText.as('due'), 'bid_section_reviews.note'])
    .where('bids.tenant_id', '=', tenantId)
    .where('bids.enterprise_id', '=', enterpriseId)
    .where('bids.deleted_at', 'is', null)
    .where('bid_assignees.user_id', '=', userId)
    .orderBy(sql`bid_section_reviews.due_date asc nulls last`)
    .orderBy('bids.created_at', 'desc')
    .orderBy('bid_assignees.assigned_at')
    .execute();
}

export async function setResult(db: Db, bidId: string, r: { result: BidResult; date: string; domain: string } | null): Promise<void> {
  await db
    .updateTable('bids')
    .set({ result: r?.result ?? null, result_date: r?.date ?? null, result_domain: r?.domain ?? null })
    .where('id', '=', bidId)
    .execute();
}

export async function resultOf(db: Db, bidId: string) {
  return db
    .selectFrom('bids')
    .select(['result', sql<string | null>`to_char(result_date, 'YYYY-MM-DD')`.as('date'), 'result_domain'])
    .where('id', '=', bidId)
    .executeTakeFirst();
}

/** The enterprise's marked results: the result, its month and the domain, one row per bid. */
export function resultsOf(db: Db, tenantId: string, enterpriseId: string) {
  return db
    .selectFrom('bids')
    .select(['result', sql<string>`to_char(result_date, 'YYYY-MM')`.as('month'), 'result_domain'])
    .where('tenant_id', '=', tenantId)
    .where('enterprise_id', '=', enterpriseId)
    .where('deleted_at', 'is', null)
    .where('result', 'is not', null)
    .execute();
}

export async function teamAdminOf(db: Db, tenantId: string, enterpriseId: string): Promise<string | undefined> {
  const r = await db.selectFrom('enterprises').select('admin_user_id').where('tenant_id', '=', tenantId).where('id', '=', enterpriseId).executeTakeFirst();
  return r?.admin_user_id ?? undefined;
}
