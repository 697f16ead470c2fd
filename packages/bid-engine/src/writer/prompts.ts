/**
 * The section writer's prompt (issue 6 item 2; TECH-NOTES.md "LLM"). Ordered for vendors' prefix caches: the system
 * message and a LARGE STABLE PREFIX — tender card summary, global fact sheet, whole outline, the enterprise facts the user
 * entered, the writing rules — are byte-identical for every section of one bid; the section's own task (title, parent and
 * siblings, the scoring items it answers, its kind's guidance, the target length) comes LAST, in the final user message.
 * Nothing in the prefix may depend on the section (not even a "you are here" mark in the outline).
 */
import { ANONYMITY_RULE, isAnonymousSection } from './anonymity.js';
import type { BidOutlineNode, CardClause, CardFact, ScoringItem, TenderCard } from '@btz/shared';
import type { ChatMessage } from '../llm/types.js';
import { detectDomain, DOMAIN_LABELS, isServiceDomain } from './domain.js';
import type { FactSheet } from './facts.js';
import { detectKind, type SectionKind } from './kinds.js';
import { pointsFor, requirementsFor, rowsFor } from './points.js';
import type { EnterpriseFacts, WriteSectionInput } from './offline.js';

/** A passage of one of the user's past bids the repository (知识库) found for the section, pinned ones first. */
export interface ReferencePassage {
  heading: string[];
  fileName: string;
  page: number;
  text: string;
}

export type SectionPromptInput = WriteSectionInput & { outline: BidOutlineNode[]; inventFacts?: boolean; references?: ReferencePassage[] };

/** Characters of one reference passage in the prompt. */
const MAX_REFERENCE_CHARS = 800;

/** Caps that keep the prefix bounded on huge tenders (input tokens per output character matter: issue 6 item 8). */
const MAX_CLAUSES = 80;
const MAX_CLAUSE_CHARS = 220;
const MAX_CRITERIA_CHARS = 320;
const MAX_OUTLINE_NODES = 400;

export const KIND_LABELS: Record<SectionKind, string> = {
  technical: '技术方案',
  implementation: '实施方案',
  schedule: '进度计划',
  quality: '质量保证',
  safety: '安全文明与环境保护',
  staffing: '人员配置与组织',
  aftersales: '售后服务',
  emergency: '应急预案',
  commitment: '承诺',
  training: '培训方案',
  performance: '类似业绩',
  qualification: '资质证明',
  honor: '荣誉与信誉',
  bidLetter: '投标函（格式）',
  authorization: '授权委托书（格式）',
  priceSummary: '开标一览表（格式）',
  priceDetail: '分项报价表（格式）',
  qualificationForm: '资格证明文件（格式）',
  deviation: '偏离表（逐条响应表）',
  generic: '综合说明',
};

