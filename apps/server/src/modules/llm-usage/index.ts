/**
 * LLM usage accounting (issue 28): the one seam every model call passes — the provider's usage listener, called once per
 * finished call with its tokens, model and accounting tag — writes a `llm_usage` row (tenant, user and bid from the
 * `bid:{id}` tag). The console's dashboard and usage pages read these rows. A failed write is logged, never the call's failure.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { insertLlmUsage } from './repo.js';

export function registerLlmUsage(fastify: FastifyInstance, app: AppContext): void {
  const off = app.llm.onUsage((e) => {
    const bid = /^bid:(\d+)$/.exec(e.tag ?? '');
    void insertLlmUsage(app.db, {
      tag: e.tag ?? '',
      bidId: bid ? bid[1]! : null,
      model: e.model,
      prompt: e.usage.prompt,
      completion: e.usage.completion,
      cached: e.usage.cached,
      estimated: !!e.usage.estimated,
    }).catch((err: unknown) => app.log.warn({ err }, 'llm usage not recorded'));
  });
  fastify.addHook('onClose', async () => off());
}
