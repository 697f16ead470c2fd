/** claimNewUserCoupons against a real server's database, with the app context the server built. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_TEXT, FLAGS, TEXT } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../../../../test/harness.js';
import { db } from '../../../../test/commerce/helpers.js';
import type { AppContext } from '../../../context.js';
import { claimNewUserCoupons } from './claim-new-user-coupons.js';

let t: TestServer;
let app: AppContext;
const TENANT = '000000';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestServer();
  app = t.server.app.ctx;
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'no refusal',
    (e: Error) => e.message,
  );
const couponsOf = (userId: string) => db(t).selectFrom('user_coupons').select(['id', 'source']).where('user_id', '=', userId).execute();
const flagOf = async (userId: string) =>
  (await db(t).selectFrom('users').select('is_new_user').where('id', '=', userId).executeTakeFirstOrThrow()).is_new_user;

describe('claimNewUserCoupons', () => {
  it('issues one coupon per enabled new-user template of the brand, clears the flag, and refuses a second claim', async () => {
    const { userId } = await newUser(t);
    const templates = await db(t)
      .selectFrom('coupon_templates')
      .select(['id', 'discount_fen', 'min_fen'])
      .where('tenant_id', '=', TENANT)
      .where('kind', '=', 'new_user')
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(templates.length).toBeGreaterThan(0);
    const issued = await claimNewUserCoupons(app, { tenantId: TENANT, userId });
    expect(issued.map((c) => [c.discount_fen, c.min_fen])).toEqual(templates.map((x) => [x.discount_fen, x.min_fen]));
    expect(issued.every((c) => c.user_id === userId && c.tenant_id === TENANT && c.source === 'new_user' && c.status === 1)).toBe(true);
    expect(await flagOf(userId)).toBe(FLAGS.notNewUser);
    expect(await refusal(claimNewUserCoupons(app, { tenantId: TENANT, userId }))).toBe(COMMERCE_TEXT.newUserClaimed);
    expect(await couponsOf(userId)).toHaveLength(templates.length);
  });

  it('refuses an account past its 7 days as "new users only", issuing nothing and keeping the flag', async () => {
    const { userId } = await newUser(t);
    await db(t).updateTable('users').set({ created_at: new Date(Date.now() - 8 * DAY) } as never).where('id', '=', userId).execute();
    expect(await refusal(claimNewUserCoupons(app, { tenantId: TENANT, userId }))).toBe(COMMERCE_TEXT.newUserOnly);
    expect(await couponsOf(userId)).toEqual([]);
    expect(await flagOf(userId)).toBe(FLAGS.newUser);
  });

  it('concurrent claims give one pack; another brand cannot claim for the user', async () => {
    const { userId } = await newUser(t);
    expect(await refusal(claimNewUserCoupons(app, { tenantId: 'other-brand', userId }))).toBe(TEXT.loginExpired);
    expect(await flagOf(userId)).toBe(FLAGS.newUser);
    const results = await Promise.allSettled([1, 2, 3].map(() => claimNewUserCoupons(app, { tenantId: TENANT, userId })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(COMMERCE_TEXT.newUserClaimed);
    const pack = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<unknown[]>).value;
    expect(await couponsOf(userId)).toHaveLength(pack.length);
  });
});
