/**
 * What visitors send: the business-cooperation form (validated with Chinese messages naming the field, stored, limited
 * per IP), feedback (logged in; each user lists only their own), and the invitation landing → login → invite list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, uniquePhone, type TestServer } from '../harness.js';
import { COLLAB_PER_IP_PER_HOUR } from '../../src/modules/content/routes.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const collab = (body: unknown, host = 'jw.localhost') => t.api<any>('/btz-skip/saveCollabAppoint', { host, body }).then((r) => r.json);
const good = { company: '成都某某建设工程有限公司', name: '刘工', phone: '13912345678', city: '成都', need: '希望批量采购企业会员，并对接内部 OA。' };

describe('business cooperation form', () => {
  it('refuses bad input with a Chinese message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...good, phone: '12345678901' }, '手机号（phone）'],
      [{ ...good, phone: '1391234567' }, '手机号（phone）'],
      [{ ...good, company: undefined }, '公司名称（company）'],
      [{ ...good, company: '   ' }, '公司名称（company）'],
      [{ ...good, name: '' }, '联系人（name）'],
      [{ ...good, need: '需'.repeat(501) }, '合作需求（need）'],
    ];
    for (const [body, field] of cases) {
      const r = await collab(body);
      expect(r, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 400, success: false });
      expect(r.msg).toContain(field);
      expect(r.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await collab({ ...good, need: '需'.repeat(501) })).msg).toContain('500');
    expect((await collab({ ...good, phone: 'abc' })).msg).toContain('11 位');
    const rows = await t.server.app.ctx.db.selectFrom('collab_appointments').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('stores a valid appointment for the host’s tenant (body as is, or wrapped in `appointment`)', async () => {
    const a = await collab(good);
    expect(a).toMatchObject({ code: 200, success: true });
    const b = await collab({ appointment: { ...good, company: '重庆某某信息技术有限公司', need: '需'.repeat(500) } }, '127.0.0.1');
    expect(b.success).toBe(true);
    const db = t.server.app.ctx.db;
    const row = await db.selectFrom('collab_appointments').selectAll().where('id', '=', a.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: '389572',
      company: good.company,
      contact_name: good.name,
      phone: good.phone,
      city: '成都',
      need: good.need,
    });
    const other = await db.selectFrom('collab_appointments').selectAll().where('id', '=', b.data.id).executeTakeFirstOrThrow();
    expect(other.tenant_id).toBe('000000');
    expect(other.need).toHaveLength(500);
  });

  it('limits how often one IP may send', async () => {
    const sent = (await t.server.app.ctx.db.selectFrom('collab_appointments').select('id').execute()).length;
    for (let i = sent; i < COLLAB_PER_IP_PER_HOUR; i++) expect((await collab(good)).success).toBe(true);
    const r = await collab(good);
    expect(r).toMatchObject({ code: 400, success: false });
    expect(r.msg).toContain('频繁');
  });
});

describe('feedback', () => {
  it('needs a login', async () => {
    const r = await t.api<any>('/btz/common/addFeedback', { body: { type: 1, content: '希望增加导出 PDF 功能' } });
    expect(r.status).toBe(401);
  });

  it('validates, stores and lists only the caller’s own feedback', async () => {
    const alice = await newUser(t);
    const bob = await newUser(t);
    const add = (token: string, body: unknown) => t.api<any>('/btz/common/addFeedback', { token, body }).then((r) => r.json);
    const short = await add(alice.token, { type: 1, content: '太短' });
    expect(short.code).toBe(400);
    expect(short.msg).toContain('反馈内容（content）');
    expect((await add(alice.token, { type: 1, content: '长'.repeat(1001) })).msg).toContain('反馈内容');
    expect((await add(alice.token, { type: 9, content: '希望增加导出 PDF 功能' })).msg).toContain('反馈类型');

    expect((await add(alice.token, { type: 1, content: '希望增加导出 PDF 功能', contact: 'alice@example.cn' })).success).toBe(true);
    expect((await add(alice.token, { feedback: { type: 2, content: '导出的目录页码与正文不一致' } })).success).toBe(true);
    expect((await add(bob.token, { type: 4, content: '鲍勃自己的一条反馈' })).success).toBe(true);

    const list = await t.api<any>('/btz/common/queryFeedbackList', { token: alice.token, query: { current: 1, size: 10 } });
    expect(list.json.data.total).toBe(2);
    expect(list.json.data.records.map((r: any) => r.content)).toEqual(['导出的目录页码与正文不一致', '希望增加导出 PDF 功能']);
    expect(list.json.data.records[1]).toMatchObject({ type: 1, typeLabel: '功能建议', contact: 'alice@example.cn', status: 0, reply: '' });
    const bobs = await t.api<any>('/btz/common/queryFeedbackList', { token: bob.token });
    expect(bobs.json.data.records.map((r: any) => r.content)).toEqual(['鲍勃自己的一条反馈']);
  });
});

describe('invitation landing', () => {
  it('GET /{inviteCode} answers 200, and logging in with the code makes the newcomer the inviter’s invitee', async () => {
    const host = 'jw.localhost';
    const inviter = await newUser(t, { host });
    const info = await t.api<any>('/btz/user/get-info', { token: inviter.token, host });
    const code = info.json.data.inviteCode as string;
    const landing = await t.request(`/${code}`, { host });
    expect(landing.status).toBe(200);
    expect(landing.text).toContain('window.__BOOT__');

    const phone = uniquePhone();
    await newUser(t, { host, phone, invitationCode: code });
    const list = await t.api<any>('/btz/user/invite-user-list', { token: inviter.token, host, query: { current: 1, size: 10 } });
    expect(list.json.data.total).toBe(1);
    expect(list.json.data.records[0].maskPhone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });
});
