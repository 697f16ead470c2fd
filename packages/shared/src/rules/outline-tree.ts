/**
 * The rules of an outline tree that the outline editor (web) and the server (engine) both apply: walking it, the ids of
 * nodes added by hand, renumbering after an edit, and the checks a saved outline must pass. What a node lacks (kind,
 * mode) is filled by the caller's `OutlineDefaults`: the two sides fill it differently, on purpose (see each caller).
 */
import { SUB_ITEM_LEVEL } from '../constants.js';
import { OUTLINE_ERRORS, OUTLINE_KINDS, OUTLINE_MODES, type BidOutlineNode, type OutlineKind, type OutlineMode } from '../bid.js';

/** Longest title of an outline node, in UTF-16 units (as OUTLINE_ERRORS.titleTooLong says). */
export const OUTLINE_MAX_TITLE = 200;

/** Depth-first visit, parents before children. */
export function walkOutline(
  nodes: readonly BidOutlineNode[],
  fn: (n: BidOutlineNode, parent: BidOutlineNode | null) => void,
  parent: BidOutlineNode | null = null,
): void {
  for (const n of nodes) {
    fn(n, parent);
    if (Array.isArray(n.children)) walkOutline(n.children, fn, n);
  }
}

/** Flat list of an outline's nodes, depth first. */
export function flattenOutline(nodes: readonly BidOutlineNode[]): BidOutlineNode[] {
  const out: BidOutlineNode[] = [];
  walkOutline(nodes, (n) => out.push(n));
  return out;
}

/** A fresh id for a node added by hand under `parentId` ('' for level 1): `n4`, `n2-7`… not used anywhere yet. */
export function newNodeId(nodes: readonly BidOutlineNode[], parentId: string): string {
  const used = new Set(flattenOutline(nodes).map((n) => n.id));
  for (let k = 1; ; k++) {
    const id = parentId ? `${parentId}-${k}` : `n${k}`;
    if (!used.has(id)) return id;
  }
}

/**
 * The kind and mode a node gets when it has none (a node made by hand, an old outline): given the node and its parent
 * as renumbered so far (null at level 1). Only called when `kind` or `mode` is missing.
 */
export type OutlineDefaults = (node: Pick<BidOutlineNode, 'title'>, parent: BidOutlineNode | null) => { kind: OutlineKind; mode: OutlineMode };

/**
 * A copy of the outline with level, parentId, index, number and isLeaf recomputed from the nesting (after hand edits:
 * moves, deletions, promotions). Ids, titles and statuses are kept (a missing status / readStatus becomes 0); a missing
 * kind or mode comes from `defaults`; a missing scoringIds becomes [].
 */
export function renumberOutline(nodes: readonly BidOutlineNode[], defaults: OutlineDefaults): BidOutlineNode[] {
  const go = (list: readonly BidOutlineNode[], parent: BidOutlineNode | null, level: number): BidOutlineNode[] =>
    list.map((n, index) => {
      const fill = n.kind == null || n.mode == null ? defaults(n, parent) : null;
      const out: BidOutlineNode = {
        ...n,
        level,
        index,
        parentId: parent ? parent.id : '',
        number: parent ? `${parent.number}.${index + 1}` : String(index + 1),
        status: typeof n.status === 'number' ? n.status : 0,
        readStatus: typeof n.readStatus === 'number' ? n.readStatus : 0,
        kind: n.kind ?? fill!.kind,
        mode: n.mode ?? fill!.mode,
        scoringIds: Array.isArray(n.scoringIds) ? [...n.scoringIds] : [],
        children: [],
        isLeaf: true,
      };
      out.children = go(Array.isArray(n.children) ? n.children : [], out, level + 1);
      out.isLeaf = out.children.length === 0;
      return out;
    });
  return go(nodes, null, 1);
}

export interface OutlineValidation {
  ok: boolean;
  /** refusals, in Chinese (shown as they are) */
  errors: string[];
  /** fields that were inconsistent and are recomputed in `nodes` (level, parentId, index, number, isLeaf) */
  fixed: string[];
  /** the outline renumbered (only when ok) */
  nodes: BidOutlineNode[];
}

/**
 * Checks an outline as saved by the editor: an array of nested nodes, levels 1–4 (the nesting depth; a declared level
 * must agree or is recomputed), unique non-empty ids, text titles, no node inside itself (cycle), kinds and modes from
 * the known lists. When it passes, `nodes` is the outline renumbered with `defaults`.
 */
