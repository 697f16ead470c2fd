/**
 * Planted defects (issue 25, Must hold): does 废标检查 find what was planted, and only that? For every corpus tender with a
 * scoring table (../shared/corpus, never copied into the repository; work and check half reported apart) the bid is
 * written offline (writeBidOffline), its 【待填写：…】 blanks completed with stand-in values (what a bidder would type:
 * names, dates, figures the tender does not prescribe), laid out as a read bid file (a heading per outline node, a
 * paragraph per line, ten lines to a page) and checked with checkRejection — the 废标检查 of an uploaded bid. Then, one at a
 * time, a defect is planted and the file checked again:
 *   star       the lines restating one ★ clause (a sentence, not a part's title or a column's name) removed — each line
 *              holding half of its own four-character pieces or more, or made of them (a clause over several lines)
 *                                                                    → expected: star-unanswered for that clause (and for
 *              any other clause restated on a removed line: its answer went with it)
 *   form       a form's text emptied (a section whose title names a document to fill: 函/书/表/证明/声明/承诺/封面)
 *                                                                    → expected: empty-heading (high) for that section
 *   figure     a 工期 / 服务期 / 交货期 over the tender's, the same subject, appended→ expected: card-conflict or invalid-risk at that line
 *   absurd     「质保期 24276 个月」 appended to a plan section        → expected: absurd-figure
 *   expired    「有效期至：2019年6月30日」 appended to a form           → expected: certificate-expired
 *   foreign    「项目名称：某某市第二人民医院改扩建工程」 appended        → expected: foreign-name
 * Truth is what was planted (never the check's own rules): recall = planted defects found by a new finding of the expected
 * kind; precision = new findings about the planted text (the expected one, or one quoting what was planted) ÷ all new
 * high/medium findings the plant caused (a plant that sets off findings elsewhere has caused false alarms). The completed bid's own high findings are printed too (goal: none), with the bids under the passing line.
 * The completion also adds, where the written bid does not list the qualification requirements, the bidder's
 * 资格审查响应表 (completeQualifications) — what a bidder attaches by hand.
 *
 *   npm run bench -- bidcheck-planted [--only c07,n04] [--verbose]
 */
import { HEALTH_PASSING_SCORE, type BidCheckFinding, type BidOutlineNode, type TenderCard } from '@btz/shared';
import { checkRejection } from '@btz/bid-engine/bidcheck';
import { flattenOutline, generateOutline } from '@btz/bid-engine/tender';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { corpus, tenderCard, writeBidOffline } from './lib/corpus-bids.js';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : null;
const VERBOSE = args.includes('--verbose');

interface TruthRow {
  id: string;
  file: string;
  half: 'work' | 'check';
  scoring: unknown[];
}

type Kind = 'star' | 'form' | 'figure' | 'absurd' | 'expired' | 'foreign';
const KINDS: Kind[] = ['star', 'form', 'figure', 'absurd', 'expired', 'foreign'];
const EXPECTED: Record<Kind, string[]> = {
  star: ['star-unanswered'],
  form: ['empty-heading'],
  figure: ['card-conflict', 'invalid-risk'],
  absurd: ['absurd-figure'],
  expired: ['certificate-expired'],
  foreign: ['foreign-name'],
};

/** Stand-in values for the writer's blanks: what the bidder would type (no figure the tender prescribes); dates a few days before the deadline. */
function complete(text: string, signed: string): string {
  return text.replace(/【待填写[：:]([^】]*)】/g, (_, what: string) => {
    if (/日期|时间/.test(what)) return signed;
    if (/电话|手机|联系方式/.test(what)) return '0571-88880000';
    if (/姓名|负责人|经理|代表/.test(what)) return '王建华';
    if (/金额|报价|价格|单价|总价/.test(what)) return '（见开标一览表）';
    return '已按要求提供';
  });
}

interface Bid {
  outline: BidOutlineNode[];
  sections: Record<string, string>;
}

/**
 * The qualification evidence a bidder attaches by hand (营业执照, 声明函, 业绩合同…): when the written bid does not list
 * every qualification requirement (its outline may have no 资格 part: the tender's format did not name one), the bidder
 * adds a 资格审查响应表 — each requirement, 满足, and the evidence attached. Whether a requirement is listed is read
 * literally (its opening words in the bid), not by the check's rules.
 */
function completeQualifications(card: TenderCard, bid: Bid): Bid {
  const whole = Object.values(bid.sections).join('\n').replace(/\s+/g, '');
  const key = (t: string) => t.replace(/\s+/g, '').slice(0, 12);
  if (card.qualifications.every((q) => whole.includes(key(q.text)))) return bid;
  const id = 'hand-qualifications';
  const node = { ...bid.outline[bid.outline.length - 1]!, id, parentId: '', title: '资格审查响应表（投标人补充）', level: 1, isLeaf: true, mode: 'ai', number: '', children: [], scoringIds: [], clauseIds: [] } as BidOutlineNode;
  const rows = card.qualifications.map((q, i) => `${i + 1}. ${q.text.replace(/\s+/g, ' ').trim()} —— 响应：满足，证明材料（复印件加盖公章）附后。`);
  return { outline: [...bid.outline, node], sections: { ...bid.sections, [id]: ['序号 资格要求 响应及证明材料', ...rows].join('\n') } };
}

