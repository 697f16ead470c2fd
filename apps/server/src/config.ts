import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { normalizePrefix, type S3Settings } from './providers/storage/s3.js';

/**
 * Every environment variable the server reads, typed and documented (README lists the same table).
 * `loadConfig` parses them with one zod schema (ENV_SCHEMA) that collects every problem and fails once with the whole list.
 */
export interface Config {
  /** PORT — HTTP port (default 3000; 0 = any free port, used by tests) */
  port: number;
  /** HOST — interface to bind (default 0.0.0.0) */
  host: string;
  /** DATA_DIR — embedded database, files and generated secrets (default ./data) */
  dataDir: string;
  /** DATABASE_URL — PostgreSQL; unset = embedded PGlite in DATA_DIR */
  databaseUrl?: string;
  /** REDIS_URL — Redis for fan-out and cross-instance realtime; unset = in-process */
  redisUrl?: string;
  /** REDIS_PREFIX — key/channel prefix in Redis, so deployments (and test runs) can share one server (default btz:) */
  redisPrefix: string;
  /** PUBLIC_BASE_URL — absolute base for QR URLs (default http://localhost:PORT) */
  publicBaseUrl: string;
  /** true when PUBLIC_BASE_URL was not set: the server derives it from the port it really listens on */
  publicBaseUrlDefaulted: boolean;
  /** CLIENT_ID / CLIENT_SECRET — the web client's Basic credentials */
  clientId: string;
  clientSecret: string;
  /** TOKEN_SECRET — HMAC key of access tokens; unset = generated once into DATA_DIR/token-secret */
  tokenSecret: string;
  /** TOKEN_TTL_S — login lifetime (default 604800 = 7 days, the Admin-Token cookie of spec §9) */
  tokenTtlS: number;
  /**
   * AUTH_CACHE_MS — how long an instance remembers that a token's session is live (default 5000; 0 = every call reads
   * the session). Logout, refresh, logout-all and disabling a user forget it at once on every instance (Redis relay);
   * this bounds the staleness only while Redis is down (auth/session-cache.ts, docs/deploy.md).
   */
  authCacheMs: number;
  /**
   * DATABASE_POOL_MAX — PostgreSQL connections one instance holds at most (default 10). A call makes its queries one
   * after another, so more connections than the database has cores mostly queue inside PostgreSQL instead; keep
   * instances × this below the server's max_connections (100 by default) with room for migrations and psql.
   */
  databasePoolMax: number;
  /** WEB_BYPASS_SECRET — the `btz` query value that lifts the devtools guard and WeChat block (spec §2) */
  webBypassSecret?: string;
  /** CRYPTO_AES_KEY / CRYPTO_DES_KEY — optional payload encryption keys shared with the web app (16 / 8 chars) */
  cryptoAesKey: string;
  cryptoDesKey: string;
  /** SMS_PROVIDER — console (default: the code is written to the server log) | aliyun (Alibaba Cloud SMS) | tencent (Tencent Cloud SMS) */
  smsProvider: 'console' | 'aliyun' | 'tencent';
  /** SMS_ACCESS_KEY_ID / SMS_ACCESS_KEY_SECRET — Alibaba Cloud AccessKey ID / Secret, or Tencent Cloud SecretId / SecretKey */
  smsAccessKeyId?: string;
  smsAccessKeySecret?: string;
  /** SMS_SIGN_NAME — the approved signature (【…】 of the message) */
  smsSignName?: string;
  /** SMS_TEMPLATE_ID — the approved template: Alibaba TemplateCode (SMS_…) or Tencent TemplateId */
  smsTemplateId?: string;
  /** SMS_TEMPLATE_PARAMS — the template's variables, `name[:code|minutes]` comma-separated (default `code`) */
  smsTemplateParams: { name: string; value: 'code' | 'minutes' }[];
  /** SMS_APP_ID — Tencent SmsSdkAppId */
  smsAppId?: string;
  /** SMS_REGION — cn-hangzhou (Alibaba) / ap-guangzhou (Tencent) by default */
  smsRegion?: string;
  /** SMS_ENDPOINT — the vendor's API address (tests point it at a local fake) */
  smsEndpoint?: string;
  /** SMS_TIMEOUT_MS — a send the vendor has not answered in this time fails (default 5000) */
  smsTimeoutMs: number;
  /** SMS_CODE_TTL_S — validity of an SMS code (default 300) */
  smsCodeTtlS: number;
  /** SMS_RESEND_S — gap between two sends to one phone (default 60) */
  smsResendS: number;
  /** SMS_DAILY_CAP_PHONE / SMS_DAILY_CAP_IP — sends per day (defaults 10 / 50) */
  smsDailyCapPhone: number;
  smsDailyCapIp: number;
  /** SMS_CAPTCHA_AFTER — sends per IP in SMS_CAPTCHA_WINDOW_S after which an image captcha is required (defaults 3 / 3600) */
  smsCaptchaAfter: number;
  smsCaptchaWindowS: number;
  /** SMS_MAX_ATTEMPTS — wrong tries that burn a code (default 5) */
  smsMaxAttempts: number;
  /** WECHAT_PROVIDER — sandbox (default) | open (WeChat Open Platform website login) */
  wechatProvider: 'sandbox' | 'open';
  wechatAppId?: string;
  wechatAppSecret?: string;
  /** WECHAT_API_BASE — WeChat API host (tests point it at a local fake) */
  wechatApiBase: string;
  /** QR_LOGIN_TTL_S — lifetime of a login QR (default 300) */
  qrLoginTtlS: number;
  /** ORDER_TTL_S — unpaid orders close after this (default 600, spec §9) */
  orderTtlS: number;
  /** PAY_STATUS_POLL_MS — how often the purchase dialog polls an order (default 2000, spec §9) */
  payStatusPollMs: number;
  /** REALTIME_HEARTBEAT_MS — STOMP heart-beat both ways (default 10000, spec §9) */
  realtimeHeartbeatMs: number;
  /**
   * SHUTDOWN_TIMEOUT_S — longest graceful stop on SIGTERM (default 30): the listener closes at once, running jobs go back to
   * the queue, STOMP sessions are told to reconnect, and HTTP requests under way may finish for this long (a balancer's
   * idle keep-alive connections close by themselves within its keepalive_timeout); whatever is still open then is cut
   */
  shutdownTimeoutS: number;
  /** SHUTDOWN_RECONNECT_MS — STOMP clients of a stopping instance reconnect within this many ms (random each; default 2000) */
  shutdownReconnectMs: number;
  /** REALTIME_RECONNECT_BASE_MS — first reconnect delay of the web client, doubling (default 5000, spec §4) */
  realtimeReconnectBaseMs: number;
  /** VERSION_POLL_MS — how often the web app checks builds/latest.json (default 60000) */
  versionPollMs: number;
  /** PAY_PROVIDER — sandbox (default) | wechat | alipay | wechat,alipay */
  payProvider: string;
  /** PAY_SANDBOX_CONFIRM — the sandbox payment page may pay (default true when no real provider is configured, else false) */
  paySandboxConfirm: boolean;
  /** ALLOW_SANDBOX_PAY_IN_PRODUCTION — with NODE_ENV=production the server refuses to start while the sandbox page can pay,
   *  unless this is true and PAY_SANDBOX_CONFIRM=true is set explicitly (a demo deployment; default false) */
  allowSandboxPayInProduction: boolean;
  /** ORDER_SWEEP_MS — interval of the job that closes expired orders and reconciles with the provider (default 30000) */
  orderSweepMs: number;
  /** PAY_RECONCILE_WINDOW_S — unpaid orders this close to expiry are queried at the provider by the job (default 120) */
  payReconcileWindowS: number;
  /** PAY_QUERY_INTERVAL_MS — least gap between two provider queries of one order from pay-status polls (default 3000) */
  payQueryIntervalMs: number;
  /** VIP_MONTHLY_BID_CAP — bids a VIP may start per calendar month without spending copies (fair use, default 30) */
  vipMonthlyBidCap: number;
  /** WECHATPAY_* — WeChat Pay API v3 (Native): merchant id, app id, merchant certificate serial, merchant private key
   *  (PEM or file path), APIv3 key (32 bytes), platform public key (PEM or path) and its serial / public-key id, API host */
  wechatpayMchid?: string;
  wechatpayAppid?: string;
  wechatpaySerial?: string;
  wechatpayPrivateKey?: string;
  wechatpayApiV3Key?: string;
  wechatpayPlatformPublicKey?: string;
  wechatpayPlatformSerial?: string;
  wechatpayApiBase: string;
  /** ALIPAY_* — Alipay open platform: app id, app private key and Alipay public key (PEM, bare base64 or file path), gateway */
  alipayAppId?: string;
  alipayPrivateKey?: string;
  alipayPublicKey?: string;
  alipayGateway: string;
  /**
   * LLM_BASE_URL / LLM_API_KEY / LLM_MODEL / LLM_CONCURRENCY — OpenAI-compatible model; unset = offline writer.
   * LLM_CONCURRENCY bounds the calls at the vendor of this process, or of all instances together with REDIS_URL.
   */
  llmBaseUrl?: string;
  llmApiKey?: string;
  llmModel?: string;
  llmConcurrency: number;
  /** LLM_FIRST_TOKEN_TIMEOUT_MS / LLM_IDLE_TIMEOUT_MS — a model call that sends nothing for this long is retried (defaults 60000 / 30000) */
  llmFirstTokenTimeoutMs: number;
  llmIdleTimeoutMs: number;
  /** LLM_BACKOFF_BASE_MS — first wait before retrying a failed model call (429, 5xx, stall), doubling (default 1000) */
  llmBackoffBaseMs: number;
  /**
   * LLM_PRICES — the price table the console estimates model cost from: JSON `{"<model>": {"prompt": 2, "completion": 8,
   * "cached": 0.5}}`, yuan per million tokens (prompt = input not served from the cache, cached = cache hits). Take the
   * figures from the vendor's price page; a model without a price is shown as 未定价 (no cost is made up). Default none.
   */
  llmPrices: LlmPrices;
  /** ANALYTICS_SITE_ID — turns on the visitor-statistics provider (off by default) */
  analyticsSiteId?: string;
  /** JOB_CONCURRENCY — background jobs (tender parsing, writing…) run at once per kind in this process (default 4) */
  jobConcurrency: number;
  /** JOB_POLL_MS — how often workers look for due jobs queued by other instances or retries (default 1000) */
  jobPollMs: number;
  /** JOB_HEARTBEAT_MS — how often a running job proves its worker is alive (default 5000) */
  jobHeartbeatMs: number;
  /** JOB_STALE_MS — a running job whose heartbeat is older than this is re-queued (worker crashed; default 60000) */
  jobStaleMs: number;
  /** JOB_MAX_ATTEMPTS — tries of a job before it fails for good (default 3) */
  jobMaxAttempts: number;
  /** JOB_RETRY_BASE_MS — first retry delay of a failed job, doubling each try (default 5000) */
  jobRetryBaseMs: number;
  /** WRITE_MAX_ATTEMPTS — tries of writing one section (a model call that fails, stalls or is rate limited) (default 5) */
  writeMaxAttempts: number;
  /** WRITE_STREAM_DELAY_MS — pause between the offline writer's streamed pieces, so sections visibly fill in (default 0) */
  writeStreamDelayMs: number;
  /** WORKER_MEMORY_MB — heap cap of each worker process that reads a tender file (default 2048); a file that needs more
   *  fails for good with a Chinese message, the server keeps running */
  workerMemoryMb: number;
  /** EXPORT_MEMORY_MB — heap cap of each export worker process (default 6144: the export needs ~25 bytes of heap per
   *  character, and the section limits allow a bid of 1,000 × 200,000); two exports run at once at most */
  exportMemoryMb: number;
  /** PARSE_TIMEOUT_S — longest reading of one tender file, OCR included, before its worker is stopped (default 1800) */
  parseTimeoutS: number;
  /** EXPORT_TIMEOUT_S — longest export of one bid (Word, and the PDF conversion) before its worker is stopped (default 600) */
  exportTimeoutS: number;
  /** PICTURE_WORKERS — resident processes that decode pictures (uploads, images pasted into a section), one picture each
   *  at a time; pictures wait in turn (default 1) */
  pictureWorkers: number;
  /** PICTURE_MEMORY_MB — memory of each picture worker, native allocations included (prlimit --data; default 1024: a
   *  50-megapixel picture needs ~600 MB); a picture that needs more ends its worker, which is replaced */
  pictureMemoryMb: number;
  /** PICTURE_TIMEOUT_S — longest decoding of one picture before its worker is stopped and replaced (default 60) */
  pictureTimeoutS: number;
  /** EXTRACT_MAX_PIXELS — pixels of all pictures taken out of one DOCX/PDF (图片提取; default 250000000, five 50-megapixel
   *  pictures): the rest are left out with a notice, so one file cannot hold a worker for minutes */
  extractMaxPixels: number;
  /** UPLOAD_MAX_BYTES — largest tender file accepted (default 104857600 = 100 MB, PRODUCT.md §5 step 1) */
  uploadMaxBytes: number;
  /** STORAGE_DIR — where uploaded files are kept, content-addressed by SHA-256 (unset = DATA_DIR/files) */
  storageDir?: string;
  /** STORAGE_SHARED — true declares STORAGE_DIR a mount every instance sees (NFS…): only then may several instances run on
   *  one PostgreSQL; an instance whose files another could not read refuses to start (default false) */
  storageShared: boolean;
  /** STORAGE_DRIVER=s3 and the STORAGE_S3_* settings: files in an S3-compatible bucket (MinIO, OSS, COS…) instead of
   *  STORAGE_DIR; every instance naming the same endpoint, bucket and prefix shares them (providers/storage/s3.ts) */
  storageS3?: S3Settings;
  /** LOG_LEVEL — pino level (default info; tests use warn) */
  logLevel: string;
  /** UPLOAD_QUOTA_BYTES — bytes one user may keep stored, every upload path and tool output counted through the storage
   *  ledger (default 2147483648 = 2 GB) */
  uploadQuotaBytes: number;
  /** DATABANK_READ_CONCURRENCY — 资料库 readings (text and OCR of an upload) run at once in this process (default 1) */
  databankReadConcurrency: number;
  /** OCR_MAX_PIXELS — a picture larger than this is scaled down to it before OCR (default 4000000) */
  ocrMaxPixels: number;
  /** RATE_LIMIT_<FAMILY> — `N/S`: at most N calls per S seconds per IP and, separately, per user (http/rate-limit.ts) */
  rateLimits: Record<RateFamily, RateRule>;
  /**
   * TRUST_PROXY — addresses / CIDRs (or proxy-addr's `loopback`, `linklocal`, `uniquelocal`) of the balancers in front of
   * the server, comma-separated. Only a request whose peer is listed has its X-Forwarded-For / -Host / -Proto believed.
   * Unset = none (default): the client IP is the socket's, the host is the Host header. `true` is refused.
   */
  trustProxy: string[];
  /**
   * Tests only, never read from the environment (only code can pass it to loadConfig): called with each new captcha's
   * answer so tests can solve it without reading the image. loadConfig refuses it together with NODE_ENV=production.
   */
  testCaptchaHook?: (captcha: { id: string; answer: string }) => void;
  /** WEB_DIST — built web app directory (default apps/web/dist) */
  webDist: string;
  /** NODE_ENV=production turns on the web app's developer-tools guard */
  production: boolean;
}

