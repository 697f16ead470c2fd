/**
 * The forms of the tender's format chapter with their bodies (issue 24 item 1): each form heading the composition reader
 * finds (composition-model formatHeadings — one finder of the chapter and its forms) and everything printed under it up
 * to the next form: its fixed text line by line (sub-headings, paragraphs, list items with their numbering), its tables as
 * grids (merged slots marked), its blanks as printed. The writer fills the blanks; nothing here is rewritten.
 *
 * Bounded: a chapter of hundreds of forms or a price table of thousands of rows keeps the first ones (a card is stored
 * and sent whole).
 */
import { isPrintedPart, type BidOutlineNode, type TenderCard, type TenderForm, type TenderFormBlock } from '@btz/shared';
import type { Block, DocModel, HeadingBlock } from '../../reading/model/types.js';
import { tableGrid } from '../../reading/model/table.js';
import { formatHeadings, NOT_BID_FORM } from './composition-model.js';

export const FORM_LIMITS = { forms: 80, blocksPerForm: 300, rowsPerTable: 400, columns: 20, charsPerForm: 30_000, chars: 400_000 } as const;

const clean = (s: string) => s.replace(/\r/g, '').replace(/[ \t]*\n[ \t]*/g, '\n').trim();

function blockOf(b: Block): TenderFormBlock | null {
  switch (b.type) {
    case 'heading':
      return b.text.trim() ? { t: 'p', text: clean(b.text) } : null;
    case 'paragraph':
      return b.text.trim() ? { t: 'p', text: clean(b.text) } : null;
    case 'list-item': {
      const text = `${b.numbering}${b.numbering && !/[\s.、．)）:：]$/.test(b.numbering) ? ' ' : ''}${b.text}`;
      return text.trim() ? { t: 'p', text: clean(text) } : null;
    }
    case 'table': {
      const grid = tableGrid(b)
        .slice(0, FORM_LIMITS.rowsPerTable)
        .map((row) => row.slice(0, FORM_LIMITS.columns).map((s) => (s.cell && !s.origin ? null : clean(s.text))));
      // rows the reader gave no cell at all (a ruling line) say nothing
      const rows = grid.filter((r) => r.some((c) => c !== null));
      return rows.length ? { t: 'table', rows } : null;
    }
  }
}

const size = (b: TenderFormBlock) => (b.t === 'p' ? b.text.length : b.rows.reduce((n, r) => n + r.reduce((m, c) => m + (c?.length ?? 0), 0), 0));

/** Where a form heading stands in the blocks (a heading printed as a paragraph at a page's top is a copy, not the block). */
function indexOf(blocks: Block[], h: HeadingBlock, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const b = blocks[i]!;
    if (b === h || (b.type !== 'table' && b.page === h.page && b.text === h.text)) return i;
  }
  return -1;
}

/**
 * The format chapter's forms with their bodies, in the document's order; empty when the tender has no such chapter.
 * `linked`: the forms the composition's parts link (their heading and page) — a heading the chapter's own level did not
 * take for a form (「9.1 开标一览表」 among the 须知-style numbered headings) is one when a part names it.
 */
