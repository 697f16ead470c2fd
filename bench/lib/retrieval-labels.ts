/**
 * The labelled set of the retrieval benchmark (bench/retrieval.ts): a written bid made into the document model the
 * reader would give (a heading per outline level, the section's lines as paragraphs), and which past passages should
 * serve a new section. The benchmark's truth, so it lives here beside it and not in the engine it measures
 * (retrieval-labels.test.ts checks it).
 */
import type { BidOutlineNode } from '@btz/shared';
import type { Block, DocModel } from '@btz/bid-engine/reading';

/** `texts`: each leaf's written text by node id. `leafOfHeading`: the leaf a heading text (numbering + title) belongs to. */
export function writtenBidModel(outline: BidOutlineNode[], texts: Record<string, string>): { model: DocModel; leafOfHeading: Map<string, BidOutlineNode> } {
  const blocks: Block[] = [];
  const leafOfHeading = new Map<string, BidOutlineNode>();
  let page = 1;
  const walk = (nodes: BidOutlineNode[], level: number) => {
    for (const n of nodes) {
      const text = `${n.number} ${n.title}`.trim();
      blocks.push({ type: 'heading', level, numbering: n.number, title: n.title, text, page, pageEnd: page });
      if (n.children.length) walk(n.children, level + 1);
      else {
        leafOfHeading.set(text, n);
        for (const line of (texts[n.id] ?? '').split('\n').filter((x) => x.trim())) {
          blocks.push({ type: 'paragraph', text: line, page, pageEnd: page });
          if (line.length > 300) page++;
        }
        page++;
      }
    }
  };
  walk(outline, 1);
  return { model: { blocks, furniture: [], pageCount: page }, leafOfHeading };
}

// the truth's own normal form (not the engine's: the benchmark measures it)
const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

/**
 * Whether a past passage (written for `past`, in the bid for tender `pastTender`) should serve the new section `node` of
 * tender `tender`: the same tender, and a section of the same title or answering one of the same scoring rows.
 */
export function shouldServe(tender: string, node: Pick<BidOutlineNode, 'title' | 'scoringIds'>, pastTender: string, past: Pick<BidOutlineNode, 'title' | 'scoringIds'>): boolean {
  return pastTender === tender && (norm(past.title) === norm(node.title) || past.scoringIds.some((s) => node.scoringIds.includes(s)));
}

export const sameTitle = (a: string, b: string) => norm(a) === norm(b);
