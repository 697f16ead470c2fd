import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from './sse.js';

const enc = new TextEncoder();

function feedBytes(bytes: Uint8Array, cuts: number[]): SseEvent[] {
  const p = new SseParser();
  const out: SseEvent[] = [];
  let prev = 0;
  for (const c of [...cuts, bytes.length]) {
    out.push(...p.push(bytes.subarray(prev, c)));
    prev = c;
  }
  out.push(...p.end());
  return out;
}

describe('SseParser', () => {
  const stream =
    ': keep-alive\r\n\r\n' +
    'data: {"t":"投标文件"}\r\n\r\n' +
    'event: message\ndata: 第一行\ndata: 第二行\n\n' +
    'data:无空格\r\r' +
    'data: [DONE]\n\n';
  const expected = [
    { event: 'message', data: '{"t":"投标文件"}' },
    { event: 'message', data: '第一行\n第二行' },
    { event: 'message', data: '无空格' },
    { event: 'message', data: '[DONE]' },
  ];

  it('parses events, multi-line data, comments, every line ending', () => {
    const p = new SseParser();
    expect([...p.push(stream), ...p.end()]).toEqual(expected);
    expect(p.comments).toBe(1);
  });

  it('gives the same events however the bytes are split (inside UTF-8 characters and CRLF pairs)', () => {
    const bytes = enc.encode(stream);
    for (let i = 1; i < bytes.length; i++) expect(feedBytes(bytes, [i])).toEqual(expected);
    for (let size = 1; size <= 7; size++) {
      const cuts: number[] = [];
      for (let i = size; i < bytes.length; i += size) cuts.push(i);
      expect(feedBytes(bytes, cuts)).toEqual(expected);
    }
  });

  it('flushes a last event without a trailing blank line, and strips a BOM', () => {
    const p = new SseParser();
    expect([...p.push('\uFEFFdata: a\n\ndata: b'), ...p.end()].map((e) => e.data)).toEqual(['a', 'b']);
  });

  it('ignores unknown fields and keeps event names', () => {
    const p = new SseParser();
    expect(p.push('retry: 100\nfoo: bar\nevent: error\ndata: x\n\n')).toEqual([{ event: 'error', data: 'x' }]);
  });
});
