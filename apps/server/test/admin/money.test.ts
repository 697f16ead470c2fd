/**
 * The console's money side (issue 28), over HTTP against a real server and database, with the local fakes of WeChat Pay
 * and of an OpenAI-compatible model:
 * - the dashboard counts what happened (a sign-up, a paid order, a bid whose parse called the model) for the operator's
 *   tenant only; the other tenant's operator sees none of it;
 * - every model call's tokens are recorded at the provider's usage seam and summed per tenant, user and bid, priced from
 *   LLM_PRICES; the model configuration is shown without its key;
 * - reconciliation lists an order the provider was paid for but that is open here, and the fix applies it exactly once
 *   under a double submission (one grant, one audit row), a late notify changing nothing;
 * - a refund reaches the user: `order.refunded` on their queue, their order list showing 已退款 with time and amount;
 * - coupon campaigns created / edited / stopped, granted to a user with a reason, the new-user pack claimed by a new user,
 *   a welfare task's reward edited — each audited with before/after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '@btz/shared';
import type { FakeOpenAi } from '../../../../packages/bid-engine/test/fakes/openai-server.js';
import { startOracleModel } from '../../../../packages/bid-engine/test/fakes/oracle-model.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { db, getInfo, opt, payOrder, postNotify } from '../commerce/helpers.js';
import { startFakeWechat, type FakeWechat } from '../commerce/fakes.js';
import { listenAs } from '../realtime/listen.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { tenderDocx, uploadTender, waitParse } from '../bid/helpers.js';
import { waitForJob } from '../wait.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

const A = '000000';
const B = '389572';
const API_KEY = 'sk-money-test-secret-7f3a';
const PRICE = { prompt: 2, completion: 8, cached: 0.5 };

let t: TestServer;
let wechat: FakeWechat;
let llm: FakeOpenAi;
let su: { token: string };
let opA: { token: string };
let opB: { token: string };
const clients: TestClient[] = [];

beforeAll(async () => {
  ({ llm } = await startOracleModel(await tenderDocx()));
  wechat = await startFakeWechat();
  t = await startTestServer({
    ...wechat.config,
    payProvider: 'wechat',
    paySandboxConfirm: true,
    payQueryIntervalMs: 0,
    smsResendS: 0,
    jobPollMs: 50,
    llmBaseUrl: llm.baseUrl,
    llmModel: 'fake-model',
    llmApiKey: API_KEY,
    llmPrices: { 'fake-model': PRICE },
  });
  su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, A, '运营A');
  opB = await inviteOperator(t, su.token, B, '运营B');
}, 120_000);
afterAll(async () => {
  for (const c of clients) await c.client.deactivate().catch(() => undefined);
  await t?.close();
  await wechat?.close();
  await llm?.close();
}, 30_000);

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = shanghaiToday();
// a fixed span around today: the figures before and after an action are read over the same days
const RANGE = { from: addDays(today, -1), to: addDays(today, 1) };
const dashboard = async (token: string, query: Record<string, string> = {}) => {
  const r = await asOperator(t, token, '/btz/admin/dashboard', { query: { ...RANGE, ...query } });
  expect(r.json?.success, r.text).toBe(true);
  return r.json.data;
};
const audits = (action: string, targetId: string) =>
  db(t).selectFrom('admin_audit').selectAll().where('action', '=', action).where('target_id', '=', targetId).orderBy('created_at').execute();

/** A user of tenant A with an order made through WeChat Pay (unpaid here); the order row. */
async function wechatOrder(optionKey = 'copy-basic') {
  const u = await newUser(t);
  const made = await payOrder(t, u.token, { optionId: opt(optionKey), orderPayType: 1 });
  expect(made.success, JSON.stringify(made)).toBe(true);
  const row = await db(t).selectFrom('orders').selectAll().where('id', '=', made.data.orderId).executeTakeFirstOrThrow();
  return { ...u, row };
}

