/**
 * One STOMP 1.2 session over any text transport (sockjs, raw WebSocket, a test double).
 *
 * Life: awaiting CONNECT → authenticating (async token check; frames that arrive meanwhile are queued) →
 * connected → closed. Every protocol fault answers ERROR and closes: the client library then reconnects
 * or gives up, which is what the spec asks for.
 */
import { StompParseError, StompParser, serializeFrame, HEARTBEAT, type StompFrame } from './stomp-frame.js';
import { resolveSubscription } from './rules.js';

export interface AuthInfo {
  userId: string;
  tenantId: string;
  /** The auth (login) session the token belongs to: logout closes every STOMP session of it. */
  sessionId: string;
  /** Epoch milliseconds after which the token is no longer valid. */
  expiresAt: number;
}

export interface StompTransport {
  send(data: string): void;
  close(): void;
}

export interface Subscription {
  readonly id: string;
  /** As the client subscribed it: echoed in MESSAGE `destination`. */
  readonly destination: string;
  /** Canonical key used for routing (see rules.ts). */
  readonly key: string;
  readonly session: StompSession;
}

/** What a session needs from the outside world: the hub implements it. */
export interface SessionHost {
  attached(session: StompSession): void;
  detached(session: StompSession): void;
  subscribed(sub: Subscription): void;
  unsubscribed(sub: Subscription): void;
}

export interface Logger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface SessionOptions {
  authenticate(token: string): Promise<AuthInfo | null>;
  /** Receives the base64 part of `Authorization: Basic …` (undefined when absent). */
  checkClient?(basic: string | undefined): boolean;
  /** What the server offers for both heart-beat directions (ms). 0 disables heart-beats. */
  heartbeatMs: number;
  /** Time allowed between transport open and a successful CONNECT. */
  connectTimeoutMs: number;
  /** Upper bound on subscriptions per session: each one costs memory and fan-out time. */
  maxSubscriptions: number;
  serverName: string;
  logger: Logger;
}

type State = 'awaiting-connect' | 'authenticating' | 'connected' | 'closed';

/** setTimeout cannot wait longer than 2^31-1 ms; longer token lifetimes are re-armed in steps. */
const MAX_TIMER_MS = 2_147_483_647;

let sessionCounter = 0;

export class StompSession {
  /** Process-unique id; also sent as the CONNECTED `session` header. */
  readonly id = `s${(++sessionCounter).toString(36)}`;
  auth: AuthInfo | null = null;
  readonly subscriptions = new Map<string, Subscription>();

  private state: State = 'awaiting-connect';
  private readonly parser = new StompParser();
  private queued: StompFrame[] = [];
  private lastReceived = Date.now();
  private lastSent = Date.now();
  private sendTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private lifeTimer: NodeJS.Timeout | undefined;
  private messageCounter = 0;

