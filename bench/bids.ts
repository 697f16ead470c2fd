/**
 * Bid benchmark (issue 13 item 5): for each tender of the labelled corpus (../shared/corpus) with a scoring table, read it
 * (readDocument), build the card (extractCard) and outline (generateOutline, basic version), write every leaf offline
 * (writeSectionOffline, with the whole outline) and measure the bid as an evaluator would; then the same for one bid
 * written through the LLM path (writeSectionLlm) against the fake OpenAI-compatible server.
 *
 *   npm run bench -- bids [--only c07,c09] [--fake c09] [--no-fake] [--verbose]
 *
 * Definitions (printed in the header too):
 * - contradictions: findCardConflicts(card, sections) — 工期/服务期/质保期/响应时间/人数/最高限价 against the card.
 * - distinct sentences: the bid's text split at 。！？； and at line and table-cell breaks, whitespace and leading list
 *   markers and numbering (1. （1） 一、) removed, sentences of 10+ characters that are not a bare 【待填写：…】 slot; distinct ÷ all.
 * - "text responds to X" (health's own rule, answersClause): every figure of X (number + unit) appears in the text and at
 *   least 60 % of X's words (2+ characters, stop words out) do.
 * - ★ responded: a ★ clause some section responds to.
 * - scoring row answered (non-price rows): the product's own rule (health/coverage.ts scoringCoverage, as 评分覆盖 shows
 *   it): the sections under the nodes that answer the row (scoringIds) hold ≥ 200 characters and, the quoted criteria taken
 *   out, name at least half of the row's key points (tender/key-points.ts — the points the writer and the prompt use too).
 * - requirement item restated and answered: one line or table row of a section, holding the bidder's commitment (我方),
 *   responds to the item.
 * - placeholders: 【待填写：…】 per 10,000 characters of the bid.
 * - health: computeHealth(card, outline, sections).score.
 * - prose figures of issue 24 item 5 (invented figures, template share, repetition, scoring-standard echo): defined in
 *   bench/lib/prose-metrics.ts; their truth is the tender's own text, the enterprise facts entered for the run (none: the
 *   offline run enters none) and the bids of other-domain corpus tenders — only the echo reads the card's scoring criteria.
 *   Printed per bid, per half of the corpus (work / check) and overall.
 * - repository share (issue 24 item 3): the bid written again with one past bid of the same domain in the repository
 *   (bench/lib/past-bids.ts, hand-written: plan sections and the old 投标函/承诺函/授权书), each plan leaf given what the
 *   writing job would give it (rerankPassages → passagesToReuse); the share of plan sections carrying its plan text (truth:
 *   8-character pieces of the past bid's plan passages the section gains), the plan sections carrying its forms (goal 0),
 *   invented figures (the past bid counted as knowledge entered) and contradictions of the card.
 */
import type { BidOutlineNode, TenderCard } from '@btz/shared';
import { generateOutline } from '@btz/bid-engine/tender';
import { answersClause, cardValues, clauseTerms, computeHealth, findCardConflicts, scoringCoverage } from '@btz/bid-engine/health';
import { buildFactSheet } from '@btz/bid-engine/writer';
import { passagesToReuse, rerankPassages, sectionProfile } from '@btz/bid-engine/repository';
import { leaves, loadTruth, tenderRead, writeBidOffline, type CorpusTruth, type Leaf } from './lib/corpus-bids.js';
import { allowedFigures, figuresIn, normalise, pieces, prepare, proseFigures, type Prepared, type ProseFigures } from './lib/prose-metrics.js';
import { pastBidFor, type PastBid } from './lib/past-bids.js';
import { detectDomain, DOMAIN_LABELS } from '../packages/bid-engine/src/writer/domain.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] ?? '' : null;
};
const only = arg('only') ? new Set(arg('only')!.split(',')) : null;
const verbose = args.includes('--verbose');
const fakeId = arg('fake') ?? 'c09';

const truth = loadTruth('bids');

export interface BidFigures {
  id: string;
  domain: string;
  sections: number;
  chars: number;
  conflicts: number;
  sentences: number;
  distinct: number;
  stars: number;
  starsAnswered: number;
  rows: number;
  rowsAnswered: number;
  reqs: number;
  reqsAnswered: number;
  placeholders: number;
  health: number;
  notes: string[];
}

