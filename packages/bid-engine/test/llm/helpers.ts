import { OpenAiCompatibleLlm, type OpenAiCompatibleOptions } from '../../src/llm/index.js';
import type { FakeOpenAi } from '../fakes/openai-server.js';

/** A client tuned for tests: fast backoff and short timeouts. */
export function testClient(fake: FakeOpenAi, o: Partial<OpenAiCompatibleOptions> = {}): OpenAiCompatibleLlm {
  return new OpenAiCompatibleLlm({
    baseUrl: fake.url,
    apiKey: 'sk-test',
    model: 'fake-model',
    backoffBaseMs: 10,
    backoffMaxMs: 100,
    firstTokenTimeoutMs: 2000,
    idleTimeoutMs: 300,
    ...o,
  });
}

export const LONG_TEXT =
  '本项目为某市政务云平台扩容工程，采购内容包括服务器、存储与网络设备的供货、安装、调试及三年运维服务。' +
  '我方 2024 年承建同类项目 12 个，累计交付 3,600 台服务器 🚀，平均验收周期 45 天。' +
  '针对评分标准中的“技术方案”一项，我方将从总体架构、实施计划、质量保障、安全保障和售后服务五个方面逐条响应。';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
