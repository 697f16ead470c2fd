/**
 * Review as RFP teams work (issue 27), over HTTP on the real server: the assignee submits a section, the owner or admin
 * returns it with a comment or approves it; an approved section is locked (save, restore, AI refused with a Chinese
 * reason) until reopened; due dates and 「我的任务」; comments with @member told in realtime and in 消息; a finished
 * bid's result and the enterprise's win rate. Every refusal by role, and another enterprise sees nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXTS, REVIEW_TEXTS, TEAM_TEXTS, TEXT, type BidOutlineNode, type BidTeam, type MessageList, type MyTask, type WinRate } from '@btz/shared';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { detail } from '../bid/helpers.js';
import { outlinedBid } from '../writing/helpers.js';
import { listenAs } from '../realtime/listen.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { addMember, ok, teamAdmin, type Person } from './helpers.js';

const clients: TestClient[] = [];
let t: TestServer;
let admin: Person;
let writer: Person;
let colleague: Person;
let otherAdmin: Person;
let bidId: string;
let leaf: string;
let leaf2: string;

const leaves = (nodes: readonly BidOutlineNode[]): string[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n.id]));

async function refused(p: Promise<{ json: any; text: string }>, msg: string) {
  const res = await p;
  expect(res.json, res.text).toMatchObject({ success: false, msg });
}
const call = (path: string, who: Person, query: Record<string, string>, body?: unknown) =>
  t.api(path, { token: who.token, query: { id: bidId, nodeId: leaf, ...query }, ...(body ? { body } : {}) });
const revisionOf = async (who: Person, nodeId = leaf) => (await ok(t.api('/btz/bid/section/get', { token: who.token, query: { id: bidId, nodeId } }))).revision as number;
const save = (who: Person, revision: number, text: string, nodeId = leaf) =>
  t.api('/btz/bid/section/save', { token: who.token, query: { id: bidId, nodeId }, body: { revision, html: `<p>${text}</p>` } });
const stateOf = (team: BidTeam, nodeId = leaf) => team.reviews.find((r) => r.nodeId === nodeId)?.state ?? 'todo';
const messages = (who: Person) => ok<MessageList>(t.api('/btz/message/list', { token: who.token }));

beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
  admin = await teamAdmin(t);
  writer = await addMember(t, admin);
  colleague = await addMember(t, admin);
  otherAdmin = await teamAdmin(t);
  bidId = await outlinedBid(t, admin.token);
  // two sections inside a chapter (a branch that can be regenerated)
  [leaf, leaf2] = (await detail(t, admin.token, bidId)).outline!.flatMap((n) => leaves(n.children ?? [])) as [string, string];
  await ok(t.api('/btz/bid/assign', { token: admin.token, query: { id: bidId, nodeId: leaf, userId: writer.userId } }));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

describe('a section’s review', () => {
  it('submit → return with a comment → resubmit → approve; each step only by whom it belongs to', async () => {
    await refused(call('/btz/bid/review/submit', writer, {}), REVIEW_TEXTS.emptySection);
    expect((await save(writer, await revisionOf(writer), '第一稿：施工组织设计。')).json.success).toBe(true);

    await refused(call('/btz/bid/review/submit', colleague, {}), TEAM_TEXTS.sectionNotAssigned);
    await refused(call('/btz/bid/review/approve', admin, {}), REVIEW_TEXTS.notSubmitted);
    const submitted = await ok<BidTeam>(call('/btz/bid/review/submit', writer, {}));
    expect(submitted.reviews).toEqual([expect.objectContaining({ nodeId: leaf, state: 'submitted', byName: expect.any(String) })]);
    await refused(call('/btz/bid/review/submit', writer, {}), REVIEW_TEXTS.notSubmittable);
    // the admin is told a section waits for review
    expect((await messages(admin)).records[0]).toMatchObject({ kind: 'submitted', bidId, nodeId: leaf, read: false });

    for (const who of [writer, colleague]) {
      await refused(call('/btz/bid/review/approve', who, {}), TEAM_TEXTS.noRightToChange);
      await refused(call('/btz/bid/review/return', who, {}, { comment: '不行' }), TEAM_TEXTS.noRightToChange);
    }
    const empty = await call('/btz/bid/review/return', admin, {}, { comment: '  ' });
    expect(empty.json).toMatchObject({ success: false });
    expect(empty.json.msg).toContain(REVIEW_TEXTS.commentRequired);

    const returned = await ok<BidTeam>(call('/btz/bid/review/return', admin, {}, { comment: '请补充施工进度计划' }));
    expect(returned.reviews[0]).toMatchObject({ state: 'returned', note: '请补充施工进度计划' });
    const told = await messages(writer);
    expect(told.records[0]).toMatchObject({ kind: 'returned', text: '请补充施工进度计划', bidId, nodeId: leaf, read: false });
    const thread = await ok<any[]>(t.api('/btz/bid/comment/list', { token: colleague.token, query: { id: bidId, nodeId: leaf } }));
    expect(thread.map((c) => c.text)).toContain('退回意见：请补充施工进度计划');

    // the writer edits and hands it in again; the admin approves
    expect((await save(writer, await revisionOf(writer), '第二稿：施工组织设计与进度计划。')).json.success).toBe(true);
    expect(stateOf(await ok(call('/btz/bid/review/submit', writer, {})))).toBe('submitted');
    const approved = await ok<BidTeam>(call('/btz/bid/review/approve', admin, {}));
    expect(stateOf(approved)).toBe('approved');
    expect((await messages(writer)).records[0]).toMatchObject({ kind: 'approved' });
    const log = await ok<any[]>(t.api('/btz/bid/activity', { token: colleague.token, query: { id: bidId } }));
    expect(log.filter((e) => e.nodeId === leaf).map((e) => e.action)).toEqual(expect.arrayContaining(['submit', 'return', 'approve']));
  });

  it('an approved section is locked for everyone — save, restore, AI — until the owner or admin reopens it', async () => {
    const rev = await revisionOf(admin);
    for (const who of [writer, admin]) {
      await refused(save(who, rev, '锁定后的修改'), REVIEW_TEXTS.locked);
      await refused(call('/btz/bid/section/restore', who, { revisionId: 'h1' }, { revision: rev }), REVIEW_TEXTS.locked);
      await refused(call('/btz/bid/section/ai', who, {}, { action: 'polish', text: '这是一段需要润色的文字。' }), REVIEW_TEXTS.locked);
    }
    await refused(call('/btz/bid/review/submit', writer, {}), REVIEW_TEXTS.locked);
    const text = JSON.stringify((await ok(t.api('/btz/bid/section/get', { token: writer.token, query: { id: bidId, nodeId: leaf } }))).doc);
    expect(text).toContain('第二稿');
    expect(text).not.toContain('锁定后的修改');

    // nor can an outline change drop or rename it: importing another, saving without it or renamed
    const outline = (await detail(t, admin.token, bidId)).outline!;
    const title = (function find(ns: readonly BidOutlineNode[]): string | undefined {
      for (const n of ns) if (n.id === leaf) return n.title; else { const f = n.children && find(n.children); if (f) return f; }
      return undefined;
    })(outline)!;
    const locked = REVIEW_TEXTS.lockedInOutline(title);
    const without = (ns: readonly BidOutlineNode[]): BidOutlineNode[] => ns.filter((n) => n.id !== leaf).map((n) => ({ ...n, children: without(n.children ?? []) }));
    const renamed = (ns: readonly BidOutlineNode[]): BidOutlineNode[] => ns.map((n) => ({ ...n, title: n.id === leaf ? '改名' : n.title, children: renamed(n.children ?? []) }));
    const branch = outline.find((n) => JSON.stringify(n).includes(`"${leaf}"`))!.id;
    await refused(t.api('/btz/bid/outline/import', { token: admin.token, query: { id: bidId }, body: { text: '1 项目理解\n2 服务方案' } }), locked);
    await refused(t.api('/btz/bid/outline/save', { token: admin.token, query: { id: bidId }, body: { nodes: without(outline) } }), locked);
    await refused(t.api('/btz/bid/outline/save', { token: admin.token, query: { id: bidId }, body: { nodes: renamed(outline) } }), locked);
    expect(JSON.stringify((await detail(t, admin.token, bidId)).outline)).toBe(JSON.stringify(outline));
    // the rest of the outline stays the owner's to arrange: regenerating the chapter keeps the section (its id and title)
    const regenerated = await t.api('/btz/bid/outline/regenerate', { token: admin.token, query: { id: bidId, nodeId: branch } });
    expect(JSON.stringify(regenerated.json.data.outline)).toContain(`"id":"${leaf}","title":${JSON.stringify(title)}`);
    expect((await t.api('/btz/bid/outline/save', { token: admin.token, query: { id: bidId }, body: { nodes: outline } })).json.success).toBe(true);

    await refused(call('/btz/bid/review/reopen', writer, {}), TEAM_TEXTS.noRightToChange);
    expect(stateOf(await ok(call('/btz/bid/review/reopen', admin, {})))).toBe('todo');
    await refused(call('/btz/bid/review/reopen', admin, {}), REVIEW_TEXTS.notApproved);
    expect((await messages(writer)).records[0]).toMatchObject({ kind: 'reopened' });
    expect((await save(writer, rev, '第三稿')).json.success).toBe(true);
  });

  it('due dates: set by the owner or admin; 「我的任务」 lists the member’s sections with the overdue ones marked', async () => {
    await refused(call('/btz/bid/review/due', writer, { dueDate: '2026-12-31' }), TEAM_TEXTS.noRightToChange);
    const bad = await call('/btz/bid/review/due', admin, { dueDate: '31/12/2026' });
    expect(bad.json.msg).toContain(REVIEW_TEXTS.badDate);
    const set = await ok<BidTeam>(call('/btz/bid/review/due', admin, { dueDate: '2020-01-15' }));
    expect(set.reviews.find((r) => r.nodeId === leaf)).toMatchObject({ dueDate: '2020-01-15' });
    await ok(call('/btz/bid/review/due', admin, { nodeId: leaf2, dueDate: '2099-06-30' }));

    // a section of another bid of the team, assigned to the same member: 「我的任务」 spans the bids, earliest due first
    const otherBid = await outlinedBid(t, admin.token);
    const otherLeaf = leaves((await detail(t, admin.token, otherBid)).outline!)[0]!;
    await ok(t.api('/btz/bid/assign', { token: admin.token, query: { id: otherBid, nodeId: otherLeaf, userId: writer.userId } }));
    await ok(t.api('/btz/bid/review/due', { token: admin.token, query: { id: otherBid, nodeId: otherLeaf, dueDate: '2099-01-10' } }));

    const tasks = await ok<MyTask[]>(t.api('/btz/bid/my-tasks', { token: writer.token }));
    const name = (await detail(t, admin.token, bidId)).name;
    expect(tasks).toEqual([
      expect.objectContaining({ bidId, bidName: name, nodeId: leaf, state: 'todo', dueDate: '2020-01-15', overdue: true, finished: false }),
      expect.objectContaining({ bidId: otherBid, nodeId: otherLeaf, state: 'todo', dueDate: '2099-01-10', overdue: false, finished: false }),
    ]);
    expect(tasks[0]!.sectionTitle.length).toBeGreaterThan(0);
    // leaf2 is nobody's: in no one's tasks; the colleague has none; another enterprise none
    expect(await ok(t.api('/btz/bid/my-tasks', { token: colleague.token }))).toEqual([]);
    expect(await ok(t.api('/btz/bid/my-tasks', { token: otherAdmin.token }))).toEqual([]);
    await ok(call('/btz/bid/review/due', admin, { dueDate: '' }));
    // without a due date it goes last
    const after = await ok<MyTask[]>(t.api('/btz/bid/my-tasks', { token: writer.token }));
    expect(after.map((x) => [x.bidId, x.dueDate, x.overdue])).toEqual([[otherBid, '2099-01-10', false], [bidId, '', false]]);
  });

  it('a personal bid has no review', async () => {
    const solo = await newUser(t);
    const own = await outlinedBid(t, solo.token);
    const l = leaves((await detail(t, solo.token, own)).outline!)[0]!;
    await refused(t.api('/btz/bid/review/due', { token: solo.token, query: { id: own, nodeId: l, dueDate: '2026-12-01' } }), REVIEW_TEXTS.personalBid);
  });
});

describe('comments with @member and 消息', () => {
  it('a comment @mentions a member: told over STOMP and in 消息 with the unread count; marked read', async () => {
    const [onBid, onNotice] = await Promise.all([listenAs(t.port, writer, 'bid', clients), listenAs(t.port, writer, 'notice', clients)]);
    const before = (await messages(writer)).unread;
    const thread = await ok<any[]>(
      call('/btz/bid/comment/add', colleague, {}, { text: '@写手 请核对第二节的工期', mentions: [writer.userId] }),
    );
    expect(thread.at(-1)).toMatchObject({ userId: colleague.userId, text: '@写手 请核对第二节的工期', mentions: [expect.objectContaining({ userId: writer.userId })] });
    const kinds = (c: TestClient) => c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: any });
    await waitUntil(() => kinds(onBid).some((m) => m.kind === 'bid.message' && m.data.kind === 'mention'), 10_000, 'bid.message');
    expect(kinds(onBid).find((m) => m.kind === 'bid.message')!.data).toMatchObject({ bidId, nodeId: leaf, text: '@写手 请核对第二节的工期', read: false });
    await waitUntil(() => kinds(onNotice).some((m) => m.kind === 'dm.count' && m.data.count === before + 1), 10_000, 'dm.count');

    const list = await messages(writer);
    expect(list.unread).toBe(before + 1);
    const mention = list.records.find((m) => m.kind === 'mention')!;
    expect(mention).toMatchObject({ bidId, nodeId: leaf, text: '@写手 请核对第二节的工期', read: false });
    expect(mention.sectionTitle.length).toBeGreaterThan(0);
    const one = await ok<MessageList>(t.api('/btz/message/read', { token: writer.token, query: { id: mention.id } }));
    expect(one.unread).toBe(before);
    expect(one.records.find((m) => m.id === mention.id)!.read).toBe(true);
    expect((await ok<MessageList>(t.api('/btz/message/read', { token: writer.token }))).unread).toBe(0);
    // someone else's message cannot be marked
    await refused(t.api('/btz/message/read', { token: colleague.token, query: { id: mention.id } }), REVIEW_TEXTS.messageNotFound);
    // the commenter is not told of its own comment
    expect((await messages(colleague)).records.some((m) => m.kind === 'mention')).toBe(false);
  });

  it('only team members can be mentioned; another enterprise neither reads nor writes comments', async () => {
    await refused(call('/btz/bid/comment/add', colleague, {}, { text: '外人', mentions: [otherAdmin.userId] }), REVIEW_TEXTS.mentionNotMember);
    await refused(call('/btz/bid/comment/list', otherAdmin, {}), BID_TEXTS.notFound);
    await refused(call('/btz/bid/comment/add', otherAdmin, {}, { text: '看看' }), BID_TEXTS.notFound);
    expect((await messages(otherAdmin)).records).toEqual([]);
  });
});

describe('bid results and the win rate', () => {
  it('a finished bid is marked 中标 / 未中标 / 废标 by the owner or admin; the enterprise sees its win rate by month and domain', async () => {
    await refused(t.api('/btz/bid/result', { token: admin.token, query: { id: bidId, result: 'won', date: '2026-10-08' } }), REVIEW_TEXTS.notFinished);
    const second = await outlinedBid(t, admin.token);
    const third = await outlinedBid(t, admin.token);
    await t.server.db.db.updateTable('bids').set({ status: 'finished' }).where('id', 'in', [bidId, second, third]).execute();
    // a finished bid refuses edits, but its result is marked
    await refused(save(admin, 0, 'x', leaf2), TEXT.readOnlyBid);
    await refused(t.api('/btz/bid/result', { token: writer.token, query: { id: bidId, result: 'won', date: '2026-10-08' } }), TEAM_TEXTS.noRightToChange);
    await refused(t.api('/btz/bid/result', { token: otherAdmin.token, query: { id: bidId, result: 'won', date: '2026-10-08' } }), BID_TEXTS.notFound);
    await refused(t.api('/btz/bid/result', { token: admin.token, query: { id: bidId, result: 'won', date: '2999-01-01' } }), REVIEW_TEXTS.futureDate);

    const won = await ok<BidTeam>(t.api('/btz/bid/result', { token: admin.token, query: { id: bidId, result: 'won', date: '2026-10-08' } }));
    expect(won.outcome).toMatchObject({ result: 'won', date: '2026-10-08', domain: expect.any(String) });
    expect(won.outcome!.domain.length).toBeGreaterThan(0);
    await ok(t.api('/btz/bid/result', { token: admin.token, query: { id: second, result: 'lost', date: '2026-10-20' } }));
    await ok(t.api('/btz/bid/result', { token: admin.token, query: { id: third, result: 'void', date: '2026-09-02' } }));

    const rate = await ok<WinRate>(t.api('/btz/bid/win-rate', { token: writer.token }));
    expect(rate.total).toMatchObject({ won: 1, lost: 1, void: 1, rate: 50 });
    expect(rate.byMonth).toEqual([
      expect.objectContaining({ key: '2026-10', label: '2026年10月', won: 1, lost: 1, void: 0, rate: 50 }),
      expect.objectContaining({ key: '2026-09', won: 0, lost: 0, void: 1, rate: null }),
    ]);
    // the three bids come from the same tender: one domain
    expect(rate.byDomain).toEqual([expect.objectContaining({ label: won.outcome!.domain, won: 1, lost: 1, void: 1 })]);
    // taking a result back
    await ok(t.api('/btz/bid/result', { token: admin.token, query: { id: third, result: '' } }));
    expect((await ok<WinRate>(t.api('/btz/bid/win-rate', { token: admin.token }))).total).toMatchObject({ void: 0 });
    // another enterprise sees only its own (none); a user in no team is told so
    expect((await ok<WinRate>(t.api('/btz/bid/win-rate', { token: otherAdmin.token }))).total).toMatchObject({ won: 0, lost: 0, void: 0, rate: null });
    const solo = await newUser(t);
    await refused(t.api('/btz/bid/win-rate', { token: solo.token }), REVIEW_TEXTS.noTeam);
  });
});