export function formsFromModel(model: DocModel, linked: Array<{ title: string; page: number }> = [], parts: string[] = []): TenderForm[] {
  const blocks = model.blocks;
  const chapter = formatHeadings(blocks);
  if (chapter.from < 0 || (!chapter.heads.length && !linked.length)) return [];
  const extra = chapter.links.filter((h) => !chapter.heads.includes(h) && linked.some((l) => l.title === h.text && l.page === h.page));
  // a part's form whose title was printed as a line of its own that no reader took for a heading (「二、投标文件签署授权
  // 委托书」 as a paragraph between two form headings): the line is its heading
  // (a part naming two forms — 「法定代表人证明书及法定代表人授权委托书（如适用）」 — wants each: the chapter prints
  // 「格式 7.法定代表人证明书」 alone)
  // (a title's notes in brackets may be printed or not: 「2落实…资格要求（如有）」 for the part 「落实…资格要求」; a PDF
  // line may run the first sub-form's title on: 「1满足…规定1-1营业执照等证明文件」)
  const bare = (s: string) => key(s.replace(/[（(][^（()）]*[)）]/g, ''));
  const wanted = new Set(parts.flatMap((p) => [p, ...partsOf(p)]).flatMap((p) => [key(p), bare(p)]).filter((k) => k.length >= 4));
  const want = (text: string): string | null => {
    for (const k of [key(text), bare(text)]) {
      if (wanted.has(k)) return k;
      const sub = [...wanted].find((w) => w.length >= 6 && k.startsWith(w) && /^\d+(?:[-－.．]\d+)+\D/.test(k.slice(w.length)));
      if (sub) return sub;
    }
    return null;
  };
  const lines: HeadingBlock[] = [];
  // a second pass for the titles still wanted: a line numbered in brackets and closed like a list's entry (「（1）符合《…》
  // 第二十二条规定的相关证明材料；」 — the only line of a volume's list that names the part, its form printed under it)
  const entry = (text: string) => text.replace(/^\s*[（(]\s*\d{1,2}\s*[)）]\s*/, '').replace(/[；;。]\s*$/, '');
  for (const relaxed of [false, true])
    for (let i = chapter.from + 1; i < chapter.to && wanted.size; i++) {
      const b = blocks[i]!;
      if (b.type === 'table' || b.text.length > 60) continue;
      const text = relaxed ? entry(b.text) : b.text;
      if (relaxed && text === b.text) continue;
      // (an entry beside another of the list — after it or before it — heads nothing: it is one line of a list)
      const entryAt = (x: Block | undefined) => !!x && x.type !== 'table' && (x.type === 'list-item' || /^\s*[（(]\s*\d{1,2}\s*[)）]/.test(x.text));
      if (relaxed && (entryAt(blocks[i + 1]) || entryAt(blocks[i - 1]))) continue;
      const k = want(text);
      if (!k || (text.length > 40 && key(text) === k)) continue;
      if ([...chapter.heads, ...extra].some((h) => h.page === b.page && (key(h.text) === key(b.text) || bare(h.text) === k))) continue;
      if (lines.some((h) => h === b || (h.page === b.page && h.text === b.text))) continue;
      lines.push(b.type === 'heading' ? b : { type: 'heading', page: b.page, pageEnd: b.pageEnd, level: 99, numbering: '', title: b.text, text: b.text });
      wanted.delete(k);
    }
  // a part linked to a line of a list (a volume's index: 「一、开标（报价）一览表」 right above 「二、…」, nothing under it)
  // whose form is printed further on under the same title without the list's numbering (「开标（报价）一览表」 over its
  // table): that later line is the form's heading (fullest finds the form by its title)
  const headed = new Set<Block>([...chapter.heads, ...extra, ...lines]);
  for (const l of linked) {
    const h = [...chapter.heads, ...extra].find((x) => x.text === l.title && x.page === l.page);
    const from = h ? indexOf(blocks, h, chapter.from + 1, chapter.to) : -1;
    const next = blocks[from + 1];
    if (from < 0 || !next || next.type !== 'heading' || !headed.has(next)) continue;
    const k = key(l.title);
    if (k.length < 4) continue;
    for (let j = from + 1; j < chapter.to; j++) {
      const b = blocks[j]!;
      if (b.type === 'table' || b.type === 'list-item' || b.text.length > 60 || key(b.text) !== k) continue;
      // the same printed title again is a heading already (fullest takes its copy with a body); a line with nothing under
      // it before the next heading is another list's line
      const below = blocks[j + 1];
      if (headed.has(b) || b.text === l.title || !below || (below.type === 'heading' && headed.has(below))) break;
      const line: HeadingBlock = b.type === 'heading' ? b : { type: 'heading', page: b.page, pageEnd: b.pageEnd, level: 99, numbering: '', title: b.text, text: b.text };
      lines.push(line);
      headed.add(b);
      break;
    }
  }
  // the bid's contents as the tender prints them (「格式 3.目录（参考）」 over a table of the parts with their notes), before
  // the first form: a form of its own (printed with the first part — formRun)
  const first = Math.min(chapter.to, ...[...chapter.heads, ...extra, ...lines].map((h) => indexOf(blocks, h, chapter.from + 1, chapter.to)).filter((i) => i >= 0));
  for (let i = chapter.from + 1; i < first; i++) {
    const b = blocks[i]!;
    if (b.type === 'table' || !CONTENTS.test(b.text.replace(/\s+/g, ''))) continue;
    if (!blocks.slice(i + 1, Math.min(first, i + 4)).some((x) => x.type === 'table')) continue;
    lines.push(b.type === 'heading' ? b : { type: 'heading', page: b.page, pageEnd: b.pageEnd, level: 99, numbering: '', title: b.text, text: b.text });
    break;
  }
  const heads = [...chapter.heads, ...extra, ...lines]
    .map((h) => ({ h, i: indexOf(blocks, h, chapter.from + 1, chapter.to) }))
    .filter((x, k, all) => x.i >= 0 && all.findIndex((y) => y.i === x.i) === k)
    .sort((a, b) => a.i - b.i);
  // a linked line of an index (nothing under it) whose form is printed further on under the same title is a line of the
  // form it stands in (the volume's cover and its 「索引」), not a form of its own: the part finds the printed one
  const bodyOf = (k: number) => blocks.slice(heads[k]!.i + 1, heads[k + 1]?.i ?? chapter.to).some((b) => blockOf(b) !== null);
  const at = heads.filter(
    (x, k) =>
      k === 0 ||
      bodyOf(k) ||
      !linked.some((l) => l.title === x.h.text && l.page === x.h.page) ||
      !heads.some((y, j) => j > k && key(y.h.text) === key(x.h.text) && bodyOf(j)),
  );
  const out: TenderForm[] = [];
  let total = 0;
  for (let k = 0; k < at.length && out.length < FORM_LIMITS.forms && total < FORM_LIMITS.chars; k++) {
    const { h, i } = at[k]!;
    const end = k + 1 < at.length ? at[k + 1]!.i : chapter.to;
    const body: TenderFormBlock[] = [];
    let chars = 0;
    for (let j = i + 1; j < end && body.length < FORM_LIMITS.blocksPerForm; j++) {
      const b = blocks[j]!;
      // a heading above the form's level inside the chapter stays in the form: a form the reader did not take for one
      // (「s、报价分类明细表格式」 misread at another level) is printed rather than lost
      const fb = blockOf(b);
      if (!fb) continue;
      chars += size(fb);
      if (chars > FORM_LIMITS.charsPerForm) break;
      body.push(fb);
    }
    total += chars;
    out.push({ title: clean(h.text).replace(/\n/g, '').slice(0, 200), page: h.page, blocks: body });
  }
  return out;
}

