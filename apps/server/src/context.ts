import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { TenantResolver } from './http/tenant.js';
import type { TokenService } from './auth/tokens.js';
import type { JobRunner } from './jobs/runner.js';
import type { LlmProvider } from './providers/llm/index.js';
import type { PaymentProviders } from './providers/payment/index.js';
import type { LedgeredStorage } from './providers/storage/ledger.js';
import type { SmsProvider } from './providers/sms/index.js';
import type { WechatProvider } from './providers/wechat/index.js';
import type { PictureWorkers } from './workers/index.js';

/** Realtime publishing as the other modules see it (realtime/ implements it; a no-op until attached). */
export interface Publisher {
  publish(userId: string, kind: string, data: unknown): Promise<void>;
  broadcast(topic: string, kind: string, data: unknown): Promise<void>;
  closeUser(userId: string): Promise<void>;
  closeAuthSession(sessionId: string): Promise<void>;
  /** Login sessions ended: the other instances forget them from their token cache (auth/session-cache.ts). */
  authEnded(ended: { sessionId?: string; userId?: string }): Promise<void>;
}

/** Everything a route or command may use; built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Database;
  engine: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
  tenants: TenantResolver;
  /** per-IP / per-user call counts of the rate-limited families (http/rate-limit.ts) */
  rateLimits: RateLimiter;
  tokens: TokenService;
  sms: SmsProvider;
  wechat: WechatProvider;
  realtime: Publisher;
  /** one per process: its semaphore is the global LLM_CONCURRENCY bound */
  llm: LlmProvider;
  /** background job workers of this process (jobs/) */
  jobs: JobRunner;
  /** stored files, written only through the storage ledger (providers/storage/ledger.ts: quota, release, sweep) */
  storage: LedgeredStorage;
  /** the resident processes that decode pictures (workers/resident.ts): nothing decodes one on the server's thread */
  pictures: PictureWorkers;
  /** the payment providers this configuration enables (providers/payment); built at start, so a misconfigured one fails it */
  payments: PaymentProviders;
}
