/**
 * The bid-file composition read from the document model (issue 12 item 3): the tender's 投标文件的组成/构成
 * enumeration (list items, numbered paragraphs 「附件1 投标函」, or a table), or else the format chapter's own headings;
 * in order, titles without page numbers, numbering, brackets or notes. Each part is linked to its form — the heading
 * of the format chapter that holds it — when there is one.
 */
import type { Block, DocModel, HeadingBlock } from '../reading/model/types.js';
import { tableGrid } from '../reading/model/table.js';

export interface ModelPart {
  title: string;
  note?: string;
  page: number;
  /** the item as printed (for the cited excerpt) */
  excerpt: string;
  /** the form in the format chapter: its heading and page */
  form?: { title: string; page: number };
}

const START =
  /(?:投标|响应|应答)文件(?:的)?(?:组成|构成)(?!部分)|(?:投标|响应)文件(?:应|须)?(?:包括|包含|由)(?:以下|下列|如下)|(?:商务|技术|资格|价格|报价)(?:响应|投标)?文件(?:应)?由以下(?:部分|内容)组成/;
const FORMAT_CHAPTER = /(?:投标|响应)文件(?:的)?(?:格式|组成格式|参考格式|有关格式)|格式附件|投标文件内容及格式/;
/** Numbering that opens a part: 「附件1」「表1」「（1）」「1.」「一、」「5-1」 — its style tells items from sub-items. */
const NUMBERING: Array<[RegExp, string]> = [
  [/^★?\s*附件\s*\d+(?:\s*[-－—]\s*\d+)?\s*[:：.、]?\s*/, 'att'],
  [/^表\s*\d+\s*[:：.、]?\s*/, 'tab'],
  [/^[（(]\s*\d+\s*[)）]\s*/, 'pnum'],
  [/^[⑴⑵⑶⑷⑸⑹⑺⑻⑼⑽⑾⑿⒀⒁⒂⒃⒄⒅⒆⒇]\s*/, 'pnum'],
  [/^[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]\s*/, 'circle'],
  [/^\d{1,2}\s*[.．、](?!\d)\s*/, 'num'],
  [/^[一二三四五六七八九十]+\s*[、.．]\s*/, 'cn'],
  [/^\d{1,2}\s*[-－]\s*\d{1,2}\s*/, 'dash'],
];

function numbering(text: string): { style: string; length: number } | null {
  for (const [re, style] of NUMBERING) {
    const m = re.exec(text);
    if (m) return { style, length: m[0].length };
  }
  return null;
}

const textOf = (b: Block) => (b.type === 'table' ? '' : b.type === 'heading' ? b.text : b.text);

