/**
 * The browser's realtime connection (spec §4 "Realtime connection", §7, §9): STOMP over SockJS to /api/ws-btz.
 *
 * Reconnection is ours, not @stomp/stompjs's (its reconnectDelay is 0): on any close that we did not ask for,
 * retry up to 5 times with the delay doubling from 5 s; a successful CONNECTED resets the counter and
 * resubscribes every remembered topic; when the attempts run out we stop silently. A server that stops gracefully
 * (rolling restart) sends ERROR with a `reconnect-after` header (ms): the next attempt waits that long instead, so the
 * client is back on another instance within a second or two rather than after 5 s.
 * Plain module with no React, so it can be driven from Node tests against the real server.
 */
import { Client, type IMessage, type IStompSocket, type StompSubscription } from '@stomp/stompjs';
import { REALTIME_BASE_DELAY_MS, REALTIME_ENDPOINT, REALTIME_HEARTBEAT_MS, REALTIME_MAX_RECONNECTS } from '@btz/shared';
import { SeenIds } from './seen-ids';

export type RealtimeState = 'connected' | 'disconnected';

/** Body of every realtime message (CONVENTIONS.md "Realtime messages"). */
export interface RealtimeMessage<T = unknown> {
  id: string;
  kind: string;
  data: T;
  ts: number;
}

export type MessageHandler = (message: RealtimeMessage, raw: IMessage) => void;

export interface SubscribeOptions {
  /** Deliver messages even when their id was already seen (default false: duplicates are dropped). */
  allowDuplicates?: boolean;
}

export interface ConnectOptions {
  /** base64 `clientId:clientSecret`, sent as `Authorization: Basic …`. */
  clientAuth: string;
  /** Own user id: subscribes `/user/{userId}/notice` and `/bid`. Without it the short `/user/notice` form is used. */
  userId?: string | number;
}

export interface RealtimeClientOptions {
  /** Endpoint URL (default `/api/ws-btz`, same origin). */
  url?: string;
  /** Builds the socket; default SockJS (loaded on first use). Tests pass a Node WebSocket or sockjs-client. */
  socketFactory?: (url: string) => IStompSocket;
  maxReconnects?: number;
  /** Delay before reconnect attempt n (1-based); default 5000 × 2^(n-1). */
  reconnectDelay?: (attempt: number) => number;
  heartbeatMs?: number;
  /** How many message ids to remember for dropping duplicates. */
  seenCapacity?: number;
  debug?: (line: string) => void;
}

interface Topic {
  destination: string;
  handlers: Map<MessageHandler, SubscribeOptions>;
  stomp: StompSubscription | undefined;
}

type SockJSCtor = new (url: string, reserved?: unknown, options?: { transports?: string[] }) => IStompSocket;
let sockJsCtor: SockJSCtor | undefined;

/** Loads sockjs-client lazily: it is only needed once logged in, and it expects Node's `global`. */
async function loadSockJs(): Promise<SockJSCtor> {
  if (sockJsCtor) return sockJsCtor;
  // sockjs-client reads `global.crypto` / `global.document` at load time; browsers only have globalThis.
  const g = globalThis as { global?: unknown };
  g.global ??= globalThis;
  // CommonJS package: bundlers expose module.exports as `default` (sometimes wrapped once more).
  const mod = (await import('sockjs-client')) as unknown as { default: SockJSCtor | { default: SockJSCtor } };
  const ctor = typeof mod.default === 'function' ? mod.default : mod.default.default;
  sockJsCtor = ctor;
  return ctor;
}

export class RealtimeClient {
  private stomp: Client | undefined;
  private wanted = false;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** the server's `reconnect-after` hint (ms) from the ERROR frame before the close, used once */
  private hintMs: number | undefined;
  private stateValue: RealtimeState = 'disconnected';
  private readonly topics = new Map<string, Topic>();
  private readonly kindHandlers = new Map<string, Set<MessageHandler>>();
  private readonly stateListeners = new Set<(s: RealtimeState) => void>();
  private readonly seen: SeenIds;
  private ownQueueUnsubscribers: (() => void)[] = [];
  private readonly opts: Required<Omit<RealtimeClientOptions, 'socketFactory' | 'debug'>> & Pick<RealtimeClientOptions, 'socketFactory' | 'debug'>;

  constructor(options: RealtimeClientOptions = {}) {
    const base = REALTIME_BASE_DELAY_MS;
    this.opts = {
      url: options.url ?? REALTIME_ENDPOINT,
      socketFactory: options.socketFactory,
      maxReconnects: options.maxReconnects ?? REALTIME_MAX_RECONNECTS,
      reconnectDelay: options.reconnectDelay ?? ((n) => base * 2 ** (n - 1)),
      heartbeatMs: options.heartbeatMs ?? REALTIME_HEARTBEAT_MS,
      seenCapacity: options.seenCapacity ?? 500,
      debug: options.debug,
    };
    this.seen = new SeenIds(this.opts.seenCapacity);
  }

  get state(): RealtimeState {
    return this.stateValue;
  }

  /** Reconnect attempts made since the last successful CONNECTED. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  /** Opens (or re-opens with new credentials) the connection. */
  connect(token: string, options: ConnectOptions): void {
    this.stopRetrying();
    const previous = this.stomp;
    this.stomp = undefined; // its late callbacks are ignored from now on
    void previous?.deactivate({ force: true });
    for (const topic of this.topics.values()) topic.stomp = undefined;
    this.wanted = true;
    this.attempts = 0;
    this.subscribeOwnQueues(options.userId);
    this.stomp = this.makeStompClient(token, options.clientAuth);
    this.stomp.activate();
  }

