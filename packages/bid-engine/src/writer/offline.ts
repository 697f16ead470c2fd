import { countChars, flattenOutline, type ScoringItem } from '@btz/shared';
import { PLACEHOLDER_RE, toDoc, toText } from './doc.js';
import { ANONYMOUS_SELF, anonymousFacts, isAnonymousSection } from './anonymity.js';
import { detectDomain, isServiceDomain, type TenderDomain } from './domain.js';
import { detectKind, type SectionKind } from './kinds.js';
import { clausesFor, isParameterTable, kindShare, parameterItems, pointShare, pointsFor, requirementsFor, rowsFor } from './points.js';
import { fit, focus } from './offline/compose.js';
import { criteriaWords, hash, ph, type Ctx, type Part, type WriteSectionInput, type WriteSectionResult } from './offline/context.js';
import {
  authorization, bidLetter, deviation, deviationRows, generic, honor, performance, priceDetail, priceSummary, qualification, qualificationForm,
  requirementRows, responseFor, responseRows,
} from './offline/form-sections.js';
import {
  aftersales, commitment, emergency, implementation, quality, safety, schedule, staffing, technical, training,
} from './offline/work-sections.js';
import {
  serviceAftersales, serviceEmergency, serviceImplementation, serviceQuality, serviceStaffing, serviceTechnical, serviceTraining,
  worksTechnical, goodsTechnical, worksSchedule, userTraining,
} from './offline/domain-sections.js';
import { commitOf, pointParts, requirementOf } from './offline/respond.js';
import { termRows } from './offline/terms.js';
import { missingFormSection, tenderFormSection, type ResponseRow } from './offline/tender-form.js';
import { formRun, isContentsForm, isPartForm, notInBid } from '../tender/rules/forms.js';
import { adaptPassage } from '../repository/adapt.js';
import { SCORING_MIN_CHARS } from '../health/coverage.js';
import type { Block } from './doc.js';

/**
 * The offline section writer (issue 6 item 2): structured, tender-specific Chinese text for one leaf of the outline, built
 * from the tender card, the global fact sheet and the enterprise facts the user entered — never from invented ones (a
 * missing fact becomes a highlighted 【待填写：…】 placeholder). Deterministic: the wording varies by a hash of the node id,
 * never by chance. The length lands within ±20 % of the target (it aims at ±10 %), trimmed only at sentence ends.
 *
 * The parts live in ./offline/: context.ts (types, shared helpers), work-sections.ts and form-sections.ts (the body of each
 * kind of section), phrases.ts, compose.ts (focus and fit; nothing is padded to a length).
 */

export { hash, type EnterpriseFacts, type WriteSectionInput, type WriteSectionResult } from './offline/context.js';

const BODIES: Record<SectionKind, (c: Ctx) => Part[]> = {
  technical, implementation, schedule, quality, safety, staffing, aftersales, emergency, commitment, training,
  performance, qualification, honor, bidLetter, authorization, priceSummary, priceDetail, qualificationForm, generic,
  deviation,
};

/**
 * A title that says nothing alone (「总体说明」「具体内容与措施」 under every row) or that another leaf bears too is named with
 * its parent in the text.
 */
const GENERIC_TITLE = /^(?:总体说明|具体内容与措施|具体内容|具体措施|概述|说明|总体思路|保障措施|其他|主要内容|措施)$/;
function qualifiedTitle(title: string, parents: string[], repeated: boolean): string {
  const parent = parents[parents.length - 1];
  return parent && (repeated || GENERIC_TITLE.test(title)) ? `${parent}（${title}）` : title;
}

