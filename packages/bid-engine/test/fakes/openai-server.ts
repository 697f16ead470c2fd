/**
 * A local OpenAI-compatible chat-completions server for tests and benchmarks (node:http, no dependencies).
 *
 *   const fake = await startFakeOpenAi({ tokensPerSecond: 5000 });
 *   // LLM_BASE_URL = fake.url (or fake.baseUrl, which ends in /v1)
 *   fake.inject({ kind: 'status', status: 429, retryAfter: 1 });      // next request → 429
 *   fake.inject({ kind: 'stall', afterTokens: 5 }, 2);                // next 2 requests stall forever after 5 tokens
 *   fake.requests[0].headers.authorization                           // everything is recorded
 *   await fake.close();
 *
 * Routes: POST /v1/chat/completions and /chat/completions (streaming SSE or one JSON answer), GET /v1/models.
 * Tokens: one per CJK character / full-width mark, one per up-to-4 other characters. Streams `chunkTokens` tokens per
 * event at `tokensPerSecond` (drift-free schedule; Infinity = as fast as possible). A reply longer than max_tokens is cut
 * there with `finish_reason: "length"`. Usage counts cached prompt tokens as a vendor prefix cache would: the longest
 * token prefix shared with an earlier request (rounded down to `cacheBlockTokens`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMessage {
  role: string;
  content: string;
}

export interface FakeRequest {
  /** 0-based order of arrival (chat requests only) */
  index: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** the parsed JSON body (undefined when it was not JSON) */
  body: any;
  messages: FakeMessage[];
  model?: string;
  stream: boolean;
  maxTokens?: number;
  responseFormat?: unknown;
  receivedAt: number;
  /** the injected fault this request consumed */
  fault?: Fault;
  status?: number;
  /** the reply text that was (to be) streamed and the finish reason */
  reply?: string;
  finishReason?: string;
  usage?: { prompt: number; completion: number; cached: number };
  /** tokens actually written */
  sentTokens: number;
  /** the client went away before the response ended */
  aborted: boolean;
  finishedAt?: number;
}

export type Fault =
  /** answer with this HTTP status (429 → also Retry-After when given) */
  | { kind: 'status'; status: number; retryAfter?: number; retryAfterMs?: number; body?: unknown }
  /** wait before sending the response headers */
  | { kind: 'delay'; ms: number }
  /** stop sending after `afterTokens` tokens (0 = right after the headers) for `ms`, or forever when omitted */
  | { kind: 'stall'; afterTokens?: number; ms?: number }
  /** destroy the connection after `afterTokens` tokens (and `afterMs` more: the tokens are read before the reset, which
   *  could otherwise discard them on a busy machine) */
  | { kind: 'drop'; afterTokens?: number; afterMs?: number }
  /** send `data: {"error": …}` after `afterTokens` tokens and end the stream */
  | { kind: 'error-event'; afterTokens?: number; message?: string };

export interface ReplySpec {
  text: string;
  /** reasoning streamed as `reasoning_content` before the text (DeepSeek-reasoner style) */
  reasoning?: string;
  /** force a finish reason (default: stop, or length when cut by max_tokens) */
  finishReason?: string;
}

export type ReplyFn = (req: FakeRequest) => string | ReplySpec;

export interface FakeOpenAiOptions {
  port?: number;
  host?: string;
  /** stream rate per request (default 50; Infinity = no pacing) */
  tokensPerSecond?: number;
  /** tokens per SSE event (default 1) */
  chunkTokens?: number;
  /** extra wait before the first token (default 0) */
  firstTokenLatencyMs?: number;
  /** the answer: fixed, or a function of the request; default a deterministic Chinese paragraph sized by max_tokens */
  reply?: string | ReplySpec | ReplyFn;
  /** length of the default paragraph when the request has no max_tokens (default 200 tokens) */
  defaultReplyTokens?: number;
  /** where usage goes: openai (`prompt_tokens_details.cached_tokens`, separate last chunk), deepseek (`prompt_cache_hit_tokens`), moonshot (inside the choice), none */
  usageStyle?: 'openai' | 'deepseek' | 'moonshot' | 'none';
  /** prefix-cache granularity in tokens (default 1; DeepSeek uses 64) */
  cacheBlockTokens?: number;
  /** when set, requests without `Authorization: Bearer <apiKey>` get 401 */
  apiKey?: string;
  /** send `: keep-alive` comments before the first token and every 10 events */
  keepAliveComments?: boolean;
  lineEnding?: '\n' | '\r\n';
  /** write every event in pieces of this many bytes (splits UTF-8 characters across writes) */
  fragmentBytes?: number;
  /** answer 400 to requests with response_format / stream_options (older Ollama/vLLM builds) */
  rejectResponseFormat?: boolean;
  rejectStreamOptions?: boolean;
  /** answer with one JSON body even when `stream: true` was asked */
  ignoreStream?: boolean;
}