/** Pays an order at the WeChat fake and delivers its signed notify. */
async function payAtWechat(row: { order_no: string; amount_fen: number }) {
  const txnId = `4200009${row.order_no}`;
  wechat.trades.set(row.order_no, { state: 'SUCCESS', txnId, totalFen: row.amount_fen });
  const n = wechat.notify({ orderNo: row.order_no, txnId, amountFen: row.amount_fen });
  expect((await postNotify(t, '/api/pay/notify/wechat', n.body, n.headers)).status).toBe(204);
  return { txnId, notify: n };
}

describe('dashboard and LLM usage', () => {
  let bidId: string;
  let bidOwner: { token: string; userId: string; phone: string };
  let served: { prompt: number; completion: number; cached: number };

  it('counts a sign-up, a paid order and a bid (with its model tokens) for the tenant that had them, and only there', async () => {
    const beforeA = await dashboard(opA.token);
    const beforeB = await dashboard(opB.token);
    const beforeAll_ = await dashboard(su.token);
    expect(beforeA.days.map((d: any) => d.date)).toEqual([RANGE.from, today, RANGE.to]);

    const o = await wechatOrder('copy-basic');
    await payAtWechat(o.row);
    bidOwner = o;
    bidId = await uploadTender(t, o.token, { name: '招标文件.docx', data: await tenderDocx() });
    const d = await waitParse(t, o.token, bidId);
    expect(d.parse).toMatchObject({ state: 'done' });
    const servedNow = () =>
      llm.requests.reduce((s, r) => ({ prompt: s.prompt + (r.usage?.prompt ?? 0), completion: s.completion + (r.usage?.completion ?? 0), cached: s.cached + (r.usage?.cached ?? 0) }), {
        prompt: 0,
        completion: 0,
        cached: 0,
      });
    served = servedNow();
    expect(served.prompt).toBeGreaterThan(0);
    // the usage rows are written as each call finishes: wait until every served token is booked
    await waitForJob({
      what: 'llm_usage of the bid reaching the served tokens',
      read: async () => Number((await db(t).selectFrom('llm_usage').select((eb) => eb.fn.sum<number>('prompt_tokens').as('p')).where('bid_id', '=', bidId).executeTakeFirst())?.p ?? 0),
      until: (p) => p === served.prompt,
      view: (p) => p,
      quietMs: 30_000,
    });

    const afterA = await dashboard(opA.token);
    const afterB = await dashboard(opB.token);
    const afterAll_ = await dashboard(su.token);
    const delta = (a: any, b: any, k: string) => a.totals[k] - b.totals[k];
    expect(delta(afterA, beforeA, 'signUps')).toBe(1);
    expect(delta(afterA, beforeA, 'orders')).toBe(1);
    expect(delta(afterA, beforeA, 'paidOrders')).toBe(1);
    expect(delta(afterA, beforeA, 'payingUsers')).toBe(1);
    expect(Math.round(delta(afterA, beforeA, 'revenue') * 100)).toBe(o.row.amount_fen);
    expect(delta(afterA, beforeA, 'bidsStarted')).toBe(1);
    expect(delta(afterA, beforeA, 'promptTokens')).toBe(served.prompt);
    expect(delta(afterA, beforeA, 'completionTokens')).toBe(served.completion);
    const cost = ((served.prompt - served.cached) * PRICE.prompt + served.cached * PRICE.cached + served.completion * PRICE.completion) / 1e6;
    expect(delta(afterA, beforeA, 'llmCost')).toBeCloseTo(cost, 3);
    expect(afterA.unpricedModels).toEqual([]);
    // today's row carries it
    const dayA = (x: any) => x.days.find((r: any) => r.date === today);
    expect(dayA(afterA).signUps - dayA(beforeA).signUps).toBe(1);
    // the other tenant's operator sees none of it; naming tenant A is refused
    expect(afterB.totals).toEqual(beforeB.totals);
    expect(afterB.tenantId).toBe(B);
    expect((await asOperator(t, opB.token, '/btz/admin/dashboard', { query: { tenantId: A } })).json).toMatchObject({ success: false, msg: '只能查看和操作本租户的数据' });
    // the super-operator, naming no tenant, sees every tenant
    expect(afterAll_.tenantId).toBeNull();
    expect(delta(afterAll_, beforeAll_, 'signUps')).toBe(1);
    // bad dates are refused in Chinese
    expect((await asOperator(t, opA.token, '/btz/admin/dashboard', { query: { from: RANGE.to, to: RANGE.from } })).json).toMatchObject({ success: false, msg: '开始日期不能晚于结束日期' });
    expect((await asOperator(t, opA.token, '/btz/admin/dashboard', { query: { from: '2026/01/01' } })).json).toMatchObject({ success: false, msg: expect.stringContaining('YYYY-MM-DD') });
  });

  it('sums the tokens per bid, user and tenant, priced from LLM_PRICES; the other tenant sees no row', async () => {
    const usage = async (token: string, by: string) => (await asOperator(t, token, '/btz/admin/llm/usage', { query: { ...RANGE, by } })).json.data;
    const perBid = await usage(opA.token, 'bid');
    const row = perBid.rows.find((r: any) => r.key === bidId);
    expect(row).toMatchObject({ tenantId: A, promptTokens: served.prompt, completionTokens: served.completion, cachedTokens: served.cached, models: ['fake-model'], estimated: false });
    expect(row.name).toBeTruthy();
    expect(row.calls).toBe(llm.requests.length);
    const cost = ((served.prompt - served.cached) * PRICE.prompt + served.cached * PRICE.cached + served.completion * PRICE.completion) / 1e6;
    expect(row.cost).toBeCloseTo(cost, 3);
    const perUser = await usage(opA.token, 'user');
    expect(perUser.rows.find((r: any) => r.key === bidOwner.userId)).toMatchObject({ name: bidOwner.phone, promptTokens: served.prompt });
    const perTenant = await usage(su.token, 'tenant');
    expect(perTenant.rows.find((r: any) => r.key === A)).toMatchObject({ tenantId: A, promptTokens: served.prompt });
    const other = await usage(opB.token, 'bid');
    expect(other.rows.some((r: any) => r.key === bidId)).toBe(false);
    expect(other.totals.promptTokens).toBe(0);
    // the tokens are kept twice — per call in llm_usage (what the console reads) and as the bid's own running count
    // (bids.tokens_*, shown with the bid) — from the same usage event; the console counts each call once, never both
    const own = await waitForJob({
      what: "the bid's own token count reaching the served tokens",
      read: async () => (await t.api<any>('/btz/bid/detail', { token: bidOwner.token, query: { id: bidId } })).json.data.usage as { prompt: number; completion: number; cached: number },
      until: (u) => u.prompt === served.prompt,
      view: (u) => u,
      quietMs: 30_000,
    });
    expect(own).toEqual(served);
    expect([row.promptTokens, row.completionTokens, row.cachedTokens]).toEqual([own.prompt, own.completion, own.cached]);
  });

  it('shows the model configuration in force without its key', async () => {
    const r = await asOperator(t, opA.token, '/btz/admin/llm/config');
    expect(r.json.data).toMatchObject({
      provider: 'openai-compatible',
      model: 'fake-model',
      apiKeySet: true,
      baseUrl: llm.baseUrl.replace(/\/$/, ''),
      prices: [{ model: 'fake-model', ...PRICE }],
    });
    expect(r.text).not.toContain(API_KEY);
  });
});

