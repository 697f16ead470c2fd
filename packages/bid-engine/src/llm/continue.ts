/**
 * `finish_reason: length` continuation. When an answer is cut by max_tokens, the partial answer is appended as an
 * assistant message and the model is asked to go on (the stable prefix stays identical, so prompt caches keep hitting),
 * up to `maxRounds` calls. A continuation that repeats the end of the text before it is de-duplicated. If the rounds run
 * out, the text is cut back to its last complete sentence, so the result never ends mid-sentence.
 *
 * Streaming: deltas pass through to `onDelta`; the first characters of each continuation round are held back briefly
 * (`HOLD` chars) to strip a repeated overlap before they are shown. The returned `text` is authoritative: when rounds run
 * out it can be shorter than what streamed (the unfinished last sentence is dropped).
 */
import { overlapLength, trimToSentenceEnd } from './text.js';
import { addUsage, ZERO_USAGE, type ChatMessage, type ChatRequest, type ChatResult, type LlmProvider, type Usage } from './types.js';

export const DEFAULT_CONTINUE_PROMPT =
  '你的回答因长度限制被截断了。请紧接着上文的最后一个字继续写：不要重复已经写过的内容，不要加开场白或任何说明，直接输出后续正文，并完整收尾。';

const HOLD = 64;

export interface UntilDoneOptions {
  /** calls at most, the first included (default 4) */
  maxRounds?: number;
  continuePrompt?: string;
}

export interface UntilDoneResult extends ChatResult {
  rounds: number;
  /** rounds ran out while the model still hit the limit; `text` was cut back to its last sentence end */
  truncated: boolean;
}

export async function chatUntilDone(llm: LlmProvider, req: ChatRequest, opts: UntilDoneOptions = {}): Promise<UntilDoneResult> {
  const maxRounds = Math.max(1, opts.maxRounds ?? 4);
  const continuePrompt = opts.continuePrompt ?? DEFAULT_CONTINUE_PROMPT;
  let text = '';
  let usage: Usage = { ...ZERO_USAGE };
  let attempts = 0;
  let model = llm.model;

  for (let round = 1; round <= maxRounds; round++) {
    const messages: ChatMessage[] =
      round === 1 ? req.messages : [...req.messages, { role: 'assistant', content: text }, { role: 'user', content: continuePrompt }];
    const committed = text;
    let holding = round > 1;
    let held = '';
    const release = () => {
      const cut = overlapLength(committed, held.slice(0, HOLD));
      const out = held.slice(cut);
      holding = false;
      held = '';
      if (out) req.onDelta?.(out);
    };
    const onDelta = req.onDelta
      ? (d: string) => {
          if (!holding) return req.onDelta!(d);
          held += d;
          if (held.length >= HOLD) release();
        }
      : undefined;
    const onRestart = req.onRestart
      ? (info: Parameters<NonNullable<ChatRequest['onRestart']>>[0]) => {
          holding = round > 1;
          held = '';
          req.onRestart!({ ...info, validLength: committed.length });
        }
      : undefined;

    const r = await llm.chat({ ...req, messages, onDelta, onRestart });
    if (holding && held) release();
    usage = addUsage(usage, r.usage);
    attempts += r.attempts;
    model = r.model;
    const piece = round > 1 ? r.text.slice(overlapLength(committed, r.text.slice(0, HOLD))) : r.text;
    text += piece;
    const base = { usage, attempts, model, rounds: round };
    if (r.finishReason !== 'length') return { ...base, text, finishReason: r.finishReason, truncated: false };
    if (!r.text.trim()) break; // the model produces nothing more: stop asking
  }
  return { text: trimToSentenceEnd(text), finishReason: 'length', usage, attempts, model, rounds: maxRounds, truncated: true };
}
