import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DestinationStream } from 'pino';
import { sandboxMode, sweepJobDirs } from '@btz/bid-engine/native';
import { buildApp, type BuiltApp } from './app.js';
import type { Config } from './config.js';
import { openPGlite, openPostgres, type DbHandle } from './db/connection.js';
import { acquireDataDirLock } from './db/lock.js';
import { registerInstance } from './instances/registry.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed/index.js';
import { attachRealtime } from './realtime/server.js';

export interface RunningServer {
  app: BuiltApp;
  db: DbHandle;
  port: number;
  url: string;
  close(): Promise<void>;
  /**
   * Graceful stop (SIGTERM, rolling restart): drain, then close(). See `drain` below for the order; bounded by
   * SHUTDOWN_TIMEOUT_S.
   */
  shutdown(): Promise<void>;
}

/**
 * While draining, an instance answers every new request 503 at once, unprocessed, and closes its listener only after no
 * request has come for this long: a balancer that retries on 503 (deploy/nginx.conf: `proxy_next_upstream … http_503
 * non_idempotent`) sends the request to another instance and counts this one down for its fail_timeout. Closing the
 * listener first would reset the connections waiting in the kernel's accept queue, whose requests nginx has already
 * sent (seen in the rolling-restart test: one 502 per restart on a loaded machine).
 */
const DRAIN_QUIET_MS = 1_000;

export interface StartOptions {
  logStream?: DestinationStream;
  /** an already-open database (tests hand in a PGlite copy); the server closes it on close() */
  db?: DbHandle;
}

/** config → database (+ lock) → migrations → seeds → app → listen. Shared by main.ts and the tests. */
/** A free port on `host`, for PORT=0: URLs a phone opens (PUBLIC_BASE_URL) must name the real port before routes exist. */
async function freePort(host: string): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * Issue 22: job folders of LibreOffice / pdftoppm runs whose worker was killed with the server (nobody else removes them),
 * and how the converters are confined on this machine — said once, loudly when they cannot be.
 */
