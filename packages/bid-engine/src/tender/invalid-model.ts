/**
 * The grounds for 无效投标 / 否决投标 / 废标 the tender lists explicitly (issue 12 item 3), read from the document
 * model: the items under an introduction such as 「有下列情形之一的，投标无效」 or a heading 「投标无效情形」 — list
 * items, numbered paragraphs, or the numbered lines of a table cell. The same list printed twice counts once. Scattered
 * sentences ending in 「否则投标无效」 are not grounds of a list; the text path keeps finding those when no list exists.
 */
import type { Block, DocModel } from '../reading/model/types.js';

export interface ModelGround {
  text: string;
  page: number;
}

const VOID = /无效|否决|废标|拒绝|不予受理|视为未实质性响应|不合格/;
const INTRO = /(?:下列|以下|如下)(?:情[况形]|任何|行为|条件)?(?:之一|的)|有下列|情形(?:之一)?[:：]?$|条件[:：]|[:：]\s*$/;
const HEAD = /(?:投标|响应)无效(?:的)?情形|无效投标(?:的)?情形|否决(?:投标)?(?:的)?(?:情形|条件)|废标(?:条款|情形|条件)|无效(?:投标|响应)?条款/;
const NUMBERED = /^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,3}\s*[)）]|\d{1,2}\s*[.．、)）]|[①-⑳]|[⑴-⒇]|[A-Ha-h]\s*[.．、)）]|[一二三四五六七八九十]{1,3}\s*、)/;

const textOf = (b: Block) => (b.type === 'table' ? '' : b.text);

function introduces(t: string): boolean {
  const s = t.replace(/\s+/g, '');
  if (s.length > 200) return false;
  return (VOID.test(s) && INTRO.test(s)) || (HEAD.test(s) && s.length <= 40);
}

/** The items right after block `i`: list items of one level or numbered paragraphs, until other text. */
function itemsAfter(blocks: Block[], i: number): ModelGround[] {
  const out: ModelGround[] = [];
  let level: number | null = null;
  for (let j = i + 1; j < blocks.length && out.length < 60; j++) {
    const b = blocks[j]!;
    if (b.type === 'heading' || b.type === 'table') break;
    if (b.type === 'list-item') {
      level ??= b.level;
      if (b.level < level) break;
      if (b.level === level) out.push({ text: b.text, page: b.page });
      continue;
    }
    if (NUMBERED.test(b.text)) {
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
