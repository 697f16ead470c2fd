/**
 * Form fidelity (issue 24 deliver 5, item 1): for each corpus tender with a format chapter, each form of that chapter as an
 * INDEPENDENT reading finds it — the file's raw text (pdftotext for a PDF, the DOCX's document.xml stripped of its tags,
 * word-extractor's body for a DOC), the chapter found by its 第X章…格式 title, split at the hand-labelled part titles of
 * truth.json (`composition`), never the product's own form finder — and the share of its fixed text present in the bid
 * written offline (the export's cover and every leaf): the form's lines with their blanks (____、（  ）、【…】、XXX, gaps of
 * spaces) taken out, the text of a form the tender says is not put in the bid (「投标文件中不用放此项」) left out,
 * normalised (whitespace out, full-width punctuation as half-width), cut into 8-character pieces.
 * The splitter, where it was wrong (the bench's own cut, not the product): a title the labels list twice is two forms; a
 * label shortening the printed title (「…实力的认证和资质材料」 for 「…实力的有效期内的认证和资质材料」) and a title with a note
 * after a semicolon (「中标服务费承诺书；（须加盖…）」) still cut; a letter's addressee in brackets (「致：（采购代理 /招标人）」)
 * is a blank, filled with the purchaser; a volume's cover title (「资格文件封面」「封面格式（技术商务部分）」「第二章资格审查文件」) or another form's own
 * label line the labels do not name (「附件五-2：法定代表人证明格式（彩色扫描件）」) ends the form above it; an entry of a list
 * of parts (a line ending in ；/。 that the next such line continues, or a title followed only by other parts' titles: the
 * contents) heads no form; two labels with the same words (「…其他内容（公开）」/「…其他内容（不公开）」) are two forms, each at
 * its own line. Options to pick one of (「（报价部分/商务部分/技术部分）」) and 「（加盖单位章）」 are blanks.
 * Goal: ≥ 90 % per form. Printed per form (with --verbose), per tender and per half (work / check).
 *
 *   npm run bench -- forms [--only c07,n10] [--verbose] [--missing] [--split]   (--missing: the lines of a form below the
 *   goal whose pieces the bid lacks; --split: where the splitter cut, each form's title and first lines)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TenderCard } from '@btz/shared';
import { readDocument } from '@btz/bid-engine/reading';
import { extractCard, generateOutline } from '@btz/bid-engine/tender';
import { COVER_PART, coverDate, coverFromForm, findCoverForm, standardCover } from '@btz/bid-engine/export';
import { corpus, loadTruth, writeBidOffline } from './lib/corpus-bids.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? '') : null;
};
const only = arg('only') ? new Set(arg('only')!.split(',')) : null;
const verbose = args.includes('--verbose');
const missing = args.includes('--missing');
const GOAL = 0.9;
const PIECE = 8;

interface Truth {
  id: string;
  file: string;
  half: 'work' | 'check';
  composition?: string[];
  compositionFormat?: string[];
}

// ---------------------------------------------------------------------------------------------------------------------
// The independent reading

function rawText(file: string): string {
  const full = path.join(corpus, file);
  if (/\.pdf$/i.test(file)) return execFileSync('pdftotext', ['-layout', full, '-'], { maxBuffer: 1 << 28 }).toString('utf8');
  if (/\.docx$/i.test(file)) {
    const xml = execFileSync('unzip', ['-p', full, 'word/document.xml'], { maxBuffer: 1 << 28 }).toString('utf8');
    // only the runs' text (<w:t>): a drawing's anchor offsets (<wp:posOffset>2645410</wp:posOffset>) are no text of the
    // form, and a text box's second rendering (<mc:Fallback>, the VML copy of the <mc:Choice>) is the same text again
    // (a contents entry — a paragraph whose field links a _Toc bookmark — is no form's text: left out, as its field code
    // kept it out before, when the code was read as text and the line matched no title)
    return xml
      .replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '')
      .replace(/<w:p[ >](?:(?!<\/w:p>)[\s\S])*?<w:instrText[^>]*>[^<]*(?:HYPERLINK \\l &quot;_Toc|PAGEREF _Toc|TOC \\)[\s\S]*?<\/w:p>/g, '\n')
      .replace(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<\/w:tc>|<\/w:p>|<w:br\/>|<[^>]*>|[^<]+/g, (m, run: string | undefined) =>
        run !== undefined ? run : m === '<w:tab/>' || m === '</w:tc>' ? '\t' : m === '</w:p>' || m === '<w:br/>' ? '\n' : '',
      )
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return '';
}

async function docText(file: string): Promise<string> {
  if (/\.doc$/i.test(file)) {
    const { default: WordExtractor } = await import('word-extractor');
    const doc = await new WordExtractor().extract(path.join(corpus, file));
    return doc.getBody();
  }
  return rawText(file);
}

const HALF = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const FULL = '！＂＃＄％＆＇（）＊＋，－．／：；＜＝＞？＠［＼］＾＿｀｛｜｝～';
function norm(s: string): string {
  let out = '';
  for (const ch of s.replace(/[\s\u3000]+/g, '')) {
    const k = FULL.indexOf(ch);
    out += k >= 0 ? HALF[k] : ch === '“' || ch === '”' ? '"' : ch === '‘' || ch === '’' ? "'" : ch;
  }
  return out;
}

const CHAPTER = /^第\s*[一二三四五六七八九十\d]+\s*(?:章|部分|篇)/;
const FORMAT_TITLE = /(?:投标|响应|应答|报价|申请|磋商|谈判)文件.{0,6}格式|^第\s*[一二三四五六七八九十\d]+\s*(?:章|部分|篇)\s*(?:各种|有关|相关|附件|附表)?格式(?:文件|附件|范本)?$/;
const TOC_LINE = /(?:\.{3,}|…{2,}|·{3,}|-{3,})\s*\d*\s*$|\s\d{1,3}\s*$/;

const CN = '零一二三四五六七八九';
function cnNumber(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^([一二三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(s);
  if (!m) return 0;
  return m[2] ? (m[1] ? CN.indexOf(m[1]) : 1) * 10 + (m[3] ? CN.indexOf(m[3]) : 0) : m[1] ? CN.indexOf(m[1]) : 0;
}
const chapterOf = (n: string) => {
  const m = /^第\s*([一二三四五六七八九十\d]+)\s*(章|部分|篇)/.exec(n);
  return m ? { n: cnNumber(m[1]!), kind: m[2]! } : null;
};

/**
 * The format chapter's candidates: each 第X章…格式 title (not a contents line) with its lines up to the next chapter of a
 * higher number (a 第一章 quoted inside a form does not end it).
 */