/** The bid as a read file: a heading per node (levels as the outline's), a paragraph per line, ten lines a page. */
function asDocument(bid: Bid) {
  const blocks: unknown[] = [];
  const pages: { page: number; text: string }[] = [];
  let page = 1;
  let lines = 0;
  let pageText: string[] = [];
  const push = (b: Record<string, unknown>, text: string) => {
    blocks.push({ ...b, page, pageEnd: page });
    pageText.push(text);
    if (++lines % 10 === 0) {
      pages.push({ page, text: pageText.join('\n') });
      pageText = [];
      page++;
    }
  };
  const walk = (nodes: BidOutlineNode[]) => {
    for (const n of nodes) {
      push({ type: 'heading', level: Math.min(4, n.level), numbering: '', title: n.title, text: n.title }, n.title);
      for (const line of (bid.sections[n.id] ?? '').split('\n').filter((l) => l.trim())) push({ type: 'paragraph', text: line }, line);
      walk(n.children);
    }
  };
  walk(bid.outline);
  if (pageText.length) pages.push({ page, text: pageText.join('\n') });
  return { model: { blocks, pageCount: page, furniture: [] } as never, pages };
}

// a finding is the same one when it is of the same rule about the same text (a repeat's partner, a blank's page may change
// with the plant); a repeat is also the same one between the same two sections (lines taken out of one of them change
// its excerpt and length, not what it says)
const keysOf = (f: BidCheckFinding) => [
  `${f.rule}|${f.rule === 'placeholder' ? /「([^」]*)」/.exec(f.message)?.[1] : (f.excerpt ?? f.message.replace(/第 \d+ 页/g, ''))}`,
  ...(f.rule === 'repeated' ? [`${f.rule}|${f.message.replace(/\d+ 字/g, '')}`] : []),
];

function check(card: TenderCard, bid: Bid): BidCheckFinding[] {
  return checkRejection({ card, document: asDocument(bid), bidder: { name: '江州智联科技有限公司', qualifications: [] }, today: '2026-01-10' }).findings;
}

