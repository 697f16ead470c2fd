import { timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { CODE } from '@btz/shared';
import { ensureTokenSecret, type Config } from './config.js';
import type { AppContext, Publisher } from './context.js';
import { isDatabaseUnavailable, type DbHandle } from './db/connection.js';
import { fail } from './http/envelope.js';
import { AppError } from './http/errors.js';
import { registerNulGuard } from './http/nul-guard.js';
import { REDACT_PATHS, requestSerializer } from './http/log-redact.js';
import { registerRateLimits } from './http/rate-limit.js';
import { TenantResolver } from './http/tenant.js';
import { registerAuthRoutes, registerQrRoutes } from './modules/auth/routes.js';
import { registerCommerce } from './modules/order/index.js';
import { TokenService } from './auth/tokens.js';
import { PaymentProviders } from './providers/payment/index.js';
import { registerWxPages } from './modules/auth/wx-pages.js';
import { registerTenantRoutes } from './modules/tenant/routes.js';
import { registerUserRoutes } from './modules/user/routes.js';
import { registerAvatarRoutes } from './modules/user/avatar.js';
import { registerWelfareRoutes } from './modules/welfare/routes.js';
import { registerWebApp } from './modules/web/spa.js';
import { createLlm, sharedLlmLimiter } from './providers/llm/index.js';
import { createStorage } from './providers/storage/index.js';
import { LedgeredStorage, startStorageSweep } from './providers/storage/ledger.js';
import { createJobRunner, startJobsWithApp } from './jobs/index.js';
import { createPictureWorkers } from './workers/index.js';
import { registerBids } from './modules/bid/index.js';
import { registerContent } from './modules/content/index.js';
import { registerEnterprise } from './modules/enterprise/index.js';
import { registerPictures } from './modules/pictures/index.js';
import { registerDupcheck } from './modules/dupcheck/index.js';
import { registerDatabank } from './modules/databank/index.js';
import { registerRepository } from './modules/repository/index.js';
import { registerBidCheck } from './modules/bidcheck/index.js';
import { registerFileTools } from './modules/filetools/index.js';
import { registerIpRecord } from './modules/iprecord/index.js';
import { registerTeams } from './modules/team/index.js';
import { registerAdmin } from './modules/admin/index.js';
import { registerLlmUsage } from './modules/llm-usage/index.js';
import { createSmsProvider } from './providers/sms/index.js';
import { OpenPlatformWechatProvider, SandboxWechatProvider } from './providers/wechat/index.js';

export interface BuiltApp {
  fastify: FastifyInstance;
  ctx: AppContext;
  /** Lets the realtime layer replace the no-op publisher once it is attached to the HTTP server. */
  setPublisher(p: Publisher): void;
  /**
   * Every route Fastify registered (method and URL pattern), in order: the authorisation matrix checks each is a call of
   * `@btz/shared/calls` or one of its listed non-call routes, so no route escapes it. (SockJS answers /api/ws-btz before
   * Fastify: not a Fastify route.)
   */
  routes: ReadonlyArray<{ method: string; url: string }>;
  /** Graceful shutdown has begun (server.ts): /healthz answers 503 from now on, so a balancer's check takes the instance out. */
  startDraining(): void;
}

const NO_REALTIME: Publisher = {
  publish: async () => undefined,
  broadcast: async () => undefined,
  closeUser: async () => undefined,
  closeAuthSession: async () => undefined,
  authEnded: async () => undefined,
};

/**
 * One log line per request, written when it is answered and naming the request (method, redacted url, host, client),
 * instead of Fastify's two (incoming + completed): under load the request lines were the largest share of an
 * instance's CPU after the query itself (bench/load.ts --cpu-prof). Errors keep their own line.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Builds the Fastify app on an open, migrated database. Routes are registered in one place, below. */
export async function buildApp(config: Config, handle: DbHandle, opts: { logStream?: DestinationStream } = {}): Promise<BuiltApp> {
  // the request lines redact secrets in query strings and headers (http/log-redact.ts)
  const logger = { level: config.logLevel, serializers: { req: requestSerializer }, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } };
  const fastify = Fastify({
    logger: opts.logStream ? { ...logger, stream: opts.logStream } : logger,
    // Only the listed balancers may speak for the client (X-Forwarded-For / -Host / -Proto); none by default.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    logController: new OneLinePerRequest(),
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routes: { method: string; url: string }[] = [];
  fastify.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  const tokenSecret = ensureTokenSecret(config);
  const rateLimits = await registerRateLimits(fastify, config);
  const realtime: { current: Publisher } = { current: NO_REALTIME };
  const llmLog = fastify.log.child({ module: 'llm' });
  // LLM_CONCURRENCY across all instances when they share Redis (providers/llm/shared-limiter.ts)
  const llmLimiter = sharedLlmLimiter(config, llmLog);
  if (llmLimiter) fastify.addHook('onClose', () => llmLimiter.close());
  const ctx: AppContext = {
    config: { ...config, tokenSecret },
    db: handle.db,
    engine: handle.engine,
    log: fastify.log,
    tenants: new TenantResolver(handle.db),
    rateLimits,
    tokens: new TokenService(handle.db, tokenSecret, config.tokenTtlS, {
      cacheMs: config.authCacheMs,
      announce: (ended) => realtime.current.authEnded(ended),
    }),
    sms: createSmsProvider(config, fastify.log),
    wechat:
      config.wechatProvider === 'open'
        ? new OpenPlatformWechatProvider({
            appId: config.wechatAppId!,
            appSecret: config.wechatAppSecret!,
            apiBase: config.wechatApiBase,
            publicBaseUrl: config.publicBaseUrl,
          })
        : new SandboxWechatProvider(config.publicBaseUrl),
    get realtime() {
      return realtime.current;
    },
    llm: createLlm(config, llmLog, llmLimiter ? { limiter: llmLimiter } : {}),
    jobs: createJobRunner(config, handle.db, handle.engine, fastify.log),
    storage: new LedgeredStorage(handle.db, createStorage(config), config.uploadQuotaBytes),
    pictures: createPictureWorkers(config, fastify.log),
    payments: new PaymentProviders(config),
  };

  fastify.addHook('onClose', () => ctx.pictures.close());

  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const expectedBasic = Buffer.from(`Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`);
  fastify.decorateRequest('tenant', null as never);
  fastify.addHook('onRequest', async (req) => {
    req.tenant = await ctx.tenants.forHost(req.host);
    // Provider payment notifies carry the provider's signature, not our client's credentials (modules/order/notify.ts).
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/pay/notify/')) return;
    // Every call carries the client's Basic credentials (spec §6).
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    if (given.length !== expectedBasic.length || !timingSafeEqual(given, expectedBasic)) {
      throw new AppError(CODE.unauthorized, '客户端认证失败，请刷新页面后重试', 401);
    }
    const tenantHeader = req.headers['tenant-id'];
    // (the token endpoint answers this in its own failure shape)
    if (tenantHeader && tenantHeader !== req.tenant.id && !req.url.startsWith('/api/blade-auth/oauth/token')) {
      throw new AppError(CODE.badRequest, '租户标识（Tenant-Id）与访问域名不一致，请刷新页面后重试');
    }
  });

  fastify.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) return reply.code(err.httpStatus).send(fail(err.code, err.message, err.data));
    const e = err as { statusCode?: number; code?: string; message: string };
    if (e.statusCode === 413) return reply.code(200).send(fail(CODE.badRequest, '请求内容过大'));
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(200).send(fail(CODE.badRequest, '不支持的请求内容类型'));
    if (e.statusCode === 400) return reply.code(200).send(fail(CODE.badRequest, '请求内容格式不正确（不是有效的 JSON）'));
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL restarting or unreachable: say so at once, the client may retry; the pool reconnects by itself
      req.log.warn({ err: e.message }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(fail(CODE.serverError, '服务暂时不可用，请稍后重试'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(fail(CODE.serverError, '服务器开小差了，请稍后重试'));
  });

  registerNulGuard(fastify, '/api/blade-auth/oauth/token');

  // liveness and readiness in one: 200 while the instance takes work, 503 once it drains (SIGTERM) — balancers with active
  // checks stop sending to it; nginx's passive checks see the closed listener instead (deploy/nginx.conf)
  let draining = false;
  fastify.get('/healthz', async (_req, reply) =>
    draining ? reply.code(503).send({ status: 'draining', engine: handle.engine }) : { status: 'ok', engine: handle.engine },
  );

  // before the routes: its hook records the uploads every module reads
  registerIpRecord(fastify, ctx);
  registerAuthRoutes(fastify, ctx);
  registerQrRoutes(fastify, ctx);
  registerWxPages(fastify, ctx);
  registerUserRoutes(fastify, ctx);
  registerAvatarRoutes(fastify, ctx);
  registerCommerce(fastify, ctx);
  registerBids(fastify, ctx);
  registerLlmUsage(fastify, ctx);
  registerContent(fastify, ctx);
  registerEnterprise(fastify, ctx);
  registerPictures(fastify, ctx);
  registerDupcheck(fastify, ctx);
  registerDatabank(fastify, ctx);
  registerRepository(fastify, ctx);
  registerBidCheck(fastify, ctx);
  registerFileTools(fastify, ctx);
  registerWelfareRoutes(fastify, ctx);
  registerTeams(fastify, ctx);
  await registerAdmin(fastify, ctx);
  const web = await registerWebApp(fastify, ctx);
  registerTenantRoutes(fastify, ctx, web.buildId);
  // after every module registered its job kinds
  startJobsWithApp(fastify, ctx.jobs);
  startStorageSweep(fastify, ctx.storage, fastify.log.child({ module: 'storage' }));

  return {
    fastify,
    ctx,
    routes,
    setPublisher: (p) => {
      realtime.current = p;
    },
    startDraining: () => {
      draining = true;
    },
  };
}
