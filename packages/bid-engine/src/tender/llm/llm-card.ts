/**
 * The tender card on an LLM, cross-checked by the rules (issue 5, Deliver 4).
 *
 *   const card = await extractCardWithLlm(llm, files, { lot, signal, tag: `bid:${id}`, onProgress });
 *
 * 1. The rule-based `extractCard` runs first: it is cheap, it is the baseline, and it cross-checks the model.
 * 2. ~20 focused extraction tasks (llm-tasks.ts) run with bounded concurrency through `extractJson` (zod schema, one repair
 *    round); the provider's own semaphore bounds all LLM calls of the process. Each prompt is the stable system message
 *    (rules + tender text with 【第N页】 markers, llm-context.ts) FIRST and the task instruction LAST, so prefix caches hit;
 *    a tender too long for the budget is cut per page group (and chunked for groups spread over the tender).
 * 3. Every item the model returns cites a page and a verbatim excerpt; the server looks the excerpt up on that page (±1)
 *    and checks that it backs the value (llm-verify.ts). Items that fail are kept only flagged 'unverified'.
 * 4. The findings are merged into the rule card (llm-merge.ts: the merge rules are documented there): numbers and dates
 *    both found are compared, disagreements flagged 'llm-mismatch' with the verified value kept.
 *
 * Failures: a task whose JSON stays invalid after the repair round, or whose call failed after the provider's retries,
 * leaves its part of the card to the rules — the card never fails because a task did. An auth/quota/not-found error
 * (the same for every call) stops the remaining tasks early. The AbortSignal cancels everything: the promise rejects
 * with the signal's reason. Token usage is reported by the provider under `tag` (per-bid accounting).
 */
import { randomUUID } from 'node:crypto';
import type { TenderCard } from '@btz/shared';
import { extractJson } from '../../llm/json.js';
import { abortError } from '../../llm/semaphore.js';
import { addUsage, LlmError, ZERO_USAGE, type ChatMessage, type LlmProvider, type Usage } from '../../llm/types.js';
import { extractCard } from '../card.js';
import { DEFAULT_CONTEXT_CHARS, planContexts, promptFiles, systemPrompt } from './llm-context.js';
import { mergeCard, type MergeStats, type VerifiedFinding } from './llm-merge.js';
import { CARD_TASKS, taskHeader, type CardTask, type Finding } from './llm-tasks.js';
import { locate, supports } from './llm-verify.js';
import type { TenderFileInput } from '../types.js';

export type EngineFile = TenderFileInput;

export interface LlmCardOptions {
  /** the lot (标段/包) the bid answers: id, or name; facts of other lots are left out */
  lot?: string;
  signal?: AbortSignal;
  /** accounting tag of every call (e.g. `bid:123`) */
  tag?: string;
  /** after each extraction call (done of total); called with (0, total) first */
  onProgress?(done: number, total: number): void;
  /** extraction calls in flight at once (default 8) */
  concurrency?: number;
  /** characters of tender text in one prompt (default 10,000: with the rules, the instruction and the schema a prompt
   *  stays near 12k characters); a longer tender is cut per page group */
  contextChars?: number;
  /** run only these task ids (default: all of CARD_TASKS) */
  tasks?: readonly string[];
}

export interface LlmTaskReport {
  task: string;
  title: string;
  /** 1-based chunk of the task's page group, of `chunks` */
  chunk: number;
  chunks: number;
  ok: boolean;
  /** LlmError code ('json_invalid', 'server', 'rate_limited'…) or 'skipped' after a fatal error */
  code?: string;
  error?: string;
  repaired: boolean;
  findings: number;
  verified: number;
  /** characters of the prompt (system + task instruction) */
  promptChars: number;
  ms: number;
}

export interface LlmCardResult {
  card: TenderCard;
  /** the rule-based card the LLM's findings were merged into */
  rule: TenderCard;
  tasks: LlmTaskReport[];
  /** tokens of every call of this card (failed and repaired ones included) */
  usage: Usage;
  stats: MergeStats | null;
  /** the whole tender fitted one prompt: every task shared the same prefix */
  shared: boolean;
  /** wall time of the phases: rule card + prompt contexts, the LLM calls, source checks + merge */
  timings: { rulesMs: number; llmMs: number; mergeMs: number };
}

/** Errors that every further call would meet as well: stop the remaining tasks. */
const FATAL = new Set(['auth', 'quota', 'not_found']);

const DEFAULT_CONCURRENCY = 8;

/**
 * The expected length of a task's answer, to start the longest first: items the rule card found for its part (scoring
 * rows weigh more: they carry criteria), the ★/▲ marks in the chunk's own text; facts and further terms are short.
 */
function expectedSize(task: string, ctx: string, chunks: number, rule: TenderCard): number {
  const count = (ch: string) => ctx.split(ch).length - 1;
  const cat = (c: string) => rule.scoring.filter((s) => s.category === c).length;
  switch (task) {
    case 'starClauses':
      return count('★');
    case 'importantClauses':
      return count('▲');
    case 'scoringTechnical':
      return (2.5 * cat('technical')) / chunks;
    case 'scoringCommercial':
      return (2.5 * cat('commercial')) / chunks;
    case 'scoringPrice':
      return (2.5 * Math.max(1, cat('price'))) / chunks;
    case 'qualifications':
    case 'invalidClauses':
    case 'formatRules':
      return rule[task].length / chunks;
    case 'composition':
      return rule.composition.length * 0.7;
    default:
      return 2;
  }
}

export async function extractCardWithLlm(llm: LlmProvider, files: EngineFile[], opts: LlmCardOptions = {}): Promise<TenderCard> {
  return (await extractCardWithLlmDetailed(llm, files, opts)).card;
}