type Env = Record<string, string | undefined>;

/** The rate-limited families of calls (http/rate-limit.ts has which route is in which). */
export const RATE_FAMILIES = ['token', 'sms', 'upload', 'export', 'parse', 'ai', 'write', 'form', 'coupon', 'picture', 'databank', 'save'] as const;
export type RateFamily = (typeof RATE_FAMILIES)[number];
export interface RateRule {
  max: number;
  windowS: number;
}
/** RATE_LIMIT_<FAMILY> defaults: generous for a person (and an office behind one NAT), far below a script's pace. */
export const RATE_LIMIT_DEFAULTS: Record<RateFamily, string> = {
  token: '20/60',
  sms: '20/60',
  upload: '20/60',
  export: '10/60',
  parse: '10/60',
  ai: '30/60',
  write: '10/60',
  form: '5/60',
  /** redeeming a coupon code: a person types a handful, a script guessing codes thousands */
  coupon: '10/60',
  /** picture-library uploads: a bid manager drops a folder of 100+ certificate scans at once, one call per picture */
  picture: '300/60',
  /** section saves (issue 22): the editor autosaves 1.5 s after typing stops, so a person makes a few a minute; each may
   *  carry pasted pictures to decode; an office behind one address shares the per-IP count */
  save: '120/60',
  /** data-bank uploads: each file's text is read (OCR for scans) before the fields are proposed */
  databank: '60/60',
};
const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`配置有误：\n  - ${problems.join('\n  - ')}`);
  }
}

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

