/**
 * The tender text the LLM tasks read, with page markers (【第12页】, or 【文件2 第1页】 when a bid has several files).
 *
 * Prompt order (TECH-NOTES.md, LLM): the large stable context first — the system rules and the tender text in one system
 * message, identical for every task that reads the same pages — and the task's instruction last, so vendors' prefix
 * caches serve the tender text once per bid instead of once per task.
 *
 * A tender that fits the budget (default 10,000 characters) is sent whole to every task: one shared prefix. A longer one
 * is cut per page group (notice, scoring, marked clauses, requirements, format): pages are ranked by keyword hits and by
 * the chapter they sit in, the best ones kept up to the budget and shown in page order; a page longer than a third of the
 * budget is reduced to the lines around its hits (verbatim lines, so excerpts copied from them are still on the page).
 * Tasks of one group share the group's prefix. Groups whose items are spread over the tender (★/▲ clauses, scoring,
 * invalid-bid clauses) may use several chunks; each chunk is a call of its own.
 */
import type { TenderFileRole } from '@btz/shared';
import { modelPageTexts } from '../../reading/model/prompt.js';
import type { GroupId } from './llm-tasks.js';
import { isTocLine } from '../text.js';
import type { TenderFileInput } from '../types.js';

/** Tender text per prompt: with the system rules, the task instruction and its JSON schema a prompt stays ≤ ~12k characters. */
export const DEFAULT_CONTEXT_CHARS = 10_000;

export interface PromptFile {
  /** 1-based number the prompt shows */
  no: number;
  file: TenderFileInput;
}

/** Files in the order they apply (main files, bills of quantities, then amendments; each group by `order`), numbered. */
export function promptFiles(files: readonly TenderFileInput[]): PromptFile[] {
  const rank = { main: 0, boq: 1, amendment: 2 } as const;
  return [...files].sort((a, b) => rank[a.role] - rank[b.role] || a.order - b.order).map((file, i) => ({ no: i + 1, file }));
}

const ROLE_LABEL: Record<TenderFileRole, string> = { main: '招标文件', amendment: '补遗/澄清文件', boq: '工程量清单' };

export function pageMarker(multi: boolean, no: number, page: number): string {
  return multi ? `【文件${no} 第${page}页】` : `【第${page}页】`;
}

interface Piece {
  no: number;
  page: number;
  text: string;
  /** only the lines around the keyword hits */
  partial: boolean;
}

function renderTender(pf: readonly PromptFile[], pieces: readonly Piece[]): string {
  const multi = pf.length > 1;
  const head = multi
    ? `共 ${pf.length} 个文件（后发布的补遗/澄清文件优先）：\n${pf.map((f) => `文件${f.no}：《${f.file.name}》（${ROLE_LABEL[f.file.role]}）`).join('\n')}`
    : `文件：《${pf[0]?.file.name ?? ''}》`;
  const body = [...pieces]
    .sort((a, b) => a.no - b.no || a.page - b.page)
    .map((p) => `${pageMarker(multi, p.no, p.page)}${p.partial ? '（节选）' : ''}\n${p.text.trim()}`);
  return `${head}\n\n${body.join('\n\n')}`;
}

/** The stable system message: the rules every task follows, then the tender text. Identical for tasks of one group. */
export function systemPrompt(tender: string, multi: boolean): string {
  const rules = [
    '你是资深的招投标文件分析专家，负责从招标文件中准确提取投标人需要掌握的信息。',
    '规则：',
    '1. 只依据下方【招标文件】中的文字作答，不得推测或编造；文件中没有的信息，对象填 null，列表返回空数组 []。',
    `2. 每一项都必须注明出处：page 为该内容所在页的页码（即“${multi ? '【文件N 第M页】中的 M' : '【第N页】中的 N'}”）；excerpt 为从该页原文逐字复制的一段连续文字（10～80 字，须包含该项的关键内容），不得改写、缩写、拼接，不得添加省略号或页码标记。`,
    '3. 金额、日期、时间、编号按原文照录；需要换算的数值放在单独的字段里。',
    ...(multi ? ['4. 用 file 注明内容所在的文件序号。补遗、澄清文件晚于招标文件发布，内容不一致时以后发布的文件为准，并引用该文件。'] : []),
    `${multi ? 5 : 4}. 表格以 Markdown 表格给出（合并单元格在其覆盖的每一格重复出现；跨页表格首列“页”为该行所在页码）：引用表格内容时 page 取该行所在页，excerpt 只复制某一个单元格内的连续原文，不含竖线“|”。`,
    `${multi ? 6 : 5}. 每次只完成最后给出的那一个任务，按要求输出 JSON。`,
  ];
  return `${rules.join('\n')}\n\n【招标文件】\n${tender}`;
}

