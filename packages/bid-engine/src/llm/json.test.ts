import { describe, expect, it } from 'vitest';
import { parseLooseJson } from './json.js';
import { chatCompletionsUrl, parseRetryAfter, parseUsage } from './openai-compatible.js';

describe('parseLooseJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['```json\n{"a":1}\n```', { a: 1 }],
    ['好的，结果如下：\n```\n{"a":[1,2]}\n```\n以上。', { a: [1, 2] }],
    ['根据招标文件，提取结果为 {"name":"含}括号的{字符串","n":2} 请查收', { name: '含}括号的{字符串', n: 2 }],
    ['<think>先分析 {不是json}</think>{"a":1}', { a: 1 }],
    ['{"a":[1,2,],}', { a: [1, 2] }],
    ['[{"x":1}]', [{ x: 1 }]],
  ])('parses %j', (input, expected) => {
    expect(parseLooseJson(input)).toEqual({ ok: true, value: expected });
  });

  it('reports what is wrong', () => {
    const r = parseLooseJson('抱歉，我无法完成');
    expect(r.ok).toBe(false);
    expect(parseLooseJson('').ok).toBe(false);
  });
});

describe('endpoint helpers', () => {
  it('builds the chat-completions URL from any base', () => {
    expect(chatCompletionsUrl('https://api.deepseek.com')).toBe('https://api.deepseek.com/v1/chat/completions');
    expect(chatCompletionsUrl('https://api.moonshot.cn/v1/')).toBe('https://api.moonshot.cn/v1/chat/completions');
    expect(chatCompletionsUrl('https://open.bigmodel.cn/api/paas/v4')).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
    expect(chatCompletionsUrl('https://dashscope.aliyuncs.com/compatible-mode/v1')).toBe(
      'https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions',
    );
    expect(chatCompletionsUrl('http://localhost:11434/v1/chat/completions')).toBe('http://localhost:11434/v1/chat/completions');
  });

  it('reads usage in every vendor spelling', () => {
    expect(parseUsage({ prompt_tokens: 10, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 8 } })).toEqual({
      prompt: 10,
      completion: 5,
      cached: 8,
    });
    expect(parseUsage({ prompt_tokens: 10, completion_tokens: 5, prompt_cache_hit_tokens: 6, prompt_cache_miss_tokens: 4 }).cached).toBe(6);
    expect(parseUsage({ prompt_tokens: 10, completion_tokens: 5, cached_tokens: 3 }).cached).toBe(3);
    expect(parseUsage({})).toEqual({ prompt: 0, completion: 0, cached: 0 });
  });

  it('reads Retry-After as seconds, milliseconds or a date', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '150', 'retry-after': '2' }))).toBe(150);
    const d = parseRetryAfter(new Headers({ 'retry-after': new Date(Date.now() + 3000).toUTCString() }))!;
    expect(d).toBeGreaterThan(1000);
    expect(d).toBeLessThanOrEqual(3000);
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });
});
