/**
 * Size limits of a section document (depth, node count, text length): measuring a document, and cutting a converted one
 * down so it fits. Depth counts the `doc` as 1, so `doc > paragraph > text` is 3 deep.
 */
import type { EditorJson, EditorJsonNode } from '@btz/shared';

export const MAX_DEPTH = 30;
export const MAX_NODES = 50_000;
export const MAX_TEXT = 200_000;

export interface DocSize {
  depth: number;
  nodes: number;
  text: number;
}

/** Depth, node count (the doc included) and text length (UTF-16 units) of a document. Iterative: any depth is safe. */
export function measure(doc: EditorJson): DocSize {
  const size: DocSize = { depth: 1, nodes: 1, text: 0 };
  const stack: [EditorJsonNode[], number][] = [[doc.content, 2]];
  while (stack.length) {
    const [nodes, depth] = stack.pop()!;
    for (const node of nodes) {
      size.nodes++;
      if (depth > size.depth) size.depth = depth;
      if (typeof node.text === 'string') size.text += node.text.length;
      if (node.content?.length) stack.push([node.content, depth + 1]);
    }
  }
  return size;
}

/** The first message of a broken limit, or null. */
export function limitError(size: DocSize): string | null {
  if (size.depth > MAX_DEPTH) return `正文格式不正确：嵌套层级超过 ${MAX_DEPTH} 层`;
  if (size.nodes > MAX_NODES) return `正文过大：节点数超过 ${MAX_NODES} 个`;
  if (size.text > MAX_TEXT) return `正文过长：文字超过 ${MAX_TEXT} 字`;
  return null;
}

interface Budget {
  nodes: number;
  text: number;
}

/**
 * Cuts a (schema-clean, depth-bounded) document so that its node count and text stay under the limits less `margin`
 * nodes, keeping content in reading order. Containers emptied by the cut are left for the cleaner to repair, which adds
 * at most a few nodes per level: that is what the margin is for.
 */
export function truncate(doc: EditorJson, margin = 200): EditorJson {
  const size = measure(doc);
  if (size.nodes <= MAX_NODES - margin && size.text <= MAX_TEXT) return doc;
  const budget: Budget = { nodes: MAX_NODES - margin - 1, text: MAX_TEXT };
  return { type: 'doc', content: cutList(doc.content, budget) };
}

function cutList(nodes: EditorJsonNode[], budget: Budget): EditorJsonNode[] {
  const out: EditorJsonNode[] = [];
  for (const node of nodes) {
    const cut = cutNode(node, budget);
    if (!cut) break;
    out.push(cut);
  }
  return out;
}

function cutNode(node: EditorJsonNode, budget: Budget): EditorJsonNode | null {
  if (budget.nodes <= 0) return null;
  budget.nodes--;
  if (typeof node.text === 'string') {
    if (budget.text <= 0) return null;
    let text = node.text;
    if (text.length > budget.text) {
      text = text.slice(0, budget.text);
      if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1); // never split a surrogate pair
    }
    budget.text -= text.length;
    budget.nodes = budget.text <= 0 ? 0 : budget.nodes;
    return text ? { ...node, text } : null;
  }
  if (!node.content) return node;
  return { ...node, content: cutList(node.content, budget) };
}
