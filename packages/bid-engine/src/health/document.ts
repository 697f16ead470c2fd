import type { BidOutlineNode, TenderCard } from '@btz/shared';
import type { DocModel } from '../reading/model/types.js';
import { keyPoints, rowPoints } from '../tender/key-points.js';
import { termIn } from './coverage.js';
import { pairsFoundIn } from '../text/ngrams.js';
import { DEVIATION_TABLE_TITLE, deviationTableFor } from '../tender/deviation.js';

/**
 * A bid file read (reading/: the document model, or its pages) as the content-health check's input (issue 15, 废标检查):
 * its headings become the outline (levels made relative to the file's top level, at most 4), the text under each
 * heading its section, and the card's scoring rows are mapped to the sections that answer them — by the heading's words,
 * else by the section whose text names most of the row's key points — as the outline of a bid written here maps them.
 * `pageAt` gives the page of a piece of a section's text.
 */

export interface ReadBid {
  model?: DocModel;
  pages: { page: number; text: string }[];
}

export interface DocumentBid {
  outline: BidOutlineNode[];
  sections: Record<string, string>;
  /** the page of `excerpt` inside section `nodeId` (the heading's page when not found) */
  pageAt(nodeId: string | null, excerpt?: string): number | null;
}

const FORM_TITLE = /投标函|响应函|投标书|响应书|授权委托书|授权书|授权函|身份证明|证明书|报价表|一览表|报价单|明细表|承诺函|承诺书|声明函|声明书|保证金|偏离表|自查表|审查表|响应表|协议书|封面/;

function node(id: string, title: string, level: number, number = ''): BidOutlineNode {
  return {
    id,
    title,
    level,
    isLeaf: true,
    index: 0,
    status: 0,
    parentId: '',
    readStatus: 0,
    number,
    kind: '其他',
    mode: FORM_TITLE.test(title) ? 'form' : 'ai',
    scoringIds: [],
    children: [],
  };
}

type Block = DocModel['blocks'][number];
function blockText(b: Block): string {
  if (b.type === 'table') return b.rows.map((r) => r.cells.map((c) => c.text).join(' | ')).join('\n');
  return b.text;
}

/** A scoring row's own wording: without its category (「技术分-」), numbering (「6.」) and anything but letters and figures. */
function itemCore(item: string): string {
  return bare(item.replace(/^[^-—]*[-—]/, '').replace(/^[\s\d.、．（()）一二三四五六七八九十]+/, ''));
}
const bare = (s: string) => s.replace(/[^\u4e00-\u9fa5A-Za-z0-9]/g, '');

/** A heading titled for the row's wording: it holds the wording, or they share most of their character pairs both ways. */
function titledFor(item: string, title: string): boolean {
  const t = bare(title);
  if (item.length < 4 || t.length < 4) return false;
  return t.includes(item) || (pairsFoundIn(item, t) >= 0.7 && pairsFoundIn(t, item) >= 0.7);
}

/** `nd` lies under `above` in the outline. */
function isUnder(nd: BidOutlineNode, above: BidOutlineNode, all: BidOutlineNode[]): boolean {
  const byId = new Map(all.map((x) => [x.id, x]));
  for (let p = byId.get(nd.parentId); p; p = byId.get(p.parentId)) if (p === above) return true;
  return false;
}

