/**
 * Pure helpers of the outline editor: the tree of spec §3 directory nodes (plus our kind / mode / scoringIds) edited by
 * hand — add, rename, delete, move (drag, promote, demote), split into level-4 sub-items — and the conversion to antd
 * Tree data. Every edit returns a new, renumbered outline (level, parentId, index, number, isLeaf follow the nesting, as
 * the server's `renumber` does), or an error in Chinese.
 */
import {
  flattenOutline,
  newNodeId,
  OUTLINE_MAX_TITLE,
  renumberOutline,
  splitSubItems,
  SUB_ITEM_LEVEL,
  walkOutline,
  type BidOutlineNode,
  type OutlineDefaults,
  type OutlineKind,
} from '@btz/shared';

export const MAX_LEVEL = SUB_ITEM_LEVEL;
export const MAX_TITLE = OUTLINE_MAX_TITLE;

export const OUTLINE_EDIT_ERRORS = {
  notFound: '没有找到该目录节点，请刷新后重试',
  tooDeep: `目录最多 ${SUB_ITEM_LEVEL} 级，不能再往下放`,
  intoSelf: '不能把章节拖到它自己的下级',
  emptyTitle: '标题不能为空',
  titleTooLong: `标题过长（最多 ${MAX_TITLE} 字）`,
  noLines: '请粘贴至少一行文字，每行一个子项',
  splitLevel: `子项为第 ${SUB_ITEM_LEVEL} 级，只能在第 ${SUB_ITEM_LEVEL - 1} 级节点上拆分`,
  promoteTop: '已经是第一级，不能再升级',
  demoteFirst: '上面没有同级章节，不能降级',
} as const;

export type EditResult = { ok: true; nodes: BidOutlineNode[]; id?: string } | { ok: false; error: string };

const fail = (error: string): EditResult => ({ ok: false, error });

/** Depth-first visit (the shared rule). */
export const walk = walkOutline;
export const flatten = flattenOutline;

export function findNode(nodes: readonly BidOutlineNode[], id: string): BidOutlineNode | null {
  let hit: BidOutlineNode | null = null;
  walk(nodes, (n) => {
    if (!hit && n.id === id) hit = n;
  });
  return hit;
}

/** The ids from the root to `id` (inclusive), or [] when absent. */
export function pathTo(nodes: readonly BidOutlineNode[], id: string): string[] {
  for (const n of nodes) {
    if (n.id === id) return [n.id];
    const sub = pathTo(n.children ?? [], id);
    if (sub.length) return [n.id, ...sub];
  }
  return [];
}

/** Number of levels in a subtree (1 for a leaf). */
export function subtreeDepth(node: BidOutlineNode): number {
  return 1 + Math.max(0, ...(node.children ?? []).map(subtreeDepth));
}

/**
 * What a node without kind or mode gets in the editor: its parent's kind (其他 at level 1) and mode 'ai' — unlike the
 * server, which classifies a level-1 title (engine `chapterDefaults`). Nodes made here always carry both (`blankNode`).
 */
export const editorDefaults: OutlineDefaults = (_n, parent) => ({ kind: parent?.kind ?? '其他', mode: 'ai' });

/** Levels, parents, indexes, numbers and leaf flags recomputed from the nesting (the shared rule); other fields kept. */
export const renumber = (nodes: readonly BidOutlineNode[]): BidOutlineNode[] => renumberOutline(nodes, editorDefaults);

/** A fresh id under `parentId` ('' at level 1): n4, n2-7… not used anywhere yet (the shared rule the server follows). */
export { newNodeId };

/** A blank node (renumber fills level, number…). */
export function blankNode(id: string, title: string, kind: OutlineKind = '其他'): BidOutlineNode {
  return {
    id,
    title,
    level: 1,
    isLeaf: true,
    index: 0,
    status: 0,
    parentId: '',
    readStatus: 0,
    number: '',
    children: [],
    kind,
    mode: 'ai',
    scoringIds: [],
  };
}

/** Copy of the tree with `fn` applied to the list that holds `id` (or to the root list when `id` is ''). */
function mapList(
  nodes: readonly BidOutlineNode[],
  parentId: string,
  fn: (list: BidOutlineNode[]) => BidOutlineNode[],
): BidOutlineNode[] {
  if (parentId === '') return fn([...nodes]);
  return nodes.map((n) =>
    n.id === parentId ? { ...n, children: fn([...(n.children ?? [])]) } : { ...n, children: mapList(n.children ?? [], parentId, fn) },
  );
}

function parentOf(nodes: readonly BidOutlineNode[], id: string): { parentId: string; index: number; siblings: BidOutlineNode[] } | null {
  const path = pathTo(nodes, id);
  if (!path.length) return null;
  const parentId = path.length > 1 ? path[path.length - 2]! : '';
  const siblings = parentId ? findNode(nodes, parentId)!.children : [...nodes];
  return { parentId, index: siblings.findIndex((s) => s.id === id), siblings };
}

