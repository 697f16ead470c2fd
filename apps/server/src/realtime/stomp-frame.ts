/**
 * STOMP 1.2 frames: a streaming parser and a serializer.
 *
 * The parser works on bytes, not on JS strings, because `content-length` counts UTF-8 bytes: a Chinese body
 * has fewer characters than bytes, and counting characters would cut frames in the wrong place.
 * It is transport-free (no sockjs import) so it can be tested on its own and reused behind any socket.
 */

export type StompHeaders = Record<string, string>;

export interface StompFrame {
  command: string;
  /** First occurrence wins when a header repeats (STOMP 1.2 §"Repeated Header Entries"). */
  headers: StompHeaders;
  /** UTF-8 decoded body ('' when empty). */
  body: string;
}

export type ParseEvent = { type: 'frame'; frame: StompFrame } | { type: 'heartbeat' };

export class StompParseError extends Error {
  override name = 'StompParseError';
}

export interface ParserLimits {
  /** Longest command + headers section, in bytes. */
  maxHeaderBytes?: number;
  /** Largest body, in bytes. Clients of this server only send tiny frames, so the default is small. */
  maxBodyBytes?: number;
  /** Most header lines in one frame. */
  maxHeaders?: number;
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** Frames whose header values are NOT escaped (STOMP 1.2 §"Value Encoding"). */
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

const EMPTY = Buffer.alloc(0);

/**
 * Incremental parser: feed it every transport message with `push`; it returns the complete frames and heart-beats
 * found so far and keeps any incomplete tail for the next push. Throws StompParseError on malformed input; after
 * that the stream is unusable (the session answers ERROR and closes).
 */
export class StompParser {
  private buf: Buffer = EMPTY;
  private readonly maxHeaderBytes: number;
  private readonly maxBodyBytes: number;
  private readonly maxHeaders: number;

  constructor(limits: ParserLimits = {}) {
    this.maxHeaderBytes = limits.maxHeaderBytes ?? 8 * 1024;
    this.maxBodyBytes = limits.maxBodyBytes ?? 64 * 1024;
    this.maxHeaders = limits.maxHeaders ?? 64;
  }

  /** Bytes waiting for the rest of a frame. */
  get pendingBytes(): number {
    return this.buf.length;
  }

  push(chunk: string | Uint8Array): ParseEvent[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // The common case is one whole frame per message: avoid copying when nothing is pending.
    this.buf = this.buf.length === 0 ? bytes : Buffer.concat([this.buf, bytes]);
    const events: ParseEvent[] = [];
    let pos = 0;
    const buf = this.buf;
    while (pos < buf.length) {
      const b = buf[pos];
      // Between frames, a bare EOL is a heart-beat (and also the optional padding after a frame's NUL).
      if (b === LF) {
        events.push({ type: 'heartbeat' });
        pos += 1;
        continue;
      }
      if (b === CR) {
        if (pos + 1 >= buf.length) break; // wait for the LF
        if (buf[pos + 1] !== LF) throw new StompParseError('CR not followed by LF between frames');
        events.push({ type: 'heartbeat' });
        pos += 2;
        continue;
      }
      const end = this.parseFrame(buf, pos, events);
      if (end < 0) break; // incomplete: keep the tail
      pos = end;
    }
    this.buf = pos >= buf.length ? EMPTY : buf.subarray(pos);
    return events;
  }

