import type { ChatRequest, FinishReason, Usage } from './types.js';

/**
 * Request building and response fields of the OpenAI-compatible client: the endpoint URL, the JSON body (with the optional
 * features an older server may not know, switched off per client), the headers, and the finish reason and usage in any
 * vendor's spelling.
 */

/** The chat-completions endpoint for a base URL, with or without `/v1`, or already complete. */
export function chatCompletionsUrl(baseUrl: string): string {
  const u = new URL(baseUrl);
  let p = u.pathname.replace(/\/+$/, '');
  if (!p.endsWith('/chat/completions')) {
    if (p === '') p = '/v1';
    p += '/chat/completions';
  }
  u.pathname = p;
  return u.toString();
}

/** The request features a server may reject with a 400 (older Ollama/vLLM builds): the client switches them off. */
export interface RequestFeatures {
  streamOptions: boolean;
  responseFormat: boolean;
}

export function requestBody(req: ChatRequest, model: string, features: RequestFeatures): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: req.messages, stream: true };
  if (features.streamOptions) body.stream_options = { include_usage: true };
  if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.json && features.responseFormat) body.response_format = { type: 'json_object' };
  return body;
}

export function requestHeaders(opts: { headers?: Record<string, string>; apiKey?: string }): Record<string, string> {
  const h: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
    ...opts.headers,
  };
  if (opts.apiKey) h.authorization = `Bearer ${opts.apiKey}`;
  return h;
}

export function normalizeFinish(raw: unknown): FinishReason {
  switch (raw) {
    case 'length':
    case 'max_tokens':
      return 'length';
    case 'content_filter':
    case 'sensitive':
      return 'content_filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    default:
      return 'stop';
  }
}

/** Usage from any vendor's spelling: OpenAI/Qwen/Zhipu `prompt_tokens_details.cached_tokens`, DeepSeek `prompt_cache_hit_tokens`, Moonshot `cached_tokens`. */
export function parseUsage(u: any): Usage {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const prompt = num(u?.prompt_tokens) ?? num(u?.input_tokens) ?? 0;
  const completion = num(u?.completion_tokens) ?? num(u?.output_tokens) ?? 0;
  const cached =
    num(u?.prompt_tokens_details?.cached_tokens) ??
    num(u?.prompt_cache_hit_tokens) ??
    num(u?.cached_tokens) ??
    num(u?.input_tokens_details?.cached_tokens) ??
    0;
  return { prompt, completion, cached };
}