// ---------------------------------------------------------------------------------------------------------------------
// Page groups

interface GroupSpec {
  keywords: RegExp[];
  chapter: RegExp;
  /** most chunks (calls per task) when the group's pages exceed the budget */
  chunks: number;
  /** early pages first (the notice and the 投标人须知前附表 open the tender) */
  front?: boolean;
}

export const GROUPS: Record<GroupId, GroupSpec> = {
  notice: {
    keywords: [
      /项目名称|项目编号|招标编号|采购编号/g,
      /预算|最高限价|控制价|限价/g,
      /截止时间|截止日期|开标/g,
      /投标保证金/g,
      /采购人|招标人|代理机构|联系人|联系电话/g,
      /资格要求|资格条件|资质|联合体/g,
      /标段|采购包|分包/g,
      /采购方式|公开招标|竞争性磋商|竞争性谈判|询价/g,
    ],
    chapter: /招标公告|投标邀请|采购公告|磋商公告|须知|前附表/,
    chunks: 1,
    front: true,
  },
  scoring: {
    keywords: [/评分|评审因素|评标办法|评审办法|分值|得分|综合评分|评标方法/g, /价格分|评标基准价|报价得分|最低评标价/g],
    chapter: /评标|评分|评审|磋商办法|谈判办法/,
    chunks: 2,
  },
  marked: { keywords: [/★/g, /▲/g], chapter: /采购需求|技术要求|技术规格|商务要求|需求/, chunks: 3 },
  requirements: {
    keywords: [/交货|交付|工期|服务期|履约/g, /质保|保修|售后|运维/g, /付款|支付|结算|预付/g, /验收|违约/g],
    chapter: /采购需求|商务要求|合同|服务要求|技术要求/,
    chunks: 1,
  },
  format: {
    keywords: [
      /投标文件(?:的)?(?:组成|构成|编制)|组成部分|由以下部分组成/g,
      /装订|胶装|签字|盖章|签章|正本|副本|页码|密封|电子版/g,
      /无效|废标|否决|被拒绝/g,
    ],
    chapter: /须知|投标文件格式|响应文件格式|无效|废标/,
    chunks: 2,
  },
};

const CHAPTER_LINE = /^第\s*[一二三四五六七八九十百零〇两\d]+\s*(?:章|部分|篇|卷)\s*\S/;

/** Chapter titles active on each page of a file (from the reader's chapters, else from 第X章 lines). */
function chapterTitles(file: TenderFileInput): Map<number, string[]> {
  let starts: Array<{ page: number; title: string }> = (file.chapters ?? [])
    .filter((c) => c.level <= 1)
    .map((c) => ({ page: c.page, title: c.title }));
  if (!starts.length) {
    for (const p of file.pages)
      for (const line of p.text.split('\n')) {
        const t = line.trim();
        if (CHAPTER_LINE.test(t) && t.length <= 40 && !isTocLine(t)) starts.push({ page: p.page, title: t });
      }
  }
  starts = starts.sort((a, b) => a.page - b.page);
  const out = new Map<number, string[]>();
  for (const p of file.pages) {
    const before = starts.filter((c) => c.page < p.page).at(-1);
    const on = starts.filter((c) => c.page === p.page).map((c) => c.title);
    out.set(p.page, [...(before ? [before.title] : []), ...on]);
  }
  return out;
}

function hits(text: string, res: RegExp[]): number {
  let n = 0;
  for (const re of res) n += Math.min(6, (text.match(new RegExp(re.source, 'g')) ?? []).length);
  return n;
}

/**
 * A page longer than `cap`: its lines with keyword hits first, then their neighbours (±2) as room allows, shown in page
 * order with 「（略）」 for the gaps; a hit line longer than the cap is cut (a verbatim prefix). No hit: the page's head.
 */
function reducePage(text: string, res: RegExp[], cap: number): { text: string; partial: boolean } {
  if (text.length <= cap) return { text, partial: false };
  const lines = text.split('\n').map((l) => l.trim());
  const hitLines = lines.flatMap((l, i) => (l && res.some((re) => new RegExp(re.source).test(l)) ? [i] : []));
  const wanted = hitLines.length
    ? [...hitLines, ...hitLines.flatMap((i) => [i - 1, i + 1, i - 2, i + 2])]
    : lines.map((_, i) => i);
  const keep = new Map<number, string>();
  let len = 0;
  for (const i of wanted) {
    if (i < 0 || i >= lines.length || keep.has(i) || !lines[i]) continue;
    let l = lines[i]!;
    if (l.length + 5 > cap - len) {
      if (keep.size && !hitLines.includes(i)) continue;
      l = l.slice(0, Math.max(0, cap - len - 5));
      if (l.length < 10) continue;
    }
    keep.set(i, l);
    len += l.length + 5;
  }
  const out: string[] = [];
  let last = -1;
  for (const i of [...keep.keys()].sort((a, b) => a - b)) {
    if (out.length && i !== last + 1) out.push('（略）');
    out.push(keep.get(i)!);
    last = i;
  }
  return { text: out.join('\n'), partial: true };
}

