/**
 * The LLM section writer (issue 6 item 2): one leaf of the outline written by an OpenAI-compatible model, streamed.
 *
 * - Prompt: prompts.ts (stable prefix first, the section's task last, so prefix caches hit across sections).
 * - `finish_reason: length` is continued by `chatUntilDone`, so a section is never cut mid-sentence.
 * - Length: `max_tokens` is sized from the target (≈1.3 tokens per Chinese character plus room for Markdown); a text
 *   under 80 % of the target gets one extra "go on" round appended; one over 120 % is trimmed back at a sentence end
 *   (tables of form / response-table sections are never cut), so the result lands within ±20 % of `targetChars`.
 * - Streaming: every delta goes to `opts.onDelta` as it arrives. `opts.onRestart(validLength)` means "keep only the first
 *   validLength characters of what you received"; after it, the deltas again concatenate to `result.markdown`. It is used
 *   for retried attempts (types.ts semantics) and when the final text is shorter than what streamed (trimmed).
 * - Facts: 【待填写：…】 placeholders are collected; without the bid's inventFacts opt-in a 【拟定：…】 the model wrote anyway
 *   becomes a 【待填写：…】 placeholder.
 * - Cancel: when `opts.signal` fires, the call rejects with the signal's reason (a partial section is never returned as
 *   if written).
 * An offline provider (`llm.offline`) falls back to the rule-based writer (offline.ts), streamed the same way.
 */
import { chatUntilDone } from '../llm/continue.js';
import { endsAtSentence, trimToSentenceEnd } from '../llm/text.js';
import { addUsage, ZERO_USAGE, type ChatRequest, type FinishReason, type LlmProvider, type RestartInfo, type Usage } from '../llm/types.js';
import { countChars } from '@btz/shared';
import { toDoc, toText, type Block } from './doc.js';
import { detectKind } from './kinds.js';
import { isParameterTable, parameterItems, requirementChars, requirementsFor, rowsFor } from './points.js';
import { markdownToBlocks, placeholdersOf } from './markdown.js';
import { writeSectionOffline, type WriteSectionResult } from './offline.js';
import { buildSectionMessages, extendPrompt, type SectionPromptInput } from './prompts.js';

export interface WriteSectionLlmOptions {
  signal?: AbortSignal;
  onDelta?(text: string): void;
  /** drop what you received after `validLength` characters; the deltas that follow continue from there */
  onRestart?(validLength: number): void;
  /** accounting tag, e.g. `bid:123` */
  tag?: string;
}

export type WriteSectionLlmResult = WriteSectionResult & {
  usage: Usage;
  /** the model's Markdown after continuation and trimming (what the deltas add up to) */
  markdown: string;
  /** how the last model call ended (`stop`, or `length` when continuation rounds ran out and the text was cut back) */
  finishReason: FinishReason;
  /** model calls made (continuations and the extra round included) */
  rounds: number;
};

/** Lower / upper bounds of a section's length relative to its target (issue 6 item 2). */
export const LENGTH_MIN = 0.8;
export const LENGTH_MAX = 1.2;
/** Where an over-long text is trimmed to: inside the band, with room for the sentence-end cut. */
const TRIM_TO = 1.12;

/** max_tokens for a target length: ≈1.3 tokens per Chinese character (the upper end across vendors) plus Markdown room. */
export function maxTokensFor(targetChars: number): number {
  return Math.ceil(Math.max(100, targetChars) * 1.3) + 256;
}

/** Characters of the Markdown as the bid counts them (plain text of its blocks, whitespace excluded). */
export function markdownChars(md: string): number {
  return countChars(toText(markdownToBlocks(md)));
}

const isTableLine = (l: string) => /^\s*\|/.test(l);
const isHeading = (l: string) => /^\s*#{1,6}\s/.test(l);
const isSeparator = (l: string) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(l);

