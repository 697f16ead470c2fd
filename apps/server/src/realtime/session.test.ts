import { describe, it, expect, vi, afterEach } from 'vitest';
import { StompSession, matchScheme, parseHeartBeat, type AuthInfo, type SessionOptions } from './session.js';
import { Hub } from './hub.js';
import { StompParser, serializeFrame, type StompFrame } from './stomp-frame.js';
import { resolveSubscription, destinationForKind } from './rules.js';

const quiet = { info() {}, warn() {}, error() {} };
const users: Record<string, AuthInfo> = {
  'tok-alice': { userId: '101', tenantId: '000000', sessionId: 'login-a', expiresAt: Date.now() + 3_600_000 },
  'tok-bob': { userId: '202', tenantId: '000000', sessionId: 'login-b', expiresAt: Date.now() + 3_600_000 },
};

/** A transport double that parses what the session writes. */
function harness(opts: Partial<SessionOptions> = {}) {
  const out: StompFrame[] = [];
  let heartbeats = 0;
  let closed = false;
  const parser = new StompParser({ maxBodyBytes: 1 << 20 });
  const hub = new Hub();
  const session = new StompSession(
    {
      send(data) {
        for (const ev of parser.push(data)) {
          if (ev.type === 'frame') out.push(ev.frame);
          else heartbeats++;
        }
      },
      close() {
        closed = true;
      },
    },
    hub,
    {
      authenticate: async (t) => users[t] ?? null,
      heartbeatMs: 10_000,
      connectTimeoutMs: 5_000,
      maxSubscriptions: 4,
      serverName: 'test',
      logger: quiet,
      ...opts,
    },
  );
  const send = (command: string, headers: Record<string, string> = {}, body = '') => session.receive(serializeFrame(command, headers, body));
  const connect = async (token = 'tok-alice', hb = '10000,10000') => {
    send('CONNECT', { 'accept-version': '1.2,1.1,1.0', 'heart-beat': hb, 'Blade-Auth': `Bearer ${token}` });
    await vi.waitFor(() => expect(out.length).toBeGreaterThan(0));
    return out[out.length - 1] as StompFrame;
  };
  return { session, hub, out, send, connect, isClosed: () => closed, heartbeats: () => heartbeats };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('StompSession', () => {
  it('restart (graceful shutdown): a connected client gets ERROR with reconnect-after, then the close; one not yet connected just the close', async () => {
    const h = harness();
    await h.connect();
    h.session.restart(750);
    const f = h.out[h.out.length - 1] as StompFrame;
    expect(f.command).toBe('ERROR');
    expect(f.headers['reconnect-after']).toBe('750');
    expect(h.isClosed()).toBe(true);
    const fresh = harness();
    fresh.session.restart(750);
    expect(fresh.out).toEqual([]);
    expect(fresh.isClosed()).toBe(true);
  });

  it('answers CONNECTED with version, negotiated heart-beat and server', async () => {
    const h = harness();
    const f = await h.connect();
    expect(f.command).toBe('CONNECTED');
    expect(f.headers).toMatchObject({ version: '1.2', 'heart-beat': '10000,10000', server: 'test' });
    expect(h.session.isConnected).toBe(true);
    expect(h.hub.stats().sessions).toBe(1);
    h.session.close();
    expect(h.hub.stats().sessions).toBe(0);
  });

  it('accepts STOMP as CONNECT and a lower-case bearer scheme / header name', async () => {
    const h = harness();
    h.send('STOMP', { 'accept-version': '1.2', 'blade-auth': 'bearer tok-bob' });
    await vi.waitFor(() => expect(h.out[0]?.command).toBe('CONNECTED'));
  });

  it('refuses a wrong or missing token with ERROR and closes', async () => {
    for (const headers of [{ 'Blade-Auth': 'Bearer nope' }, {}, { 'Blade-Auth': 'tok-alice' }] as Record<string, string>[]) {
      const h = harness();
      h.send('CONNECT', { 'accept-version': '1.2', ...headers });
      await vi.waitFor(() => expect(h.isClosed()).toBe(true));
      expect(h.out.map((f) => f.command)).toEqual(['ERROR']);
      expect(h.out[0]?.headers['message']).toBe('unauthorized');
    }
  });

  it('refuses an already expired token', async () => {
    const h = harness({ authenticate: async () => ({ ...(users['tok-alice'] as AuthInfo), expiresAt: Date.now() - 1 }) });
    const f = await h.connect();
    expect(f.command).toBe('ERROR');
    expect(h.isClosed()).toBe(true);
  });

  it('refuses bad client credentials when checkClient is given', async () => {
    const h = harness({ checkClient: (b) => b === 'c2FiZXI6c2FiZXJfc2VjcmV0' });
    h.send('CONNECT', { 'accept-version': '1.2', 'Blade-Auth': 'Bearer tok-alice', Authorization: 'Basic wrong' });
    await vi.waitFor(() => expect(h.isClosed()).toBe(true));
    expect(h.out[0]?.headers['message']).toBe('bad client credentials');
    const ok = harness({ checkClient: (b) => b === 'c2FiZXI6c2FiZXJfc2VjcmV0' });
    ok.send('CONNECT', { 'accept-version': '1.2', 'Blade-Auth': 'Bearer tok-alice', Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' });
    await vi.waitFor(() => expect(ok.out[0]?.command).toBe('CONNECTED'));
  });

  it('refuses frames before CONNECT and unsupported versions', async () => {
    const h = harness();
    h.send('SUBSCRIBE', { id: '1', destination: '/topic/barrage' });
    expect(h.out[0]?.command).toBe('ERROR');
    expect(h.isClosed()).toBe(true);
    const v = harness();
    v.send('CONNECT', { 'accept-version': '1.0,1.1', 'Blade-Auth': 'Bearer tok-alice' });
    expect(v.out[0]?.headers).toMatchObject({ version: '1.2' });
    expect(v.isClosed()).toBe(true);
  });

  it('answers ERROR and closes on a malformed frame', async () => {
    const h = harness();
    await h.connect();
    h.session.receive('SUBSCRIBE\nid:1\ndestination:/x\\t\n\n\0');
    expect(h.out.at(-1)?.headers['message']).toBe('malformed frame');
    expect(h.isClosed()).toBe(true);
  });

  it('subscribes own and public destinations, refuses others, and sends RECEIPT', async () => {
    const h = harness();
    await h.connect();
    h.send('SUBSCRIBE', { id: 'n', destination: '/user/101/notice', receipt: 'r1' });
    h.send('SUBSCRIBE', { id: 'b', destination: '/topic/barrage' });
    expect(h.out.at(-1)).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'r1' } });
    expect(h.hub.deliver('/user/101/notice', 'm1', '{"id":"m1"}')).toBe(1);
    expect(h.hub.deliver('/topic/barrage', 'm2', '{"id":"m2"}')).toBe(1);
    h.send('SUBSCRIBE', { id: 'x', destination: '/user/202/notice', receipt: 'r2' });
    expect(h.out.at(-1)).toMatchObject({ command: 'ERROR', headers: { message: 'forbidden destination', 'receipt-id': 'r2' } });
    expect(h.isClosed()).toBe(true);
    expect(h.hub.deliver('/user/101/notice', 'm3', '{}')).toBe(0);
  });

  it('MESSAGE carries subscription, message-id, destination, content-type and byte content-length', async () => {
    const h = harness();
    await h.connect();
    h.send('SUBSCRIBE', { id: 'sub-0', destination: '/user/notice' }); // Spring short form = own queue
    const body = JSON.stringify({ id: 'm1', kind: 'dm.count', data: { count: 3, text: '三条未读' }, ts: 1 });
    h.hub.deliver(destinationForKind('101', 'dm.count'), 'm1', body);
    const m = h.out.at(-1) as StompFrame;
    expect(m.command).toBe('MESSAGE');
    expect(m.headers).toMatchObject({ subscription: 'sub-0', destination: '/user/notice', 'content-type': 'application/json' });
    expect(m.headers['message-id']).toMatch(/^m1-/);
    expect(Number(m.headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(m.body).toBe(body);
  });

  it('UNSUBSCRIBE by id stops delivery; DISCONNECT answers RECEIPT and closes', async () => {
    const h = harness();
    await h.connect();
    h.send('SUBSCRIBE', { id: 's', destination: '/user/101/bid' });
    h.send('UNSUBSCRIBE', { id: 's' });
    expect(h.hub.deliver('/user/101/bid', 'm', '{}')).toBe(0);
    h.send('DISCONNECT', { receipt: 'bye' });
    expect(h.out.at(-1)).toMatchObject({ command: 'RECEIPT', headers: { 'receipt-id': 'bye' } });
    expect(h.isClosed()).toBe(true);
    expect(h.hub.stats().sessions).toBe(0);
  });

  it('queues frames that arrive while the token is being checked', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const h = harness({ authenticate: async (t) => (await gate, users[t] ?? null) });
    h.session.receive(
      serializeFrame('CONNECT', { 'accept-version': '1.2', 'Blade-Auth': 'Bearer tok-alice' }) +
        serializeFrame('SUBSCRIBE', { id: '1', destination: '/user/101/notice', receipt: 'r' }),
    );
    expect(h.out).toEqual([]);
    release();
    await vi.waitFor(() => expect(h.out.map((f) => f.command)).toEqual(['CONNECTED', 'RECEIPT']));
  });

  it('limits subscriptions per session', async () => {
    const h = harness();
    await h.connect();
    for (let i = 0; i < 5; i++) h.send('SUBSCRIBE', { id: String(i), destination: '/topic/barrage' });
    expect(h.out.at(-1)?.headers['message']).toBe('too many subscriptions');
  });

  it('sends heart-beats and closes a silent client after 2x the negotiated interval', async () => {
    vi.useFakeTimers();
    const h = harness({ heartbeatMs: 500 });
    const f = await h.connect('tok-alice', '1000,1000');
    expect(f.headers['heart-beat']).toBe('500,500');
    vi.advanceTimersByTime(1_000);
    expect(h.heartbeats()).toBeGreaterThanOrEqual(1);
    expect(h.isClosed()).toBe(false);
    h.session.receive('\n'); // client heart-beat keeps it alive
    vi.advanceTimersByTime(1_900);
    expect(h.isClosed()).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(h.isClosed()).toBe(true);
    expect(h.out.at(-1)?.headers['message']).toBe('heart-beat timeout');
  });

  it('does not expect heart-beats when the client offers 0', async () => {
    vi.useFakeTimers();
    const h = harness({ heartbeatMs: 500 });
    await h.connect('tok-alice', '0,0');
    vi.advanceTimersByTime(60_000);
    expect(h.isClosed()).toBe(false);
    expect(h.heartbeats()).toBe(0);
  });

  it('closes with ERROR when the token expires, and when CONNECT never comes', async () => {
    vi.useFakeTimers();
    const h = harness({ authenticate: async () => ({ ...(users['tok-alice'] as AuthInfo), expiresAt: Date.now() + 2_000 }) });
    await h.connect('x', '0,0');
    vi.advanceTimersByTime(2_001);
    expect(h.out.at(-1)?.headers['message']).toBe('token expired');
    expect(h.isClosed()).toBe(true);
    const idle = harness();
    vi.advanceTimersByTime(5_001);
    expect(idle.out.at(-1)?.headers['message']).toBe('connect timeout');
  });

  it('hub closes all sessions of a user or of one login', async () => {
    const a1 = harness();
    const hub = a1.hub;
    await a1.connect();
    hub.closeUserSessions('101', 'logged out');
    expect(a1.out.at(-1)?.headers['message']).toBe('logged out');
    expect(a1.isClosed()).toBe(true);
    const b = harness();
    await b.connect('tok-bob');
    expect(b.hub.closeAuthSession('login-b', 'revoked')).toBe(1);
    expect(b.isClosed()).toBe(true);
  });
});

describe('rules', () => {
  it('allows own user destinations and public topics only', () => {
    expect(resolveSubscription('/user/101/notice', '101')).toBe('/user/101/notice');
    expect(resolveSubscription('/user/101/bid', '101')).toBe('/user/101/bid');
    expect(resolveSubscription('/user/101/anything/else', '101')).toBe('/user/101/anything/else');
    expect(resolveSubscription('/user/notice', '101')).toBe('/user/101/notice');
    expect(resolveSubscription('/topic/barrage', '101')).toBe('/topic/barrage');
    for (const d of ['/user/1011/notice', '/user/10/notice', '/user/202/notice', '/user/101', '/user/101/', '/user/101/../202/notice', '/user/101/*', '/topic/other', '/queue/x', '/user/other']) {
      expect(resolveSubscription(d, '101'), d).toBeNull();
    }
  });

  it('routes kinds to notice or bid', () => {
    expect(destinationForKind('7', 'pay.success')).toBe('/user/7/notice');
    expect(destinationForKind('7', 'dm.count')).toBe('/user/7/notice');
    expect(destinationForKind('7', 'bid.delta')).toBe('/user/7/bid');
  });

  it('parses heart-beat and auth schemes', () => {
    expect(parseHeartBeat('10000,10000')).toEqual([10000, 10000]);
    expect(parseHeartBeat('x,1')).toBeNull();
    expect(matchScheme('Bearer abc', 'bearer')).toBe('abc');
    expect(matchScheme('BEARER abc', 'bearer')).toBe('abc');
    expect(matchScheme('Basic abc', 'bearer')).toBeUndefined();
    expect(matchScheme('abc', 'bearer')).toBeUndefined();
  });
});