function formatChapters(text: string): string[][] {
  const lines = text.split(/\r?\n|\f/).map((l) => l.replace(/\t+$/, ''));
  const out: string[][] = [];
  for (let from = 0; from < lines.length; from++) {
    const t = lines[from]!.trim();
    const n = t.replace(/\s+/g, '');
    if (n.length > 30 || TOC_LINE.test(t)) continue;
    if (!((CHAPTER.test(n) && FORMAT_TITLE.test(n)) || /^(?:投标|响应)文件(?:的)?格式$/.test(n))) continue;
    const own = chapterOf(n);
    let to = lines.length;
    for (let i = from + 1; i < lines.length; i++) {
      const m = lines[i]!.replace(/\s+/g, '');
      if (m.length > 30 || TOC_LINE.test(lines[i]!.trim()) || FORMAT_TITLE.test(m)) continue;
      const c = chapterOf(m);
      if (c && (!own || (c.kind === own.kind && c.n > own.n))) {
        to = i;
        break;
      }
    }
    out.push(lines.slice(from + 1, to));
  }
  return out;
}

const NUMBERING = /^(?:附件|格式|附表)?\s*[（(]?[一二三四五六七八九十\d]+(?:[-－.．]\d+)*[)）]?\s*[、.．:：]?\s*/;
const titleKey = (s: string) => norm(s.replace(/[（(][^（()）]*[)）]/g, '').replace(/^\s*(?:[（(]?[一二三四五六七八九十\d]+[)）、.．]?)/, '')).replace(/[《》"':：]/g, '');

/**
 * A line dividing the bid's volumes: a volume's title (「第二分册 技术投标文件」「投标文件附件（信息不公开部分）」「资格文件封面」) or the
 * note closing one (「（…的内容到此为止！以下为…）」) — the form above ends there.
 */
const VOLUME = /^第[一二三四五六七八九十\d]+(?:分册|册|卷|章)[^，,。；;]{0,16}$|^[^，,。；;]{0,10}文件封面$|^封面(?:格式|样式)?(?:\([^()]{0,12}\))?$|^(?:投标|响应)文件(?:正文|附件)[^，,。；;]{0,16}$|^[(（][^()（）]{0,30}到此为止[^()（）]{0,30}[)）]$/;

/** A form's own label line: 「附件五-2：…格式」「格式十：…格式（…）」 — numbered as an attachment, naming a 格式. */
const FORM_LABEL = /^(?:附件|格式|附表)[一二三四五六七八九十\d]+(?:[-－][\d]+)?[:：].{2,30}格式(?:\([^()]*\))?$/;

interface IndependentForm {
  title: string;
  lines: string[];
}

/** A line printing the title a label shortens: the label's characters in order, the same first and last four, ≤ 8 more. */
function shortened(label: string, line: string): boolean {
  if (label.length < 10 || line.length <= label.length || line.length > label.length + 8) return false;
  if (!line.startsWith(label.slice(0, 4)) || !line.endsWith(label.slice(-4))) return false;
  let j = 0;
  for (const ch of line) if (ch === label[j]) j++;
  return j === label.length;
}

/** The forms: the chapter split at the lines that are a labelled part's title (the last such line: contents come first). */
function splitForms(chapter: string[], titles: string[], times: (title: string) => number = () => 1): IndependentForm[] {
  const keys = chapter.map((l) => norm(l.trim().replace(NUMBERING, '')).replace(/[《》"':：]/g, ''));
  const at: Array<{ title: string; i: number; head: number }> = [];
  // an entry of a list of parts (「（5）投标人相关实力情况；」 over 「（6）投标人项目经验情况；」, the chapter's contents or a
  // volume's list) names a part, it heads no form: a line ending in ；or 。 that the next line continues as another entry
  const entry = (i: number) => {
    if (!/[;。]$/.test(keys[i]!)) return false;
    const next = chapter.slice(i + 1).find((l) => l.trim());
    return next !== undefined && next.trim().length <= 60 && /[；;。]\s*$/.test(next.trim());
  };
  // two labels with the same words and their own notes (「…其他内容（公开）」 and 「…其他内容（不公开）」 or bare: the two halves of
  // one part) are two forms: a noted label takes the last line carrying its note, chosen first; the other takes a line
  // after it (the second half comes later; an earlier line is the contents)
  const notesOf = (title: string) => [...norm(title).matchAll(/\(([^()]*)\)/g)].map((m) => `(${m[1]})`).filter((n) => !/格式|样式/.test(n));
  const twin = (title: string) => titles.some((o) => o !== title && titleKey(o) === titleKey(title));
  const ordered = [...titles].sort((a, b) => notesOf(b).length - notesOf(a).length);
  /** every line printing a labelled title */
  const titled = new Set<number>();
  for (const title of ordered) {
    const k = titleKey(title);
    if (k.length < 2) continue;
    let hit = -1;
    const hits = new Set<number>();
    keys.forEach((whole, i) => {
      if (entry(i)) return;
      // the title's key has its notes in brackets taken out (titleKey): the line's too where the note stands inside the
      // title (「拟投入项目团队成员（团队负责人除外）情况」 never matched its own line)
      const bare = whole.replace(/\([^()]*\)/g, '');
      const line = whole.startsWith(k) || !bare.startsWith(k) ? whole : bare;
      // (the form's own title may carry the document's word in front: 「响应供应商业绩情况表」 for 「供应商业绩情况表」)
      // (the label may shorten the title the form prints — 「其他…实力的认证和资质材料」 for 「其他…实力的有效期内的认证和资质
      // 材料」: the label's words in order, its first and last four characters the line's, a few more words between)
      const own = line.startsWith(k) ? line : /^(?:投标|响应|应答|磋商)/.test(line) && line.slice(2).startsWith(k) ? line.slice(2) : shortened(k, line) ? k : null;
      if (!own) return;
      const rest = own.slice(k.length);
      // (a note after the word 格式 too: 「附件四：投标函格式（彩色扫描件）」; a note after a semicolon: 「中标服务费承诺书；（须加盖
      // 投标人公章…）」)
      if (rest.length <= 2 || /^[;,]?(?:[(（].*[)）])?(?:格式|样式|模板|参考格式)?(?:[(（].*[)）])?$/.test(rest)) {
        hit = i;
        hits.add(i);
      }
    });
    for (const i of hits) titled.add(i);
    if (twin(title)) {
      const notes = notesOf(title);
      const noted = [...hits].filter((i) => notes.length && notes.every((n) => keys[i]!.includes(n)));
      const taken = at.filter((a) => titleKey(a.title) === k).map((a) => a.i);
      const free = (noted.length ? noted : [...hits]).filter((i) => taken.every((t) => i > t));
      if (free.length) hit = Math.max(...free);
    }
    // the form's label printed on the line above its title (「附件四：投标函格式（彩色扫描件）」 over 「投标函」) is the
    // same form's, not the tail of the form before it
    let head = hit;
    for (let p = hit - 1; p >= 0; p--) {
      if (!keys[p]) continue;
      if (hits.has(p)) head = p;
      break;
    }
    if (hit >= 0 && !at.some((a) => a.i === hit)) at.push({ title, i: hit, head });
    // a title the labels list twice (the same 「…其它资料（如有）」 closing each volume): as many forms, the last lines
    // that carry it (contents come first)
    const more = [...hits].sort((a, b) => a - b).filter((i) => i !== hit && !hits.has(i + 1) && !at.some((a) => a.i === i));
    for (const i of more.slice(Math.max(0, more.length - (times(title) - 1)))) at.push({ title, i, head: i });
  }
  at.sort((a, b) => a.i - b.i);
  // a volume's title (「第二分册 技术投标文件」) ends the form before it: it heads the next volume, no form's text
  // so does another form's own label line the labels do not name (「附件五-2：法定代表人证明格式（彩色扫描件）」)
  const volumes = chapter.map((l, i) => (VOLUME.test(norm(l.trim())) || FORM_LABEL.test(norm(l.trim())) ? i : -1)).filter((i) => i >= 0);
  const endOf = (from: number, next: number) => Math.min(next, volumes.find((v) => v > from) ?? next);
  // a line whose text is nothing but other parts' titles is an entry of a list of parts (the contents), no form
  return at
    .map((a, k) => ({ title: a.title, from: a.i + 1, to: endOf(a.i, k + 1 < at.length ? at[k + 1]!.head : Math.min(chapter.length, a.i + 1 + 400)) }))
    .filter((f) => {
      const body = [...Array(Math.max(0, f.to - f.from)).keys()].map((x) => f.from + x).filter((i) => chapter[i]!.trim());
      return !body.length || body.some((i) => !titled.has(i));
    })
    .map((f) => ({ title: f.title, lines: chapter.slice(f.from, f.to) }));
}

/**
 * A form's blanks: underscores, dots, empty brackets, 【…】, XXX, gaps of spaces, tabs — and a field named in brackets
 * (「（投标人名称）」「（姓名和职务）」「（填写“全称”）」「（签字或盖章）」): Chinese forms print the slot as its label in
 * brackets, the bidder writes the value in its place, so the label is not fixed text a filled-in form keeps.
 */
const FORM_BLANK = new RegExp(
  [
    '[_＿]{2,}',
    '…{2,}',
    '\\.{4,}',
    '[（(][\\s\\u3000]*[)）]',
    '【[^】]*】',
    '[Xx×Ｘ]{2,}',
    '[\\s\\u3000]{2,}',
    '\\t',
    // (a letter's addressee in brackets: 「致：（采购代理 /招标人）」)
    '(?<=致[:：][\\s\\u3000]*)[（(][^（()）\\n，,。；;]{1,16}[)）]',
    '[（(][^（()）\\n，,。；;]{0,16}(?:名称|姓名|全称|编号|日期|职务|地址|电话|填写|签字|签名|盖章|公章|印章|单位章)[^（()）\\n，,。；;]{0,8}[)）]',
    // (options to pick one of: 「（报价部分/商务部分/技术部分）」「（提供/不提供）」 — the bidder keeps the one that applies)
    '[（(][^（()）\\n，,。；;/／]{1,12}(?:[/／][^（()）\\n，,。；;/／]{1,12})+[)）]',
  ].join('|'),
);

/**
 * The tender's own note that a form is not put in the bid (「（投标文件中不用放此项）」 under a 履约保证金担保函 printed
 * inside the chapter): from the title line above the note to the end of the form as split, that text is not the bid's.
 */
const NOT_IN_BID = /投标文件中不[用需必]放|不[用需必]放入(?:投标|响应)文件|(?:投标|响应)时不[用需必]提供/;
/** A form's title saying the form does not concern this project (「制造商授权函（…）（本项目不涉及）」): from there on. */
const NOT_THIS_PROJECT = /^[^，,。；;]{2,40}[（(]本项目不(?:涉及|适用)[)）]$/;
function bidLines(lines: string[]): string[] {
  const own = lines.findIndex((l) => NOT_THIS_PROJECT.test(l.replace(/\s+/g, '')));
  if (own >= 0) lines = lines.slice(0, own);
  const i = lines.findIndex((l) => NOT_IN_BID.test(l.replace(/\s+/g, '')));
  if (i < 0) return lines;
  let t = i - 1;
  while (t >= 0 && !lines[t]!.trim()) t--;
  return lines.slice(0, Math.max(0, t));
}

/** A form's fixed text as 8-character pieces: blanks and gaps cut the text, page furniture left out. */
function pieces(lines: string[], furniture: Set<string>): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (!t || furniture.has(norm(t)) || /^[-—\s\d第页共/]+$/.test(t)) continue;
    const segments = t.split(FORM_BLANK);
    for (const seg of segments) {
      const n = norm(seg);
      for (let i = 0; i + PIECE <= n.length; i++) out.push(n.slice(i, i + PIECE));
    }
  }
  return out;
}

/** Lines printed on many pages (running headers and footers) are not a form's text. */
function furnitureOf(text: string): Set<string> {
  const count = new Map<string, number>();
  for (const l of text.split(/\r?\n|\f/)) {
    const n = norm(l);
    if (n.length >= 4) count.set(n, (count.get(n) ?? 0) + 1);
  }
  return new Set([...count].filter(([, c]) => c >= 6).map(([n]) => n));
}

// ---------------------------------------------------------------------------------------------------------------------
// The bid

async function bidOf(t: Truth): Promise<{ card: TenderCard; text: string; formSections: number }> {
  const full = path.join(corpus, t.file);
  const r = await readDocument(readFileSync(full), { ocr: false });
  const card = extractCard([{ name: path.basename(full), role: 'main', order: 1, pages: r.pages, chapters: r.chapters, model: r.model }]);
  const { nodes } = generateOutline(card, { bidType: 1 });
  const sections = writeBidOffline(card, nodes);
  // the cover the export prints (the tender's cover form filled, else the standard one)
  const part = card.composition.find((p) => COVER_PART.test(p.title) || COVER_PART.test(p.form?.title ?? ''));
  const form = findCoverForm(r.pages.map((p) => ({ page: p.page, text: p.text })), part?.form ?? null);
  const date = coverDate(card).text;
  const cover = (form && coverFromForm(form, card, {}, date)) || standardCover(card, {}, date);
  const coverText = cover.map((l) => (l.kind === 'field' ? `${l.text}：${l.value ?? ''}${l.note ?? ''}` : l.text)).join('\n');
  const formSections = card.forms?.length ?? 0;
  return { card, text: [coverText, ...Object.values(sections)].join('\n'), formSections };
}

// ---------------------------------------------------------------------------------------------------------------------

interface TenderFigures {
  id: string;
  half: string;
  forms: number;
  inBid: number;
  productForms: number;
  mean: number;
  failing: string[];
}

const truth = (loadTruth('forms') as unknown as Truth[]).filter((t) => !only || only.has(t.id));
console.log(`form fidelity — goal ≥ ${GOAL * 100} % of each form's fixed text (${PIECE}-character pieces, blanks out) in the written bid`);
console.log('forms: found by the independent reading (raw text split at the labelled titles); ≥90%: forms whose fixed text the bid carries; product: forms the product read');
const results: TenderFigures[] = [];
for (const t of truth) {
  let text: string;
  try {
    text = await docText(t.file);
  } catch (e) {
    console.log(`${t.id.padEnd(4)} ${t.half.padEnd(5)} 读取失败：${(e as Error).message.slice(0, 60)}`);
    continue;
  }
  const chapters = formatChapters(text);
  if (!chapters.length) {
    console.log(`${t.id.padEnd(4)} ${t.half.padEnd(5)} — no format chapter in the raw text`);
    continue;
  }
  // the candidate where most labelled titles head a form (the last of equals: the chapter comes after mentions of it)
  // both hand-labelled lists cut the chapter: the 组成 list (须知) and, where the format chapter lists its forms apart, that
  // list (`compositionFormat`) — cut at the 组成 titles alone, one 「投标函」 ran on over the forms the 组成 list does not
  // name (开标一览表、偏离表…), a form measured as the sum of several
  const titles = [...new Set([...(t.composition ?? []), ...(t.compositionFormat ?? [])])];
  // (a title either list names twice is two forms: counted in the list naming it most)
  const times = (title: string) => Math.max(...[t.composition ?? [], t.compositionFormat ?? []].map((l) => l.filter((x) => x === title).length));
  const forms = chapters.map((c) => splitForms(c, titles, times)).reduce((a, b) => (b.length >= a.length ? b : a));
  if (args.includes('--split'))
    for (const f of forms) console.log(`    ${t.id} ✂ ${f.title.slice(0, 30)} | ${f.lines.filter((l) => l.trim()).slice(0, 3).map((l) => l.trim().slice(0, 40)).join(' ⏎ ')}`);
  if (!forms.length) {
    console.log(`${t.id.padEnd(4)} ${t.half.padEnd(5)} — format chapter, but no labelled part title found in it`);
    continue;
  }
  const bid = await bidOf(t);
  const grams = new Set<string>();
  const b = norm(bid.text);
  for (let i = 0; i + PIECE <= b.length; i++) grams.add(b.slice(i, i + PIECE));
  const furniture = furnitureOf(text);
  const shares: number[] = [];
  const failing: string[] = [];
  for (const f of forms) {
    const lines = bidLines(f.lines);
    const ps = pieces(lines, furniture);
    if (ps.length < 3) continue; // 「格式自拟」: no fixed text to carry
    const share = ps.filter((p) => grams.has(p)).length / ps.length;
    shares.push(share);
    if (share < GOAL) failing.push(`${f.title.slice(0, 14)} ${(share * 100).toFixed(0)}%`);
    if (verbose) console.log(`    ${t.id} ${f.title.slice(0, 24).padEnd(24)} ${String(ps.length).padStart(5)} pieces  ${(share * 100).toFixed(1)} %`);
    if (missing && share < GOAL) console.log(`    ${t.id} ${f.title.slice(0, 24)} ${(share * 100).toFixed(1)} % — lines lacking:`);
    if (missing && share < GOAL)
      for (const line of lines) {
        const lp = pieces([line], furniture);
        const lost = lp.filter((p) => !grams.has(p)).length;
        if (lost) console.log(`      − ${lost}/${lp.length}  ${line.trim().slice(0, 110)}`);
      }
  }
  if (!shares.length) continue;
  const r: TenderFigures = {
    id: t.id,
    half: t.half,
    forms: shares.length,
    inBid: shares.filter((s) => s >= GOAL).length,
    productForms: bid.formSections,
    mean: shares.reduce((a, x) => a + x, 0) / shares.length,
    failing,
  };
  results.push(r);
  console.log(
    `${r.id.padEnd(4)} ${r.half.padEnd(5)} forms ${String(r.forms).padStart(2)}  ≥90% ${String(r.inBid).padStart(2)}  product ${String(r.productForms).padStart(2)}  mean ${(r.mean * 100).toFixed(1).padStart(5)} %` +
      (failing.length ? `   below: ${failing.slice(0, 4).join('；')}${failing.length > 4 ? ' …' : ''}` : ''),
  );
}
for (const half of ['work', 'check']) {
  const rs = results.filter((r) => r.half === half);
  const forms = rs.reduce((n, r) => n + r.forms, 0);
  const ok = rs.reduce((n, r) => n + r.inBid, 0);
  const mean = forms ? rs.reduce((n, r) => n + r.mean * r.forms, 0) / forms : 0;
  console.log(`${half.padEnd(5)}: ${rs.length} tenders, ${forms} forms, ${ok} at ≥ 90 % (${forms ? ((ok / forms) * 100).toFixed(1) : '—'} %), mean share ${(mean * 100).toFixed(1)} %`);
}
