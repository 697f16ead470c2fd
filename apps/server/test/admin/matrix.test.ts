/**
 * The console's authorisation matrix (issue 28): super-operator, operator of tenant A, operator of tenant B × EVERY admin
 * call (users and anonymous callers: the generated matrix, security/authz-matrix.test.ts, which leaves the operators'
 * side to this file and its tenant rows) — the calls enumerated from the shared call table (every call under /btz/admin/),
 * each checked to be a route of the server. Then: an operator never reaches another tenant's data, even when it names
 * no tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiToday } from '@btz/shared';
import type { AdminCall } from '@btz/shared/calls';
import { CALLS_BY_PATH } from '../contracts.js';
import { newUser, startTestServer, uniquePhone, type CallOptions, type TestServer } from '../harness.js';
import { db, opt, payOrder } from '../commerce/helpers.js';
import { asOperator, inviteOperator, operatorSignIn, signInSuper } from './helpers.js';

const A = '000000';
const B = '389572';
const ADMIN_CALLS = [...CALLS_BY_PATH.values()].filter((c) => c.path.startsWith('/btz/admin/')) as AdminCall[];

let t: TestServer;
let su: { token: string; id: string; phone: string };
let opA: { token: string; id: string };
let opB: { token: string; id: string };
let user: { token: string; userId: string; phone: string };
let spare: { token: string; userId: string };
let orderId: string;
let spareOperator: string;
let newsA: string;
let feedbackA: string;
let brandA: any;

beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, A, '运营A');
  opB = await inviteOperator(t, su.token, B, '运营B');
  user = await newUser(t);
  spare = await newUser(t);
  orderId = (await payOrder(t, user.token, { optionId: opt('copy-basic'), orderPayType: 1 })).data.orderId;
  spareOperator = (await asOperator(t, su.token, '/btz/admin/operators/invite', { body: { tenantId: A, name: '备用' } })).json.data.operator.id;
  newsA = (await asOperator(t, opA.token, '/btz/admin/content/save', { body: { kind: 'news', title: '矩阵资讯' } })).json.data.id;
  feedbackA = (await t.api<any>('/btz/common/addFeedback', { token: user.token, body: { type: 1, content: '矩阵测试的反馈' } })).json.data.id;
  brandA = (await asOperator(t, su.token, '/btz/admin/brand/detail', { query: { tenantId: A } })).json.data;
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

/**
 * One request per call, aimed at tenant A's data; `tenantData`: what it reaches belongs to tenant A (an operator of B
 * must be refused). Every admin call must have a row (checked below), so a new call cannot skip the matrix.
 */
