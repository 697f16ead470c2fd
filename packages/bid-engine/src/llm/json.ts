/**
 * JSON-mode extraction: ask for JSON (response_format json_object where the endpoint supports it, and always an explicit
 * instruction with the JSON Schema at the end of the prompt, so the stable prefix still hits prompt caches), parse it
 * tolerantly (```json fences, leading prose, `<think>` blocks, trailing commas), validate with zod, and on failure send the
 * problems back once for a repair. Typed data, or an `LlmError` with code `json_invalid`.
 */
import { z } from 'zod';
import { abortError } from './semaphore.js';
import { addUsage, LlmError, type ChatMessage, type LlmProvider, type Usage } from './types.js';

export interface ExtractJsonOptions {
  maxTokens?: number;
  /** default 0.1 */
  temperature?: number;
  signal?: AbortSignal;
  tag?: string;
  /** one repair round with the validation errors (default true) */
  repair?: boolean;
  /** append the schema (as JSON Schema) to the instruction (default true) */
  schemaInPrompt?: boolean;
}

export interface ExtractJsonResult<T> {
  data: T;
  /** the model's raw answer that produced `data` */
  raw: string;
  usage: Usage;
  /** true when the first answer failed and the repair round succeeded */
  repaired: boolean;
}

export type LooseJson = { ok: true; value: unknown } | { ok: false; error: string };

/** Finds and parses the JSON value in a model's answer. */
export function parseLooseJson(answer: string): LooseJson {
  const text = answer.replace(/^\uFEFF/, '').replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  if (!text) return { ok: false, error: '输出为空' };
  const candidates: string[] = [];
  for (const m of text.matchAll(/```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/g)) if (m[1]) candidates.push(m[1].trim());
  candidates.push(text);
  // balanced {…} / […] spans, string-aware, in order of appearance
  for (let i = 0, found = 0; i < text.length && found < 8; i++) {
    const c = text[i];
    if (c !== '{' && c !== '[') continue;
    const end = balancedEnd(text, i);
    if (end > 0) {
      candidates.push(text.slice(i, end + 1));
      found++;
      i = end;
    }
  }
  let firstError = '';
  for (const cand of candidates) {
    for (const variant of [cand, cand.replace(/,(\s*[}\]])/g, '$1')]) {
      try {
        return { ok: true, value: JSON.parse(variant) };
      } catch (err) {
        firstError ||= (err as Error).message;
      }
    }
  }
  return { ok: false, error: `不是有效的 JSON（${firstError}）` };
}

function balancedEnd(s: string, start: number): number {
  const stack: string[] = [];
  let inStr = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (!stack.length) return i;
    }
  }
  return -1;
}

export function formatIssues(error: z.ZodError, max = 20): string {
  const lines = error.issues.slice(0, max).map((i) => `- ${i.path.length ? i.path.join('.') : '(根)'}：${i.message}`);
  if (error.issues.length > max) lines.push(`- ……另有 ${error.issues.length - max} 处问题`);
  return lines.join('\n');
}

function instruction(schema: z.ZodType, withSchema: boolean): string {
  let text = '【输出格式】只输出一个 JSON 值本身：不要解释，不要前言，不要 Markdown 代码块标记。';
  if (withSchema) {
    try {
      const js = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
      delete (js as Record<string, unknown>)['$schema'];
      text += `\nJSON 必须符合以下 JSON Schema：\n${JSON.stringify(js)}`;
    } catch {
      // a schema zod cannot express (transforms…): the caller's prompt describes the shape
    }
  }
  return text;
}

export async function extractJson<S extends z.ZodType>(
  llm: LlmProvider,
  messages: ChatMessage[],
  schema: S,
  opts: ExtractJsonOptions = {},
): Promise<ExtractJsonResult<z.output<S>>> {
  const instr = instruction(schema, opts.schemaInPrompt ?? true);
  const last = messages[messages.length - 1];
  const asked: ChatMessage[] =
    last && last.role === 'user'
      ? [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${instr}` }]
      : [...messages, { role: 'user', content: instr }];
  const call = async (msgs: ChatMessage[]) => {
    const r = await llm.chat({
      messages: msgs,
      json: true,
      maxTokens: opts.maxTokens,
      temperature: opts.temperature ?? 0.1,
      signal: opts.signal,
      tag: opts.tag,
    });
    if (r.finishReason === 'cancelled') throw abortError(opts.signal);
    return r;
  };
  const check = (raw: string, truncated: boolean): { ok: true; data: z.output<S> } | { ok: false; problems: string } => {
    const parsed = parseLooseJson(raw);
    if (!parsed.ok) {
      return { ok: false, problems: `- ${parsed.error}${truncated ? '；输出因长度限制被截断，请更简洁' : ''}` };
    }
    const v = schema.safeParse(parsed.value);
    return v.success ? { ok: true, data: v.data } : { ok: false, problems: formatIssues(v.error) };
  };

  const first = await call(asked);
  let usage = first.usage;
  const c1 = check(first.text, first.finishReason === 'length');
  if (c1.ok) return { data: c1.data, raw: first.text, usage, repaired: false };
  let problems = c1.problems;
  let raw = first.text;
  if (opts.repair ?? true) {
    const second = await call([
      ...asked,
      { role: 'assistant', content: first.text.slice(0, 20_000) },
      {
        role: 'user',
        content: `你上面的输出不符合要求：\n${c1.problems}\n请修正这些问题，重新输出完整的 JSON。${instr}`,
      },
    ]);
    usage = addUsage(usage, second.usage);
    const c2 = check(second.text, second.finishReason === 'length');
    if (c2.ok) return { data: c2.data, raw: second.text, usage, repaired: true };
    problems = c2.problems;
    raw = second.text;
  }
  const head = problems.split('\n').slice(0, 5).join('；').replace(/^- /, '').replace(/；- /g, '；');
  throw new LlmError(`大模型没有返回符合要求的 JSON${opts.repair === false ? '' : '（已要求修正 1 次）'}：${head}`, {
    code: 'json_invalid',
    detail: raw.slice(0, 2000),
    attempts: opts.repair === false ? 1 : 2,
  });
}
