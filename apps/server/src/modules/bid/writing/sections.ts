/**
 * The leaf sections of a bid and their writing state (table bid_sections). A section row exists for every leaf that was
 * ever queued or saved; a leaf without a row is `empty`. Progress is always computed from the current outline's leaves,
 * so a node deleted from the outline stops counting and a node added counts as empty.
 */
import { isPrintedPart, type BidOutlineNode, type SectionState, type WriteProgress } from '@btz/shared';
import type { BidRow } from '../repo.js';
import type { SectionRow } from './repo.js';

/** Default target of a leaf without one, by version (flagship longer than basic). */
export const DEFAULT_LEAF_CHARS: Record<1 | 2, number> = { 1: 1500, 2: 2500 };

export interface LeafInfo {
  node: BidOutlineNode;
  /** titles from level 1 down to the parent */
  parentTitles: string[];
  siblingTitles: string[];
  /** characters to aim at; 0 for a leaf in form or table mode (the tender's form or the response table decides) */
  targetChars: number;
}

/** Length guide handed to the writer for a leaf without a target (forms, response tables). */
export const FORM_GUIDE_CHARS = 1000;

/**
 * The outline's leaves in document order, with their parents' and siblings' titles — the sections the writer writes.
 * A level-1 cover or TOC part (isPrintedPart) is not one, nor is anything under it: the export prints it.
 */
export function leavesOf(outline: readonly BidOutlineNode[] | null, bidType: 1 | 2): LeafInfo[] {
  const out: LeafInfo[] = [];
  const walk = (nodes: readonly BidOutlineNode[], parents: string[]) => {
    for (const node of nodes) {
      const kids = node.children ?? [];
      if (parents.length === 0 && isPrintedPart(node.title)) continue; // with what the outline put under it
      if (kids.length === 0) {
        out.push({
          node,
          parentTitles: parents,
          siblingTitles: nodes.filter((n) => n.id !== node.id).map((n) => n.title),
          targetChars: node.mode && node.mode !== 'ai' ? 0 : node.targetChars && node.targetChars > 0 ? node.targetChars : DEFAULT_LEAF_CHARS[bidType],
        });
      } else walk(kids, [...parents, node.title]);
    }
  };
  walk(outline ?? [], []);
  return out;
}

/** Whether a node is a level-1 cover or TOC part or lies under one (the export prints those; nothing there is written). */
export function inPrintedPart(outline: readonly BidOutlineNode[] | null, id: string): boolean {
  const top = (outline ?? []).find((n) => n.id === id || findNode(n.children ?? [], id));
  return !!top && isPrintedPart(top.title);
}

export function findNode(outline: readonly BidOutlineNode[] | null, id: string): BidOutlineNode | undefined {
  for (const n of outline ?? []) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

export const DONE_STATES: readonly SectionState[] = ['written', 'edited'];
export const ACTIVE_STATES: readonly SectionState[] = ['queued', 'writing'];

/** `{ total, done, running, failed, cancelled, queued, status, sections }` of the bid's current outline. */
export function progressFrom(bid: Pick<BidRow, 'status' | 'outline' | 'bid_type'>, rows: readonly SectionRow[]): WriteProgress {
  const byNode = new Map(rows.map((r) => [r.node_id, r]));
  const leaves = leavesOf(bid.outline, bid.bid_type === 2 ? 2 : 1);
  const p: WriteProgress = { total: leaves.length, done: 0, running: 0, failed: 0, cancelled: 0, queued: 0, status: bid.status, sections: [] };
  for (const l of leaves) {
    const r = byNode.get(l.node.id);
    const state: SectionState = r?.state ?? 'empty';
    if (DONE_STATES.includes(state)) p.done++;
    else if (state === 'writing') p.running++;
    else if (state === 'queued') p.queued++;
    else if (state === 'failed') p.failed++;
    else if (state === 'cancelled') p.cancelled++;
    p.sections.push({ nodeId: l.node.id, state, chars: r?.chars ?? 0 });
  }
  return p;
}

/** Outline `status` of spec §3 from a section state: 0 empty, 1 writing, 2 written, 3 edited by hand. */
export function outlineStatusOf(state: SectionState | undefined): 0 | 1 | 2 | 3 {
  if (state === 'queued' || state === 'writing') return 1;
  if (state === 'written') return 2;
  if (state === 'edited') return 3;
  return 0;
}

/** A copy of the outline whose leaves carry their section's `status`. */
export function outlineWithStatus(outline: BidOutlineNode[] | null, rows: readonly SectionRow[]): BidOutlineNode[] | null {
  if (!outline) return outline;
  const byNode = new Map(rows.map((r) => [r.node_id, r.state]));
  const map = (nodes: BidOutlineNode[]): BidOutlineNode[] =>
    nodes.map((n) =>
      n.children && n.children.length
        ? { ...n, children: map(n.children) }
        : ({ ...n, status: outlineStatusOf(byNode.get(n.id)) } as BidOutlineNode),
    );
  return map(outline);
}
