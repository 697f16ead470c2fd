/**
 * The public content calls (no token, tenant by host): paged lists with filters, details, 「内容不存在」 for unknown
 * or other-brand ids, masked merchant contacts, activity status from the dates, stored pages by code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_SEEDS } from '../../src/db/seed/content.js';
import { startTestServer, type TestServer } from '../harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const call = (p: string, query: Record<string, string | number> = {}, host = 'bs.localhost') =>
  t.api<any>(`/btz-skip/content/${p}`, { host, query }).then((r) => r.json);

describe('content calls', () => {
  it('news-list pages newest first and filters by category; news-detail counts a view and links neighbours', async () => {
    const p1 = await call('news-list', { current: 1, size: 4 });
    expect(p1).toMatchObject({ code: 200, success: true });
    expect(p1.data.total).toBeGreaterThanOrEqual(10);
    expect(p1.data.records).toHaveLength(4);
    expect(p1.data.pages).toBe(Math.ceil(p1.data.total / 4));
    const times = p1.data.records.map((r: any) => r.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const p2 = await call('news-list', { current: 2, size: 4 });
    expect(p2.data.records[0].id).not.toBe(p1.data.records[0].id);

    const cats = (await call('news-categories')).data as string[];
    expect(cats).toContain('政策解读');
    const policy = await call('news-list', { category: '政策解读', size: 100 });
    expect(policy.data.records.length).toBeGreaterThan(0);
    expect(policy.data.records.every((r: any) => r.category === '政策解读')).toBe(true);

    const second = p1.data.records[1];
    const d = await call('news-detail', { id: second.id });
    expect(d.data).toMatchObject({ id: second.id, title: second.title, views: second.views + 1 });
    expect(d.data.body.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(d.data.prev.id).toBe(p1.data.records[0].id);
    expect(d.data.next.id).toBe(p1.data.records[2].id);
    expect((await call('news-detail', { id: second.id })).data.views).toBe(second.views + 2);
  });

  it('unknown, malformed and other-brand ids answer code 400 「内容不存在」; a missing id names the field', async () => {
    const jwNews = (await call('news-list', {}, 'jw.localhost')).data.records[0];
    for (const [p, id] of [
      ['news-detail', '123'],
      ['news-detail', jwNews.id],
      ['question-detail', 'x; drop table'],
      ['activity-detail', '0'],
      ['merchant-detail', '99999999'],
    ] as const) {
      expect(await call(p, { id }), `${p} ${id}`).toMatchObject({ code: 400, success: false, msg: '内容不存在' });
    }
    expect(await call('page', { code: 'nosuch' })).toMatchObject({ code: 400, msg: '内容不存在' });
    const missing = await call('news-detail');
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('资讯编号');
  });

  it('questions list and detail; keyword search', async () => {
    const list = await call('question-list', { size: 100 });
    expect(list.data.total).toBeGreaterThanOrEqual(10);
    expect(list.data.records[0].question).toContain('标速AI');
    const hit = await call('question-list', { keyword: '保证金' });
    expect(hit.data.records.length).toBeGreaterThan(0);
    const d = await call('question-detail', { id: hit.data.records[0].id });
    expect(d.data.answer).toContain('5 个工作日');
  });

  it('activities carry a status computed from their dates', async () => {
    const list = await call('activity-list', { size: 100 });
    expect(list.data.total).toBeGreaterThanOrEqual(3);
    const ended = list.data.records.find((a: any) => a.title.includes('直播课'));
    expect(ended).toMatchObject({ status: 3, statusLabel: '已结束' });
    const onlyEnded = await call('activity-list', { status: 3 });
    expect(onlyEnded.data.records.every((a: any) => a.status === 3)).toBe(true);
    const d = await call('activity-detail', { id: ended.id });
    expect(d.data.body).toContain('标速AI');
  });

  it('merchants filter by region, industry and keyword; details mask the contacts', async () => {
    const all = await call('merchant-list', { size: 100 });
    expect(all.data.total).toBeGreaterThanOrEqual(8);
    const filters = (await call('merchant-filters')).data;
    expect(filters.regions).toContain('四川');
    expect(filters.industries).toContain('招标代理');
    const sc = await call('merchant-list', { region: '四川' });
    expect(sc.data.records.map((m: any) => m.name)).toEqual(['蜀信招标代理有限公司']);
    const fin = await call('merchant-list', { industry: '金融服务' });
    expect(fin.data.records).toHaveLength(1);
    const kw = await call('merchant-list', { keyword: '保函' });
    expect(kw.data.records.map((m: any) => m.name)).toContain('恒信投标保函服务');
    expect((await call('merchant-list', { keyword: '%' })).data.total).toBe(0);
    const seed = MERCHANT_SEEDS[1]!;
    const m = all.data.records.find((x: any) => x.name === seed.name);
    expect(m.contactPhone).toBeUndefined();
    const d = await call('merchant-detail', { id: m.id });
    expect(d.data.contactPhone).toBe(`${seed.contactPhone.slice(0, 3)}****${seed.contactPhone.slice(7)}`);
    expect(d.data.contactEmail).toMatch(/^\w{1,2}\*\*\*@/);
    expect(d.data.rating).toBe(seed.rating);
    expect(d.data.services).toEqual(seed.services);
  });

  it('page by code (with or without .html)', async () => {
    const d = await call('page', { code: 'direction' });
    expect(d.data).toMatchObject({ code: 'direction', title: '使用指南' });
    expect(d.data.body).toContain('第一步');
    expect((await call('page', { code: 'about.html' })).data.title).toBe('关于我们');
  });

  it('the barrage list of the commerce module answers for the host', async () => {
    const r = await t.api<any>('/btz/barrage/queryBarrageList', { host: 'bs.localhost', query: { current: 1, size: 5 } });
    expect(r.json.success).toBe(true);
    expect(Array.isArray(r.json.data.records)).toBe(true);
  });
});
