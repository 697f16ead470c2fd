import type { BidCheckFinding, BidCheckSeverity, HealthFinding, HealthReport, TenderCard } from '@btz/shared';
import { computeHealth } from '../health/health.js';
import { documentBid, type ReadBid } from '../health/document.js';
import { termIn } from '../health/coverage.js';

/**
 * The 废标 check of any bid file (issue 15): the content-health check (health/health.ts — ★ clauses not responded, scoring
 * rows not answered, placeholders, foreign names, contradictions with the tender…) run on the file as read, through
 * `computeHealth({ document })`, plus what only a finished file shows: composition parts the tender asks for that the
 * file lacks, and certificates that have expired (the bidder's own, by name or number, and any 「有效期至」 date past).
 * Every finding with its page.
 */

export interface RejectInput {
  card: TenderCard;
  document: ReadBid;
  bidder: { name?: string; qualifications: { name: string; number?: string; expiry?: string }[] };
  /** YYYY-MM-DD */
  today: string;
}

export interface RejectResult {
  findings: BidCheckFinding[];
  health: HealthReport;
}

const FIX: Record<string, string> = {
  'unanswered-scoring': '在对应章节中逐条响应评分标准的要点',
  'star-unanswered': '逐条明确响应★条款（不满足将导致废标）',
  'invalid-risk': '按招标文件要求修改，避免废标',
  'card-conflict': '按招标文件的规定修改数值',
  'qualification-missing': '补充资格证明材料',
  'fact-conflict': '统一前后不一致的承诺',
  'absurd-figure': '核对并改正该数值或日期',
  'foreign-name': '替换为本项目的名称和采购人',
  placeholder: '填写真实信息',
  'empty-heading': '补写正文或删除该标题',
  repeated: '改写或删除重复内容',
  'too-short': '扩写补充',
  typo: '改正错别字',
};

const PLACEHOLDER_EXTRA = /(?:X{3,}|×{3,}|＿{3,}|_{5,}|【[^】]{0,12}(?:填写|待补|待定)[^】]{0,12}】|\[待填[^\]]*\]|（待定）|某某(?:公司|项目))/g;

function toFinding(f: HealthFinding): Omit<BidCheckFinding, 'id'> {
  return {
    rule: f.kind,
    severity: f.severity,
    page: f.page ?? null,
    ...(f.excerpt ? { excerpt: f.excerpt } : {}),
    message: f.message,
    fix: FIX[f.kind] ?? '请核实修改',
  };
}

/** Pages of the file where `needle` shows (the first few). */
function pagesOf(doc: ReadBid, needle: string, max = 5): number[] {
  const out: number[] = [];
  for (const p of doc.pages) if (p.text.includes(needle) && out.push(p.page) >= max) break;
  return out;
}

const DATE_RE = /有效期(?:至|到|截止(?:日期)?|：|:)\s*[：:]?\s*(\d{4})\s*[年\-./]\s*(\d{1,2})\s*[月\-./]\s*(\d{1,2})/g;

export function checkRejection(input: RejectInput): RejectResult {
  const { card, document, today } = input;
  const health = computeHealth({ card, document, enterprise: { name: input.bidder.name } });
  const out: Omit<BidCheckFinding, 'id'>[] = health.findings.map(toFinding);

  // blanks of a bid written elsewhere: XXX, ____, 【待填写】-like marks (the writer's own 【待填写：…】 are in health)
  const seenBlank = new Set<string>();
  for (const p of document.pages) {
    for (const m of p.text.matchAll(PLACEHOLDER_EXTRA)) {
      const key = `${p.page}|${m[0]}`;
      if (seenBlank.has(key)) continue;
      seenBlank.add(key);
      const excerpt = p.text.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12).replace(/\s+/g, ' ').trim();
      out.push({ rule: 'placeholder', severity: 'medium', page: p.page, excerpt, message: `第 ${p.page} 页有未填写的内容「${m[0]}」`, fix: FIX.placeholder! });
    }
  }

  // composition parts the tender asks for, by heading (or, failing that, anywhere in the text)
  const doc = documentBid(document);
  const titles: string[] = [];
  const walk = (ns: typeof doc.outline) => ns.forEach((n) => (titles.push(n.title), walk(n.children)));
  walk(doc.outline);
  const heads = titles.join('\n');
  const whole = document.pages.map((p) => p.text).join('\n');
  for (const part of card.composition) {
    const t = part.title.replace(/^[\d.、\s（()）一二三四五六七八九十]+/, '').trim();
    if (t.length < 2 || termIn(t, heads) || whole.includes(t)) continue;
    out.push({
      rule: 'composition-missing',
      severity: 'high',
      page: null,
      message: `招标文件要求的组成部分「${part.title}」在投标文件中未找到${part.source?.page ? `（招标文件第 ${part.source.page} 页）` : ''}`,
      fix: `按招标文件格式补充「${part.title}」`,
    });
  }

  // certificates: the bidder's own lapsed ones named in the file, and any validity date already past
  for (const q of input.bidder.qualifications) {
    if (!q.expiry || !/^\d{4}-\d{2}-\d{2}$/.test(q.expiry) || q.expiry >= today) continue;
    const needle = q.number && q.number.length >= 6 && whole.includes(q.number) ? q.number : q.name.length >= 4 && whole.includes(q.name) ? q.name : null;
    if (!needle) continue;
    const pages = pagesOf(document, needle);
    out.push({
      rule: 'certificate-expired',
      severity: 'high',
      page: pages[0] ?? null,
      ...(pages.length > 1 ? { pages: pages.slice(1) } : {}),
      excerpt: needle,
      message: `证书「${q.name}」已于 ${q.expiry} 过期，仍在投标文件中使用`,
      fix: '更换为有效期内的证书，并更新企业信息',
    });
  }
  const seenDate = new Set<string>();
  for (const p of document.pages) {
    for (const m of p.text.matchAll(DATE_RE)) {
      const date = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
      if (date >= today || seenDate.has(`${p.page}|${date}`)) continue;
      // the bidder's own lapsed certificate on this page is already reported by name
      if (out.some((f) => f.rule === 'certificate-expired' && (f.page === p.page || f.pages?.includes(p.page)) && f.message.includes(date))) continue;
      seenDate.add(`${p.page}|${date}`);
      const excerpt = p.text.slice(Math.max(0, m.index - 20), m.index + m[0].length).replace(/\s+/g, ' ').trim();
      out.push({ rule: 'certificate-expired', severity: 'high', page: p.page, excerpt, message: `第 ${p.page} 页的证照有效期 ${date} 已过`, fix: '更换为有效期内的证照' });
    }
  }

  const rank: Record<BidCheckSeverity, number> = { high: 0, medium: 1, low: 2 };
  const findings = out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank[a.f.severity] - rank[b.f.severity] || (a.f.page ?? 0) - (b.f.page ?? 0) || a.i - b.i)
    .map(({ f }, n) => ({ id: `f${n + 1}`, ...f }));
  return { findings, health };
}
