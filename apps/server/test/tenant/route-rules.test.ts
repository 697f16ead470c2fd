/** Spec §7 per-path route rules, kept by the server: a redirect, or an absolute redirect. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';

describe('route rules', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the seeded redirect for /more', async () => {
    const res = await t.api('/btz-skip/route-rules', { query: { path: '/more' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, success: true, data: { redirect: '/home/website_map.html', absolute: false } });
  });

  it('finds the rule whatever the query string or trailing slash', async () => {
    for (const path of ['/more?from=menu', '/more/']) {
      const res = await t.api('/btz-skip/route-rules', { query: { path } });
      expect(res.json.data, path).toMatchObject({ redirect: '/home/website_map.html' });
    }
  });

  it('answers the same shared rule on every brand', async () => {
    const res = await t.api('/btz-skip/route-rules', { query: { path: '/help' }, host: 'jw.localhost' });
    expect(res.json.data).toMatchObject({ redirect: '/home/CustomerService' });
  });

  it('answers data null for a path without a rule', async () => {
    const res = await t.api('/btz-skip/route-rules', { query: { path: '/workbench/no-rule-here' } });
    expect(res.json).toMatchObject({ code: 200, success: true, data: null });
  });

  it('refuses a missing path naming the field', async () => {
    const res = await t.api('/btz-skip/route-rules');
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('路径（path）');
  });
});
