/**
 * Content and feedback from the console (issue 28): an operator writes a news item (a draft the public site does not
 * show), its HTML sanitised; publishing puts it on the public calls and the crawler page of its tenant only, unpublishing
 * takes it off; another tenant's operator cannot read, edit or publish it; barrage notices shaped like a purchase are
 * refused and the purchase feed stays real orders only; a feedback reply reaches the user's 我的反馈 and their realtime
 * queue; every action audited with before/after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { listenAs } from '../realtime/listen.js';
import { waitUntil, type TestClient } from '../realtime/helpers.js';
import { rootText } from '../content/helpers.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';

const A = '000000';
const HOST_A = '127.0.0.1';
const HOST_B = 'jw.localhost';

let t: TestServer;
let su: { token: string };
let opA: { token: string };
let opB: { token: string };
const clients: TestClient[] = [];
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, A, '运营A');
  opB = await inviteOperator(t, su.token, '389572', '运营B');
}, 60_000);
afterAll(async () => {
  for (const c of clients) await c.client.deactivate().catch(() => undefined);
  await t?.close();
}, 30_000);

const save = (token: string, body: Record<string, unknown>) => asOperator(t, token, '/btz/admin/content/save', { body });
const publish = (token: string, kind: string, id: string, published: boolean) => asOperator(t, token, '/btz/admin/content/publish', { body: { kind, id, published } });
const publicNews = async (host: string) =>
  (await t.api<any>('/btz-skip/content/news-list', { host, query: { current: 1, size: 100 } })).json.data.records as { id: string; title: string }[];
const audits = async (targetId: string) => (await asOperator(t, su.token, '/btz/admin/audit/list', { query: { targetId } })).json.data.records as any[];

describe('news from the console', () => {
  it('a draft is not public; published it is on the list, the detail and the crawler page of its tenant only; unpublished it is gone', async () => {
    const created = await save(opA.token, {
      kind: 'news',
      title: '运营发布：2027 年政府采购新规解读',
      summary: '新规要点一览',
      body: '<h1>要点</h1><p onclick="steal()">评审因素须<strong>细化量化</strong><script>alert(1)</script></p><p><a href="javascript:alert(1)">链接</a><a href="https://www.ccgp.gov.cn/">政府采购网</a></p><img src=x onerror=alert(1)>',
      category: '政策解读',
      tags: ['政府采购'],
    });
    expect(created.json.msg).toBe('操作成功');
    const item = created.json.data;
    expect(item).toMatchObject({ kind: 'news', tenantId: A, published: false, publicPath: `/dynamic/${item.id}.html` });
    expect(item.fields.body).toBe(
      '<h2>要点</h2><p>评审因素须<strong>细化量化</strong></p><p><a>链接</a><a href="https://www.ccgp.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">政府采购网</a></p>',
    );

    // a draft: not on the public list, its detail and page "not found"
    expect((await publicNews(HOST_A)).map((n) => n.id)).not.toContain(item.id);
    expect((await t.api<any>('/btz-skip/content/news-detail', { host: HOST_A, query: { id: item.id } })).json.msg).toBe('内容不存在');
    expect((await t.request(`/dynamic/${item.id}.html`, { host: HOST_A })).status).toBe(404);

    const pub = await publish(opA.token, 'news', item.id, true);
    expect(pub.json.data.published).toBe(true);
    expect((await publicNews(HOST_A))[0]).toMatchObject({ id: item.id, title: '运营发布：2027 年政府采购新规解读' });
    const detail = (await t.api<any>('/btz-skip/content/news-detail', { host: HOST_A, query: { id: item.id } })).json.data;
    expect(detail.body).toContain('<strong>细化量化</strong>');
    const page = await t.request(`/dynamic/${item.id}.html`, { host: HOST_A });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>细化量化</strong>');
    expect(page.text).not.toContain('steal()');
    expect(rootText(page.text)).toMatch(/评审因素须\s*细化量化/);
    // another brand's site never shows it
    expect((await publicNews(HOST_B)).map((n) => n.id)).not.toContain(item.id);
    expect((await t.api<any>('/btz-skip/content/news-detail', { host: HOST_B, query: { id: item.id } })).json.msg).toBe('内容不存在');

    await publish(opA.token, 'news', item.id, false);
    expect((await publicNews(HOST_A)).map((n) => n.id)).not.toContain(item.id);
    expect((await t.request(`/dynamic/${item.id}.html`, { host: HOST_A })).status).toBe(404);

    const log = await audits(item.id);
    expect(log.map((a) => a.action)).toEqual(['content.unpublish', 'content.publish', 'content.create']);
    expect(log[1]).toMatchObject({ operatorName: '运营A', tenantId: A, before: { published: false }, after: { published: true } });
  });

  it('an edit keeps what changed in the audit; another tenant cannot read, edit or publish the item', async () => {
    const item = (await save(opA.token, { kind: 'question', title: '如何导出 PDF？', body: '在编辑器右上角点「导出」。', category: '导出' })).json.data;
    const edited = await save(opA.token, { kind: 'question', id: item.id, title: '如何导出 PDF 和 Word？', body: '在编辑器右上角点「导出」，选择格式。', category: '导出' });
    expect(edited.json.data).toMatchObject({ id: item.id, title: '如何导出 PDF 和 Word？', published: false });
    expect((await audits(item.id))[0]).toMatchObject({
      action: 'content.update',
      before: { title: '如何导出 PDF？', body: '在编辑器右上角点「导出」。' },
      after: { title: '如何导出 PDF 和 Word？', body: '在编辑器右上角点「导出」，选择格式。' },
    });

    const detailB = await asOperator(t, opB.token, '/btz/admin/content/detail', { query: { kind: 'question', id: item.id } });
    expect(detailB.json).toMatchObject({ success: false, msg: '常见问题不存在' });
    expect((await save(opB.token, { kind: 'question', id: item.id, title: '改掉', body: '' })).json).toMatchObject({ success: false, msg: '常见问题不存在' });
    expect((await publish(opB.token, 'question', item.id, true)).json).toMatchObject({ success: false, msg: '常见问题不存在' });
    expect((await asOperator(t, opB.token, '/btz/admin/content/list', { query: { kind: 'question', tenantId: A } })).json.msg).toBe('只能查看和操作本租户的数据');
    const listB = (await asOperator(t, opB.token, '/btz/admin/content/list', { query: { kind: 'question', size: 100 } })).json.data;
    expect(listB.records.every((r: any) => r.tenantId === '389572')).toBe(true);
    expect((await asOperator(t, opA.token, '/btz/admin/content/detail', { query: { kind: 'question', id: item.id } })).json.data.title).toBe('如何导出 PDF 和 Word？');
    // an ordinary user's token is no operator's
    const u = await newUser(t);
    expect((await t.api<any>('/btz/admin/content/list', { token: u.token, query: { kind: 'news' } })).status).toBe(401);
  });

  it('bad input is named in Chinese and nothing is kept', async () => {
    const before = (await asOperator(t, opA.token, '/btz/admin/content/list', { query: { kind: 'activity' } })).json.data.total;
    const bad = await save(opA.token, { kind: 'activity', title: '投标训练营', startTime: '2027-03-10 09:00', endTime: '2027-03-01 18:00' });
    expect(bad.json).toMatchObject({ success: false });
    expect(bad.json.msg).toContain('结束时间不能早于开始时间');
    expect((await save(opA.token, { kind: 'news', title: '', body: '' })).json.msg).toContain('标题');
    expect((await save(opA.token, { kind: 'news', title: '封面', cover: 'https://evil.example/x.png' })).json.msg).toContain('只能使用本站提供的图片');
    expect((await asOperator(t, opA.token, '/btz/admin/content/list', { query: { kind: 'activity' } })).json.data.total).toBe(before);
    const p1 = await save(opA.token, { kind: 'page', code: 'ops_notes', title: '运营说明' });
    expect(p1.json.success).toBe(true);
    expect((await save(opA.token, { kind: 'page', code: 'ops_notes', title: '重复' })).json.msg).toBe('页面代码「ops_notes」已被本租户的另一个页面使用');
  });

  it('the super-operator must name the tenant of a new item', async () => {
    expect((await save(su.token, { kind: 'news', title: '无租户' })).json.msg).toBe('请选择内容所属的租户（tenantId）');
    const ok = await save(su.token, { kind: 'news', title: '金网标书快讯', tenantId: '389572' });
    expect(ok.json.data.tenantId).toBe('389572');
  });
});

describe('questions, activities, merchants and static pages', () => {
  // each kind: what the operator writes, the public detail call of the item, the words its public page must show
  const KINDS = [
    {
      kind: 'question',
      input: { title: '运营问答：投标保证金何时退还？', body: '<p>中标通知书发出后<strong>五个工作日内</strong>退还。</p>', category: '投标' },
      detail: (id: string) => ({ path: '/btz-skip/content/question-detail', query: { id } }),
      words: '五个工作日内',
    },
    {
      kind: 'activity',
      input: { title: '运营活动：标书写作训练营', summary: '三天学会评分项响应', body: '<p>训练营安排<strong>评分项逐条响应</strong>练习。</p>', startTime: '2027-03-01 09:00', endTime: '2027-03-03 18:00' },
      detail: (id: string) => ({ path: '/btz-skip/content/activity-detail', query: { id } }),
      words: '评分项逐条响应',
    },
    {
      kind: 'merchant',
      input: { title: '运营入驻：杭州示例标书服务社', region: '浙江', industry: '咨询服务', services: ['标书代写'], body: '专注政府采购服务类项目的投标文件编制。', contactPhone: '0571-88886666' },
      detail: (id: string) => ({ path: '/btz-skip/content/merchant-detail', query: { id } }),
      words: '专注政府采购服务类项目的投标文件编制',
    },
    {
      kind: 'page',
      input: { code: 'ops_terms', title: '运营页面：服务条款', summary: '服务条款', body: '<p>本条款由<strong>运营后台</strong>发布。</p>' },
      detail: () => ({ path: '/btz-skip/content/page', query: { code: 'ops_terms' } }),
      words: '运营后台',
    },
  ];

  it('each is a draft until published; published, its public call and crawler page show it on its tenant only; unpublished it is gone', async () => {
    for (const k of KINDS) {
      const created = await save(opA.token, { kind: k.kind, ...k.input });
      expect(created.json.success, `${k.kind}: ${created.text}`).toBe(true);
      const item = created.json.data;
      expect(item, k.kind).toMatchObject({ kind: k.kind, tenantId: A, published: false, title: k.input.title });
      expect(item.publicPath, k.kind).toMatch(/^\/[A-Za-z]+\/[\w-]+\.html$/);
      const d = k.detail(item.id);
      const read = (host: string) => t.api<any>(d.path, { host, query: d.query });
      // a draft: no detail, no page
      expect((await read(HOST_A)).json.success, `${k.kind} draft`).toBe(false);
      expect((await t.request(item.publicPath, { host: HOST_A })).status, `${k.kind} draft page`).toBe(404);

      expect((await publish(opA.token, k.kind, item.id, true)).json.data.published, k.kind).toBe(true);
      const pub = await read(HOST_A);
      expect(pub.json.success, `${k.kind}: ${pub.text}`).toBe(true);
      expect(pub.text, k.kind).toContain(k.words);
      const page = await t.request(item.publicPath, { host: HOST_A });
      expect(page.status, `${k.kind} page`).toBe(200);
      expect(rootText(page.text), k.kind).toContain(k.words);
      // another brand's site: not there
      expect((await read(HOST_B)).json.success, `${k.kind} on B`).toBe(false);
      expect((await t.request(item.publicPath, { host: HOST_B })).status, `${k.kind} page on B`).toBe(404);

      await publish(opA.token, k.kind, item.id, false);
      expect((await read(HOST_A)).json.success, `${k.kind} unpublished`).toBe(false);
      expect((await t.request(item.publicPath, { host: HOST_A })).status, `${k.kind} unpublished page`).toBe(404);
      expect((await audits(item.id)).map((a) => a.action), k.kind).toEqual(['content.unpublish', 'content.publish', 'content.create']);
    }
  });
});

describe('barrage notices', () => {
  it('texts that read as a purchase are refused; a notice is shown as a notice, never in the purchase feed', async () => {
    for (const text of ['某某刚刚开通了年度会员', '138****5678 购买了旗舰版标书', '张先生已成功开通企业版', '3 分钟前有人购买了年度会员', '杭州某建设公司开通了企业会员']) {
      const res = await save(opA.token, { kind: 'barrage', title: text });
      expect(res.json.success, text).toBe(false);
      expect(res.json.msg, text).toContain('公告不能写成购买动态');
    }
    const ok = await save(opA.token, { kind: 'barrage', title: '开通年度会员立减 50 元，活动截至 12 月 31 日' });
    expect(ok.json.success).toBe(true);
    await publish(opA.token, 'barrage', ok.json.data.id, true);
    const notices = (await t.api<any>('/btz-skip/content/notices', { host: HOST_A })).json.data as any[];
    expect(notices.map((n) => n.content)).toContain('开通年度会员立减 50 元，活动截至 12 月 31 日');
    expect(((await t.api<any>('/btz-skip/content/notices', { host: HOST_B })).json.data as any[]).map((n) => n.id)).not.toContain(ok.json.data.id);
    const feed = (await t.api<any>('/btz/barrage/queryBarrageList', { host: HOST_A, query: { current: 1, size: 50 } })).json.data.records as any[];
    expect(feed.map((r) => r.content).join('\n')).not.toContain('立减 50 元');
  });
});

describe('feedback inbox', () => {
  it('the operator of the tenant replies; the user reads it in 我的反馈 and is told at once; other tenants do not see it', async () => {
    const u = await newUser(t);
    const sent = await t.api<any>('/btz/common/addFeedback', { token: u.token, body: { type: 1, content: '导出的 Word 目录页码不对', contact: '' } });
    expect(sent.json.success).toBe(true);
    const fid = sent.json.data.id as string;
    const listener = await listenAs(t.port, u, 'notice', clients);

    const inbox = (await asOperator(t, opA.token, '/btz/admin/feedback/list', { query: { unreplied: '1' } })).json.data.records as any[];
    expect(inbox.find((f) => f.id === fid)).toMatchObject({ content: '导出的 Word 目录页码不对', status: 0, reply: '', userPhone: u.phone });
    const inboxB = (await asOperator(t, opB.token, '/btz/admin/feedback/list', { query: {} })).json.data.records as any[];
    expect(inboxB.map((f) => f.id)).not.toContain(fid);
    expect((await asOperator(t, opB.token, '/btz/admin/feedback/reply', { body: { id: fid, reply: '越权' } })).json.msg).toBe('反馈不存在');
    expect((await asOperator(t, opA.token, '/btz/admin/feedback/reply', { body: { id: fid, reply: ' ' } })).json.success).toBe(false);

    const reply = await asOperator(t, opA.token, '/btz/admin/feedback/reply', { body: { id: fid, reply: '已修复，请重新导出一次。' } });
    expect(reply.json.data).toMatchObject({ id: fid, status: 1, reply: '已修复，请重新导出一次。' });
    const mine = (await t.api<any>('/btz/common/queryFeedbackList', { token: u.token, query: { current: 1, size: 10 } })).json.data.records as any[];
    expect(mine[0]).toMatchObject({ id: fid, status: 1, reply: '已修复，请重新导出一次。' });
    expect(mine[0].replyTime).not.toBe('');
    await waitUntil(() => listener.messages.some((m) => JSON.parse(m.body).kind === 'feedback.replied'), 10_000, 'feedback.replied');
    expect(JSON.parse(listener.messages.find((m) => JSON.parse(m.body).kind === 'feedback.replied')!.body).data).toMatchObject({ feedbackId: fid });

    const unreplied = (await asOperator(t, opA.token, '/btz/admin/feedback/list', { query: { unreplied: '1', size: 100 } })).json.data.records as any[];
    expect(unreplied.map((f) => f.id)).not.toContain(fid);
    expect((await audits(fid))[0]).toMatchObject({ action: 'feedback.reply', before: { status: 0, reply: '' }, after: { status: 1, reply: '已修复，请重新导出一次。' } });
  });
});