/*
 * The schema. Each variable's problem is written without its name (the name is the issue's path, put in front of the
 * message when the list is made); the rules between variables are the object's check and name what they need. A
 * variable's problem does not stop the others: every problem of the environment is listed at once, the rules between
 * variables seeing a bad value as unset (so one wrong value gives one problem).
 */
type Problem = (message: string) => void;
/** A variable read by `read`: what it returns is the value, what it reports through `problem` is listed. */
const variable = <T>(read: (raw: string | undefined, problem: Problem) => T) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => read(raw === '' ? undefined : raw, (message) => ctx.issues.push({ code: 'custom', message, input: raw, continue: true })));
/** Unset or empty = `def`. */
const text = (def: string) => z.string().optional().transform((raw) => raw || def);
/** Unset or empty = undefined. */
const optional = z.string().optional().transform((raw) => raw || undefined);
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  variable((raw, problem) => {
    if (raw === undefined) return def;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    problem(`应为 ${min}–${max} 之间的整数，实际为 "${raw}"`);
    return def;
  });
const oneOf = <const T extends readonly [string, ...string[]]>(def: T[number], allowed: T) =>
  variable((raw, problem): T[number] => {
    if (raw === undefined) return def;
    if ((allowed as readonly string[]).includes(raw)) return raw;
    problem(`只能是 ${allowed.join(' | ')}，实际为 "${raw}"`);
    return def;
  });
