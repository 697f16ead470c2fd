/**
 * An outline the user brings (issue 24 item 4): a DOCX's headings or a pasted numbered list (「1 项目理解\n1.1 …」)
 * becomes the bid's outline — kinds and modes from the titles, the tender's scoring rows mapped onto the sections whose
 * titles name them, the rows no section names given back (the user adds a section for them), and the whole bid's
 * length target shared out over the written sections by the points they answer.
 */
import {
  OUTLINE_MAX_TITLE,
  SUB_ITEM_LEVEL,
  withTotalTarget,
  type BidOutlineNode,
  type CoverageEntry,
  type ScoringItem,
  type TenderCard,
} from '@btz/shared';
import type { DocModel } from '../reading/index.js';
import { classifyChapter, computeCoverage, coverageGaps, DEFAULT_TOTAL_CHARS, renumber } from '../tender/index.js';
import { bigramSet } from '../text/ngrams.js';
import { sharedCount } from '../text/similarity.js';

export interface ImportedHeading {
  level: number;
  title: string;
}

export interface ImportedOutline {
  nodes: BidOutlineNode[];
  coverage: CoverageEntry[];
  /** the scoring rows (not price) no imported section answers */
  unmapped: ScoringItem[];
}

/** Most sections an imported outline keeps (the saved outline's limit is the server's). */
const MAX_HEADINGS = 400;

const CN = '[一二三四五六七八九十百零〇]+';
/** Numbering styles of a line, each with the title after it; the decimal style's depth is its number of parts. */
const STYLES: [string, RegExp][] = [
  ['md', /^(#{1,6})\s*(.+)$/],
  ['chapter', new RegExp(`^第\\s*(?:${CN}|\\d+)\\s*[章篇部分]+[\\s:：、.．]*(.*)$`)],
  ['section', new RegExp(`^第\\s*(?:${CN}|\\d+)\\s*节[\\s:：、.．]*(.*)$`)],
  ['cn', new RegExp(`^${CN}\\s*[、.．]\\s*(.+)$`)],
  ['cnParen', new RegExp(`^[（(]\\s*${CN}\\s*[)）]\\s*[、.．]?\\s*(.+)$`)],
  ['dec', /^(\d{1,3}(?:\s*[.．]\s*\d{1,3})*)\s*[.．、]?\s+(.+)$/],
  ['decTight', /^(\d{1,3}(?:[.．]\d{1,3})*)[.．、]\s*(.+)$/],
  ['paren', /^[（(]\s*\d{1,3}\s*[)）]\s*[、.．]?\s*(.+)$/],
  ['circled', /^[①-⑳]\s*(.+)$/],
  ['letter', /^[A-Za-z]\s*[.．、)）]\s*(.+)$/],
];

/** A line's numbering style (the decimal one with its depth: dec1, dec2…) and its title, or null for an empty line. */
function styleOf(line: string): { key: string; title: string } | null {
  const s = line.replace(/\u3000/g, ' ').trim();
  if (!s) return null;
  for (const [name, re] of STYLES) {
    const m = re.exec(s);
    if (!m) continue;
    if (name === 'md') return { key: `md${m[1]!.length}`, title: m[2]!.trim() };
    if (name === 'dec' || name === 'decTight') return { key: `dec${m[1]!.split(/[.．]/).length}`, title: m[2]!.trim() };
    if (name === 'chapter' || name === 'section') return { key: name, title: (m[1] ?? '').trim() || s };
    return { key: name, title: m[1]!.trim() };
  }
  return { key: 'plain', title: s };
}

/**
 * A pasted outline's lines as headings: a numbering style met for the first time goes one level below the line before
 * it; a style met before goes back to that style's level (「第一章」 → 「一、」 → 「（一）」, or 「1」 → 「1.1」 → 「2」).
 */
export function parseOutlineText(text: string): ImportedHeading[] {
  const out: ImportedHeading[] = [];
  const stack: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const st = styleOf(line);
    if (!st || !/[\p{Script=Han}A-Za-z]/u.test(st.title)) continue;
    const at = stack.indexOf(st.key);
    if (at >= 0) stack.length = at + 1;
    else stack.push(st.key);
    out.push({ level: stack.length, title: st.title.replace(/[\s.．…·]*\d*$/, (m) => (/\d/.test(m) && /[.．…·]/.test(m) ? '' : m)).trim() });
    if (out.length >= MAX_HEADINGS) break;
  }
  return out;
}

/**
 * A DOCX's outline: its headings (the title without their numbering); a document without heading styles gives its short
 * numbered paragraphs, read as a pasted list.
 */
export function headingsOfModel(model: DocModel): ImportedHeading[] {
  const heads = model.blocks.filter((b): b is Extract<DocModel['blocks'][number], { type: 'heading' }> => b.type === 'heading');
  if (heads.length >= 2) return heads.slice(0, MAX_HEADINGS).map((h) => ({ level: h.level, title: (h.title || h.text).trim() }));
  const lines: string[] = [];
  for (const b of model.blocks) {
    if (b.type === 'list-item' && b.text.trim().length <= 60) lines.push(b.numbering ? `${b.numbering} ${b.text}` : b.text);
    else if (b.type === 'paragraph' && b.text.trim().length <= 60) lines.push(b.text);
  }
  return parseOutlineText(lines.join('\n')).filter((h, _, all) => all.length >= 2 && h.title.length >= 2);
}