/** A part's title: no numbering, brackets, quotes, notes or trailing punctuation. */
export function partName(raw: string): { title: string; note?: string } | null {
  let t = raw.replace(/\s+/g, ' ').trim();
  const n = numbering(t);
  if (n) t = t.slice(n.length);
  t = t.replace(/^★\s*/, '').trim();
  // quotes around the whole title go; inside it they are the tender's words (「第六章《采购需求》规定的其他内容」)
  t = t.replace(/^[《“"「]([^《》“”"「」]*)[》”"」]([；;。，,：:]?)$/, '$1$2');
  // a title printed wholly in brackets: 「（根据项目属性提出的特定要求）」
  t = t.replace(/^[（(]([^（()）]+)[)）]([；;。，,：:]?)$/, '$1$2');
  let note: string | undefined;
  const colon = /^(.{2,40}?)[：:]\s*(.*)$/.exec(t);
  if (colon) {
    t = colon[1]!;
    note = colon[2]!.replace(/[；;。]+$/, '') || undefined;
  }
  // brackets holding notes go (「（格式）」 at the end, 「（或事业单位法人证书）」「（含保洁、绿化等内容）」 inside);
  // a bracket that is part of the name stays (「法定代表人（负责人）授权委托书」)
  const noteBracket = /[（(]\s*(?:或|若|如|含|包括|需|须|即|注|格式|复印件|原件|可选|非|按|见|详见|加盖|盖章|本项目)[^（()）]*[)）]|[（(][^（()）]*(?:等|、|www\.|https?:|\.cn|\.com)[^（()）]*[)）]/g;
  for (let k = 0; k < 3; k++) t = t.replace(noteBracket, '');
  for (let k = 0; k < 3; k++) t = t.replace(/[（(][^（()）]*[)）]\s*[；;。，,：:]*$/, '').trim();
  t = t.replace(/[（(][^)）]*$/, '');
  t = t.replace(/^[《“"「]([^《》“”"「」]*)[》”"」]$/, '$1');
  const cut = t.search(/[，,；;。]/);
  if (cut >= 2) {
    note ??= t.slice(cut + 1).replace(/[；;。]+$/, '') || undefined;
    t = t.slice(0, cut);
  }
  t = t.replace(/[\s…．.·]+\d*\s*$/, '').replace(/[；;。，,、：:]+$/, '').replace(/\s+/g, '').trim();
  t = t.replace(/^[《“"「]([^《》“”"「」]*)[》”"」]$/, '$1');
  if (t.length < 2 || t.length > 60 || !/[\u4e00-\u9fa5]{2}/.test(t) || /^(?:的|如|若|注|说明|[，,、；;。）)])/.test(t)) return null;
  if ((t.match(/[（(]/g)?.length ?? 0) !== (t.match(/[)）]/g)?.length ?? 0)) return null;
  return note ? { title: t, note } : { title: t };
}

interface Raw {
  text: string;
  page: number;
}

/** The enumeration under a start block: items of one numbering style (or list level), continuations joined. */
function enumeration(blocks: Block[], i: number): Raw[] {
  const start = blocks[i]!;
  const level = start.type === 'heading' ? start.level : null;
  const items: Raw[] = [];
  // the clause after the start's own number is a sibling, not an item (「11. 投标文件的组成」 then 「12. 投标报价」)
  const ownText = start.type === 'list-item' ? `${start.numbering}${start.text}` : textOf(start);
  const own = /^(\d{1,2})(?![\d.．])\s*[.．、]?/.exec(ownText.trim());
  const sibling = own ? Number(own[1]) + 1 : null;
  const clause = own ? new RegExp(`^${own[1]}\\s*[.．]\\s*\\d`) : null;
  let style: string | null = null;
  let listLevel: number | null = null;
  for (let j = i + 1; j < blocks.length && j <= i + 80; j++) {
    const b = blocks[j]!;
    if (b.type === 'table') {
      if (items.length) break;
      continue;
    }
    if (b.type === 'heading') {
      if (START.test(b.text) && !items.length) continue; // 「1.1 投标文件应包括下列部分：」 under 「投标文件的组成」
      if (level !== null && b.level <= level && !START.test(b.text)) break;
      if (level === null && items.length) break;
      // a group heading inside the enumeration (「15.2.2技术响应文件」): its items follow
      continue;
    }
    const full = b.type === 'list-item' ? `${b.numbering}${b.text}` : b.text;
    // the start's own sub-clauses (「10.1 投标人应当…」) explain, they are not parts; the next clause ends the list
    if (clause?.test(full.trim())) continue;
    if (sibling !== null && new RegExp(`^${sibling}(?!\\d)`).test(full.trim())) break;
    if (b.type === 'list-item') {
      if (start.type === 'list-item' && b.level <= start.level) break;
      listLevel ??= b.level;
      if (b.level > listLevel) continue;
      if (b.level < listLevel) break;
      if (!START.test(b.text)) items.push({ text: b.text, page: b.page });
      continue;
    }
    const n = numbering(b.text);
    if (sibling !== null && n?.style === 'num' && Number(/^\d+/.exec(b.text.trim())?.[0]) === sibling) break;
    if (n) {
      style ??= n.style;
      if (n.style === style) {
        items.push({ text: b.text, page: b.page });
        continue;
      }
      if (items.length && (n.style === 'tab' || n.style === 'dash')) continue; // sub-items of the last part
      if (items.length) break;
      continue;
    }
    const last = items.at(-1);
    if (!last) {
      if (j - i > 3) break;
      continue;
    }
    // a wrapped item (「…相关的资格证」/「书；」) or its explanation
    if (!/[。；;]$/.test(last.text) && b.text.length <= 40) last.text += b.text;
    else if (b.text.length > 120 || /^(?:注|说明|备注)/.test(b.text)) break;
  }
  return items;
}

/** The parts listed in a composition table: 「商务投标文件 | 开标一览表⏎投标报价明细表」 rows. */
function tableParts(b: Extract<Block, { type: 'table' }>): Raw[] {
  const grid = tableGrid(b);
  const out: Raw[] = [];
  grid.forEach((row, r) => {
    if (r === 0 && START.test(row.map((s) => s.text).join(''))) return;
    const cells = row.filter((s, k) => s.text.trim() && row.findIndex((x) => x.cell === s.cell) === k);
    const groupFirst = cells.length >= 2 && (cells[0]!.cell?.rowSpan ?? 1) > 1 && /文件$/.test(cells[0]!.text.trim());
    const groupOnly = cells.length >= 2 && /(?:投标|响应)文件$/.test(cells[0]!.text.trim());
    const cell = groupFirst || groupOnly ? cells[1] : cells.length === 1 ? cells[0] : cells[0]!.cell?.rowSpan === 1 && cells.length >= 2 ? cells[0] : cells[1];
    if (!cell || !cell.origin) return;
    for (const line of cell.text.split('\n')) if (line.trim()) out.push({ text: line.trim(), page: b.rows[r]!.page });
  });
  return out;
}

/**
 * The format chapter's reference contents table (「格式 3.目录（参考）」: 类型名称 | 序号 | 文件名称 | 页码): the files
 * numbered with plain integers, in order (「1.1」「附件 1」 rows are their attachments).
 */
function contentsTable(blocks: Block[]): Raw[] {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type !== 'table') continue;
    const before = blocks.slice(Math.max(0, i - 2), i).map(textOf).join('');
    if (!/目录|组成|构成/.test(before)) continue;
    const grid = tableGrid(b);
    const head = grid[0]?.map((s) => s.text.replace(/\s+/g, '')) ?? [];
    const name = head.findIndex((t) => /^(?:文件|材料|资料)名称$|^(?:文件|资料)内容$/.test(t));
    const seq = head.findIndex((t) => /^序号$/.test(t));
    if (name < 0 || seq < 0) continue;
    const out: Raw[] = [];
    grid.slice(1).forEach((row, r) => {
      if (/^\d{1,2}$/.test(row[seq]!.text.trim()) && row[name]!.origin) out.push({ text: row[name]!.text.split('\n')[0]!, page: b.rows[r + 1]!.page });
    });
    if (out.length >= 3) return out;
  }
  return [];
}