describe('reconciliation', () => {
  it('lists an order paid at the provider but open here; the fix applies it exactly once under a double submission', async () => {
    const o = await wechatOrder('copy-basic');
    const txnId = `4200077${o.row.order_no}`;
    // the money arrived at WeChat Pay, the notify never did
    wechat.trades.set(o.row.order_no, { state: 'SUCCESS', txnId, totalFen: o.row.amount_fen });
    const rec = await asOperator(t, opA.token, '/btz/admin/orders/reconcile', { query: { date: today } });
    expect(rec.json?.success, rec.text).toBe(true);
    const m = rec.json.data.mismatches.find((x: any) => x.order.id === o.row.id);
    expect(m).toMatchObject({ problem: 'paid_not_recorded', problemName: '渠道已收款，本地未到账', fixable: true, providerState: 'paid', providerTxnId: txnId, providerAmount: o.row.amount_fen / 100 });
    expect(rec.json.data.checked).toBeGreaterThanOrEqual(rec.json.data.matched + rec.json.data.mismatches.length);
    // the other tenant's operator: not in its list, and cannot fix it
    const recB = await asOperator(t, opB.token, '/btz/admin/orders/reconcile', { query: { date: today } });
    expect(recB.json.data.mismatches.some((x: any) => x.order.id === o.row.id)).toBe(false);
    expect((await asOperator(t, opB.token, '/btz/admin/orders/reconcile-fix', { body: { id: o.row.id, reason: '对账补单' } })).json).toMatchObject({ success: false, msg: '订单不存在' });

    const fix = () => asOperator(t, opA.token, '/btz/admin/orders/reconcile-fix', { body: { id: o.row.id, reason: '渠道已收款补单' } });
    const [a, b] = await Promise.all([fix(), fix()]);
    expect(a.json.data).toMatchObject({ status: 2, providerTxnId: txnId });
    expect(b.json.data).toMatchObject({ status: 2, providerTxnId: txnId });
    expect((await getInfo(t, o.token)).commonBidNumber).toBe(1);
    const grants = await db(t).selectFrom('entitlement_ledger').selectAll().where('order_id', '=', o.row.id).execute();
    expect(grants.map((g) => [g.kind, g.delta])).toEqual([['grant', 1]]);
    const rows = await audits('order.reconcile_fix', o.row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: '渠道已收款补单', before: expect.objectContaining({ status: 1 }), after: expect.objectContaining({ status: 2, providerTxnId: txnId }) });
    // the notify arriving late is a replay: nothing changes
    const n = wechat.notify({ orderNo: o.row.order_no, txnId, amountFen: o.row.amount_fen });
    expect((await postNotify(t, '/api/pay/notify/wechat', n.body, n.headers)).status).toBe(204);
    expect((await getInfo(t, o.token)).commonBidNumber).toBe(1);
    // reconciled again: no longer a mismatch
    const again = await asOperator(t, opA.token, '/btz/admin/orders/reconcile', { query: { date: today } });
    expect(again.json.data.mismatches.some((x: any) => x.order.id === o.row.id)).toBe(false);
    // an order the provider was not paid for cannot be "fixed"
    const unpaid = await wechatOrder('copy-basic');
    expect((await asOperator(t, opA.token, '/btz/admin/orders/reconcile-fix', { body: { id: unpaid.row.id, reason: '误操作测试' } })).json).toMatchObject({
      success: false,
      msg: '微信支付显示该订单未支付，无需补单',
    });
  });
});

