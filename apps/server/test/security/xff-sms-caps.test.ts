/**
 * Attack (issue 10, finding 4): the per-IP SMS caps were reset by sending a new `X-Forwarded-For` with every request,
 * because the server trusted it from anyone. Now only a proxy listed in TRUST_PROXY speaks for the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';

const sendCode = (t: TestServer, xff: string) =>
  t.api('/btz-skip/send-code', { query: { phone: uniquePhone() }, headers: { 'X-Forwarded-For': xff } });

describe('X-Forwarded-For with TRUST_PROXY unset', () => {
  let t: TestServer;
  beforeAll(async () => {
    // no trustProxy override: the default of loadConfig({})
    t = await startTestServer({ smsDailyCapIp: 2 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new forged client address per request does not reset the per-IP daily cap', async () => {
    expect((await sendCode(t, '198.51.100.1')).json.success).toBe(true);
    expect((await sendCode(t, '198.51.100.2')).json.success).toBe(true);
    const third = await sendCode(t, '198.51.100.3');
    expect(third.status).toBe(200);
    expect(third.json).toMatchObject({ code: 400, success: false });
    expect(third.json.msg).toMatch(/今日获取验证码次数过多/);
    expect(t.server.app.ctx.config.trustProxy).toEqual([]);
  });
});

describe('X-Forwarded-For from a listed proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    // the test client connects from 127.0.0.1: it plays the balancer
    t = await startTestServer({ smsDailyCapIp: 2, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the caps per forwarded client address', async () => {
    expect((await sendCode(t, '203.0.113.5')).json.success).toBe(true);
    expect((await sendCode(t, '203.0.113.5')).json.success).toBe(true);
    expect((await sendCode(t, '203.0.113.5')).json.msg).toMatch(/今日获取验证码次数过多/);
    // another client behind the same balancer has its own cap
    expect((await sendCode(t, '203.0.113.6')).json.success).toBe(true);
    // a client that forges a hop in front of the balancer is still counted by the address the balancer saw
    expect((await sendCode(t, '192.0.2.77, 203.0.113.5')).json.msg).toMatch(/今日获取验证码次数过多/);
  });
});

describe('X-Forwarded-For from a peer that is not the listed proxy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ smsDailyCapIp: 2, trustProxy: ['10.9.9.9', '172.31.0.0/16'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ignored: the socket address is counted', async () => {
    expect((await sendCode(t, '198.51.100.1')).json.success).toBe(true);
    expect((await sendCode(t, '198.51.100.2')).json.success).toBe(true);
    expect((await sendCode(t, '198.51.100.3')).json.msg).toMatch(/今日获取验证码次数过多/);
  });
});
