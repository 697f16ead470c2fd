import { SUB_ITEM_LEVEL } from '../constants.js';

/** A bid directory node (spec §3, CONVENTIONS.md Bids). */
export interface DirectoryNode {
  id: string;
  title: string;
  level: number;
  isLeaf: boolean;
  index: number;
  status: number;
  parentId: string;
  readStatus: number;
  number: string;
  children: DirectoryNode[];
  [extra: string]: unknown;
}

/**
 * Spec §3: sub-items come from splitting a multi-line text into non-empty lines, each level 4 with id `sub-{parentId}-{n}`,
 * n counting from 1 (CONVENTIONS.md).
 */
export function splitSubItems(parent: Pick<DirectoryNode, 'id' | 'number'>, text: string): DirectoryNode[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((title, i) => ({
      id: `sub-${parent.id}-${i + 1}`,
      title,
      level: SUB_ITEM_LEVEL,
      isLeaf: true,
      index: i,
      status: 0,
      parentId: parent.id,
      readStatus: 0,
      number: parent.number ? `${parent.number}.${i + 1}` : String(i + 1),
      children: [],
    }));
}

/** Label for an unnamed level-1 or level-2 entry (the first-level chapter name defaults to an empty string, spec §3). */
export const UNNAMED_CHAPTER = '未命名章节';

/**
 * Spec §5 bid-directory helper: the first leaf's path as "number title" parts joined by " / ", using a fallback label
 * for an unnamed level-1 or level-2 entry. Returns '' for an empty tree.
 */
export function firstLeafPath(nodes: readonly DirectoryNode[]): string {
  const parts: string[] = [];
  let level: readonly DirectoryNode[] = nodes;
  while (level.length > 0) {
    const node = level[0]!;
    const title = node.title?.trim() || (node.level <= 2 ? UNNAMED_CHAPTER : '');
    parts.push([node.number, title].filter(Boolean).join(' '));
    if (node.isLeaf || !node.children || node.children.length === 0) break;
    level = node.children;
  }
  return parts.join(' / ');
}
