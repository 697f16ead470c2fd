/**
 * The one Markdown parser of the product (issue 11 item 1): a model's section text → the writer's `Block`s (doc.ts), so
 * that `toDoc(markdownToBlocks(s))` is the section editor's JSON. Parsing is markdown-it (CommonMark + tables, raw HTML
 * off: an HTML tag stays literal text, nothing executes); what the writer keeps of it is decided here:
 *  - `#`…`####` headings (deeper ones become level 4), paragraphs — one per line, because Chinese models end a paragraph
 *    with a single newline — bullet and numbered lists (nesting flattened), tables;
 *  - `**bold**` stays in the text for the inline-markup function; italics, code ticks, link targets and image syntax are
 *    reduced to their words; quotes lose their marker.
 * Model habits CommonMark reads otherwise are normalised first: the whole answer wrapped in a ``` fence, `---` dividers
 * (which would turn the line above into a heading), `*`/`•` bullets mixed with `-` (CommonMark starts a new list),
 * `3)` after `2.`, and tables without the `|---|` separator row.
 */
import MarkdownIt from 'markdown-it';
import type { Block } from './doc.js';

export { placeholdersOf } from '@btz/shared/editor';

const md = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false }).enable('table').disable(['code', 'html_block', 'html_inline']);
type Token = ReturnType<typeof md.parse>[number];

const FENCE = /^\s*(```|~~~)/;
const RULE = /^\s*(?:[-*_=]\s*){3,}$/;
const BULLET = /^(\s*)[-*+•·]\s+/;
const ORDERED = /^(\s*)(\d{1,3})[.．)）](?!\d)\s*/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const isTableLine = (l: string) => /^\s*\|.*\|\s*$/.test(l) || (/^\s*\|/.test(l) && l.split('|').length > 2);

/** The model's habits made CommonMark (see the header). */
function normalise(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (FENCE.test(line) || RULE.test(line)) {
      out.push('');
      continue;
    }
    line = line.replace(BULLET, '$1- ').replace(ORDERED, (_, ind: string, n: string) => `${ind}${n}. `);
    if (SEPARATOR.test(line) && !isTableLine(out[out.length - 1] ?? '')) continue; // a separator with no table above
    if (isTableLine(line)) {
      // a table: its own block, with a separator row after its first line when the model left it out
      if (out.length && out[out.length - 1]!.trim() && !isTableLine(out[out.length - 1]!)) out.push('');
      const first = !isTableLine(out[out.length - 1] ?? '');
      out.push(line);
      if (first && !SEPARATOR.test(lines[i + 1] ?? '')) {
        const cols = line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).length;
        out.push(`|${' --- |'.repeat(cols)}`);
      }
      if (!isTableLine(lines[i + 1] ?? '') && !SEPARATOR.test(lines[i + 1] ?? '')) out.push('');
      continue;
    }
    out.push(line);
  }
  return out.join('\n');
}

/** Inline tokens → the writer's inline text: `**bold**` kept, everything else reduced to its words. */
function inlineText(tokens: readonly Token[] | null, softbreak: string): string {
  let s = '';
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
      case 'code_inline':
        s += t.content;
        break;
      case 'strong_open':
      case 'strong_close':
        s += '**';
        break;
      case 'softbreak':
        s += softbreak;
        break;
      case 'hardbreak':
        s += '\n';
        break;
      case 'image':
        s += inlineText(t.children, softbreak);
        break;
      default:
        break; // em, links, s: their words come as text tokens
    }
  }
  return s;
}

/** A placeholder wrapped in bold stays a placeholder; empty or unbalanced bold markers carry nothing. */
function tidy(s: string): string {
  let t = s.replace(/\*\*\s*(【(?:待填写|拟定)：[^】]*】)\s*\*\*/g, '$1').replace(/\*\*\s*\*\*/g, '');
  if ((t.match(/\*\*/g) ?? []).length % 2 === 1) t = t.replace(/\*\*(?!.*\*\*)/, '');
  return t.replace(/<br\s*\/?>/gi, ' ').trim();
}

/** Converts the model's Markdown into writer blocks. */
export function markdownToBlocks(text: string): Block[] {
  const tokens = md.parse(normalise(text), {});
  const out: Block[] = [];
  let list: { t: 'ul' | 'ol'; items: string[] } | null = null;
  let listDepth = 0;
  let item: string[] | null = null;
  let table: { head: string[]; rows: string[][]; row: string[] | null; inHead: boolean } | null = null;
  let heading = 0;

  for (const t of tokens) {
    switch (t.type) {
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const kind = t.type === 'bullet_list_open' ? 'ul' : 'ol';
        if (listDepth === 0) list = { t: kind, items: [] };
        listDepth++;
        break;
      }
      case 'bullet_list_close':
      case 'ordered_list_close':
        listDepth--;
        if (listDepth === 0 && list) {
          if (list.items.length) out.push(list);
          list = null;
        }
        break;
      case 'list_item_open':
        if (item?.length && list) list.items.push(tidy(item.join('')));
        item = [];
        break;
      case 'list_item_close':
        if (item?.length && list) list.items.push(tidy(item.join('')));
        item = null;
        break;
      case 'table_open':
        table = { head: [], rows: [], row: null, inHead: false };
        break;
      case 'thead_open':
        if (table) table.inHead = true;
        break;
      case 'thead_close':
        if (table) table.inHead = false;
        break;
      case 'tr_open':
        if (table) table.row = [];
        break;
      case 'tr_close':
        if (table?.row) {
          if (table.inHead) table.head = table.row;
          else table.rows.push(table.row);
          table.row = null;
        }
        break;
      case 'table_close':
        if (table) {
          const width = Math.max(table.head.length, ...table.rows.map((r) => r.length));
          const pad = (r: string[]) => [...r, ...Array<string>(Math.max(0, width - r.length)).fill('')];
          if (table.head.length || table.rows.length) out.push({ t: 'table', head: pad(table.head), rows: table.rows.map(pad) });
        }
        table = null;
        break;
      case 'heading_open':
        heading = Math.min(4, Number(t.tag.slice(1)));
        break;
      case 'heading_close':
        heading = 0;
        break;
      case 'inline': {
        if (table?.row) {
          table.row.push(tidy(inlineText(t.children, ' ')));
        } else if (item) {
          item.push(inlineText(t.children, ''));
        } else if (heading) {
          const body = tidy(inlineText(t.children, ' ')).replace(/^\*\*(.+)\*\*$/, '$1');
          if (body) out.push({ t: 'h', level: heading, text: body });
        } else {
          // one paragraph per line
          for (const line of inlineText(t.children, '\n').split('\n')) {
            const p = tidy(line);
            if (p) out.push({ t: 'p', text: p });
          }
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}