/** A URL, or undefined (unset, or not a URL: then a problem). */
const url = variable((raw, problem) => {
  if (raw === undefined || URL.canParse(raw)) return raw;
  problem(`不是有效的 URL："${raw}"`);
  return undefined;
});
/** A payload encryption key: `length` characters, ASCII (the cipher takes its bytes, http/payload-crypto.ts). */
const cipherKey = (def: string, length: number) =>
  text(def).pipe(
    z
      .string()
      .length(length, { error: `必须是 ${length} 个字符` })
      // eslint-disable-next-line no-control-regex
      .regex(/^[\x00-\x7f]*$/, { error: '只能由 ASCII 字符组成（加密按字节使用密钥）' }),
  );
/** RATE_LIMIT_<FAMILY>: `N/S`, at most N calls per S seconds. */
const rateRule = (family: RateFamily) =>
  variable((raw, problem): RateRule => {
    const def = RATE_LIMIT_DEFAULTS[family];
    const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*s?\s*$/.exec(raw ?? def);
    if (m && Number(m[1]) >= 1 && Number(m[2]) >= 1) return { max: Number(m[1]), windowS: Number(m[2]) };
    problem(`应写成「次数/秒数」，例如 ${def}（每 60 秒至多 ${def.split('/')[0]} 次），实际为 "${raw}"`);
    const [max, windowS] = def.split('/').map(Number);
    return { max: max!, windowS: windowS! };
  });
