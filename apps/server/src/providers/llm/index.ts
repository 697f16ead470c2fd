/**
 * The LLM provider of this server. `createLlm(config, log)` returns the OpenAI-compatible client when LLM_BASE_URL is
 * set (LLM_MODEL is then required), else the offline provider. One instance per process: its limiter is the global
 * LLM_CONCURRENCY bound — of this process, or with REDIS_URL of all the instances together (`sharedLlmLimiter`,
 * shared-limiter.ts). The clients themselves live in the bid engine (`@btz/bid-engine/llm`).
 */
import { chatCompletionsUrl, OfflineLlm, OpenAiCompatibleLlm, SILENT_LOGGER, type LlmLogger, type LlmProvider, type OpenAiCompatibleOptions } from '@btz/bid-engine/llm';
import type { Config } from '../../config.js';
import { SharedLimiter } from './shared-limiter.js';

export * from '@btz/bid-engine/llm';

export type LlmConfig = Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'llmModel' | 'llmConcurrency'> &
  Partial<Pick<Config, 'llmFirstTokenTimeoutMs' | 'llmIdleTimeoutMs' | 'llmBackoffBaseMs'>>;

export function createLlm(config: LlmConfig, log: LlmLogger = SILENT_LOGGER, overrides: Partial<OpenAiCompatibleOptions> = {}): LlmProvider {
  if (!config.llmBaseUrl) {
    log.info({ llm: { provider: 'offline' } }, '未配置 LLM_BASE_URL：使用离线写作模式');
    return new OfflineLlm();
  }
  if (!config.llmModel) throw new Error('设置了 LLM_BASE_URL 时必须同时设置 LLM_MODEL（例如 deepseek-chat、qwen-plus）');
  const llm = new OpenAiCompatibleLlm({
    baseUrl: config.llmBaseUrl,
    apiKey: config.llmApiKey,
    model: config.llmModel,
    concurrency: config.llmConcurrency,
    ...(config.llmFirstTokenTimeoutMs ? { firstTokenTimeoutMs: config.llmFirstTokenTimeoutMs } : {}),
    ...(config.llmIdleTimeoutMs ? { idleTimeoutMs: config.llmIdleTimeoutMs } : {}),
    ...(config.llmBackoffBaseMs !== undefined ? { backoffBaseMs: config.llmBackoffBaseMs } : {}),
    log,
    ...overrides,
  });
  log.info({ llm: { provider: llm.name, url: llm.url, model: llm.model, concurrency: config.llmConcurrency } }, '大模型已配置');
  return llm;
}

/**
 * With REDIS_URL and a model configured: the limiter every instance shares (LLM_CONCURRENCY calls at the vendor in all,
 * a 429's wait held by all). Hand it to createLlm as `limiter` and close it with the app.
 */
export function sharedLlmLimiter(config: LlmConfig & Pick<Config, 'redisUrl' | 'redisPrefix'>, log: LlmLogger = SILENT_LOGGER): SharedLimiter | undefined {
  if (!config.redisUrl || !config.llmBaseUrl || !config.llmModel) return undefined;
  return new SharedLimiter(
    { redisUrl: config.redisUrl, prefix: config.redisPrefix, vendorUrl: chatCompletionsUrl(config.llmBaseUrl), limit: config.llmConcurrency },
    log,
  );
}
