import type { BidOutlineNode } from '@btz/shared';

/** The bid as every check reads it: its outline flattened in reading order, each section's text, the sections with text. */

export interface FlatNode {
  node: BidOutlineNode;
  leaf: boolean;
  order: number;
}

export interface CheckedBid {
  flat: FlatNode[];
  /** The section's plain text ('' when it has none). */
  textOf: (id: string) => string;
  /** The nodes whose text is not blank, in reading order. */
  withText: FlatNode[];
}

export function checkedBid(outline: BidOutlineNode[], sections: Record<string, string>): CheckedBid {
  const flat = flatten(outline);
  const textOf = (id: string) => sections[id] ?? '';
  const withText = flat.filter((f) => textOf(f.node.id).trim().length > 0);
  return { flat, textOf, withText };
}

export function flatten(outline: BidOutlineNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  const walk = (nodes: BidOutlineNode[]) => {
    for (const n of nodes) {
      const children = Array.isArray(n.children) ? n.children : [];
      out.push({ node: n, leaf: n.isLeaf || children.length === 0, order: out.length });
      walk(children);
    }
  };
  walk(outline);
  return out;
}

/** Longest excerpt quoted in a finding. */
const EXCERPT_MAX = 80;

export function clip(s: string, max = EXCERPT_MAX): string {
  return s.length > max ? s.slice(0, max) : s;
}

export const label = (n: BidOutlineNode) => `「${n.number ? `${n.number} ` : ''}${n.title}」`;
