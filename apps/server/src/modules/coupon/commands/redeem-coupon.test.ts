/** redeemCoupon against a real server's database, with the app context the server built. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_TEXT } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../../../../test/harness.js';
import { db } from '../../../../test/commerce/helpers.js';
import type { AppContext } from '../../../context.js';
import { redeemCoupon } from './redeem-coupon.js';

let t: TestServer;
let app: AppContext;
const TENANT = '000000';

beforeAll(async () => {
  t = await startTestServer();
  app = t.server.app.ctx;
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

async function makeCode(code: string, o: { maxUses?: number; expiresAt?: Date } = {}) {
  await db(t)
    .insertInto('redeem_codes')
    .values({ id: `rc-${code}`, tenant_id: TENANT, code, template_id: `${TENANT}-redeem-50`, max_uses: o.maxUses ?? 100, expires_at: o.expiresAt ?? null })
    .execute();
}

const refusal = (p: Promise<unknown>) => p.then(
  () => 'no refusal',
  (e: Error) => e.message,
);
const couponsOf = (userId: string) => db(t).selectFrom('user_coupons').select('id').where('user_id', '=', userId).execute();

describe('redeemCoupon', () => {
  it('issues the template’s coupon for a code typed in lower case, once per user, and counts the use', async () => {
    await makeCode('CMDA1');
    const { userId } = await newUser(t);
    const c = await redeemCoupon(app, { tenantId: TENANT, userId, code: 'cmda1' });
    expect(c).toMatchObject({ user_id: userId, tenant_id: TENANT, source: 'redeem', discount_fen: 5000, min_fen: 29900, status: 1 });
    expect(await refusal(redeemCoupon(app, { tenantId: TENANT, userId, code: 'CMDA1' }))).toBe(COMMERCE_TEXT.redeemTwice);
    expect(await couponsOf(userId)).toHaveLength(1);
    const rc = await db(t).selectFrom('redeem_codes').select('used_count').where('code', '=', 'CMDA1').executeTakeFirstOrThrow();
    expect(rc.used_count).toBe(1);
  });

  it('refuses an unknown code, an expired one, an exhausted one and another brand’s — issuing nothing', async () => {
    await makeCode('CMDOLD', { expiresAt: new Date(Date.now() - 60_000) });
    await makeCode('CMDONE', { maxUses: 1 });
    const first = await newUser(t);
    await redeemCoupon(app, { tenantId: TENANT, userId: first.userId, code: 'CMDONE' });
    const { userId } = await newUser(t);
    expect(await refusal(redeemCoupon(app, { tenantId: TENANT, userId, code: 'NOSUCHCODE' }))).toBe(COMMERCE_TEXT.redeemUnknown);
    expect(await refusal(redeemCoupon(app, { tenantId: TENANT, userId, code: 'CMDOLD' }))).toBe(COMMERCE_TEXT.redeemUnknown);
    expect(await refusal(redeemCoupon(app, { tenantId: TENANT, userId, code: 'CMDONE' }))).toBe(COMMERCE_TEXT.redeemExhausted);
    expect(await refusal(redeemCoupon(app, { tenantId: 'other-brand', userId, code: 'CMDA1' }))).toBe(COMMERCE_TEXT.redeemUnknown);
    expect(await couponsOf(userId)).toEqual([]);
  });

  it('two concurrent redeems of one code by one user issue one coupon', async () => {
    await makeCode('CMDRACE');
    const { userId } = await newUser(t);
    const results = await Promise.allSettled([1, 2, 3].map(() => redeemCoupon(app, { tenantId: TENANT, userId, code: 'CMDRACE' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(COMMERCE_TEXT.redeemTwice);
    expect(await couponsOf(userId)).toHaveLength(1);
  });
});