/** The bodies that differ by the tender's domain (the register of issue 13 item 2); the rest are shared. */
function bodyOf(kind: SectionKind, domain: TenderDomain): (c: Ctx) => Part[] {
  if (isServiceDomain(domain)) {
    const own: Partial<Record<SectionKind, (c: Ctx) => Part[]>> = {
      technical: serviceTechnical,
      implementation: serviceImplementation,
      schedule: serviceImplementation,
      training: serviceTraining,
      emergency: serviceEmergency,
      aftersales: serviceAftersales,
      staffing: serviceStaffing,
      quality: serviceQuality,
    };
    return own[kind] ?? BODIES[kind];
  }
  if (domain === 'construction' || domain === 'goods') {
    const own: Partial<Record<SectionKind, (c: Ctx) => Part[]>> = {
      technical: domain === 'goods' ? goodsTechnical : worksTechnical,
      implementation: worksSchedule,
      schedule: worksSchedule,
      quality: serviceQuality,
      aftersales: serviceAftersales,
      training: userTraining,
    };
    return own[kind] ?? BODIES[kind];
  }
  return BODIES[kind];
}

export function writeSectionOffline(input: WriteSectionInput): WriteSectionResult {
  const { card, node, parentTitles, siblingTitles, facts, targetChars, bidType } = input;
  const anonymous = isAnonymousSection(card, node);
  const ent = anonymous ? anonymousFacts(input.enterprise ?? {}) : (input.enterprise ?? {});
  const scoring = rowsFor(card, node, parentTitles, input.outline);
  const kind = detectKind(node, parentTitles, scoring);
  // the phrasing's choices vary by section, project and bidder: two bidders (or two projects) written here do not get
  // the same sentences in the same places — a duplicate check between bidders would read that as copying (issue 15)
  const h = hash(`${node.id}|${card.projectName?.value ?? ''}|${input.enterprise?.name ?? ''}`);
  const domain = detectDomain(card);
  const c: Ctx = {
    card,
    node,
    kind,
    T: qualifiedTitle(node.title, parentTitles, kindShare(card, node, input.outline)?.dupTitle ?? false),
    P: card.projectName?.value ?? ph('项目名称'),
    N: card.projectNumber?.value ?? ph('项目编号'),
    B: card.purchaser?.value ?? ph('采购人'),
    E: anonymous ? ANONYMOUS_SELF : (ent.name ?? ph('投标人名称')),
    anonymous,
    parent: parentTitles[parentTitles.length - 1] ?? '',
    siblings: siblingTitles.filter((t) => t !== node.title),
    siblingOrder: siblingTitles,
    scoring,
    crit: criteriaWords(scoring),
    facts,
    ent,
    domain,
    reqs: requirementsFor(card, node, input.outline),
    clauses: clausesFor(card, node, input.outline),
    ...(input.outline ? { outline: input.outline } : {}),
    h,
    bidType,
    pick: <T>(list: readonly T[], salt = 0) => list[(h + salt) % list.length]!,
  };
  // the tender's own form, filled in: nothing added to it (no points, no length, no reuse)
  // (a written part whose form is a table to fill — 「类似项目一览表」 — is that table; a response table keeps the tender's
  // columns, our ★/▲ rows in them where the tender left the rows empty)
  const isPart = card.composition.some((p) => p.title.trim() === node.title.trim());
  // (a form section that is no part, titled like a part's form — a qualification proof 「满足…第二十二条规定」 beside the
  // part 「符合…第二十二条规定的相关证明材料」 — leaves that form to its part: printed once; a response table answering the
  // ★ clauses keeps the tender's response form, its rows are the answers)
  const ownRun = node.mode === 'ai' && !isPart ? { forms: [], left: [] } : formRun(card, node);
  const run = !isPart && node.mode === 'form' && ownRun.forms[0] && isPartForm(card, ownRun.forms[0]) ? { forms: [], left: [] } : ownRun;
  // the tender's contents table (isContentsForm), printed with the first part: laid out ahead of the part's own form
  const contents = tenderFormSection(c, run.forms.filter(isContentsForm));
  let forms = run.forms.filter((f) => !isContentsForm(f));
  // a plan part whose form is text only (「技术方案（格式自定）」 and the tender's words on what it holds): that text opens
  // the written section, the plan follows it (issue 24 item 1: every form of the format chapter with its fixed text)
  const formText = node.mode === 'ai' && forms.length && !forms[0]!.blocks.some((b) => b.t === 'table') ? tenderFormSection(c, forms) : [];
  // a part the outline split into plan sections (a scored 「拟安排团队负责人」 → 项目组织架构、项目经理简介…): the part's
  // own form (the tender's team or 业绩 table with its columns and notes, or its words on what goes there) leads the
  // first of them — else no section prints it
  const parent = !isPart && node.mode === 'ai' ? partOpened(input) : '';
  const parentForms = parent ? formRun(card, { title: parent }).forms : [];
  const partTable = !!parentForms[0]?.blocks.some((b) => b.t === 'table');
  const partForm = parentForms.length && parentForms[0]!.blocks.length ? tenderFormSection(c, parentForms) : [];
  if (node.mode === 'ai' && !forms[0]?.blocks.some((b) => b.t === 'table')) forms = [];
  if (forms.length || (node.mode === 'form' && isPart && card.forms?.length)) {
    const answers = node.mode === 'table' ? responseRows(c) : [];
    const inRows = new Set<ResponseRow>();
    const blocks = [...contents, ...(forms.length ? tenderFormSection(c, forms, answers, inRows) : missingFormSection(c))];
    // the forms after it that are not put in the bid are named, not laid out (the reader sees they were not forgotten)
    if (forms.length && run.left.length) blocks.push(leftOutNote(run.left));
    // the ★/▲ clauses this part answers stay answered when the part is the tender's form (the form holds no answer to them)
    const written = toText(blocks).replace(/\s+/g, '');
    const owned = node.mode === 'table' ? deviationRows(c).map((r) => r.clause) : (c.clauses ?? []);
    // (a response table whose rows went into the tender's form answers them all there)
    const placed = answers.length > 0 && written.includes(answers[0]!.requirement.replace(/\s+/g, '').slice(0, 16));
    // a parameter table the tender's form could not take (its table prints rows of its own): the parameters follow it
    // — those the form's own rows did not take (a form listing the requirements with blank response cells takes each
    // row's answers: the same requirement twice is a longer table, not a better answer)
    if (!placed && isParameterTable(card, node) && parameterItems(card).length) {
      const rest = answers.filter((r) => !inRows.has(r));
      if (rest.length)
        blocks.push(
          { t: 'p', text: '技术参数逐条响应（“投标响应”填写所投产品的实际参数，“偏离”填写无偏离、正偏离或负偏离）：' },
          { t: 'table', head: ['序号', '招标要求', '投标响应', '偏离', '说明'], rows: rest.map((r, i) => [String(i + 1), r.requirement, r.response, r.deviation, r.note]) },
        );
      return result(blocks, kind);
    }
    const open = placed ? [] : owned.filter((cl) => !written.includes(cl.text.replace(/\s+/g, '').slice(0, 16)));
    if (open.length) blocks.push({ t: 'p', text: '对招标文件实质性条款的响应：' }, { t: 'ul', items: open.map((cl) => `${cl.text.replace(/[。；;]+$/, '')}——${responseFor(c, cl.text)}`) });
    // the requirement items the table answers that its form did not answer (the tender's form printed rows of its own —
    // some print the clause itself with a blank response cell: our answer follows)
    const answered = toText(blocks).split('\n').filter((l) => l.includes('我方')).map((l) => l.replace(/\s+/g, ''));
    // (the commercial table's terms — offline/terms.ts — first: those its ★/▲ rows and items do not state)
    const terms = node.mode !== 'table' || placed ? [] : termRows(c, [...owned.map((cl) => cl.text), ...answered], false);
    const reqRows = node.mode !== 'table' ? [] : [...terms, ...requirementRows(c, false, true)].filter((r) => !answered.some((l) => l.includes(r.requirement.replace(/\s+/g, '').slice(0, 16))));
    if (reqRows.length)
      blocks.push(
        { t: 'p', text: '对招标文件其他要求的逐条响应：' },
        { t: 'table', head: ['序号', '招标要求', '我方响应', '偏离情况', '说明'], rows: reqRows.map((r, i) => [String(i + 1), r.requirement, r.response, r.deviation, r.note]) },
      );
    return result(blocks, kind);
  }
  // the bidder's own knowledge first (issue 24 item 3): its past passages on the section's subject, adapted, open the
  // section; then the point-to-point responses; then what the body composes, less the placeholders the past text answers
  const reuse = reusedBlocks(input);
  const lead: Part[] = [
    ...(partForm.length ? ([[partTable ? parentForms[0]!.title.replace(/^\s*[一二三四五六七八九十\d]+[、.．]\s*/, '') : '招标文件格式要求', partForm]] as Part[]) : []),
    ...(contents.length ? ([['招标文件目录格式', contents]] as Part[]) : []),
    ...(formText.length ? ([['招标文件格式要求', formText]] as Part[]) : []),
    ...(reuse.blocks.length ? ([['本单位同类项目做法', reuse.blocks]] as Part[]) : [])];
  const points = pointParts(c);
  const body = focus(bodyOf(kind, domain)(c), c);
  // a body part that is only a blank is left out when the bidder's past text is there to answer it
  const composed = reuse.blocks.length ? body.filter(([, bs]) => !bs.every(isBlank)) : body;
  // (the part's form that leads the section is the tender's text, not the section's writing: it takes none of its length)
  const own = fit([...lead, ...points, ...composed], c, Math.max(200, targetChars) + (partForm.length ? countChars(toText(partForm)) : 0), lead.length + points.length);
  const blocks = [...own, ...rowBlanks(c, own, 0)];
  const text = toText(blocks);
  const placeholders = [...new Set(text.match(PLACEHOLDER_RE) ?? [])];
  return { doc: toDoc(blocks), text, chars: countChars(text), placeholders, kind, ...(reuse.reused.length ? { reused: reuse.reused } : {}) };
}

