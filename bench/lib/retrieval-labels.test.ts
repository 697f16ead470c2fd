/** The retrieval benchmark's labels (bench/retrieval.ts) checked on the engine's tender fixture. */
import { describe, expect, it } from 'vitest';
import { queryTerms, segmentWords, splitPassages } from '@btz/bid-engine/repository';
import { extractCard, flattenOutline, generateOutline } from '@btz/bid-engine/tender';
import { buildFactSheet, writeSectionOffline } from '@btz/bid-engine/writer';
import { MAIN_FILE } from '../../packages/bid-engine/test/fixtures/tender-pages.js';
import { shouldServe, writtenBidModel } from './retrieval-labels.js';

describe('the retrieval benchmark labels (bench/retrieval.ts)', () => {
  it('label for a new section passages of the same tender written under its title or scoring rows, and they speak of it', () => {
    const card = extractCard([MAIN_FILE]);
    const past = generateOutline(card, { bidType: 1 }).nodes;
    const facts = buildFactSheet(card, { bidType: 1 });
    const texts: Record<string, string> = {};
    for (const n of flattenOutline(past).filter((x) => x.isLeaf))
      texts[n.id] = writeSectionOffline({ card, node: n, parentTitles: [], siblingTitles: [], facts, targetChars: 1200, bidType: 1, outline: past }).text;
    const { model, leafOfHeading } = writtenBidModel(past, texts);
    const passages = splitPassages(model).map((p) => ({ ...p, leaf: leafOfHeading.get(p.path.at(-1) ?? '')! }));
    expect(passages.every((p) => p.leaf)).toBe(true);
    const fresh = flattenOutline(generateOutline(card, { bidType: 2 }).nodes).filter((n) => n.isLeaf && n.mode === 'ai');
    let labelled = 0;
    for (const node of fresh) {
      const serving = passages.filter((p) => shouldServe('t', node, 't', p.leaf));
      expect(passages.some((p) => shouldServe('t', node, 'other', p.leaf))).toBe(false);
      if (!serving.length) continue;
      labelled++;
      const rows = card.scoring.filter((r) => node.scoringIds.includes(r.id)).map((r) => r.item);
      const want = new Set(queryTerms([node.title, ...rows].join(' ')));
      for (const p of serving) {
        const words = new Set(segmentWords(`${p.path.join(' ')} ${p.text}`));
        expect([...want].some((w) => words.has(w)), `${node.title} ← ${p.path.join(' > ')}`).toBe(true);
      }
    }
    // the flagship outline splits sections further: a good share still has a past section of its title or rows
    expect(labelled / fresh.length).toBeGreaterThan(0.3);
  });
});
