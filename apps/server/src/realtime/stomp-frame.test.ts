import { describe, it, expect } from 'vitest';
import { StompParser, StompParseError, serializeFrame, escapeHeader, unescapeHeader, type ParseEvent } from './stomp-frame.js';

const frames = (events: ParseEvent[]) => events.flatMap((e) => (e.type === 'frame' ? [e.frame] : []));
const beats = (events: ParseEvent[]) => events.filter((e) => e.type === 'heartbeat').length;

describe('StompParser', () => {
  it('parses one frame per message', () => {
    const p = new StompParser();
    const [f] = frames(p.push('SUBSCRIBE\nid:sub-0\ndestination:/user/7/notice\n\n\0'));
    expect(f).toEqual({ command: 'SUBSCRIBE', headers: { id: 'sub-0', destination: '/user/7/notice' }, body: '' });
    expect(p.pendingBytes).toBe(0);
  });

  it('parses several frames joined in one message, with heart-beats between them', () => {
    const p = new StompParser();
    const ev = p.push('SUBSCRIBE\nid:a\ndestination:/x\n\n\0\nUNSUBSCRIBE\nid:a\n\n\0\r\n\n');
    expect(frames(ev).map((f) => f.command)).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
    expect(beats(ev)).toBe(3);
  });

  it('parses a frame split across messages at every byte boundary, Chinese body included', () => {
    const body = '{"text":"标书已生成，共 12 章"}';
    const wire = Buffer.from(serializeFrame('SEND', { destination: '/x' }, body), 'utf8');
    for (let cut = 1; cut < wire.length; cut++) {
      const p = new StompParser();
      const a = p.push(wire.subarray(0, cut));
      const b = p.push(wire.subarray(cut));
      const all = frames([...a, ...b]);
      expect(all).toHaveLength(1);
      expect(all[0]?.body).toBe(body);
    }
  });

  it('delivers a frame split over three string messages', () => {
    const p = new StompParser();
    expect(frames(p.push('SEND\ndesti'))).toEqual([]);
    expect(frames(p.push('nation:/x\ncontent-length:6\n\n中'))).toEqual([]);
    const [f] = frames(p.push('文\0'));
    expect(f?.body).toBe('中文');
  });

  it('uses content-length in bytes and allows NUL inside the body', () => {
    const body = '中\0文';
    const p = new StompParser();
    const [f] = frames(p.push(`SEND\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`));
    expect(f?.body).toBe(body);
  });

  it('treats a lone EOL as a heart-beat, LF or CRLF, also when the CR arrives alone', () => {
    const p = new StompParser();
    expect(beats(p.push('\n'))).toBe(1);
    expect(beats(p.push('\r'))).toBe(0);
    expect(beats(p.push('\n'))).toBe(1);
  });

  it('accepts CRLF line endings', () => {
    const [f] = frames(new StompParser().push('SUBSCRIBE\r\nid:1\r\ndestination:/d\r\n\r\n\0'));
    expect(f?.headers).toEqual({ id: '1', destination: '/d' });
  });

  it('keeps the first of repeated headers', () => {
    const [f] = frames(new StompParser().push('SEND\nfoo:1\nfoo:2\n\n\0'));
    expect(f?.headers['foo']).toBe('1');
  });

  it('unescapes header values except in CONNECT', () => {
    const [s] = frames(new StompParser().push('SEND\nk\\cx:a\\nb\\\\c\\cd\\r\n\n\0'));
    expect(s?.headers).toEqual({ 'k:x': 'a\nb\\c:d\r' });
    const [c] = frames(new StompParser().push('CONNECT\nBlade-Auth:Bearer a\\nb\npasscode:x:y\n\n\0'));
    expect(c?.headers).toEqual({ 'Blade-Auth': 'Bearer a\\nb', passcode: 'x:y' });
  });

  it('accepts a body-less frame without the blank line', () => {
    const [f] = frames(new StompParser().push('DISCONNECT\nreceipt:9\0'));
    expect(f).toEqual({ command: 'DISCONNECT', headers: { receipt: '9' }, body: '' });
  });

  const malformed: [string, string][] = [
    ['bad escape', 'SEND\nk:a\\tb\n\n\0'],
    ['header without colon', 'SEND\nnocolon\n\n\0'],
    ['lower-case command', 'send\n\n\0'],
    ['non-numeric content-length', 'SEND\ncontent-length:abc\n\nabc\0'],
    ['body longer than content-length', 'SEND\ncontent-length:1\n\nabc\0'],
    ['CR without LF between frames', '\rX'],
  ];
  for (const [name, wire] of malformed) {
    it(`rejects a malformed frame: ${name}`, () => {
      expect(() => new StompParser().push(wire)).toThrow(StompParseError);
    });
  }

  it('rejects oversized frames even before their end arrives', () => {
    const p = new StompParser({ maxBodyBytes: 10, maxHeaderBytes: 50 });
    expect(() => p.push('SEND\ncontent-length:11\n\n')).toThrow(/too large/);
    expect(() => new StompParser({ maxBodyBytes: 10 }).push('SEND\n\n' + 'x'.repeat(11))).toThrow(/too large/);
    expect(() => new StompParser({ maxHeaderBytes: 50 }).push('SEND\nk:' + 'x'.repeat(60))).toThrow(/too large/);
  });
});

describe('serializeFrame', () => {
  it('counts content-length in UTF-8 bytes', () => {
    const body = JSON.stringify({ kind: 'dm.count', text: '您有新消息' });
    const wire = serializeFrame('MESSAGE', { destination: '/user/1/notice' }, body);
    expect(wire).toContain(`content-length:${Buffer.byteLength(body)}\n`);
    expect(Buffer.byteLength(body)).not.toBe(body.length);
    expect(wire.endsWith(body + '\0')).toBe(true);
  });

  it('escapes header values except in CONNECTED, and round-trips through the parser', () => {
    const wire = serializeFrame('ERROR', { message: 'a:b\nc\\d\re' }, 'x');
    expect(wire).toContain('message:a\\cb\\nc\\\\d\\re\n');
    const [f] = frames(new StompParser().push(wire));
    expect(f?.headers['message']).toBe('a:b\nc\\d\re');
    expect(serializeFrame('CONNECTED', { server: 'a:b' })).toContain('server:a:b\n');
  });

  it('omits content-length for empty bodies and keeps a precomputed one', () => {
    expect(serializeFrame('RECEIPT', { 'receipt-id': '1' })).toBe('RECEIPT\nreceipt-id:1\n\n\0');
    expect(serializeFrame('MESSAGE', { 'content-length': 3 }, 'abc')).toBe('MESSAGE\ncontent-length:3\n\nabc\0');
  });

  it('escape/unescape are inverse', () => {
    for (const v of ['', 'plain', ':', '\\', '\n\r:\\', '中文:值']) expect(unescapeHeader(escapeHeader(v))).toBe(v);
  });
});
