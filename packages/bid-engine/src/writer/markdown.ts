/**
 * The model's light Markdown → the writer's `Block`s (doc.ts), so that `toDoc(markdownToBlocks(s))` is the section
 * editor's JSON (issue 6 item 2/3). Understood: `#`…`####` headings, `-`/`*`/`+` and `1.` lists (nesting flattened),
 * `| tables |` (with or without the `|---|` separator row), paragraphs (one per line: Chinese models end a paragraph with a
 * single newline). `**bold**` stays in the text for `inline()`; other inline Markdown (`code`, *italic*, links) is reduced
 * to its words. Raw HTML is never interpreted: it stays literal text (the editor shows it as typed, nothing executes).
 */
import { PLACEHOLDER_RE, type Block } from './doc.js';

const HEADING = /^(#{1,6})\s*(.+?)\s*#*\s*$/;
const BULLET = /^\s*[-*+•·]\s+(.*)$/;
const ORDERED = /^\s*\d{1,3}[.．)）](?!\d)\s*(.+)$/;
const RULE = /^\s*(?:[-*_]\s*){3,}$/;
const FENCE = /^\s*(```|~~~)/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const isTableLine = (l: string) => /^\s*\|.*\|\s*$/.test(l) || (/^\s*\|/.test(l) && l.split('|').length > 2);

/** Inline clean-up: keeps `**bold**` and placeholders; drops code ticks, italics, link targets, escapes. */
export function cleanInline(s: string): string {
  let t = s
    .replace(/`([^`]+)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^)]*)\)/g, '$1')
    .replace(/__([^_\n]+)__/g, '**$1**')
    .replace(/(?<![*\\])\*(?!\*)([^*\n]+?)(?<!\\)\*(?!\*)/g, '$1')
    .replace(/\\([*_`#|\\[\]()>-])/g, '$1');
  // a placeholder wrapped in bold must stay a placeholder (inline() highlights it only when it stands alone)
  t = t.replace(/\*\*\s*(【(?:待填写|拟定)：[^】]*】)\s*\*\*/g, '$1');
  // unbalanced or empty bold markers carry nothing
  t = t.replace(/\*\*\s*\*\*/g, '');
  if ((t.match(/\*\*/g) ?? []).length % 2 === 1) t = t.replace(/\*\*(?!.*\*\*)/, '');
  return t.trim();
}

/** The cells of a table row: outer pipes dropped, `\|` kept as a literal pipe, `<br>` read as a line break. */
function cells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  return s
    .split(/(?<!\\)\|/)
    .map((c) => cleanInline(c.replace(/\\\|/g, '|').replace(/<br\s*\/?>/gi, ' ')));
}

function table(lines: string[]): Block | null {
  const rows = lines.filter((l) => !SEPARATOR.test(l)).map(cells);
  if (!rows.length) return null;
  const head = rows[0]!;
  const width = Math.max(head.length, ...rows.map((r) => r.length));
  const pad = (r: string[]) => {
    if (r.length > width) return [...r.slice(0, width - 1), r.slice(width - 1).join(' ')];
    return [...r, ...Array<string>(width - r.length).fill('')];
  };
  return { t: 'table', head: pad(head), rows: rows.slice(1).map(pad) };
}

/** Converts the model's Markdown into writer blocks. Blank and decorative lines (rules, fences) are dropped. */
export function markdownToBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: Block[] = [];
  let list: { t: 'ul' | 'ol'; items: string[] } | null = null;
  const closeList = () => {
    if (list && list.items.length) out.push(list);
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.replace(/\t/g, '  ');
    if (!line.trim() || FENCE.test(line) || RULE.test(line)) {
      // a blank line inside a list keeps the list open when the next item follows (a "loose" list)
      if (list && !line.trim()) {
        let j = i + 1;
        while (j < lines.length && !lines[j]!.trim()) j++;
        const next = lines[j] ?? '';
        const nextKind = BULLET.test(next) ? 'ul' : ORDERED.test(next) ? 'ol' : null;
        if (nextKind === (list as { t: 'ul' | 'ol' }).t) continue;
      }
      closeList();
      continue;
    }

    if (isTableLine(line)) {
      closeList();
      const group: string[] = [];
      while (i < lines.length && isTableLine(lines[i]!)) group.push(lines[i++]!);
      i--;
      const t = table(group);
      if (t) out.push(t);
      continue;
    }

    const h = HEADING.exec(line.trim());
    if (h) {
      closeList();
      const body = cleanInline(h[2]!).replace(/^\*\*(.+)\*\*$/, '$1');
      if (body) out.push({ t: 'h', level: Math.min(4, h[1]!.length), text: body });
      continue;
    }

    const b = BULLET.exec(line);
    const o = b ? null : ORDERED.exec(line);
    if (b || o) {
      const kind = b ? 'ul' : 'ol';
      const item = cleanInline((b ?? o)![1]!);
      if (!list || list.t !== kind) {
        closeList();
        list = { t: kind, items: [] };
      }
      if (item) list.items.push(item);
      continue;
    }

    // an indented line right after a list item continues that item
    const cur = list as { t: 'ul' | 'ol'; items: string[] } | null;
    if (cur && /^\s{2,}\S/.test(line) && cur.items.length) {
      cur.items[cur.items.length - 1] += cleanInline(line);
      continue;
    }

    closeList();
    const p = cleanInline(line.replace(/^\s*>\s?/, ''));
    if (p) out.push({ t: 'p', text: p });
  }
  closeList();
  return out;
}

/** The placeholders (【待填写：…】) a text contains, each once, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER_RE) ?? [])];
}
