/**
 * The realtime endpoint against the real @stomp/stompjs client, over every SockJS transport and raw WebSocket.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import WebSocket from 'ws';
import { StompParser, serializeFrame, type StompFrame } from '../../src/realtime/stomp-frame.js';
import { makeClient, sleep, startServer, subscribeConfirmed, waitUntil, type TestClient, type TestServer, type Via } from './helpers.js';

const TRANSPORTS: Via[] = ['websocket', 'raw-ws', 'xhr-streaming', 'xhr-polling'];

let srv: TestServer;
const clients: TestClient[] = [];
const track = (c: TestClient) => (clients.push(c), c);

beforeAll(async () => {
  srv = await startServer();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate({ force: true })));
  await srv.stop();
});

describe.each(TRANSPORTS)('over %s', (via) => {
  it('refuses a wrong token with ERROR and closes', async () => {
    const c = track(makeClient(srv.port, via, 'tok-wrong'));
    await waitUntil(() => c.errors.length > 0 && c.closes > 0, 5_000, 'ERROR and close');
    expect(c.errors[0]?.headers['message']).toBe('unauthorized');
    expect(c.connects).toHaveLength(0);
  });

  it('refuses a missing token with ERROR and closes', async () => {
    const c = track(makeClient(srv.port, via, null));
    await waitUntil(() => c.errors.length > 0 && c.closes > 0, 5_000, 'ERROR and close');
    expect(c.errors[0]?.headers['message']).toBe('unauthorized');
  });

  it("refuses another user's destination", async () => {
    const c = track(makeClient(srv.port, via, 'tok-alice'));
    await waitUntil(() => c.connects.length > 0, 5_000, 'CONNECTED');
    c.client.subscribe('/user/202/notice', () => {});
    await waitUntil(() => c.errors.length > 0 && c.closes > 0, 5_000, 'ERROR and close');
    expect(c.errors[0]?.headers['message']).toBe('forbidden destination');
  });

  it('negotiates heart-beats and delivers a published message exactly once with the right headers', async () => {
    const c = track(makeClient(srv.port, via, 'tok-alice'));
    await waitUntil(() => c.connects.length > 0, 5_000, 'CONNECTED');
    expect(c.connects[0]?.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000' });
    expect(c.connects[0]?.headers['server']).toBeTruthy();
    await subscribeConfirmed(c, '/user/101/notice');
    await subscribeConfirmed(c, '/user/101/bid');

    const data = { count: 3, preview: '您有 3 条新私信：「标书第二章已完成」' };
    await srv.rt.publish('101', 'dm.count', data);
    await srv.rt.publish('202', 'dm.count', { count: 9 }); // someone else's: must not arrive
    await waitUntil(() => c.messages.length > 0, 5_000, 'MESSAGE');
    await sleep(via === 'xhr-polling' ? 400 : 150);
    expect(c.messages).toHaveLength(1);

    const m = c.messages[0]!;
    expect(m.headers['destination']).toBe('/user/101/notice');
    expect(m.headers['content-type']).toBe('application/json');
    expect(m.headers['message-id']).toBeTruthy();
    expect(m.headers['subscription']).toBeTruthy();
    expect(Number(m.headers['content-length'])).toBe(Buffer.byteLength(m.body, 'utf8'));
    const body = JSON.parse(m.body) as { id: string; kind: string; data: unknown; ts: number };
    expect(body).toMatchObject({ kind: 'dm.count', data });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof body.ts).toBe('number');

    await srv.rt.publish('101', 'bid.delta', { bidId: 'b1', nodeId: 'n1', seq: 1, text: '第一章 项目概况' });
    await waitUntil(() => c.messages.length === 2, 5_000, 'bid MESSAGE');
    expect(c.messages[1]?.headers['destination']).toBe('/user/101/bid');
  });
});

describe('sessions', () => {
  it('delivers /topic/barrage broadcasts to every subscriber', async () => {
    const a = track(makeClient(srv.port, 'websocket', 'tok-alice'));
    const b = track(makeClient(srv.port, 'raw-ws', 'tok-bob'));
    await waitUntil(() => a.connects.length > 0 && b.connects.length > 0);
    await Promise.all([subscribeConfirmed(a, '/topic/barrage'), subscribeConfirmed(b, '/topic/barrage')]);
    await srv.rt.broadcast('/topic/barrage', 'barrage', { text: '恭喜用户 138****0000 完成标书' });
    await waitUntil(() => a.messages.length === 1 && b.messages.length === 1);
    await expect(srv.rt.broadcast('/topic/secret', 'x', {})).rejects.toThrow();
  });

  it('closeUser ends every session of the user with ERROR, and only theirs', async () => {
    const a1 = track(makeClient(srv.port, 'websocket', 'tok-alice'));
    const a2 = track(makeClient(srv.port, 'xhr-streaming', 'tok-alice-2'));
    const b = track(makeClient(srv.port, 'raw-ws', 'tok-bob'));
    await waitUntil(() => a1.connects.length > 0 && a2.connects.length > 0 && b.connects.length > 0);
    await srv.rt.closeUser('101');
    await waitUntil(() => a1.closes > 0 && a2.closes > 0, 5_000, 'both alice sessions closed');
    expect(a1.errors[0]?.headers['message']).toBe('logged out');
    await sleep(100);
    expect(b.closes).toBe(0);
    expect(b.client.connected).toBe(true);
  });

  it('closeAuthSession ends only the sessions of that login', async () => {
    const a1 = track(makeClient(srv.port, 'websocket', 'tok-alice'));
    const a2 = track(makeClient(srv.port, 'websocket', 'tok-alice-2'));
    await waitUntil(() => a1.connects.length > 0 && a2.connects.length > 0);
    await srv.rt.closeAuthSession('login-a');
    await waitUntil(() => a1.closes > 0, 5_000, 'login-a closed');
    await sleep(100);
    expect(a2.client.connected).toBe(true);
  });

  it('closes a session whose token expires', async () => {
    const c = track(makeClient(srv.port, 'websocket', 'tok-short'));
    await waitUntil(() => c.connects.length > 0);
    await waitUntil(() => c.closes > 0, 3_000, 'expiry close');
    expect(c.errors[0]?.headers['message']).toBe('token expired');
  });

  it('counts sessions', async () => {
    const before = srv.rt.stats().sessions;
    const c = track(makeClient(srv.port, 'raw-ws', 'tok-bob'));
    await waitUntil(() => c.connects.length > 0);
    expect(srv.rt.stats().sessions).toBe(before + 1);
    await c.client.deactivate();
    await waitUntil(() => srv.rt.stats().sessions === before, 2_000, 'session count back');
  });
});

/** A raw WebSocket speaking STOMP by hand: for what the library client would not do (go silent, split frames). */
function rawStomp(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws-btz/websocket`);
  const parser = new StompParser({ maxBodyBytes: 1 << 20 });
  const frames: StompFrame[] = [];
  let heartbeats = 0;
  let closedAt = 0;
  ws.on('message', (data: Buffer) => {
    for (const ev of parser.push(data)) {
      if (ev.type === 'frame') frames.push(ev.frame);
      else heartbeats++;
    }
  });
  ws.on('close', () => (closedAt = Date.now()));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, opened, heartbeats: () => heartbeats, closedAt: () => closedAt };
}

describe('raw socket', () => {
  it('closes a silent client after 2x the negotiated heart-beat, having sent heart-beats meanwhile', async () => {
    const fast = await startServer({ heartbeatMs: 300 });
    try {
      const r = rawStomp(fast.port);
      await r.opened;
      const sentAt = Date.now();
      r.ws.send(serializeFrame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '1000,1000', 'Blade-Auth': 'Bearer tok-alice' }));
      await waitUntil(() => r.frames.length > 0);
      expect(r.frames[0]?.headers['heart-beat']).toBe('300,300');
      await waitUntil(() => r.closedAt() > 0, 4_000, 'silent client closed');
      // Negotiated client → server interval is max(1000, 300) = 1000 ms: closed after 2 × 1000 ms of silence.
      const silentFor = r.closedAt() - sentAt;
      expect(silentFor).toBeGreaterThanOrEqual(2_000);
      expect(silentFor).toBeLessThan(4_000);
      expect(r.frames.at(-1)?.headers['message']).toBe('heart-beat timeout');
      // Server → client every max(300, 1000) ms.
      expect(r.heartbeats()).toBeGreaterThanOrEqual(1);
    } finally {
      await fast.stop();
    }
  });

  it('accepts frames split across and joined within WebSocket messages', async () => {
    const r = rawStomp(srv.port);
    await r.opened;
    const wire =
      serializeFrame('CONNECT', { 'accept-version': '1.2', 'heart-beat': '0,0', 'Blade-Auth': 'Bearer tok-bob' }) +
      serializeFrame('SUBSCRIBE', { id: 's1', destination: '/user/202/notice', receipt: 'r1' }) +
      '\n' +
      serializeFrame('SUBSCRIBE', { id: 's2', destination: '/user/202/bid', receipt: 'r2', 'x-note': '标书进度' });
    // Binary 5-byte slices cut through the multi-byte UTF-8 of the Chinese header value as well.
    const bytes = Buffer.from(wire);
    for (let i = 0; i < bytes.length; i += 5) r.ws.send(bytes.subarray(i, i + 5));
    await waitUntil(() => r.frames.length >= 3, 3_000, 'CONNECTED and two RECEIPTs');
    expect(r.frames.map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT', 'RECEIPT']);
    await srv.rt.publish('202', 'pay.success', { orderId: '订单-1', unitType: 1 });
    await waitUntil(() => r.frames.length === 4);
    expect(r.frames[3]?.headers['subscription']).toBe('s1');
    r.ws.close();
  });

  it('answers ERROR and closes on a malformed frame', async () => {
    const r = rawStomp(srv.port);
    await r.opened;
    r.ws.send('CONNECT\naccept-version:1.2\nBlade-Auth:Bearer tok-bob\n\n\0');
    await waitUntil(() => r.frames.length > 0);
    r.ws.send('SUBSCRIBE\nid:1\ndestination:/user/202/notice\\q\n\n\0');
    await waitUntil(() => r.closedAt() > 0, 3_000, 'close');
    expect(r.frames.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'malformed frame' } });
  });
});
