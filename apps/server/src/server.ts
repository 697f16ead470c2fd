import net, { type Socket } from 'node:net';
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
 * A balancer's idle keep-alive connection may carry a request at any moment: closing it ourselves races with that request
 * (nginx does not resend a POST it has written). So during a drain idle connections are left to the balancer, which
 * closes its own within its `keepalive_timeout` (4 s in deploy/nginx.conf, below this); only after this long are the
 * remaining idle ones closed here (direct clients that keep connections open).
 */
const IDLE_KEEPALIVE_GRACE_MS = 5_000;

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
      db = await openPostgres(config.databaseUrl);
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
    // Every connection (HTTP and upgraded websockets) so a drain knows when the last one is gone; while draining each
    // answer says `Connection: close`, so keep-alive connections end after the request they carry (no race with reuse).
    const server = app.fastify.server;
    const sockets = new Set<Socket>();
    let draining = false;
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    });
    server.prependListener('request', (_req, res) => {
      if (draining) res.setHeader('connection', 'close');
    });
    /**
     * 1. /healthz → 503 and the listener closes (new connections are refused: nginx passes the request to another
     *    instance, also a POST, since nothing was sent); 2. running jobs go back to the queue at once (another instance
     *    claims them) and STOMP clients get ERROR with `reconnect-after`; 3. requests under way finish, each connection
     *    closing after its answer; idle keep-alive ones after IDLE_KEEPALIVE_GRACE_MS; 4. at SHUTDOWN_TIMEOUT_S whatever
     *    is still open is cut.
     */
    const drain = async () => {
      const log = app.fastify.log;
      const started = Date.now();
      const deadline = started + config.shutdownTimeoutS * 1000;
      draining = true;
      app.startDraining();
      // net.Server's close, not http.Server's: that one also closes idle keep-alive connections at once (the race above).
      // The listener is gone when it returns; its callback would wait for every connection, which is what follows.
      net.Server.prototype.close.call(server);
      const jobs = app.ctx.jobs.active().length;
      await Promise.all([
        app.ctx.jobs.stop(Math.min(10_000, config.shutdownTimeoutS * 1000)),
        realtime.close({ reconnectWithinMs: config.shutdownReconnectMs }),
      ]);
      log.info({ jobs, connections: sockets.size }, '停止中：已不再接受新连接，运行中的任务已交回队列，实时连接已通知重连');
      const idleAt = Math.min(deadline, started + IDLE_KEEPALIVE_GRACE_MS);
      let idleClosed = false;
      while (sockets.size && Date.now() < deadline) {
        if (!idleClosed && Date.now() >= idleAt) {
          server.closeIdleConnections();
          idleClosed = true;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      if (sockets.size) log.warn({ connections: sockets.size }, `停止超时（SHUTDOWN_TIMEOUT_S=${config.shutdownTimeoutS}）：仍未结束的连接被断开`);
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
