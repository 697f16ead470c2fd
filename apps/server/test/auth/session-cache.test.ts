/**
 * The verified-session cache across instances (issue 29, auth/session-cache.ts): two servers on one PostgreSQL database
 * and one Redis, each remembering a verified session far longer than the test runs (AUTH_CACHE_MS), so what refuses a
 * token on the other instance is the invalidation through the relay, not the cache running out. Instance B reads the
 * token first (it is now remembered there); the change is made on instance A; B must refuse the token on the next call.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, scratchDatabase, startTestServer, type ScratchDatabase, type TestServer } from '../harness.js';
import { postgresAnswers, requireService } from '../requirements.js';
import { redisAnswers, TEST_REDIS_URL } from '../realtime/helpers.js';
import { asOperator, inviteOperator, signInSuper } from '../admin/helpers.js';

const PG = process.env.TEST_DATABASE_URL;
const canRun = requireService(
  (await postgresAnswers(PG)) && (await redisAnswers(TEST_REDIS_URL)),
  `PostgreSQL（TEST_DATABASE_URL=${PG ?? '未设置'}）或 Redis（${TEST_REDIS_URL}）不可用：多实例会话缓存测试`,
);

describe.skipIf(!canRun)('verified sessions remembered per instance, forgotten on every instance at once', () => {
  const prefix = `btz-test-${randomBytes(4).toString('hex')}:`;
  let db: ScratchDatabase;
  let a: TestServer;
  let b: TestServer;
  let op: { token: string };
  const storage = mkdtempSync(path.join(os.tmpdir(), 'btz-authcache-files-'));
  const getInfo = (t: TestServer, token: string) => t.api('/btz/user/get-info', { token });

  beforeAll(async () => {
    db = await scratchDatabase(PG!, 'btz_authcache');
    // ten minutes: longer than the file runs, so no answer here depends on the cache running out
    const overrides = {
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
      authCacheMs: 600_000,
      // one signing key, as every instance of a deployment has (docs/deploy.md, Secrets)
      tokenSecret: randomBytes(16).toString('hex'),
      smsResendS: 0,
      // two instances on one database must share their file storage (instances/registry.ts)
      storageDir: storage,
      storageShared: true,
    };
    a = await startTestServer(overrides, { databaseUrl: db.url });
    // before B starts: a start prints a new one-time super-operator link, which ends the one A printed
    const su = await signInSuper(a);
    op = await inviteOperator(a, su.token, '000000', '运营A');
    b = await startTestServer(overrides, { databaseUrl: db.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
    rmSync(storage, { recursive: true, force: true });
    const r = new Redis(TEST_REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  it('remembers a verified session: a revocation written past the product is not seen (what the invalidation is for)', async () => {
    const u = await newUser(a);
    expect((await getInfo(b, u.token)).status).toBe(200);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query('UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1', [u.userId]);
    } finally {
      await c.end();
    }
    // B read the session before and nothing told it: it still takes the token (within AUTH_CACHE_MS)…
    expect((await getInfo(b, u.token)).status).toBe(200);
    // …while A, which never read it, refuses it
    expect((await getInfo(a, u.token)).status).toBe(401);
  });

  it('logout on instance A refuses the token on instance B at once; another login of the user goes on', async () => {
    const u = await newUser(a);
    const other = await a.login(u.phone);
    expect((await getInfo(b, u.token)).status).toBe(200);
    expect((await getInfo(b, other.access_token)).status).toBe(200);
    expect((await a.api('/blade-auth/oauth/logout', { token: u.token })).json.success).toBe(true);
    const res = await getInfo(b, u.token);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 401, success: false });
    expect((await getInfo(b, other.access_token)).status).toBe(200);
  });

  it('a refresh on A rotates the old session out: its access token is refused on B at once', async () => {
    const u = await newUser(a);
    expect((await getInfo(b, u.token)).status).toBe(200);
    const refreshed = await a.api('/blade-auth/oauth/token', { query: { grant_type: 'refresh_token', refresh_token: u.tokenResponse.refresh_token } });
    expect(refreshed.json.access_token).toBeTruthy();
    expect((await getInfo(b, u.token)).status).toBe(401);
    expect((await getInfo(b, refreshed.json.access_token)).status).toBe(200);
  });

  it('退出所有设备 on A refuses every token of the user on B at once', async () => {
    const u = await newUser(a);
    const other = await a.login(u.phone);
    for (const token of [u.token, other.access_token]) expect((await getInfo(b, token)).status).toBe(200);
    expect((await a.api('/btz/user/logout-all', { token: u.token })).json.data).toEqual({ count: 2 });
    for (const token of [u.token, other.access_token]) expect((await getInfo(b, token)).status).toBe(401);
  });

  it('a user disabled from the console (on A) is refused on B and on A at once', async () => {
    const u = await newUser(a);
    for (const t of [a, b]) expect((await getInfo(t, u.token)).status).toBe(200);
    const off = await asOperator(a, op.token, '/btz/admin/users/status', { body: { userId: u.userId, status: 2, reason: '违规使用' } });
    expect(off.json.data).toMatchObject({ status: 2 });
    for (const t of [b, a]) expect((await getInfo(t, u.token)).status).toBe(401);
  });
});
