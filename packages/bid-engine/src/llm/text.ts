/** Small text helpers of the LLM layer: token estimates, `<think>` stripping, sentence boundaries. */

const CJK = /[\u2E80-\u9FFF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF\u3000-\u303F]/;

/** Rough token count: one per CJK character or full-width mark, one per ~4 other characters (what vendors' tokenizers give for Chinese bids). */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const ch of text) {
    if (CJK.test(ch)) cjk++;
    else other++;
  }
  return cjk + Math.ceil(other / 4);
}

/** Prompt tokens of a message list (content + a few tokens of role framing per message). */
export function estimatePromptTokens(messages: { role: string; content: string }[]): number {
  return messages.reduce((n, m) => n + 4 + estimateTokens(m.content), 2);
}

const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Streaming filter that drops a leading `<think>…</think>` block (reasoning models served by Ollama/vLLM put their chain
 * of thought into `content`). Text that does not start with `<think>` passes through untouched.
 */
export class ThinkFilter {
  private state: 'start' | 'thinking' | 'after' | 'pass' = 'start';
  private buf = '';

  push(s: string): string {
    if (this.state === 'pass') return s;
    this.buf += s;
    if (this.state === 'start') {
      const t = this.buf.trimStart();
      if (t.length < OPEN.length && OPEN.startsWith(t)) return ''; // undecided yet (may be empty)
      if (!t.startsWith(OPEN)) return this.flush();
      this.state = 'thinking';
      this.buf = t.slice(OPEN.length);
    }
    if (this.state === 'thinking') {
      const i = this.buf.indexOf(CLOSE);
      if (i < 0) {
        this.buf = this.buf.slice(-(CLOSE.length - 1));
        return '';
      }
      this.state = 'after';
      this.buf = this.buf.slice(i + CLOSE.length);
    }
    // after the block: skip the blank lines that follow it
    this.buf = this.buf.trimStart();
    if (!this.buf) return '';
    return this.flush();
  }

  end(): string {
    if (this.state === 'start') return this.flush();
    if (this.state === 'thinking') {
      this.buf = '';
      return '';
    }
    return this.flush();
  }

  private flush(): string {
    this.state = 'pass';
    const out = this.buf;
    this.buf = '';
    return out;
  }
}

/** Sentence-final punctuation, optionally followed by closing quotes/brackets. */
const SENTENCE_END = /(?:[。！？!?…]+|\.(?=\s|$)|；|;(?=\s|$))[”’」』）)》】"']*/g;

/** True when the text (ignoring trailing whitespace) ends at a sentence end, a line end of a list/table, or is empty. */
export function endsAtSentence(text: string): boolean {
  const t = text.replace(/[ \t\u3000]+$/, '');
  if (!t || t.endsWith('\n')) return true;
  return /(?:[。！？!?…；]|\.|;)[”’」』）)》】"']*$/.test(t) || /^\s*\|.*\|\s*$/.test(t.slice(t.lastIndexOf('\n') + 1));
}

/**
 * Cuts the text back to its last complete sentence (or line), so that a truncated answer never ends mid-sentence.
 * Returns the text unchanged when it already ends at one, and the whole text when it has no sentence end at all.
 */
export function trimToSentenceEnd(text: string): string {
  const t = text.replace(/\s+$/, '');
  if (endsAtSentence(t)) return t;
  let cut = -1;
  for (const m of t.matchAll(SENTENCE_END)) cut = m.index + m[0].length;
  const nl = t.lastIndexOf('\n');
  if (nl > cut) cut = nl;
  return cut > 0 ? t.slice(0, cut).replace(/\s+$/, '') : t;
}

/**
 * Length of the overlap when a continuation repeats the end of the text before it (models often restart the last
 * sentence): the largest k ≥ minOverlap with `prev.endsWith(next.slice(0, k))`.
 */
export function overlapLength(prev: string, next: string, minOverlap = 6): number {
  const max = Math.min(prev.length, next.length);
  for (let k = max; k >= minOverlap; k--) {
    if (prev.endsWith(next.slice(0, k))) return k;
  }
  return 0;
}
