/**
 * What the corpus benchmarks that write bids share (bench/bids.ts, bench/retrieval.ts): the labelled corpus
 * (../shared/corpus, never copied into the repository), a tender read into its card, the outline's leaves with their
 * parent and sibling titles, and a whole bid written offline leaf by leaf.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BidOutlineNode, TenderCard } from '@btz/shared';
import { readDocument, type ReadResult } from '@btz/bid-engine/reading';
import { extractCard, flattenOutline } from '@btz/bid-engine/tender';
import { buildFactSheet, writeSectionOffline, type WriteSectionInput } from '@btz/bid-engine/writer';

export const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');

export interface CorpusTruth {
  id: string;
  file: string;
  scoring: unknown[];
  category: string;
  half: 'work' | 'check';
  projectName: string | null;
  projectNameAlt?: string | null;
  purchaser: string | null;
  agency: string | null;
}

/** The corpus labels; exits with a Chinese message naming the bench when the corpus is not there. */
export function loadTruth(bench: string): CorpusTruth[] {
  if (!existsSync(path.join(corpus, 'truth.json'))) {
    console.error(`bench/${bench}: 找不到语料库 ${corpus}/truth.json（应位于仓库上一级的 shared/corpus）`);
    process.exit(2);
  }
  return JSON.parse(readFileSync(path.join(corpus, 'truth.json'), 'utf8')) as CorpusTruth[];
}

/** A corpus tender read (no OCR) into its card. */
export async function tenderCard(file: string): Promise<TenderCard> {
  return (await tenderRead(file)).card;
}

/** A corpus tender read (no OCR): its card, its plain text (every page, as the reader gives it) and the reading itself. */
export async function tenderRead(file: string): Promise<{ card: TenderCard; text: string; read: ReadResult }> {
  const full = path.join(corpus, file);
  const r = await readDocument(readFileSync(full), { ocr: false });
  const card = extractCard([{ name: path.basename(full), role: 'main', order: 1, pages: r.pages, chapters: r.chapters, model: r.model }]);
  return { card, text: r.pages.map((p) => p.text).join('\n'), read: r };
}

export interface Leaf {
  node: BidOutlineNode;
  parents: string[];
  siblings: string[];
}

/** The outline's leaves, each with the titles above it and beside it. */
export function leaves(outline: BidOutlineNode[]): Leaf[] {
  const all = flattenOutline(outline);
  const byId = new Map(all.map((n) => [n.id, n]));
  return all
    .filter((n) => n.isLeaf)
    .map((node) => {
      const parents: string[] = [];
      for (let p = byId.get(node.parentId); p; p = byId.get(p.parentId)) parents.unshift(p.title);
      const siblings = (node.parentId ? byId.get(node.parentId)!.children : outline).map((x) => x.title);
      return { node, parents, siblings };
    });
}

/**
 * Every leaf of the outline written offline (basic version), nodeId → text; `reuse` gives a leaf the past passages the
 * writing job would hand it (the repository's suggestions, bench/bids.ts).
 */
export function writeBidOffline(card: TenderCard, outline: BidOutlineNode[], reuse?: (l: Leaf) => WriteSectionInput['reuse']): Record<string, string> {
  const facts = buildFactSheet(card, { bidType: 1 });
  const sections: Record<string, string> = {};
  for (const l of leaves(outline)) {
    const target = l.node.targetChars ?? (l.node.mode === 'ai' ? 1500 : 700);
    const r = reuse?.(l);
    sections[l.node.id] = writeSectionOffline({ card, node: l.node, parentTitles: l.parents, siblingTitles: l.siblings, facts, targetChars: target, bidType: 1, outline, ...(r?.length ? { reuse: r } : {}) }).text;
  }
  return sections;
}