/** `extractCardWithLlm` with the per-task reports, the token usage and the merge statistics (tests, benchmarks, logs). */
export async function extractCardWithLlmDetailed(llm: LlmProvider, files: readonly EngineFile[], opts: LlmCardOptions = {}): Promise<LlmCardResult> {
  const { signal } = opts;
  if (signal?.aborted) throw abortError(signal);
  const t0 = performance.now();
  const rule = extractCard(files, { lot: opts.lot });
  const hasText = files.some((f) => f.pages.some((p) => p.text.trim()));
  if (llm.offline || !hasText) {
    const rulesMs = performance.now() - t0;
    return { card: rule, rule, tasks: [], usage: { ...ZERO_USAGE }, stats: null, shared: false, timings: { rulesMs, llmMs: 0, mergeMs: 0 } };
  }
  const plan = planContexts(files, opts.contextChars ?? DEFAULT_CONTEXT_CHARS);

  const pf = promptFiles(files);
  const multi = pf.length > 1;
  const lotName = rule.lot ? (rule.lots.find((l) => l.id === rule.lot)?.name ?? `第${rule.lot}标段（包）`) : null;
  const lotLine = lotName ? `\n本次投标只针对“${lotName}”：只属于其他标段（包）的内容不要提取，适用于全部标段的内容照常提取。` : '';
  const tasks = CARD_TASKS.filter((t) => !opts.tasks || opts.tasks.includes(t.id));
  const systems = new Map<string, string>();
  const system = (ctx: string) => {
    let s = systems.get(ctx);
    if (!s) systems.set(ctx, (s = systemPrompt(ctx, multi)));
    return s;
  };
  // longest answers first, so the makespan is not one long answer started last
  const calls = tasks
    .flatMap((task) => {
      const ctxs = plan.byGroup[task.group];
      return ctxs.map((ctx, i) => ({ task, ctx, chunk: i + 1, chunks: ctxs.length }));
    })
    .map((c) => ({ ...c, size: expectedSize(c.task.id, c.ctx, c.chunks, rule) }))
    .sort((a, b) => b.size - a.size);

  const usageTag = opts.tag ?? `card:${randomUUID()}`;
  let usage: Usage = { ...ZERO_USAGE };
  const unsubscribe = llm.onUsage((ev) => {
    if (ev.tag === usageTag) usage = addUsage(usage, ev.usage);
  });

  const reports: LlmTaskReport[] = [];
  const found: Array<Finding & { task: string }> = [];
  let done = 0;
  let fatal: LlmError | null = null;
  opts.onProgress?.(0, calls.length);

  const run = async (c: { task: CardTask; ctx: string; chunk: number; chunks: number; size: number }) => {
    const started = Date.now();
    const messages: ChatMessage[] = [
      { role: 'system', content: system(c.ctx) },
      { role: 'user', content: `${taskHeader(c.task)}\n${c.task.instruction}${lotLine}` },
    ];
    const base = { task: c.task.id, title: c.task.title, chunk: c.chunk, chunks: c.chunks, promptChars: messages[0]!.content.length + messages[1]!.content.length };
    if (fatal) {
      reports.push({ ...base, ok: false, code: 'skipped', error: fatal.message, repaired: false, findings: 0, verified: 0, ms: 0 });
    } else {
      try {
        const r = await extractJson(llm, messages, c.task.schema, { tag: usageTag, signal, maxTokens: c.task.maxTokens });
        const fs = c.task.toFindings(r.data);
        for (const f of fs) found.push({ ...f, task: c.task.id });
        reports.push({ ...base, ok: true, repaired: r.repaired, findings: fs.length, verified: 0, ms: Date.now() - started });
      } catch (err) {
        if (signal?.aborted) return;
        const e = err instanceof Error ? err : new Error(String(err));
        const code = err instanceof LlmError ? err.code : 'error';
        if (err instanceof LlmError && FATAL.has(err.code)) fatal ??= err;
        reports.push({ ...base, ok: false, code, error: e.message, repaired: false, findings: 0, verified: 0, ms: Date.now() - started });
      }
    }
    opts.onProgress?.(++done, calls.length);
  };

  const t1 = performance.now();
  try {
    let next = 0;
    const workers = Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? DEFAULT_CONCURRENCY, calls.length)) }, async () => {
      while (next < calls.length && !signal?.aborted) await run(calls[next++]!);
    });
    await Promise.all(workers);
  } finally {
    unsubscribe();
  }
  if (signal?.aborted) throw abortError(signal);
  const t2 = performance.now();

  // source checks
  const verified: VerifiedFinding[] = found.map((f) => {
    const loc = locate(pf, f.src);
    return { ...f, loc, verified: loc.found && supports(f, loc.excerpt) };
  });
  for (const r of reports) r.verified = verified.filter((v) => (v as { task?: string }).task === r.task && v.verified).length;

  const { card, stats } = mergeCard(rule, verified, pf);
  const failed = [...new Set(reports.filter((r) => !r.ok).map((r) => r.title))];
  card.llm = { model: llm.model, tasks: tasks.length, failed };
  if (!reports.some((r) => r.ok)) card.writer = 'offline';
  reports.sort((a, b) => tasks.findIndex((t) => t.id === a.task) - tasks.findIndex((t) => t.id === b.task) || a.chunk - b.chunk);
  const timings = { rulesMs: t1 - t0, llmMs: t2 - t1, mergeMs: performance.now() - t2 };
  return { card, rule, tasks: reports, usage, stats, shared: plan.shared, timings };
}