/**
 * The composition part a written section opens: the nearest part above it of which it is the first leaf — the outline may
 * nest the part's rows a level deeper (a part → a scored topic → its first sub-topic), and the part's form is printed by
 * the first leaf under it, whatever its depth. Without the outline: the parent, when the node is its first child.
 */
function partOpened(input: WriteSectionInput): string {
  const { card, node, parentTitles, siblingTitles, outline } = input;
  const isPart = (t: string) => card.composition.some((p) => p.title.trim() === t.trim());
  if (!outline) {
    const parent = parentTitles[parentTitles.length - 1]?.trim() ?? '';
    return parent && siblingTitles[0]?.trim() === node.title.trim() && isPart(parent) ? parent : '';
  }
  const byId = new Map(flattenOutline(outline).map((n) => [n.id, n]));
  let cur = byId.get(node.id) ?? node;
  for (let p = byId.get(cur.parentId); p; cur = p, p = byId.get(p.parentId)) {
    if (p.children[0]?.id !== cur.id) return '';
    if (isPart(p.title)) return p.title.trim();
  }
  return '';
}

/**
 * A section answering a scoring row that the tender and the bidder's facts leave short (a row on 诚信 or 创新能力 with no
 * requirement behind it) says, per row, what the bidder must put there — the row, its points and its page — as a
 * placeholder, not filler: an evaluator scores a row by what is written under it (health/coverage.ts wants 200+ characters).
 */
