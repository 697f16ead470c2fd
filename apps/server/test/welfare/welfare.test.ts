/**
 * The welfare centre over HTTP (issue 27): tasks read their state from what the user did, a done task's reward is
 * granted once however often (and however concurrently) it is pressed, rewards come from the brand's rows in the
 * database, and the ShareDialog's poster is a PNG drawn on the server with the user's invite link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { WELFARE_TEXT } from '@btz/shared';
import { OPERATOR_AUTH_HEADER } from '@btz/shared/calls';
import { asOperator, signInSuper } from '../admin/helpers.js';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { TENANT, db } from '../commerce/helpers.js';
import { txtTender, uploadTender } from '../bid/helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const tasks = async (token: string) => {
  const res = await t.api('/btz/welfare/tasks', { token });
  expect(res.json, res.text).toMatchObject({ success: true });
  return res.json.data as { tasks: { code: string; state: string; reward: string; claimTime: string }[]; summary: Record<string, unknown> };
};
const stateOf = async (token: string, code: string) => (await tasks(token)).tasks.find((x) => x.code === code)?.state;
const claim = (token: string, code: string) => t.api('/btz/welfare/claim', { token, query: { code } });
const copiesOf = async (userId: string) =>
  (await db(t).selectFrom('users').select('common_bid_number').where('id', '=', userId).executeTakeFirstOrThrow()).common_bid_number;
const taskCoupons = (userId: string) => db(t).selectFrom('user_coupons').selectAll().where('user_id', '=', userId).where('source', '=', 'task').execute();
const inviteCode = async (token: string) => (await t.api('/btz/user/get-info', { token })).json.data.inviteCode as string;

describe('welfare centre', () => {
  it('a new user sees the brand\'s six tasks to do; a task not done cannot be claimed', async () => {
    const u = await newUser(t);
    const o = await tasks(u.token);
    expect(o.tasks.map((x) => x.code)).toEqual(['profile', 'enterprise', 'tender', 'bid_finished', 'invite', 'share']);
    expect(o.tasks.every((x) => x.state === 'todo' && x.claimTime === '')).toBe(true);
    expect(o.tasks.find((x) => x.code === 'profile')!.reward).toBe('任务奖励券 ¥20（满99元可用）');
    expect(o.tasks.find((x) => x.code === 'invite')!.reward).toBe('普通版标书 1 份');
    expect(o.summary).toEqual({ total: 6, done: 0, claimed: 0, earned: [] });
    const r = await claim(u.token, 'profile');
    expect(r.json).toMatchObject({ success: false, msg: WELFARE_TEXT.notDone });
    expect(await taskCoupons(u.userId)).toEqual([]);
    const bad = await claim(u.token, 'nonsense');
    expect(bad.json.success).toBe(false);
  });

  it('completing the profile makes its task claimable; the claim issues the coupon once, a second press is refused', async () => {
    const u = await newUser(t);
    await t.api('/btz/user/update-info', { token: u.token, query: { realName: '张三', email: 'zs@example.com' } });
    expect(await stateOf(u.token, 'profile')).toBe('todo'); // the region is still missing
    await t.api('/btz/user/update-info', { token: u.token, query: { province: '浙江省', city: '杭州市' } });
    expect(await stateOf(u.token, 'profile')).toBe('claimable');

    const first = await claim(u.token, 'profile');
    expect(first.json, first.text).toMatchObject({ success: true, data: { reward: '任务奖励券 ¥20（满99元可用）', task: { code: 'profile', state: 'claimed' } } });
    expect(first.json.data.task.claimTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const again = await claim(u.token, 'profile');
    expect(again.json).toMatchObject({ success: false, msg: WELFARE_TEXT.claimed });
    const coupons = await taskCoupons(u.userId);
    expect(coupons).toHaveLength(1);
    expect(coupons[0]).toMatchObject({ tenant_id: TENANT, discount_fen: 2000, min_fen: 9900, status: 1 });
    // the coupon shows in the user's coupon list, labelled as a task reward
    const list = await t.api('/btz/coupon/coupon-list', { token: u.token });
    expect(list.json.data.records).toEqual([expect.objectContaining({ id: coupons[0]!.id, source: '福利任务' })]);
    const o = await tasks(u.token);
    expect(o.summary).toEqual({ total: 6, done: 1, claimed: 1, earned: ['任务奖励券 ¥20（满99元可用）'] });
  });

  it('concurrent presses of a copies reward grant one copy and one ledger row', async () => {
    const a = await newUser(t);
    await newUser(t, { invitationCode: await inviteCode(a.token) }); // the friend's first login
    expect(await stateOf(a.token, 'invite')).toBe('claimable');
    const before = await copiesOf(a.userId);
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(a.token, 'invite')));
    const ok = results.filter((r) => r.json.success);
    expect(ok).toHaveLength(1);
    for (const r of results) if (!r.json.success) expect(r.json.msg).toBe(WELFARE_TEXT.claimed);
    expect(await copiesOf(a.userId)).toBe(before + 1);
    const ledger = await db(t).selectFrom('entitlement_ledger').selectAll().where('holder_id', '=', a.userId).where('reason', '=', 'welfare_task').execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ holder_type: 'user', kind: 'grant', field: 'common', delta: 1, tenant_id: TENANT });
    const claims = await db(t).selectFrom('welfare_claims').selectAll().where('user_id', '=', a.userId).execute();
    expect(claims).toEqual([expect.objectContaining({ task_code: 'invite', ledger_id: ledger[0]!.id })]);
  });

  it('concurrent presses of a coupon reward issue one coupon', async () => {
    const u = await newUser(t);
    await t.api('/btz/welfare/shared', { token: u.token });
    const results = await Promise.all(Array.from({ length: 6 }, () => claim(u.token, 'share')));
    expect(results.filter((r) => r.json.success)).toHaveLength(1);
    expect(await taskCoupons(u.userId)).toHaveLength(1);
  });

  it('the poster is a PNG drawn on the server; copying or downloading it completes the share task', async () => {
    const u = await newUser(t);
    const res = await t.api('/btz/welfare/poster', { token: u.token });
    expect(res.json, res.text).toMatchObject({ success: true });
    const { inviteCode: code, inviteUrl, poster } = res.json.data as { inviteCode: string; inviteUrl: string; poster: string };
    expect(code).toBe(await inviteCode(u.token));
    expect(inviteUrl.endsWith(`/${code}`)).toBe(true);
    const png = Buffer.from(poster.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([600, 900]);
    // scanned (an independent QR decoder), the poster's code opens the user's invite link
    const img = await loadImage(png);
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    const pixels = canvas.getContext('2d').getImageData(0, 0, img.width, img.height);
    expect(jsQR(new Uint8ClampedArray(pixels.data), img.width, img.height)?.data).toBe(inviteUrl);
    expect(await stateOf(u.token, 'share')).toBe('todo'); // only looking at it is no share
    const shared = await t.api('/btz/welfare/shared', { token: u.token });
    expect(shared.json).toMatchObject({ success: true, data: { code: 'share', state: 'claimable' } });
  });

  it("the poster carries the brand's uploaded logo (its icon, ecLogo); without one, or with another brand's file, the brand's mark", async () => {
    const FZ = '329436';
    const host = 'fz.localhost';
    const u = await newUser(t, { host });
    /** the poster's colour just above the middle of the logo's square (white over the mark's character) */
    const logoPixel = async (token = u.token, h = host) => {
      const res = await t.api('/btz/welfare/poster', { token, host: h });
      expect(res.json, res.text).toMatchObject({ success: true });
      const img = await loadImage(Buffer.from((res.json.data.poster as string).replace(/^data:image\/png;base64,/, ''), 'base64'));
      const c = createCanvas(img.width, img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      return [...c.getContext('2d').getImageData(80, 58, 1, 1).data.slice(0, 3)];
    };
    expect(await logoPixel()).toEqual([255, 255, 255]);

    // the operator uploads a red icon for the brand and saves it as its ecLogo
    const su = await signInSuper(t);
    const icon = createCanvas(120, 120);
    const g = icon.getContext('2d');
    g.fillStyle = '#ff0000';
    g.fillRect(0, 0, 120, 120);
    const up = await t.upload('/btz/admin/brand/logo', {
      query: { tenantId: FZ },
      file: { name: 'icon.png', data: icon.toBuffer('image/png') },
      headers: { [OPERATOR_AUTH_HEADER]: `bearer ${su.token}` },
    });
    expect(up.json?.success, up.text).toBe(true);
    const path = up.json.data.path as string;
    const saveLogo = async (tenantId: string, ecLogo: string) => {
      const b = (await asOperator(t, su.token, '/btz/admin/brand/detail', { query: { tenantId } })).json.data;
      const before = b.logos.ecLogo as string;
      const res = await asOperator(t, su.token, '/btz/admin/brand/save', {
        body: { ...b.texts, ...b.logos, seoTitle: b.seo.title, seoDescription: b.seo.description, seoKeywords: b.seo.keywords, tenantId, ecLogo },
      });
      expect(res.json?.success, res.text).toBe(true);
      return before;
    };
    await saveLogo(FZ, path);
    expect(await logoPixel()).toEqual([255, 0, 0]);

    // another brand naming that file draws its own mark: the file is not its
    const other = await newUser(t);
    expect(await logoPixel(other.token, '127.0.0.1')).toEqual([255, 255, 255]);
    const before = await saveLogo(TENANT, path);
    try {
      expect(await logoPixel(other.token, '127.0.0.1')).toEqual([255, 255, 255]);
    } finally {
      await saveLogo(TENANT, before);
    }
  });

  it('uploading a tender completes the tender task', async () => {
    const u = await newUser(t);
    expect(await stateOf(u.token, 'tender')).toBe('todo');
    await uploadTender(t, u.token, { name: '某项目招标文件.txt', data: txtTender(['第一章 招标公告\n项目名称：某项目']) });
    expect(await stateOf(u.token, 'tender')).toBe('claimable');
  });

  it('saving the enterprise essentials (名称, 统一社会信用代码, 法定代表人) completes the enterprise task; a name alone does not', async () => {
    const u = await newUser(t);
    const save = (body: unknown) => t.api('/btz/enterprise/info/save', { token: u.token, body });
    expect((await save({ name: '杭州示例信息技术有限公司' })).json.success).toBe(true);
    expect(await stateOf(u.token, 'enterprise')).toBe('todo');
    const res = await save({ creditCode: '91350100M000100Y43', legalRep: '王建国' });
    expect(res.json, res.text).toMatchObject({ success: true });
    expect(await stateOf(u.token, 'enterprise')).toBe('claimable');
    expect((await claim(u.token, 'enterprise')).json).toMatchObject({ success: true, data: { task: { code: 'enterprise', state: 'claimed' } } });
    expect((await claim(u.token, 'enterprise')).json).toMatchObject({ success: false, msg: WELFARE_TEXT.claimed });
  });

  it('a finished bid completes the finished-bid task; a bid still being prepared does not', async () => {
    const u = await newUser(t);
    const id = await uploadTender(t, u.token, { name: '某项目招标文件.txt', data: txtTender(['第一章 招标公告\n项目名称：某项目']) });
    expect(await stateOf(u.token, 'bid_finished')).toBe('todo');
    // (writing a whole bid and 完成编写 are the writing tests' subject; here the bid is put in the state they end in)
    await db(t).updateTable('bids').set({ status: 'finished' }).where('id', '=', id).execute();
    expect(await stateOf(u.token, 'bid_finished')).toBe('claimable');
    // another user's finished bid is not this user's
    expect(await stateOf((await newUser(t)).token, 'bid_finished')).toBe('todo');
  });

  it("rewards follow the brand's rows: a disabled task is gone, another brand's user gets its brand's coupon", async () => {
    const u = await newUser(t);
    await t.api('/btz/welfare/shared', { token: u.token });
    const row = await db(t).selectFrom('welfare_tasks').selectAll().where('tenant_id', '=', TENANT).where('code', '=', 'enterprise').executeTakeFirstOrThrow();
    try {
      await db(t).updateTable('welfare_tasks').set({ enabled: false }).where('tenant_id', '=', TENANT).where('code', '=', 'enterprise').execute();
      const o = await tasks(u.token);
      expect(o.tasks.map((x) => x.code)).not.toContain('enterprise');
      expect((await claim(u.token, 'enterprise')).json).toMatchObject({ success: false, msg: WELFARE_TEXT.unknownTask });
    } finally {
      await db(t).updateTable('welfare_tasks').set({ enabled: row.enabled }).where('tenant_id', '=', TENANT).where('code', '=', 'enterprise').execute();
    }
    // another brand's users have their own rows and claims: this user's claim is not theirs
    const fz = await newUser(t, { host: 'fz.localhost' });
    await t.api('/btz/welfare/shared', { token: fz.token, host: 'fz.localhost' });
    expect((await claim(u.token, 'share')).json.success).toBe(true);
    expect((await t.api('/btz/welfare/claim', { token: fz.token, host: 'fz.localhost', query: { code: 'share' } })).json.success).toBe(true);
    const fzCoupon = await taskCoupons(fz.userId);
    expect(fzCoupon).toEqual([expect.objectContaining({ tenant_id: '329436', template_id: '329436-task-20' })]);
  });
});