function levelOfParent(nodes: readonly BidOutlineNode[], parentId: string): number {
  return parentId ? pathTo(nodes, parentId).length : 0;
}

export function checkTitle(title: string): string | null {
  const t = title.trim();
  if (!t) return OUTLINE_EDIT_ERRORS.emptyTitle;
  if (t.length > MAX_TITLE) return OUTLINE_EDIT_ERRORS.titleTooLong;
  return null;
}

export function renameNode(nodes: readonly BidOutlineNode[], id: string, title: string): EditResult {
  const err = checkTitle(title);
  if (err) return fail(err);
  if (!findNode(nodes, id)) return fail(OUTLINE_EDIT_ERRORS.notFound);
  const go = (list: readonly BidOutlineNode[]): BidOutlineNode[] =>
    list.map((n) => (n.id === id ? { ...n, title: title.trim(), status: n.status === 2 ? 3 : n.status } : { ...n, children: go(n.children ?? []) }));
  return { ok: true, nodes: renumber(go(nodes)), id };
}

/** Changes fields of one node (kind, mode, target length, scoring items…). */
export function patchNode(nodes: readonly BidOutlineNode[], id: string, patch: Partial<BidOutlineNode>): EditResult {
  if (!findNode(nodes, id)) return fail(OUTLINE_EDIT_ERRORS.notFound);
  const go = (list: readonly BidOutlineNode[]): BidOutlineNode[] =>
    list.map((n) => (n.id === id ? { ...n, ...patch } : { ...n, children: go(n.children ?? []) }));
  return { ok: true, nodes: renumber(go(nodes)), id };
}

export function removeNode(nodes: readonly BidOutlineNode[], id: string): EditResult {
  const at = parentOf(nodes, id);
  if (!at) return fail(OUTLINE_EDIT_ERRORS.notFound);
  return { ok: true, nodes: renumber(mapList(nodes, at.parentId, (list) => list.filter((n) => n.id !== id))) };
}

/** Inserts `node` (a subtree) into `parentId`'s children at `index` (clamped); refuses beyond level 4. */
export function insertNode(nodes: readonly BidOutlineNode[], parentId: string, index: number, node: BidOutlineNode): EditResult {
  if (parentId && !findNode(nodes, parentId)) return fail(OUTLINE_EDIT_ERRORS.notFound);
  if (levelOfParent(nodes, parentId) + subtreeDepth(node) > MAX_LEVEL) return fail(OUTLINE_EDIT_ERRORS.tooDeep);
  const next = mapList(nodes, parentId, (list) => {
    const i = Math.max(0, Math.min(index, list.length));
    list.splice(i, 0, node);
    return list;
  });
  return { ok: true, nodes: renumber(next), id: node.id };
}

/** A new last child of `parentId` ('' adds a level-1 chapter). */
export function addChild(nodes: readonly BidOutlineNode[], parentId: string, title = '新章节'): EditResult {
  const parent = parentId ? findNode(nodes, parentId) : null;
  if (parentId && !parent) return fail(OUTLINE_EDIT_ERRORS.notFound);
  const node = blankNode(newNodeId(nodes, parentId), title, parent?.kind ?? '其他');
  return insertNode(nodes, parentId, parent ? parent.children.length : nodes.length, node);
}

/** A new node right after `id`, at the same level. */
export function addSibling(nodes: readonly BidOutlineNode[], id: string, title = '新章节'): EditResult {
  const at = parentOf(nodes, id);
  if (!at) return fail(OUTLINE_EDIT_ERRORS.notFound);
  const self = at.siblings[at.index]!;
  const node = blankNode(newNodeId(nodes, at.parentId), title, self.kind);
  return insertNode(nodes, at.parentId, at.index + 1, node);
}

/** Where a dragged node lands: inside a node (as its first child), or before / after a node at its level. */
export type DropTarget = { position: 'inside'; id: string } | { position: 'before' | 'after'; id: string };

/**
 * Moves `dragId` (with its subtree). Refuses a drop into itself or its own descendants and one that would make the tree
 * deeper than 4 levels. Moving changes the node's level: promote / demote by dropping.
 */
export function moveNode(nodes: readonly BidOutlineNode[], dragId: string, target: DropTarget): EditResult {
  const drag = findNode(nodes, dragId);
  if (!drag || !findNode(nodes, target.id)) return fail(OUTLINE_EDIT_ERRORS.notFound);
  if (target.id === dragId) return { ok: true, nodes: renumber(nodes), id: dragId };
  if (pathTo(nodes, target.id).includes(dragId)) return fail(OUTLINE_EDIT_ERRORS.intoSelf);
  const without = removeNode(nodes, dragId);
  if (!without.ok) return without;
  const rest = without.nodes;
  if (target.position === 'inside') return insertNode(rest, target.id, 0, drag);
  const at = parentOf(rest, target.id)!;
  return insertNode(rest, at.parentId, target.position === 'before' ? at.index : at.index + 1, drag);
}

