/**
 * Shared pieces of the realtime integration tests: a standalone http.Server with attachRealtime and a fake
 * token table, and STOMP clients (the real @stomp/stompjs) over sockjs-client or a raw `ws` WebSocket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type IMessage, type IStompSocket, type StompConfig } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import { attachRealtime, type AuthInfo, type Realtime, type RealtimeDeps } from '../../src/realtime/server.js';

export const quietLogger = { info() {}, warn() {}, error() {} };

const HOUR = 3_600_000;
/** token → identity; `expiring` gets a fresh short lifetime at each check. */
export function fakeAuthenticate(token: string): Promise<AuthInfo | null> {
  const table: Record<string, Omit<AuthInfo, 'expiresAt'>> = {
    'tok-alice': { userId: '101', tenantId: '000000', sessionId: 'login-a' },
    'tok-alice-2': { userId: '101', tenantId: '000000', sessionId: 'login-a2' },
    'tok-bob': { userId: '202', tenantId: '000000', sessionId: 'login-b' },
    'tok-short': { userId: '303', tenantId: '000000', sessionId: 'login-s' },
  };
  const who = table[token];
  if (!who) return Promise.resolve(null);
  return Promise.resolve({ ...who, expiresAt: Date.now() + (token === 'tok-short' ? 600 : HOUR) });
}

export interface TestServer {
  server: http.Server;
  rt: Realtime;
  port: number;
  stop(): Promise<void>;
}

export async function startServer(opts: Partial<RealtimeDeps> & { port?: number } = {}): Promise<TestServer> {
  const server = http.createServer((_req, res) => {
    res.statusCode = 404;
    res.end();
  });
  const rt = attachRealtime(server, { authenticate: fakeAuthenticate, logger: quietLogger, ...opts });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  await rt.ready();
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    rt,
    port,
    async stop() {
      await rt.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        // Never let a lingering socket hang the suite.
        const t = setTimeout(resolve, 2_000);
        server.close(() => {
          clearTimeout(t);
          resolve();
        });
      });
    },
  };
}

export type Via = 'websocket' | 'xhr-streaming' | 'xhr-polling' | 'raw-ws';

export function socketFactory(port: number, via: Via): () => IStompSocket {
  if (via === 'raw-ws') return () => new WebSocket(`ws://127.0.0.1:${port}/api/ws-btz/websocket`) as unknown as IStompSocket;
  return () => new SockJS(`http://127.0.0.1:${port}/api/ws-btz`, null, { transports: [via] }) as unknown as IStompSocket;
}

export interface TestClient {
  client: Client;
  messages: IMessage[];
  errors: IFrame[];
  connects: IFrame[];
  closes: number;
}

/** A @stomp/stompjs client recording what happens to it. `onConnect` lets tests (re)subscribe like the app does. */
export function makeClient(
  port: number,
  via: Via,
  token: string | null,
  extra: Partial<StompConfig> & { onConnected?: (c: TestClient, frame: IFrame) => void } = {},
): TestClient {
  const { onConnected, ...config } = extra;
  const t: TestClient = { client: undefined as unknown as Client, messages: [], errors: [], connects: [], closes: 0 };
  t.client = new Client({
    webSocketFactory: socketFactory(port, via),
    connectHeaders: {
      ...(token ? { 'Blade-Auth': `Bearer ${token}` } : {}),
      Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'Blade-Requested-With': 'BladeHttpRequest',
    },
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    reconnectDelay: 0,
    connectionTimeout: 3_000,
    debug: () => {},
    onConnect: (frame) => {
      t.connects.push(frame);
      onConnected?.(t, frame);
    },
    onStompError: (frame) => t.errors.push(frame),
    onWebSocketClose: () => {
      t.closes++;
    },
    ...config,
  });
  t.client.activate();
  return t;
}

/** Subscribes and resolves once the server confirmed it with a RECEIPT (so a publish after it cannot be missed). */
export function subscribeConfirmed(t: TestClient, destination: string, receipt = `r-${Math.random().toString(36).slice(2)}`): Promise<void> {
  return new Promise((resolve) => {
    t.client.watchForReceipt(receipt, () => resolve());
    t.client.subscribe(destination, (m) => t.messages.push(m), { receipt });
  });
}

export async function waitUntil(cond: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** True when Redis answers PING within a short time (the cross-instance test is skipped otherwise). */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}
