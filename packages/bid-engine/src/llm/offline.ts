/**
 * The provider used when no LLM_BASE_URL is set. It is honest: it is not a model and does not pretend to be one. It
 * answers every call with a deterministic, clearly labelled template (the real offline writer — rule-based card,
 * outline and section text — lives in the bid modules, which check `llm.offline` first). It streams like a model
 * (small deltas, optional pacing) so code paths and the UI behave the same.
 */
import { estimatePromptTokens, estimateTokens } from './text.js';
import type { ChatRequest, ChatResult, LlmProvider, Usage, UsageListener } from './types.js';

export interface OfflineOptions {
  /** characters per delta (default 8) */
  chunkChars?: number;
  /** pause between deltas (default 0: no pacing) */
  delayMs?: number;
}

export const OFFLINE_NOTICE = '【离线模式】未配置大模型（LLM_BASE_URL），以下不是模型生成的内容。';

export class OfflineLlm implements LlmProvider {
  readonly name = 'offline';
  readonly offline = true;
  readonly model = 'offline';
  private readonly listeners = new Set<UsageListener>();
  private active = 0;

  constructor(private readonly opts: OfflineOptions = {}) {}

  onUsage(listener: UsageListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stats() {
    return { active: this.active, queued: 0, limit: Infinity };
  }

  /** The template answer for a request (exported for the bid modules' tests). */
  static answer(req: Pick<ChatRequest, 'messages' | 'json'>): string {
    const lastUser = [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const task = lastUser.replace(/\s+/g, ' ').trim().slice(0, 60);
    if (req.json) return JSON.stringify({ offline: true, message: '离线模式：未配置大模型，无法生成该内容' });
    return `${OFFLINE_NOTICE}\n任务：${task || '（无）'}\n请使用离线写作规则生成的内容，或配置大模型后重新生成。`;
  }

  async chat(req: ChatRequest): Promise<ChatResult> {
    const started = Date.now();
    let text = OfflineLlm.answer(req);
    let finishReason: ChatResult['finishReason'] = 'stop';
    if (req.maxTokens !== undefined && estimateTokens(text) > req.maxTokens) {
      const chars = [...text];
      while (chars.length && estimateTokens(chars.join('')) > req.maxTokens) chars.pop();
      text = chars.join('');
      finishReason = 'length';
    }
    const chars = [...text];
    const step = Math.max(1, this.opts.chunkChars ?? 8);
    let sent = '';
    this.active++;
    try {
      for (let i = 0; i < chars.length; i += step) {
        if (req.signal?.aborted) {
          finishReason = 'cancelled';
          break;
        }
        const piece = chars.slice(i, i + step).join('');
        sent += piece;
        req.onDelta?.(piece);
        if (this.opts.delayMs) await new Promise((r) => setTimeout(r, this.opts.delayMs));
      }
    } finally {
      this.active--;
    }
    const usage: Usage = { prompt: estimatePromptTokens(req.messages), completion: estimateTokens(sent), cached: 0, estimated: true };
    for (const l of this.listeners) {
      try {
        l({ tag: req.tag, usage, model: this.model, finishReason, attempts: 1, durationMs: Date.now() - started });
      } catch {
        // accounting must not break a call
      }
    }
    return { text: sent, finishReason, usage, model: this.model, attempts: 1 };
  }
}