const CHAPTER = /^第\s*[一二三四五六七八九十\d]+\s*[章部分篇]/;
/** Cover and furniture headings of a format chapter that are not forms. */
const NOT_FORM = /^(?:投标文件|响应文件|正本|副本|目录|项目名称|项目编号|投标人名称|[（(])|[:：]\s*$|盖章/;

/**
 * Headings of the format chapter: its top level, or the level below when the top only groups them. A PDF gives its
 * forms the chapter's own level: the chapter then runs to the next 第X章 heading.
 */
function formatHeadings(blocks: Block[]): { heads: HeadingBlock[]; from: number; to: number } {
  let best: { heads: HeadingBlock[]; from: number; to: number } = { heads: [], from: -1, to: -1 };
  for (let i = 0; i < blocks.length; i++) {
    const h = blocks[i]!;
    if (h.type !== 'heading' || !FORMAT_CHAPTER.test(h.text) || h.text.length > 40) continue;
    // the chapter itself (「第六章 投标文件格式」「第五部分投标文件内容及格式」), not a clause of the 须知 about formats
    const bare = h.text.replace(/\s+/g, '');
    if (!CHAPTER.test(bare) && !(h.level === 1 && bare.length <= 12 && /^(?:投标|响应)文件/.test(bare))) continue;
    // an entry of the 须知's list of chapters (「第七章投标文件格式」 between 「第六章…」 and the next chapter): not the chapter
    if (blocks.slice(i + 1, i + 3).some((b) => b.type === 'heading' && CHAPTER.test(b.text.replace(/\s+/g, '')))) continue;
    const inside: HeadingBlock[] = [];
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const b = blocks[j]!;
      if (b.type !== 'heading') continue;
      if (b.level < h.level || (b.level === h.level && CHAPTER.test(b.text))) break;
      if (NOT_FORM.test(b.text.replace(/\s+/g, '')) || b.text.replace(/\s+/g, '').length < 3) continue;
      // a PDF heading wrapped over lines (「投标人具备《出版物经营许可证》和《出版物进口经」/「营许可证》…」)
      const prev = inside.at(-1);
      const open = (t: string) => (t.match(/[《（(]/g)?.length ?? 0) > (t.match(/[》）)]/g)?.length ?? 0);
      if (prev && prev.level === b.level && blocks[j - 1] === prev && open(prev.text)) {
        inside[inside.length - 1] = { ...prev, text: prev.text + b.text, title: prev.title + b.title };
        continue;
      }
      inside.push(b);
    }
    if (inside.length < 2) {
      // a chapter printing its parts as paragraphs only: its place is still known
      if (!best.heads.length) best = { heads: [], from: i, to: j };
      continue;
    }
    const deeper = inside.filter((b) => b.level > h.level);
    const pool = deeper.length >= 2 && deeper.length >= inside.length / 2 ? deeper : inside;
    const top = Math.min(...pool.map((b) => b.level));
    let tops = pool.filter((b) => b.level === top);
    if (tops.length <= 3) {
      const next = pool.filter((b) => b.level > top);
      const sub = next.length ? Math.min(...next.map((b) => b.level)) : null;
      if (sub !== null && next.filter((b) => b.level === sub).length > tops.length) tops = next.filter((b) => b.level === sub);
    }
    // the chapter itself comes after any mention of it: the last one that holds forms
    if (tops.length >= 2) best = { heads: tops, from: i, to: j };
  }
  return best;
}

