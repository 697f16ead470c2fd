/**
 * The welfare centre (issue 27): a task's state is read from what the user did (its profile, enterprise facts, bids,
 * invitees, the share mark); a done task's reward is granted once. The claim is one transaction under the user's row
 * lock, and the unique (tenant, user, task) claim row decides: a second press — concurrent or later — inserts nothing
 * and is refused, so nothing is granted twice. Rewards go through the existing grants: a coupon of the brand's template
 * (coupon repo issueCoupon) or copies to the user's own account with their entitlement-ledger row.
 */
import { WELFARE_TEXT, type WelfareClaimResult, type WelfareOverview, type WelfareTask, type WelfareTaskCode, type WelfareTaskState } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { issueCoupon } from '../coupon/repo.js';
import { factsOwner, readInfo } from '../enterprise/index.js';
import { addCopies, lockHolder, writeLedger } from '../entitlements/repo.js';
import { enterpriseComplete, presentTask, profileComplete, rewardText } from './present.js';
import { claimsOf, enabledTasks, insertClaim, linkClaim, lockClaimant, markShared, taskFacts, taskTemplate, type TaskRow } from './repo.js';

type Db = AppContext['db'];

/** Which tasks the user has done (whether or not their reward was taken). */
async function doneTasks(db: Db, tenantId: string, userId: string): Promise<Set<WelfareTaskCode>> {
  const f = await taskFacts(db, tenantId, userId);
  if (!f.user) throw unauthorized();
  const info = await readInfo(db, tenantId, await factsOwner(db, { tenantId, userId }));
  const done = new Set<WelfareTaskCode>();
  if (profileComplete(f.user)) done.add('profile');
  if (enterpriseComplete(info)) done.add('enterprise');
  if (f.tender) done.add('tender');
  if (f.finished) done.add('bid_finished');
  if (f.invitee) done.add('invite');
  if (f.shared) done.add('share');
  return done;
}

export async function welfareOverview(db: Db, tenantId: string, userId: string): Promise<WelfareOverview> {
  const [tasks, done, claims] = await Promise.all([enabledTasks(db, tenantId), doneTasks(db, tenantId, userId), claimsOf(db, tenantId, userId)]);
  const claimed = new Map(claims.map((c) => [c.task_code, c.created_at]));
  const list = tasks.map((t) => presentTask(t, stateOf(t, done, claimed), claimed.get(t.code)));
  return {
    tasks: list,
    summary: {
      total: list.length,
      done: list.filter((t) => t.state !== 'todo').length,
      claimed: list.filter((t) => t.state === 'claimed').length,
      earned: claims.map((c) => c.reward),
    },
  };
}

function stateOf(t: TaskRow, done: Set<WelfareTaskCode>, claimed: Map<string, Date>): WelfareTaskState {
  return claimed.has(t.code) ? 'claimed' : done.has(t.code) ? 'claimable' : 'todo';
}

export async function claimTask(app: Pick<AppContext, 'db'>, p: { tenantId: string; userId: string; code: WelfareTaskCode }): Promise<WelfareClaimResult> {
  const task = (await enabledTasks(app.db, p.tenantId)).find((t) => t.code === p.code);
  if (!task) throw badRequest(WELFARE_TEXT.unknownTask);
  const done = await doneTasks(app.db, p.tenantId, p.userId);
  if (!done.has(p.code)) throw badRequest(WELFARE_TEXT.notDone);
  const reward = rewardText(task);
  const claimedAt = await app.db.transaction().execute(async (trx) => {
    if (!(await lockClaimant(trx, p.tenantId, p.userId))) throw unauthorized();
    const claimId = await insertClaim(trx, { tenantId: p.tenantId, userId: p.userId, code: p.code, reward });
    if (!claimId) throw badRequest(WELFARE_TEXT.claimed);
    if (task.reward_kind === 'coupon') {
      const template = task.template_id ? await taskTemplate(trx, p.tenantId, task.template_id) : undefined;
      if (!template) throw badRequest('该任务的奖励暂未配置，请联系客服');
      const coupon = await issueCoupon(trx, { tenantId: p.tenantId, userId: p.userId, template, source: 'task' });
      await linkClaim(trx, claimId, { userCouponId: coupon.id });
    } else {
      const holder = { type: 'user' as const, id: p.userId };
      await lockHolder(trx, holder);
      const flagship = task.copy_field === 'flagship';
      await addCopies(trx, holder, flagship ? 'flagship_bid_number' : 'common_bid_number', task.copy_number, new Date());
      const ledgerId = await writeLedger(trx, {
        tenantId: p.tenantId,
        holder,
        actorUserId: p.userId,
        kind: 'grant',
        field: flagship ? 'flagship' : 'common',
        delta: task.copy_number,
        reason: 'welfare_task',
        ref: claimId,
      });
      await linkClaim(trx, claimId, { ledgerId });
    }
    return new Date();
  });
  return { task: presentTask(task, 'claimed', claimedAt), reward };
}

/** Marks the share task done (copy or download in the ShareDialog); the task as it now stands. */
export async function markPosterShared(db: Db, tenantId: string, userId: string): Promise<WelfareTask> {
  await markShared(db, tenantId, userId);
  const o = await welfareOverview(db, tenantId, userId);
  const t = o.tasks.find((x) => x.code === 'share');
  if (!t) throw badRequest(WELFARE_TEXT.unknownTask);
  return t;
}
