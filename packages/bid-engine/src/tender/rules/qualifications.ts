/**
 * The 资格要求 list of the card (issue 23): the requirements a bidder must meet to take part, as the tender lists them
 * under its 申请人的资格要求 / 投标人资格条件 / 供应商资格要求 heading (the announcement's section, the 须知's clause or a
 * 前附表 row), never the review procedure that checks them (「磋商小组对递交响应文件的供应商进行资格审查…」) nor the
 * forms that prove them (资格证明文件, 资格条件承诺函).
 *
 * The list is read as tenders print it: numbered lines under the heading (a group line ending in 「：」 gives way to its
 * own numbered sub-items: 「3.本项目的特定资格要求：」 then （1）（2）…), or one paragraph or table cell numbering its
 * items inline (「申请人的资格要求： 1.具有独立承担民事责任的能力…；2.本项目不接受联合体投标…」).
 */
import { tableTexts } from '../../reading/model/table.js';
import { lotMentions } from './lots.js';
import { cap, isHeadingLike, isTocLine, markerOf, sliceLines, stripMarker, type FileLines, type Line } from '../text.js';

export interface QualItem {
  text: string;
  line: Line;
  last: Line;
  excerpt: string;
  fl: FileLines;
  lot: string | null;
}

/** A heading or label of the requirements list. */
const ANCHOR =
  /^(?:[一二三四五六七八九十\d.、．（）()\s]*)(?:(?:申请人|投标人|供应商|响应人|应答人|报价人|竞买人|潜在投标人)(?:的)?)?(?:基本|通用|特定|合格)?(?:资格要求|资格条件|资质要求|资质条件|资格和资质要求|资格及资质要求|合格(?:的)?(?:投标人|供应商)(?:条件|资格)?)/;
/** Headings that name the review of the requirements, their proofs or their forms, not the requirements. */
const NOT_ANCHOR = /审查|评审|审核|预审|后审|证明文件|证明材料|格式|承诺函|声明|响应表|偏离|一览表|不符合|核验|见第|详见|情况表/;
/** A sentence of the review procedure (who reviews, not what a bidder must be). */
const PROCEDURE = /^[^，。；]{0,12}(?:磋商小组|谈判小组|评标委员会|评审委员会|询价小组|资格审查小组|采购人或采购代理机构|采购代理机构)(?:应当|将|对|依法|在|根据|按照)/;
/** A clause that only refers elsewhere (「详见招标公告」「见附件1」). */
const REFERRAL = /^(?:详见|见|按照?|参见)|详见[^。；]{0,20}$/;

/** Inline numbering: 「1.…；2.…」「（1）…（2）…」「1）…2）…」 split where the numbers run 1, 2, 3… */
export function splitInline(s: string): Array<{ text: string; from: number }> {
  const styles = [
    /(?:^|(?<=[；;。：:\s]))\s*(\d{1,2})\s*[.、．](?!\d)/g,
    /(?:^|(?<=[；;。：:\s]))\s*[（(]\s*(\d{1,2})\s*[)）]/g,
    /(?:^|(?<=[；;。：:\s]))\s*(\d{1,2})\s*[)）]/g,
  ];
  for (const re of styles) {
    const starts: number[] = [];
    let want = 1;
    for (const m of s.matchAll(re)) {
      if (Number(m[1]) !== want) continue;
      starts.push(m.index! + (m[0].length - m[0].trimStart().length));
      want++;
    }
    if (starts.length < 2) continue;
    return starts.map((at, k) => {
      const raw = s.slice(at, starts[k + 1] ?? s.length);
      return { text: raw, from: at };
    });
  }
  return [];
}