const bigrams = (s: string) => bigramSet(s.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, ''));
const GENERIC = new Set(['投标', '标人', '要求', '提供', '项目', '招标', '满足', '完全', '具有', '具备', '情况', '进行', '相关', '采购', '合理', '可行', '详细', '内容', '评审', '本项']);

/** How well a section title names a scoring row: the row's words it holds (0 when it does not name the row). */
function nameScore(title: string, item: string): number {
  const t = title.replace(/\s+/g, '');
  const i = item.replace(/[\s（(]*\d+(?:\.\d+)?\s*分[)）]?/g, '').replace(/\s+/g, '');
  if (i.length >= 2 && (t.includes(i) || (t.length >= 2 && i.includes(t)))) return 100 + Math.min(t.length, i.length);
  const a = bigrams(i);
  const shared = sharedCount(a, bigrams(t), GENERIC);
  const useful = [...a].filter((x) => !GENERIC.has(x)).length || 1;
  return shared >= 2 || (shared >= 1 && shared / useful >= 0.5) ? shared * 10 + Math.round((shared / useful) * 10) : 0;
}

/** Headings → the outline tree: a heading deeper than the one before by more than a level is put one level below it. */
function treeOf(headings: ImportedHeading[]): BidOutlineNode[] {
  const roots: BidOutlineNode[] = [];
  const stack: { level: number; node: BidOutlineNode }[] = [];
  const base = Math.min(...headings.map((h) => h.level));
  let n = 0;
  for (const h of headings) {
    const title = h.title.replace(/\s+/g, ' ').trim().slice(0, OUTLINE_MAX_TITLE);
    if (!title) continue;
    const level = h.level - base + 1;
    while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
    if (stack.length >= SUB_ITEM_LEVEL) continue; // deeper than the outline's four levels: left out
    const parent = stack[stack.length - 1]?.node ?? null;
    const own = classifyChapter(title);
    const kind = parent ? (parent.kind === '其他' ? own.kind : parent.kind) : own.kind;
    const mode = !parent ? own.mode : own.mode === 'table' ? 'table' : parent.mode === 'ai' ? 'ai' : parent.mode;
    const node: BidOutlineNode = {
      id: `n${++n}`,
      title,
      level: stack.length + 1,
      isLeaf: true,
      index: 0,
      status: 0,
      parentId: parent?.id ?? '',
      readStatus: 0,
      number: '',
      kind,
      mode,
      scoringIds: [],
      children: [],
    };
    (parent ? parent.children : roots).push(node);
    stack.push({ level, node });
  }
  return roots;
}

/** Re-ids a renumbered tree in the generated outline's scheme (n1, n1-2, n1-2-3). */
function reId(nodes: BidOutlineNode[], parentId = ''): BidOutlineNode[] {
  return nodes.map((node, i) => {
    const id = parentId ? `${parentId}-${i + 1}` : `n${i + 1}`;
    return { ...node, id, parentId, children: reId(node.children, id) };
  });
}

/**
 * The outline from the user's headings, with the tender's scoring rows mapped onto it: each row to the section whose
 * title names it best (the deeper one on a tie); the ★/▲ clauses to its response table when it has one; the written
 * sections' targets sharing `totalChars` (default by version) by the points they answer.
 */
export function importOutline(card: TenderCard, headings: ImportedHeading[], opts: { bidType: 1 | 2; totalChars?: number }): ImportedOutline {
  const nodes = reId(renumber(treeOf(headings)));
  const all: BidOutlineNode[] = [];
  const walk = (list: BidOutlineNode[]) => list.forEach((x) => (all.push(x), walk(x.children)));
  walk(nodes);

  for (const s of card.scoring) {
    let best: BidOutlineNode | null = null;
    let top = 0;
    for (const node of all) {
      if (s.category === 'price' ? node.kind !== '价格' : node.kind === '价格') continue;
      const sc = s.category === 'price' ? 1 : nameScore(node.title, s.item);
      if (sc > top || (sc === top && sc > 0 && best && node.level > best.level)) {
        best = node;
        top = sc;
      }
    }
    if (best) best.scoringIds.push(s.id);
  }
  const clauseIds = [...card.starClauses, ...card.importantClauses].map((c) => c.id);
  const table = all.find((x) => x.mode === 'table' && x.kind !== '商务') ?? all.find((x) => x.mode === 'table');
  if (table && clauseIds.length) table.clauseIds = clauseIds;

  // each written leaf weighs the points of the rows it (or its nearest ancestor with rows) answers
  const known = card.scoring.map((s) => s.points).filter((p): p is number => typeof p === 'number' && p > 0);
  const avg = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 5;
  const points = (ids: string[]) => ids.reduce((a, id) => a + (card.scoring.find((s) => s.id === id)?.points ?? avg), 0);
  const weigh = (list: BidOutlineNode[], inherited: number) => {
    for (const x of list) {
      const own = x.scoringIds.length ? points(x.scoringIds) : inherited;
      if (x.children.length) {
        const written = x.children.length;
        weigh(x.children, x.scoringIds.length ? own / written : inherited);
      } else if (x.mode === 'ai') x.targetChars = Math.max(1, Math.round((own || avg / 2) * 100));
    }
  };
  weigh(nodes, 0);
  const total = opts.totalChars ?? DEFAULT_TOTAL_CHARS[opts.bidType];
  const out = withTotalTarget(nodes, total);
  const coverage = computeCoverage(card.scoring, out);
  return { nodes: out, coverage, unmapped: coverageGaps(card.scoring, coverage) };
}