/** Drops what must not end a text: blank lines, headings, a table without rows, a lead-in line ending with a colon. */
function dropDanglingTail(lines: string[]): string[] {
  const out = [...lines];
  for (;;) {
    const last = out[out.length - 1];
    if (last === undefined) return out;
    if (!last.trim() || isHeading(last) || /[：:]\s*(\*\*)?\s*$/.test(last)) {
      out.pop();
      continue;
    }
    if (isTableLine(last)) {
      let start = out.length - 1;
      while (start > 0 && isTableLine(out[start - 1]!)) start--;
      const group = out.slice(start);
      const rows = group.filter((l) => !isSeparator(l)).length;
      if (rows <= 1) {
        out.splice(start);
        continue;
      }
    }
    return out;
  }
}

/**
 * Cuts Markdown back to about `maxChars` (bid characters), only at a sentence end or a line end. With `keepTables`, a
 * table the cut falls into is kept whole (a response table must keep one row per clause).
 */
export function trimMarkdown(md: string, maxChars: number, keepTables = false): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  let total = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const c = markdownChars(line);
    if (total + c <= maxChars) {
      kept.push(line);
      total += c;
      continue;
    }
    if (isTableLine(line)) {
      if (keepTables) while (i < lines.length && isTableLine(lines[i]!)) kept.push(lines[i++]!);
      break;
    }
    if (!isHeading(line)) {
      // the longest prefix of this line that fits and ends at a sentence end
      const overhead = countChars(line) - c;
      const room = maxChars - total + Math.max(0, overhead);
      let n = 0;
      let end = 0;
      for (const ch of line) {
        if (!/\s/.test(ch)) n++;
        if (n > room) break;
        end += ch.length;
      }
      const cut = trimToSentenceEnd(line.slice(0, end));
      if (cut.length < end && endsAtSentence(cut) && markdownChars(cut) > 0) kept.push(cut);
      else if (end >= line.length) kept.push(line);
    }
    break;
  }
  return dropDanglingTail(kept).join('\n');
}

const normTitle = (s: string) =>
  s
    .replace(/\*\*/g, '')
    .replace(/^(第[一二三四五六七八九十百\d]+[章节部分篇]|[一二三四五六七八九十]+、|（[一二三四五六七八九十]+）|\d+(\.\d+)*[.、]?)\s*/, '')
    .replace(/[\s：:。]/g, '');

/** Drops a first block that only repeats the section title (models do it despite being told not to). */
function dropRepeatedTitle(blocks: Block[], title: string): Block[] {
  const first = blocks[0];
  if (!first || (first.t !== 'h' && first.t !== 'p')) return blocks;
  if (first.t === 'p' && !/^\*\*.*\*\*$/.test(first.text) && first.text.length > title.length + 4) return blocks;
  const t = normTitle(first.text);
  const want = normTitle(title);
  return t && want && (t === want || (t.includes(want) && t.length <= want.length + 6)) ? blocks.slice(1) : blocks;
}

/** Length of the common prefix of two strings. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function finish(input: SectionPromptInput, markdown: string, usage: Usage, finishReason: FinishReason, rounds: number): WriteSectionLlmResult {
  const scoring = rowsFor(input.card, input.node, input.parentTitles, input.outline);
  const kind = detectKind(input.node, input.parentTitles, scoring);
  const blocks = dropRepeatedTitle(markdownToBlocks(markdown), input.node.title);
  const text = toText(blocks);
  return { doc: toDoc(blocks), text, chars: countChars(text), placeholders: placeholdersOf(text), kind, usage, markdown, finishReason, rounds };
}

/** The error a cancelled call rejects with: the signal's own reason when it is an Error. */
export function cancelled(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const err = new Error('已取消');
  err.name = 'AbortError';
  return err;
}

/** Streams a text in ~20-character pieces (the offline fallback looks like a model to the caller). */
async function streamText(text: string, onDelta: ((t: string) => void) | undefined, signal?: AbortSignal): Promise<boolean> {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += 20) {
    if (signal?.aborted) return false;
    onDelta?.(chars.slice(i, i + 20).join(''));
    if (i % 400 === 380) await new Promise((r) => setImmediate(r));
  }
  return true;
}