function rowBlanks(c: Ctx, own: Block[], reused: number): Block[] {
  const rows = c.scoring.filter((s) => s.category !== 'price');
  if (!rows.length || countChars(toText(own)) + reused >= SCORING_MIN_CHARS + 20) return [];
  const out = rowQuotes(c, own, rows);
  // a section still under the length an evaluator reads as an answer (the tender states nothing on its subject): the
  // material the bidder must put there, named by the leaf and its own points (each leaf's line its own)
  if (countChars(toText([...own, ...out])) + reused >= SCORING_MIN_CHARS + 20) return out;
  const points = [...new Set(rows.flatMap((s) => pointsFor(c.node, s, c.outline, c.siblingOrder)))].slice(0, 4);
  const named = points.length ? points.join('、') : rows.map((s) => s.item).join('、');
  return [...out, { t: 'p', text: `${ph(`${c.T}：${named}的做法、证明材料与页码`)}` }];
}

function rowQuotes(c: Ctx, own: Block[], rows: ScoringItem[]): Block[] {
  // the tender's own words on the row's subject, where it states them (a requirement item, a qualification, a clause of
  // its instructions — with page): what the bidder commits to and what the evidence blank answers
  const text = toText(own);
  const quoted = new Set<string>();
  return rows.flatMap((s): Block[] => {
    // the row's subject without its numbering, notes and the words every row ends with (「安防主管配置情况」 → 安防主管)
    const subject = s.item.replace(/^[\d.、\s]+/, '').replace(/[（(][^）)]*[)）]/g, '').trim();
    const bare = subject.replace(/(?:配置|情况|评价|方案|能力|措施|说明|证明|材料)+$/, '');
    const r = requirementOf(c, subject) ?? (bare.length >= 2 && bare !== subject ? requirementOf(c, bare) : null);
    // a row several leaves answer: each leaf quotes its own share of the tender's clauses (never the same quote in each)
    const share = pointShare(c.node, s.id, c.outline, c.siblingOrder);
    const all = (r ? [r as { text: string; source: { page: number } }] : []).concat(clausesOn(c, bare.length >= 2 ? bare : subject));
    const found = share.n > 1 ? all.slice(Math.max(0, share.k) * 2) : all;
    const said: Block[] = [];
    for (const cl of found) {
      // the sentence of the clause that speaks of the subject, not the clause's whole table row
      const whole = cl.text.replace(/\s+/g, ' ').trim();
      const words = cl === r || whole.length <= 90 ? whole : sentenceOn(whole, bare.length >= 2 ? bare : subject);
      const key = words.replace(/[★▲\s]/g, '').slice(0, 20);
      if (said.length >= 2 || quoted.has(key) || text.includes(key)) continue;
      quoted.add(key);
      const q = `${words.slice(0, 90)}${words.length > 90 ? '…' : ''}`;
      // a clause saying what the bidder must be or provide, whole and in the tender's voice, is the bidder's commitment
      const commit = words.length <= 90 && !/我单位|我方|我公司/.test(words) && REQUIRES_ACT.test(words.slice(0, 12));
      said.push({ t: 'p', text: `招标文件第 ${cl.source.page} 页就此要求：“${q}”${commit ? `。我方承诺：${commitKeepingTitles(words).replace(/[（(][^）)]*[）)]?$/, '')}。` : '。'}` });
    }
    return [
      ...said,
      { t: 'p', text: `评分项“${s.item}”${s.points !== null ? `（${s.points} 分）` : ''}见招标文件第 ${s.source.page} 页：${ph(`我方在“${c.T}”中针对该项的具体说明，并附证明材料`)}。` },
      ...(said.length ? [{ t: 'p', text: `随附证明材料：${ph(`“${subject}”的证明材料（按招标文件第 ${found[0]!.source.page} 页所列）及其在本标书中的页码`)}。` } as Block] : []),
    ];
  });
}