/** What a good section of each kind contains (Chinese, for the task message). */
export const KIND_GUIDANCE: Record<SectionKind, string> = {
  technical:
    '先写对采购需求的理解与本节要解决的问题，再写总体思路与技术路线、关键技术措施（可用表格列出功能/指标与响应方式），逐条落实与本节相关的★/▲技术要求，最后写技术优势与可靠性保障。内容要具体到本项目，避免空泛口号。',
  implementation:
    '写实施组织与职责、实施阶段划分（与全局事实表的实施阶段一致，起止时间写占位）、各阶段工作内容与交付物、与采购人的配合事项、测试与验收安排、实施风险与应对。宜用表格列出阶段、时间、工作内容、交付物。',
  schedule:
    '写总工期（必须与全局事实表一致；未规定的写占位）、阶段计划表（阶段、起止时间写【待填写：…】占位、工作内容、交付物，按全局事实表的实施阶段）、关键路径与进度控制方法、进度保障措施（组织、技术、资源、沟通）、延误预警与纠偏措施。',
  quality:
    '写质量目标、质量管理体系与组织（岗位职责）、事前/事中/事后的过程控制措施、检测与验收标准（引用适用的国家/行业标准名称，不编造标准编号）、质量问题的处理与持续改进。',
  safety:
    '写安全与文明施工目标、安全组织与责任制、安全生产措施、文明施工与环境保护措施、数据与信息安全措施（如适用）、安全检查与奖惩、事故报告与处置。',
  staffing:
    '写项目组织架构（可用列表描述层级）、岗位职责表（岗位、人数、职责、资格要求），项目组人数与项目经理职称必须与全局事实表一致。人员姓名、证书只能使用投标人信息中已提供的人员；未提供的写【待填写：…】占位。再写人员稳定性与到岗保障措施。',
  aftersales:
    '写售后服务承诺（质保期、服务时间、响应时间、到场时间、修复时间，均须与全局事实表一致）、服务体系与服务网点、服务流程（报修→响应→处理→回访）、备品备件保障、定期巡检与维护、技术支持与升级。宜用表格列出服务指标。',
  emergency:
    '写应急组织体系与职责、风险识别与分级、各类突发事件（系统故障、数据丢失、网络安全事件、自然灾害、人员变动等）的处置流程、应急资源保障、应急演练计划、恢复与总结。宜用表格列出事件类型、响应级别、处置措施、时限。',
  commitment:
    '以“我公司郑重承诺”的正式语气，逐条列出承诺：完全响应招标文件的★实质性条款、工期、质量、服务、保密、廉洁、遵纪守法等，数值与全局事实表一致。每条承诺具体、可考核。',
  training:
    '写培训目标、培训对象、培训内容、培训方式、培训计划与课时安排（场次须与全局事实表一致）、培训教材与师资、培训考核与效果评估。宜用表格列出课程安排。',
  performance:
    '只列投标人信息中已提供的业绩（项目名称、采购人、年份、金额原样照录），用表格呈现；没有提供的业绩写成占位行（如【待填写：类似项目名称1】），绝不编造项目名称、采购人或金额。说明合同或中标通知书复印件附后。',
  qualification:
    '只列投标人信息中已提供的资质证书（名称、编号、有效期原样照录），用表格呈现；评分项或资格要求提到但用户未提供的证书，写成【待填写：证书名称及编号】占位。说明证书复印件附后。',
  honor:
    '只写投标人信息中已提供的荣誉、信用记录与获奖情况；评分项要求但未提供的，写成【待填写：…】占位，说明证明材料附后。不得编造获奖名称、年份或发证机构。',
  bidLetter:
    '表单模式：照搬招标文件规定的投标函格式（抬头“致：采购人”、正文承诺条款、落款投标人名称/法定代表人或授权代表签字/日期），已知字段按资料填写，未知字段（投标总价、日期、签字等）写【待填写：…】。不要添加议论性文字。',
  authorization:
    '表单模式：照搬招标文件规定的法定代表人授权委托书格式（授权人、被授权人、授权范围、授权期限、签字盖章、日期），已知字段按投标人信息填写，未知字段写【待填写：…】。不要添加议论性文字。',
  priceSummary:
    '表单模式：照搬招标文件规定的开标一览表格式，用表格呈现（项目名称、项目编号、投标总价、工期、质保期等栏目），已知字段按资料填写；投标报价永远写【待填写：投标总价】，不得填写或推测任何价格。',
  priceDetail:
    '表单模式：照搬招标文件规定的分项报价表格式，用表格呈现（序号、名称、规格/内容、数量、单价、合价、备注），单价与合价永远写【待填写：…】，不得填写或推测任何价格。',
  qualificationForm:
    '表单模式：按招标文件对本项资格要求的格式，写出相应的声明或证明文件说明（如营业执照、财务报告、纳税与社保记录、无重大违法记录声明），已知字段按投标人信息填写，未知字段写【待填写：…】，并注明证明材料复印件附后。不要添加议论性文字。',
  deviation:
    '响应表模式：输出一张 Markdown 表格，表头固定为「序号 | 招标要求 | 投标响应 | 偏离情况 | 说明」，下方列出的每一条★/▲条款各占一行（不得遗漏、合并或新增行），招标要求列原文照录并保留★/▲标记，投标响应列写具体的响应内容（涉及数值的与全局事实表一致），偏离情况一般为“无偏离”（优于要求的写“正偏离”）。表格前可有一句简短说明。',
  generic:
    '围绕本节标题写出与本项目相关的具体内容：目标、做法、措施、保障与成效，结构清晰，言之有物，避免空泛口号。',
};

// -------------------------------------------------------------------------------------------------------------------

