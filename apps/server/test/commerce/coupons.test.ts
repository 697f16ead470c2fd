/** Coupons: list and expiry, redeem codes, the new-user pack (claimable once, only while isNewUser is 2). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { TENANT, db, giveCoupon, shanghaiMs } from './helpers.js';

const DAY = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

async function makeRedeemCode(code: string, o: { maxUses?: number; expiresAt?: Date; tenantId?: string } = {}) {
  const tenantId = o.tenantId ?? TENANT;
  await db(t)
    .insertInto('redeem_codes')
    .values({
      id: `rc-${code}`,
      tenant_id: tenantId,
      code,
      template_id: `${tenantId}-redeem-50`,
      max_uses: o.maxUses ?? 100,
      expires_at: o.expiresAt ?? null,
    })
    .execute();
}

describe('coupon-list', () => {
  it('lists the user’s coupons with yuan amounts; a coupon past its deadline becomes status 3', async () => {
    const { token, userId } = await newUser(t);
    const live = await giveCoupon(t, userId, { discountFen: 3000, minFen: 19900 });
    const dead = await giveCoupon(t, userId, { discountFen: 1000, minFen: 0, deadline: new Date(Date.now() - 60_000) });
    const usable = (await t.api('/btz/coupon/coupon-list', { token, query: { current: 1, size: 100, status: 1 } })).json.data;
    expect(usable).toMatchObject({ total: 1, current: 1, size: 100 });
    expect(usable.records[0]).toMatchObject({ id: live, discountAmount: 30, minAmount: 199, status: 1, title: '测试券' });
    expect(usable.records[0].deadline).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const expired = (await t.api('/btz/coupon/coupon-list', { token, query: { status: 3 } })).json.data.records;
    expect(expired.map((c: any) => c.id)).toEqual([dead]);
    expect((await db(t).selectFrom('user_coupons').select('status').where('id', '=', dead).executeTakeFirstOrThrow()).status).toBe(3);
    const all = (await t.api('/btz/coupon/coupon-list', { token })).json.data;
    expect(all.total).toBe(2);
  });

  it('shows only the caller’s coupons', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    await giveCoupon(t, a.userId, { discountFen: 1000, minFen: 0 });
    expect((await t.api('/btz/coupon/coupon-list', { token: b.token })).json.data.total).toBe(0);
  });

  it('refuses status 9', async () => {
    const { token } = await newUser(t);
    expect((await t.api('/btz/coupon/coupon-list', { token, query: { status: 9 } })).json).toMatchObject({ code: 400 });
  });
});

describe('redeem', () => {
  it('turns a code into a coupon (case-insensitive), once per user', async () => {
    await makeRedeemCode('SPRING2026');
    const { token } = await newUser(t);
    const res = await t.api('/btz/coupon/redeem', { token, query: { code: ' spring2026 ' } });
    expect(res.json).toMatchObject({ code: 200, success: true, data: { discountAmount: 50, minAmount: 299, status: 1, title: '兑换码专享券', source: '兑换码' } });
    expect(Math.abs(shanghaiMs(res.json.data.deadline) - (Date.now() + 30 * DAY))).toBeLessThan(10_000);
    const twice = await t.api('/btz/coupon/redeem', { token, query: { code: 'SPRING2026' } });
    expect(twice.json).toMatchObject({ code: 400, success: false, msg: '您已兑换过该兑换码' });
    expect((await t.api('/btz/coupon/coupon-list', { token, query: { status: 1 } })).json.data.total).toBe(1);
  });

  it('refuses an unknown code, an expired one and another brand’s', async () => {
    await makeRedeemCode('OLDCODE', { expiresAt: new Date(Date.now() - 1000) });
    await makeRedeemCode('JWONLY', { tenantId: '389572' });
    const { token } = await newUser(t);
    for (const code of ['NOSUCHCODE', 'OLDCODE', 'JWONLY']) {
      expect((await t.api('/btz/coupon/redeem', { token, query: { code } })).json).toMatchObject({ code: 400, msg: '兑换码不存在或已失效' });
    }
    expect((await t.api('/btz/coupon/redeem', { token })).json.msg).toContain('code');
  });

  it('a code with one use left goes to one user only, even when two redeem at once', async () => {
    await makeRedeemCode('LASTONE', { maxUses: 1 });
    const a = await newUser(t);
    const b = await newUser(t);
    const [ra, rb] = await Promise.all([
      t.api('/btz/coupon/redeem', { token: a.token, query: { code: 'LASTONE' } }),
      t.api('/btz/coupon/redeem', { token: b.token, query: { code: 'LASTONE' } }),
    ]);
    const ok = [ra.json, rb.json].filter((r) => r.success);
    const refused = [ra.json, rb.json].filter((r) => !r.success);
    expect(ok).toHaveLength(1);
    expect(refused[0]).toMatchObject({ code: 400, msg: '该兑换码已被领完' });
  });

  it('concurrent redeems by one user give one coupon', async () => {
    await makeRedeemCode('DOUBLECLICK');
    const { token } = await newUser(t);
    const all = await Promise.all([1, 2, 3].map(() => t.api('/btz/coupon/redeem', { token, query: { code: 'DOUBLECLICK' } })));
    expect(all.filter((r) => r.json.success)).toHaveLength(1);
    expect((await t.api('/btz/coupon/coupon-list', { token })).json.data.total).toBe(1);
  });
});

describe('new-user pack', () => {
  it('previews the pack: ¥10 no threshold, ¥30 over 199, ¥100 over 699, 7-day deadlines', async () => {
    const { token } = await newUser(t);
    const list = (await t.api('/btz/coupon/newUserCouponList', { token })).json.data as any[];
    expect(list.map((c) => [c.discountAmount, c.minAmount, c.validDays])).toEqual([
      [10, 0, 7],
      [30, 199, 7],
      [100, 699, 7],
    ]);
    for (const c of list) expect(Math.abs(shanghaiMs(c.deadline) - (Date.now() + 7 * DAY))).toBeLessThan(10_000);
  });

  it('is claimed once while isNewUser is 2; then isNewUser is 1 and a second claim is refused', async () => {
    const { token } = await newUser(t);
    expect((await t.api('/btz/user/get-info', { token })).json.data.isNewUser).toBe(2);
    const res = await t.api('/btz/coupon/getNewUserCoupon', { token });
    expect(res.json).toMatchObject({ code: 200, success: true });
    expect(res.json.data).toHaveLength(3);
    expect(res.json.data.every((c: any) => c.status === 1 && c.source === '新人礼包')).toBe(true);
    expect((await t.api('/btz/user/get-info', { token })).json.data.isNewUser).toBe(1);
    const again = await t.api('/btz/coupon/getNewUserCoupon', { token });
    expect(again.json).toMatchObject({ code: 400, success: false, msg: '您已领取过新人礼包' });
    expect((await t.api('/btz/coupon/coupon-list', { token, query: { status: 1 } })).json.data.total).toBe(3);
  });

  it('concurrent claims give one pack', async () => {
    const { token } = await newUser(t);
    const all = await Promise.all([1, 2, 3].map(() => t.api('/btz/coupon/getNewUserCoupon', { token })));
    expect(all.filter((r) => r.json.success)).toHaveLength(1);
    expect((await t.api('/btz/coupon/coupon-list', { token })).json.data.total).toBe(3);
  });

  it('an account older than 7 days is no longer a new user and cannot claim', async () => {
    const { token, userId } = await newUser(t);
    await db(t).updateTable('users').set({ created_at: new Date(Date.now() - 8 * DAY) } as never).where('id', '=', userId).execute();
    expect((await t.api('/btz/user/get-info', { token })).json.data.isNewUser).toBe(1);
    expect((await t.api('/btz/coupon/getNewUserCoupon', { token })).json).toMatchObject({ code: 400, msg: '新人礼包仅限新用户领取' });
  });
});
