/**
 * The grounds for 无效投标 / 否决投标 / 废标 the tender lists explicitly (issue 12 item 3), read from the document
 * model: the items under an introduction such as 「有下列情形之一的，投标无效」 or a heading 「投标无效情形」 — list
 * items, numbered paragraphs, or the numbered lines of a table cell. The same list printed twice counts once. Scattered
 * sentences ending in 「否则投标无效」 are not grounds of a list; the text path keeps finding those when no list exists.
 */
import type { Block, DocModel } from '../../reading/model/types.js';

export interface ModelGround {
  text: string;
  page: number;
}

const VOID = /无效|否决|废标|拒绝|不予受理|视为未实质性响应/;
const INTRO = /(?:下列|以下|如下)[^，。；]{0,6}(?:情[况形]|行为|条件|事项)(?:之一)?|(?:下列|以下)(?:任何)?(?:一种|一项|之一)/;
const HEAD = /(?:投标|响应)无效(?:的)?情形|无效投标(?:的)?情形|否决(?:投标)?(?:的)?(?:情形|条件)|废标(?:条款|情形|条件)|无效(?:投标|响应)?条款/;
const NUMBERED = /^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,3}\s*[)）]|\d{1,2}\s*[.．、)）]|[①-⑳]|[⑴-⒇]|[A-Ha-h]\s*[.．、)）]|[一二三四五六七八九十]{1,3}\s*、)/;

function markKind(n: string): string {
  if (/^[（(]/.test(n)) return 'paren';
  if (/^[⑴-⒇]/.test(n)) return 'pchar';
  if (/^[①-⑳]/.test(n)) return 'circle';
  if (/^\d/.test(n)) return 'num';
  if (/^[A-Za-z]/.test(n)) return 'alpha';
  if (/^[一二三四五六七八九十]/.test(n)) return 'cn';
  return n ? 'other' : 'none';
}

const textOf = (b: Block) => (b.type === 'table' ? '' : b.text);

function introduces(t: string): boolean {
  const s = t.replace(/\s+/g, '');
  if (s.length > 200) return false;
  // the project's own 废标 (「出现下列情形之一的，应予废标」: too few bidders, the purchase cancelled) and the
  // disqualification of bidders (「否决其投标资格」) are not grounds that void a bid
  if (/废标/.test(s) && !/投标无效|无效投标|否决|拒绝|作无效|按无效|投标文件|投标人/.test(s)) return false;
  if (/投标资格/.test(s)) return false;
  return (VOID.test(s) && INTRO.test(s)) || (HEAD.test(s) && s.length <= 40);
}

/** The items right after block `i`: list items of one level or numbered paragraphs, until other text. */
function itemsAfter(blocks: Block[], i: number): ModelGround[] {
  const out: ModelGround[] = [];
  let level: number | null = null;
  let kind: string | null = null;
  for (let j = i + 1; j < blocks.length && out.length < 60; j++) {
    const b = blocks[j]!;
    if (b.type === 'heading' || b.type === 'table') break;
    if (b.type === 'list-item') {
      level ??= b.level;
      if (b.level < level) break;
      // one list: its items number alike (⑴⑵… then 「4．投标答疑时间」 is the next clause)
      const k = markKind(b.numbering);
      kind ??= k;
      if (b.level === level && k !== kind) break;
      if (b.level === level) out.push({ text: b.text, page: b.page });
      continue;
    }
    if (/^\s*\d{1,2}\.\d/.test(b.text)) break; // the next clause (「1.3 投标报价有算术错误…」)
    if (NUMBERED.test(b.text)) {
      const k = markKind(/^\s*(\S)/.exec(b.text)?.[1] ?? '');
      kind ??= k;
      if (k !== kind) break;
      out.push({ text: b.text, page: b.page });
      continue;
    }
    if (out.length) {
      // a wrapped item
      if (b.text.length <= 60 && !/[。；;]$/.test(out.at(-1)!.text)) continue;
      break;
    }
    if (j - i > 2) break;
  }
  return out;
}

/** The grounds the tender lists explicitly; empty when it lists none. */
export function invalidFromModel(model: DocModel): ModelGround[] {
  const blocks = model.blocks;
  const out: ModelGround[] = [];
  const seen = new Set<string>();
  const add = (g: ModelGround) => {
    const k = g.text.replace(/[\s\d.．、()（）①-⑳⑴-⒇]/g, '').slice(0, 30);
    if (k.length < 4 || seen.has(k)) return;
    seen.add(k);
    out.push(g);
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'table') {
      for (const row of b.rows)
        for (const cell of row.cells) {
          const lines = cell.text.split('\n');
          const at = lines.findIndex((l) => introduces(l));
          if (at < 0) continue;
          for (const l of lines.slice(at + 1)) if (NUMBERED.test(l)) add({ text: l.trim(), page: row.page });
        }
      continue;
    }
    if (!introduces(textOf(b))) continue;
    for (const g of itemsAfter(blocks, i)) add(g);
  }
  return out;
}
