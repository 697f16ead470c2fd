/**
 * The authorisation matrix generated from the call table (issue 29): EVERY call of `@btz/shared/calls` × every actor —
 * anonymous, another user of the tenant, a member of another enterprise (team), a user of another tenant (on its own
 * host, and its token on this host), a member (employee) and the admin of the owner's team, a tenant's operator, the super-operator, and the owner.
 *
 * What each actor must get is derived from the call's definition alone (`expected` below): `auth`, `bidAccess`
 * (modules/bid/access.ts), `ownedBy` (api/contract.ts) and, for the console, `access` (whose operator side is walked by
 * admin/matrix.test.ts with its own tenant rows). The ids a call names are the OWNER's real rows, made in `beforeAll`,
 * so an answer other than the refusal is a leak; a refused stranger must not be able to tell the row from a missing one,
 * and after every refused call the owner's rows read back unchanged.
 *
 * Every route the server registered must be a call of the table or one of NOT_CALLS, so a new route cannot escape; and a
 * call that names an id in its query must declare whose row it is (`bidAccess` or `ownedBy`).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { TEAM_TEXTS } from '@btz/shared';
import { OPERATOR_AUTH_HEADER, type AdminCall, type AnyCall } from '@btz/shared/calls';
import { buildPictureDocx, drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';
import { CALLS_BY_PATH } from '../contracts.js';
import { newUser, startTestServer, uniquePhone, type CallOptions, type HttpResult, type TestServer } from '../harness.js';
import { buildTenderDocx } from '../../../../packages/bid-engine/test/fixtures/build.js';
import { tenderDocx, uploadTender, waitParse } from '../bid/helpers.js';
import { opt, payOrder } from '../commerce/helpers.js';
import { addMember, ok, teamAdmin, type Person } from '../team/helpers.js';
import { inviteOperator, signInSuper } from '../admin/helpers.js';
import { waitForJobs } from '../wait.js';

const CALLS = [...CALLS_BY_PATH.values()];
const OTHER_HOST = 'jw.localhost';
const MISSING_ID = '1234567890123456789';

/**
 * The routes that are not calls of the table, each with why: pages and files a browser loads by GET, the payment
 * providers' signed notifies, the phone pages of the WeChat login and the sandbox payment. (SockJS answers /api/ws-btz
 * before Fastify sees the request.) A route missing here and from the table fails the first test.
 */
const NOT_CALLS: Record<string, string> = {
  'GET /healthz': 'the balancer’s health check',
  'POST /api/pay/notify/wechat': 'WeChat Pay’s notify, signed by the provider (modules/order/notify.ts)',
  'POST /api/pay/notify/alipay': 'Alipay’s notify, signed by the provider',
  'GET /m/wx-login': 'the phone page of the WeChat login (modules/auth/wx-pages.ts)',
  'POST /m/wx-login/send': 'its SMS code (rate-limited like send-code)',
  'POST /m/wx-login/confirm': 'its confirmation',
  'GET /m/wx-callback': 'WeChat’s OAuth callback',
  'GET /m/pay/:orderNo': 'the sandbox payment page (modules/order/sandbox-pages.ts)',
  'POST /m/pay/:orderNo': 'its confirmation',
  'GET /avatar/:file': 'a user’s avatar, by its content hash',
  'GET /content/logo/:file': 'a merchant’s logo of the public pages',
  'GET /brand-file/:file': 'a brand’s uploaded logo, by its content hash',
  'GET /brand/:code/:file': 'a brand’s built-in logos',
  'GET /manifest.webmanifest': 'the web app manifest of the host’s brand',
  'GET /sitemap.xml': 'the public pages’ sitemap',
  'GET /robots.txt': 'robots.txt',
};