const clip = (s: string, n: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

function yuan(n: number): string {
  const wan = n / 10_000;
  const w = Number.isInteger(wan) ? String(wan) : wan.toFixed(2).replace(/\.?0+$/, '');
  return `${n.toLocaleString('en-US')} 元（${w} 万元）`;
}

function factLine(label: string, f: CardFact<string | number> | null, fmt: (v: string | number) => string = String): string {
  return `- ${label}：${f ? fmt(f.value) : '招标文件未载明'}`;
}

const CATEGORY: Record<ScoringItem['category'], string> = { technical: '技术', commercial: '商务', price: '价格' };

function clauseLines(list: CardClause[], mark: string): string[] {
  const shown = list.slice(0, MAX_CLAUSES).map((c) => `- ${mark}[${c.id}] ${clip(c.text, MAX_CLAUSE_CHARS)}`);
  if (list.length > MAX_CLAUSES) shown.push(`- （另有 ${list.length - MAX_CLAUSES} 条，从略）`);
  return shown;
}

function domainLine(card: TenderCard): string {
  const d = detectDomain(card);
  const how = isServiceDomain(d)
    ? '按服务类写法：服务内容理解、人员配置、服务流程、考核与应急，不写系统架构、接口、国产化等信息化内容'
    : d === 'construction' || d === 'goods'
      ? '按工程/货物类写法：深化设计、材料与制作（供货）、安装与验收、进度与安全，不写系统架构等信息化内容'
      : '按信息化项目写法';
  return `- 项目领域：${DOMAIN_LABELS[d]}（${how}）`;
}

function cardSection(card: TenderCard): string {
  const lines: string[] = ['【一、招标文件要点】', domainLine(card)];
  lines.push(
    factLine('项目名称', card.projectName),
    factLine('项目编号', card.projectNumber),
    factLine('采购人', card.purchaser),
    factLine('采购代理机构', card.agency),
    factLine('预算金额', card.budget, (v) => yuan(Number(v))),
    factLine('最高限价', card.ceilingPrice, (v) => yuan(Number(v))),
    factLine('投标保证金', card.bidBond ? { ...card.bidBond, value: card.bidBond.text || card.bidBond.value } : null),
  );
  if (card.terms?.length) {
    lines.push('', '合同与履约条款：');
    for (const t of card.terms.slice(0, MAX_CLAUSES)) lines.push(`- ${clip(t.text, MAX_CLAUSE_CHARS)}`);
  }
  if (card.qualifications.length) lines.push('', '资格要求：', ...clauseLines(card.qualifications, ''));
  lines.push('', '★ 实质性条款（必须逐条响应，不满足即废标）：', ...(card.starClauses.length ? clauseLines(card.starClauses, '★') : ['- 无']));
  lines.push('', '▲ 重要条款（重点响应）：', ...(card.importantClauses.length ? clauseLines(card.importantClauses, '▲') : ['- 无']));
  if (card.invalidClauses.length) lines.push('', '废标条款（正文不得触犯）：', ...clauseLines(card.invalidClauses, ''));
  lines.push('', '评分标准：');
  if (card.scoring.length) {
    lines.push('| 编号 | 评分项 | 分值 | 类别 | 评审标准 |', '| --- | --- | --- | --- | --- |');
    for (const s of card.scoring)
      lines.push(`| ${s.id} | ${s.item} | ${s.points ?? '—'} | ${CATEGORY[s.category]} | ${clip(s.criteria, MAX_CRITERIA_CHARS).replace(/\|/g, '/')} |`);
  } else lines.push('- 招标文件未载明评分表');
  if (card.composition.length) {
    lines.push('', '投标文件组成：');
    for (const c of card.composition) lines.push(`- ${c.title}${c.note ? `：${clip(c.note, MAX_CLAUSE_CHARS)}` : ''}`);
  }
  if (card.formatRules.length) lines.push('', '格式要求：', ...clauseLines(card.formatRules, ''));
  return lines.join('\n');
}

function factSection(facts: FactSheet): string {
  const lines = ['【二、全局事实表】（全文统一口径：凡涉及以下数值，各章节必须一字不差地引用，不得自行改动或给出其他数值）'];
  for (const f of Object.values(facts.facts))
    lines.push(
      f.assumed
        ? `- ${f.label}：招标文件未规定——涉及时一律写占位 ${f.value}，不得自拟数值`
        : `- ${f.label}：${f.value}（依据招标文件：${clip(f.source ?? '', 80)}）`,
    );
  lines.push('', '实施阶段（各阶段起止时间由投标人确定，正文写【待填写：…】占位，不得自拟天数）：');
  for (const m of facts.milestones) lines.push(`- ${m.name}：交付物 ${m.deliverable}`);
  return lines.join('\n');
}

function outlineSection(outline: BidOutlineNode[]): string {
  const lines = ['【三、投标文件目录】（各章节分别编写，每节只写本节的内容）'];
  let n = 0;
  const walk = (nodes: BidOutlineNode[], depth: number) => {
    for (const node of nodes) {
      if (++n > MAX_OUTLINE_NODES) return;
      lines.push(`${'  '.repeat(depth)}- ${node.number ? `${node.number} ` : ''}${node.title}`);
      walk(node.children ?? [], depth + 1);
    }
  };
  walk(outline, 0);
  if (n > MAX_OUTLINE_NODES) lines.push('- （目录较长，其余从略）');
  return lines.join('\n');
}

function enterpriseSection(e: EnterpriseFacts | undefined): string {
  const lines = ['【四、投标人信息】（由用户录入，是投标人事实的唯一来源）'];
  const ent = e ?? {};
  const missing: string[] = [];
  const field = (label: string, v: string | undefined) => {
    if (v && v.trim()) lines.push(`- ${label}：${v.trim()}`);
    else missing.push(label);
  };
  field('投标人名称', ent.name);
  field('统一社会信用代码', ent.creditCode);
  field('法定代表人', ent.legalRep);
  field('地址', ent.address);
  field('联系人及电话', ent.contacts);
  if (ent.qualifications?.length) {
    lines.push('- 资质证书：');
    for (const q of ent.qualifications)
      lines.push(`  - ${q.name}${q.number ? `，证书编号 ${q.number}` : '，证书编号未提供'}${q.expiry ? `，有效期至 ${q.expiry}` : ''}`);
  } else missing.push('资质证书');
  if (ent.staff?.length) {
    lines.push('- 拟派人员：');
    for (const s of ent.staff) lines.push(`  - ${s.name}，${s.role}${s.title ? `，${s.title}` : ''}`);
  } else missing.push('拟派人员');
  if (ent.projects?.length) {
    lines.push('- 类似项目业绩：');
    for (const p of ent.projects)
      lines.push(`  - ${p.name}${p.client ? `，采购人 ${p.client}` : ''}${p.year !== undefined ? `，${p.year} 年` : ''}${p.amount !== undefined ? `，合同金额 ${p.amount}` : ''}`);
  } else missing.push('类似项目业绩');
  if (missing.length) lines.push(`- 用户未提供：${missing.join('、')}`);
  return lines.join('\n');
}

function rulesSection(inventFacts: boolean): string {
  const facts = inventFacts
    ? [
        '- 投标人信息中已提供的事实必须原样使用，不得改动。',
        '- 本投标已开启“拟定事实”：资料中没有的具体事实（人员姓名、证书编号、业绩项目、日期等）可以拟定合理可信的取值，但每一个拟定的取值都必须用【拟定：取值】标出，例如【拟定：张工】【拟定：2025 年】，便于投标人逐一核对替换。',
        '- 投标人名称、统一社会信用代码、法定代表人和一切价格、金额永远不拟定：未提供时写【待填写：…】。',
      ]
    : [
        '- 投标人的事实（名称、资质证书及编号、人员姓名、业绩项目、金额、日期、联系方式等）只能使用上面“投标人信息”中的内容，绝不编造。',
        '- 资料中没有的具体事实一律写成【待填写：说明】占位（例如【待填写：项目经理姓名】【待填写：ISO9001 证书编号】），由投标人补充；不要写“张三”“XX公司”“XXXX”之类的虚构或模糊值。',
        '- 一切价格、金额写【待填写：…】，不得推测。',
      ];
  return [
    '【五、写作规则】（适用于每一个章节）',
    '- 以投标人的口吻写作，自称“我公司”或“我方”，称采购人为“采购人”或“贵方”；语言为正式、规范的书面中文。',
    '- 内容必须针对本项目：引用项目名称、采购人、招标要求和全局事实表中的数值；不得出现其他项目或其他公司的名称。',
    '- 涉及工期、服务期、质保期、响应时间、人数、价格、日期等数值时，只能使用全局事实表、招标文件要点和本节所列招标需求中的数值（照录招标文件的原话），或投标人信息中的数值；其余一律写【待填写：…】占位，绝不自拟。',
    '- 评分标准中的数值是评分档次（如“自2023年起…”“每增加1人得1分”），不是招标要求：不得当作工期、质保期、人数等承诺写入正文；频次、比例、时限等招标文件未规定的（如“每月一次”“每周全量备份”），写【待填写：…】占位，不得自拟。',
    '- 不得照抄评分标准的原文或评分档次（如“优得4分，良得3分……”）；只针对评审要点逐项写出我方的具体做法。',
    '- 只写与本项目所属行业相符的内容：不得套用其他行业的措辞（如服务类项目不写软件架构、接口规范、代码评审，货物类项目不写高处作业）；没有可写的具体内容时宁可写【待填写：…】占位，不写空泛的套话。',
    ...facts,
    '- 输出格式为简洁的 Markdown：小标题用“### 一、…”，下一级用“#### （一）…”（不要使用 # 和 ## 级标题）；列表用“- ”或“1. ”；表格用“|”分隔并带“| --- |”分隔行；需要强调的词可用 **加粗**。',
    '- 不要使用代码块、HTML 标签、引用块、链接或图片；不要在开头重复章节标题；不要写“好的”“以下是”之类的开场白，也不要在结尾附加说明或询问。',
    '- 按要求的篇幅写完整，最后一句话必须完整收尾。',
  ].join('\n');
}

const SYSTEM =
  '你是一名资深的投标文件撰写专家，熟悉政府采购与工程招投标的评审规则，擅长针对招标文件的评分标准逐项写出评委容易找到得分点的投标文件正文。' +
  '你严格依据提供的资料写作：招标文件要点、全局事实表和投标人信息是唯一的事实来源。';

const ACK = '已阅读全部背景资料。我将依据招标文件要点、全局事实表和投标人信息，按写作规则逐节编写，请告知要编写的章节。';

/** The stable part: identical for every section of one bid (same card, facts, outline, enterprise facts, inventFacts). */
function stableMessages(input: SectionPromptInput): ChatMessage[] {
  const context = [
    '以下是本次投标的背景资料，所有章节共用。',
    '',
    cardSection(input.card),
    '',
    factSection(input.facts),
    '',
    outlineSection(input.outline),
    '',
    enterpriseSection(input.enterprise),
    '',
    rulesSection(!!input.inventFacts),
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: context },
    { role: 'assistant', content: ACK },
  ];
}

