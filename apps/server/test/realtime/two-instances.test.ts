import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BASIC, httpRequest, scratchDatabase, type ScratchDatabase } from '../harness.js';
import { makeClient, redisAnswers, subscribeConfirmed, waitUntil, type TestClient } from './helpers.js';
import { postgresAnswers, requireService } from '../requirements.js';

/**
 * Two real server processes on one PostgreSQL and one Redis — a second instance behind a balancer. A user logs in on
 * instance A and listens on instance B; what A does reaches B.
 */
const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(__dirname, '../../../..');

interface Instance {
  proc: ChildProcess;
  port: number;
  dataDir: string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'btz-inst-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /已启动：http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`instance exited with ${code}:\n${out}`)));
  });
  return { proc, port, dataDir };
}

// in CI a missing PostgreSQL or Redis fails this file; elsewhere it is skipped with the reason printed (requirements.ts)
const canRun =
  requireService(await postgresAnswers(PG), `PostgreSQL 不可用（TEST_DATABASE_URL=${PG ?? '未设置'}）：双进程实例测试`) &&
  requireService(await redisAnswers(REDIS), `Redis 在 ${REDIS} 无应答（可设置 TEST_REDIS_URL）：双进程实例测试`);

describe.skipIf(!canRun)('two server processes on one PostgreSQL and Redis', () => {
  let a: Instance;
  let b: Instance;
  let db: ScratchDatabase | undefined;
  let sharedStorage = '';
  const clients: TestClient[] = [];

  beforeAll(async () => {
    db = await scratchDatabase(PG!, 'btz_inst');
    const u = new URL(db.url);
    // instances on one database must share their file storage (instances/registry.ts): one directory, declared shared
    sharedStorage = mkdtempSync(path.join(os.tmpdir(), 'btz-inst-files-'));
    const env = {
      STORAGE_DIR: sharedStorage,
      STORAGE_SHARED: 'true',
      DATABASE_URL: u.toString(),
      REDIS_URL: REDIS,
      REDIS_PREFIX: `btz-test-${randomBytes(4).toString('hex')}:`,
      TOKEN_SECRET: randomBytes(16).toString('hex'),
    };
    // Start them one after the other: the second finds the migrations done (and would wait on the advisory lock).
    a = await startInstance(env);
    b = await startInstance(env);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.client.deactivate()));
    for (const i of [a, b]) {
      if (!i) continue;
      i.proc.kill('SIGTERM');
      await new Promise((r) => i.proc.once('exit', r));
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    if (sharedStorage) rmSync(sharedStorage, { recursive: true, force: true });
    await db?.drop();
  }, 30_000);

  it('a login on A is valid on B, and logging out on A ends the realtime session held on B', async () => {
    const api = (port: number, p: string, opts: Parameters<typeof httpRequest>[2] = {}) =>
      httpRequest<any>(`http://127.0.0.1:${port}`, `/api${p}`, {
        ...opts,
        method: 'POST',
        headers: { Authorization: CLIENT_BASIC, ...(opts.headers ?? {}) },
      });
    // A QR asked of A and opened on B: both read and write the same PostgreSQL.
    const qr = await api(a.port, '/btz-skip/qr-code');
    const tager = qr.json.data.tager as string;
    const page = await httpRequest<string>(`http://127.0.0.1:${b.port}`, `/m/wx-login?tager=${tager}`);
    expect(page.status).toBe(200);
    const state = await api(a.port, '/btz-skip/qr-code-state', { query: { tager } });
    expect(state.json.data.state).toBe('scanned');

    // A real phone login on A: read A's SMS code from its own output.
    const tokenRes = await loginOn(a, api, `137${String(Date.now()).slice(-8)}`);
    const info = await api(b.port, '/btz/user/get-info', { headers: { 'Blade-Auth': `bearer ${tokenRes.access_token}` } });
    expect(info.json.data.id).toBe(tokenRes.user_id);

    const c = makeClient(b.port, 'websocket', tokenRes.access_token, {
      connectHeaders: { 'Blade-Auth': `Bearer ${tokenRes.access_token}`, Authorization: CLIENT_BASIC },
    });
    clients.push(c);
    await waitUntil(() => c.connects.length === 1, 10_000, 'CONNECTED on B');
    await subscribeConfirmed(c, `/user/${tokenRes.user_id}/notice`);
    const out = await api(a.port, '/blade-auth/oauth/logout', { headers: { 'Blade-Auth': `bearer ${tokenRes.access_token}` } });
    expect(out.json.success).toBe(true);
    await waitUntil(() => c.closes > 0, 10_000, 'B closed the session after logout on A');
    const after = await api(b.port, '/btz/user/get-info', { headers: { 'Blade-Auth': `bearer ${tokenRes.access_token}` } });
    expect(after.status).toBe(401);
  }, 60_000);

  /** Sends a code on an instance and reads it from that instance's log output. */
  async function loginOn(i: Instance, api: (port: number, p: string, o?: any) => Promise<any>, phone: string) {
    let log = '';
    const grab = (d: Buffer) => (log += d.toString());
    i.proc.stdout!.on('data', grab);
    const sent = await api(i.port, '/btz-skip/send-code', { query: { phone } });
    await waitUntil(() => log.includes(`"phone":"${phone}"`), 5000, 'SMS log line');
    i.proc.stdout!.off('data', grab);
    const line = log.split('\n').find((l) => l.includes(`"phone":"${phone}"`))!;
    const code = (JSON.parse(line) as { sms: { code: string } }).sms.code;
    const res = await api(i.port, '/blade-auth/oauth/token', {
      query: { username: phone, grant_type: 'sms_code', source: 1 },
      headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': code },
    });
    expect(res.json.access_token).toBeTruthy();
    return res.json;
  }
});