describe('the user told of a refund', () => {
  it('order.refunded reaches the user; their order list shows 已退款 with the time and amount', async () => {
    const o = await wechatOrder('copy-basic');
    await payAtWechat(o.row);
    const listener = await listenAs(t.port, o, 'notice', clients);
    const r = await asOperator(t, opA.token, '/btz/admin/orders/refund', { body: { id: o.row.id, reason: '用户申请退款' } });
    expect(r.json.data.status).toBe(4);
    await waitUntil(() => listener.messages.some((m) => JSON.parse(m.body).kind === 'order.refunded'), 10_000, 'order.refunded');
    const msg = JSON.parse(listener.messages.find((m) => JSON.parse(m.body).kind === 'order.refunded')!.body);
    expect(msg.data).toMatchObject({ orderId: o.row.id, amount: o.row.amount_fen / 100 });
    const list = await t.api<any>('/btz/bid-order/order-list', { token: o.token, query: { current: 1, size: 10, statusIn: '2,4' } });
    const rec = list.json.data.records.find((x: any) => x.id === o.row.id);
    expect(rec).toMatchObject({ status: 4, statusName: '已退款', refundAmount: o.row.amount_fen / 100 });
    expect(rec.refundTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rec.refundTime).toBe(r.json.data.refundTime);
  });
});