/** The ★/▲ clauses a response table answers: the node's own clause ids, else all (commercial ones for a 商务 table). */
export function clausesForTable(card: TenderCard, node: BidOutlineNode): { mark: '★' | '▲'; clause: CardClause }[] {
  const all = [
    ...card.starClauses.map((clause) => ({ mark: '★' as const, clause })),
    ...card.importantClauses.map((clause) => ({ mark: '▲' as const, clause })),
  ];
  if (node.clauseIds?.length) {
    const own = all.filter((x) => node.clauseIds!.includes(x.clause.id));
    if (own.length) return own;
  }
  if (/商务/.test(node.title)) {
    const commercial = all.filter((x) => /交付|交货|工期|付款|质保|保修|售后|运维|服务|报价|合同|保证金|有效期/.test(x.clause.text));
    if (commercial.length) return commercial;
  }
  return all;
}

function taskMessage(input: SectionPromptInput, kind: SectionKind, scoring: ScoringItem[]): string {
  const { node, parentTitles, targetChars } = input;
  const siblings = input.siblingTitles.filter((t) => t !== node.title);
  const lines: string[] = [`请编写章节「${node.number ? `${node.number} ` : ''}${node.title}」的正文。`, ''];
  lines.push(`- 所在位置：${parentTitles.length ? [...parentTitles, node.title].join(' > ') : node.title}`);
  if (siblings.length)
    lines.push(`- 同级章节：${siblings.map((s) => `「${s}」`).join('、')}。这些章节另行编写，本节不要重复它们的内容，只写本节标题范围内的内容。`);
  if (scoring.length) {
    lines.push('- 本节回应的评分项（逐条回应评审标准，让评委能直接找到得分依据）：');
    for (const s of scoring)
      lines.push(`  - ${s.item}（${s.points !== null ? `${s.points} 分，` : ''}${CATEGORY[s.category]}）：${clip(s.criteria, MAX_CRITERIA_CHARS)}`);
  } else lines.push('- 本节无直接对应的评分项：围绕标题写，并与招标文件的相关要求呼应。');
  const points = scoring
    .filter((s) => s.category !== 'price')
    .flatMap((s) => pointsFor(node, s, input.outline, input.siblingTitles))
    .filter((p, i, all) => all.indexOf(p) === i);
  if (points.length) {
    lines.push('- 本节须逐点作答的评审要点（评委按这些要点找得分依据：每个要点写明要点名称，再结合招标需求写我方的具体做法，不要只照抄评分标准）：');
    for (const p of points) lines.push(`  - 要点：${p}`);
  }
  if (node.mode === 'ai') {
    const reqs = requirementsFor(input.card, node, input.outline);
    if (reqs.length) {
      lines.push(`- 本节须逐条复述并回应的招标需求（共 ${reqs.length} 条，照录原文与数值并注明页码，再写“我方响应”）：`);
      reqs.forEach((r, i) => lines.push(`  ${i + 1}. [${r.id}·第 ${r.source.page} 页] ${clip(r.text, 260)}`));
    }
  }
  lines.push(`- 章节类型：${KIND_LABELS[kind]}。写作要求：${KIND_GUIDANCE[kind]}`);
  if (isAnonymousSection(input.card, node)) lines.push(`- ${ANONYMITY_RULE}`);

  if (node.mode === 'table' || kind === 'deviation') {
    const rows = clausesForTable(input.card, node);
    // the requirement items this table answers (points.ts: the deal terms and the items no written section is about)
    const reqs = node.mode === 'table' ? requirementsFor(input.card, node, input.outline) : [];
    const total = rows.length + reqs.length;
    lines.push(`- 需逐条响应的条款（共 ${total} 条，表格正好 ${total} 行）：`);
    rows.forEach((r, i) => lines.push(`  ${i + 1}. ${r.mark}${clip(r.clause.text, MAX_CLAUSE_CHARS)}`));
    reqs.forEach((r, i) => lines.push(`  ${rows.length + i + 1}. [${r.id}·第 ${r.source.page} 页] ${clip(r.text, MAX_CLAUSE_CHARS)}`));
    if (!total) lines.push('  （招标文件未标注★/▲条款：按采购需求的主要条款逐条列出）');
  } else if (node.mode === 'form') {
    lines.push('- 本节为表单模式：如招标文件“格式要求”或“投标文件组成”对本节规定了格式，严格照搬其标题、栏目和落款，只填写已知字段。');
  }
  if (input.references?.length) {
    lines.push('- 参考资料：本单位以往标书中与本节相关的段落（可借鉴其做法、组织和表述，但须按本项目改写；不得照搬其中其他项目的名称、数字、日期和承诺）：');
    input.references.forEach((r, i) =>
      lines.push(`  ${i + 1}. 《${r.fileName}》第 ${r.page} 页 · ${r.heading.join(' > ') || '正文'}：${clip(r.text.replace(/\s*\n\s*/g, ' '), MAX_REFERENCE_CHARS)}`),
    );
  }
  const lo = Math.round(targetChars * 0.9);
  const hi = Math.round(targetChars * 1.1);
  lines.push(`- 篇幅：约 ${targetChars} 字（${lo}–${hi} 字之间），写完整，不要超出太多。`);
  lines.push('', '直接输出本节正文（Markdown），不要重复章节标题。');
  return lines.join('\n');
}