const REQUESTS: Record<string, { opts: () => CallOptions; tenantData: boolean }> = {
  '/btz/admin/auth/send-code': { opts: () => ({ query: { phone: uniquePhone() } }), tenantData: false },
  '/btz/admin/auth/sign-in': { opts: () => ({ body: { phone: uniquePhone(), key: 'nokey', code: '000000' } }), tenantData: false },
  '/btz/admin/auth/ticket': { opts: () => ({ query: { ticket: 'not-a-ticket' } }), tenantData: false },
  '/btz/admin/auth/me': { opts: () => ({}), tenantData: false },
  '/btz/admin/auth/sign-out': { opts: () => ({}), tenantData: false },
  '/btz/admin/tenants/list': { opts: () => ({}), tenantData: false },
  '/btz/admin/operators/list': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/operators/invite': { opts: () => ({ body: { tenantId: A, name: '受邀' } }), tenantData: true },
  '/btz/admin/operators/status': { opts: () => ({ body: { id: spareOperator, status: 1 } }), tenantData: true },
  '/btz/admin/audit/list': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/users/search': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/users/detail': { opts: () => ({ query: { id: user.userId } }), tenantData: true },
  '/btz/admin/users/grant': { opts: () => ({ body: { userId: user.userId, field: 'common', amount: 1, reason: '矩阵测试' } }), tenantData: true },
  '/btz/admin/users/status': { opts: () => ({ body: { userId: spare.userId, status: 1, reason: '矩阵测试' } }), tenantData: true },
  '/btz/admin/orders/search': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/orders/provider': { opts: () => ({ query: { id: orderId } }), tenantData: true },
  '/btz/admin/packages/list': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  // tenant A's seeded 普通版 pack saved as it is
  '/btz/admin/packages/save': { opts: () => ({ body: SAME_PACK }), tenantData: true },
  '/btz/admin/coupons/list': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/coupons/redeem-batch': { opts: () => ({ body: { tenantId: A, title: '矩阵券', discountAmount: 5, validDays: 7, count: 2 } }), tenantData: true },
  '/btz/admin/coupons/redeem-codes': { opts: () => ({ query: { id: `${A}-redeem-50` } }), tenantData: true },
  // an unpaid order: past the authorisation the answer is 「只有已支付的订单可以退款」, before it a refusal
  '/btz/admin/orders/refund': { opts: () => ({ body: { id: orderId, reason: '矩阵测试' } }), tenantData: true },
  // the money side (admin-money.ts)
  '/btz/admin/dashboard': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/llm/usage': { opts: () => ({ query: { tenantId: A, by: 'user' } }), tenantData: true },
  '/btz/admin/llm/config': { opts: () => ({}), tenantData: false },
  '/btz/admin/orders/reconcile': { opts: () => ({ query: { tenantId: A, date: shanghaiToday() } }), tenantData: true },
  // a sandbox order: past the authorisation 「沙箱支付没有远端记录，无法对账补单」, before it a refusal
  '/btz/admin/orders/reconcile-fix': { opts: () => ({ body: { id: orderId, reason: '矩阵测试' } }), tenantData: true },
  '/btz/admin/coupons/save': { opts: () => ({ body: { tenantId: A, kind: 'grant', title: '矩阵活动券', discountAmount: 5, validDays: 7 } }), tenantData: true },
  '/btz/admin/coupons/grant': { opts: () => ({ body: { userId: user.userId, templateId: `${A}-new-10`, reason: '矩阵测试' } }), tenantData: true },
  '/btz/admin/welfare/tasks': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  // tenant A's seeded 完善个人资料 task saved as it is
  '/btz/admin/welfare/save': {
    opts: () => ({ body: { tenantId: A, code: 'profile', title: '完善个人资料', description: '填写昵称、真实姓名、所在地区和邮箱', rewardKind: 'coupon', couponTemplateId: `${A}-task-20`, sort: 1 } }),
    tenantData: true,
  },
  '/btz/admin/content/list': { opts: () => ({ query: { kind: 'news', tenantId: A } }), tenantData: true },
  '/btz/admin/content/detail': { opts: () => ({ query: { kind: 'news', id: newsA } }), tenantData: true },
  '/btz/admin/content/save': { opts: () => ({ body: { kind: 'news', id: newsA, title: '矩阵资讯' } }), tenantData: true },
  '/btz/admin/content/publish': { opts: () => ({ body: { kind: 'news', id: newsA, published: false } }), tenantData: true },
  '/btz/admin/feedback/list': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/feedback/reply': { opts: () => ({ body: { id: feedbackA, reply: '矩阵回复' } }), tenantData: true },
  '/btz/admin/brand/detail': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  // tenant A's brand saved as it is
  '/btz/admin/brand/save': {
    opts: () => ({ body: { tenantId: A, ...brandA.texts, ...brandA.logos, seoTitle: brandA.seo.title, seoDescription: brandA.seo.description, seoKeywords: brandA.seo.keywords } }),
    tenantData: true,
  },
  // no file sent: past the authorisation, the upload's own Chinese refusal
  '/btz/admin/brand/logo': { opts: () => ({ query: { tenantId: A } }), tenantData: true },
  '/btz/admin/brand/hosts': { opts: () => ({ body: { tenantId: A, hosts: brandA.hosts } }), tenantData: true },
  '/btz/admin/brand/route-rule': { opts: () => ({ body: { tenantId: A, path: '/matrix-rule', redirect: '/' } }), tenantData: true },
};

const SAME_PACK = { id: opt('copy-basic'), title: '普通版标书', type: 1, unitType: 2, money: 99, bidType: 1 };

const REFUSED = /当前操作没有权限|只能查看和操作本租户的数据|不存在/;
type Who = 'super' | 'operatorA' | 'operatorB';
const WHO: Who[] = ['super', 'operatorA', 'operatorB'];