describe('coupons', () => {
  it('a campaign created, edited and stopped (audited before/after), granted to a user with a reason', async () => {
    const save = (token: string, body: Record<string, unknown>) => asOperator(t, token, '/btz/admin/coupons/save', { body });
    const made = await save(opA.token, { kind: 'grant', title: '双十二满减', discountAmount: 20, minAmount: 99, validDays: 15 });
    expect(made.json?.success, made.text).toBe(true);
    const c = made.json.data;
    expect(c).toMatchObject({ tenantId: A, kind: 'grant', title: '双十二满减', discountAmount: 20, minAmount: 99, validDays: 15, enabled: true });
    const edited = await save(opA.token, { id: c.id, kind: 'grant', title: '双十二满减', discountAmount: 30, minAmount: 99, validDays: 15, enabled: false });
    expect(edited.json.data).toMatchObject({ discountAmount: 30, enabled: false });
    const upd = await audits('coupon.update', c.id);
    expect(upd).toHaveLength(1);
    expect(upd[0]).toMatchObject({ before: expect.objectContaining({ discountFen: 2000, enabled: true }), after: expect.objectContaining({ discountFen: 3000, enabled: false }) });
    expect(await audits('coupon.create', c.id)).toHaveLength(1);
    // bad input: a clear Chinese error, nothing saved
    const bad = await save(opA.token, { kind: 'grant', title: '', discountAmount: 0, validDays: 15 });
    expect(bad.json).toMatchObject({ success: false });
    expect(bad.json.msg).toMatch(/名称|优惠金额/);
    // the other tenant's operator cannot edit it
    expect((await save(opB.token, { id: c.id, kind: 'grant', title: 'x', discountAmount: 1, validDays: 1 })).json).toMatchObject({ success: false, msg: '优惠券不存在' });

    const u = await newUser(t);
    const grant = (templateId: string) => asOperator(t, opA.token, '/btz/admin/coupons/grant', { body: { userId: u.userId, templateId, reason: '客诉补偿' } });
    expect((await grant(c.id)).json).toMatchObject({ success: false, msg: '该优惠券已停用，不能发放' });
    await save(opA.token, { id: c.id, kind: 'grant', title: '双十二满减', discountAmount: 30, minAmount: 99, validDays: 15, enabled: true });
    const g = await grant(c.id);
    expect(g.json.data).toMatchObject({ userId: u.userId, title: '双十二满减', discountAmount: 30, minAmount: 99, source: 'grant' });
    const mine = await t.api<any>('/btz/coupon/coupon-list', { token: u.token, query: { current: 1, size: 20 } });
    expect(mine.json.data.records.find((x: any) => x.id === g.json.data.id)).toMatchObject({ discountAmount: 30 });
    const ga = await audits('coupon.grant', u.userId);
    expect(ga).toHaveLength(1);
    expect(ga[0]).toMatchObject({ reason: '客诉补偿', after: expect.objectContaining({ templateId: c.id }) });
    // a B user cannot get an A coupon, nor can A's operator reach a B user
    const bUser = await newUser(t, { host: 'jw.localhost' });
    expect((await asOperator(t, opA.token, '/btz/admin/coupons/grant', { body: { userId: bUser.userId, templateId: c.id, reason: '越权测试' } })).json).toMatchObject({
      success: false,
      msg: '用户不存在',
    });
    expect((await asOperator(t, su.token, '/btz/admin/coupons/grant', { body: { userId: bUser.userId, templateId: c.id, reason: '跨租户测试' } })).json).toMatchObject({
      success: false,
      msg: '该优惠券不属于用户所在的租户',
    });
  });

  it('the new-user pack: a coupon added to tenant B\'s pack is what a new user of B claims, not one of A', async () => {
    const made = await asOperator(t, su.token, '/btz/admin/coupons/save', { body: { tenantId: B, kind: 'new_user', title: '金网新人券', discountAmount: 8, validDays: 3, sort: 9 } });
    expect(made.json?.success, made.text).toBe(true);
    const u = await newUser(t, { host: 'jw.localhost' });
    const pack = await t.api<any>('/btz/coupon/newUserCouponList', { token: u.token, host: 'jw.localhost' });
    expect(pack.json.data.map((x: any) => x.title)).toContain('金网新人券');
    const claimed = await t.api<any>('/btz/coupon/getNewUserCoupon', { token: u.token, host: 'jw.localhost' });
    expect(claimed.json?.success, claimed.text).toBe(true);
    expect(claimed.json.data.map((x: any) => x.title)).toContain('金网新人券');
    const a = await newUser(t);
    const packA = await t.api<any>('/btz/coupon/newUserCouponList', { token: a.token });
    expect(packA.json.data.map((x: any) => x.title)).not.toContain('金网新人券');
  });

  it("a welfare task's reward edited: the user's welfare centre shows it, the audit keeps before/after", async () => {
    const tasks = (await asOperator(t, opA.token, '/btz/admin/welfare/tasks')).json.data;
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((x: any) => x.tenantId === A)).toBe(true);
    const profile = tasks.find((x: any) => x.code === 'profile');
    expect(profile).toMatchObject({ rewardKind: 'coupon', couponTemplateId: `${A}-task-20` });
    const saved = await asOperator(t, opA.token, '/btz/admin/welfare/save', {
      body: { code: 'profile', title: '完善个人资料', description: profile.description, rewardKind: 'copies', copyField: 'common', copyNumber: 2, sort: profile.sort },
    });
    expect(saved.json?.success, saved.text).toBe(true);
    expect(saved.json.data).toMatchObject({ rewardKind: 'copies', copyField: 'common', copyNumber: 2, couponTemplateId: null });
    const rows = await audits('welfare.update', `${A}:profile`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: expect.objectContaining({ reward_kind: 'coupon' }), after: expect.objectContaining({ reward_kind: 'copies', copy_number: 2 }) });
    const u = await newUser(t);
    const centre = await t.api<any>('/btz/welfare/tasks', { token: u.token });
    expect(centre.json.data.tasks.find((x: any) => x.code === 'profile')).toMatchObject({ reward: '普通版标书 2 份' });
    // a reward coupon of another tenant is refused; copies without a number too
    expect((await asOperator(t, opA.token, '/btz/admin/welfare/save', { body: { code: 'profile', title: 'x', rewardKind: 'coupon', couponTemplateId: `${B}-task-20` } })).json).toMatchObject({
      success: false,
      msg: '奖励优惠券不属于该租户',
    });
    const noNumber = await asOperator(t, opA.token, '/btz/admin/welfare/save', { body: { code: 'profile', title: 'x', rewardKind: 'copies', copyField: 'common' } });
    expect(noNumber.json).toMatchObject({ success: false });
    expect(noNumber.json.msg).toContain('份数');
    // B's operator cannot edit A's tasks
    expect((await asOperator(t, opB.token, '/btz/admin/welfare/save', { body: { tenantId: A, code: 'profile', title: 'x', rewardKind: 'copies', copyField: 'common', copyNumber: 1 } })).json).toMatchObject({
      success: false,
      msg: '只能查看和操作本租户的数据',
    });
  });
});