/** One level up: the node becomes the next sibling of its parent. */
export function promoteNode(nodes: readonly BidOutlineNode[], id: string): EditResult {
  const path = pathTo(nodes, id);
  if (!path.length) return fail(OUTLINE_EDIT_ERRORS.notFound);
  if (path.length === 1) return fail(OUTLINE_EDIT_ERRORS.promoteTop);
  return moveNode(nodes, id, { position: 'after', id: path[path.length - 2]! });
}

/** One level down: the node becomes the last child of its previous sibling. */
export function demoteNode(nodes: readonly BidOutlineNode[], id: string): EditResult {
  const at = parentOf(nodes, id);
  if (!at) return fail(OUTLINE_EDIT_ERRORS.notFound);
  if (at.index === 0) return fail(OUTLINE_EDIT_ERRORS.demoteFirst);
  const prev = at.siblings[at.index - 1]!;
  const drag = at.siblings[at.index]!;
  const without = removeNode(nodes, id);
  if (!without.ok) return without;
  return insertNode(without.nodes, prev.id, prev.children.length, drag);
}

/** Whether 「拆分为子项」 applies: sub-items are level 4 (spec §3), so their parent is a level-3 node. */
export const canSplit = (node: Pick<BidOutlineNode, 'level'>): boolean => node.level === SUB_ITEM_LEVEL - 1;

/**
 * Spec §3: a multi-line text becomes level-4 sub-items of `id` (one per non-empty line, ids `sub-{parentId}-{n}`), added
 * after the node's existing children; n continues past ids already used.
 */
export function splitNode(nodes: readonly BidOutlineNode[], id: string, text: string): EditResult {
  const parent = findNode(nodes, id);
  if (!parent) return fail(OUTLINE_EDIT_ERRORS.notFound);
  if (!canSplit(parent)) return fail(OUTLINE_EDIT_ERRORS.splitLevel);
  const items = splitSubItems(parent, text);
  if (!items.length) return fail(OUTLINE_EDIT_ERRORS.noLines);
  const used = new Set(flatten(nodes).map((n) => n.id));
  let n = 0;
  const subs: BidOutlineNode[] = items.map((item) => {
    let sid = item.id;
    if (used.has(sid)) {
      do sid = `sub-${parent.id}-${++n + items.length}`;
      while (used.has(sid));
    }
    used.add(sid);
    return {
      ...item,
      id: sid,
      title: item.title.slice(0, MAX_TITLE),
      kind: parent.kind,
      mode: 'ai',
      scoringIds: [],
      children: [],
    };
  });
  const next = mapList(nodes, id, (list) => [...list, ...subs]);
  return { ok: true, nodes: renumber(next), id };
}

/** antd Tree data: key = node id; `node` keeps the outline node for the title renderer. */
export interface OutlineTreeItem {
  key: string;
  title: string;
  node: BidOutlineNode;
  isLeaf: boolean;
  children: OutlineTreeItem[];
}

export function toTreeData(nodes: readonly BidOutlineNode[]): OutlineTreeItem[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.title,
    node: n,
    isLeaf: !n.children?.length,
    children: toTreeData(n.children ?? []),
  }));
}

/** Back from Tree data to nodes (the `node` payload, children from the tree's nesting). */
export function fromTreeData(items: readonly OutlineTreeItem[]): BidOutlineNode[] {
  return renumber(items.map((i) => ({ ...i.node, children: fromTreeData(i.children) })));
}

/** Input of antd Tree's `onDrop`, reduced to what decides the target. */
export interface TreeDropInfo {
  dragKey: string;
  dropKey: string;
  /** the target's `pos` ("0-1-2") */
  dropPos: string;
  /** antd's `info.dropPosition` (absolute: the target's index −1 / +0 / +1) */
  dropPosition: number;
  dropToGap: boolean;
  /** the target is expanded and has children (a drop just below it lands as its first child) */
  targetExpandedWithChildren?: boolean;
}

/** antd Tree drop → our DropTarget (antd's documented rule: relative position −1 before, 0 inside, 1 after). */
export function dropTarget(info: TreeDropInfo): DropTarget {
  const last = Number(info.dropPos.split('-').pop());
  const relative = info.dropPosition - last;
  if (!info.dropToGap) return { position: 'inside', id: info.dropKey };
  if (relative === 1 && info.targetExpandedWithChildren) return { position: 'inside', id: info.dropKey };
  return { position: relative < 0 ? 'before' : 'after', id: info.dropKey };
}

/** Whether `dragId` may be dropped inside `targetId` (not into itself, at most 4 levels): Tree's allowDrop. */
export function canDropInside(nodes: readonly BidOutlineNode[], dragId: string, targetId: string): boolean {
  const drag = findNode(nodes, dragId);
  if (!drag) return false;
  if (pathTo(nodes, targetId).includes(dragId)) return false;
  return pathTo(nodes, targetId).length + subtreeDepth(drag) <= MAX_LEVEL;
}

/** Number of leaves (sections that will be written). */
export function leafCount(nodes: readonly BidOutlineNode[]): number {
  return flatten(nodes).filter((n) => !n.children?.length).length;
}