  /** Logout: closes and forgets the connection; remembered topics stay for the next connect. */
  async disconnect(): Promise<void> {
    this.wanted = false;
    this.stopRetrying();
    for (const off of this.ownQueueUnsubscribers) off();
    this.ownQueueUnsubscribers = [];
    const stomp = this.stomp;
    this.stomp = undefined;
    for (const topic of this.topics.values()) topic.stomp = undefined;
    this.setState('disconnected');
    this.seen.clear();
    await stomp?.deactivate();
  }

  /** Subscribes `destination`; remembered so every reconnect resubscribes it. Returns the unsubscribe function. */
  subscribe(destination: string, handler: MessageHandler, options: SubscribeOptions = {}): () => void {
    let topic = this.topics.get(destination);
    if (!topic) {
      topic = { destination, handlers: new Map(), stomp: undefined };
      this.topics.set(destination, topic);
      if (this.stomp?.connected) this.stompSubscribe(topic);
    }
    topic.handlers.set(handler, options);
    const t = topic;
    return () => {
      t.handlers.delete(handler);
      if (t.handlers.size > 0 || this.topics.get(destination) !== t) return;
      this.topics.delete(destination);
      if (t.stomp && this.stomp?.connected) t.stomp.unsubscribe();
      t.stomp = undefined;
    };
  }

  /** Handles messages of one kind (pay.success, dm.count, bid.*) arriving on the user's own queues. */
  on(kind: string, handler: MessageHandler): () => void {
    let set = this.kindHandlers.get(kind);
    if (!set) this.kindHandlers.set(kind, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.kindHandlers.delete(kind);
    };
  }

  onState(listener: (s: RealtimeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private subscribeOwnQueues(userId: string | number | undefined): void {
    for (const off of this.ownQueueUnsubscribers) off();
    const prefix = userId === undefined || userId === '' ? '/user' : `/user/${userId}`;
    const dispatch: MessageHandler = (msg, raw) => {
      for (const h of this.kindHandlers.get(msg.kind) ?? []) h(msg, raw);
    };
    this.ownQueueUnsubscribers = [this.subscribe(`${prefix}/notice`, dispatch), this.subscribe(`${prefix}/bid`, dispatch)];
  }

  private makeStompClient(token: string, clientAuth: string): Client {
    const { url, socketFactory } = this.opts;
    const client: Client = new Client({
      connectHeaders: {
        'Blade-Auth': `Bearer ${token}`,
        Authorization: `Basic ${clientAuth}`,
        'Blade-Requested-With': 'BladeHttpRequest',
      },
      heartbeatIncoming: this.opts.heartbeatMs,
      heartbeatOutgoing: this.opts.heartbeatMs,
      reconnectDelay: 0,
      connectionTimeout: 10_000,
      debug: this.opts.debug ?? (() => {}),
      beforeConnect: async () => {
        if (!socketFactory) await loadSockJs();
      },
      webSocketFactory: () => (socketFactory ? socketFactory(url) : new (sockJsCtor as SockJSCtor)(url)),
      onConnect: () => {
        if (this.stomp !== client) return;
        this.attempts = 0;
        for (const topic of this.topics.values()) this.stompSubscribe(topic);
        this.setState('connected');
      },
      onStompError: (frame) => {
        if (this.stomp !== client) return;
        const ms = Number(frame.headers['reconnect-after']);
        if (frame.headers['reconnect-after'] !== undefined && Number.isFinite(ms) && ms >= 0) this.hintMs = Math.min(ms, 60_000);
      },
      onWebSocketClose: () => {
        if (this.stomp !== client) return;
        for (const topic of this.topics.values()) topic.stomp = undefined;
        this.setState('disconnected');
        this.scheduleReconnect(client);
      },
    });
    return client;
  }

  private scheduleReconnect(client: Client): void {
    // Park the stompjs client (it would otherwise stay "active"); we re-activate it ourselves after the delay.
    void client.deactivate();
    if (!this.wanted) return;
    this.attempts += 1;
    if (this.attempts > this.opts.maxReconnects) {
      this.wanted = false; // spec: stop silently
      return;
    }
    const delay = this.hintMs ?? this.opts.reconnectDelay(this.attempts);
    this.hintMs = undefined;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.wanted && this.stomp === client) client.activate();
    }, delay);
  }

  private stopRetrying(): void {
    this.hintMs = undefined;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private stompSubscribe(topic: Topic): void {
    const stomp = this.stomp;
    if (!stomp) return;
    topic.stomp = stomp.subscribe(topic.destination, (raw) => this.dispatch(topic, raw));
  }

  private dispatch(topic: Topic, raw: IMessage): void {
    let msg: RealtimeMessage;
    try {
      msg = JSON.parse(raw.body) as RealtimeMessage;
    } catch {
      return; // not one of ours
    }
    const duplicate = typeof msg.id === 'string' && this.seen.check(msg.id);
    for (const [handler, opts] of [...topic.handlers]) {
      if (duplicate && !opts.allowDuplicates) continue;
      try {
        handler(msg, raw);
      } catch (err) {
        // One broken listener must not starve the others.
        console.error('realtime handler failed', err);
      }
    }
  }

  private setState(s: RealtimeState): void {
    if (this.stateValue === s) return;
    this.stateValue = s;
    for (const l of [...this.stateListeners]) l(s);
  }
}