/**
 * Parts the format chapter numbers as plain paragraphs (「1投标书（实质性格式）」「2授权委托书」… a group restarting at
 * 1): runs of ascending numbers, a footnote's stray 「1…」 left out, sub-items (「9-1…」) cut off.
 */
function numberedParts(blocks: Block[], from: number, to: number): Raw[] {
  const runs: Array<{ last: number; items: Raw[] }> = [];
  for (let i = from + 1; i < to; i++) {
    const b = blocks[i]!;
    if (b.type === 'table') continue;
    const m = /^(\d{1,2})(?![\d.．、\-－)）])\s*([\u4e00-\u9fa5《“].*)$/.exec(b.text.trim());
    if (!m) continue;
    const n = Number(m[1]);
    const text = m[2]!.replace(/\d{1,2}\s*[-－]\s*\d.*$/, '');
    const run = [...runs].reverse().find((r) => n > r.last && n <= r.last + 2);
    if (run) {
      run.last = n;
      run.items.push({ text, page: b.page });
    } else if (n === 1) runs.push({ last: 1, items: [{ text, page: b.page }] });
  }
  return runs.filter((r) => r.items.length >= 2).flatMap((r) => r.items);
}

const key = (s: string) => s.replace(/[\s（()）《》“”"、，,：:]/g, '').replace(/格式$/, '');

/** The composition from the model; empty when neither an enumeration nor a format chapter gives one. */
export function compositionFromModel(model: DocModel): ModelPart[] {
  const blocks = model.blocks;
  let raws: Raw[] = [];
  let chapterOf = -1;
  let fromTable = false;
  for (let i = 0; i < blocks.length; i++) {
    if (raws.length >= 3) {
      // a second enumeration in the same part of the 须知 (「商务响应文件由以下部分组成」 then 「技术响应文件…」)
      const b = blocks[i]!;
      if ((b.type === 'heading' && b.level <= 2 && i > chapterOf) || i > chapterOf + 60 || fromTable) break;
      if (b.type !== 'table' && textOf(b).length <= 60 && /(?:商务|技术|资格|价格|报价)(?:响应|投标)?文件/.test(textOf(b)) && START.test(textOf(b))) {
        const more = enumeration(blocks, i).filter((r) => !raws.some((x) => x.text === r.text));
        if (more.length >= 2) raws.push(...more);
      }
      continue;
    }
    const b = blocks[i]!;
    if (b.type === 'table') {
      const first = tableGrid(b)[0]?.map((s) => s.text).join('') ?? '';
      if (START.test(first) && first.length <= 30) {
        raws = tableParts(b);
        fromTable = true;
      }
      continue;
    }
    const t = textOf(b);
    if (t.length > 60 || !START.test(t) || /招标文件(?:的)?(?:组成|构成)/.test(t)) continue;
    const next = blocks[i + 1];
    if (next?.type === 'table' && START.test(t)) {
      const tp = tableParts(next);
      if (tp.length >= 3) {
        raws = tp;
        fromTable = true;
        continue;
      }
    }
    raws = enumeration(blocks, i);
    chapterOf = i;
  }
  const chapter = formatHeadings(blocks);
  const forms = chapter.heads;
  if (raws.length < 3) raws = contentsTable(blocks);
  if (raws.length < 3 && chapter.from >= 0) {
    const numbered = numberedParts(blocks, chapter.from, chapter.to);
    if (numbered.length >= 4) raws = numbered;
  }
  if (raws.length < 3) raws = forms.map((h) => ({ text: h.text, page: h.page }));
  const parts: ModelPart[] = [];
  const seen = new Set<string>();
  for (const r of raws) {
    const p = partName(r.text);
    if (!p || seen.has(p.title)) continue;
    seen.add(p.title);
    const form = forms.find((h) => {
      const a = key(partName(h.text)?.title ?? h.title);
      const b = key(p.title);
      return a.length >= 2 && b.length >= 2 && (a.includes(b) || b.includes(a));
    });
    parts.push({
      ...p,
      page: r.page,
      excerpt: r.text.replace(/\s+/g, ' ').trim().slice(0, 80),
      ...(form ? { form: { title: form.text, page: form.page } } : {}),
    });
  }
  return parts;
}
