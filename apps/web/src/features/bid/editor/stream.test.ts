import { describe, expect, it } from 'vitest';
import { parseEnvelope, readTextStream } from './stream';

function streamOf(chunks: Uint8Array[], opts: { hang?: boolean } = {}): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (i < chunks.length) ctrl.enqueue(chunks[i++]!);
      else if (!opts.hang) ctrl.close();
      else return new Promise(() => {}); // the server keeps the connection open
    },
  });
}

describe('readTextStream', () => {
  it('joins the chunks and reports the text so far', async () => {
    const enc = new TextEncoder();
    const seen: string[] = [];
    const text = await readTextStream(streamOf([enc.encode('本项目'), enc.encode('实施方案')]), (t) => seen.push(t));
    expect(text).toBe('本项目实施方案');
    expect(seen).toEqual(['本项目', '本项目实施方案']);
  });

  it('decodes a character split across chunks whole', async () => {
    const bytes = new TextEncoder().encode('质量保证');
    // 质 is 3 bytes: split it 1 + 2
    const seen: string[] = [];
    const text = await readTextStream(streamOf([bytes.slice(0, 1), bytes.slice(1, 5), bytes.slice(5)]), (t) => seen.push(t));
    expect(text).toBe('质量保证');
    expect(seen.every((t) => !t.includes('\uFFFD'))).toBe(true);
  });

  it('stops when aborted and resolves with what arrived', async () => {
    const ctrl = new AbortController();
    const p = readTextStream(
      streamOf([new TextEncoder().encode('第一段')], { hang: true }),
      (t) => {
        if (t === '第一段') setTimeout(() => ctrl.abort(), 5);
      },
      ctrl.signal,
    );
    await expect(p).resolves.toBe('第一段');
  });
});

describe('parseEnvelope', () => {
  it('reads an error envelope', () => {
    expect(parseEnvelope('{"code":5003,"success":false,"msg":"余额不足","data":{"bidType":1}}')).toEqual({
      code: 5003,
      msg: '余额不足',
      data: { bidType: 1 },
    });
  });
  it('is null for plain text and for JSON that is not an envelope', () => {
    expect(parseEnvelope('本章节')).toBeNull();
    expect(parseEnvelope('{"a":1}')).toBeNull();
    expect(parseEnvelope('null')).toBeNull();
  });
});
