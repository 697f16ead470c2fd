/**
 * RealtimeClient against an in-memory STOMP server double: CONNECT headers, reconnect schedule (spec §4, §9),
 * resubscription, duplicate dropping. The real server is exercised in apps/server/test/realtime/web-client.test.ts.
 */
import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import type { IStompSocket } from '@stomp/stompjs';
import { RealtimeClient } from './client';
import { SeenIds } from './seen-ids';

interface Frame {
  command: string;
  headers: Record<string, string>;
}

function parseClientFrames(data: string): Frame[] {
  return data
    .split('\0')
    .map((s) => s.replace(/^\n+/, ''))
    .filter((s) => s.length > 0)
    .map((s) => {
      const [head = ''] = s.split('\n\n');
      const [command = '', ...lines] = head.split('\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        if (!(l.slice(0, i) in headers)) headers[l.slice(0, i)] = l.slice(i + 1);
      }
      return { command, headers };
    });
}

const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers).map(([k, v]) => `${k}:${v}`).join('\n')}\n\n${body}\0`;

/** A fake broker: accepts or refuses sockets, records frames, pushes MESSAGEs. */
class FakeBroker {
  accept = true;
  sockets: FakeSocket[] = [];
  get current(): FakeSocket | undefined {
    return this.sockets.at(-1);
  }
  factory = (url: string): IStompSocket => new FakeSocket(this, url);
  message(destination: string, body: unknown) {
    const s = this.current as FakeSocket;
    const sub = [...s.subs.entries()].find(([, d]) => d === destination);
    if (!sub) throw new Error(`not subscribed to ${destination}`);
    const text = JSON.stringify(body);
    s.push(frame('MESSAGE', { subscription: sub[0], destination, 'message-id': String(Math.random()), 'content-type': 'application/json' }, text));
  }
}

class FakeSocket implements IStompSocket {
  readyState = 0;
  binaryType = 'arraybuffer';
  onopen: IStompSocket['onopen'] = null;
  onclose: IStompSocket['onclose'] = null;
  onerror: IStompSocket['onerror'] = null;
  onmessage: IStompSocket['onmessage'] = null;
  frames: Frame[] = [];
  subs = new Map<string, string>();
  readonly createdAt = Date.now();

  constructor(
    private readonly broker: FakeBroker,
    readonly url: string,
  ) {
    broker.sockets.push(this);
    setTimeout(() => {
      if (this.readyState !== 0) return;
      if (!broker.accept) return this.drop();
      this.readyState = 1;
      this.onopen?.({});
    }, 1);
  }

  send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    for (const f of parseClientFrames(String(data))) {
      this.frames.push(f);
      if (f.command === 'CONNECT') this.push(frame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }));
      if (f.command === 'SUBSCRIBE') this.subs.set(f.headers['id'] as string, f.headers['destination'] as string);
      if (f.command === 'UNSUBSCRIBE') this.subs.delete(f.headers['id'] as string);
      if (f.headers['receipt']) this.push(frame('RECEIPT', { 'receipt-id': f.headers['receipt'] }));
    }
  }

  push(data: string) {
    setTimeout(() => this.readyState === 1 && this.onmessage?.({ data }), 0);
  }

  close(): void {
    this.drop();
  }

  /** Network drop / server gone. */
  drop() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    setTimeout(() => this.onclose?.({ code: 1006, reason: '', wasClean: false }), 0);
  }
}

let broker: FakeBroker;
let client: RealtimeClient;

beforeEach(() => {
  vi.useFakeTimers();
  broker = new FakeBroker();
});

afterEach(async () => {
  const closing = client?.disconnect();
  await vi.advanceTimersByTimeAsync(100); // the fake socket closes on a timer
  await closing;
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('connects with the spec headers and 10 s heart-beats, and subscribes the own queues', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory });
    client.connect('tok-1', { clientAuth: 'Y2xpZW50OnNlY3JldA==', userId: 42 });
    await vi.advanceTimersByTimeAsync(10);
    expect(client.state).toBe('connected');
    const s = broker.current as FakeSocket;
    expect(s.url).toBe('/api/ws-btz');
    expect(s.frames[0]?.command).toBe('CONNECT');
    expect(s.frames[0]?.headers).toMatchObject({
      'Blade-Auth': 'Bearer tok-1',
      Authorization: 'Basic Y2xpZW50OnNlY3JldA==',
      'Blade-Requested-With': 'BladeHttpRequest',
      'heart-beat': '10000,10000',
    });
    expect([...s.subs.values()].sort()).toEqual(['/user/42/bid', '/user/42/notice']);
  });

  it('uses the short /user/notice form when no user id is known', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory });
    client.connect('tok-1', { clientAuth: 'x' });
    await vi.advanceTimersByTimeAsync(10);
    expect([...(broker.current as FakeSocket).subs.values()].sort()).toEqual(['/user/bid', '/user/notice']);
  });

  it('dispatches kinds, drops already-seen ids, and lets a topic opt out of dropping', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory });
    const pays: unknown[] = [];
    const all: unknown[] = [];
    client.on('pay.success', (m) => pays.push(m.data));
    client.subscribe('/topic/barrage', (m) => all.push(m.id), { allowDuplicates: true });
    client.connect('t', { clientAuth: 'x', userId: '7' });
    await vi.advanceTimersByTimeAsync(10);
    const msg = { id: 'm-1', kind: 'pay.success', data: { orderId: 'o1', unitType: 1 }, ts: 1 };
    broker.message('/user/7/notice', msg);
    broker.message('/user/7/notice', msg);
    broker.message('/user/7/notice', { ...msg, id: 'm-2' });
    broker.message('/topic/barrage', { id: 'b', kind: 'barrage', data: {}, ts: 1 });
    broker.message('/topic/barrage', { id: 'b', kind: 'barrage', data: {}, ts: 1 });
    await vi.advanceTimersByTimeAsync(10);
    expect(pays).toHaveLength(2);
    expect(all).toEqual(['b', 'b']);
  });

  it('reconnects with 5 s, 10 s, 20 s, 40 s, 80 s delays, then stops silently', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory });
    client.connect('t', { clientAuth: 'x', userId: '7' });
    await vi.advanceTimersByTimeAsync(10);
    broker.accept = false;
    (broker.current as FakeSocket).drop();
    const droppedAt = Date.now();
    await vi.advanceTimersByTimeAsync(10);
    expect(client.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(broker.sockets).toHaveLength(6); // the first connection + 5 attempts, then silence
    expect(client.state).toBe('disconnected');
    // Each attempt starts `delay` after the previous failure (a refused socket fails ~1 ms after it is made).
    const starts = [droppedAt, ...broker.sockets.slice(1).map((s) => s.createdAt)];
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number));
    [5_000, 10_000, 20_000, 40_000, 80_000].forEach((delay, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(delay);
      expect(gaps[i]).toBeLessThan(delay + 20);
    });
  });

  it('a server that stops gracefully is honoured: reconnect after its reconnect-after hint, then the usual back-off', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory });
    client.connect('t', { clientAuth: 'x', userId: '7' });
    await vi.advanceTimersByTimeAsync(10);
    const first = broker.current as FakeSocket;
    first.push(frame('ERROR', { message: 'server restarting', 'reconnect-after': '700' }, '服务正在重启'));
    await vi.advanceTimersByTimeAsync(5);
    first.drop();
    const droppedAt = Date.now();
    await vi.advanceTimersByTimeAsync(800);
    expect(broker.sockets).toHaveLength(2);
    expect((broker.sockets[1] as FakeSocket).createdAt - droppedAt).toBeLessThan(720);
    expect(client.state).toBe('connected');
    expect(client.reconnectAttempts).toBe(0);
    // the hint was for that close only: a plain drop waits the 5 s again
    (broker.current as FakeSocket).drop();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(broker.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(broker.sockets).toHaveLength(3);
  });

  it('a successful reconnect resets the counter and resubscribes every topic', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory, reconnectDelay: () => 100 });
    const off = client.subscribe('/topic/barrage', () => {});
    client.subscribe('/user/7/bid', () => {});
    client.connect('t', { clientAuth: 'x', userId: '7' });
    await vi.advanceTimersByTimeAsync(10);
    broker.accept = false;
    (broker.current as FakeSocket).drop();
    await vi.advanceTimersByTimeAsync(350); // a few failed attempts
    expect(client.reconnectAttempts).toBeGreaterThan(1);
    broker.accept = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(client.state).toBe('connected');
    expect(client.reconnectAttempts).toBe(0);
    expect([...(broker.current as FakeSocket).subs.values()].sort()).toEqual(['/topic/barrage', '/user/7/bid', '/user/7/notice']);
    off();
    await vi.advanceTimersByTimeAsync(10);
    expect([...(broker.current as FakeSocket).subs.values()]).not.toContain('/topic/barrage');
  });

  it('disconnect stops everything and does not reconnect', async () => {
    client = new RealtimeClient({ socketFactory: broker.factory, reconnectDelay: () => 100 });
    client.connect('t', { clientAuth: 'x', userId: '7' });
    await vi.advanceTimersByTimeAsync(10);
    const done = client.disconnect();
    await vi.advanceTimersByTimeAsync(10);
    await done;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(broker.sockets).toHaveLength(1);
    expect(broker.sockets[0]?.frames.map((f) => f.command)).toContain('DISCONNECT');
    expect(client.state).toBe('disconnected');
  });
});

describe('SeenIds', () => {
  it('remembers a bounded number of ids, oldest out first', () => {
    const seen = new SeenIds(3);
    expect(['a', 'b', 'c'].map((id) => seen.check(id))).toEqual([false, false, false]);
    expect(seen.check('a')).toBe(true);
    seen.check('d'); // evicts a
    expect(seen.check('a')).toBe(false);
    expect(seen.check('d')).toBe(true);
  });
});