/** One defect planted in a copy of the bid; null when this tender gives no place for it. */
function plant(kind: Kind, card: TenderCard, bid: Bid): { bid: Bid; what: string; marker: string; match: (f: BidCheckFinding) => boolean; about?: (f: BidCheckFinding) => boolean } | null {
  const sections = { ...bid.sections };
  const nodes = flattenOutline(bid.outline).filter((n) => n.isLeaf);
  const plan = nodes.find((n) => n.mode !== 'form' && (sections[n.id] ?? '').length > 300);
  // a prescribed form: a written section whose title names a document to fill in (函, 书, 表, 证明, 声明, 承诺, 封面)
  const form = nodes.find((n) => n.mode === 'form' && /函|书|表|证明|声明|承诺|封面/.test(n.title) && (sections[n.id] ?? '').length > 0);
  switch (kind) {
    case 'star': {
      // a clause to answer: a sentence of its own (a ★ over a part's title 「三、商务和服务条款部分」 or a table's column
      // 「数量」 has nothing to respond to)
      const bodyOf = (t: string) => t.replace(/^[\s★▲]*(?:\d+(?:\.\d+)*[\s、．.]*|[（(]\d+[)）])?/, '').replace(/[★\s\d、.．。，,；;：:（）()《》]/g, '');
      const c = card.starClauses.find((s) => bodyOf(s.text).length >= 16);
      if (!c) return null;
      // the clause's own words: four-character pieces no other ★ clause holds (removing shared ones would remove their
      // answers too); a line restating it holds half of them or more (a few are words the whole bid uses: its subject)
      const others = card.starClauses.filter((s) => s !== c).map((s) => s.text).join('\n');
      const body = bodyOf(c.text);
      const words = [...new Set(Array.from({ length: Math.max(0, body.length - 3) }, (_, i) => body.slice(i, i + 4)))].filter((w) => !others.includes(w));
      if (!words.length) return null;
      const need = Math.ceil(words.length / 2);
      const removedLines: string[] = [];
      for (const n of nodes) {
        const lines = (sections[n.id] ?? '').split('\n');
        // (spacing aside: a table cell prints 「辅警服装  夏作训服」 with two spaces)
        const gone = (l0: string) => {
          const l = l0.replace(/\s+/g, '');
          if (words.filter((w) => l.includes(w)).length >= need || l.includes(c.text.replace(/\s+/g, '').slice(1, 12))) return true;
          // a line of the clause's own text when it runs over several lines (「1.…；」「2.…；」 of one ★ clause)
          const bare = l.replace(/[★\d、.．。，,；;：:（）()《》]/g, '');
          const grams = Array.from({ length: Math.max(0, bare.length - 3) }, (_, i) => bare.slice(i, i + 4));
          return grams.length >= 8 && grams.filter((g) => body.includes(g)).length >= 0.8 * grams.length;
        };
        removedLines.push(...lines.filter(gone));
        sections[n.id] = lines.filter((l) => !gone(l)).join('\n');
      }
      if (!removedLines.length) return null;
      // another clause restated on a removed line (one row answering two clauses) lost its answer with it: planted too
      const removed = removedLines.join('\n');
      const alsoGone = card.starClauses.filter((s) => s !== c && s.text.length >= 12 && removed.replace(/\s+/g, '').includes(s.text.replace(/\s+/g, '').slice(1, 12))).map((s) => s.text.slice(0, 20));
      return {
        bid: { ...bid, sections },
        what: c.text.slice(0, 30),
        marker: c.text.slice(0, 20),
        match: (f) => f.rule === 'star-unanswered' && f.message.includes(c.text.slice(0, 20)),
        about: (f) => f.rule === 'star-unanswered' && alsoGone.some((t) => f.message.includes(t)),
      };
    }
    case 'form': {
      if (!form) return null;
      sections[form.id] = '';
      return { bid: { ...bid, sections }, what: form.title, marker: form.title, match: (f) => f.rule === 'empty-heading' && f.severity === 'high' && f.message.includes(form.title) };
    }
    case 'figure': {
      if (!plan) return null;
      const max = /(工期|服务期|交货期)[^。；\d]{0,8}(\d+)\s*(?:个)?(?:日历天|天|日)/.exec(card.invalidClauses.map((c) => c.text).join('\n') + '\n' + (card.requirements ?? []).map((r) => r.text).join('\n'));
      if (!max) return null;
      // the same subject as the tender's (a 交货期 against the tender's 交货期, not a 工期: a contradiction is the same
      // quantity of the same subject)
      const line = `本项目${max[1]}为${Number(max[2]) + 90}日历天。`;
      sections[plan.id] += `\n${line}`;
      return { bid: { ...bid, sections }, what: line, marker: `${Number(max[2]) + 90}`, match: (f) => EXPECTED.figure.includes(f.rule) && (f.excerpt ?? f.message).includes(`${Number(max[2]) + 90}`) };
    }
    case 'absurd': {
      if (!plan) return null;
      sections[plan.id] += '\n我方承诺质保期 24276 个月。';
      return { bid: { ...bid, sections }, what: '质保期 24276 个月', marker: '24276', match: (f) => f.rule === 'absurd-figure' };
    }
    case 'expired': {
      const at = form ?? plan;
      if (!at) return null;
      sections[at.id] += '\n营业执照有效期至：2019年6月30日';
      return { bid: { ...bid, sections }, what: '有效期至：2019年6月30日', marker: '2019', match: (f) => f.rule === 'certificate-expired' && (f.excerpt ?? f.message).includes('2019') };
    }
    case 'foreign': {
      if (!plan) return null;
      sections[plan.id] += '\n项目名称：某某市第二人民医院改扩建工程';
      return { bid: { ...bid, sections }, what: '某某市第二人民医院改扩建工程', marker: '第二人民医院', match: (f) => f.rule === 'foreign-name' && (f.excerpt ?? f.message).includes('第二人民医院') };
    }
  }
}

const truthFile = path.join(corpus, 'truth.json');
if (!existsSync(truthFile)) {
  console.error(`bench/bidcheck-planted: 找不到语料库 ${truthFile}`);
  process.exit(2);
}
const truth = (JSON.parse(readFileSync(truthFile, 'utf8')) as TruthRow[]).filter((t) => t.scoring.length && (!ONLY || ONLY.has(t.id)));

interface Tally {
  planted: number;
  found: number;
  newFindings: number;
  matching: number;
}
const tallies: Record<'work' | 'check', Record<Kind, Tally>> = { work: {} as never, check: {} as never };
for (const h of ['work', 'check'] as const) for (const k of KINDS) tallies[h][k] = { planted: 0, found: 0, newFindings: 0, matching: 0 };
const clean: Record<'work' | 'check', { bids: number; withHigh: number; highs: number; scores: number[] }> = { work: { bids: 0, withHigh: 0, highs: 0, scores: [] }, check: { bids: 0, withHigh: 0, highs: 0, scores: [] } };

