import { createParser, type EventSourceParser } from 'eventsource-parser';

/**
 * Server-sent events read from raw network bytes with eventsource-parser (WHATWG "event stream" rules: every line
 * ending, a `\r\n` pair split across chunks). What is added here: bytes decoded as UTF-8 however the chunks split a
 * character, a leading BOM dropped, the event name `message` when absent, comments (`: keep-alive`) counted separately
 * so that callers can take them as liveness without mistaking them for data, and a last event without a blank line after
 * it still given at the end (lenient: servers do that).
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
  private readonly parser: EventSourceParser;
  private out: SseEvent[] = [];
  /** nothing fed yet: a leading BOM is still to be dropped (the decoder drops it from bytes, this from text) */
  private first = true;
  /** comment lines seen (keep-alives) since construction */
  comments = 0;

  constructor() {
    this.parser = createParser({
      onEvent: (ev) => {
        const event: SseEvent = { event: ev.event || 'message', data: ev.data };
        if (ev.id !== undefined) event.id = ev.id;
        this.out.push(event);
      },
      onComment: () => {
        this.comments++;
      },
    });
  }

  /** Feeds bytes (or already decoded text); returns the events completed by them. */
  push(chunk: Uint8Array | string): SseEvent[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.first && text) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.first = false;
    }
    this.parser.feed(text);
    return this.take();
  }

  /** End of stream: flushes a last event that had no blank line after it. */
  end(): SseEvent[] {
    // the rest of a split character, then a line end and a blank line: they complete the last line and its event (a
    // `\n` right after a final `\r` is taken as its pair, the second one still ends the event)
    this.parser.feed(`${this.decoder.decode()}\n\n`);
    this.parser.reset();
    return this.take();
  }

  private take(): SseEvent[] {
    const events = this.out;
    this.out = [];
    return events;
  }
}