/** What `who` must get from `call`: 401, refused (HTTP 200, a refusal message) or allowed (HTTP 200, no refusal). */
function expected(who: Who, call: AdminCall, tenantData: boolean): 'unauthorized' | 'refused' | 'allowed' {
  if (call.access === 'public') return 'allowed';
  if (who === 'super') return 'allowed';
  if (call.access === 'super') return 'refused';
  return who === 'operatorB' && tenantData ? 'refused' : 'allowed';
}

async function callAs(who: Who, call: AdminCall) {
  const opts = REQUESTS[call.path]!.opts();
  switch (who) {
    case 'super':
      return asOperator(t, su.token, call.path, opts);
    case 'operatorA':
      return asOperator(t, opA.token, call.path, opts);
    case 'operatorB':
      return asOperator(t, opB.token, call.path, opts);
  }
}

describe('the authorisation matrix', () => {
  it('the call table has the console calls, every one a route of the server, every one in the matrix', () => {
    expect(ADMIN_CALLS.length).toBeGreaterThanOrEqual(17);
    const fastify = t.server.app.fastify;
    expect(ADMIN_CALLS.filter((c) => !fastify.hasRoute({ method: 'POST', url: `/api${c.path}` })).map((c) => c.path)).toEqual([]);
    expect(ADMIN_CALLS.map((c) => c.path).sort()).toEqual(Object.keys(REQUESTS).sort());
    expect(ADMIN_CALLS.every((c) => ['public', 'operator', 'super'].includes(c.access))).toBe(true);
  });

  it('super-operator, operator of A, operator of B × every admin call', async () => {
    // sign-out last: it ends the caller's session
    const calls = [...ADMIN_CALLS].sort((a, b) => Number(a.path.endsWith('/sign-out')) - Number(b.path.endsWith('/sign-out')));
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const call of calls) {
      for (const who of WHO) {
        const want = expected(who, call, REQUESTS[call.path]!.tenantData);
        const res = await callAs(who, call);
        const got =
          res.status === 401 && res.json?.code === 401
            ? 'unauthorized'
            : res.status === 200 && res.json?.success === false && REFUSED.test(res.json.msg)
              ? 'refused'
              : res.status === 200
                ? 'allowed'
                : `HTTP ${res.status}`;
        seen.push(`${who} ${call.path}`);
        if (got !== want) wrong.push(`${who} × ${call.path}: expected ${want}, got ${got} ${res.text.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen).toHaveLength(ADMIN_CALLS.length * WHO.length);
  });
});

describe("an operator never reaches another tenant's data", () => {
  it('naming no tenant, an operator of B lists only B: users, orders, audit, tenants', async () => {
    // the matrix signed everyone out: the super-operator signs in again with phone + code
    const suToken = (await operatorSignIn(t, su.phone)).data.token as string;
    const b = await inviteOperator(t, suToken, B, '运营B2');
    const bUser = await newUser(t, { host: 'jw.localhost' });
    const users = (await asOperator(t, b.token, '/btz/admin/users/search', { query: { size: 100 } })).json.data;
    expect(users.records.length).toBeGreaterThan(0);
    expect(users.records.every((u: any) => u.tenantId === B)).toBe(true);
    expect(users.records.some((u: any) => u.id === bUser.userId)).toBe(true);
    const orders = (await asOperator(t, b.token, '/btz/admin/orders/search', { query: { size: 100 } })).json.data;
    expect(orders.records.every((o: any) => o.tenantId === B)).toBe(true);
    expect(orders.records.some((o: any) => o.id === orderId)).toBe(false);
    const byNo = (await asOperator(t, b.token, '/btz/admin/orders/search', { query: { keyword: user.phone } })).json.data;
    expect(byNo.total).toBe(0);
    const audit = (await asOperator(t, b.token, '/btz/admin/audit/list', { query: { size: 100 } })).json.data;
    expect(audit.records.every((r: any) => r.tenantId === B)).toBe(true);
    const tenants = (await asOperator(t, b.token, '/btz/admin/tenants/list')).json.data;
    expect(tenants.map((x: any) => x.id)).toEqual([B]);
    // the super-operator sees both
    const all = (await asOperator(t, suToken, '/btz/admin/users/search', { query: { size: 100 } })).json.data;
    expect(new Set(all.records.map((u: any) => u.tenantId))).toEqual(new Set([A, B]));
  });
});

/**
 * Calls that change nothing: they need no audit row (and write none). Every other operator call is an action: when it
 * succeeds it must leave an audit row naming the operator — a new write call is held to it without being listed here.
 */
const READS = new Set([
  '/btz/admin/auth/me',
  '/btz/admin/tenants/list',
  '/btz/admin/operators/list',
  '/btz/admin/audit/list',
  '/btz/admin/users/search',
  '/btz/admin/users/detail',
  '/btz/admin/orders/search',
  '/btz/admin/orders/provider',
  '/btz/admin/orders/reconcile',
  '/btz/admin/packages/list',
  '/btz/admin/coupons/list',
  '/btz/admin/coupons/redeem-codes',
  '/btz/admin/dashboard',
  '/btz/admin/llm/usage',
  '/btz/admin/llm/config',
  '/btz/admin/welfare/tasks',
  '/btz/admin/content/list',
  '/btz/admin/content/detail',
  '/btz/admin/feedback/list',
  '/btz/admin/brand/detail',
]);
/** Actions whose matrix request stops past the authorisation at the call's own refusal (nothing done, nothing audited). */
const REFUSED_PAST_AUTH: Record<string, RegExp> = {
  '/btz/admin/orders/refund': /只有已支付的订单可以退款/,
  '/btz/admin/orders/reconcile-fix': /沙箱支付没有远端记录/,
  '/btz/admin/brand/logo': /图片|文件/,
};

describe('every operator action is audited', () => {
  it('each console call that changes something, done by the super-operator, leaves an audit row naming it; reads leave none', async () => {
    const signedIn = (await operatorSignIn(t, su.phone)).data;
    const token = signedIn.token as string;
    const operatorId = signedIn.operator.id as string;
    const rows = async () =>
      Number((await db(t).selectFrom('admin_audit').select((eb) => eb.fn.countAll<number>().as('n')).where('operator_id', '=', operatorId).executeTakeFirstOrThrow()).n);
    const problems: string[] = [];
    const audited: string[] = [];
    // the public sign-in calls are no operator's action (the sign-in itself is audited: sign-in.test.ts); sign-out ends this session
    const calls = ADMIN_CALLS.filter((c) => c.access !== 'public' && !c.path.endsWith('/sign-out'));
    for (const call of calls) {
      const before = await rows();
      // the matrix left the news item unpublished, and publishing to the state it is in changes nothing (no row): publish it
      const opts = call.path === '/btz/admin/content/publish' ? { body: { kind: 'news', id: newsA, published: true } } : REQUESTS[call.path]!.opts();
      const res = await asOperator(t, token, call.path, opts);
      const added = (await rows()) - before;
      if (READS.has(call.path)) {
        if (res.json?.success !== true) problems.push(`${call.path}: read failed ${res.text.slice(0, 120)}`);
        if (added !== 0) problems.push(`${call.path}: a read wrote ${added} audit rows`);
      } else if (REFUSED_PAST_AUTH[call.path]) {
        if (res.json?.success !== false || !REFUSED_PAST_AUTH[call.path]!.test(res.json.msg)) problems.push(`${call.path}: expected its own refusal, got ${res.text.slice(0, 120)}`);
        if (added !== 0) problems.push(`${call.path}: refused, yet wrote ${added} audit rows`);
      } else {
        if (res.json?.success !== true) problems.push(`${call.path}: action failed ${res.text.slice(0, 120)}`);
        else if (added < 1) problems.push(`${call.path}: succeeded without an audit row`);
        else audited.push(call.path);
      }
    }
    expect(problems).toEqual([]);
    expect(audited.length).toBe(calls.length - READS.size - Object.keys(REFUSED_PAST_AUTH).length);
    // the audit is readable in the console: the newest rows are this operator's, with what and when
    const list = (await asOperator(t, token, '/btz/admin/audit/list', { query: { size: 5 } })).json.data.records;
    expect(list[0]).toMatchObject({ operatorName: expect.any(String), action: expect.any(String), actionName: expect.any(String), createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
  });
});
