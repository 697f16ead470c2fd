/**
 * Rate limits across instances (issue 10): with REDIS_URL the counts live in Redis under REDIS_PREFIX, so a flood
 * spread over several server instances behind a balancer is counted once, not once per instance.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { redisAnswers, TEST_REDIS_URL } from '../realtime/helpers.js';
import { rateLimits } from '../test-config.js';

const canRun = await redisAnswers(TEST_REDIS_URL);
if (!canRun) console.warn(`skipping rate-limit-instances: no Redis at ${TEST_REDIS_URL}`);

describe.skipIf(!canRun)('rate limits shared through Redis', () => {
  const prefix = `btz-test-${randomBytes(4).toString('hex')}:`;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const overrides = { redisUrl: TEST_REDIS_URL, redisPrefix: prefix, rateLimits: rateLimits({ form: { max: 2, windowS: 60 } }) };
    a = await startTestServer(overrides);
    b = await startTestServer(overrides);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    const r = new Redis(TEST_REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  it('counts a flood spread over two instances once, under REDIS_PREFIX', async () => {
    const post = (t: TestServer) => t.api('/btz-skip/saveCollabAppoint', { body: { company: '某某公司' } });
    expect((await post(a)).json.msg).not.toMatch(/操作过于频繁/);
    expect((await post(b)).json.msg).not.toMatch(/操作过于频繁/);
    const third = await post(a);
    expect(third.json).toMatchObject({ code: 400, success: false });
    expect(third.json.msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect((await post(b)).json.msg).toMatch(/^操作过于频繁/);

    const r = new Redis(TEST_REDIS_URL);
    const keys = await r.keys(`${prefix}rate:*`);
    r.disconnect();
    expect(keys.some((k) => k.includes('form:ip:'))).toBe(true);
  });
});