/** A contents form's title: 「目录」「格式 3.目录（参考）」「附件1 投标文件目录」. */
const CONTENTS = /^(?:(?:格式|附件|附表)?[一二三四五六七八九十\d]+[.．、:：]?)?(?:投标文件|响应文件)?目\s*录(?:[（(][^（()）]{1,8}[)）])?(?:格式)?$/;
export const isContentsForm = (f: TenderForm) => CONTENTS.test(f.title.replace(/\s+/g, '')) && f.blocks.some((b) => b.t === 'table');

/** The forms a part's title names together (「A及B」「A和B」「A、B」, its notes in brackets left out); none when one. */
function partsOf(title: string): string[] {
  const t = title.replace(/[（(][^（()）]*[)）]/g, '').trim();
  const each = t.split(/及|和|与|、|\//).map((x) => x.trim());
  return each.length > 1 && each.every((x) => x.length >= 4) ? each : [];
}

// ---------------------------------------------------------------------------------------------------------------------
// The form of a part

const key = (s: string) =>
  s
    .replace(/^\s*(?:附件|格式|附表)?\s*[一二三四五六七八九十\d]+(?:[-－.．]\d+)*\s*[、.．:：)）]?\s*/, '')
    .replace(/[\s（()）《》“”"、，,：:【】]/g, '')
    .replace(/(?:格式|样式|模板|范本|参考格式)$/, '');

/** The share of the shorter key's two-character pieces found in the longer one. */
function likeness(x: string, y: string): number {
  const [a, b] = x.length <= y.length ? [x, y] : [y, x];
  if (a.length < 2) return 0;
  if (b.includes(a)) return 1;
  const pieces = Array.from({ length: a.length - 1 }, (_, i) => a.slice(i, i + 2));
  return pieces.filter((p) => b.includes(p)).length / pieces.length;
}

const sizeOf = (f: TenderForm) => f.blocks.reduce((n, b) => n + (b.t === 'p' ? b.text.length : b.rows.length * 20), 0);

/**
 * Of the forms bearing one title (a chapter that lists its forms as headings before printing them), the one printed in
 * full.
 */
function fullest(forms: TenderForm[], title: string): TenderForm | undefined {
  const same = forms.filter((f) => f.title === title).sort((a, b) => sizeOf(b) - sizeOf(a))[0];
  if (!same || same.blocks.length) return same;
  // a list's line with nothing under it (「一、开标（报价）一览表」): the form printed under the same title without the
  // list's numbering (「开标（报价）一览表」)
  const k = key(title);
  return forms.filter((f) => f.blocks.length && key(f.title) === k).sort((a, b) => sizeOf(b) - sizeOf(a))[0] ?? same;
}

/** The form a title names: the composition's link when it names the same thing, else a form titled alike. */
function formNamed(card: TenderCard, title: string): TenderForm | undefined {
  const m = memo(card).named;
  if (!m.has(title)) m.set(title, formNamedOnce(card, title));
  return m.get(title);
}

/**
 * What a card's forms and parts resolve to, kept per card while its forms and composition stay the same objects: every
 * section asks for its part's form and every part's (formRun, isPartForm) — without it, writing a bid asks parts² times.
 */
interface FormMemo {
  forms: TenderCard['forms'];
  composition: TenderCard['composition'];
  named: Map<string, TenderForm | undefined>;
  own: Map<string, TenderForm | undefined>;
}
const memos = new WeakMap<TenderCard, FormMemo>();
function memo(card: TenderCard): FormMemo {
  let m = memos.get(card);
  if (!m || m.forms !== card.forms || m.composition !== card.composition) {
    m = { forms: card.forms, composition: card.composition, named: new Map(), own: new Map() };
    memos.set(card, m);
  }
  return m;
}

function formNamedOnce(card: TenderCard, title: string): TenderForm | undefined {
  const forms = card.forms ?? [];
  const k = key(title);
  if (!forms.length || k.length < 2) return undefined;
  const part = card.composition.find((p) => p.title.trim() === title || p.title.trim().startsWith(title));
  // a link to a heading that is not this part's form (「投标人：（填写“全称”）」 on a volume's cover) is passed over
  // (the link names it when their titles agree without their notes and numbering: 「（三）授权委托书（适用于有委托代理人的
  // 情况）」 is the part 「法定代表人（单位负责人）授权委托书」's form)
  const bare = (s: string) => key(s.replace(/[（(][^（()）]*[)）]/g, ''));
  if (part?.form && (likeness(key(part.form.title), k) >= 0.5 || (bare(part.form.title).length >= 4 && likeness(bare(part.form.title), bare(title)) >= 0.75))) {
    const f = fullest(forms, part.form.title);
    if (f) return f;
  }
  let best: { f: TenderForm; share: number } | null = null;
  for (const f of forms) {
    const fk = key(f.title);
    if (Math.min(fk.length, k.length) < 2) continue;
    const share = fk === k ? 2 : likeness(fk, k);
    // below four characters only the same words count (「投标函」 is not 「投标函附录」's part)
    if (share < (Math.min(fk.length, k.length) < 4 ? 1 : 0.75)) continue;
    if (!best || share > best.share || (share === best.share && sizeOf(f) > sizeOf(best.f))) best = { f, share };
  }
  return best ? fullest(forms, best.f.title) : undefined;
}

/** A form printed with a part: one of the bid's (not the cover or contents, not one for after the award). */
const bidForm = (f: TenderForm) => f.blocks.length > 0 && !isContentsForm(f) && !isPrintedPart(key(f.title)) && !NOT_BID_FORM.test(f.title) && !notInBid(f);

/**
 * The forms printed before the first form a part links (「（一）投标人基本情况表」「（二）投标保证金收执证明」 ahead of the
 * part 「法定代表人身份证明」's 「（四）」) belong to the part listed just before that one when it links none (「资格审查相关
 * 证明材料」, whose list names them inline) — passing over the cover and the contents: the first of them is its own form
 * (formRun prints the rest after it). Otherwise no section would print them.
 */
function leadForm(card: TenderCard, title: string): TenderForm | undefined {
  const forms = card.forms ?? [];
  const parts = card.composition;
  const own = parts.findIndex((p) => p.title.trim() === title);
  if (own < 0 || !forms.length) return undefined;
  const linked = parts.map((p) => formNamed(card, p.title.trim()));
  const first = linked.findIndex(Boolean);
  if (first <= own) return undefined;
  // the part: the nearest before the first linked one that is not a printed part (封面、目录)
  let host = first - 1;
  while (host >= 0 && isPrintedPart(parts[host]!.title)) host--;
  if (host !== own) return undefined;
  const at = Math.min(...linked.filter(Boolean).map((f) => forms.indexOf(f!)));
  return forms.slice(0, at).find(bidForm);
}

/**
 * A form a composition part prints as its own (ownForm of some part): a section that is no part (a qualification proof
 * titled like it) does not print it again.
 */
export function isPartForm(card: TenderCard, form: TenderForm): boolean {
  return card.composition.some((p) => ownForm(card, p.title.trim()) === form);
}

/** A part's own form: the one it names, else the forms ahead of the first linked one (leadForm). */
function ownForm(card: TenderCard, title: string): TenderForm | undefined {
  const m = memo(card).own;
  if (!m.has(title)) m.set(title, formNamed(card, title) ?? leadForm(card, title));
  return m.get(title);
}

/**
 * The tender forms of a section: the form its part links, followed by the forms after it in the chapter that no part of
 * the composition names (「中小企业声明函」「残疾人福利性单位声明函」 after the 声明 a part names) — every form of the
 * chapter is printed somewhere, under the part before it. Empty when the node names no form.
 */
export function tenderFormsFor(card: TenderCard, node: Pick<BidOutlineNode, 'title'>): TenderForm[] {
  return formRun(card, node).forms;
}

/**
 * A form the tender itself says is not put in the bid (「（投标文件中不用放此项）」「中标后提供」) — its first lines say so.
 */
const NOT_IN_BID = /投标文件中不[用需必]放|不[用需必]放入(?:投标|响应)文件|(?:投标|响应)时不[用需必]提供|[（(]\s*中标后(?:提供|提交)\s*[)）]/;
export function notInBid(f: TenderForm): boolean {
  return NOT_IN_BID.test(`${f.title} ${f.blocks.slice(0, 3).map((b) => (b.t === 'p' ? b.text : '')).join(' ')}`);
}

/**
 * The forms printed under a part (its own, then the unnamed ones after it) and the forms after it that are left out of
 * the bid: those for after the award (履约保函, 合同…) and those the tender says not to put in (notInBid) — the section
 * names them in a note rather than laying them out (issue 24).
 */
export function formRun(card: TenderCard, node: Pick<BidOutlineNode, 'title'>): { forms: TenderForm[]; left: TenderForm[] } {
  const forms = card.forms ?? [];
  const own = ownForm(card, node.title.trim());
  if (!own) return { forms: [], left: [] };
  const named = new Set(card.composition.map((p) => ownForm(card, p.title.trim())).filter(Boolean) as TenderForm[]);
  const titles = new Set([...named].map((f) => f.title));
  // the tender's contents table before the forms (isContentsForm) is printed with the bid's first part
  const firstNamed = Math.min(...[...named].map((f) => forms.indexOf(f)));
  const contents = formNamed(card, card.composition[0]?.title.trim() ?? '') === own ? forms.slice(0, firstNamed).filter(isContentsForm) : [];
  // the tables to fill printed ahead of the first form a part prints, that no part takes (leadForm found no part for
  // them): printed with that part, ahead of its own form, in the chapter's order — otherwise no section prints them (a
  // qualification check table under a sub-chapter's heading ahead of the compliance check table a part 「资格、符合性审查
  // 表」 links; a scoring index table no part names). Tables only: the text ahead of the first form is the chapter's own
  // instructions (「编制说明」), a volume's cover or its list of parts — no form of the bid; and only for a part whose own
  // form is one to fill (a plan part's guidance keeps its written plan)
  const ahead =
    forms.indexOf(own) === firstNamed && isFillable(own)
      ? forms.slice(0, firstNamed).filter((f) => bidForm(f) && f.blocks.some((b) => b.t === 'table'))
      : [];
  const out = [...contents, ...ahead, own];
  const left: TenderForm[] = [];
  // the forms after each copy of the part's form (a chapter printing it in two volumes: 「拟分包情况说明」 under the
  // qualification volume, followed there by 「联合协议」, and again under the commercial one) — the fullest copy's first,
  // then those only another copy is followed by; a title once
  const seen = new Set([own.title]);
  const copies = [own, ...forms.filter((f) => f !== own && f.title === own.title)];
  for (const copy of copies)
    for (let i = forms.indexOf(copy) + 1; i < forms.length; i++) {
      const f = forms[i]!;
      if (named.has(f) || titles.has(f.title)) break;
      if (!f.blocks.length || isPrintedPart(key(f.title)) || seen.has(f.title)) continue;
      seen.add(f.title);
      if (NOT_BID_FORM.test(f.title) || notInBid(f)) {
        left.push(f);
        continue;
      }
      out.push(f);
    }
  return { forms: out, left };
}

/** The tender form of a section (the first of tenderFormsFor). */
export function tenderFormFor(card: TenderCard, node: Pick<BidOutlineNode, 'title'>): TenderForm | undefined {
  return ownForm(card, node.title.trim());
}

/**
 * A form with something to reproduce: a table, or fixed text beyond a line saying the format is the bidder's own
 * (「（格式自定）」).
 */
export function formHasBody(f: TenderForm | undefined): boolean {
  if (!f) return false;
  if (/格式自[定拟]|自行编制|自拟/.test(f.title) && !f.blocks.some((b) => b.t === 'table')) return false;
  const text = f.blocks.map((b) => (b.t === 'p' ? b.text : '')).join('');
  // a short note naming the document to attach (「营业执照副本复印件加盖公章」) is the part's form too
  return f.blocks.some((b) => b.t === 'table') || text.length >= 40 || (text.length >= 8 && ATTACHMENT.test(text) && !PLAN.test(text + f.title));
}

/** The text of the tender's forms: each title, paragraph and table row (cells joined by a space) a line. */
export function formsText(forms: readonly TenderForm[] | undefined): string {
  return (forms ?? []).flatMap((f) => [f.title, ...f.blocks.map((b) => (b.t === 'p' ? b.text : b.rows.map((r) => r.join(' ')).join('\n')))]).join('\n');
}

/**
 * The tender's own words for the bid and the bidder (issue 24: the cover says 响应文件 where the tender's forms do): the
 * words its forms (else its composition) use most; 投标文件 / 投标人 when it uses none.
 */
export function bidWords(card: Partial<Pick<TenderCard, 'forms' | 'composition'>>): { doc: string; bidder: string } {
  const text = [
    ...(card.forms?.length ? [formsText(card.forms)] : []),
    ...(card.forms?.length ? [] : (card.composition ?? []).map((p) => p.title)),
  ].join('\n');
  const most = (words: string[], fallback: string) => {
    const counts = words.map((w) => text.split(w).length - 1);
    const top = Math.max(...counts);
    return top > 0 ? words[counts.indexOf(top)]! : fallback;
  };
  return { doc: most(['投标文件', '响应文件', '应答文件', '磋商文件', '谈判文件'], '投标文件'), bidder: most(['投标人', '供应商', '响应人', '应答人'], '投标人') };
}

/** A line that is a field's label and its empty slot (「联系人姓名：」「电子邮箱：____」). */
const FIELD_LINE = /^[^，,。；;]{0,16}(?:姓名|名称|电话|手机|联系|地址|邮箱|传真|邮编|职务|账号|开户)[^，,。；;]{0,12}[:：][\s\u3000_＿]*$/;

/** Guidance on what to write (「投标人应根据采购需求自行编写…」), not a form to fill. */
const GUIDANCE = /应(?:根据|按照|结合|包括|围绕)|须(?:包括|提供|根据)|自行|自定|自拟|格式不限|包括但不限于|可参考/;

/** A document to attach (「提供由监狱管理局…出具的证明文件」「营业执照复印件」), not a plan to write. */
export const ATTACHMENT = /复印件|扫描件|影印件|证明(?:文件|材料)|证书|执照|凭证|回单|截图/;
const PLAN = /方案|计划|措施|流程|制度|预案|思路|设计/;

/**
 * A form to fill rather than guidance for a plan: a table, a letter (addressed 「致：」, or signed and dated) that does
 * not tell the bidder what to write, or a short note naming a document to attach.
 */
export function isFillable(f: TenderForm): boolean {
  if (f.blocks.some((b) => b.t === 'table')) return true;
  // a label spaced out to the column's width (「地  址：」「日  期：」) is one label
  const lines = f.blocks.flatMap((b) => (b.t === 'p' ? [b.text.replace(/(?<=[\u4e00-\u9fa5])[ \u3000]+(?=[\u4e00-\u9fa5])/g, '')] : []));
  // fields to fill, one a line (「联系人姓名：」「联系方式（手机号）：」): a form, whatever its note says (「…自行承担」)
  if (lines.filter((l) => l.length <= 30 && FIELD_LINE.test(l)).length >= 2) return true;
  // a note naming the document that goes here (「提供…出具的属于监狱企业的证明文件。」): the document is attached, nothing
  // is composed
  const all = lines.join('');
  if (all.length <= 200 && ATTACHMENT.test(all) && !PLAN.test(all + f.title)) return true;
  // the guidance heads the form: its first lines before a letter opens (「致：」) — words in the bidder's own voice
  // (「我方…包括但不限于：投标、开标…」 in a 授权书) are the letter's text, not guidance
  const opens = lines.findIndex((l) => /^致[:：]/.test(l));
  const head = lines
    .slice(0, opens >= 0 ? Math.min(3, opens) : 3)
    .filter((l) => !/^(?:我方|我单位|我公司|本公司|本单位|本人)/.test(l))
    .join('');
  if (GUIDANCE.test(head)) return false;
  return lines.some((l) => /^致[:：]/.test(l)) || lines.some((l) => /日期[:：]|年\s*月\s*日/.test(l));
}