/** Who makes a call. */
type Actor = 'anonymous' | 'otherUser' | 'otherTeam' | 'otherTenant' | 'foreignToken' | 'employee' | 'teamAdmin' | 'operator' | 'super' | 'owner';
const ACTORS: Actor[] = ['anonymous', 'otherUser', 'otherTeam', 'otherTenant', 'foreignToken', 'employee', 'teamAdmin', 'operator', 'super', 'owner'];

/**
 * What the actor gets:
 *  - `401`: HTTP 401, body code 401, a Chinese message;
 *  - `missing`: exactly the answer the same actor gets for a missing id (body code 400) — it cannot tell the owner's row exists;
 *  - `refused`: body code 400 with the rule's Chinese message (`msg`, when the rule names one);
 *  - `allowed`: not refused (run only for calls that do not change the owner's rows: READS);
 *  - `public`: no token needed — never a 401, never a 5xx;
 *  - `own`: the call names no one's row, it acts on the caller's own (its list answers none of the owner's ids);
 *  - `console`: an operator on a console call — admin/matrix.test.ts walks it with its tenant rows.
 */
type Outcome = { kind: '401' | 'missing' | 'allowed' | 'public' | 'own' | 'console' } | { kind: 'refused'; msg?: string };

const STRANGERS: Actor[] = ['otherUser', 'otherTeam', 'otherTenant'];
const TEAM: Actor[] = ['employee', 'teamAdmin', 'owner'];

function expected(call: AnyCall, who: Actor): Outcome {
  const admin = call as AdminCall;
  if (call.path.startsWith('/btz/admin/')) {
    if (admin.access === 'public') return { kind: 'public' };
    return who === 'operator' || who === 'super' ? { kind: 'console' } : { kind: '401' };
  }
  if (!call.auth) return { kind: 'public' };
  // no user token of this tenant: nobody
  if (who === 'anonymous' || who === 'foreignToken' || who === 'operator' || who === 'super') return { kind: '401' };
  if (call.bidAccess) {
    if (STRANGERS.includes(who)) return { kind: 'missing' };
    if (who === 'employee' && call.bidAccess === 'change') return { kind: 'refused', msg: TEAM_TEXTS.noRightToChange };
    if (who === 'employee' && call.bidAccess === 'section') return { kind: 'refused', msg: TEAM_TEXTS.sectionNotAssigned };
    return { kind: 'allowed' };
  }
  switch (call.ownedBy) {
    case 'holder':
      return TEAM.includes(who) ? { kind: 'allowed' } : { kind: 'missing' };
    case 'user':
      return who === 'owner' ? { kind: 'allowed' } : { kind: 'missing' };
    case 'teamAdmin':
      return who === 'teamAdmin' ? { kind: 'allowed' } : { kind: 'refused' };
    default:
      return { kind: 'own' };
  }
}

/**
 * The calls run for an `allowed` actor: those that only read (a read rule may still write a little — presence, a
 * comment, an export, a check — those are the functional tests' business, and would make the owner's rows move).
 */
const READS = /\/(detail|get|list|file|page|progress|history|revision|team|activity|draft|export|zip|suggest|pay-status|analysis-report|page-settings\/get)$/;
const isRead = (c: AnyCall) => READS.test(c.path) && c.path !== '/btz/bid/export/start';

let t: TestServer;
let owner: Person;
let employee: Person;
let admin: Person;
let stranger: Person;
let otherTeam: Person;
let foreign: Person;
let operatorToken: string;
let superToken: string;
/** the owner's rows, by the name a call's query gives them */
const ids: Record<string, string> = {};
let fileId: string;
let leafId: string;
let pageSettings: unknown;

beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, smsResendS: 0 });
  await Promise.all([
    (async () => {
      const su = await signInSuper(t);
      superToken = su.token;
      operatorToken = (await inviteOperator(t, su.token, '000000', '矩阵运营')).token;
    })(),
    (async () => {
      admin = await teamAdmin(t);
      owner = await addMember(t, admin);
      employee = await addMember(t, admin);
    })(),
    (async () => {
      stranger = await newUser(t);
      otherTeam = await addMember(t, await teamAdmin(t));
      foreign = await newUser(t, { host: OTHER_HOST });
    })(),
  ]);

  // the owner's rows: a parsed bid of the team, its export, an order, a message, and one row of every library (the
  // library files are small: their jobs run while the tender is read)
  ids.bid = await uploadTender(t, owner.token, { name: '招标文件.docx', data: await tenderDocx() });
  const up = async (path: string, file: { name: string; data: Buffer }, fields?: Record<string, string>) =>
    ((d: any) => (d.picture ?? d).id as string)(await ok(t.upload(path, { token: owner.token, file, fields })));
  const small = await buildTenderDocx([[{ kind: 'p', text: '营业执照 统一社会信用代码 有效期至2030年12月31日' }]]);
  ids.picture = await up('/btz/picture/upload', { name: '资质证书.png', data: drawPicture(21) });
  ids.extraction = await up('/btz/picture/extract/upload', { name: '证书汇编.docx', data: await buildPictureDocx([{ page: 1, data: drawPicture(22), type: 'png' }], 1) });
  ids.databank = await up('/btz/databank/upload', { name: '营业执照.docx', data: small });
  ids.repository = await up('/btz/repository/upload', { name: '往期标书.docx', data: small });
  ids.bidcheck = await up('/btz/bidcheck/upload', { name: '技术标.docx', data: small }, { kind: 'anonymity' });
  ids.filetools = await up('/btz/filetools/upload', { name: '技术标.docx', data: small }, { tool: 'clean' });
  ids.dupcheck = (await ok(t.api('/btz/dupcheck/create', { token: owner.token, body: { name: '矩阵查重' } }))).id;
  ids.order = (await payOrder(t, owner.token, { optionId: opt('copy-basic'), orderPayType: 1 })).data.orderId;
  await ok(t.api('/btz/team/invite-phone', { token: admin.token, query: { phone: uniquePhone() } }));
  ids.invite = (await ok(t.api('/btz/team/detail', { token: admin.token }))).invites[0].id;
  const d = await waitParse(t, owner.token, ids.bid);
  fileId = d.files[0]!.id;
  const leaf = (nodes: NonNullable<typeof d.outline>): string => (nodes[0]!.children?.length ? leaf(nodes[0]!.children) : nodes[0]!.id);
  leafId = leaf(d.outline!);
  pageSettings = await ok(t.api('/btz/bid/page-settings/get', { token: owner.token, query: { id: ids.bid } }));
  ids.export = (await ok(t.api('/btz/bid/export/start', { token: owner.token, query: { id: ids.bid, format: 'docx' } }))).id;
  await ok(t.api('/btz/bid/comment/add', { token: admin.token, query: { id: ids.bid, nodeId: leafId }, body: { text: '请看一下', mentions: [owner.userId] } }));
  ids.message = (await ok(t.api('/btz/message/list', { token: owner.token }))).records[0].id;
  await waitForJobs(t, { what: 'the owner’s jobs' });
  // a read document is a draft until saved
  await ok(t.api('/btz/databank/save', { token: owner.token, query: { id: ids.databank }, body: { type: '营业执照', name: '营业执照' } }));
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** Which of the owner's rows `id` names on this call. */
function idFor(path: string): string {
  const area = path.split('/')[2];
  if (path.startsWith('/btz/bid/export/')) return ids.export!;
  if (path.startsWith('/btz/picture/extract/')) return ids.extraction!;
  const byArea: Record<string, string | undefined> = {
    bid: ids.bid,
    picture: ids.picture,
    databank: ids.databank,
    repository: ids.repository,
    bidcheck: ids.bidcheck,
    filetools: ids.filetools,
    dupcheck: ids.dupcheck,
    'bid-order': ids.order,
    message: ids.message,
    // (the other team calls name a member: `userId`)
    team: ids.invite,
  };
  const id = byArea[area!];
  if (!id) throw new Error(`the matrix has no row of the owner for ${path}`);
  return id;
}

