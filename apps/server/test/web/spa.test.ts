/**
 * The web shell as the server sends it (spec §2 host behaviour): the brand's title, description and keywords in the
 * HTML for that host, `window.__BOOT__`, a CSP with a per-response script nonce, HTTP 404 for unknown paths, cache
 * headers, brand assets and the manifest. The web app may not be built: the server's fallback page gets the same head.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEO } from '@btz/shared';
import { newUser, startTestServer, unescapeHtml, type TestServer } from '../harness.js';

function head(html: string) {
  const title = unescapeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const meta = (name: string) => unescapeHtml(new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '');
  const boot = /<script nonce="([^"]+)">window\.__BOOT__=(.*?)<\/script>/s.exec(html);
  return {
    title,
    description: meta('description'),
    keywords: meta('keywords'),
    nonce: boot?.[1],
    boot: boot ? JSON.parse(boot[2]!) : undefined,
  };
}

// Whether or not apps/web is built, the page the server sends must carry the same head: run both.
const WITHOUT_BUILD = path.join(os.tmpdir(), 'btz-no-web-dist');

describe.each([
  ['web shell (WEB_DIST as configured)', {}],
  ['web shell (no web build: fallback page)', { webDist: WITHOUT_BUILD }],
] as const)('%s', (_name, overrides) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(overrides);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['jw.localhost', 'jw', 'jw', '金网标书', '389572'],
    ['bs.localhost', 'bs', 'bs', '标速AI', '592716'],
    ['127.0.0.1', 'default', 'default', '标书AI', '000000'],
    // fz has no host rule: the variant stays the default one, but its own brand name is in the title
    ['fz.localhost', 'default', 'fz', '方舟标书', '329436'],
  ] as const)('GET / on %s carries the %s title, description, keywords and boot data', async (host, variant, seoKey, brand, tenantId) => {
    const res = await t.request('/', { host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const h = head(res.text);
    expect(h.title).toContain(brand);
    expect(h.title).toBe(SEO[seoKey].home);
    expect(h.description).toBe(SEO[seoKey].description);
    expect(h.keywords).toBe(SEO[seoKey].keywords);
    expect(h.boot).toMatchObject({ tenantId, variant, seoKey });
    expect(h.boot.branding.tenanId).toBe(tenantId);
  });

  it('sends a CSP whose script nonce is the one on the inline boot script, new for every response', async () => {
    const a = await t.request('/');
    const b = await t.request('/');
    const csp = String(a.headers['content-security-policy']);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(head(a.text).nonce).toBe(nonce);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/object-src 'none'/);
    // every inline script of the page carries the nonce
    for (const m of a.text.matchAll(/<script\b([^>]*)>/g)) {
      if (!/\bsrc=/.test(m[1]!)) expect(m[1]).toContain(`nonce="${nonce}"`);
    }
    expect(head(b.text).nonce).not.toBe(nonce);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps server secrets out of the page', async () => {
    const res = await t.request('/');
    expect(res.text).not.toContain(t.server.app.ctx.config.tokenSecret);
    expect(res.text).not.toContain('btz_secret');
  });

  it('answers an unknown path with HTTP 404 (the page still has its head)', async () => {
    const res = await t.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(head(res.text).boot).toMatchObject({ tenantId: '000000' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not echo a hostile path into the page', async () => {
    const res = await t.request('/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<script>alert(1)');
  });

  it("serves /{inviteCode} of an existing user, 404 for a code nobody has or another brand's user has", async () => {
    const { token } = await newUser(t);
    const code = (await t.api('/btz/user/get-info', { token })).json.data.inviteCode as string;
    expect((await t.request(`/${code}`)).status).toBe(200);
    expect((await t.request('/ZZZZ9999')).status).toBe(404);
    expect((await t.request(`/${code}`, { host: 'jw.localhost' })).status).toBe(404);
  });

  it('serves workbench pages uncached with their own title, public pages with a short public cache', async () => {
    const wb = await t.request('/workbench/historyBook');
    expect(wb.status).toBe(200);
    expect(wb.headers['cache-control']).toBe('no-store');
    expect(head(wb.text).title).toContain('我的标书');
    const home = await t.request('/');
    expect(home.headers['cache-control']).toMatch(/^public/);
    // the page depends on the host: shared caches must key on it
    expect(String(home.headers.vary)).toMatch(/host/i);
  });

  it('answers /healthz', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok' });
  });

  it('serves brand artwork as SVG, and 404 for unknown brands or files', async () => {
    const logo = await t.request('/brand/jw/logo-light.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.text).toMatch(/^<svg/);
    expect(logo.text).toContain('金网标书');
    expect((await t.request('/brand/nope/logo-light.svg')).status).toBe(404);
    expect((await t.request('/brand/jw/nope.svg')).status).toBe(404);
    // every logo a tenant's branding names is served
    const branding = (await t.api('/btz-skip/tenant-info', { host: 'bs.localhost' })).json.data;
    for (const f of ['homeLogoLight', 'homeLogoDark', 'bannerLogo', 'footerLogo', 'workLogoLight', 'workLogoDark', 'ecLogo', 'avatar', 'groupImg']) {
      const r = await t.request(branding[f]);
      expect(r.status, `${f} ${branding[f]}`).toBe(200);
      expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it.each([
    ['jw.localhost', '金网标书'],
    ['bs.localhost', '标速AI'],
    ['127.0.0.1', '标书AI'],
    ['fz.localhost', '方舟标书'],
  ])('serves /manifest.webmanifest on %s with the brand name', async (host, name) => {
    const res = await t.request('/manifest.webmanifest', { host });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/manifest\+json/);
    expect(res.json).toMatchObject({ name, short_name: name, start_url: '/', lang: 'zh-CN' });
  });

  it('answers an unknown /api path with a 404 JSON envelope', async () => {
    const res = await t.api('/no/such/call');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json).toMatchObject({ code: 404, success: false });
    expect(res.json.msg).toMatch(/接口不存在/);
    // a GET to an API path is not the web app either
    const get = await t.api('/btz/user/get-info', { method: 'GET' });
    expect(get.status).toBe(404);
    expect(get.json).toMatchObject({ code: 404, success: false });
  });
});