  /** Parses one frame starting at `start`; returns the index after its NUL, or -1 if more bytes are needed. */
  private parseFrame(buf: Buffer, start: number, out: ParseEvent[]): number {
    // Find the end of the header section: the first empty line. A NUL before it ends a header-only frame
    // (some clients omit the blank line on body-less frames; accepting it costs nothing).
    let lineStart = start;
    const lines: string[] = [];
    let bodyStart = -1;
    let nulAt = -1;
    for (;;) {
      let i = lineStart;
      while (i < buf.length && buf[i] !== LF && buf[i] !== NUL) i++;
      if (i - start > this.maxHeaderBytes) throw new StompParseError('frame header too large');
      if (i >= buf.length) return -1;
      let lineEnd = i;
      if (lineEnd > lineStart && buf[lineEnd - 1] === CR) lineEnd -= 1;
      if (buf[i] === NUL) {
        if (lineEnd > lineStart) lines.push(buf.toString('utf8', lineStart, lineEnd));
        nulAt = i;
        break;
      }
      if (lineEnd === lineStart) {
        bodyStart = i + 1;
        break;
      }
      lines.push(buf.toString('utf8', lineStart, lineEnd));
      if (lines.length > this.maxHeaders + 1) throw new StompParseError('too many headers');
      lineStart = i + 1;
    }

    const command = lines[0];
    if (command === undefined || !/^[A-Z]+$/.test(command)) throw new StompParseError('bad command line');
    const decode = !UNESCAPED_COMMANDS.has(command);
    const headers: StompHeaders = Object.create(null) as StompHeaders;
    for (let h = 1; h < lines.length; h++) {
      const line = lines[h] as string;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompParseError(`bad header line: ${line.slice(0, 40)}`);
      const key = decode ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      if (key in headers) continue;
      headers[key] = decode ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
    }

    if (nulAt >= 0) {
      out.push({ type: 'frame', frame: { command, headers, body: '' } });
      return nulAt + 1;
    }

    const lengthHeader = headers['content-length'];
    if (lengthHeader !== undefined) {
      if (!/^\d{1,9}$/.test(lengthHeader)) throw new StompParseError('bad content-length');
      const length = Number(lengthHeader);
      if (length > this.maxBodyBytes) throw new StompParseError('frame body too large');
      const end = bodyStart + length;
      if (end >= buf.length) return -1;
      if (buf[end] !== NUL) throw new StompParseError('frame body longer than content-length');
      out.push({ type: 'frame', frame: { command, headers, body: buf.toString('utf8', bodyStart, end) } });
      return end + 1;
    }

    const end = buf.indexOf(NUL, bodyStart);
    if (end < 0) {
      if (buf.length - bodyStart > this.maxBodyBytes) throw new StompParseError('frame body too large');
      return -1;
    }
    if (end - bodyStart > this.maxBodyBytes) throw new StompParseError('frame body too large');
    out.push({ type: 'frame', frame: { command, headers, body: buf.toString('utf8', bodyStart, end) } });
    return end + 1;
  }
}

const ESCAPE_NEEDED = /[\\\r\n:]/;
const ESCAPE_ALL = /[\\\r\n:]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' };

export function escapeHeader(value: string): string {
  return ESCAPE_NEEDED.test(value) ? value.replace(ESCAPE_ALL, (c) => ESCAPES[c] as string) : value;
}

export function unescapeHeader(value: string): string {
  if (!value.includes('\\')) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = value[++i];
    if (next === '\\') out += '\\';
    else if (next === 'n') out += '\n';
    else if (next === 'r') out += '\r';
    else if (next === 'c') out += ':';
    // STOMP 1.2: an undefined escape sequence MUST be treated as a fatal protocol error.
    else throw new StompParseError(`bad escape sequence \\${next ?? ''} in header`);
  }
  return out;
}

/**
 * Serializes a frame to a string (sockjs sends strings). `content-length` is added in UTF-8 bytes whenever
 * there is a body, unless the caller already computed it (hot path: one body fanned out to many subscribers).
 */
export function serializeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const escape = !UNESCAPED_COMMANDS.has(command);
  let out = command + '\n';
  for (const key in headers) {
    const value = String(headers[key]);
    out += escape ? `${escapeHeader(key)}:${escapeHeader(value)}\n` : `${key}:${value}\n`;
  }
  if (body !== '' && !('content-length' in headers)) out += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return out + '\n' + body + '\0';
}

/** A heart-beat on the wire is a single EOL. */
export const HEARTBEAT = '\n';