export interface FakeOpenAi {
  /** http://127.0.0.1:PORT (no /v1) */
  url: string;
  /** http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  port: number;
  /** every chat request, in order of arrival */
  requests: FakeRequest[];
  /** live numbers: requests being answered now, the most at once, answered in total */
  stats: { inFlight: number; maxInFlight: number; served: number };
  /** mutable at any time (rate, reply, usage style…), or replaced as a whole */
  options: FakeOpenAiOptions;
  /** the next `times` chat requests (default 1) suffer this fault; faults queue up in order */
  inject(fault: Fault, times?: number): void;
  /** faults still queued */
  pendingFaults(): number;
  /** forget requests, faults, statistics and the prefix cache */
  reset(): void;
  close(): Promise<void>;
}

// ------------------------------------------------------------------------------------------------ tokens

const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u3000-\u303F]/;

/** Splits text into the fake's tokens: a CJK character each, other characters in runs of up to 4. */
export function fakeTokenize(text: string): string[] {
  const out: string[] = [];
  let run = '';
  for (const ch of text) {
    if (CJK.test(ch)) {
      if (run) out.push(run);
      run = '';
      out.push(ch);
    } else {
      run += ch;
      if (run.length === 4) {
        out.push(run);
        run = '';
      }
    }
  }
  if (run) out.push(run);
  return out;
}

export function fakeCountTokens(text: string): number {
  return fakeTokenize(text).length;
}

function promptTokens(messages: FakeMessage[]): string[] {
  return fakeTokenize(messages.map((m) => `<|${m.role}|>\n${m.content}\n`).join(''));
}

const SENTENCES = [
  '本项目严格按照招标文件的技术要求组织实施，确保各项指标全部满足或优于采购需求。',
  '我方将组建经验丰富的项目团队，明确岗位职责，建立周例会与月度汇报制度。',
  '在质量管理方面，我们执行三级检查制度，关键工序实行旁站监督并留存影像资料。',
  '进度计划采用关键路径法编制，每周对照基线进行偏差分析并及时纠偏。',
  '安全文明施工贯穿项目全过程，所有人员上岗前均须接受安全教育培训。',
  '售后服务提供七乘二十四小时响应，接到报修后两小时内到达现场处理。',
  '针对可能出现的突发情况，我方制定了完善的应急预案并定期组织演练。',
  '项目验收前，我方将提交完整的竣工资料，配合采购人完成各项验收工作。',
];

/** The default answer: whole sentences from a fixed list, about `tokens` tokens, always ending at a sentence end. */
export function fakeParagraph(tokens: number, seed = 0): string {
  let text = '';
  for (let i = 0; ; i++) {
    const s = SENTENCES[(i + seed) % SENTENCES.length]!;
    if (fakeCountTokens(text + s) > tokens) break;
    text += s;
  }
  if (!text) text = fakeTokenize(SENTENCES[seed % SENTENCES.length]!).slice(0, Math.max(1, tokens)).join('');
  return text;
}

// ------------------------------------------------------------------------------------------------ server

