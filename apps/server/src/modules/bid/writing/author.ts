/**
 * Who writes one section: the offline writer (no model configured: structured, tender-specific text from the card, the
 * fact sheet and the enterprise facts) or the configured OpenAI-compatible model. Both stream: `onDelta` gets the text as
 * it is produced, `onRestart(validLength)` says how much of it survives a retried model call. The result is the editor
 * JSON, validated against the editor schema like any save. The material from the libraries (知识库 passages, 资料库
 * blocks) comes in from the writing job (job.ts); the author reaches into no other module.
 */
import type { EditorJson } from '@btz/shared';
import type { AppContext } from '../../../context.js';
import { countChars, docToText, validateDoc } from '@btz/bid-engine/content';
import type { BidRow } from '../repo.js';
import { buildFactSheet, writeSectionOffline, type EnterpriseFacts, type ReferencePassage, type WriteSectionInput } from '@btz/bid-engine/writer';
import { FORM_GUIDE_CHARS, type LeafInfo } from './sections.js';

export interface AuthorOptions {
  signal: AbortSignal;
  onDelta(text: string): void;
  onRestart(validLength: number): void;
  enterprise: EnterpriseFacts;
}

/** What the writing job gathers from the libraries for one section before it is written. */
export interface SectionMaterial {
  /** the passages of the owner's past bids the section's 参考段落 panel shows (知识库): the model's reference material */
  references: ReferencePassage[];
  /** the owner's past passages on the section's subject, adapted to this tender by the offline writer (知识库) */
  reuse: NonNullable<WriteSectionInput['reuse']>;
  /** qualification chapters: the owner's data-bank documents of the types the section asks for (tables, pictures, captions) */
  bank: EditorJson['content'];
}

/** Whether the section is written by the configured model (else by the offline writer). */
export function writesWithModel(app: AppContext, bid: Pick<BidRow, 'writer'>): boolean {
  return bid.writer === 'llm' && !app.llm.offline;
}

export interface Authored {
  doc: EditorJson;
  text: string;
  chars: number;
}

/** Offline writer pieces streamed at a time. */
const OFFLINE_PIECE = 60;

export async function authorSection(app: AppContext, bid: BidRow, leaf: LeafInfo, material: SectionMaterial, opts: AuthorOptions): Promise<Authored> {
  if (!bid.card) throw new Error('bid has no tender card');
  const bidType = bid.bid_type === 2 ? 2 : 1;
  const input = {
    card: bid.card,
    node: leaf.node,
    parentTitles: leaf.parentTitles,
    siblingTitles: leaf.siblingTitles,
    facts: buildFactSheet(bid.card, { bidType }),
    enterprise: opts.enterprise,
    targetChars: leaf.targetChars || FORM_GUIDE_CHARS,
    bidType,
    // the whole outline: each requirement item and ★/▲ clause of the tender is answered by exactly one leaf
    outline: bid.outline ?? [],
  } as const;
  let raw: unknown;
  if (writesWithModel(app, bid)) {
    const { writeSectionLlm } = await import('@btz/bid-engine/writer');
    const r = await writeSectionLlm(
      app.llm,
      { ...input, inventFacts: bid.invent_facts, references: material.references },
      { signal: opts.signal, onDelta: opts.onDelta, onRestart: opts.onRestart, tag: `bid:${bid.id}` },
    );
    raw = r.doc;
  } else {
    const r = writeSectionOffline({ ...input, reuse: material.reuse });
    for (let i = 0; i < r.text.length; i += OFFLINE_PIECE) {
      opts.signal.throwIfAborted();
      opts.onDelta(r.text.slice(i, i + OFFLINE_PIECE));
      if (app.config.writeStreamDelayMs) await sleep(app.config.writeStreamDelayMs, opts.signal);
    }
    raw = r.doc;
  }
  const bank = material.bank ?? [];
  if (bank.length) raw = { ...(raw as EditorJson), content: [...((raw as EditorJson).content ?? []), ...bank] };
  const v = validateDoc(raw);
  if (!v.ok) throw new Error(`writer produced an invalid document: ${v.error}`);
  const text = docToText(v.doc);
  return { doc: v.doc, text, chars: countChars(text) };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
