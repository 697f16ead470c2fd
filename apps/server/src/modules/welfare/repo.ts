/**
 * The SQL of the welfare centre: the brand's tasks, a user's claims and share mark, and the facts each task's
 * completion is read from (the user's profile, bids and invitees). Every query is scoped by tenant and user.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import '../../db/schema-welfare.js';
import type { WelfareTaskCode } from '../../db/schema-welfare.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<DB>;

/** The brand's enabled tasks with their reward (the coupon template's title and amounts, for a coupon reward). */
export function enabledTasks(db: Db, tenantId: string) {
  return db
    .selectFrom('welfare_tasks as t')
    .leftJoin('coupon_templates as c', (j) => j.onRef('c.id', '=', 't.coupon_template_id').onRef('c.tenant_id', '=', 't.tenant_id'))
    .select([
      't.code',
      't.title',
      't.description',
      't.reward_kind',
      't.copy_field',
      't.copy_number',
      't.sort',
      'c.id as template_id',
      'c.title as coupon_title',
      'c.discount_fen',
      'c.min_fen',
      'c.enabled as coupon_enabled',
    ])
    .where('t.tenant_id', '=', tenantId)
    .where('t.enabled', '=', true)
    .orderBy('t.sort')
    .orderBy('t.code')
    .execute();
}
export type TaskRow = Awaited<ReturnType<typeof enabledTasks>>[number];

export function claimsOf(db: Db, tenantId: string, userId: string) {
  return db
    .selectFrom('welfare_claims')
    .select(['task_code', 'reward', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** What the completion of the tasks is read from, in one round of queries. */
export async function taskFacts(db: Db, tenantId: string, userId: string) {
  const [user, tender, finished, invitee, share] = await Promise.all([
    db
      .selectFrom('users')
      .select(['nick_name', 'real_name', 'email', 'province'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .executeTakeFirst(),
    // an uploaded tender counts even if the bid was deleted later
    db.selectFrom('bids').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).limit(1).executeTakeFirst(),
    db
      .selectFrom('bids')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('status', '=', 'finished')
      .limit(1)
      .executeTakeFirst(),
    // an account exists once its first login created it: the friend signed up and logged in
    db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('inviter_id', '=', userId).limit(1).executeTakeFirst(),
    db.selectFrom('welfare_shares').select('user_id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst(),
  ]);
  return { user, tender: !!tender, finished: !!finished, invitee: !!invitee, shared: !!share };
}

/** Row-locks the user (serialises a user's concurrent claims on PostgreSQL); undefined for a user of another brand. */
export function lockClaimant(trx: Transaction<DB>, tenantId: string, userId: string) {
  return trx.selectFrom('users').select(['id']).where('tenant_id', '=', tenantId).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Records the claim; its id, or undefined when the task was claimed already (the unique key decides, even unlocked). */
export async function insertClaim(trx: Transaction<DB>, c: { tenantId: string; userId: string; code: WelfareTaskCode; reward: string }) {
  const row = await trx
    .insertInto('welfare_claims')
    .values({ id: newId(), tenant_id: c.tenantId, user_id: c.userId, task_code: c.code, reward: c.reward })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'task_code']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function linkClaim(trx: Transaction<DB>, id: string, link: { userCouponId?: string; ledgerId?: string }) {
  await trx
    .updateTable('welfare_claims')
    .set({ user_coupon_id: link.userCouponId ?? null, ledger_id: link.ledgerId ?? null })
    .where('id', '=', id)
    .execute();
}

export async function markShared(db: Db, tenantId: string, userId: string) {
  await db
    .insertInto('welfare_shares')
    .values({ tenant_id: tenantId, user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** The coupon template a task rewards, as issueCoupon takes it (the brand's own, enabled). */
export function taskTemplate(trx: Transaction<DB>, tenantId: string, id: string) {
  return trx.selectFrom('coupon_templates').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}
