/**
 * Mounts the realtime endpoint (STOMP 1.2 over SockJS, spec §7) on an existing http.Server and exposes the
 * small publishing API the other modules call. SockJS gives the browser websocket plus xhr-streaming/polling
 * fallbacks; `/api/ws-btz/websocket` is the raw WebSocket endpoint (no SockJS framing) used by tools and tests.
 */
import type http from 'node:http';
import sockjs from 'sockjs';
import { REALTIME_ENDPOINT, REALTIME_HEARTBEAT_MS } from '@btz/shared';
import { Hub, makeMessage } from './hub.js';
import { createLocalRelay, createRedisRelay, type Relay, type RelayCommand } from './relay.js';
import { destinationForKind, PUBLIC_TOPICS } from './rules.js';
import { StompSession, type AuthInfo, type Logger } from './session.js';

export interface RealtimeDeps {
  /** Token → identity, or null when invalid. `expiresAt` is epoch ms; the session is closed when it passes. */
  authenticate(token: string): Promise<AuthInfo | null>;
  /** Checks the base64 part of the CONNECT `Authorization: Basic …` header (undefined when absent). */
  checkClient?(basic: string | undefined): boolean;
  /** Login sessions ended on some instance (an `authEnded` relay command): forget them here (TokenService cache). */
  onAuthEnded?(ended: { sessionId?: string; userId?: string }): void;
  /** Redis URL: when set, publishes go through Redis pub/sub and reach every instance. */
  redisUrl?: string;
  /** Prefix of the Redis channel (default `btz:`). */
  channelPrefix?: string;
  /** Heart-beat the server offers both ways (default 10000, spec §9). */
  heartbeatMs?: number;
  /** Time a socket may stay open without a successful CONNECT (default 10000). */
  connectTimeoutMs?: number;
  logger: Logger;
}

export interface Realtime {
  /** Sends `{ id, kind, data, ts }` to the user's `notice` (pay.success, dm.count) or `bid` (bid.*) queue. */
  publish(userId: string, kind: string, data: unknown): Promise<void>;
  /** Sends to a public topic, e.g. `/topic/barrage`. */
  broadcast(topic: string, kind: string, data: unknown): Promise<void>;
  /** Logout: every STOMP session of the user on every instance gets ERROR and is closed. */
  closeUser(userId: string): Promise<void>;
  /** Token revoked: the STOMP sessions opened with that login (auth session id) are closed. */
  closeAuthSession(sessionId: string): Promise<void>;
  /** Login sessions ended: every instance's token cache forgets them (TokenService.ended sends it). */
  authEnded(ended: { sessionId?: string; userId?: string }): Promise<void>;
  /** Connected (authenticated) STOMP sessions on this instance. */
  stats(): { sessions: number };
  /** Resolves when cross-instance messages can be received (immediately without Redis). */
  ready(): Promise<void>;
  /**
   * Closes all sessions and the Redis connections. Plain (no ERROR: clients reconnect after their own back-off), or with
   * `reconnectWithinMs` (graceful shutdown): each connected client gets an ERROR frame whose `reconnect-after` header
   * (a random delay up to that many ms) tells it to come back soon — to another instance behind the balancer.
   */
  close(opts?: { reconnectWithinMs?: number }): Promise<void>;
}

export type { AuthInfo, Logger };

export function attachRealtime(httpServer: http.Server, deps: RealtimeDeps): Realtime {
  const hub = new Hub();
  const heartbeatMs = deps.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const logger = deps.logger;
  /** Every open socket, also those not yet authenticated, so shutdown closes them all. */
  const open = new Set<StompSession>();
  let closed = false;

  const apply = (cmd: RelayCommand): void => {
    if (cmd.t === 'msg') hub.deliver(cmd.dest, cmd.id, cmd.body);
    else if (cmd.t === 'closeUser') hub.closeUserSessions(cmd.userId, cmd.reason);
    else if (cmd.t === 'closeAuth') hub.closeAuthSession(cmd.sessionId, cmd.reason);
    else if (cmd.t === 'authEnded') deps.onAuthEnded?.({ sessionId: cmd.sessionId, userId: cmd.userId });
  };
  const relay: Relay = deps.redisUrl
    ? createRedisRelay({ url: deps.redisUrl, channelPrefix: deps.channelPrefix ?? 'btz:', logger, apply })
    : createLocalRelay(apply);

  const sock = sockjs.createServer({
    prefix: REALTIME_ENDPOINT,
    // Only used by the iframe fallback of very old browsers; never load code from a CDN.
    sockjs_url: '/sockjs.min.js',
    // sockjs logs every request at debug/info: keep only its errors.
    log: (severity, message) => {
      if (severity === 'error') logger.error({ sockjs: message }, 'realtime: sockjs error');
    },
    // Must stay below typical proxy idle timeouts; STOMP heart-beats ride on top of it anyway.
    heartbeat_delay: 25_000,
    disconnect_delay: 5_000,
  });

  sock.on('connection', (conn: sockjs.Connection | null) => {
    // sockjs can emit a connection that is already gone (client left during the handshake).
    if (!conn) return;
    if (closed) {
      conn.close();
      return;
    }
    const session = new StompSession(
      { send: (data) => void conn.write(data), close: () => void conn.close() },
      hub,
      {
        authenticate: deps.authenticate,
        checkClient: deps.checkClient,
        heartbeatMs,
        connectTimeoutMs: deps.connectTimeoutMs ?? 10_000,
        maxSubscriptions: 32,
        serverName: 'btz-realtime/1.0',
        logger,
      },
    );
    open.add(session);
    conn.on('data', (data: string) => session.receive(data));
    conn.on('close', () => {
      open.delete(session);
      session.transportClosed();
    });
  });
  sock.installHandlers(httpServer, { prefix: REALTIME_ENDPOINT });

  const send = async (cmd: RelayCommand): Promise<void> => {
    if (closed) return;
    await relay.send(cmd);
  };

  return {
    async publish(userId, kind, data) {
      const msg = makeMessage(kind, data);
      await send({ t: 'msg', dest: destinationForKind(userId, kind), id: msg.id, body: JSON.stringify(msg) });
    },
    async broadcast(topic, kind, data) {
      if (!PUBLIC_TOPICS.has(topic)) throw new Error(`realtime: unknown public topic ${topic}`);
      const msg = makeMessage(kind, data);
      await send({ t: 'msg', dest: topic, id: msg.id, body: JSON.stringify(msg) });
    },
    closeUser: (userId) => send({ t: 'closeUser', userId, reason: 'logged out' }),
    closeAuthSession: (sessionId) => send({ t: 'closeAuth', sessionId, reason: 'logged out' }),
    authEnded: (ended) => send({ t: 'authEnded', ...ended }),
    stats: () => ({ sessions: hub.stats().sessions }),
    ready: () => relay.ready(),
    async close(opts) {
      if (closed) return;
      closed = true;
      const within = opts?.reconnectWithinMs;
      for (const s of [...open]) {
        if (within === undefined) s.close();
        else s.restart(Math.round(Math.random() * within));
      }
      hub.closeAll();
      await relay.close();
    },
  };
}