const NOTE = /^(?:注|说明|备注|特别提示|温馨提示)\s*[:：（(]/;
/** A sentence introducing the list: 「本次招标的合格投标人应满足下列资格要求：」「供应商应具备以下条件：」 */
const INTRO = /(?:资格|合格|资质)[^。；]{0,20}(?:下列|以下|如下)[^。；：:]{0,8}(?:要求|条件)[：:]\s*$|(?:应|须|必须)(?:满足|具备|符合)(?:下列|以下|如下)(?:资格)?(?:要求|条件)[：:]\s*$/;
/** A numbered heading printed without punctuation (「4 投标费用」): the next clause, the list is over. */
const NEXT_CLAUSE = /^\d{1,2}(?:\.\d{1,2})*\s+[\u4e00-\u9fa5]{2,20}$/;
/** A table-of-contents row printed as cells: 「3\t合格的投标人\t9」. */
const TOC_ROW = /^(?:[\d.]+\t)?[^\t]{2,30}\t\s*\d{1,3}\s*$/;
/** An item that requires nothing: 「本项目特定资格条件：/ 。」「落实政府采购政策需满足的资格要求：无」, or only refers on. */
const EMPTY_ITEM = /[：:]\s*(?:[/／无]|不适用)?\s*[。.；;]?\s*$|^[^：:]{0,16}[：:]\s*(?:详)?见[^。；]{0,24}[。；;]?$/;

/** One item's text as printed, its marker dropped and a trailing note cut off. */
function clean(s: string): string {
  const noted = s.search(/\s(?:注|说明|备注)\s*[:：]/);
  const body = noted > 0 ? s.slice(0, noted) : s;
  return stripMarker(body.replace(/\t+/g, ' ').trim())
    .replace(/[\s，,、]+$/, '')
    .trim();
}

/** A numbered line of the list (and the unnumbered lines that continue it). */
interface Group {
  text: string;
  line: Line;
  last: Line;
  rank: number;
  from: number;
}

/** The items of the list an anchor line heads (its own inline items, then the numbered lines under it). */
function listAt(fl: FileLines, anchor: Line, labelEnd: number): QualItem[] {
  const L = fl.lines;
  const out: QualItem[] = [];
  const item = (text: string, line: Line, last: Line, from: number, to?: number) => {
    const t = clean(text);
    if (t.length < 4) return;
    out.push({ text: t, line, last, excerpt: cap(sliceLines(fl, line, last, from, to), 400), fl, lot: line.lot });
  };
  // what follows the label on its own line (a cell, a colon)
  const restAt = labelEnd + (/^[\s：:\t|｜]*/.exec(anchor.text.slice(labelEnd))?.[0].length ?? 0);
  const rest = anchor.text.slice(restAt);
  if (rest.trim()) {
    const note = rest.search(/\s(?:注|说明|备注)\s*[:：（(]/);
    const body = note > 0 ? rest.slice(0, note) : rest;
    const inline = splitInline(body);
    if (inline.length >= 2) for (const p of inline) item(p.text, anchor, anchor, restAt + p.from, restAt + p.from + p.text.trimEnd().length);
    else if (!REFERRAL.test(body.trim())) item(body, anchor, anchor, restAt, restAt + body.trimEnd().length);
    if (out.length >= 2) return out;
  }
  // the numbered lines under it
  const anchorRank = markerOf(anchor.text)?.rank ?? null;
  let topRank: number | null = null;
  let cur: Group | null = null;
  let inNote = false;
  // 「2 本次招标的合格投标人应满足下列资格要求：」 … 「3 有意参加本次招标的…」: the anchor's clause ends at the next one
  const own = /^(\d{1,2})\s+\S/.exec(anchor.text);
  const nextNo = own ? `${Number(own[1]) + 1} ` : null;
  const groups: Group[] = [];
  for (let j = anchor.i + 1; j < L.length && j <= anchor.i + 80; j++) {
    const l = L[j]!;
    if (isTocLine(l.text) || TOC_ROW.test(l.text) || l.page > anchor.page + 2) break;
    const mk = markerOf(l.text);
    if (mk && (mk.rank <= 1 || (anchorRank !== null && mk.rank <= anchorRank))) break;
    if (!mk) {
      // a note under an item (「注：同属于一家总公司的…」) is not a requirement; the list goes on after it
      if (NOTE.test(l.text)) {
        if (!cur) break;
        inNote = true;
        continue;
      }
      if (inNote) continue;
      if (NEXT_CLAUSE.test(l.text) || (nextNo && l.text.startsWith(nextNo))) break;
      // a table's row after the list (three cells or more) is not the last item's continuation
      if (l.text.split('\t').length >= 3) break;
      if (!cur) {
        if (j - anchor.i > 2) break;
        continue;
      }
      // a new block's heading (「三、获取招标文件」 is marked; 「六、其他补充事宜：」-like lines without a marker end it too)
      if (isHeadingLike(l.text, 20) && /[：:]$/.test(l.text) && !/[：:]$/.test(cur.text)) break;
      cur.text += (/[\u4e00-\u9fa5，。；：]$/.test(cur.text) ? '' : ' ') + l.text;
      if (l.page === cur.line.page) cur.last = l;
      continue;
    }
    inNote = false;
    topRank = topRank === null ? mk.rank : Math.min(topRank, mk.rank);
    cur = { text: l.text, line: l, last: l, rank: mk.rank, from: 0 };
    groups.push(cur);
  }
  // the top items and their sub-items (numbering that slips, 「3.1.1」 then 「3.2」, keeps both at the top); a group
  // line ending in 「：」 gives way to its sub-items, a sub-item of a plain item is part of it
  const tree: Array<{ g: Group; children: Group[] }> = [];
  for (const g of groups) {
    const parent = tree[tree.length - 1];
    if (!parent || g.rank <= topRank! || g.rank <= parent.g.rank) tree.push({ g, children: [] });
    else parent.children.push(g);
  }
  const lines: Group[] = [];
  for (const { g, children } of tree) {
    if (children.length && /[：:]\s*$/.test(g.text)) lines.push(...children);
    else {
      lines.push(g);
      for (const c of children) {
        g.text += c.text;
        if (c.last.page === g.line.page) g.last = c.last;
      }
    }
  }
  for (const g of lines) {
    const inline = g.line === g.last ? splitInline(stripMarker(g.text)) : [];
    if (inline.length >= 2 && /[：:]/.test(g.text.slice(0, g.text.indexOf(inline[0]!.text)))) {
      const off = g.line.text.indexOf(inline[0]!.text);
      for (const p of inline) item(p.text, g.line, g.line, off - inline[0]!.from + p.from, off - inline[0]!.from + p.from + p.text.trimEnd().length);
    } else item(g.text, g.line, g.last, markerOf(g.line.text)?.length ?? 0);
  }
  return out;
}

/** The anchors of the requirements list in a file: headings and labels (a 前附表 row's label cell too). */
function anchors(fl: FileLines): Array<{ line: Line; labelEnd: number }> {
  const out: Array<{ line: Line; labelEnd: number }> = [];
  for (const l of fl.lines) {
    if (isTocLine(l.text) || TOC_ROW.test(l.text)) continue;
    // a table row: 「1.4.1\t投标人资格要求\t（1）…」 — the label is a cell of its own
    const cells = l.text.split('\t');
    let labelEnd = -1;
    let offset = 0;
    for (const c of cells.slice(0, 3)) {
      const m = ANCHOR.exec(c.trim());
      if (m && c.trim().length <= 24 && !NOT_ANCHOR.test(c)) {
        labelEnd = offset + c.indexOf(c.trim()) + c.trim().length;
        break;
      }
      offset += c.length + 1;
    }
    // an intro sentence: 「2 本次招标的合格投标人应满足下列资格要求：」
    if (labelEnd < 0 && INTRO.test(l.text) && !NOT_ANCHOR.test(l.text)) labelEnd = l.text.length;
    if (labelEnd < 0) {
      const m = ANCHOR.exec(l.text);
      if (!m) continue;
      const label = m[0];
      const after = l.text.slice(m[0].length);
      // a heading (short, nothing after) or a label with a colon; never the review's own sentences
      if (!(isHeadingLike(l.text, 32) || /^\s*[：:]/.test(after))) continue;
      if (NOT_ANCHOR.test(l.text.slice(0, m[0].length + 12))) continue;
      labelEnd = label.length;
    }
    out.push({ line: l, labelEnd });
  }
  return out;
}

/** A lot table's qualification column (「供应商资格条件」 beside 「包件号」): each lot's own requirements. */
function lotTableItems(fl: FileLines): QualItem[] {
  const out: QualItem[] = [];
  for (const b of fl.file.model?.blocks ?? []) {
    if (b.type !== 'table') continue;
    const grid = tableTexts(b);
    const head = (grid[0] ?? []).map((c) => c.replace(/\s+/g, ''));
    const qcol = head.findIndex((c) => /资格(?:条件|要求)|资质要求/.test(c) && c.length <= 12);
    const lcol = head.findIndex((c) => /^(?:采购|合同)?(?:包件?|标段|标包|标项|分标|包组)(?:号|编号)?(?:$|[/／、（(]|名称)/.test(c));
    if (qcol < 0 || lcol < 0) continue;
    const seen = new Set<string>();
    grid.slice(1).forEach((row, k) => {
      const lotCell = (row[lcol] ?? '').replace(/\s+/g, ' ').trim();
      const text = (row[qcol] ?? '').trim();
      if (!lotCell || !text || seen.has(`${lotCell}|${text}`)) return;
      seen.add(`${lotCell}|${text}`);
      const page = b.rows[1 + k]!.page;
      const mention = lotMentions(lotCell)[0];
      const lot = mention && mention.index === 0 ? mention.id : lotCell.split(/[\s（(]/)[0]!;
      const parts = splitInline(text.replace(/\n/g, ' '));
      for (const p of parts.length >= 2 ? parts : [{ text, from: 0 }]) {
        const t = clean(p.text);
        if (t.length < 4) continue;
        const excerpt = cap(t, 120);
        const line = { file: fl.file.name, page, text: t, start: 0, end: 0, i: -1, lot } as Line;
        out.push({ text: `${lotCell}：${t}`, line, last: line, excerpt, fl, lot });
      }
    });
    if (out.length) return out;
  }
  return out;
}

/**
 * The requirements of one file: the first anchor whose list has two or more requirement items (procedure sentences
 * dropped), else the first with one.
 */
export function qualifications(fl: FileLines): QualItem[] {
  // a lot table giving each lot its own requirements comes first; the general list follows
  const perLot = lotTableItems(fl);
  let single: QualItem[] = [];
  for (const a of anchors(fl)) {
    const items = listAt(fl, a.line, a.labelEnd);
    const real = items.filter((it) => !PROCEDURE.test(it.text) && !EMPTY_ITEM.test(it.text));
    if (real.length < items.length / 2) continue;
    if (real.length >= 2) return [...perLot, ...real];
    if (!single.length && real.length) single = real;
  }
  return [...perLot, ...single];
}
