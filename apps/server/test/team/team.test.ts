/**
 * Team membership (issue 27 "Teams"): the admin invites by phone and by link, the invited person logs in and joins,
 * the admin removes members and hands over the role; get-info's isTeamAdmin / isEmployee / team / rights follow, and
 * members spend the team's copies with the ledger naming who spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAGS, TEAM_RIGHTS, TEAM_TEXTS, type BidOutlineNode } from '@btz/shared';
import { newUser, startTestServer, uniquePhone, type TestServer } from '../harness.js';
import { addMember, ok, teamAdmin } from './helpers.js';
import { outlinedBid, waitWritten } from '../writing/helpers.js';
import { detail } from '../bid/helpers.js';
import { listenAs } from '../realtime/listen.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { confirmSandbox, opt, payOrder } from '../commerce/helpers.js';

const clients: TestClient[] = [];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t?.close();
});

const leaves = (nodes: readonly BidOutlineNode[]): string[] => nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n.id]));
const info = (token: string) => ok(t.api('/btz/user/get-info', { token }));
const team = (token: string) => t.api('/btz/team/detail', { token });

describe('team membership', () => {
  it('the admin invites a phone; that person logs in, sees the invitation, joins, and get-info says so', async () => {
    const admin = await teamAdmin(t);
    expect(await info(admin.token)).toMatchObject({ isTeamAdmin: 1, isEmployee: 0, rights: expect.arrayContaining([TEAM_RIGHTS.manage, TEAM_RIGHTS.assign]) });
    const phone = uniquePhone();
    await ok(t.api('/btz/team/invite-phone', { token: admin.token, query: { phone } }));
    const again = await t.api('/btz/team/invite-phone', { token: admin.token, query: { phone } });
    expect(again.json).toMatchObject({ success: false, msg: TEAM_TEXTS.alreadyInvited });
    const pending = await ok(team(admin.token));
    expect(pending.invites).toEqual([expect.objectContaining({ kind: 'phone', maskPhone: `${phone.slice(0, 3)}****${phone.slice(7)}` })]);

    // someone else cannot use that invitation's code
    const stranger = await newUser(t);
    const stolen = await t.api('/btz/team/join', { token: stranger.token, query: { code: pending.invites[0].code } });
    expect(stolen.json).toMatchObject({ success: false, msg: TEAM_TEXTS.invitePhoneMismatch });

    const m = await newUser(t, { phone });
    const invitations = await ok<any[]>(t.api('/btz/team/invitations', { token: m.token }));
    expect(invitations).toEqual([expect.objectContaining({ code: pending.invites[0].code })]);
    const joined = await ok(t.api('/btz/team/join', { token: m.token, query: { code: invitations[0].code } }));
    expect(joined.members.map((x: any) => [x.userId, x.role])).toEqual([
      [admin.userId, 'admin'],
      [m.userId, 'member'],
    ]);
    expect(joined).toMatchObject({ isAdmin: false, invites: [], inviteUrl: '' });
    expect(await info(m.token)).toMatchObject({ isTeamAdmin: 0, isEmployee: 1, loginRole: 1, team: { id: joined.id }, rights: [TEAM_RIGHTS.read] });
    expect((await ok(team(admin.token))).invites).toEqual([]);
    // a member cannot invite
    const byMember = await t.api('/btz/team/invite-phone', { token: m.token, query: { phone: uniquePhone() } });
    expect(byMember.json).toMatchObject({ success: false, msg: TEAM_TEXTS.adminOnly });
  });

  it('the join link lets anyone who logs in join until the admin renews it', async () => {
    const admin = await teamAdmin(t);
    const d = await ok(t.api('/btz/team/renew-link', { token: admin.token }));
    expect(d.inviteUrl).toMatch(/\/workbench\/team\?join=[A-Z0-9]{8}$/);
    const code = new URL(d.inviteUrl).searchParams.get('join')!;
    const a = await newUser(t);
    expect(await ok(t.api('/btz/team/invitations', { token: a.token, query: { code } }))).toEqual([expect.objectContaining({ code })]);
    await ok(t.api('/btz/team/join', { token: a.token, query: { code } }));
    const b = await newUser(t);
    await ok(t.api('/btz/team/join', { token: b.token, query: { code } }));
    expect((await ok(team(admin.token))).members).toHaveLength(3);
    const renewed = await ok(t.api('/btz/team/renew-link', { token: admin.token }));
    expect(renewed.inviteUrl).not.toBe(d.inviteUrl);
    const late = await newUser(t);
    const refused = await t.api('/btz/team/join', { token: late.token, query: { code } });
    expect(refused.json).toMatchObject({ success: false, msg: TEAM_TEXTS.inviteNotFound });
  });

  it('a member of another team cannot join; an admin whose own team is empty can', async () => {
    const a1 = await teamAdmin(t);
    const a2 = await teamAdmin(t);
    const m1 = await addMember(t, a1);
    const link = new URL((await ok(t.api('/btz/team/renew-link', { token: a2.token }))).inviteUrl).searchParams.get('join')!;
    const other = await t.api('/btz/team/join', { token: m1.token, query: { code: link } });
    expect(other.json).toMatchObject({ success: false, msg: TEAM_TEXTS.inOtherTeam });
    // a1's team has a member: a1 cannot leave it by joining another
    const busy = await t.api('/btz/team/join', { token: a1.token, query: { code: link } });
    expect(busy.json).toMatchObject({ success: false, msg: TEAM_TEXTS.ownTeamNotEmpty });
    // an admin with nobody and nothing in its team can
    const solo = await teamAdmin(t);
    await ok(t.api('/btz/team/join', { token: solo.token, query: { code: link } }));
    expect(await info(solo.token)).toMatchObject({ isTeamAdmin: 0, isEmployee: 1 });
  });

  it('the admin removes a member and hands over the role; the old admin becomes a member', async () => {
    const admin = await teamAdmin(t);
    const m1 = await addMember(t, admin);
    const m2 = await addMember(t, admin);
    const self = await t.api('/btz/team/remove-member', { token: admin.token, query: { userId: admin.userId } });
    expect(self.json).toMatchObject({ success: false, msg: TEAM_TEXTS.cannotRemoveAdmin });
    const byMember = await t.api('/btz/team/remove-member', { token: m1.token, query: { userId: m2.userId } });
    expect(byMember.json).toMatchObject({ success: false, msg: TEAM_TEXTS.adminOnly });

    const after = await ok(t.api('/btz/team/remove-member', { token: admin.token, query: { userId: m2.userId } }));
    expect(after.members.map((x: any) => x.userId)).toEqual([admin.userId, m1.userId]);
    expect(await info(m2.token)).toMatchObject({ isEmployee: 0, isTeamAdmin: 0, loginRole: 0, team: null });
    expect((await team(m2.token)).json).toMatchObject({ success: false, msg: TEAM_TEXTS.notInTeam });

    const leaveAdmin = await t.api('/btz/team/leave', { token: admin.token });
    expect(leaveAdmin.json).toMatchObject({ success: false, msg: TEAM_TEXTS.adminCannotLeave });
    const handed = await ok(t.api('/btz/team/transfer-admin', { token: admin.token, query: { userId: m1.userId } }));
    expect(handed.members.map((x: any) => [x.userId, x.role])).toEqual([
      [m1.userId, 'admin'],
      [admin.userId, 'member'],
    ]);
    expect(await info(m1.token)).toMatchObject({ isTeamAdmin: 1, isEmployee: 0 });
    expect(await info(admin.token)).toMatchObject({ isTeamAdmin: 0, isEmployee: 1 });
    // the old admin is an ordinary member now, and may leave
    await ok(t.api('/btz/team/leave', { token: admin.token }));
    expect((await ok(team(m1.token))).members.map((x: any) => x.userId)).toEqual([m1.userId]);
  });

  it('members share the team’s copies; the ledger names who spent each', async () => {
    const admin = await teamAdmin(t);
    const m = await addMember(t, admin);
    const teamRow = await t.server.db.db.selectFrom('users').select('enterprise_id').where('id', '=', admin.userId).executeTakeFirstOrThrow();
    await t.server.db.db.updateTable('enterprises').set({ common_bid_number: 3 }).where('id', '=', teamRow.enterprise_id!).execute();
    expect(await info(m.token)).toMatchObject({ commonBidNumber: 3 });
    expect(await info(admin.token)).toMatchObject({ commonBidNumber: 3 });
    const { spendCopy } = await import('../../src/modules/entitlements/index.js');
    const tenantId = (await info(m.token)).tenantId as string;
    await t.server.db.db.transaction().execute((trx) => spendCopy(trx, { tenantId, userId: m.userId, bidType: 1 }));
    await t.server.db.db.transaction().execute((trx) => spendCopy(trx, { tenantId, userId: admin.userId, bidType: 1 }));
    expect(await info(admin.token)).toMatchObject({ commonBidNumber: 1 });
    const ledger = await t.server.db.db
      .selectFrom('entitlement_ledger')
      .select(['actor_user_id', 'holder_type', 'holder_id', 'delta'])
      .where('holder_id', '=', teamRow.enterprise_id!)
      .where('kind', '=', 'spend')
      .execute();
    expect(ledger.map((r) => r.actor_user_id).sort()).toEqual([admin.userId, m.userId].sort());
    expect(ledger.every((r) => r.holder_type === 'enterprise' && r.delta === -1)).toBe(true);
  });

  it('the enterprise VIP the admin buys is every member’s (get-info), not a member’s own in the personal role; a member’s start is recorded under its name', async () => {
    const admin = await teamAdmin(t);
    const m = await addMember(t, admin);
    expect(await info(m.token)).toMatchObject({ isVip: FLAGS.notVip, privilegeList: [], vipExpiryTime: '' });
    const order = await payOrder(t, admin.token, { optionId: opt('ent-pro'), number: 1 });
    expect(order.success, JSON.stringify(order)).toBe(true);
    expect((await confirmSandbox(t, order.data.codeUrl)).status).toBe(200);
    const a = await info(admin.token);
    expect(a).toMatchObject({ isVip: FLAGS.vip, loginRole: 1 });
    expect(a.privilegeList).toContain('bid_common');
    expect(a.vipExpiryTime).not.toBe('');
    expect(await info(m.token)).toMatchObject({ isVip: FLAGS.vip, privilegeList: a.privilegeList, vipExpiryTime: a.vipExpiryTime, team: { id: a.team.id } });
    // in the personal role a member has its own entitlements (none), and back in the enterprise role the team's
    await ok(t.api('/btz/user/switch-role', { token: m.token, query: { loginRole: 0 } }));
    expect(await info(m.token)).toMatchObject({ isVip: FLAGS.notVip, privilegeList: [], loginRole: 0 });
    await ok(t.api('/btz/user/switch-role', { token: m.token, query: { loginRole: 1 } }));
    expect(await info(m.token)).toMatchObject({ isVip: FLAGS.vip, isEmployee: 1, team: { id: a.team.id } });

    // the member writes a bid of the team: the start is the enterprise's VIP, the ledger names the member
    const id = await outlinedBid(t, m.token);
    await ok(t.api('/btz/bid/write/start', { token: m.token, query: { id } }));
    await ok(t.api('/btz/bid/write/cancel', { token: m.token, query: { id } }));
    await waitWritten(t, m.token, id);
    const spent = await t.server.db.db
      .selectFrom('entitlement_ledger')
      .select(['actor_user_id', 'holder_type', 'holder_id', 'field', 'reason'])
      .where('kind', '=', 'spend')
      .where('ref', '=', id)
      .execute();
    expect(spent).toEqual([{ actor_user_id: m.userId, holder_type: 'enterprise', holder_id: a.team.id, field: 'vip', reason: 'bid_start_vip' }]);
    // and the bid's activity log, which the admin reads, says who created and started writing it
    const log = await ok<{ action: string; userId: string }[]>(t.api('/btz/bid/activity', { token: admin.token, query: { id } }));
    expect(log.map((e) => [e.action, e.userId])).toEqual(expect.arrayContaining([['create', m.userId], ['write', m.userId]]));
  });

  it('a member who has the bid open sees its writing live (progress, sections, text); a member who has not, does not', async () => {
    const admin = await teamAdmin(t);
    const watching = await addMember(t, admin);
    const away = await addMember(t, admin);
    const teamRow = await t.server.db.db.selectFrom('users').select('enterprise_id').where('id', '=', admin.userId).executeTakeFirstOrThrow();
    await t.server.db.db.updateTable('enterprises').set({ common_bid_number: 1 }).where('id', '=', teamRow.enterprise_id!).execute();
    const id = await outlinedBid(t, admin.token);
    const [onWatching, onAway] = await Promise.all([listenAs(t.port, watching, 'bid', clients), listenAs(t.port, away, 'bid', clients)]);
    await ok(t.api('/btz/bid/presence', { token: watching.token, query: { id, nodeId: '' } }));
    await ok(t.api('/btz/bid/write/start', { token: admin.token, query: { id } }));
    const kinds = (c: TestClient) => c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: any }).filter((m) => m.data?.bidId === id);
    // the first section written is enough to see the stream; the rest is cancelled
    await waitUntil(() => kinds(onWatching).some((m) => m.kind === 'bid.section' && m.data.state === 'written'), 240_000, 'a written section, heard by the member watching');
    await ok(t.api('/btz/bid/write/cancel', { token: admin.token, query: { id } }));
    await waitWritten(t, admin.token, id);
    const heard = kinds(onWatching);
    expect(heard.some((m) => m.kind === 'bid.section' && m.data.state === 'writing')).toBe(true);
    expect(heard.some((m) => m.kind === 'bid.delta' && m.data.text)).toBe(true);
    expect(heard.some((m) => m.kind === 'bid.progress' && m.data.done >= 1)).toBe(true);
    expect(kinds(onAway)).toEqual([]);
  });

  it('a member’s save reaches everyone else who has the bid open — the outline’s state and the new revision — not the saver, not a member who has not', async () => {
    const admin = await teamAdmin(t);
    const writer = await addMember(t, admin);
    const away = await addMember(t, admin);
    const id = await outlinedBid(t, admin.token);
    const leaf = leaves((await detail(t, admin.token, id)).outline!)[0]!;
    await ok(t.api('/btz/bid/assign', { token: admin.token, query: { id, nodeId: leaf, userId: writer.userId } }));
    const [onAdmin, onWriter, onAway] = (await Promise.all([admin, writer, away].map((p) => listenAs(t.port, p, 'bid', clients)))) as [TestClient, TestClient, TestClient];
    // the admin and the writer have the bid open (the workspace reports presence); the other member has not
    await ok(t.api('/btz/bid/presence', { token: admin.token, query: { id, nodeId: '' } }));
    await ok(t.api('/btz/bid/presence', { token: writer.token, query: { id, nodeId: leaf } }));
    const sec = await ok<{ revision: number }>(t.api('/btz/bid/section/get', { token: writer.token, query: { id, nodeId: leaf } }));
    const saved = await ok<{ revision: number; chars: number }>(
      t.api('/btz/bid/section/save', { token: writer.token, query: { id, nodeId: leaf }, body: { revision: sec.revision, html: '<p>成员写的施工组织说明。</p>' } }),
    );
    const sections = (c: TestClient) =>
      c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: any }).filter((m) => m.kind === 'bid.section' && m.data?.bidId === id);
    await waitUntil(() => sections(onAdmin).length >= 1, 60_000, 'the member’s save, heard by the admin');
    expect(sections(onAdmin).map((m) => m.data)).toEqual([{ bidId: id, nodeId: leaf, state: 'edited', chars: saved.chars, revision: saved.revision }]);
    // what the admin's outline reads after the message agrees with it
    const progress = await ok<{ sections: { nodeId: string; state: string }[] }>(t.api('/btz/bid/write/progress', { token: admin.token, query: { id } }));
    expect(progress.sections.find((s) => s.nodeId === leaf)?.state).toBe('edited');

    // the admin saves another section: the writer, who has the bid open, hears it; the admin does not hear its own save
    const other = leaves((await detail(t, admin.token, id)).outline!)[1]!;
    const sec2 = await ok<{ revision: number }>(t.api('/btz/bid/section/get', { token: admin.token, query: { id, nodeId: other } }));
    await ok(t.api('/btz/bid/section/save', { token: admin.token, query: { id, nodeId: other }, body: { revision: sec2.revision, html: '<p>管理员补充。</p>' } }));
    await waitUntil(() => sections(onWriter).length >= 1, 60_000, 'the admin’s save, heard by the writer');
    expect(sections(onWriter).map((m) => m.data.nodeId)).toEqual([other]);
    expect(sections(onAdmin).map((m) => m.data.nodeId)).toEqual([leaf]);
    expect(sections(onAway)).toEqual([]);
  });

  it('a member removed while the bid is open, and a writer who left the team, hear nothing of its writing and are no viewers', async () => {
    const admin = await teamAdmin(t);
    const writer = await addMember(t, admin);
    const viewer = await addMember(t, admin);
    const teamRow = await t.server.db.db.selectFrom('users').select('enterprise_id').where('id', '=', admin.userId).executeTakeFirstOrThrow();
    await t.server.db.db.updateTable('enterprises').set({ common_bid_number: 1 }).where('id', '=', teamRow.enterprise_id!).execute();
    // the member writes it in the enterprise role: the team's bid
    const id = await outlinedBid(t, writer.token);
    const [onAdmin, onWriter, onViewer] = (await Promise.all([admin, writer, viewer].map((p) => listenAs(t.port, p, 'bid', clients)))) as [TestClient, TestClient, TestClient];
    await ok(t.api('/btz/bid/presence', { token: viewer.token, query: { id, nodeId: '' } }));
    await ok(t.api('/btz/bid/presence', { token: writer.token, query: { id, nodeId: '' } }));
    await ok(t.api('/btz/team/remove-member', { token: admin.token, query: { userId: viewer.userId } }));
    await ok(t.api('/btz/team/leave', { token: writer.token }));
    const seen = await ok<{ viewers: { userId: string }[] }>(t.api('/btz/bid/presence', { token: admin.token, query: { id, nodeId: '' } }));
    expect(seen.viewers.map((v) => v.userId)).toEqual([admin.userId]);
    await ok(t.api('/btz/bid/write/start', { token: admin.token, query: { id } }));
    const kinds = (c: TestClient) => c.messages.map((m) => JSON.parse(m.body) as { kind: string; data: any }).filter((m) => m.data?.bidId === id);
    await waitUntil(() => kinds(onAdmin).some((m) => m.kind === 'bid.section' && m.data.state === 'written'), 240_000, 'a written section, heard by the admin');
    await ok(t.api('/btz/bid/write/cancel', { token: admin.token, query: { id } }));
    await waitWritten(t, admin.token, id);
    expect(kinds(onAdmin).some((m) => m.kind === 'bid.delta')).toBe(true);
    expect(kinds(onViewer).filter((m) => m.kind !== 'bid.presence')).toEqual([]);
    expect(kinds(onWriter).filter((m) => m.kind !== 'bid.presence')).toEqual([]);
  });
});
