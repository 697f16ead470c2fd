/**
 * Redis down under two instances (issue 29, faults): realtime degrades to per-instance delivery, the rate limits count
 * on each instance instead of lapsing, and no call fails; when Redis is back (empty, as after a crash) delivery crosses
 * instances again and the counts are shared again, with no server restarted. Two servers on a PostgreSQL and a Redis of
 * the test's own (../infra/own-services.ts): the test kills that Redis, never the shared one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, newUser, startTestServer, type TestServer } from '../harness.js';
import { rateLimits } from '../test-config.js';
import { startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '../infra/own-services.js';
import { makeClient, sleep, subscribeConfirmed, waitUntil, type TestClient } from './helpers.js';
import { waitUntil as waitForCondition } from '../wait.js';

describe('Redis down and back under two instances', () => {
  let pgc: OwnPostgres;
  let redis: OwnRedis;
  let a: TestServer;
  let b: TestServer;
  const clients: TestClient[] = [];
  const storage = mkdtempSync(path.join(os.tmpdir(), 'btz-fault-redis-files-'));

  beforeAll(async () => {
    [pgc, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    const url = await pgc.createDatabase('btz_fault_redis');
    const overrides = {
      databaseUrl: url,
      redisUrl: redis.url,
      redisPrefix: `btz-fault-${randomBytes(3).toString('hex')}:`,
      tokenSecret: randomBytes(16).toString('hex'),
      storageDir: storage,
      storageShared: true,
      rateLimits: rateLimits({ form: { max: 2, windowS: 60 } }),
    };
    a = await startTestServer(overrides, { databaseUrl: url });
    b = await startTestServer(overrides, { databaseUrl: url });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.client.deactivate({ force: true })));
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await redis?.destroy();
    await pgc?.destroy();
    rmSync(storage, { recursive: true, force: true });
  }, 60_000);

  /** The connections the instances hold to Redis, by name (rate limits, realtime publish and subscribe). */
  async function redisClients(): Promise<Record<string, number>> {
    const r = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    try {
      const list = String(await r.client('LIST'));
      const out: Record<string, number> = {};
      for (const m of list.matchAll(/ name=(\S+)/g)) out[m[1]!] = (out[m[1]!] ?? 0) + 1;
      return out;
    } finally {
      r.disconnect();
    }
  }

  it('realtime goes per instance and rate limits count locally while Redis is down; both are shared again when it is back', async () => {
    const { token, userId } = await newUser(a);
    const listen = async (t: TestServer) => {
      const c = makeClient(t.port, 'websocket', token, {
        connectHeaders: { 'Blade-Auth': `Bearer ${token}`, Authorization: CLIENT_BASIC, 'Blade-Requested-With': 'BladeHttpRequest' },
      });
      clients.push(c);
      await waitUntil(() => c.connects.length > 0, 10_000, 'realtime connected');
      await subscribeConfirmed(c, `/user/${userId}/notice`);
      return c;
    };
    const onA = await listen(a);
    const onB = await listen(b);
    const got = (c: TestClient, n: number) => c.messages.filter((m) => (JSON.parse(m.body) as { data: { n: number } }).data.n === n).length;
    const form = (t: TestServer) => t.api('/btz-skip/saveCollabAppoint', { body: { company: '某某公司' } });
    const refused = (r: { json: { msg?: string } }) => /^操作过于频繁/.test(r.json.msg ?? '');

    // Redis up: a publish on A reaches B; the form limit (2 a minute) is counted once over both
    await a.server.app.ctx.realtime.publish(userId, 'dm.count', { n: 1 });
    await waitUntil(() => got(onA, 1) === 1 && got(onB, 1) === 1, 5000, 'delivery on both instances');
    expect(refused(await form(a))).toBe(false);
    expect(refused(await form(b))).toBe(false);
    expect(refused(await form(a))).toBe(true);

    await redis.stop();
    // nothing fails: signed-in reads, a login on B, the form, realtime publishes
    const info = await a.api('/btz/user/get-info', { token });
    expect(info.status, info.text).toBe(200);
    expect(info.json.success).toBe(true);
    const other = await newUser(b);
    expect(other.token).toBeTruthy();
    // a publish on A still reaches A's own client (per instance), and no call answered 500
    await a.server.app.ctx.realtime.publish(userId, 'dm.count', { n: 2 });
    await waitUntil(() => got(onA, 2) === 1, 5000, 'delivery on the publishing instance while Redis is down');
    await b.server.app.ctx.realtime.publish(userId, 'dm.count', { n: 3 });
    await waitUntil(() => got(onB, 3) === 1, 5000, 'delivery on the publishing instance while Redis is down');
    // the form limit holds on each instance on its own: A's third call is refused, B counts its own
    expect(refused(await form(a))).toBe(false);
    expect(refused(await form(a))).toBe(false);
    const third = await form(a);
    expect(third.json).toMatchObject({ code: 400, success: false });
    expect(third.json.msg).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect(refused(await form(b))).toBe(false);
    for (const t of [a, b]) expect(t.logs.some((l) => l.includes('unhandled error'))).toBe(false);

    await redis.start();
    // the instances reconnect by themselves (no restart): wait until each holds its connections again
    const names = await waitForCondition(
      'both instances connected to Redis again',
      async () => {
        const n = await redisClients();
        return n['btz-rate-limit'] === 2 && n['btz-realtime-pub'] === 2 && n['btz-realtime-sub'] === 2 ? n : null;
      },
      { pollMs: 200, limitMs: 60_000 },
    );
    expect(names).toMatchObject({ 'btz-rate-limit': 2, 'btz-realtime-pub': 2, 'btz-realtime-sub': 2 });
    // cross-instance delivery again (the subscription was renewed on reconnect), once each
    let n = 10;
    for (;;) {
      await a.server.app.ctx.realtime.publish(userId, 'dm.count', { n });
      try {
        await waitUntil(() => got(onB, n) === 1, 1000, 'cross-instance delivery after Redis returned');
        break;
      } catch (e) {
        if (n >= 20) throw e;
        n++;
      }
    }
    await sleep(200);
    expect(got(onA, n)).toBe(1);
    expect(got(onB, n)).toBe(1);
    // and the counts are shared again (Redis came back empty): two calls over both instances, the third refused
    expect(refused(await form(b))).toBe(false);
    expect(refused(await form(a))).toBe(false);
    expect(refused(await form(b))).toBe(true);
  });
});
