/**
 * Server-sent events parser (WHATWG "event stream" rules) fed with raw bytes from the network: chunks may split a line,
 * a `\r\n` pair or a multi-byte UTF-8 character anywhere. Comments (`: keep-alive`) are reported separately so that
 * callers can treat them as liveness without mistaking them for data.
 */

export interface SseEvent {
  /** `event:` field, `message` when absent */
  event: string;
  /** `data:` lines joined with `\n` */
  data: string;
  id?: string;
}

export class SseParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buf = '';
  /** the previous chunk ended in `\r`: a `\n` starting the next chunk belongs to the same line break */
  private pendingCr = false;
  private dataLines: string[] = [];
  private eventType = '';
  private lastId: string | undefined;
  private first = true;
  /** comment lines seen (keep-alives) since construction */
  comments = 0;

  /** Feeds bytes (or already decoded text); returns the events completed by them. */
  push(chunk: Uint8Array | string): SseEvent[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.first && text.length) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.first = false;
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buf += text;
    const out: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buf.length; i++) {
      const c = this.buf.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      this.line(this.buf.slice(start, i), out);
      if (c === 13) {
        if (i + 1 < this.buf.length) {
          if (this.buf.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    this.buf = this.buf.slice(start);
    return out;
  }

  /** End of stream: flushes a last event that had no blank line after it (lenient: servers do that). */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    const rest = this.decoder.decode();
    if (rest) this.buf += rest;
    if (this.buf) this.line(this.buf, out);
    this.buf = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') {
      if (this.dataLines.length) {
        const ev: SseEvent = { event: this.eventType || 'message', data: this.dataLines.join('\n') };
        if (this.lastId !== undefined) ev.id = this.lastId;
        out.push(ev);
      }
      this.dataLines = [];
      this.eventType = '';
      return;
    }
    if (line.charCodeAt(0) === 58 /* : */) {
      this.comments++;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id') this.lastId = value;
    // `retry` and unknown fields are ignored
  }
}