console.log('废标检查 · 植入缺陷（真值 = 植入的缺陷）');
console.log('id    half  completed bid: score, high findings (kinds)           planted → found');
for (const t of truth) {
  let card: TenderCard;
  try {
    card = await tenderCard(path.join('files', path.basename(t.file)));
  } catch (e) {
    console.log(`${t.id}  ${t.half}  未读出：${(e as Error).message.slice(0, 40)}`);
    continue;
  }
  const { nodes: outline } = generateOutline(card, { bidType: 1 });
  const written = writeBidOffline(card, outline);
  const dl = /^(\d{4})-(\d{2})-(\d{2})/.exec(card.deadline?.value ?? '');
  const signedAt = dl ? new Date(Date.UTC(+dl[1]!, +dl[2]! - 1, +dl[3]! - 3)) : new Date(Date.UTC(2026, 0, 5));
  const signed = `${signedAt.getUTCFullYear()}年${signedAt.getUTCMonth() + 1}月${signedAt.getUTCDate()}日`;
  const bid: Bid = completeQualifications(card, { outline, sections: Object.fromEntries(Object.entries(written).map(([k, v]) => [k, complete(v, signed)])) });
  const baseRun = checkRejection({ card, document: asDocument(bid), bidder: { name: '江州智联科技有限公司', qualifications: [] }, today: '2026-01-10' });
  const base = baseRun.findings;
  clean[t.half].scores.push(baseRun.health.score);
  const baseKeys = new Set(base.flatMap(keysOf));
  const highs = base.filter((f) => f.severity === 'high');
  clean[t.half].bids++;
  clean[t.half].highs += highs.length;
  if (highs.length) clean[t.half].withHigh++;
  const marks: string[] = [];
  for (const kind of KINDS) {
    const p = plant(kind, card, bid);
    if (!p) {
      marks.push(`${kind} —`);
      continue;
    }
    const after = check(card, p.bid).filter((f) => !keysOf(f).some((k) => baseKeys.has(k)) && f.severity !== 'low');
    const hit = after.filter(p.match);
    // a further finding quoting the planted text (the planted 工期 against each other 工期 of the bid) is about the defect;
    // one elsewhere is a false alarm the plant set off
    const about = after.filter((f) => p.match(f) || p.about?.(f) || `${f.excerpt ?? ''} ${f.message}`.includes(p.marker));
    const tally = tallies[t.half][kind];
    tally.planted++;
    if (hit.length) tally.found++;
    tally.newFindings += after.length;
    tally.matching += about.length;
    if (VERBOSE && !hit.length) console.log(`   [${kind}] missed: ${p.what}`);
    if (VERBOSE) for (const f of after.filter((x) => !about.includes(x))) console.log(`   [${kind}] false alarm ${f.rule}/${f.severity}: ${f.message.slice(0, 90)}`);
    marks.push(`${kind} ${hit.length ? '✓' : '✗'}${after.length > about.length ? `+${after.length - about.length}` : ''}`);
  }
  if (VERBOSE) for (const f of highs) console.log(`   [bid] high ${f.rule}: ${f.message.slice(0, 100)}`);
  // under the passing line: what took the points
  if (VERBOSE && baseRun.health.score < HEALTH_PASSING_SCORE) for (const f of base.filter((x) => x.severity !== 'high')) console.log(`   [bid] ${f.severity} ${f.rule}: ${f.message.slice(0, 120)}`);
  const kinds = [...new Set(highs.map((f) => f.rule))].join(',');
  console.log(`${t.id.padEnd(5)} ${t.half.padEnd(5)} ${String(baseRun.health.score).padStart(3)} 分 ${String(highs.length).padStart(3)} (${kinds.slice(0, 42)})`.padEnd(70) + marks.join('  '));
}

const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)} %` : '—');
for (const h of ['work', 'check'] as const) {
  const below = clean[h].scores.filter((x) => x < HEALTH_PASSING_SCORE).length;
  console.log(`\n${h} half — completed bids with a high finding: ${clean[h].withHigh}/${clean[h].bids} (${clean[h].highs} high findings); below the passing line (${HEALTH_PASSING_SCORE} 分): ${below}/${clean[h].bids}, lowest score ${Math.min(...clean[h].scores)}`);
  console.log('defect    planted  recall   precision (new findings about the planted text ÷ all new findings)');
  let P = 0;
  let F = 0;
  let N = 0;
  let M = 0;
  for (const k of KINDS) {
    const x = tallies[h][k];
    P += x.planted;
    F += x.found;
    N += x.newFindings;
    M += x.matching;
    console.log(`${k.padEnd(9)} ${String(x.planted).padStart(7)}  ${pct(x.found, x.planted).padStart(6)}   ${pct(x.matching, x.newFindings).padStart(6)}`);
  }
  console.log(`${'all'.padEnd(9)} ${String(P).padStart(7)}  ${pct(F, P).padStart(6)}   ${pct(M, N).padStart(6)}`);
}