/** The clause as the bidder's commitment, the titles it cites (《…供应商信用信息管理办法》) left as printed. */
function commitKeepingTitles(text: string): string {
  const titles: string[] = [];
  const masked = text.replace(/《[^《》]*》/g, (m) => `\uE000${titles.push(m) - 1}\uE000`);
  return commitOf(masked).replace(/\uE000(\d+)\uE000/g, (_m, i: string) => titles[Number(i)]!);
}

/** The sentence of a clause that names the subject (or its words), trailing punctuation off; the clause when none does. */
function sentenceOn(text: string, subject: string): string {
  const words = SUBJECT_WORDS.find(([k]) => k.test(subject))?.[1] ?? null;
  const parts = text.split(/(?<=[。；;])/);
  const hit = parts.find((x) => x.includes(subject) || (words ? words.test(x) : false)) ?? text;
  return hit.trim().replace(/[。；;，,\s]+$/, '');
}

/** A clause stating what the bidder must be, do or provide (its words become the bidder's commitment). */
const REQUIRES_ACT = /须|应|不得|未被|不存在|提供|具备|满足|承诺|必须/;

/**
 * Words of the same subject an evaluator reads as one (a row on 诚信 is answered by the tender's clauses on 信用 and
 * 失信; 绿色采购 by its clauses on 节能/环保 products): general vocabulary of public procurement, not one tender's wording.
 */
