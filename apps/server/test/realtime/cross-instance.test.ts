/**
 * Two server processes sharing Redis: a message published on one reaches a client connected to the other,
 * and a logout on one closes the user's sessions on the other. Needs Redis: in CI a missing one fails this file;
 * elsewhere it is skipped with the reason printed (requirements.ts).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { TEST_REDIS_URL, makeClient, redisAnswers, sleep, subscribeConfirmed, waitUntil, type TestClient } from './helpers.js';
import { requireService } from '../requirements.js';

const redisUp = requireService(await redisAnswers(), `Redis 在 ${TEST_REDIS_URL} 无应答（可设置 TEST_REDIS_URL）：跨实例实时消息测试`);

interface Instance {
  child: ChildProcess;
  port: number;
  call(cmd: Record<string, unknown>): Promise<void>;
}

const fixture = fileURLToPath(new URL('./fixtures/instance.ts', import.meta.url));
const channelPrefix = `test:${randomUUID()}:`;
const children: ChildProcess[] = [];
const clients: TestClient[] = [];

function spawnInstance(): Promise<Instance> {
  const child = fork(fixture, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, REDIS_URL: TEST_REDIS_URL, CHANNEL_PREFIX: channelPrefix },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('instance did not start in 15 s')), 15_000);
    child.once('exit', (code) => reject(new Error(`instance exited early with ${code}`)));
    child.on('message', function onListening(msg: { op: string; port?: number }) {
      if (msg.op !== 'listening') return;
      clearTimeout(timer);
      child.off('message', onListening);
      resolve({
        child,
        port: msg.port as number,
        call: (cmd) =>
          new Promise<void>((done) => {
            child.once('message', () => done());
            child.send(cmd);
          }),
      });
    });
  });
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate({ force: true })));
  for (const child of children) if (child.connected) child.send({ op: 'stop' });
  await sleep(300);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe.skipIf(!redisUp)('two instances sharing Redis', () => {
  it('deliver a message published on one to a client connected to the other, once', { timeout: 30_000 }, async () => {
    const [a, b] = await Promise.all([spawnInstance(), spawnInstance()]);
    const onB = makeClient(b.port, 'websocket', 'tok-alice');
    const onA = makeClient(a.port, 'raw-ws', 'tok-alice-2');
    clients.push(onB, onA);
    await waitUntil(() => onB.connects.length > 0 && onA.connects.length > 0, 5_000, 'both connected');
    await subscribeConfirmed(onB, '/user/101/notice');
    await subscribeConfirmed(onA, '/user/101/notice');

    await a.call({ op: 'publish', userId: '101', kind: 'pay.success', data: { orderId: '订单-42', unitType: 2 } });
    await waitUntil(() => onB.messages.length > 0 && onA.messages.length > 0, 5_000, 'delivery on both instances');
    await sleep(200);
    expect(onB.messages).toHaveLength(1);
    expect(onA.messages).toHaveLength(1);
    // Same message id everywhere: the browser's dedupe relies on it.
    expect(JSON.parse(onB.messages[0]!.body).id).toBe(JSON.parse(onA.messages[0]!.body).id);
    expect(Number(onB.messages[0]!.headers['content-length'])).toBe(Buffer.byteLength(onB.messages[0]!.body));

    await b.call({ op: 'closeUser', userId: '101' });
    await waitUntil(() => onA.closes > 0 && onB.closes > 0, 5_000, 'logout closes sessions on both instances');
    expect(onA.errors[0]?.headers['message']).toBe('logged out');
  });
});
