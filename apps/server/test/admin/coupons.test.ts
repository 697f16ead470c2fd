/**
 * Redeem-code batches from the console (issue 28): N one-use codes of a new coupon, exported as CSV, a user redeeming
 * one shows as used; another tenant's operator sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

let t: TestServer;
let opA: { token: string };
let opB: { token: string };
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  const su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, '000000', '运营A');
  opB = await inviteOperator(t, su.token, '389572', '运营B');
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

describe('redeem-code batches', () => {
  it('generates N codes, exports them as CSV, and shows which were used', async () => {
    const made = await asOperator(t, opA.token, '/btz/admin/coupons/redeem-batch', {
      body: { title: '双十一兑换券', discountAmount: 20, minAmount: 99, validDays: 15, count: 5, codeDays: 30 },
    });
    expect(made.json.data).toMatchObject({ kind: 'redeem', kindName: '兑换码', title: '双十一兑换券', discountAmount: 20, minAmount: 99, validDays: 15, codes: 5, usedCodes: 0 });
    const id = made.json.data.id as string;
    const csv = (await asOperator(t, opA.token, '/btz/admin/coupons/redeem-codes', { query: { id } })).json.data;
    expect(csv.fileName).toBe(`兑换码-双十一兑换券-${id}.csv`);
    const lines = csv.csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('兑换码,已使用次数,可使用次数,过期时间,生成时间');
    expect(lines).toHaveLength(6);
    const codes = lines.slice(1).map((l: string) => l.split(',')[0]);
    expect(new Set(codes).size).toBe(5);
    expect(codes.every((c: string) => /^[A-HJ-NP-Z2-9]{10}$/.test(c))).toBe(true);

    const u = await newUser(t);
    const redeemed = await t.api<any>('/btz/coupon/redeem', { token: u.token, query: { code: codes[0]!.toLowerCase() } });
    expect(redeemed.json.data).toMatchObject({ title: '双十一兑换券', discountAmount: 20, minAmount: 99 });
    const other = await newUser(t);
    const again = await t.api<any>('/btz/coupon/redeem', { token: other.token, query: { code: codes[0] } });
    expect(again.json.success).toBe(false);

    const after = (await asOperator(t, opA.token, '/btz/admin/coupons/redeem-codes', { query: { id } })).json.data.csv as string;
    expect(after).toContain(`${codes[0]},1,1,`);
    const list = (await asOperator(t, opA.token, '/btz/admin/coupons/list')).json.data;
    expect(list.find((x: any) => x.id === id)).toMatchObject({ codes: 5, usedCodes: 1 });
    const audit = (await asOperator(t, opA.token, '/btz/admin/audit/list', { query: { targetId: id } })).json.data.records;
    expect(audit[0]).toMatchObject({ action: 'coupon.redeem_batch', after: { count: 5, discountFen: 2000 } });

    // the other tenant's operator: not in its list, the export refused
    expect((await asOperator(t, opB.token, '/btz/admin/coupons/list')).json.data.some((x: any) => x.id === id)).toBe(false);
    expect((await asOperator(t, opB.token, '/btz/admin/coupons/redeem-codes', { query: { id } })).json).toMatchObject({ success: false, msg: '兑换码批次不存在' });
  });

  it('refuses a bad batch with the field named', async () => {
    const bad = await asOperator(t, opA.token, '/btz/admin/coupons/redeem-batch', { body: { title: '坏批次', discountAmount: 5, validDays: 7, count: 0 } });
    expect(bad.json).toMatchObject({ success: false, code: 400, msg: expect.stringContaining('兑换码数量') });
  });
});