  constructor(
    private readonly transport: StompTransport,
    private readonly host: SessionHost,
    private readonly opts: SessionOptions,
  ) {
    // An unauthenticated socket must not linger: it costs a file descriptor and memory.
    this.lifeTimer = setTimeout(() => this.fail('connect timeout', 'no CONNECT frame received in time'), opts.connectTimeoutMs);
    this.lifeTimer.unref();
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Feed one transport message (any slice of the byte stream). */
  receive(chunk: string | Uint8Array): void {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    let events;
    try {
      events = this.parser.push(chunk);
    } catch (err) {
      this.fail('malformed frame', err instanceof StompParseError ? err.message : String(err));
      return;
    }
    for (const ev of events) {
      if (ev.type === 'frame') this.enqueue(ev.frame);
      if (this.isClosed) return;
    }
  }

  /** The transport went away on its own (client closed, network drop). */
  transportClosed(): void {
    this.cleanup();
  }

  /** Close with an ERROR frame first, so the client knows why (logout, token expiry, protocol fault). */
  fail(message: string, detail = '', receiptId?: string): void {
    if (this.state === 'closed') return;
    const headers: Record<string, string> = { message, 'content-type': 'text/plain;charset=utf-8' };
    if (receiptId !== undefined) headers['receipt-id'] = receiptId;
    this.write(serializeFrame('ERROR', headers, detail || message));
    this.close();
  }

  /**
   * Server shutdown (drain): a connected client is told to come back after `reconnectAfterMs` — an ERROR frame with the
   * `reconnect-after` header (milliseconds) that the web client honours instead of its 5 s back-off — then closed. The
   * balancer sends the reconnect to an instance that still runs. A session not yet connected is just closed.
   */
  restart(reconnectAfterMs: number): void {
    if (this.state === 'closed') return;
    if (this.state === 'connected') {
      const message = 'server restarting';
      const headers = { message, 'reconnect-after': String(Math.max(0, Math.round(reconnectAfterMs))), 'content-type': 'text/plain;charset=utf-8' };
      this.write(serializeFrame('ERROR', headers, '服务正在重启，请稍后自动重连'));
    }
    this.close();
  }

  /** Close without ERROR (clients simply reconnect after their back-off). */
  close(): void {
    if (this.state === 'closed') return;
    this.cleanup();
    try {
      this.transport.close();
    } catch (err) {
      this.opts.logger.warn({ err, session: this.id }, 'realtime: transport close failed');
    }
  }

  /**
   * Sends one MESSAGE. `body` and its byte length are computed once per publish and shared by all receivers.
   */
  deliver(sub: Subscription, messageId: string, body: string, contentLength: number): void {
    if (this.state !== 'connected') return;
    this.write(
      serializeFrame(
        'MESSAGE',
        {
          subscription: sub.id,
          // Unique per delivery: the same message may reach two subscriptions of one session.
          'message-id': `${messageId}-${(++this.messageCounter).toString(36)}`,
          destination: sub.destination,
          'content-type': 'application/json',
          'content-length': contentLength,
        },
        body,
      ),
    );
  }

  private write(data: string): void {
    this.lastSent = Date.now();
    try {
      this.transport.send(data);
    } catch (err) {
      this.opts.logger.warn({ err, session: this.id }, 'realtime: send failed');
      this.cleanup();
    }
  }

  private enqueue(frame: StompFrame): void {
    if (this.state === 'authenticating') {
      // The token check is async; keep order by holding later frames until it settles.
      if (this.queued.length >= 32) this.fail('too many frames before CONNECTED');
      else this.queued.push(frame);
      return;
    }
    this.handle(frame);
  }

  private handle(frame: StompFrame): void {
    const receipt = frame.headers['receipt'];
    if (this.state === 'awaiting-connect') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') void this.connect(frame);
      else this.fail('not connected', `expected CONNECT, got ${frame.command}`, receipt);
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        if (!this.subscribe(frame)) return;
        break;
      case 'UNSUBSCRIBE':
        if (!this.unsubscribe(frame)) return;
        break;
      case 'DISCONNECT':
        if (receipt !== undefined) this.write(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
        this.close();
        return;
      case 'ACK':
      case 'NACK':
        // Delivery is at-most-once with ack:auto; accepting ACK keeps clients using `client` mode working.
        break;
      case 'CONNECT':
      case 'STOMP':
        this.fail('already connected', '', receipt);
        return;
      case 'SEND':
        // Clients only listen; the server publishes. Refusing SEND keeps one user from spamming another.
        this.fail('forbidden destination', `SEND to ${frame.headers['destination'] ?? '?'} is not allowed`, receipt);
        return;
      default:
        this.fail('unsupported command', frame.command, receipt);
        return;
    }
    if (receipt !== undefined) this.write(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  private async connect(frame: StompFrame): Promise<void> {
    const h = frame.headers;
    const versions = (h['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      this.write(serializeFrame('ERROR', { version: '1.2', message: 'unsupported protocol version', 'content-type': 'text/plain' }, 'Supported protocol versions are 1.2'));
      this.close();
      return;
    }
    const hb = parseHeartBeat(h['heart-beat'] ?? '0,0');
    if (!hb) {
      this.fail('malformed frame', 'bad heart-beat header');
      return;
    }
    // CONNECT headers are not escaped and may come in any case from hand-written clients.
    const basic = matchScheme(findHeader(h, 'authorization'), 'basic');
    if (this.opts.checkClient && !this.opts.checkClient(basic)) {
      this.fail('bad client credentials');
      return;
    }
    const token = matchScheme(findHeader(h, 'blade-auth'), 'bearer');
    if (!token) {
      this.fail('unauthorized', 'missing Blade-Auth: Bearer <token>');
      return;
    }

    this.state = 'authenticating';
    let auth: AuthInfo | null = null;
    try {
      auth = await this.opts.authenticate(token);
    } catch (err) {
      this.opts.logger.error({ err }, 'realtime: authenticate failed');
    }
    if (this.state !== 'authenticating') return; // closed while waiting
    if (!auth || !(auth.expiresAt > Date.now())) {
      this.fail('unauthorized', 'invalid or expired token');
      return;
    }

    this.auth = auth;
    this.state = 'connected';
    clearTimeout(this.lifeTimer);
    this.armExpiry();

    const [clientSend, clientWants] = hb;
    const offer = this.opts.heartbeatMs;
    this.write(
      serializeFrame('CONNECTED', {
        version: '1.2',
        'heart-beat': `${offer},${offer}`,
        server: this.opts.serverName,
        session: this.id,
        'user-name': auth.userId,
      }),
    );
    // STOMP 1.2 negotiation: each direction uses the larger of what one side can do and the other wants; 0 = off.
    const sendEvery = offer > 0 && clientWants > 0 ? Math.max(offer, clientWants) : 0;
    const expectEvery = offer > 0 && clientSend > 0 ? Math.max(offer, clientSend) : 0;
    this.startHeartbeats(sendEvery, expectEvery);
    this.host.attached(this);

    const queued = this.queued;
    this.queued = [];
    for (const f of queued) {
      if (this.state !== 'connected') return;
      this.handle(f);
    }
  }

  private startHeartbeats(sendEvery: number, expectEvery: number): void {
    if (sendEvery > 0) {
      this.sendTimer = setInterval(() => {
        // Any frame counts as liveness; only send a bare EOL when the line has been quiet for half the period.
        if (Date.now() - this.lastSent >= sendEvery / 2) this.write(HEARTBEAT);
      }, sendEvery);
      this.sendTimer.unref();
    }
    if (expectEvery > 0) {
      this.lastReceived = Date.now();
      this.checkTimer = setInterval(() => {
        if (Date.now() - this.lastReceived > 2 * expectEvery) this.fail('heart-beat timeout', `nothing received for ${2 * expectEvery} ms`);
      }, Math.max(100, Math.floor(expectEvery / 2)));
      this.checkTimer.unref();
    }
  }

  private armExpiry(): void {
    const auth = this.auth;
    if (!auth) return;
    const left = auth.expiresAt - Date.now();
    if (left <= 0) {
      this.fail('token expired', 'please log in again');
      return;
    }
    this.lifeTimer = setTimeout(() => this.armExpiry(), Math.min(left, MAX_TIMER_MS));
    this.lifeTimer.unref();
  }

  private subscribe(frame: StompFrame): boolean {
    const id = frame.headers['id'];
    const destination = frame.headers['destination'];
    const receipt = frame.headers['receipt'];
    if (!id || !destination) {
      this.fail('malformed frame', 'SUBSCRIBE needs id and destination', receipt);
      return false;
    }
    const key = resolveSubscription(destination, (this.auth as AuthInfo).userId);
    if (!key) {
      this.fail('forbidden destination', `not allowed to subscribe to ${destination}`, receipt);
      return false;
    }
    const previous = this.subscriptions.get(id);
    if (previous) this.removeSubscription(previous);
    else if (this.subscriptions.size >= this.opts.maxSubscriptions) {
      this.fail('too many subscriptions', '', receipt);
      return false;
    }
    const sub: Subscription = { id, destination, key, session: this };
    this.subscriptions.set(id, sub);
    this.host.subscribed(sub);
    return true;
  }

  private unsubscribe(frame: StompFrame): boolean {
    const id = frame.headers['id'];
    if (!id) {
      this.fail('malformed frame', 'UNSUBSCRIBE needs id', frame.headers['receipt']);
      return false;
    }
    const sub = this.subscriptions.get(id);
    if (sub) this.removeSubscription(sub);
    return true;
  }

  private removeSubscription(sub: Subscription): void {
    this.subscriptions.delete(sub.id);
    this.host.unsubscribed(sub);
  }

  private cleanup(): void {
    if (this.state === 'closed') return;
    const wasAttached = this.state === 'connected';
    this.state = 'closed';
    clearTimeout(this.lifeTimer);
    clearInterval(this.sendTimer);
    clearInterval(this.checkTimer);
    this.queued = [];
    for (const sub of this.subscriptions.values()) this.host.unsubscribed(sub);
    this.subscriptions.clear();
    if (wasAttached) this.host.detached(this);
  }
}

/** `cx,cy` → [client can send every cx ms, client wants to receive every cy ms]. */
export function parseHeartBeat(value: string): [number, number] | null {
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function findHeader(headers: Record<string, string>, lowerName: string): string | undefined {
  const exact = headers[lowerName];
  if (exact !== undefined) return exact;
  for (const key in headers) if (key.toLowerCase() === lowerName) return headers[key];
  return undefined;
}

/** `Bearer abc` → `abc` for scheme `bearer` (case-insensitive), else undefined. */
export function matchScheme(value: string | undefined, scheme: string): string | undefined {
  if (!value) return undefined;
  const m = /^\s*(\S+)\s+(\S+)\s*$/.exec(value);
  return m && (m[1] as string).toLowerCase() === scheme ? m[2] : undefined;
}