const SUBJECT_WORDS: [RegExp, RegExp][] = [
  [/诚信|信用/, /诚信|信用记录|信用信息|失信/],
  [/绿色|节能|环保/, /绿色采购|绿色产品|绿色包装|节能产品|环境标志|环保产品/],
  [/认证/, /认证证书|体系认证|产品认证|认证机构/],
  [/样品/, /样品/],
  [/业绩|经验/, /业绩|项目经验|类似项目/],
  [/信息化|软件/, /信息化|管理软件|软件系统|管理系统|管理平台/],
];

/** The tender's clauses on a subject (its qualifications, ★/▲ clauses, instructions and requirement items), with page. */
function clausesOn(c: Ctx, subject: string): Array<{ text: string; source: { page: number } }> {
  const words = SUBJECT_WORDS.find(([k]) => k.test(subject))?.[1] ?? null;
  // (a subject of two or three characters — 「服务」「方案」 — names no clause of its own)
  const hit = (t: string) => (subject.length >= 4 && t.includes(subject)) || (words ? words.test(t) : false);
  const pools = [c.card.qualifications, c.card.starClauses, c.card.importantClauses, c.card.requirements ?? [], c.card.formatRules];
  return pools.flatMap((p) => p.filter((x) => x.text.length >= 12 && hit(x.text)));
}

function result(blocks: Block[], kind: SectionKind): WriteSectionResult {
  const text = toText(blocks);
  const placeholders = [...new Set(text.match(PLACEHOLDER_RE) ?? [])];
  return { doc: toDoc(blocks), text, chars: countChars(text), placeholders, kind };
}

/** The note naming the tender's forms left out of the bid: those it says not to include, those for after the award. */
function leftOutNote(left: ReturnType<typeof formRun>['left']): Block {
  const said = left.filter(notInBid).map((f) => `「${f.title}」`);
  const after = left.filter((f) => !notInBid(f)).map((f) => `「${f.title}」`);
  const parts = [
    ...(said.length ? [`招标文件注明${said.join('')}不放入投标文件`] : []),
    ...(after.length ? [`${after.join('')}为中标后或质疑、投诉时使用的格式`] : []),
  ];
  return { t: 'p', text: `（说明：${parts.join('；')}，本投标文件不附。）` };
}

/** A paragraph that is only a placeholder: what the bidder must write there. */
const isBlank = (b: Block) => b.t === 'p' && /^【待填写：[^】]*】$/.test(b.text.trim());

/** A reused passage shorter than this after adapting (most of it named the old contract) is not written. */
const REUSE_MIN_CHARS = 60;

/**
 * The past passages to reuse, adapted to this tender, as blocks: a line saying where each comes from (the reuse is
 * marked — the writer checks it), then the passage's lines as they were.
 */
function reusedBlocks(input: WriteSectionInput): { blocks: Block[]; chars: number; reused: NonNullable<WriteSectionResult['reused']> } {
  const blocks: Block[] = [];
  const reused: NonNullable<WriteSectionResult['reused']> = [];
  let chars = 0;
  for (const r of input.reuse ?? []) {
    const a = adaptPassage(r.text, input.card);
    const body = a.lines.join('');
    if (countChars(body) < REUSE_MIN_CHARS) continue;
    const where = `《${r.fileName}》第 ${r.page} 页「${r.heading.at(-1) ?? ''}」`;
    blocks.push({ t: 'p', text: `（以下内容参考本单位以往标书${where}，已按本项目调整，请核对。）` });
    for (const line of a.lines) blocks.push({ t: 'p', text: line });
    chars += countChars(body);
    reused.push({ fileName: r.fileName, page: r.page, heading: r.heading, replaced: a.replaced, dropped: a.dropped });
  }
  return { blocks, chars, reused };
}
