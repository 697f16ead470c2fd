/**
 * Hand edits of an outline: the checks a saved outline must pass (the engine's validateOutline, plus a node limit), the
 * fields we keep (nothing else a client sends is stored), and regenerating one level-1 or level-2 branch from the card.
 */
import { BID_TEXTS, OUTLINE_ERRORS, type BidOutlineNode, type TenderCard } from '@btz/shared';
import { badRequest } from '../../http/errors.js';
import { flattenOutline, generateOutline, renumber, validateOutline } from '@btz/bid-engine/tender';

/** Nodes in a tree of any shape, counted without trusting it (stops early past `max`). */
function countNodes(input: unknown, max: number): number {
  let n = 0;
  const seen = new Set<unknown>();
  const walk = (list: unknown, depth: number) => {
    if (!Array.isArray(list) || depth > 6) return;
    for (const x of list) {
      if (n > max || !x || typeof x !== 'object' || seen.has(x)) continue;
      seen.add(x);
      n++;
      walk((x as { children?: unknown }).children, depth + 1);
    }
  };
  walk(input, 1);
  return n;
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === 'string' && x.length <= 64))].slice(0, 200) : undefined;
const small = (v: unknown, lo: number, hi: number, def: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi ? v : def;

function keepFields(n: BidOutlineNode): BidOutlineNode {
  const clauseIds = strings(n.clauseIds);
  const out: BidOutlineNode = {
    id: n.id.trim(),
    title: n.title,
    level: n.level,
    isLeaf: n.isLeaf,
    index: n.index,
    status: small(n.status, 0, 3, 0),
    parentId: n.parentId,
    readStatus: small(n.readStatus, 0, 1, 0),
    number: n.number,
    kind: n.kind,
    mode: n.mode,
    scoringIds: strings(n.scoringIds) ?? [],
    ...(clauseIds?.length ? { clauseIds } : {}),
    ...(typeof n.targetChars === 'number' && n.targetChars > 0 && n.targetChars <= 200_000 ? { targetChars: Math.round(n.targetChars) } : {}),
    children: n.children.map(keepFields),
  };
  return out;
}

/** A client's outline, checked (levels 1–4, unique ids, no cycles, titles ≤ 200, ≤ `max` nodes), renumbered, trimmed to our fields. */
export function cleanOutline(input: unknown, max: number): BidOutlineNode[] {
  if (!Array.isArray(input)) throw badRequest(OUTLINE_ERRORS.notArray);
  if (countNodes(input, max) > max) throw badRequest(BID_TEXTS.tooManyNodes(max));
  const v = validateOutline(input);
  if (!v.ok) throw badRequest(v.errors.slice(0, 3).join('；'));
  return renumber(v.nodes.map(keepFields));
}

/** Fresh nodes get ids no node of the tree uses: `{parentId}-{k}`. */
function reId(nodes: BidOutlineNode[], parentId: string, used: Set<string>): BidOutlineNode[] {
  return nodes.map((n) => {
    let k = 1;
    while (used.has(`${parentId}-${k}`)) k++;
    const id = `${parentId}-${k}`;
    used.add(id);
    return { ...n, id, parentId, status: 0, readStatus: 0, children: reId(n.children, id, used) };
  });
}

const norm = (s: string) => s.replace(/\s+/g, '');

function matchChapter(fresh: BidOutlineNode[], node: BidOutlineNode, index: number): BidOutlineNode | undefined {
  return (
    fresh.find((f) => norm(f.title) === norm(node.title)) ??
    fresh.find((f) => f.kind === node.kind && f.index === index) ??
    (fresh.filter((f) => f.kind === node.kind).length === 1 ? fresh.find((f) => f.kind === node.kind) : undefined)
  );
}

function matchSection(fresh: BidOutlineNode[], node: BidOutlineNode): BidOutlineNode | undefined {
  const ids = new Set(node.scoringIds ?? []);
  return fresh.find((f) => norm(f.title) === norm(node.title)) ?? (ids.size ? fresh.find((f) => f.scoringIds.some((s) => ids.has(s))) : undefined);
}

/**
 * Replaces the children of one level-1 or level-2 node with those the engine generates for it from the card; the node
 * keeps its id and title, every other branch stays as the user left it.
 */
export function regenerateBranch(outline: BidOutlineNode[], nodeId: string, card: TenderCard, bidType: 1 | 2): BidOutlineNode[] {
  const tree = renumber(outline);
  const all = flattenOutline(tree);
  const node = all.find((n) => n.id === nodeId);
  if (!node) throw badRequest(BID_TEXTS.nodeNotFound);
  if (node.level > 2) throw badRequest(BID_TEXTS.branchLevel);
  const fresh = generateOutline(card, { bidType }).nodes;
  let source: BidOutlineNode | undefined;
  if (node.level === 1) source = matchChapter(fresh, node, node.index);
  else {
    const parent = all.find((n) => n.id === node.parentId)!;
    const freshParent = matchChapter(fresh, parent, parent.index);
    source = freshParent ? matchSection(freshParent.children, node) : undefined;
    source ??= matchSection(fresh.flatMap((c) => c.children), node);
  }
  if (!source) throw badRequest('招标要点中没有与该目录对应的内容，无法重新生成，请手动编辑');
  const oldIds = new Set(flattenOutline(node.children).map((n) => n.id));
  const used = new Set(all.map((n) => n.id).filter((id) => !oldIds.has(id)));
  const replace = (list: BidOutlineNode[]): BidOutlineNode[] =>
    list.map((n) =>
      n.id === nodeId
        ? { ...n, kind: source.kind, mode: source.mode, scoringIds: [...source.scoringIds], ...(source.clauseIds ? { clauseIds: [...source.clauseIds] } : {}), ...(source.targetChars ? { targetChars: source.targetChars } : {}), status: 0, children: reId(source.children, n.id, used) }
        : { ...n, children: replace(n.children) },
    );
  return renumber(replace(tree));
}
