/**
 * The tender's requirement items (issue 13 item 2), read from the document model: the chapters named 采购需求 / 技术要求 /
 * 服务要求 / 商务要求 / 技术规范 / 招标需求 (not their response forms: 偏离表, 响应表, 格式), and inside them every numbered
 * item, requirement sentence (须/应/不少于…) and row of a requirement table, each with its page, the heading it sits
 * under and the figures it states. The writer restates and answers them one by one.
 */
import type { Block, DocModel, TableBlock } from '../../reading/model/types.js';

export interface ModelRequirement {
  text: string;
  page: number;
  section: string;
  figures: string[];
  /** verbatim text of the page to cite (a table row's longest cell) */
  excerpt: string;
}

/** A chapter that holds requirements (its title without numbering). */
const REQ_HEAD =
  /需求|技术(?:要求|规范|规格|参数|标准)|服务(?:标准|要求|内容|范围)|商务(?:要求|条款)|项目要求|工作内容|制作安装要求|招标内容/;
const NOT_REQ = /偏离|响应表|应答表|格式|评标|评分|须知|合同|一览表$|资格|目录|附件/;
const CHAPTER = /^(?:第[一二三四五六七八九十\d]+[章部篇]|第[一二三四五六七八九十\d]+部分)/;
const REQUIREMENT_WORDS = /须|应|要求|不少于|不低于|不超过|不得|负责|提供|确保|保证|≥|≤|以上|以内|之内|具备|配备|满足/;
const NUMBERED = /^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,3}\s*[)）]|\d{1,2}(?:\.\d{1,2})*\s*[.．、)）]|[①-⑳]|[⑴-⒇]|[a-hA-H]\s*[.．、)）]|[一二三四五六七八九十]{1,3}\s*、)/;

const MAX_ITEMS = 240;

/** A line ending where the bidder signs or seals. */
const SIGN_LINE = /(?:签字|签章|盖章|签名)\s*[）)]?\s*[:：]?\s*$/;
/** The words a heading names a kind of requirement with (「…要求」「…标准」). */
const KIND_OF = /(?:要求|标准|规范|内容|范围|说明|职责|条件|规定|事项)$/;

/** A numbered line that is a title: short, no sentence punctuation, no figure, ending in a kind-of word and requiring nothing else. */
function namesAKind(body: string): boolean {
  return body.length <= 16 && !/[，。；,;！？!?]/.test(body) && KIND_OF.test(body) && !figuresOf(body).length && !REQUIREMENT_WORDS.test(body.replace(KIND_OF, ''));
}
const MAX_TEXT = 240;

/** Figures as printed: amounts with their unit, percentages, standards (GB/T 2887), 7×24, times of day. */
const FIGURE =
  /(?:(?:不少于|不低于|不超过|不大于|不小于|至少|≥|≤|>|<)\s*)?(?<![\d.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?(?!\d)\s*(?:%|％|个?工作日|个?日历天|天|日|小时|h|分钟|秒|个月|年|周|人次|人|名|次|万条|条|万元|元|平方米|㎡|m²|米|台|套|只|辆|期|项|个|批|份|小时\/天)|(?:GB|GY|JGJ|GA|DB\d*|YD|SJ|ISO)\s*\/?\s*T?\s*\d+(?:[.-]\d+)*|\d\s*[×x*]\s*24|\d{1,2}\s*[:：]\s*\d{2}/g;

export function figuresOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FIGURE)) {
    const f = m[0].replace(/\s+/g, '');
    if (!out.includes(f)) out.push(f);
  }
  return out.slice(0, 8);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const cap = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);
const isReqHeading = (title: string) => REQ_HEAD.test(title) && !NOT_REQ.test(title);

/** The [start, end) block ranges of the requirement chapters. */
function chapters(blocks: Block[]): [number, number][] {
  const heads = blocks
    .map((b, i) => ({ b, i }))
    .filter((x): x is { b: Extract<Block, { type: 'heading' }>; i: number } => x.b.type === 'heading' && isReqHeading(x.b.title || x.b.text));
  // chapter-level ones (第X章 / 第X部分, or the top level) first; a sub-heading only when the tender has no such chapter
  const top = heads.filter((h) => CHAPTER.test(h.b.text.replace(/\s+/g, '')) || h.b.level === 1);
  const chosen = top.length ? top : heads;
  const out: [number, number][] = [];
  for (const { b, i } of chosen) {
    if (out.length && i < out[out.length - 1]![1]) continue; // inside the previous range
    // a 第X章 chapter runs to the next 第X章 (its own parts, 「第 1 包 …」, may sit at its level); another heading to the next
    // heading of its level
    const isChapter = CHAPTER.test(b.text.replace(/\s+/g, ''));
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const n = blocks[j]!;
      if (n.type !== 'heading' || n.level > b.level) continue;
      if (isChapter && !CHAPTER.test(n.text.replace(/\s+/g, ''))) continue;
      // 「招标需求」 under 「第三章 招标需求」, or the next requirement chapter: the range goes on
      if (isReqHeading(n.title || n.text)) continue;
      break;
    }
    out.push([i, j]);
  }
  return out;
}