/** TRUST_PROXY: a list of proxy addresses / CIDRs; `true` (trust anyone's X-Forwarded-*) is refused. */
const trustProxy = variable((raw, problem): string[] => {
  if (!raw || raw.trim() === '' || raw.trim() === 'false') return [];
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.some((s) => s === 'true' || s === '*')) {
    problem('不能为 true：请列出负载均衡 / 反向代理的地址或网段（逗号分隔），例如 10.0.0.0/8,127.0.0.1');
    return [];
  }
  for (const item of items) {
    if (PROXY_PRESETS.includes(item)) continue;
    const [addr, bits, extra] = item.split('/');
    const v = isIP(addr ?? '');
    const max = v === 4 ? 32 : 128;
    if (!v || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
      problem(`含无效的地址或网段 "${item}"（应为 IP、CIDR 或 loopback / linklocal / uniquelocal）`);
    }
  }
  return items;
});
const PAY_PROVIDERS = ['sandbox', 'wechat', 'alipay'];
const WECHATPAY_VARS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
] as const;
const ALIPAY_VARS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
const SMS_VARS = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_ID'] as const;
/** SMS_TEMPLATE_PARAMS: `name[:code|minutes]`, comma-separated — the template's variables and what each one carries. */
const smsTemplateParams = variable((raw, problem): Config['smsTemplateParams'] => {
  const items = (raw ?? 'code').split(',').map((s) => s.trim()).filter(Boolean);
  const out: Config['smsTemplateParams'] = [];
  for (const item of items) {
    const m = /^([A-Za-z_][\w]{0,31})(?::(code|minutes))?$/.exec(item);
    if (!m) {
      problem(`应写成「变量名[:code|minutes]」并以逗号分隔，例如 code 或 code,time:minutes，实际为 "${raw}"`);
      return [{ name: 'code', value: 'code' }];
    }
    out.push({ name: m[1]!, value: (m[2] as 'code' | 'minutes' | undefined) ?? 'code' });
  }
  if (!out.some((p) => p.value === 'code')) problem('SMS_TEMPLATE_PARAMS 中必须有一个变量携带验证码（code）');
  return out.length ? out : [{ name: 'code', value: 'code' }];
});
const raw = z.string().optional();
const S3_VARS = ['STORAGE_S3_ENDPOINT', 'STORAGE_S3_BUCKET', 'STORAGE_S3_ACCESS_KEY_ID', 'STORAGE_S3_SECRET_ACCESS_KEY'] as const;
export interface LlmPrice {
  prompt: number;
  completion: number;
  cached: number;
}
export type LlmPrices = Record<string, LlmPrice>;
const yuanPerMillion = z.number().min(0).max(10_000);
const llmPriceTable = z.record(
  z.string().min(1).max(100),
  z.strictObject({ prompt: yuanPerMillion, completion: yuanPerMillion, cached: yuanPerMillion.optional() }),
);
/** LLM_PRICES: the JSON price table (yuan per million tokens per model); a bad table is a problem, not a guess. */
const llmPrices = variable((raw, problem): LlmPrices => {
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problem('应为 JSON，例如 {"deepseek-chat":{"prompt":2,"completion":8,"cached":0.5}}（元/百万 token）');
    return {};
  }
  const r = llmPriceTable.safeParse(parsed);
  if (!r.success) {
    problem('格式不对：应为 {"模型名":{"prompt":元/百万token,"completion":元/百万token,"cached":元/百万token（可省略）}}');
    return {};
  }
  return Object.fromEntries(Object.entries(r.data).map(([m, p]) => [m, { prompt: p.prompt, completion: p.completion, cached: p.cached ?? p.prompt }]));
});