export async function writeSectionLlm(llm: LlmProvider, input: SectionPromptInput, opts: WriteSectionLlmOptions = {}): Promise<WriteSectionLlmResult> {
  // a section answering many requirement items gets the room to restate and answer each (never trimmed away)
  const need = input.node.mode === 'ai' ? requirementChars(requirementsFor(input.card, input.node, input.outline)) : 0;
  if (need > input.targetChars) input = { ...input, targetChars: need };
  const target = Math.max(100, input.targetChars);

  // the parameter table of a goods or works tender is the tender's parameters with blanks for the offered values: what the
  // model cannot know, so it is composed by rule on both paths (every parameter a row, nothing invented)
  if (llm.offline || (isParameterTable(input.card, input.node) && parameterItems(input.card).length)) {
    const out = writeSectionOffline(input);
    if (!(await streamText(out.text, opts.onDelta, opts.signal))) throw cancelled(opts.signal);
    return { ...out, usage: { ...ZERO_USAGE }, markdown: out.text, finishReason: 'stop', rounds: 0 };
  }

  const messages = buildSectionMessages(input);
  const keepTables = input.node.mode !== 'ai';

  // what the caller holds: every delta, cut back on each restart
  let shown = '';
  let offset = 0;
  const onDelta = opts.onDelta
    ? (d: string) => {
        shown += d;
        opts.onDelta!(d);
      }
    : undefined;
  // Without a caller's onRestart, a stream that fails after text was shown is not retried (types.ts): the caller could
  // not drop the text. Without onDelta, retries are transparent anyway.
  const onRestart =
    opts.onDelta && opts.onRestart
      ? (info: RestartInfo) => {
          const valid = offset + info.validLength;
          shown = shown.slice(0, valid);
          opts.onRestart!(valid);
        }
      : undefined;
  const call = (msgs: ChatRequest['messages'], maxTokens: number) =>
    chatUntilDone(llm, { messages: msgs, maxTokens, signal: opts.signal, onDelta, onRestart, tag: opts.tag });
  /** Makes the caller's text equal `md`: a restart to the common prefix when needed, then the missing tail. */
  const sync = (md: string) => {
    if (!opts.onDelta || shown === md) return;
    const k = commonPrefix(shown, md);
    if (k < shown.length) {
      if (!opts.onRestart) return; // the caller cannot drop text: the returned result is authoritative
      opts.onRestart(k);
      shown = shown.slice(0, k);
    }
    const tail = md.slice(k);
    if (tail) onDelta!(tail);
  };

  const first = await call(messages, maxTokensFor(target));
  let md = first.text;
  let usage = first.usage;
  let rounds = first.rounds;
  let finishReason: FinishReason = first.finishReason;
  if (finishReason === 'cancelled') throw cancelled(opts.signal);
  sync(md);

  if (finishReason !== 'content_filter') {
    const chars = markdownChars(md);
    if (chars < target * LENGTH_MIN && md.trim()) {
      // one extra round: the text so far as the assistant's, then "go on with about N more characters"
      const joiner = md.endsWith('\n') ? '\n' : '\n\n';
      const body = md;
      onDelta?.(joiner);
      offset = shown.length;
      const more = await call(
        [...messages, { role: 'assistant', content: body }, { role: 'user', content: extendPrompt(chars, target, input.node.mode) }],
        maxTokensFor(target - chars),
      );
      usage = addUsage(usage, more.usage);
      rounds += more.rounds;
      finishReason = more.finishReason;
      if (finishReason === 'cancelled') throw cancelled(opts.signal);
      md = more.text.trim() ? body + joiner + more.text : body;
    }
    if (markdownChars(md) > target * LENGTH_MAX) md = trimMarkdown(md, Math.round(target * TRIM_TO), keepTables);
  }
  if (!input.inventFacts) md = md.replace(/【拟定：([^】]*)】/g, '【待填写：$1】');
  md = md.replace(/\s+$/, '');
  sync(md);
  return finish(input, md, usage, finishReason, rounds);
}