export function checkOutline(input: unknown, defaults: OutlineDefaults): OutlineValidation {
  const errors: string[] = [];
  const fixed: string[] = [];
  if (!Array.isArray(input)) return { ok: false, errors: [OUTLINE_ERRORS.notArray], fixed, nodes: [] };
  const ids = new Set<string>();
  const path = new Set<object>();
  const pathIds: string[] = [];
  const visit = (list: unknown, level: number, parentId: string): void => {
    if (list === undefined || list === null) return;
    if (!Array.isArray(list)) {
      errors.push(OUTLINE_ERRORS.notArray);
      return;
    }
    list.forEach((raw, index) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
        errors.push(OUTLINE_ERRORS.notObject);
        return;
      }
      const n = raw as Partial<BidOutlineNode>;
      const id = typeof n.id === 'string' ? n.id.trim() : '';
      const title = typeof n.title === 'string' ? n.title : '';
      if (path.has(raw) || (id && pathIds.includes(id))) {
        errors.push(OUTLINE_ERRORS.cycle(id || title));
        return;
      }
      if (!id) errors.push(OUTLINE_ERRORS.missingId);
      else if (ids.has(id)) errors.push(OUTLINE_ERRORS.duplicateId(id));
      else ids.add(id);
      if (typeof n.title !== 'string') errors.push(OUTLINE_ERRORS.badTitle(id));
      else if (n.title.length > OUTLINE_MAX_TITLE) errors.push(OUTLINE_ERRORS.titleTooLong(id));
      if (level > SUB_ITEM_LEVEL) {
        errors.push(OUTLINE_ERRORS.tooDeep(title || id));
        return;
      }
      if (n.level !== undefined && (typeof n.level !== 'number' || n.level < 1 || n.level > SUB_ITEM_LEVEL)) errors.push(OUTLINE_ERRORS.badLevel(title || id));
      else if (n.level !== level) fixed.push(`${id}.level`);
      if (n.kind !== undefined && !OUTLINE_KINDS.includes(n.kind)) errors.push(OUTLINE_ERRORS.badKind(id));
      if (n.mode !== undefined && !OUTLINE_MODES.includes(n.mode)) errors.push(OUTLINE_ERRORS.badMode(id));
      if (n.parentId !== parentId) fixed.push(`${id}.parentId`);
      if (n.index !== index) fixed.push(`${id}.index`);
      path.add(raw);
      pathIds.push(id);
      visit(n.children, level + 1, id);
      path.delete(raw);
      pathIds.pop();
    });
  };
  visit(input, 1, '');
  const unique = [...new Set(errors)];
  if (unique.length) return { ok: false, errors: unique, fixed, nodes: [] };
  return { ok: true, errors: [], fixed, nodes: renumberOutline(input as BidOutlineNode[], defaults) };
}

// ---------------------------------------------------------------------------------------------------------------------
// Length targets (issue 24 item 4): each written section has its own target (`targetChars`); the whole bid's is their sum

/** Characters of a printed page when the user states a length in pages and gives no figure (小四, 1.5 倍行距, A4). */
export const DEFAULT_CHARS_PER_PAGE = 800;
/** A written section is never asked for fewer characters than this. */
export const MIN_SECTION_CHARS = 200;
/** Most characters of one written section (the saved outline keeps no more). */
export const MAX_SECTION_CHARS = 200_000;

/** The sections a length target applies to: the leaves the writer writes (mode 'ai'); forms and tables are the tender's. */
export function writtenLeaves(nodes: readonly BidOutlineNode[]): BidOutlineNode[] {
  return flattenOutline(nodes).filter((n) => !n.children?.length && n.mode === 'ai');
}

/** The whole bid's target: the written sections' targets added up (0 when none has one). */
export function totalTarget(nodes: readonly BidOutlineNode[]): number {
  return writtenLeaves(nodes).reduce((a, n) => a + (n.targetChars ?? 0), 0);
}

/**
 * A copy of the outline whose written sections' targets add up to `total` (within rounding): each keeps its share of the
 * present targets (a section without one counts as the average), none under MIN_SECTION_CHARS.
 */
export function withTotalTarget(nodes: readonly BidOutlineNode[], total: number): BidOutlineNode[] {
  const leaves = writtenLeaves(nodes);
  if (!leaves.length) return nodes.map((n) => ({ ...n }));
  const known = leaves.map((n) => n.targetChars ?? 0).filter((t) => t > 0);
  const avg = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weight = new Map(leaves.map((n) => [n.id, n.targetChars && n.targetChars > 0 ? n.targetChars : avg]));
  const sum = [...weight.values()].reduce((a, b) => a + b, 0);
  const copy = (list: readonly BidOutlineNode[]): BidOutlineNode[] =>
    list.map((n) => {
      const w = weight.get(n.id);
      const out: BidOutlineNode = { ...n, children: copy(n.children ?? []) };
      if (w !== undefined && !n.children?.length)
        out.targetChars = Math.min(MAX_SECTION_CHARS, Math.max(MIN_SECTION_CHARS, Math.round((total * w) / sum)));
      return out;
    });
  return copy(nodes);
}
