/**
 * A crawler's fetch (plain HTTP GET, no JavaScript) of every public page type, for two brands: the brand's title
 * template with the item's own title, the item's summary as description, the brand's keywords, the item's text inside
 * `#root`, canonical URLs on the host, list pages linking every item, 404 for unknown ids, sitemap.xml and robots.txt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEO, pageTitle } from '@btz/shared';
import { ACTIVITY_SEEDS, MERCHANT_SEEDS, NEWS_SEEDS, PAGE_SEEDS, QUESTION_SEEDS } from '../../src/db/seed/content.js';
import { startTestServer, type TestServer } from '../harness.js';
import { head, listAll, rootLinks, rootText } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const HOSTS = [
  ['jw.localhost', 'jw', '金网标书'],
  ['127.0.0.1', 'default', '标书AI'],
] as const;

describe.each(HOSTS)('crawler on %s', (host, seoKey, brand) => {
  const get = (p: string) => t.request(p, { host });
  const b = (s: string) => s.replaceAll('{brand}', brand);

  it('news detail: item title in the brand template, summary as description, body text, time, canonical', async () => {
    const news = await listAll(t, 'news-list', host);
    expect(news.length).toBeGreaterThanOrEqual(10);
    const seed = NEWS_SEEDS.find((n) => n.title === news[0].title)!;
    const res = await get(`/dynamic/${news[0].id}.html`);
    expect(res.status).toBe(200);
    const h = head(res.text);
    expect(h.title).toBe(pageTitle(seoKey, seed.title));
    expect(h.title).toContain(brand);
    expect(h.description).toBe(b(seed.summary));
    expect(h.keywords).toBe(SEO[seoKey].keywords);
    expect(h.canonical).toBe(`http://${host}/dynamic/${news[0].id}.html`);
    expect(res.text).toContain(`<h1>${seed.title}</h1>`);
    expect(res.text).toMatch(/<time datetime="2026-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00">/);
    const text = rootText(res.text);
    expect(text).toContain(b(seed.body[1]!));
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(String(res.headers.vary)).toMatch(/host/i);
  });

  it('a news body that names the brand names this host’s brand', async () => {
    const news = await listAll(t, 'news-list', host);
    const item = news.find((n) => n.title.startsWith('AI 写标书'))!;
    const text = rootText((await get(`/dynamic/${item.id}.html`)).text);
    expect(text).toContain(`${brand} 在写作时只引用企业资料库中已有的事实`);
    expect(text).not.toContain('{brand}');
  });

  it('question detail shows the question as title and the answer', async () => {
    const qs = await listAll(t, 'question-list', host);
    expect(qs.length).toBeGreaterThanOrEqual(10);
    const q = qs.find((x) => x.question.includes('投标保证金'))!;
    const seed = QUESTION_SEEDS.find((s) => s.question === q.question)!;
    const res = await get(`/question/${q.id}.html`);
    expect(res.status).toBe(200);
    const h = head(res.text);
    expect(h.title).toBe(pageTitle(seoKey, q.question));
    expect(h.description.length).toBeGreaterThan(10);
    expect(rootText(res.text)).toContain(seed.answer.split('\n')[0]);
  });

  it('activity detail shows its dates and text', async () => {
    const acts = await listAll(t, 'activity-list', host);
    expect(acts.length).toBeGreaterThanOrEqual(3);
    for (const a of acts) {
      const seed = ACTIVITY_SEEDS.find((s) => b(s.title) === a.title)!;
      const res = await get(`/activity/${a.id}.html`);
      expect(res.status).toBe(200);
      expect(head(res.text).title).toBe(pageTitle(seoKey, a.title));
      expect(head(res.text).description).toBe(b(seed.summary));
      const text = rootText(res.text);
      expect(text).toContain(b(seed.body[0]!));
      expect(text).toContain(a.startTime);
    }
  });

  it('merchant detail shows the directory entry with masked contacts', async () => {
    const ms = await listAll(t, 'merchant-list', host);
    expect(ms.length).toBeGreaterThanOrEqual(8);
    const seed = MERCHANT_SEEDS[0]!;
    const m = ms.find((x) => x.name === seed.name)!;
    const res = await get(`/merchantDetail/${m.id}.html`);
    expect(res.status).toBe(200);
    expect(head(res.text).title).toBe(pageTitle(seoKey, seed.name));
    expect(head(res.text).description).toBe(seed.intro);
    const text = rootText(res.text);
    expect(text).toContain(seed.intro);
    expect(text).toContain(seed.services[0]);
    expect(text).toContain(`${seed.contactPhone.slice(0, 3)}****${seed.contactPhone.slice(7)}`);
    expect(res.text).not.toContain(seed.contactPhone);
    const logo = await get(m.logo);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('static pages: /home/direction.html and a stored /home/{code}.html carry their own title and text', async () => {
    for (const seed of PAGE_SEEDS) {
      const res = await get(`/home/${seed.code}.html`);
      expect(res.status).toBe(200);
      expect(head(res.text).title).toBe(pageTitle(seoKey, seed.title));
      expect(head(res.text).description).toBe(b(seed.summary));
      expect(rootText(res.text)).toContain(b(seed.body[0]!));
    }
    // a static route without a stored page still gets its own title
    const biz = await get('/home/business.html');
    expect(biz.status).toBe(200);
    expect(head(biz.text).title).toBe(pageTitle(seoKey, '商务合作'));
  });

  it('list pages link every listed item', async () => {
    const [news, qs, acts, ms] = await Promise.all(
      ['news-list', 'question-list', 'activity-list', 'merchant-list'].map((c) => listAll(t, c, host)),
    );
    const newsLinks = news!.map((n) => `/dynamic/${n.id}.html`);
    const all = [
      ...newsLinks,
      ...qs!.map((q) => `/question/${q.id}.html`),
      ...acts!.map((a) => `/activity/${a.id}.html`),
      ...ms!.map((m) => `/merchantDetail/${m.id}.html`),
    ];
    for (const p of ['/', '/home', '/home/website_map.html']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      const links = rootLinks(res.text);
      for (const l of all) expect(links, `${p} links ${l}`).toContain(l);
    }
    expect(head((await get('/')).text).title).toBe(SEO[seoKey].home);
    const mapLinks = rootLinks((await get('/home/website_map.html')).text);
    expect(mapLinks).toContain('/home/industry_dynamics.html');
    // the site map names every stored page /home/{code}.html can open (what an unknown code's 404 lists)
    for (const seed of PAGE_SEEDS) expect(mapLinks).toContain(`/home/${seed.code}.html`);

    const dyn = await get('/home/industry_dynamics.html');
    expect(head(dyn.text).title).toBe(pageTitle(seoKey, '行业动态'));
    expect(rootLinks(dyn.text)).toEqual(expect.arrayContaining(newsLinks));
    expect(rootText(dyn.text)).toContain(news![0].summary);

    const dir = await get('/home/merchant.html');
    expect(rootLinks(dir.text)).toEqual(expect.arrayContaining(ms!.map((m) => `/merchantDetail/${m.id}.html`)));
  });

  it('unknown ids and codes answer 404 with the 404 page, uncached and not indexed', async () => {
    for (const p of ['/dynamic/999999.html', '/question/abc.html', '/activity/1.html', '/merchantDetail/0.html', '/home/nosuch.html']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(rootText(res.text)).toContain(`页面不存在：${p}`);
      expect(head(res.text).robots).toBe('noindex');
      expect(head(res.text).canonical).toBe('');
    }
  });

  it('an unknown /home/{code}.html lists the pages that exist; page-list holds the stored pages', async () => {
    const res = await get('/home/nosuch.html');
    expect(res.status).toBe(404);
    const links = rootLinks(res.text);
    for (const seed of PAGE_SEEDS) expect(links).toContain(`/home/${seed.code}.html`);
    expect(links).toContain('/home/website_map.html');
    const list = await t.api<{ data: { code: string; title: string }[] }>('/btz-skip/content/page-list', { host });
    expect(list.status).toBe(200);
    const codes = list.json.data.map((p) => p.code);
    expect(codes.sort()).toEqual(PAGE_SEEDS.map((p) => p.code).sort());
  });

  it('sitemap.xml lists the static routes and every detail URL on this host, with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const news = await listAll(t, 'news-list', host);
    for (const n of news) expect(locs).toContain(`http://${host}/dynamic/${n.id}.html`);
    expect(locs).toContain(`http://${host}/`);
    expect(locs).toContain(`http://${host}/home/industry_dynamics.html`);
    expect(locs).not.toContain(`http://${host}/user/profile`);
    expect(locs.filter((l) => l === `http://${host}/home/direction.html`)).toHaveLength(1);
    expect(locs.some((l) => l!.includes('/question/'))).toBe(true);
    expect(locs.some((l) => l!.includes('/merchantDetail/'))).toBe(true);
    for (const seed of PAGE_SEEDS) expect(locs).toContain(`http://${host}/home/${seed.code}.html`);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('robots.txt allows the public site, disallows the workbench and the API, names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Disallow: /workbench');
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain(`Sitemap: http://${host}/sitemap.xml`);
  });
});

describe('crawler across brands', () => {
  it("another brand's id is not found here", async () => {
    const jw = await listAll(t, 'news-list', 'jw.localhost');
    expect((await t.request(`/dynamic/${jw[0].id}.html`, { host: 'jw.localhost' })).status).toBe(200);
    expect((await t.request(`/dynamic/${jw[0].id}.html`, { host: '127.0.0.1' })).status).toBe(404);
  });

  it('the workbench stays uncached and has no crawler content', async () => {
    const res = await t.request('/workbench/historyBook', { host: 'jw.localhost' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rootLinks(res.text)).toEqual([]);
  });
});