/** Columns (or cells) that identify the procurement rather than require anything: its numbers, name, budget, a total row. */
const PARTICULARS = /^(?:(?:采购)?(?:计划|项目|包)?(?:编号|包号)|采购(?:项目)?名称|项目名称|(?:采购)?预算(?:金额)?|最高限价|合计|总计|小计)(?:[（(][^）)]*[)）])?[:：]?$/;

function tableItems(t: TableBlock, section: string): ModelRequirement[] {
  const rows = t.rows.filter((r) => r.cells.some((c) => c.text.trim()));
  if (rows.length < 2) return [];
  const headRow = rows.find((r) => r.header) ?? rows[0]!;
  const head: string[] = [];
  for (const c of headRow.cells) head[c.col] = clean(c.text);
  const out: ModelRequirement[] = [];
  for (const r of rows) {
    if (r === headRow) continue;
    const parts = r.cells
      .map((c) => ({ h: head[c.col] ?? '', v: clean(c.text) }))
      .filter((x) => x.v && !/^(序号|\d{1,3}|[一二三四五六七八九十]+)$/.test(x.v));
    // a row of the procurement's particulars (plan number, name, budget, a total) asks nothing of the service
    if (parts.every((x) => PARTICULARS.test(x.h) || PARTICULARS.test(x.v))) continue;
    const text = parts.map((x) => (x.h && x.h !== x.v && !/^序号$/.test(x.h) ? `${x.h}：${x.v}` : x.v)).join('；');
    if (text.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '').length < 6) continue;
    const excerpt = parts.reduce((a, x) => (x.v.length > a.length ? x.v : a), '');
    out.push({ text: cap(text), page: r.page, section, figures: figuresOf(text), excerpt });
  }
  return out;
}

/** The requirement items of a document model (empty when it has no requirement chapter). */
/**
 * The head of a requirement column (「招标技术要求」「技术参数」「规格要求」): a row's cell under it is the requirement itself
 * — one rule for the writer's response rows and for the check reading them.
 */
export const REQUIREMENT_HEAD = /^(?:招标|采购)?(?:技术)?(?:参数|要求|指标|规格|配置|性能)(?:要求|参数|指标)?$/;

/** A label with nothing after it but the marks of a blank. */
const BLANK_ITEM = /^[^：:]{1,30}[：:][\\/／_＿—\-–.。…]*$/;

export function requirementsFromModel(model: DocModel): ModelRequirement[] {
  const blocks = model.blocks;
  const out: ModelRequirement[] = [];
  const seen = new Set<string>();
  const add = (r: ModelRequirement) => {
    const key = r.text.replace(/\s+/g, '');
    // a form's blank line (「分期履行要求： \」「风险处置措施和替代方案：________」) asks nothing yet
    if (BLANK_ITEM.test(key)) return;
    if (seen.has(key) || out.length >= MAX_ITEMS) return;
    seen.add(key);
    out.push(r);
  };
  for (const [from, to] of chapters(blocks)) {
    let section = '';
    let lead = '';
    for (let i = from + 1; i < to; i++) {
      const b = blocks[i]!;
      if (b.type === 'heading') {
        section = clean(b.text);
        lead = '';
        continue;
      }
      if (b.type === 'table') {
        tableItems(b, section).forEach(add);
        continue;
      }
      const text = clean(b.text);
      const body = text.replace(NUMBERED, '');
      if (body.length < 6) continue;
      const numbered = b.type === 'list-item' || NUMBERED.test(text);
      // a line the bidder signs (「供应商负责人/授权代表签字」「投标人（盖章）：」) asks nothing of the service (「…须由法定代表人签字」 does)
      if (body.length <= 40 && SIGN_LINE.test(body) && !/须|应|不得/.test(body.replace(/供应商|响应/g, ''))) continue;
      // a short lead-in (「1. 保洁服务：」「五、具体要求：」) names what follows, it is not an item itself; so does a numbered
      // line naming a kind of requirement with nothing required in it (「3. 工作时间要求」「（二）服务质量标准」)
      if (numbered && ((/[:：]$/.test(body) && body.length <= 30) || namesAKind(body))) {
        lead = body.replace(/[:：]$/, '');
        continue;
      }
      // an unnumbered paragraph is an item when it requires something or states a figure (「派遣人数共39人」)
      // (or a short 「名称：值」 statement such as 「服务期限：一年。」)
      const statement = /^[^：:，。]{2,12}[：:]\s*\S/.test(body) && body.length <= 120;
      if (!numbered && !REQUIREMENT_WORDS.test(body) && !statement && !(figuresOf(body).length && body.length <= 300)) continue;
      if (body.length > 600) continue; // a description, not an item
      add({ text: cap(text), page: b.page, section: lead ? `${section}${section ? ' ' : ''}${lead}` : section, figures: figuresOf(text), excerpt: text });
    }
  }
  return out;
}