export interface ContextPlan {
  /** true when the whole tender fits the budget: every task reads the same text */
  shared: boolean;
  /** the tender text (with markers) per group: one string per chunk */
  byGroup: Record<GroupId, string[]>;
  /** characters of the whole tender text with markers */
  fullChars: number;
}

/**
 * The text a prompt shows of each page of a file: from the document model when the reader built one (tables as Markdown
 * tables, the table of contents and running headers left out), else the page text as read.
 */
function promptPages(f: PromptFile): Piece[] {
  if (f.file.model?.blocks.length) {
    const texts = modelPageTexts(f.file.model);
    return [...texts].sort((a, b) => a[0] - b[0]).map(([page, text]) => ({ no: f.no, page, text, partial: false }));
  }
  return f.file.pages.filter((p) => p.text.trim()).map((p) => ({ no: f.no, page: p.page, text: p.text, partial: false }));
}

/** The tender text for each page group, bounded by `budget` characters per chunk. */
export function planContexts(files: readonly TenderFileInput[], budget = DEFAULT_CONTEXT_CHARS): ContextPlan {
  const pf = promptFiles(files);
  const all: Piece[] = pf.flatMap(promptPages);
  const full = renderTender(pf, all);
  const groups = Object.keys(GROUPS) as GroupId[];
  if (full.length <= budget) {
    return { shared: true, byGroup: Object.fromEntries(groups.map((g) => [g, [full]])) as Record<GroupId, string[]>, fullChars: full.length };
  }
  const chapters = new Map(pf.map((f) => [f.no, chapterTitles(f.file)]));
  const pageCount = new Map(pf.map((f) => [f.no, f.file.pages.length]));
  const roleOf = new Map(pf.map((f) => [f.no, f.file.role]));
  const cap = Math.max(500, Math.floor(budget / 3));
  const byGroup = {} as Record<GroupId, string[]>;
  for (const g of groups) {
    const spec = GROUPS[g];
    const scored = all
      .map((p, idx) => {
        const h = hits(p.text, spec.keywords);
        const inChapter = (chapters.get(p.no)?.get(p.page) ?? []).some((t) => spec.chapter.test(t));
        let score = h + (inChapter ? 3 : 0);
        if (score > 0 && spec.front) score += Math.max(0, 2 - (2 * p.page) / Math.max(10, (pageCount.get(p.no) ?? 1) * 0.15));
        if (h > 0 && roleOf.get(p.no) === 'amendment') score += 5;
        return { p, idx, score, hit: h > 0 };
      })
      .filter((x) => x.hit);
    scored.sort((a, b) => b.score - a.score || a.idx - b.idx);
    const capacity = budget * spec.chunks;
    const chosen: Piece[] = [];
    let total = 0;
    for (const { p } of scored) {
      const r = reducePage(p.text, spec.keywords, cap);
      const size = r.text.length + 16;
      if (total + size > capacity) continue;
      chosen.push({ ...p, text: r.text, partial: r.partial });
      total += size;
    }
    if (!chosen.length) {
      // nothing matched: the opening pages
      for (const p of all) {
        const r = reducePage(p.text, spec.keywords, cap);
        if (total + r.text.length + 16 > budget) break;
        chosen.push({ ...p, text: r.text, partial: r.partial });
        total += r.text.length + 16;
      }
    }
    chosen.sort((a, b) => a.no - b.no || a.page - b.page);
    const chunks: Piece[][] = [[]];
    let size = 0;
    const head = renderTender(pf, []).length;
    for (const p of chosen) {
      const s = p.text.length + 16;
      if (size + s + head > budget && chunks.at(-1)!.length) {
        if (chunks.length >= spec.chunks) break;
        chunks.push([]);
        size = 0;
      }
      chunks.at(-1)!.push(p);
      size += s;
    }
    byGroup[g] = chunks.filter((c) => c.length).map((c) => renderTender(pf, c));
    if (!byGroup[g].length) byGroup[g] = [renderTender(pf, [])];
  }
  return { shared: false, byGroup, fullChars: full.length };
}