function sweepConverterLeftovers(log: FastifyBaseLogger): void {
  const swept = sweepJobDirs();
  if (swept) log.info({ swept }, '已清理上次运行遗留的转换临时目录');
  const mode = sandboxMode();
  if (mode === 'none') log.warn('转换进程无法隔离（bubblewrap 与 unshare 均不可用）：仅靠移除文档外部链接防止 LibreOffice 访问网络和本机文件');
  else log.info({ sandbox: mode }, '转换进程隔离方式');
}

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  if (config.port === 0) {
    const port = await freePort(config.host);
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    config = { ...config, port, ...(config.publicBaseUrlDefaulted ? { publicBaseUrl: `http://${host}:${port}` } : {}) };
  }
  let releaseLock: (() => void) | undefined;
  let db = opts.db;
  if (!db) {
    if (config.databaseUrl) {
      db = await openPostgres(config.databaseUrl, { poolMax: config.databasePoolMax });
    } else {
      const { mkdirSync } = await import('node:fs');
      mkdirSync(config.dataDir, { recursive: true });
      releaseLock = acquireDataDirLock(config.dataDir);
      try {
        db = await openPGlite({ dir: path.join(config.dataDir, 'pgdata') });
      } catch (e) {
        releaseLock();
        throw e;
      }
    }
  }
  try {
    await migrate(db);
    await seed(db.db);
    const app = await buildApp(config, db, { logStream: opts.logStream });
    if (config.production && config.paySandboxConfirm) {
      // allowed only by ALLOW_SANDBOX_PAY_IN_PRODUCTION (config.ts); say it on every start so nobody forgets
      app.fastify.log.warn('生产环境已开启沙箱支付确认：订单无需真实付款即可支付成功（ALLOW_SANDBOX_PAY_IN_PRODUCTION=true）');
    }
    // STOMP over SockJS shares the HTTP server; sockjs answers /api/ws-btz before Fastify sees the request.
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const realtime = attachRealtime(app.fastify.server, {
      authenticate: (token) => app.ctx.tokens.verify(token),
      // another instance ended login sessions: forget them here too (this one forgot its own at once)
      onAuthEnded: (ended) => app.ctx.tokens.sessions.forget(ended),
      checkClient: (b) => b === basic,
      redisUrl: config.redisUrl,
      channelPrefix: config.redisPrefix,
      heartbeatMs: config.realtimeHeartbeatMs,
      logger: app.fastify.log,
    });
    app.setPublisher(realtime);
    // Open websockets would keep fastify.close() waiting: end them first.
    app.fastify.addHook('preClose', () => realtime.close());
    await realtime.ready();
    // before listen, which starts the job workers: an instance that would lose files must not claim any work
    let instance;
    try {
      instance = await registerInstance(db, config, app.fastify.log);
    } catch (e) {
      await app.fastify.close().catch(() => undefined);
      throw e;
    }
    app.fastify.addHook('onClose', async () => {
      // a row left behind only ages out (JOB_STALE_MS): never let it fail the shutdown
      await instance.stop().catch((e: unknown) => app.fastify.log.warn({ err: e }, '实例注销失败'));
    });
    sweepConverterLeftovers(app.fastify.log);
    // Every connection (HTTP and upgraded websockets) and request in flight, so a drain knows when the last one is gone.
    const server = app.fastify.server;
    const sockets = new Set<Socket>();
    let inFlight = 0;
    let draining = false;
    let lastRefused = 0;
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    });
    // In front of Fastify and sockjs (which installed its own wrapper the same way): during a drain, refuse — unprocessed.
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (draining) {
        lastRefused = Date.now();
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'retry-after': '1' });
        res.end(JSON.stringify({ code: 503, success: false, msg: '服务正在重启，请稍后重试' }));
        return;
      }
      inFlight++;
      res.once('close', () => inFlight--);
      for (const h of handlers) h.call(server, req, res);
    });
    const upgrades = server.listeners('upgrade') as ((req: IncomingMessage, socket: Socket, head: Buffer) => void)[];
    server.removeAllListeners('upgrade');
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      if (draining) {
        lastRefused = Date.now();
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      for (const h of upgrades) h.call(server, req, socket, head);
    });
    /**
     * 1. Every new request is answered 503 unprocessed (a balancer passes it on; /healthz is 503 too); running jobs go
     *    back to the queue at once (another instance claims them) and STOMP clients get ERROR with `reconnect-after`.
     * 2. Requests under way finish. 3. Once none is left and no request came for DRAIN_QUIET_MS (the balancer has
     *    counted this instance down), the listener closes. 4. At SHUTDOWN_TIMEOUT_S whatever is still open is cut.
     */
    const drain = async () => {
      const log = app.fastify.log;
      const started = Date.now();
      const deadline = started + config.shutdownTimeoutS * 1000;
      draining = true;
      lastRefused = started;
      app.startDraining();
      const jobs = app.ctx.jobs.active().length;
      await Promise.all([
        app.ctx.jobs.stop(Math.min(10_000, config.shutdownTimeoutS * 1000)),
        realtime.close({ reconnectWithinMs: config.shutdownReconnectMs }),
      ]);
      log.info({ jobs, inFlight }, '停止中：新请求一律答 503（由负载均衡转给其他实例），运行中的任务已交回队列，实时连接已通知重连');
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastRefused < DRAIN_QUIET_MS)) await new Promise((r) => setTimeout(r, 25));
      // http.Server's close also ends idle keep-alive connections; the balancer sends nothing here any more
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        const wait = setInterval(() => {
          if (!sockets.size || Date.now() >= deadline) {
            clearInterval(wait);
            resolve();
          }
        }, 25);
      });
      if (sockets.size) log.warn({ connections: sockets.size, inFlight }, `停止超时（SHUTDOWN_TIMEOUT_S=${config.shutdownTimeoutS}）：仍未结束的连接被断开`);
      for (const s of sockets) s.destroy();
      log.info({ ms: Date.now() - started }, '停止中：请求已处理完毕');
    };
    await app.fastify.listen({ port: config.port, host: config.host });
    const addr = app.fastify.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.fastify.close();
      await db!.close();
      releaseLock?.();
    };
    return {
      app,
      db,
      port,
      url: `http://127.0.0.1:${port}`,
      close,
      shutdown: async () => {
        if (closed || draining) return;
        await drain();
        await close();
      },
    };
  } catch (e) {
    await db.close().catch(() => undefined);
    releaseLock?.();
    throw e;
  }
}
