/**
 * Issue 10 finding 6: exporting a bid the limits allow must not block the server. A bid of 1,000 sections of 20,000
 * characters (20 million in all; the report's 1,000 × 200,000 is `npm run bench -- hostile --full`), exported over HTTP
 * while `/healthz` and a normal call are polled: both keep answering and the Word file holds every section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { outlinedBid, unzip } from '../writing/helpers.js';
import { seedLargeBid } from './large-bid.js';
import { watchServer } from './watch.js';
import { exportBid } from '../export.js';


let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

describe('large export (issue 10)', () => {
  it('1,000 sections × 20,000 characters export completely while /healthz and the bid list keep answering', async () => {
    const { token } = await newUser(t);
    const bidId = await outlinedBid(t, token);
    const sections = await seedLargeBid(t.server.db.db, bidId, 1000, 20_000);

    const watch = watchServer(t.url, { token, apiPath: '/btz/bid/list', query: { current: '1', size: '10' } });
    const started = Date.now();
    const res = await exportBid(t.api, { token, id: bidId, format: 'docx' });
    const seen = await watch.stop();
    const ms = Date.now() - started;

    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const xml = unzip(res.bytes).get('word/document.xml')!;
    for (const s of sections) expect(xml.includes(s.marker), s.marker).toBe(true);
    expect(xml.length).toBeGreaterThan(20_000_000);

    expect(seen.failures).toEqual([]);
    expect(seen.healthz.length, `export took ${ms} ms`).toBeGreaterThan(3);
    // the list kept answering through the export too; latencies are the hostile bench's figures, not a test's
    expect(seen.api.length, `export took ${ms} ms`).toBeGreaterThan(3);
  });
});

describe('export memory limit (issue 10)', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ jobPollMs: 50, exportMemoryMb: 64 });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('a bid too large for EXPORT_MEMORY_MB: a clear Chinese refusal, and the server goes on', async () => {
    const { token } = await newUser(small);
    const bidId = await outlinedBid(small, token);
    await seedLargeBid(small.server.db.db, bidId, 300, 20_000);
    const res = await exportBid(small.api, { token, id: bidId, format: 'docx' });
    expect(res.json).toMatchObject({ code: 400, success: false, msg: '标书内容过多，导出超出内存上限（64 MB），请精简内容或分卷导出' });
    const h = await small.request('/healthz');
    expect(h.json).toMatchObject({ status: 'ok' });
    const list = await small.api('/btz/bid/list', { token, query: { current: 1, size: 10 } });
    expect(list.json?.success, list.text).toBe(true);
  });
});
