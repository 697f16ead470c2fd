/**
 * Redeem-code batches from the console (issue 28): N one-use codes of a new coupon, exported as CSV, a user redeeming
 * one shows as used; another tenant's operator sees none of it. Coupon campaigns' windows (start and end): a campaign
 * is granted, and a new-user coupon claimed, only inside its window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

let t: TestServer;
let opA: { token: string };
let opB: { token: string };
let su: { token: string };
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  su = await signInSuper(t);
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

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = shanghaiToday();
const day = (n: number) => `${addDays(today, n)} 00:00`;

describe('coupon campaign windows', () => {
  const save = (token: string, body: Record<string, unknown>) => asOperator(t, token, '/btz/admin/coupons/save', { body });
  const terms = { kind: 'grant', title: '开学季满减', discountAmount: 15, minAmount: 50, validDays: 10 };

  it('a campaign is granted only inside its window; the list shows the window; the audit keeps it before/after', async () => {
    const made = await save(opA.token, { ...terms, startTime: day(1), endTime: day(3) });
    expect(made.json?.success, made.text).toBe(true);
    const c = made.json.data;
    expect(c).toMatchObject({ startTime: day(1), endTime: day(3), enabled: true, issuable: false });
    const u = await newUser(t);
    const grant = () => asOperator(t, opA.token, '/btz/admin/coupons/grant', { body: { userId: u.userId, templateId: c.id, reason: '活动补发' } });
    expect((await grant()).json).toMatchObject({
      success: false,
      code: 400,
      msg: `该优惠券的活动时间为 ${day(1)} 至 ${day(3)}，当前不在活动时间内，不能发放`,
    });
    // moved to cover now: granted
    const open = await save(opA.token, { ...terms, id: c.id, startTime: day(-1), endTime: day(1) });
    expect(open.json.data).toMatchObject({ startTime: day(-1), endTime: day(1), issuable: true });
    const g = await grant();
    expect(g.json?.success, g.text).toBe(true);
    expect(g.json.data).toMatchObject({ userId: u.userId, title: '开学季满减', discountAmount: 15 });
    // ended: refused again; an open end (no end time) grants
    await save(opA.token, { ...terms, id: c.id, startTime: day(-3), endTime: day(-1) });
    expect((await grant()).json.msg).toContain('当前不在活动时间内');
    expect((await save(opA.token, { ...terms, id: c.id, endTime: '' })).json.data).toMatchObject({ startTime: day(-3), endTime: '', issuable: true });
    expect((await grant()).json.success).toBe(true);
    const list = (await asOperator(t, opA.token, '/btz/admin/coupons/list')).json.data;
    expect(list.find((x: any) => x.id === c.id)).toMatchObject({ startTime: day(-3), endTime: '' });
    const audit = (await asOperator(t, opA.token, '/btz/admin/audit/list', { query: { action: 'coupon.update', targetId: c.id } })).json.data.records;
    expect(audit).toHaveLength(3);
    expect(audit.every((a: any) => a.operatorName === '运营A')).toBe(true);
    // newest first: the last edit opened the end
    expect(audit[0]).toMatchObject({ before: expect.objectContaining({ startTime: day(-3), endTime: day(-1) }), after: expect.objectContaining({ startTime: day(-3), endTime: '' }) });
    expect(audit[2]).toMatchObject({ before: expect.objectContaining({ startTime: day(1), endTime: day(3) }), after: expect.objectContaining({ startTime: day(-1), endTime: day(1) }) });
    // the list's stop switch sends no window: it stays; stopped, nothing is granted
    expect((await save(opA.token, { ...terms, id: c.id, enabled: false })).json.data).toMatchObject({ startTime: day(-3), endTime: '', enabled: false, issuable: false });
    expect((await grant()).json.msg).toBe('该优惠券已停用，不能发放');
    // an edit of one bound is checked against the other as kept
    expect((await save(opA.token, { ...terms, id: c.id, endTime: day(-4) })).json.msg).toContain('结束时间应晚于开始时间');
    // B's operator sees none of it
    expect((await asOperator(t, opB.token, '/btz/admin/coupons/list')).json.data.some((x: any) => x.id === c.id)).toBe(false);
  });

  it('the new-user pack gives only the coupons whose window holds now', async () => {
    const mk = async (title: string, w: Record<string, string>) => {
      const r = await save(su.token, { tenantId: '592716', kind: 'new_user', title, discountAmount: 5, validDays: 7, ...w });
      expect(r.json?.success, r.text).toBe(true);
    };
    await mk('窗口内新人券', { startTime: day(-1), endTime: day(2) });
    await mk('未开始新人券', { startTime: day(2) });
    await mk('已结束新人券', { startTime: day(-5), endTime: day(-2) });
    const u = await newUser(t, { host: 'bs.localhost' });
    const pack = (await t.api<any>('/btz/coupon/newUserCouponList', { token: u.token, host: 'bs.localhost' })).json.data.map((x: any) => x.title);
    expect(pack).toContain('窗口内新人券');
    expect(pack).not.toContain('未开始新人券');
    expect(pack).not.toContain('已结束新人券');
    const claimed = await t.api<any>('/btz/coupon/getNewUserCoupon', { token: u.token, host: 'bs.localhost' });
    expect(claimed.json?.success, claimed.text).toBe(true);
    const titles = claimed.json.data.map((x: any) => x.title);
    expect(titles).toContain('窗口内新人券');
    expect(titles).not.toContain('未开始新人券');
    expect(titles).not.toContain('已结束新人券');
  });

  it('a bad window is refused in Chinese and nothing is kept', async () => {
    const before = (await asOperator(t, opA.token, '/btz/admin/coupons/list')).json.data.length;
    expect((await save(opA.token, { ...terms, startTime: day(2), endTime: day(1) })).json).toMatchObject({ success: false, code: 400, msg: expect.stringContaining('结束时间应晚于开始时间') });
    expect((await save(opA.token, { ...terms, startTime: day(1), endTime: day(1) })).json.msg).toContain('结束时间应晚于开始时间');
    expect((await save(opA.token, { ...terms, startTime: '2026/01/01' })).json.msg).toContain('时间格式应为 YYYY-MM-DD HH:mm');
    expect((await save(opA.token, { ...terms, kind: 'task', startTime: day(1) })).json.msg).toContain('任务奖励券随福利任务发放，不设活动时间');
    expect((await asOperator(t, opA.token, '/btz/admin/coupons/list')).json.data.length).toBe(before);
  });
});