export async function startFakeOpenAi(initial: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  let options: FakeOpenAiOptions = { ...initial };
  const requests: FakeRequest[] = [];
  const stats = { inFlight: 0, maxInFlight: 0, served: 0 };
  let faults: Fault[] = [];
  let cache: string[][] = [];
  let seq = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sockets = new Set<import('node:net').Socket>();

  const eol = () => options.lineEnding ?? '\n';

  /** Resolves after ms (or never for Infinity), or early with false when the response closes. */
  const wait = (ms: number, res: http.ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (res.destroyed || res.writableEnded) return resolve(false);
      const onClose = () => {
        if (t) {
          clearTimeout(t);
          timers.delete(t);
        }
        resolve(false);
      };
      let t: ReturnType<typeof setTimeout> | undefined;
      if (Number.isFinite(ms)) {
        t = setTimeout(() => {
          timers.delete(t!);
          res.off('close', onClose);
          resolve(true);
        }, Math.max(0, ms));
        timers.add(t);
      }
      res.once('close', onClose);
    });

  const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const write = (res: http.ServerResponse, s: string) => {
    if (res.destroyed) return;
    const n = options.fragmentBytes;
    if (!n) {
      res.write(s);
      return;
    }
    const buf = Buffer.from(s, 'utf8');
    for (let i = 0; i < buf.length; i += n) res.write(buf.subarray(i, i + n));
  };
  const event = (res: http.ServerResponse, data: unknown) =>
    write(res, `data: ${typeof data === 'string' ? data : JSON.stringify(data)}${eol()}${eol()}`);

  const usageBody = (u: { prompt: number; completion: number; cached: number }) => {
    const base = { prompt_tokens: u.prompt, completion_tokens: u.completion, total_tokens: u.prompt + u.completion };
    switch (options.usageStyle ?? 'openai') {
      case 'deepseek':
        return { ...base, prompt_cache_hit_tokens: u.cached, prompt_cache_miss_tokens: u.prompt - u.cached };
      case 'moonshot':
        return { ...base, cached_tokens: u.cached };
      default:
        return { ...base, prompt_tokens_details: { cached_tokens: u.cached } };
    }
  };

  const handleChat = async (req: http.IncomingMessage, res: http.ServerResponse, raw: string, path: string) => {
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    const rec: FakeRequest = {
      index: requests.length,
      method: req.method ?? 'POST',
      path,
      headers: req.headers,
      body,
      messages: Array.isArray(body?.messages) ? body.messages : [],
      model: body?.model,
      stream: body?.stream === true,
      maxTokens: typeof body?.max_tokens === 'number' ? body.max_tokens : undefined,
      responseFormat: body?.response_format,
      receivedAt: Date.now(),
      sentTokens: 0,
      aborted: false,
    };
    requests.push(rec);
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      stats.inFlight--;
      stats.served++;
      rec.finishedAt = Date.now();
    };
    res.once('close', () => {
      if (!res.writableFinished) rec.aborted = true;
      done();
    });
    res.once('finish', done);

    const status = (code: number, message: string, type = 'invalid_request_error', headers: Record<string, string> = {}) => {
      rec.status = code;
      sendJson(res, code, { error: { message, type, code: null } }, headers);
    };

    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return status(401, 'Incorrect API key provided.', 'authentication_error');
    }
    if (!body || !Array.isArray(body.messages)) return status(400, 'messages is required');
    if (options.rejectResponseFormat && body.response_format) return status(400, "Unrecognized request argument: 'response_format'");
    if (options.rejectStreamOptions && body.stream_options) return status(400, "Unrecognized request argument: 'stream_options'");

    const fault = faults.shift();
    if (fault) rec.fault = fault;
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      rec.status = fault.status;
      return sendJson(
        res,
        fault.status,
        fault.body ?? {
          error: {
            message: fault.status === 429 ? 'Rate limit reached, please retry later' : 'The server had an error while processing your request',
            type: fault.status === 429 ? 'rate_limit_error' : 'server_error',
          },
        },
        headers,
      );
    }
    if (fault?.kind === 'delay' && !(await wait(fault.ms, res))) return;

    // the answer
    const made = typeof options.reply === 'function' ? options.reply(rec) : options.reply;
    const spec: ReplySpec =
      made === undefined
        ? { text: fakeParagraph(rec.maxTokens ? Math.max(1, Math.floor(rec.maxTokens * 0.8)) : (options.defaultReplyTokens ?? 200), rec.index) }
        : typeof made === 'string'
          ? { text: made }
          : made;
    let tokens = fakeTokenize(spec.text);
    let finishReason = spec.finishReason ?? 'stop';
    if (rec.maxTokens !== undefined && tokens.length > rec.maxTokens) {
      tokens = tokens.slice(0, rec.maxTokens);
      finishReason = spec.finishReason ?? 'length';
    }
    const reasoning = spec.reasoning ? fakeTokenize(spec.reasoning) : [];
    rec.reply = tokens.join('');
    rec.finishReason = finishReason;

    // usage with a simulated prefix cache
    const pt = promptTokens(rec.messages);
    let lcp = 0;
    for (const prev of cache) {
      let k = 0;
      const max = Math.min(prev.length, pt.length);
      while (k < max && prev[k] === pt[k]) k++;
      lcp = Math.max(lcp, k);
    }
    const block = Math.max(1, options.cacheBlockTokens ?? 1);
    const cached = Math.floor(lcp / block) * block;
    cache.push(pt);
    if (cache.length > 256) cache = cache.slice(-256);
    const usage = { prompt: pt.length, completion: tokens.length + reasoning.length, cached };
    rec.usage = usage;

    const tps = options.tokensPerSecond ?? 50;
    const chunk = Math.max(1, options.chunkTokens ?? 1);
    const id = `chatcmpl-fake-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = rec.model ?? 'fake-model';
    rec.status = 200;

    if (!rec.stream || options.ignoreStream) {
      if (fault?.kind === 'stall' || fault?.kind === 'drop') {
        if (fault.kind === 'stall' && (await wait(fault.ms ?? Infinity, res))) {
          // stalled for a while, then answers
        } else {
          res.socket?.destroy();
          return;
        }
      }
      const total = Number.isFinite(tps) ? ((tokens.length + reasoning.length) / tps) * 1000 : 0;
      if (!(await wait((options.firstTokenLatencyMs ?? 0) + total, res))) return;
      rec.sentTokens = tokens.length;
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: rec.reply }, finish_reason: finishReason }],
        usage: options.usageStyle === 'none' ? undefined : usageBody(usage),
      });
    }

    req.socket.setNoDelay(true);
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const base = { id, object: 'chat.completion.chunk', created, model };
    const ka = options.keepAliveComments;
    if (ka) write(res, `: keep-alive${eol()}${eol()}`);

    // the mid-stream fault triggers once `afterTokens` tokens are out
    const trigger = fault && fault.kind !== 'delay' ? (fault.afterTokens ?? 0) : -1;
    const applyFault = async (): Promise<boolean> => {
      if (!fault) return true;
      if (fault.kind === 'stall') return wait(fault.ms ?? Infinity, res);
      if (fault.kind === 'drop') {
        if (fault.afterMs) await new Promise((r) => setTimeout(r, fault.afterMs));
        res.socket?.destroy();
        return false;
      }
      if (fault.kind === 'error-event') {
        event(res, { error: { message: fault.message ?? 'Internal server error during generation', type: 'server_error' } });
        res.end();
        return false;
      }
      return true;
    };
    if (trigger === 0 && !(await applyFault())) return;
    if (options.firstTokenLatencyMs && !(await wait(options.firstTokenLatencyMs, res))) return;

    const stream = [...reasoning.map((t) => ({ t, reasoning: true })), ...tokens.map((t) => ({ t, reasoning: false }))];
    event(res, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    const t0 = performance.now();
    let sent = 0;
    let events = 0;
    for (let i = 0; i < stream.length; i += chunk) {
      const piece = stream.slice(i, i + chunk);
      const due = Number.isFinite(tps) ? t0 + ((i + piece.length) / tps) * 1000 : 0;
      const gap = due - performance.now();
      if (gap > 0.5) {
        if (!(await wait(gap, res))) return;
      } else if (events % 64 === 63 && !(await new Promise<boolean>((r) => setImmediate(() => r(!res.destroyed))))) {
        return;
      }
      if (res.destroyed) return;
      const content = piece.filter((p) => !p.reasoning).map((p) => p.t).join('');
      const reasoningText = piece.filter((p) => p.reasoning).map((p) => p.t).join('');
      const delta: Record<string, string> = {};
      if (reasoningText) delta.reasoning_content = reasoningText;
      if (content) delta.content = content;
      event(res, { ...base, choices: [{ index: 0, delta, finish_reason: null }] });
      events++;
      if (ka && events % 10 === 0) write(res, `: keep-alive${eol()}${eol()}`);
      const before = sent;
      sent += piece.filter((p) => !p.reasoning).length;
      rec.sentTokens = sent;
      if (trigger > 0 && before < trigger && sent >= trigger && !(await applyFault())) return;
    }
    const style = options.usageStyle ?? 'openai';
    const includeUsage = body.stream_options?.include_usage === true && style !== 'none';
    const finalChoice: Record<string, unknown> = { index: 0, delta: {}, finish_reason: finishReason };
    if (includeUsage && style === 'moonshot') finalChoice.usage = usageBody(usage);
    const finalChunk: Record<string, unknown> = { ...base, choices: [finalChoice] };
    if (includeUsage && style === 'deepseek') finalChunk.usage = usageBody(usage);
    event(res, finalChunk);
    if (includeUsage && style === 'openai') event(res, { ...base, choices: [], usage: usageBody(usage) });
    event(res, '[DONE]');
    res.end();
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && (path === '/v1/chat/completions' || path === '/chat/completions')) {
        handleChat(req, res, raw, path).catch((err) => {
          if (!res.headersSent) sendJson(res, 500, { error: { message: String(err), type: 'fake_error' } });
          else res.destroy();
        });
      } else if (req.method === 'GET' && (path === '/v1/models' || path === '/models')) {
        sendJson(res, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] });
      } else {
        sendJson(res, 404, { error: { message: `Unknown route ${req.method} ${path}`, type: 'invalid_request_error' } });
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    port,
    requests,
    stats,
    get options() {
      return options;
    },
    set options(next: FakeOpenAiOptions) {
      options = next;
    },
    inject(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    pendingFaults: () => faults.length,
    reset() {
      requests.length = 0;
      faults = [];
      cache = [];
      stats.maxInFlight = stats.inFlight; // requests still running keep counting
      stats.served = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Short alias: `start({ port: 0 })`. */
export const start = startFakeOpenAi;
