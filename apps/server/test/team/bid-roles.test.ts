/**
 * The bid access rule set (modules/bid/access.ts) walked through every call on one bid, as the calls declare it
 * (`bidAccess` in @btz/shared/calls — the list comes from the call table, not from this file), for every role:
 * a member of another enterprise, a member of the team, the member a section is assigned to, the team's admin, and
 * the bid's owner (a member who wrote it in the enterprise role). (A stranger — another user, a member of another
 * enterprise, a user of another tenant — gets 「标书不存在」 on every call: the authorisation matrix,
 * security/authz-matrix.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as calls from '@btz/shared/calls';
import { BID_CHECK_TEXTS, BID_TEXTS, REVIEW_TEXTS, TEAM_TEXTS, TEXT } from '@btz/shared';
import type { AnyCall, AnyCall as Call } from '@btz/shared/calls';
import { startTestServer, type TestServer } from '../harness.js';
import { detail, tenderDocx, txtTender, uploadTender, waitParse } from '../bid/helpers.js';
import { addMember, ok, teamAdmin, type Person } from './helpers.js';
import { listenAs } from '../realtime/listen.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';

const clients: TestClient[] = [];

let t: TestServer;
let admin: Person;
let owner: Person;
let member: Person;
let assignee: Person;
let otherAdmin: Person;
let otherMember: Person;
let bidId: string;
let fileId: string;
let leafId: string;

/** Calls under /btz/bid/ that take no bid id: a new bid, the list, the calls on one export (by the export's id), and the caller's tasks and win rate across bids. */
const NOT_ON_ONE_BID = ['/btz/bid/upload-tender', '/btz/bid/list', '/btz/bid/export/get', '/btz/bid/export/file', '/btz/bid/my-tasks', '/btz/bid/win-rate'];

const BID_CALLS: Call[] = (Object.values(calls) as unknown[])
  .filter((g): g is Record<string, Call> => !!g && typeof g === 'object' && !('path' in g))
  .flatMap((g) => Object.values(g).filter((c): c is Call => !!c && typeof c === 'object' && 'path' in c && 'response' in c));
const ON_ONE_BID = BID_CALLS.filter((c) => c.bidAccess);

const REFUSALS: string[] = [BID_TEXTS.notFound, TEAM_TEXTS.noRightToChange, TEAM_TEXTS.sectionNotAssigned, REVIEW_TEXTS.locked];

/** A request that passes the call's own validation, built from its query's and body's field names. */
async function callAs(c: AnyCall, token: string, id = bidId): Promise<{ json: any; text: string }> {
  const shape: Record<string, unknown> = (c.query as any)?.shape ?? {};
  const values: Record<string, string | number> = { id, bidId: id, nodeId: leafId, fileId, page: 1, lot: '1', name: '新名字', userId: assignee.userId, passageId: '1', pick: 'none', revisionId: 'h1', dueDate: '2026-12-31', result: 'won' };
  const query = Object.fromEntries(Object.keys(shape).filter((k) => k in values).map((k) => [k, values[k]!]));
  if (c.fields) {
    const file = { name: '目录.txt', data: txtTender(['1 项目理解\n2 实施方案']) };
    return t.upload(c.path, { token, query, file, fields: c.path.endsWith('add-file') ? { role: 'amendment' } : {} });
  }
  const bodies: Record<string, unknown> = {
    '/btz/bid/outline/save': { nodes: (await detail(t, admin.token, bidId)).outline },
    '/btz/bid/outline/import': { text: '1 项目理解\n2 实施方案' },
    '/btz/bid/section/save': { revision: 0, html: '<p>由团队成员编写的一段正文。</p>' },
    '/btz/bid/section/ai': { action: 'polish', text: '这是一段需要润色的文字。' },
    '/btz/bid/section/restore': { revision: 0 },
    '/btz/bid/review/return': { comment: '请补充进度计划' },
    '/btz/bid/comment/add': { text: '请大家看一下这一节', mentions: [] },
    '/btz/bid/page-settings': await ok(t.api('/btz/bid/page-settings/get', { token: admin.token, query: { id: bidId } })),
  };
  return t.api(c.path, { token, query, ...(c.body ? { body: bodies[c.path] ?? {} } : {}) });
}

const msgOf = (r: { json: any }) => (r.json && typeof r.json === 'object' ? (r.json.msg as string | undefined) : undefined);

beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  admin = await teamAdmin(t);
  owner = await addMember(t, admin);
  member = await addMember(t, admin);
  assignee = await addMember(t, admin);
  otherAdmin = await teamAdmin(t);
  otherMember = await addMember(t, otherAdmin);
  // the owner writes it in the enterprise role: the team's bid
  bidId = await uploadTender(t, owner.token, { name: '招标文件.docx', data: await tenderDocx() });
  const d = await waitParse(t, owner.token, bidId);
  fileId = d.files[0]!.id;
  const leaf = (nodes: NonNullable<typeof d.outline>): string => (nodes[0]!.children?.length ? leaf(nodes[0]!.children) : nodes[0]!.id);
  leafId = leaf(d.outline!);
  await ok(t.api('/btz/bid/assign', { token: owner.token, query: { id: bidId, nodeId: leafId, userId: assignee.userId } }));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

describe('who may do what with a team’s bid', () => {
  it('every call on one bid declares its rule', () => {
    const undeclared = BID_CALLS.filter((c) => c.path.startsWith('/btz/bid/') && !c.bidAccess && !NOT_ON_ONE_BID.includes(c.path)).map((c) => c.path);
    expect(undeclared).toEqual([]);
    expect(ON_ONE_BID.length).toBeGreaterThan(30);
  });

  it('a member and the admin of another enterprise get 「标书不存在」 on every call, as for a bid that does not exist', async () => {
    const missing = '9'.repeat(bidId.length);
    // 废标检查 names a bid it may check as 「所选招标项目…」; every other call 「标书不存在」
    const notFound = (path: string) => (path === '/btz/bidcheck/bid' ? BID_CHECK_TEXTS.bidNotFound : BID_TEXTS.notFound);
    for (const c of ON_ONE_BID) {
      const none = await callAs(c, otherAdmin.token, missing);
      for (const who of [otherMember, otherAdmin]) {
        const res = await callAs(c, who.token);
        expect(res.json, `${c.path}: ${res.text}`).toEqual({ code: 400, success: false, data: null, msg: notFound(c.path) });
        expect(res.text, c.path).toBe(none.text);
      }
    }
    expect((await ok(t.api('/btz/bid/list', { token: otherMember.token }))).total).toBe(0);
    expect((await ok(t.api('/btz/bid/list', { token: otherAdmin.token }))).total).toBe(0);
  });

  it('a team member reads everything, changes nothing, edits no section', async () => {
    expect((await ok(t.api('/btz/bid/list', { token: member.token }))).records.map((r: any) => r.id)).toEqual([bidId]);
    for (const c of ON_ONE_BID) {
      const res = await callAs(c, member.token);
      const want = { read: undefined, change: TEAM_TEXTS.noRightToChange, section: TEAM_TEXTS.sectionNotAssigned }[c.bidAccess!];
      if (want) expect(res.json, `${c.path}: ${res.text}`).toEqual({ code: 400, success: false, data: null, msg: want });
      else expect(REFUSALS, `${c.path}: ${res.text}`).not.toContain(msgOf(res));
    }
  });

  it('the assignee edits its section, reads the rest, changes nothing else', async () => {
    for (const c of ON_ONE_BID) {
      const res = await callAs(c, assignee.token);
      if (c.bidAccess === 'change') expect(res.json, `${c.path}: ${res.text}`).toEqual({ code: 400, success: false, data: null, msg: TEAM_TEXTS.noRightToChange });
      else expect(REFUSALS, `${c.path}: ${res.text}`).not.toContain(msgOf(res));
    }
    const s = await ok(t.api('/btz/bid/section/get', { token: admin.token, query: { id: bidId, nodeId: leafId } }));
    expect(JSON.stringify(s.doc)).toContain('由团队成员编写的一段正文');
    // another section is not the assignee's
    const other = (await detail(t, admin.token, bidId)).outline!.at(-1)!;
    const otherLeaf = other.children?.length ? other.children.at(-1)!.id : other.id;
    const refused = await t.api('/btz/bid/section/save', { token: assignee.token, query: { id: bidId, nodeId: otherLeaf }, body: { revision: 0, html: '<p>x</p>' } });
    expect(refused.json).toMatchObject({ success: false, msg: TEAM_TEXTS.sectionNotAssigned });
    const log = await ok<any[]>(t.api('/btz/bid/activity', { token: member.token, query: { id: bidId } }));
    expect(log.map((e) => [e.action, e.userId])).toEqual(expect.arrayContaining([['edit', assignee.userId], ['assign', owner.userId], ['create', owner.userId], ['export', member.userId], ['export', assignee.userId]]));
  });

  it('presence: who has the bid open where reaches everyone on it over STOMP, and nobody outside the team', async () => {
    const listen = (u: Person) => listenAs(t.port, u, 'bid', clients);
    const [onMember, onOther] = await Promise.all([listen(member), listen(otherMember)]);
    const presence = (c: TestClient) =>
      c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: any }).filter((m) => m.kind === 'bid.presence').map((m) => m.data);
    await ok(t.api('/btz/bid/presence', { token: member.token, query: { id: bidId, nodeId: '' } }));
    const seen = await ok(t.api('/btz/bid/presence', { token: admin.token, query: { id: bidId, nodeId: leafId } }));
    expect(seen.viewers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: member.userId, nodeId: '' }),
        expect.objectContaining({ userId: admin.userId, nodeId: leafId }),
      ]),
    );
    await waitUntil(() => presence(onMember).some((p) => p.viewers.some((v: any) => v.userId === admin.userId && v.nodeId === leafId)), 10_000, 'bid.presence');
    const left = await ok(t.api('/btz/bid/presence', { token: admin.token, query: { id: bidId, leave: '1' } }));
    // (the walks above opened the bid as the member and the assignee too)
    expect(left.viewers.map((v: any) => v.userId)).toContain(member.userId);
    expect(left.viewers.map((v: any) => v.userId)).not.toContain(admin.userId);
    await waitUntil(() => presence(onMember).some((p) => !p.viewers.some((v: any) => v.userId === admin.userId)), 10_000, 'bid.presence after leaving');
    expect(presence(onOther)).toEqual([]);
  });

  it('an approved section refuses every section call to everyone — the admin and the owner included — until reopened', async () => {
    // the assignee's walk above submitted its section (it holds text)
    const team = await ok(t.api('/btz/bid/team', { token: member.token, query: { id: bidId } }));
    expect(team.reviews).toEqual([expect.objectContaining({ nodeId: leafId, state: 'submitted' })]);
    await ok(t.api('/btz/bid/review/approve', { token: owner.token, query: { id: bidId, nodeId: leafId } }));
    const sectionCalls = ON_ONE_BID.filter((c) => c.bidAccess === 'section');
    expect(sectionCalls.map((c) => c.path)).toEqual(expect.arrayContaining(['/btz/bid/section/save', '/btz/bid/section/restore', '/btz/bid/section/ai', '/btz/bid/review/submit']));
    for (const who of [assignee, owner, admin]) {
      for (const c of sectionCalls) {
        const res = await callAs(c, who.token);
        expect(res.json, `${c.path}: ${res.text}`).toEqual({ code: 400, success: false, data: null, msg: REVIEW_TEXTS.locked });
      }
    }
    // a member still reads it; reopening is the owner's or the admin's
    expect((await ok(t.api('/btz/bid/section/get', { token: member.token, query: { id: bidId, nodeId: leafId } }))).doc).toBeTruthy();
    await ok(t.api('/btz/bid/review/reopen', { token: admin.token, query: { id: bidId, nodeId: leafId } }));
    const after = await callAs(ON_ONE_BID.find((c) => c.path === '/btz/bid/section/save')!, assignee.token);
    expect(REFUSALS, after.text).not.toContain(msgOf(after));
  });

  it('the admin and the owner pass every rule (on a finished bid every change then answers read-only, not a refusal)', async () => {
    await t.server.db.db.updateTable('bids').set({ status: 'finished' }).where('id', '=', bidId).execute();
    for (const who of [admin, owner]) {
      for (const c of ON_ONE_BID) {
        const res = await callAs(c, who.token);
        expect(REFUSALS, `${c.path}: ${res.text}`).not.toContain(msgOf(res));
        // finishing twice is no change, and a result is marked on a finished bid
        if (c.bidAccess !== 'read' && c.path !== '/btz/bid/finish' && c.path !== '/btz/bid/result') {
          expect(res.json, `${c.path}: ${res.text}`).toMatchObject({ success: false, msg: TEXT.readOnlyBid });
        }
      }
    }
  });

  it('a member who leaves the team loses the team’s bids, its own included', async () => {
    await ok(t.api('/btz/team/remove-member', { token: admin.token, query: { userId: owner.userId } }));
    const gone = await t.api('/btz/bid/detail', { token: owner.token, query: { id: bidId } });
    expect(gone.json).toMatchObject({ success: false, msg: BID_TEXTS.notFound });
    expect((await ok(t.api('/btz/bid/list', { token: owner.token }))).total).toBe(0);
    expect((await ok(t.api('/btz/bid/list', { token: admin.token }))).records.map((r: any) => r.id)).toEqual([bidId]);
  });
});
