/**
 * Attack (issue 10, finding 10): `X-Forwarded-Host` from anyone picked the tenant and went into canonical URLs, the
 * sitemap and robots.txt, cached for minutes with `Vary: Host` only — one request could poison a shared cache for
 * everybody on that host. Now the forwarded host counts only from a proxy listed in TRUST_PROXY, and then the answers
 * vary on it.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { head } from '../content/helpers.js';

const HOST = 'bid.example.cn';
const EVIL = 'jw.attacker.example';
// the server's own fallback shell (the web app need not be built for the head it sends)
const NO_WEB_BUILD = path.join(os.tmpdir(), 'btz-no-web-dist');

describe('X-Forwarded-Host with TRUST_PROXY unset', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ webDist: NO_WEB_BUILD });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (p: string) => t.request(p, { host: HOST, headers: { 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'https' } });

  it('cannot pick the tenant', async () => {
    // the jw brand (tenant 389572) is what a `jw.` host gets; the forged header must not reach it
    const boot = await t.api('/btz-skip/boot', { host: HOST, headers: { 'X-Forwarded-Host': EVIL } });
    expect(boot.json).toMatchObject({ success: true, data: { tenantId: '000000' } });
    const jw = await t.api('/btz-skip/boot', { host: 'jw.localhost' });
    expect(jw.json.data.tenantId).toBe('389572');
  });

  it('does not reach the canonical URL of a cached page', async () => {
    const res = await get('/home/industry_dynamics.html');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(head(res.text).canonical).toBe(`http://${HOST}/home/industry_dynamics.html`);
    expect(res.text).not.toContain(EVIL);
    expect(res.headers.vary).toBe('Host');
  });

  it('does not reach sitemap.xml or robots.txt', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(loc.startsWith(`http://${HOST}/`)).toBe(true);
    expect(sitemap.headers.vary).toBe('Host');

    const robots = await get('/robots.txt');
    expect(robots.text).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
    expect(robots.text).not.toContain(EVIL);
    expect(robots.headers.vary).toBe('Host');
  });
});

describe('X-Forwarded-Host from a listed proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ webDist: NO_WEB_BUILD, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the host the visitor used, and every answer built from it varies on it', async () => {
    const headers = { 'X-Forwarded-Host': 'jw.localhost', 'X-Forwarded-Proto': 'https' };
    const boot = await t.api('/btz-skip/boot', { host: '10.0.0.5:3000', headers });
    expect(boot.json.data.tenantId).toBe('389572');

    const robots = await t.request('/robots.txt', { host: '10.0.0.5:3000', headers });
    expect(robots.text).toContain('Sitemap: https://jw.localhost/sitemap.xml');
    const page = await t.request('/home/industry_dynamics.html', { host: '10.0.0.5:3000', headers });
    expect(head(page.text).canonical).toBe('https://jw.localhost/home/industry_dynamics.html');
    for (const res of [robots, page, await t.request('/sitemap.xml', { host: '10.0.0.5:3000', headers })]) {
      const vary = String(res.headers.vary).split(/,\s*/).map((v) => v.toLowerCase());
      expect(vary).toEqual(expect.arrayContaining(['host', 'x-forwarded-host', 'x-forwarded-proto']));
    }
  });
});