/** A request the call's own schemas accept (checked), naming the owner's rows — or, `missing`, a row that does not exist. */
function requestOf(c: AnyCall, missing = false): { query: Record<string, unknown>; body?: unknown; fields?: Record<string, string> } {
  const shape: Record<string, unknown> = (c.query as any)?.shape ?? {};
  const id = missing ? MISSING_ID : c.bidAccess ? ids.bid : c.ownedBy ? idFor(c.path) : MISSING_ID;
  const values: Record<string, unknown> = {
    id,
    bidId: missing ? MISSING_ID : ids.bid,
    nodeId: leafId,
    fileId,
    page: 1,
    lot: '1',
    name: '新名字',
    userId: c.path.startsWith('/btz/team/') && missing ? MISSING_ID : employee.userId,
    passageId: '1',
    pick: 'none',
    revisionId: 'h1',
    dueDate: '2026-12-31',
    result: 'won',
    date: '2026-11-01',
    format: 'docx',
    index: 1,
    role: 'bid',
  };
  const query = Object.fromEntries(Object.keys(shape).filter((k) => k in values).map((k) => [k, values[k]]));
  const BODIES: Record<string, unknown> = {
    '/btz/bid/outline/save': { nodes: [] },
    '/btz/bid/outline/import': { text: '1 项目理解\n2 实施方案' },
    '/btz/bid/section/save': { revision: 0, html: '<p>不该写进去的一段。</p>' },
    '/btz/bid/section/ai': { action: 'polish', text: '这是一段需要润色的文字。' },
    '/btz/bid/section/restore': { revision: 0 },
    '/btz/bid/review/return': { comment: '请补充进度计划' },
    '/btz/bid/comment/add': { text: '外人的评论', mentions: [] },
    '/btz/bid/page-settings': pageSettings,
    '/btz/picture/update': { name: '改名', tags: ['外人'] },
    '/btz/picture/extract/save': { indexes: [1] },
    '/btz/databank/save': { type: '营业执照', name: '改掉的名字' },
  };
  const FIELDS: Record<string, Record<string, string>> = { '/btz/bid/add-file': { role: 'amendment' } };
  return { query, ...(c.body ? { body: BODIES[c.path] ?? {} } : {}), ...(c.fields ? { fields: FIELDS[c.path] ?? {} } : {}) };
}

/** The call made as `who`, with `req`. */
function callAs(c: AnyCall, who: Actor, req = requestOf(c)): Promise<HttpResult<any>> {
  const user: Record<Actor, Person | undefined> = { otherUser: stranger, otherTeam, otherTenant: foreign, foreignToken: foreign, employee, teamAdmin: admin, owner, anonymous: undefined, operator: undefined, super: undefined };
  const token = user[who]?.token ?? (who === 'operator' ? operatorToken : who === 'super' ? superToken : undefined);
  const opts: CallOptions = {
    query: req.query as Record<string, string>,
    token,
    host: who === 'otherTenant' ? OTHER_HOST : undefined,
    // an operator's token travels in both headers: it is no user token either way
    headers: token ? { [OPERATOR_AUTH_HEADER]: `bearer ${token}` } : {},
  };
  if (c.fields) return t.upload(c.path, { ...opts, file: { name: '补遗.txt', data: Buffer.from('补遗：投标截止时间变更。') }, fields: req.fields });
  return t.api(c.path, { ...opts, ...(req.body !== undefined ? { body: req.body } : {}) });
}

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The answer to the call naming rows that do not exist, asked once per call for the strangers and once for the owner's
 * team (the same answer for each of them: none of them can reach a row that does not exist).
 */
const missingAnswers = new Map<string, Promise<HttpResult<any>>>();
function missingAnswer(c: AnyCall, who: Actor): Promise<HttpResult<any>> {
  const group = STRANGERS.includes(who) ? 'otherUser' : 'owner';
  const key = `${c.path} ${group}`;
  if (!missingAnswers.has(key)) missingAnswers.set(key, callAs(c, group, requestOf(c, true)));
  return missingAnswers.get(key)!;
}