/** The environment as the server reads it: one entry per variable (the Config fields document each). */
export const ENV_SCHEMA = z
  .object({
    PORT: int(3000, 0, 65535),
    HOST: text('0.0.0.0'),
    DATA_DIR: text('./data'),
    DATABASE_URL: url,
    REDIS_URL: url,
    REDIS_PREFIX: text('btz:'),
    PUBLIC_BASE_URL: url,
    CLIENT_ID: text('btz'),
    CLIENT_SECRET: text('btz_secret'),
    TOKEN_SECRET: text(''),
    TOKEN_TTL_S: int(604800, 1),
    AUTH_CACHE_MS: int(5000, 0, 60000),
    DATABASE_POOL_MAX: int(10, 1, 1000),
    WEB_BYPASS_SECRET: optional,
    CRYPTO_AES_KEY: cipherKey('btzAesKey2026abc', 16),
    CRYPTO_DES_KEY: cipherKey('btzDes26', 8),
    SMS_PROVIDER: oneOf('console', ['console', 'aliyun', 'tencent']),
    SMS_ACCESS_KEY_ID: optional,
    SMS_ACCESS_KEY_SECRET: optional,
    SMS_SIGN_NAME: optional,
    SMS_TEMPLATE_ID: optional,
    SMS_TEMPLATE_PARAMS: smsTemplateParams,
    SMS_APP_ID: optional,
    SMS_REGION: optional,
    SMS_ENDPOINT: url,
    SMS_TIMEOUT_MS: int(5000, 100, 120_000),
    SMS_CODE_TTL_S: int(300, 1),
    SMS_RESEND_S: int(60, 0),
    SMS_DAILY_CAP_PHONE: int(10, 1),
    SMS_DAILY_CAP_IP: int(50, 1),
    SMS_CAPTCHA_AFTER: int(3, 0),
    SMS_CAPTCHA_WINDOW_S: int(3600, 1),
    SMS_MAX_ATTEMPTS: int(5, 1),
    WECHAT_PROVIDER: oneOf('sandbox', ['sandbox', 'open']),
    WECHAT_APP_ID: raw,
    WECHAT_APP_SECRET: raw,
    WECHAT_API_BASE: url,
    QR_LOGIN_TTL_S: int(300, 1),
    ORDER_TTL_S: int(600, 1),
    PAY_STATUS_POLL_MS: int(2000, 100),
    REALTIME_HEARTBEAT_MS: int(10000, 100),
    SHUTDOWN_TIMEOUT_S: int(30, 1, 3600),
    SHUTDOWN_RECONNECT_MS: int(2000, 0, 60_000),
    REALTIME_RECONNECT_BASE_MS: int(5000, 10),
    VERSION_POLL_MS: int(60000, 1000),
    PAY_PROVIDER: variable((raw, problem) => {
      const value = raw || 'sandbox';
      for (const p of value.split(',')) if (!PAY_PROVIDERS.includes(p.trim())) problem(`含未知的支付方式 "${p}"`);
      return value;
    }),
    PAY_SANDBOX_CONFIRM: raw,
    ALLOW_SANDBOX_PAY_IN_PRODUCTION: raw,
    ORDER_SWEEP_MS: int(30000, 50),
    PAY_RECONCILE_WINDOW_S: int(120, 0),
    PAY_QUERY_INTERVAL_MS: int(3000, 0),
    VIP_MONTHLY_BID_CAP: int(30, 0),
    WECHATPAY_MCHID: raw,
    WECHATPAY_APPID: raw,
    WECHATPAY_SERIAL: raw,
    WECHATPAY_PRIVATE_KEY: raw,
    WECHATPAY_APIV3_KEY: raw,
    WECHATPAY_PLATFORM_PUBLIC_KEY: raw,
    WECHATPAY_PLATFORM_SERIAL: raw,
    WECHATPAY_API_BASE: url,
    ALIPAY_APP_ID: raw,
    ALIPAY_PRIVATE_KEY: raw,
    ALIPAY_PUBLIC_KEY: raw,
    ALIPAY_GATEWAY: url,
    LLM_BASE_URL: url,
    LLM_API_KEY: raw,
    LLM_MODEL: raw,
    LLM_PRICES: llmPrices,
    LLM_CONCURRENCY: int(4, 1, 256),
    LLM_FIRST_TOKEN_TIMEOUT_MS: int(60_000, 10),
    LLM_IDLE_TIMEOUT_MS: int(30_000, 10),
    LLM_BACKOFF_BASE_MS: int(1000, 0),
    ANALYTICS_SITE_ID: optional,
    JOB_CONCURRENCY: int(4, 1, 256),
    JOB_POLL_MS: int(1000, 10),
    JOB_HEARTBEAT_MS: int(5000, 10),
    JOB_STALE_MS: int(60000, 50),
    JOB_MAX_ATTEMPTS: int(3, 1, 100),
    JOB_RETRY_BASE_MS: int(5000, 0),
    WRITE_MAX_ATTEMPTS: int(5, 1, 100),
    WRITE_STREAM_DELAY_MS: int(0, 0, 10_000),
    WORKER_MEMORY_MB: int(2048, 64, 65_536),
    EXPORT_MEMORY_MB: int(6144, 64, 65_536),
    PARSE_TIMEOUT_S: int(1800, 1),
    EXPORT_TIMEOUT_S: int(600, 1),
    PICTURE_WORKERS: int(1, 1, 64),
    PICTURE_MEMORY_MB: int(1024, 256, 65_536),
    PICTURE_TIMEOUT_S: int(60, 1),
    EXTRACT_MAX_PIXELS: int(250_000_000, 1),
    UPLOAD_MAX_BYTES: int(100 * 1024 * 1024, 1),
    STORAGE_DIR: optional,
    STORAGE_SHARED: oneOf('false', ['true', 'false']),
    STORAGE_DRIVER: oneOf('local', ['local', 's3']),
    STORAGE_S3_ENDPOINT: url,
    STORAGE_S3_BUCKET: optional,
    STORAGE_S3_REGION: text('us-east-1'),
    STORAGE_S3_ACCESS_KEY_ID: optional,
    STORAGE_S3_SECRET_ACCESS_KEY: optional,
    STORAGE_S3_FORCE_PATH_STYLE: oneOf('false', ['true', 'false']),
    STORAGE_S3_PREFIX: optional,
    LOG_LEVEL: text('info'),
    UPLOAD_QUOTA_BYTES: int(2 * 1024 * 1024 * 1024, 1),
    DATABANK_READ_CONCURRENCY: int(1, 1, 64),
    OCR_MAX_PIXELS: int(4_000_000, 10_000, 40_000_000),
    ...(Object.fromEntries(RATE_FAMILIES.map((f) => [`RATE_LIMIT_${f.toUpperCase()}`, rateRule(f)])) as Record<`RATE_LIMIT_${Uppercase<RateFamily>}`, ReturnType<typeof rateRule>>),
    TRUST_PROXY: trustProxy,
    WEB_DIST: optional,
    NODE_ENV: raw,
  })
  .check(({ value: env, issues }) => {
    const problem = (message: string) => issues.push({ code: 'custom', message, input: env, continue: true });
    if (env.WECHAT_PROVIDER === 'open' && (!env.WECHAT_APP_ID || !env.WECHAT_APP_SECRET)) {
      problem('WECHAT_PROVIDER=open 需要同时设置 WECHAT_APP_ID 和 WECHAT_APP_SECRET');
    }
    const payProviders = payProvidersOf(env.PAY_PROVIDER);
    const needAll = (provider: string, names: readonly (keyof typeof env)[]) => {
      const missing = names.filter((n) => !env[n]);
      if (missing.length) problem(`PAY_PROVIDER=${provider} 需要设置 ${missing.join('、')}`);
    };
    if (payProviders.includes('wechat')) {
      needAll('wechat', WECHATPAY_VARS);
      if (env.WECHATPAY_APIV3_KEY && Buffer.byteLength(env.WECHATPAY_APIV3_KEY) !== 32) problem('WECHATPAY_APIV3_KEY 必须是 32 字节');
    }
    if (payProviders.includes('alipay')) needAll('alipay', ALIPAY_VARS);
    if (env.SMS_PROVIDER !== 'console') {
      const missing = [...SMS_VARS, ...(env.SMS_PROVIDER === 'tencent' ? (['SMS_APP_ID'] as const) : [])].filter((n) => !env[n]);
      if (missing.length) problem(`SMS_PROVIDER=${env.SMS_PROVIDER} 需要设置 ${missing.join('、')}`);
    }
    // A production server whose sandbox page confirms payments gives everything away: only an explicit double opt-in starts.
    if (env.NODE_ENV === 'production' && paySandboxConfirmOf(env) && !(env.ALLOW_SANDBOX_PAY_IN_PRODUCTION === 'true' && env.PAY_SANDBOX_CONFIRM === 'true')) {
      problem(
        `NODE_ENV=production 时沙箱支付页可直接确认付款（PAY_SANDBOX_CONFIRM${env.PAY_SANDBOX_CONFIRM ? `=${env.PAY_SANDBOX_CONFIRM}` : ' 未设置，未配置真实支付时默认开启'}），` +
          '任何人都能免费购买。请配置真实支付（PAY_PROVIDER=wechat 或 alipay 及其密钥）并设置 PAY_SANDBOX_CONFIRM=false；' +
          '若确为演示环境，请同时设置 PAY_SANDBOX_CONFIRM=true 与 ALLOW_SANDBOX_PAY_IN_PRODUCTION=true。' +
          ' / Production refuses to start with the sandbox payment confirm on: configure a real PAY_PROVIDER and PAY_SANDBOX_CONFIRM=false, ' +
          'or set both PAY_SANDBOX_CONFIRM=true and ALLOW_SANDBOX_PAY_IN_PRODUCTION=true for a demo.',
      );
    }
    if (env.STORAGE_DRIVER === 's3') {
      const missing = S3_VARS.filter((n) => !env[n]);
      if (missing.length) problem(`STORAGE_DRIVER=s3 需要设置 ${missing.join('、')}`);
      if (env.STORAGE_S3_PREFIX && !/^[A-Za-z0-9!_.*'()/-]{1,200}$/.test(env.STORAGE_S3_PREFIX)) problem('STORAGE_S3_PREFIX 只能含字母、数字和 !_.*\'()/-');
    }
    if (env.LLM_BASE_URL && !env.LLM_MODEL) problem('设置了 LLM_BASE_URL 时必须同时设置 LLM_MODEL（例如 deepseek-chat、qwen-plus）');
  })
  .transform(
    (env): Omit<Config, 'testCaptchaHook'> => ({
      port: env.PORT,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX,
      publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, ''),
      publicBaseUrlDefaulted: !env.PUBLIC_BASE_URL,
      clientId: env.CLIENT_ID,
      clientSecret: env.CLIENT_SECRET,
      tokenSecret: env.TOKEN_SECRET,
      tokenTtlS: env.TOKEN_TTL_S,
      authCacheMs: env.AUTH_CACHE_MS,
      databasePoolMax: env.DATABASE_POOL_MAX,
      webBypassSecret: env.WEB_BYPASS_SECRET,
      cryptoAesKey: env.CRYPTO_AES_KEY,
      cryptoDesKey: env.CRYPTO_DES_KEY,
      smsProvider: env.SMS_PROVIDER,
      smsAccessKeyId: env.SMS_ACCESS_KEY_ID,
      smsAccessKeySecret: env.SMS_ACCESS_KEY_SECRET,
      smsSignName: env.SMS_SIGN_NAME,
      smsTemplateId: env.SMS_TEMPLATE_ID,
      smsTemplateParams: env.SMS_TEMPLATE_PARAMS,
      smsAppId: env.SMS_APP_ID,
      smsRegion: env.SMS_REGION,
      smsEndpoint: env.SMS_ENDPOINT,
      smsTimeoutMs: env.SMS_TIMEOUT_MS,
      smsCodeTtlS: env.SMS_CODE_TTL_S,
      smsResendS: env.SMS_RESEND_S,
      smsDailyCapPhone: env.SMS_DAILY_CAP_PHONE,
      smsDailyCapIp: env.SMS_DAILY_CAP_IP,
      smsCaptchaAfter: env.SMS_CAPTCHA_AFTER,
      smsCaptchaWindowS: env.SMS_CAPTCHA_WINDOW_S,
      smsMaxAttempts: env.SMS_MAX_ATTEMPTS,
      wechatProvider: env.WECHAT_PROVIDER,
      wechatAppId: env.WECHAT_APP_ID,
      wechatAppSecret: env.WECHAT_APP_SECRET,
      wechatApiBase: env.WECHAT_API_BASE ?? 'https://api.weixin.qq.com',
      qrLoginTtlS: env.QR_LOGIN_TTL_S,
      orderTtlS: env.ORDER_TTL_S,
      payStatusPollMs: env.PAY_STATUS_POLL_MS,
      realtimeHeartbeatMs: env.REALTIME_HEARTBEAT_MS,
      shutdownTimeoutS: env.SHUTDOWN_TIMEOUT_S,
      shutdownReconnectMs: env.SHUTDOWN_RECONNECT_MS,
      realtimeReconnectBaseMs: env.REALTIME_RECONNECT_BASE_MS,
      versionPollMs: env.VERSION_POLL_MS,
      payProvider: env.PAY_PROVIDER,
      paySandboxConfirm: paySandboxConfirmOf(env),
      allowSandboxPayInProduction: env.ALLOW_SANDBOX_PAY_IN_PRODUCTION === 'true',
      orderSweepMs: env.ORDER_SWEEP_MS,
      payReconcileWindowS: env.PAY_RECONCILE_WINDOW_S,
      payQueryIntervalMs: env.PAY_QUERY_INTERVAL_MS,
      vipMonthlyBidCap: env.VIP_MONTHLY_BID_CAP,
      wechatpayMchid: env.WECHATPAY_MCHID,
      wechatpayAppid: env.WECHATPAY_APPID,
      wechatpaySerial: env.WECHATPAY_SERIAL,
      wechatpayPrivateKey: env.WECHATPAY_PRIVATE_KEY,
      wechatpayApiV3Key: env.WECHATPAY_APIV3_KEY,
      wechatpayPlatformPublicKey: env.WECHATPAY_PLATFORM_PUBLIC_KEY,
      wechatpayPlatformSerial: env.WECHATPAY_PLATFORM_SERIAL,
      wechatpayApiBase: env.WECHATPAY_API_BASE ?? 'https://api.mch.weixin.qq.com',
      alipayAppId: env.ALIPAY_APP_ID,
      alipayPrivateKey: env.ALIPAY_PRIVATE_KEY,
      alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
      alipayGateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
      llmBaseUrl: env.LLM_BASE_URL,
      llmApiKey: env.LLM_API_KEY,
      llmModel: env.LLM_MODEL,
      llmConcurrency: env.LLM_CONCURRENCY,
      llmFirstTokenTimeoutMs: env.LLM_FIRST_TOKEN_TIMEOUT_MS,
      llmIdleTimeoutMs: env.LLM_IDLE_TIMEOUT_MS,
      llmBackoffBaseMs: env.LLM_BACKOFF_BASE_MS,
      llmPrices: env.LLM_PRICES,
      analyticsSiteId: env.ANALYTICS_SITE_ID,
      jobConcurrency: env.JOB_CONCURRENCY,
      jobPollMs: env.JOB_POLL_MS,
      jobHeartbeatMs: env.JOB_HEARTBEAT_MS,
      jobStaleMs: env.JOB_STALE_MS,
      jobMaxAttempts: env.JOB_MAX_ATTEMPTS,
      jobRetryBaseMs: env.JOB_RETRY_BASE_MS,
      writeMaxAttempts: env.WRITE_MAX_ATTEMPTS,
      writeStreamDelayMs: env.WRITE_STREAM_DELAY_MS,
      workerMemoryMb: env.WORKER_MEMORY_MB,
      exportMemoryMb: env.EXPORT_MEMORY_MB,
      parseTimeoutS: env.PARSE_TIMEOUT_S,
      exportTimeoutS: env.EXPORT_TIMEOUT_S,
      pictureWorkers: env.PICTURE_WORKERS,
      pictureMemoryMb: env.PICTURE_MEMORY_MB,
      pictureTimeoutS: env.PICTURE_TIMEOUT_S,
      extractMaxPixels: env.EXTRACT_MAX_PIXELS,
      uploadMaxBytes: env.UPLOAD_MAX_BYTES,
      storageDir: env.STORAGE_DIR ? path.resolve(env.STORAGE_DIR) : undefined,
      storageShared: env.STORAGE_SHARED === 'true',
      storageS3:
        env.STORAGE_DRIVER === 's3'
          ? {
              endpoint: env.STORAGE_S3_ENDPOINT!,
              bucket: env.STORAGE_S3_BUCKET!,
              region: env.STORAGE_S3_REGION,
              accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID!,
              secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY!,
              forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE === 'true',
              prefix: normalizePrefix(env.STORAGE_S3_PREFIX ?? ''),
            }
          : undefined,
      logLevel: env.LOG_LEVEL,
      uploadQuotaBytes: env.UPLOAD_QUOTA_BYTES,
      databankReadConcurrency: env.DATABANK_READ_CONCURRENCY,
      ocrMaxPixels: env.OCR_MAX_PIXELS,
      rateLimits: Object.fromEntries(RATE_FAMILIES.map((f) => [f, env[`RATE_LIMIT_${f.toUpperCase() as Uppercase<RateFamily>}`]])) as Record<RateFamily, RateRule>,
      trustProxy: env.TRUST_PROXY,
      webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
      production: env.NODE_ENV === 'production',
    }),
  );