export function documentBid(doc: ReadBid, card?: Pick<TenderCard, 'scoring'>): DocumentBid {
  const blocks: Block[] = doc.model?.blocks.length
    ? doc.model.blocks
    : doc.pages.flatMap((p) => p.text.split('\n').filter((l) => l.trim()).map((text) => ({ type: 'paragraph' as const, text, page: p.page, pageEnd: p.page })));
  const headings = blocks.filter((b): b is Extract<Block, { type: 'heading' }> => b.type === 'heading');
  const top = headings.length ? Math.min(...headings.map((h) => h.level)) : 1;
  const outline: BidOutlineNode[] = [];
  const text = new Map<string, string[]>();
  const spans = new Map<string, { start: number; page: number }[]>();
  const headPage = new Map<string, number>();
  const stack: BidOutlineNode[] = [];
  let cur: BidOutlineNode | null = null;
  let n = 0;
  const add = (id: string, s: string, page: number) => {
    const parts = text.get(id)!;
    const len = parts.reduce((a, p) => a + p.length + 1, 0);
    spans.get(id)!.push({ start: len, page });
    parts.push(s);
  };
  const open = (title: string, level: number, page: number, number = '') => {
    const nd = node(`d${++n}`, title.slice(0, 200), level, number);
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.children.push(nd);
      parent.isLeaf = false;
      nd.parentId = parent.id;
    } else outline.push(nd);
    nd.index = (parent ? parent.children : outline).length - 1;
    stack.push(nd);
    text.set(nd.id, []);
    spans.set(nd.id, []);
    headPage.set(nd.id, page);
    cur = nd;
  };
  for (const b of blocks) {
    if (b.type === 'heading') {
      open(b.title || b.text, Math.min(4, Math.max(1, b.level - top + 1)), b.page, b.numbering);
      continue;
    }
    if (!cur) open('封面及前言', 1, b.page);
    add(cur!.id, blockText(b), b.page);
  }
  const sections: Record<string, string> = {};
  for (const [id, parts] of text) sections[id] = parts.join('\n');

  // scoring rows → the sections answering them
  const all: BidOutlineNode[] = [];
  const walk = (ns: BidOutlineNode[]) => ns.forEach((x) => (all.push(x), walk(x.children)));
  walk(outline);
  const deviationTables = all.filter((nd) => DEVIATION_TABLE_TITLE.test(nd.title));
  for (const row of card?.scoring ?? []) {
    if (row.category === 'price') continue;
    // a row scoring deviations is read from the deviation table of its side, as the outline of a bid written here maps it
    const table = deviationTableFor(row.item, deviationTables);
    if (table) {
      table.scoringIds.push(row.id);
      continue;
    }
    const { name } = rowPoints(row);
    const item = itemCore(row.item);
    // a heading titled for the row: its name parts (or the row's own wording, when the name is one long phrase) — every
    // heading so titled, as the outline of a bid written here maps a row to all its sections (「企业资质」 and 「企业资质证明」)
    const titleScore = (title: string) => Math.max(name.length ? name.filter((t) => termIn(t, title)).length / name.length : 0, titledFor(item, title) ? 1 : 0);
    let top = 0;
    const scored = all.map((nd) => ({ nd, score: titleScore(nd.title) }));
    for (const x of scored) if (x.score >= 0.5 && x.score > top) top = x.score;
    const titled = top ? scored.filter((x) => x.score === top).map((x) => x.nd) : [];
    const picked = titled.filter((nd) => !titled.some((o) => o !== nd && isUnder(nd, o, all)));
    let best: { node: BidOutlineNode; score: number } | null = null;
    if (!picked.length) {
      const terms = keyPoints(row);
      for (const nd of all) {
        const body = sections[nd.id] ?? '';
        if (body.replace(/\s+/g, '').length < 100) continue;
        const hit = terms.filter((t) => termIn(t, body)).length;
        if (hit > 0 && (!best || hit > best.score)) best = { node: nd, score: hit };
      }
    }
    for (const nd of best ? [best.node] : picked) nd.scoringIds.push(row.id);
  }

  const pageAt = (nodeId: string | null, excerpt?: string): number | null => {
    if (!nodeId) return null;
    const head = headPage.get(nodeId) ?? null;
    if (!excerpt) return head;
    const at = (sections[nodeId] ?? '').indexOf(excerpt);
    if (at < 0) return head;
    let page = head;
    for (const s of spans.get(nodeId) ?? []) if (s.start <= at) page = s.page;
    return page;
  };
  return { outline, sections, pageAt };
}