/** What went wrong with `res` for `want`, or null. */
async function check(c: AnyCall, who: Actor, want: Outcome, res: HttpResult<any>): Promise<string | null> {
  const j = res.json as { code?: number; success?: boolean; msg?: string } | undefined;
  const brief = `${res.status} ${res.text.slice(0, 160)}`;
  switch (want.kind) {
    case '401':
      return res.status === 401 && j?.code === 401 && CHINESE.test(j.msg ?? '') ? null : `expected 401, got ${brief}`;
    case 'public':
      return res.status !== 401 && res.status < 500 ? null : `expected a public answer, got ${brief}`;
    case 'refused':
      if (res.status !== 200 || j?.success !== false || j.code !== 400 || !CHINESE.test(j.msg ?? '')) return `expected a refusal, got ${brief}`;
      return want.msg && j.msg !== want.msg ? `expected 「${want.msg}」, got ${brief}` : null;
    case 'missing': {
      if (res.status !== 200 || j?.success !== false || j.code !== 400 || !CHINESE.test(j.msg ?? '')) return `expected 「…不存在」, got ${brief}`;
      const gone = await missingAnswer(c, who);
      return JSON.stringify(gone.json) === JSON.stringify(res.json) ? null : `its answer differs from a missing row's: ${brief} vs ${gone.text.slice(0, 160)}`;
    }
    case 'allowed': {
      // past the rule: not a 401, not a team refusal, and not the answer for a row that does not exist
      const refusals: unknown[] = [TEAM_TEXTS.noRightToChange, TEAM_TEXTS.sectionNotAssigned];
      if (res.status === 401 || res.status >= 500 || (j?.success === false && refusals.includes(j.msg))) return `expected allowed, got ${brief}`;
      const gone = await missingAnswer(c, who);
      return gone.text !== res.text ? null : `answers as for a missing row: ${brief}`;
    }
    default:
      return null;
  }
}

/** The owner's rows as the owner (and its team's admin) read them: compared before and after the refused calls. */
async function ownersView(): Promise<Record<string, unknown>> {
  const reads: [string, Person, Record<string, string>][] = [
    ['/btz/bid/detail', owner, { id: ids.bid! }],
    ['/btz/bid/section/get', owner, { id: ids.bid!, nodeId: leafId }],
    ['/btz/bid/team', owner, { id: ids.bid! }],
    ['/btz/bid/page-settings/get', owner, { id: ids.bid! }],
    ['/btz/bid/comment/list', owner, { id: ids.bid!, nodeId: leafId }],
    ['/btz/bid/export/list', owner, { id: ids.bid! }],
    ['/btz/bid-order/pay-status', owner, { id: ids.order! }],
    ['/btz/picture/list', owner, {}],
    ['/btz/picture/extract/detail', owner, { id: ids.extraction! }],
    ['/btz/databank/detail', owner, { id: ids.databank! }],
    ['/btz/repository/detail', owner, { id: ids.repository! }],
    ['/btz/bidcheck/detail', owner, { id: ids.bidcheck! }],
    ['/btz/filetools/detail', owner, { id: ids.filetools! }],
    ['/btz/dupcheck/detail', owner, { id: ids.dupcheck! }],
    ['/btz/team/detail', admin, {}],
  ];
  const out: Record<string, unknown> = {};
  for (const [path, who, query] of reads) out[path] = (await t.api(path, { token: who.token, query })).json;
  // (messages: reading one as a stranger must not mark it read)
  out['/btz/message/list'] = (await t.api('/btz/message/list', { token: owner.token })).json;
  return out;
}