/** The prompt for one leaf section: the stable prefix first, the section's own task last. */
export function buildSectionMessages(input: SectionPromptInput): ChatMessage[] {
  const scoring = rowsFor(input.card, input.node, input.parentTitles, input.outline);
  const kind = detectKind(input.node, input.parentTitles, scoring);
  return [...stableMessages(input), { role: 'user', content: taskMessage(input, kind, scoring) }];
}

/** The messages before the section's own task (for tests: two sections of one bid share them byte for byte). */
export function stablePrefixOf(messages: ChatMessage[]): ChatMessage[] {
  return messages.slice(0, -1);
}

/** The prompt asking for more text when a section came out under its target (appended after the assistant's text). */
export function extendPrompt(current: number, target: number, mode: BidOutlineNode['mode'] = 'ai'): string {
  const more = Math.max(100, target - current);
  const what =
    mode === 'ai'
      ? '深化已有要点，补充具体措施、流程、标准和保障，可增加新的小标题（编号接着上文）'
      : '在上文之后补充与本节相关的响应说明、填写说明或保障措施，不要改动或重复已写的表格和表单';
  return `本节目前约 ${current} 字，目标约 ${target} 字，篇幅不足。请紧接着上文继续补充约 ${more} 字的新内容：${what}。不要重复已写内容，不要重复章节标题，不要加开场白或说明，直接输出续写正文，并完整收尾。`;
}