function sentencesOf(text: string): string[] {
  return text
    .split(/[。！？；\n\t]/)
    .map((s) => s.replace(/\s+/g, '').replace(/^(?:•|\d{1,2}\.|[（(]?\d{1,2}[)）、.]|[一二三四五六七八九十]{1,3}、)+/, ''))
    .filter((s) => s.length >= 10 && !/^【[^】]*】$/.test(s));
}


export function measure(id: string, card: TenderCard, outline: BidOutlineNode[], sections: Record<string, string>): BidFigures {
  const texts = Object.values(sections);
  const notes: string[] = [];
  const sents = texts.flatMap(sentencesOf);
  const conflicts = findCardConflicts(card, sections);
  for (const c of conflicts.slice(0, 3)) notes.push(`矛盾 ${c.label}：「${c.excerpt}」↔ 招标文件第 ${c.cardPage ?? '?'} 页「${c.cardExcerpt.slice(0, 40)}」`);
  const stars = card.starClauses.filter((c) => {
    const t = clauseTerms(c.text);
    return t.words.length || t.numbers.length;
  });
  const starsAnswered = stars.filter((c) => texts.some((t) => answersClause(clauseTerms(c.text), t)));
  for (const c of stars.filter((x) => !starsAnswered.includes(x)).slice(0, 2)) notes.push(`★ 未响应：${c.text.slice(0, 50)}`);
  // rows answered: the product's own rule (health/coverage.ts, what 评分覆盖 and 内容检查 show)
  const coverage = scoringCoverage(card, outline, sections);
  const rows = coverage.rows.filter((r) => r.state !== 'price');
  const rowsAnswered = rows.filter((r) => r.state === 'answered');
  for (const r of rows.filter((x) => x.state !== 'answered').slice(0, 4)) notes.push(`评分项${r.state === 'partial' ? '响应不完整' : '未响应'}：${r.item}（缺：${r.missing.slice(0, 4).join('、')}）`);
  const reqs = card.requirements ?? [];
  const lines = texts.flatMap((t) => t.split(/\n/));
  const reqsAnswered = reqs.filter((r) => {
    const terms = clauseTerms(r.text);
    return lines.some((l) => l.includes('我方') && answersClause(terms, l));
  });
  const chars = texts.reduce((n, t) => n + t.replace(/\s+/g, '').length, 0);
  const placeholders = texts.reduce((n, t) => n + (t.match(/【待填写[：:][^】]*】/g) ?? []).length, 0);
  const report = computeHealth({ card, outline, sections });
  const health = report.score;
  if (verbose) {
    const byKind = new Map<string, number>();
    for (const f of report.findings) byKind.set(`${f.kind}/${f.severity}`, (byKind.get(`${f.kind}/${f.severity}`) ?? 0) + 1);
    notes.push(`体检：${[...byKind].map(([k, n]) => `${k}×${n}`).join(' ')}${report.capped ? `；封顶 ${report.capped.max}：${report.capped.reasons.join('；')}` : ''}`);
    for (const kind of ['foreign-name', 'repeated']) {
      const ex = [...new Set(report.findings.filter((f) => f.kind === kind).map((f) => f.excerpt ?? ''))];
      if (ex.length) notes.push(`  ${kind} 例：${ex.slice(0, 6).map((e) => `「${e.slice(0, 40).replace(/\s*\n\s*/g, '⏎')}」`).join(' ')}`);
    }
  }
  return {
    id,
    domain: DOMAIN_LABELS[detectDomain(card)],
    sections: texts.length,
    chars,
    conflicts: conflicts.length,
    sentences: sents.length,
    distinct: new Set(sents).size,
    stars: stars.length,
    starsAnswered: starsAnswered.length,
    rows: rows.length,
    rowsAnswered: rowsAnswered.length,
    reqs: reqs.length,
    reqsAnswered: reqsAnswered.length,
    placeholders,
    health,
    notes,
  };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');

function row(f: BidFigures): string[] {
  return [
    f.id,
    f.domain,
    String(f.sections),
    String(f.chars),
    String(f.conflicts),
    `${pct(f.distinct, f.sentences)} (${f.distinct}/${f.sentences})`,
    `${pct(f.starsAnswered, f.stars)} (${f.starsAnswered}/${f.stars})`,
    `${pct(f.rowsAnswered, f.rows)} (${f.rowsAnswered}/${f.rows})`,
    `${pct(f.reqsAnswered, f.reqs)} (${f.reqsAnswered}/${f.reqs})`,
    f.chars ? ((f.placeholders * 10_000) / f.chars).toFixed(1) : '—',
    String(f.health),
  ];
}

function table(head: string[], rows: string[][]) {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(w[i]!)).join(' | ');
  console.log(line(head));
  console.log(w.map((n) => '-'.repeat(n)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

const HEAD = ['bid', 'domain', 'sections', 'chars', 'contradictions (0)', 'distinct sentences (≥95%)', '★ responded (100%)', 'rows answered (100%)', 'requirements answered (≥90%)', 'placeholders/10k', 'health'];

console.log(
  [
    '每份有评分表的语料标书：读取 → 卡片 → 目录（基础版）→ 离线逐节编写整份标书，然后度量：',
    '- contradictions：findCardConflicts（工期/服务期/质保期/响应时间/人数/最高限价 与招标文件卡片不符的数字）',
    '- distinct sentences：按 。！？； 及换行、表格单元切句，去空白与列表序号（1. （1） 一、），≥10 字且不只是一个【待填写】空位的句子中不重复的比例',
    '- “回应”（与体检相同的规则 answersClause）：X 中的每个数字（带单位）都出现，且 X 的词（≥2 字，去停用词）至少 60% 出现',
    '- ★ responded：有章节回应该 ★ 条款',
    '- rows answered（非价格评分项）：产品自己的规则（health/coverage.ts，评分覆盖与内容检查所用）：该评分项的章节合起来 ≥200 字，且（去掉照抄的评审标准后）说到其要点的至少一半',
    '- requirements answered：某章节中有一行（或表格一行）含我方承诺（“我方”）并回应该需求条目',
    '- placeholders/10k：每万字【待填写：…】个数；health：computeHealth 得分',
    '第二张表（issue 24 第 5 项，真值不取自产品规则——招标文件原文、本次录入的企业信息（离线运行未录入）、其他领域语料标书；仅“评分标准照抄”用卡片读出的评分细则）：',
    '- invented figures：标书中带单位（天 日 个月 年 小时 分钟 人 名 期 次 % 元 条 台 套，万元折元）的数字，招标文件原文与企业信息中都没有（同值同类单位；年与 12 个月互换；第N条等序数、日期除外；中文数字也算）——目标 0',
    '- template share：≥12 字的句子（项目名、采购人、代理机构、投标人名换成同一记号）中，其 8 字片段 ≥60% 也出现在另一领域（truth.json category）某份语料标书里、且 <60% 出现在本招标文件原文中的比例——目标 ≤5%',
    '- repetition：≥10 字、不含【…】空位、且非照抄招标文件（8 字片段 <60% 在原文中，也不是以“表头：内容”照录的原文表格单元）的句子：重复最多的一句出现次数（目标 ≤3）与不重复比例（目标 ≥97%）',
    '- scoring-standard echo：评分细则的句子（≥12 字）及其评分档连写（「优得4分，良得3分…」≥8 字）在标书正文（表格行除外，即 ★/需求响应表之外）出现的次数——目标 0',
    '第三张表（issue 24 第 3 项）：知识库中有一份同领域的往年标书（bench/lib/past-bids.ts，手写，含方案章节与投标函/承诺函/授权书）时，照写作任务的做法取建议段落（rerankPassages → passagesToReuse）重写整份标书：',
    '- repository share：方案章节中带有往年标书方案段落的比例（该章节比不用知识库时多出 ≥4 个往年方案段落的 8 字片段——真值是文字重合，不是产品的“参考”标记）',
    '- forms reused：方案章节中出现往年标书表单/声明段落（≥4 个 8 字片段）的章节数——目标 0；invented figures：同上定义，企业知识为该往年标书；contradictions：方案章节与招标文件卡片不符的数字（findCardConflicts，往年合同的服务期、人数等未改成本项目的）——目标 0',
  ].join('\n'),
);

/**
 * The detector is not blind: for each value the card prescribes (and the ceiling), a sentence breaking it is planted in a
 * section of its own; the share of them findCardConflicts reports is printed beside the 0 of the written bid.
 */
function planted(card: TenderCard): { planted: number; caught: number } {
  const lines: string[] = [];
  for (const v of cardValues(card)) {
    const bad = v.rule === 'max' ? v.num * 2 + 1 : v.rule === 'min' ? Math.max(0, Math.floor(v.num / 2) - 1) : v.num + 30;
    const q = v.qualifier;
    if (v.kind === 'duration') lines.push(v.unit === '工作日' ? `工期 ${bad} 个工作日` : `工期 ${bad} 日历天`);
    else if (v.kind === 'delivery') lines.push(v.unit === '工作日' ? `交货期 ${bad} 个工作日` : `交货期 ${bad} 天`);
    else if (v.kind === 'warranty') lines.push(`质保期 ${bad} 个月`);
    else if (v.kind === 'response') lines.push(`${q}响应时间 ${bad} 分钟`);
    else if (v.kind === 'service-period') lines.push(`服务期限：${bad}天`);
    else if (v.kind === 'staffing') lines.push(`驻场服务人员不少于${bad}人`);
  }
  const ceil = card.ceilingPrice;
  if (ceil && ceil.value > 0) {
    const per = /[/／每]|单价|费率/.exec(`${ceil.text} ${ceil.source.excerpt}`);
    lines.push(per ? `报价 ${(ceil.value * 2).toFixed(2)}元/${/[/／]\s*([^\s，,。；;）)]{1,4})/.exec(ceil.text + ceil.source.excerpt)?.[1] ?? '单价'}` : `投标总价：${ceil.value * 2}元`);
  }
  const sections = Object.fromEntries(lines.map((l, i) => [`plant${i}`, `我方承诺：${l}。`]));
  const found = new Set(findCardConflicts(card, sections).map((c) => c.nodeId));
  return { planted: lines.length, caught: found.size };
}

/**
 * The bid written again with a past bid of the same domain in the repository: each plan leaf gets the passages the
 * writing job would hand it (the engine's re-ranking of the past bid's passages, then passagesToReuse).
 */
interface RepoFigures {
  id: string;
  half: string;
  plan: number;
  carrying: number;
  formsReused: number;
  invented: string[];
  conflicts: string[];
}
function repositoryRun(t: CorpusTruth, card: TenderCard, outline: BidOutlineNode[], base: Record<string, string>): RepoFigures {
  const past: PastBid = pastBidFor(t.category);
  const pool = past.passages.map((p, i) => ({ id: `p${i}`, fileId: 'past', heading: p.heading, text: p.text, rank: 0, page: p.page, form: !!p.form }));
  const reuse = (l: Leaf) => {
    if (l.node.mode !== 'ai') return [];
    const profile = sectionProfile(card, l.node, l.parents);
    return passagesToReuse(profile, rerankPassages(profile, pool, 5), []).map((p) => ({ heading: p.heading, fileName: past.fileName, page: p.page, text: p.text }));
  };
  const sections = writeBidOffline(card, outline, reuse);
  const piecesOf = (ps: typeof pool) => new Set(ps.flatMap((p) => p.text.split('\n').flatMap((l) => pieces(normalise(l)))));
  const planPieces = piecesOf(pool.filter((p) => !p.form));
  const formPieces = piecesOf(pool.filter((p) => p.form));
  const added = (text: string, was: string, set: Set<string>) => {
    const before = new Set(was.split('\n').flatMap((l) => pieces(normalise(l))));
    return new Set(text.split('\n').flatMap((l) => pieces(normalise(l))).filter((x) => set.has(x) && !before.has(x))).size;
  };
  const plan = leaves(outline).filter((l) => l.node.mode === 'ai');
  const carrying = plan.filter((l) => added(sections[l.node.id] ?? '', base[l.node.id] ?? '', planPieces) >= 4).length;
  const formsReused = plan.filter((l) => added(sections[l.node.id] ?? '', base[l.node.id] ?? '', formPieces) >= 4).length;
  // figures: the tender's text and the past bid (knowledge entered for the run) are their truth; contradictions of the card
  const planText = Object.fromEntries(plan.map((l) => [l.node.id, sections[l.node.id] ?? '']));
  const allowed = allowedFigures([tenderTexts.get(t.id) ?? '', pool.map((p) => p.text).join('\n')]);
  const invented = plan.flatMap((l) => figuresIn(sections[l.node.id] ?? '')).filter((f) => !allowed.has(f.key)).map((f) => f.text);
  const conflicts = findCardConflicts(card, planText).map((c) => `${c.label}「${c.excerpt}」`);
  return { id: t.id, half: t.half, plan: plan.length, carrying, formsReused, invented, conflicts };
}
const repoRuns: RepoFigures[] = [];
const tenderTexts = new Map<string, string>();

const results: BidFigures[] = [];
const plants: string[] = [];
const cards = new Map<string, { card: TenderCard; outline: BidOutlineNode[] }>();
const prepared: { t: CorpusTruth; p: Prepared }[] = [];
let writeMs = 0;
for (const t of truth) {
  if (!t.scoring.length) continue;
  if (only && !only.has(t.id)) continue;
  const { card, text } = await tenderRead(t.file);
  tenderTexts.set(t.id, text);
  const { nodes: outline } = generateOutline(card, { bidType: 1 });
  cards.set(t.id, { card, outline });
  const t0 = performance.now();
  const sections = writeBidOffline(card, outline);
  writeMs += performance.now() - t0;
  const f = measure(t.id, card, outline, sections);
  results.push(f);
  const names = [t.projectName, t.projectNameAlt, t.purchaser, t.agency, card.projectName?.value, card.purchaser?.value, card.agency?.value].filter((x): x is string => typeof x === 'string');
  prepared.push({
    t,
    p: prepare({ id: t.id, category: t.category, bid: Object.values(sections).join('\n'), plan: leaves(outline).filter((l) => l.node.mode === 'ai').map((l) => sections[l.node.id] ?? '').join('\n'), tender: text, enterprise: '', names, criteria: card.scoring.map((s) => s.criteria ?? '') }),
  });
  repoRuns.push(repositoryRun(t, card, outline, sections));
  const p = planted(card);
  plants.push(`${t.id} ${p.caught}/${p.planted}`);
  if (verbose) for (const n of f.notes) console.log(`  ${t.id}: ${n}`);
}

const total: BidFigures = results.reduce(
  (a, f) => ({
    ...a,
    sections: a.sections + f.sections,
    chars: a.chars + f.chars,
    conflicts: a.conflicts + f.conflicts,
    sentences: a.sentences + f.sentences,
    distinct: a.distinct + f.distinct,
    stars: a.stars + f.stars,
    starsAnswered: a.starsAnswered + f.starsAnswered,
    rows: a.rows + f.rows,
    rowsAnswered: a.rowsAnswered + f.rowsAnswered,
    reqs: a.reqs + f.reqs,
    reqsAnswered: a.reqsAnswered + f.reqsAnswered,
    placeholders: a.placeholders + f.placeholders,
    health: a.health + f.health,
  }),
  { id: '合计', domain: '', sections: 0, chars: 0, conflicts: 0, sentences: 0, distinct: 0, stars: 0, starsAnswered: 0, rows: 0, rowsAnswered: 0, reqs: 0, reqsAnswered: 0, placeholders: 0, health: 0, notes: [] },
);
total.health = results.length ? Math.round(total.health / results.length) : 0;
console.log('\n离线编写（offline writer）— health in the 合计 row is the mean; distinct sentences per bid, summed');
table(HEAD, [...results.map(row), row(total)]);
const distinctWorst = results.reduce((m, f) => Math.min(m, f.sentences ? f.distinct / f.sentences : 1), 1);
console.log(`requirement items found per tender: ${results.map((f) => `${f.id} ${f.reqs}`).join(', ')}`);
console.log(`worst distinct-sentence ratio of one bid: ${(distinctWorst * 100).toFixed(1)}%`);
console.log(`offline writing time (writeBidOffline, all bids): ${(writeMs / 1000).toFixed(2)} s for ${total.chars.toLocaleString('en')} chars — ${Math.round(total.chars / Math.max(writeMs / 1000, 0.001)).toLocaleString('en')} chars/s`);
console.log(`detector check — planted contradictions of each card's prescribed values caught (caught/planted): ${plants.join(', ')}`);

// ------------------------------------------------------------------------------------------------ prose figures (issue 24 item 5)
const others = prepared.map((x) => x.p);
const prose = prepared.map(({ t, p }) => ({ t, f: proseFigures(p, others, 'plan'), whole: proseFigures(p, others, 'bid') }));
const PROSE_HEAD = ['bid', 'half', 'category', 'invented figures (0)', 'template share (≤5%)', 'most repeated (≤3)', 'distinct (≥97%)', 'criteria echo (0)', 'whole bid: invented', 'template', 'most repeated', 'distinct'];
const proseRow = (id: string, half: string, cat: string, f: ProseFigures, w: ProseFigures) => [
  id,
  half,
  cat,
  `${f.invented} of ${f.figures}`,
  `${pct(f.template, f.sentences12)} (${f.template}/${f.sentences12})`,
  String(f.repMax),
  `${pct(f.repDistinct, f.repSentences)} (${f.repDistinct}/${f.repSentences})`,
  String(f.echo),
  `${w.invented} of ${w.figures}`,
  `${pct(w.template, w.sentences12)}`,
  String(w.repMax),
  `${pct(w.repDistinct, w.repSentences)}`,
];
const sum = (fs: ProseFigures[]): ProseFigures =>
  fs.reduce(
    (a, f) => ({
      ...a,
      figures: a.figures + f.figures,
      invented: a.invented + f.invented,
      sentences12: a.sentences12 + f.sentences12,
      template: a.template + f.template,
      repSentences: a.repSentences + f.repSentences,
      repDistinct: a.repDistinct + f.repDistinct,
      repMax: Math.max(a.repMax, f.repMax),
      echo: a.echo + f.echo,
    }),
    { figures: 0, invented: 0, inventedExamples: [], sentences12: 0, template: 0, templateExamples: [], repSentences: 0, repDistinct: 0, repMax: 0, repTop: '', echo: 0, echoExamples: [] } as ProseFigures,
  );
console.log('\n离线编写 — 逐句有据（issue 24 第 5 项）：前五列为方案章节（目录中 mode=ai 的技术/服务/实施等章节），后四列为整份标书（含格式与表单章节）；');
console.log('半区与合计行：数量相加，“most repeated” 取各标书最大值，distinct 为各标书不重复句数之和 ÷ 句数之和');
const half = (h?: 'work' | 'check') => prose.filter((x) => !h || x.t.half === h);
table(PROSE_HEAD, [
  ...prose.map(({ t, f, whole }) => proseRow(t.id, t.half, t.category, f, whole)),
  ...(['work', 'check'] as const).map((h) => proseRow(`${h} half`, h, '', sum(half(h).map((x) => x.f)), sum(half(h).map((x) => x.whole)))),
  proseRow('合计', '', '', sum(half().map((x) => x.f)), sum(half().map((x) => x.whole))),
]);
for (const { t, f, whole } of prose) {
  if (!verbose) continue;
  for (const [scope, x] of [['', f], ['whole bid ', whole]] as const) {
    if (x.inventedExamples.length) console.log(`  ${t.id} ${scope}invented: ${x.inventedExamples.join(' ')}`);
    if (x.templateExamples.length) console.log(`  ${t.id} ${scope}template: ${x.templateExamples.map((s) => `「${s}」`).join(' ')}`);
    if (x.repMax > 3) console.log(`  ${t.id} ${scope}repeated ×${x.repMax}: 「${x.repTop}」`);
    if (x.echoExamples.length) console.log(`  ${t.id} ${scope}echo: ${x.echoExamples.map((s) => `「${s}」`).join(' ')}`);
  }
}
if (only) console.log('（--only：模板比例只与本次运行中其他领域的标书比较）');

console.log('\n知识库优先（issue 24 第 3 项）：同领域往年标书在知识库中时（bench/lib/past-bids.ts）');
const repoRow = (r: { id: string; half: string; plan: number; carrying: number; formsReused: number; invented: number; conflicts: number }) => [r.id, r.half, `${pct(r.carrying, r.plan)} (${r.carrying}/${r.plan})`, String(r.formsReused), String(r.invented), String(r.conflicts)];
const repoSum = (h?: string) => {
  const rs = repoRuns.filter((r) => !h || r.half === h);
  const n = (f: (r: RepoFigures) => number) => rs.reduce((a, r) => a + f(r), 0);
  return { id: h ? `${h} half` : '合计', half: h ?? '', plan: n((r) => r.plan), carrying: n((r) => r.carrying), formsReused: n((r) => r.formsReused), invented: n((r) => r.invented.length), conflicts: n((r) => r.conflicts.length) };
};
table(['bid', 'half', 'repository share (plan sections)', 'forms reused (0)', 'invented figures (0)', 'contradictions (0)'], [
  ...repoRuns.map((r) => repoRow({ ...r, invented: r.invented.length, conflicts: r.conflicts.length })),
  repoRow(repoSum('work')),
  repoRow(repoSum('check')),
  repoRow(repoSum()),
]);
if (verbose) for (const r of repoRuns) if (r.invented.length || r.conflicts.length) console.log(`  ${r.id} 知识库运行: invented ${[...new Set(r.invented)].join(' ')} · contradictions ${r.conflicts.join(' ')}`);

// ------------------------------------------------------------------------------------------------ one bid on the model path
if (!args.includes('--no-fake') && cards.has(fakeId)) {
  const { startFakeOpenAi } = await import('../packages/bid-engine/test/fakes/openai-server.js');
  const { writeSectionLlm } = await import('@btz/bid-engine/writer');
  const { OpenAiCompatibleLlm } = await import('@btz/bid-engine/llm');
  const { card, outline } = cards.get(fakeId)!;
  // A compliant model: it answers every scoring sub-point and requirement item the prompt lists (what the prompt carries
  // is measured, not a model's skill), in Markdown.
  const fake = await startFakeOpenAi({
    tokensPerSecond: Infinity,
    reply: (req) => {
      const task = req.messages.find((m, i) => i > 0 && m.role === 'user' && /请编写章节「/.test(m.content))?.content ?? '';
      const last = req.messages[req.messages.length - 1]?.content ?? '';
      const title = /请编写章节「([^」]*)」/.exec(task)?.[1] ?? '本节';
      if (/继续补充约/.test(last)) {
        const n = req.messages.filter((m) => m.role === 'assistant').length;
        return `### ${['三', '四', '五', '六'][n % 4]}、${title}的落实与检查\n\n围绕“${title}”，我方第 ${n} 轮补充：由项目负责人对照本节所列要点逐项检查落实情况，检查记录归档备查，发现问题当即整改。`;
      }
      const out: string[] = [];
      const points = [...task.matchAll(/^\s+- 要点：(.+)$/gm)].map((m) => m[1]!);
      const reqs = [...task.matchAll(/^\s+\d+\. \[r\d+·第 \d+ 页\] (.+)$/gm)].map((m) => m[1]!);
      const rows = [...task.matchAll(/^\s+\d+\. ([★▲].+)$/gm)].map((m) => m[1]!);
      if (rows.length)
        out.push('| 序号 | 招标要求 | 投标响应 | 偏离情况 | 说明 |', '| --- | --- | --- | --- | --- |', ...rows.map((r, i) => `| ${i + 1} | ${r} | 我方承诺完全满足：${r.replace(/^[★▲]/, '')} | 无偏离 | — |`));
      if (points.length) out.push('### 一、评审要点逐项响应', ...points.map((p) => `- 针对“${p}”，我方在“${title}”中制定专门措施并明确责任人。`));
      if (reqs.length) out.push('### 二、招标需求逐条响应', ...reqs.map((r, i) => `${i + 1}. 招标要求：${r} 我方响应：我方承诺${r.replace(/[。；;…]+$/, '')}，并按要求留存记录。`));
      if (!out.length) out.push(`### 一、${title}`, `我方按招标文件对“${title}”的要求编写本节，数值以招标文件为准，未规定的以【待填写：${title}相关数值】标出。`);
      return out.join('\n\n');
    },
  });
  try {
    const llm = new OpenAiCompatibleLlm({ baseUrl: fake.url, model: 'fake', concurrency: 8 });
    const facts = buildFactSheet(card, { bidType: 1 });
    const sections: Record<string, string> = {};
    await Promise.all(
      leaves(outline).map(async (l) => {
        const target = l.node.targetChars ?? (l.node.mode === 'ai' ? 1500 : 700);
        const r = await writeSectionLlm(llm, { card, node: l.node, parentTitles: l.parents, siblingTitles: l.siblings, facts, targetChars: target, bidType: 1, outline });
        sections[l.node.id] = r.text;
      }),
    );
    const f = measure(`${fakeId}（模型路径，fake）`, card, outline, sections);
    console.log('\n模型路径（fake OpenAI-compatible server；假模型逐条回答提示词列出的评审要点与需求条目，度量的是提示词带到的材料）');
    table(HEAD, [row(f)]);
    if (verbose) for (const n of f.notes) console.log(`  ${n}`);
  } finally {
    await fake.close();
  }
}
process.exit(0);