describe('the authorisation matrix', () => {
  it('every route is a call of the table or a listed non-call route; every call is a route', () => {
    // (Fastify adds a HEAD beside every GET)
    const routes = t.server.app.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    const calls = new Set(CALLS.map((c) => `POST /api${c.path}`));
    // the built web app's files (served when apps/web/dist exists: e2e and production)
    const dist = t.server.app.ctx.config.webDist;
    const isFile = (r: string) => r.startsWith('GET /') && existsSync(path.join(dist, r.slice(4))) && statSync(path.join(dist, r.slice(4))).isFile();
    expect(routes.filter((r) => !calls.has(r) && !(r in NOT_CALLS) && !isFile(r))).toEqual([]);
    expect([...calls].filter((c) => !routes.includes(c))).toEqual([]);
    expect(Object.keys(NOT_CALLS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('a call that names a row by id declares whose it is (bidAccess or ownedBy), and every request below passes its schemas', () => {
    const ID_FIELDS = ['id', 'bidId', 'userId'];
    // (public calls name the host tenant's public content; console calls are the operators', admin/matrix.test.ts)
    const undeclared = CALLS.filter((c) => c.auth && !c.bidAccess && !c.ownedBy)
      .filter((c) => [...Object.keys((c.query as any)?.shape ?? {}), ...Object.keys((c.body as any)?.shape ?? {})].some((k) => ID_FIELDS.includes(k)))
      .map((c) => c.path);
    expect(undeclared).toEqual([]);
    const bad: string[] = [];
    for (const c of CALLS.filter((x) => x.auth && (x.bidAccess || x.ownedBy))) {
      for (const missing of [false, true]) {
        const r = requestOf(c, missing);
        const q = c.query ? (c.query as z.ZodType).safeParse(r.query) : { success: true };
        const b = c.body ? (c.body as z.ZodType).safeParse(r.body) : { success: true };
        const f = c.fields ? (c.fields as z.ZodType).safeParse(r.fields) : { success: true };
        if (!q.success || !b.success || !f.success) bad.push(`${c.path}${missing ? ' (missing)' : ''}: ${JSON.stringify([q, b, f].map((x: any) => x.error?.issues))}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every call × every actor gets what its definition says, and the owner’s rows do not move', async () => {
    const before = await ownersView();
    const wrong: string[] = [];
    let made = 0;
    // the refusals first (nothing they send may change a row), then the reads of those allowed
    for (const pass of ['refusals', 'allowed'] as const) {
      for (const c of CALLS) {
        // the actors of one call at once (none of them changes anything another one reads)
        const walks = ACTORS.map(async (who) => {
          const want = expected(c, who);
          if (want.kind === 'console' || want.kind === 'own') return;
          if ((pass === 'allowed') !== (want.kind === 'allowed')) return;
          if (want.kind === 'allowed' && !isRead(c)) return;
          // a public call: once, without a token (some of them sign in or out)
          if (want.kind === 'public' && who !== 'anonymous') return;
          const res = await callAs(c, who);
          made++;
          const problem = await check(c, who, want, res);
          if (problem) wrong.push(`${who} × ${c.path}: ${problem}`);
        });
        await Promise.all(walks);
      }
      if (pass === 'refusals') expect(await ownersView()).toEqual(before);
    }
    if (wrong.length) console.log(wrong.join('\n'));
    expect(wrong).toEqual([]);
    expect(made).toBeGreaterThan(CALLS.length * 3);
  });

  it('the calls on the caller’s own rows answer a stranger none of the owner’s', async () => {
    const owned = Object.values(ids);
    const leaks: string[] = [];
    for (const c of CALLS.filter((x) => x.auth && !x.path.startsWith('/btz/admin/') && expected(x, 'otherUser').kind === 'own' && isRead(x))) {
      for (const who of STRANGERS) {
        const res = await callAs(c, who);
        if (res.status >= 500 || res.status === 401) leaks.push(`${who} × ${c.path}: ${res.status}`);
        const found = owned.filter((id) => res.text.includes(id));
        if (found.length) leaks.push(`${who} × ${c.path}: answers ${found.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