function payProvidersOf(payProvider: string): string[] {
  return payProvider.split(',').map((p) => p.trim());
}
/** PAY_SANDBOX_CONFIRM when set (anything but `false` is on); else on unless a real provider is configured. */
function paySandboxConfirmOf(env: { PAY_PROVIDER: string; PAY_SANDBOX_CONFIRM?: string }): boolean {
  const realPay = payProvidersOf(env.PAY_PROVIDER).some((p) => p === 'wechat' || p === 'alipay');
  return env.PAY_SANDBOX_CONFIRM ? env.PAY_SANDBOX_CONFIRM !== 'false' : !realPay;
}

/** The problem as the list shows it: a variable's own problem after its name, a rule between variables as it is. */
function problemText(issue: z.core.$ZodIssue): string {
  return issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ENV_SCHEMA.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map(problemText);
  const production = overrides.production ?? env.NODE_ENV === 'production';
  if (overrides.testCaptchaHook && production) problems.push('testCaptchaHook 仅供测试使用，不能与 NODE_ENV=production 同时开启');
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  return { ...parsed.data, ...overrides };
}

/** TOKEN_SECRET when set; otherwise a random key generated once into DATA_DIR/token-secret. */
export function ensureTokenSecret(config: Config): string {
  if (config.tokenSecret) return config.tokenSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'token-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}
