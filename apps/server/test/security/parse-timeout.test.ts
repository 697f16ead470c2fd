/**
 * Issue 10: a file that keeps its reader busy past PARSE_TIMEOUT_S ends its worker, fails for good with a Chinese
 * message, is tried once, and retry-parse refuses it with the same message. (A 1-second limit: starting a worker and
 * OCR-ing a scanned page take longer than that.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, type TestServer } from '../harness.js';
import { scannedPdf, uploadTender, waitParse } from '../bid/helpers.js';
import { watchServer } from './watch.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ jobPollMs: 50, parseTimeoutS: 1, jobRetryBaseMs: 50 });
});
afterAll(async () => {
  await t?.close();
});

describe('parse time limit (issue 10)', () => {
  it('a read that overruns PARSE_TIMEOUT_S fails for good, once, in Chinese; retry-parse is refused with the same message', async () => {
    const { token } = await newUser(t);
    const watch = watchServer(t.url);
    const bidId = await uploadTender(t, token, { name: '扫描件.pdf', data: await scannedPdf() });
    const d = await waitParse(t, token, bidId);
    const seen = await watch.stop();
    expect(d.parse.state).toBe('failed');
    expect(d.parse.error).toBe('文件解析超时（超过 1 秒），已停止处理。请拆分或精简文件后重新上传');
    expect(seen.failures).toEqual([]);
    await t.server.app.ctx.jobs.idle(10_000);
    const jobs = await t.server.db.db.selectFrom('jobs').select(['state', 'attempts']).where('ref_id', '=', bidId).execute();
    expect(jobs).toEqual([{ state: 'failed', attempts: 1 }]);
    const retry = await t.api('/btz/bid/retry-parse', { token, query: { id: bidId } });
    expect(retry.json).toMatchObject({ code: 400, success: false, msg: d.parse.error });
  });
});
