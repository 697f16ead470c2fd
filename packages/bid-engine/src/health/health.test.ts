import { describe, expect, it } from 'vitest';
import type { BidOutlineNode, CardClause, CardFact, HealthFinding, ScoringItem, TenderCard } from '@btz/shared';
import { HEALTH_CAPS, HEALTH_PASSING_SCORE } from '@btz/shared';
import {
  answersClause,
  clauseTerms,
  computeHealth,
  KIND_CAPS,
  KIND_SEVERITY,
  rowResponse,
  scoreFindings,
  scoreHealth,
  scoringCoverage,
  scoringTerms,
  SEVERITY_WEIGHTS,
  unknownScoring,
  verifyFindingExcerpt,
  type HealthInput,
  type ReadBid,
} from './index.js';
import { extractFacts } from './facts.js';
import { findTypos, TYPO_RULES } from './typos.js';

const src = { page: 1, file: '招标文件.docx', excerpt: '' };
const fact = <T,>(value: T, text = String(value)): CardFact<T> => ({ value, text, source: src, verified: true });
const clause = (id: string, text: string): CardClause => ({ id, text, source: src, verified: true });
const scoring = (id: string, item: string, points: number, criteria = item, category: ScoringItem['category'] = 'technical'): ScoringItem => ({ id, item, points, criteria, category, source: src, verified: true });

function card(over: Partial<TenderCard> = {}): TenderCard {
  return {
    projectName: fact('滨江区智慧社区平台建设项目'),
    projectNumber: fact('BJ-2026-001'),
    purchaser: fact('滨江区数据资源管理局'),
    agency: fact('浙江华正招标代理有限公司'),
    budget: fact(5_000_000),
    ceilingPrice: fact(4_800_000),
    deadline: null,
    openingTime: null,
    openingPlace: null,
    bidBond: null,
    qualifications: [],
    scoring: [
      scoring('s1', '技术方案', 30, '技术方案包括总体架构、功能设计、安全设计等，方案完整合理得20-30分，基本合理得10-20分。'),
      scoring('s2', '售后服务', 10, '售后服务承诺明确，响应及时，驻场保障人员充足得10分；一般得5分。'),
      scoring('s3', '投标报价', 60, '满足招标文件要求且投标价格最低的投标报价为评标基准价', 'price'),
    ],
    starClauses: [clause('c1', '★投标人须承诺质保期不少于3年，并提供7×24小时技术支持服务。')],
    importantClauses: [],
    invalidClauses: [
      clause('v1', '投标报价超过最高限价的，投标无效。'),
      clause('v2', '工期超过90日历天的，按废标处理。'),
    ],
    composition: [],
    formatRules: [],
    lots: [],
    lot: null,
    writer: 'offline',
    files: [],
    ...over,
  };
}

let seq = 0;
function node(id: string, title: string, extra: Partial<BidOutlineNode> = {}, children: BidOutlineNode[] = []): BidOutlineNode {
  return {
    id,
    title,
    level: children.length ? 1 : 2,
    isLeaf: children.length === 0,
    index: seq++,
    status: 0,
    parentId: '',
    readStatus: 0,
    number: '',
    kind: '技术',
    mode: 'ai',
    scoringIds: [],
    children,
    ...extra,
  };
}

const ENTERPRISE = '杭州云启信息技术有限公司';

/** Distinct, plausible technical prose of about n characters, different per seed (no 60-char passage shared). */
function prose(seed: string, n: number): string {
  const parts: string[] = [];
  let i = 0;
  while (parts.join('').length < n) {
    i++;
    parts.push(`${seed}第${i}项措施围绕${seed}目标第${i * 7 + seed.length}号任务展开，明确责任分工与检查节点${i}。`);
  }
  return parts.join('');
}

function cleanInput(): HealthInput {
  const outline = [
    node('ch1', '技术方案', {}, [
      node('n1', '总体技术方案', { scoringIds: ['s1'], targetChars: 400 }),
      node('n2', '实施计划', { targetChars: 300 }),
    ]),
    node('ch2', '售后服务', {}, [node('n3', '售后服务承诺', { scoringIds: ['s2'], targetChars: 300, clauseIds: ['c1'] })]),
  ];
  const sections: Record<string, string> = {
    n1: `${ENTERPRISE}针对滨江区智慧社区平台建设项目提出技术方案：总体架构分为感知层、平台层和应用层，功能设计覆盖社区治理全部业务，安全设计遵循等级保护要求。` + prose('架构设计', 420),
    n2: '本项目总工期为90日历天，项目组共8人，分三个阶段推进。' + prose('实施安排', 320),
    n3: '我公司承诺质保期3年，提供7×24小时技术支持服务，接到报修后2小时内响应。项目组共8人驻场保障，驻场保障人员持证上岗。' + prose('售后保障', 320),
  };
  return { card: card(), outline, sections, enterprise: { name: ENTERPRISE } };
}

/** A bid file as read: a heading per part, each line under it a paragraph (one page a part). */
function readBid(parts: Array<[string, string]>): ReadBid {
  const blocks: unknown[] = [];
  parts.forEach(([title, text], i) => {
    blocks.push({ type: 'heading', level: 1, numbering: '', title, text: title, page: i + 1, pageEnd: i + 1 });
    for (const line of text.split('\n')) blocks.push({ type: 'paragraph', text: line, page: i + 1, pageEnd: i + 1 });
  });
  return { model: { blocks, pageCount: parts.length, furniture: [] } as never, pages: parts.map(([title, text], i) => ({ page: i + 1, text: `${title}\n${text}` })) };
}

function kinds(fs: HealthFinding[]) {
  return fs.map((f) => f.kind);
}

describe('a ★ clause is answered where its terms stand together', () => {
  it('a long section that holds the clause’s words only far apart answers nothing; the same words on one line answer it', () => {
    const input = cleanInput();
    // 质保期 3年 and 7×24 小时 on one line answer ★c1; spread over a section, twenty paragraphs apart, they do not
    const filler = Array.from({ length: 20 }, (_, i) => prose(`售后${i}`, 60)).join('\n');
    input.sections.n3 = `我公司提供质保期服务。\n${filler}\n质保期为3年，项目组驻场。\n${filler}\n技术支持服务按7×24小时安排。\n${filler}\n投标人须承诺遵守。`;
    const scattered = computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered');
    expect(scattered.map((f) => f.refId)).toEqual(['c1']);
    input.sections.n3 = `${filler}\n我公司承诺质保期不少于3年，并提供7×24小时技术支持服务。\n${filler}`;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered')).toEqual([]);
  });
});

describe('a ★ clause is told apart from the tender\'s other requirements that repeat its words', () => {
  const costs = '包含但不限于人员服务费、社保费、公积金、税费、节日慰问、入职体检、年度体检、人员培训、服装费及其他因履行本项目所产生的全部费用';
  const starText = `★本项目的承包方式为总价包干，${costs}。（提供承诺函，格式自拟）`;
  const withRequirements = () => {
    const input = cleanInput();
    const req = (id: string, text: string) => ({ id, text, section: '三、商务要求', figures: [], source: src, verified: true });
    // the 采购需求 list prints the ★ clause again (with its ★) and, as another item, the price's list of costs
    input.card = card({ starClauses: [clause('c1', starText)], requirements: [req('r1', starText), req('r2', `本项目投标报价${costs}。`)] });
    return input;
  };

  it('a response row answering only the price requirement leaves the ★ clause unanswered', () => {
    const input = withRequirements();
    input.sections.n3 += `\n序号\t招标要求\t响应\n15\t本项目投标报价${costs}\t我方知悉并接受\t无偏离`;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered').map((f) => f.refId)).toEqual(['c1']);
  });

  it('the ★ clause\'s own row answers it', () => {
    const input = withRequirements();
    input.sections.n3 += `\n1\t${starText}\t完全满足：我方承诺本项目的承包方式为总价包干，${costs}。\t无偏离`;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered')).toEqual([]);
  });
});

describe('computeHealth on a clean bid', () => {
  it('scores ≥ 95 with no high findings and builds the fact sheet', () => {
    const input = cleanInput();
    const r = computeHealth(input);
    expect(r.findings.filter((f) => f.severity === 'high')).toEqual([]);
    expect(r.findings).toEqual([]);
    expect(r.score).toBeGreaterThanOrEqual(95);
    const duration = r.facts.find((f) => f.kind === 'duration')!;
    expect(duration.values).toEqual(['90天']);
    expect(duration.occurrences[0]).toMatchObject({ nodeId: 'n2', excerpt: '总工期为90日历天' });
    const staffing = r.facts.find((f) => f.kind === 'staffing')!;
    expect(staffing.values).toEqual(['8人']);
    expect(staffing.occurrences.map((o) => o.nodeId)).toEqual(['n2', 'n3']);
    expect(r.facts.find((f) => f.kind === 'warranty')?.values).toEqual(['36个月']);
    expect(r.facts.find((f) => f.kind === 'service-hours')?.values).toEqual(['7×24']);
  });
});

function problemInput(): HealthInput {
  const shared = '为确保系统稳定运行，我方将建立覆盖需求、设计、开发、测试、上线五个阶段的全过程质量管理体系，并由质量经理对每个阶段的交付物进行独立评审与签字确认。';
  const outline = [
    node('ch1', '技术方案', {}, [
      node('a1', '总体技术方案', { scoringIds: ['s1'], targetChars: 400 }),
      node('a2', '质量保障', { targetChars: 300 }),
      node('a3', '进度计划', { targetChars: 2000 }),
      node('a4', '应急预案', { targetChars: 300 }),
    ]),
    node('ch2', '售后服务', {}, [node('b1', '售后服务承诺', { scoringIds: ['s2'], clauseIds: ['c1'] })]),
    node('ch3', '报价', {}, [node('p1', '开标一览表', { kind: '价格', mode: 'form' })]),
  ];
  const sections: Record<string, string> = {
    a1: shared + '【待填写：项目经理姓名】' + '本技术方案的总体架构、功能设计与安全设计如下。' + prose('架构设计', 400) + '请用户使用统一帐号登陆系统。',
    a2: prose('质量控制', 200) + shared + '本单位曾承建西湖区智慧养老服务平台项目，经验丰富。',
    a3: '本项目工期为120日历天。' + prose('进度', 100),
    a4: '',
    b1: '我公司承诺质保期2年，本工程总工期为90日历天。',
    p1: '投标报价：5,200,000元。项目名称：西湖区智慧养老服务平台项目',
  };
  return {
    card: card(),
    outline,
    sections,
    enterprise: { name: ENTERPRISE },
    otherNames: ['西湖区智慧养老服务平台项目', '宁波海曙数智科技有限公司'],
  };
}

describe('computeHealth on a bid with one of each problem', () => {
  const input = problemInput();
  const r = computeHealth(input);
  const find = (kind: HealthFinding['kind'], nodeId: string | null) => r.findings.filter((f) => f.kind === kind && f.nodeId === nodeId);

  it('reports every kind of problem', () => {
    expect(new Set(kinds(r.findings))).toEqual(
      new Set(['unanswered-scoring', 'star-unanswered', 'placeholder', 'repeated', 'too-short', 'foreign-name', 'empty-heading', 'fact-conflict', 'card-conflict', 'invalid-risk', 'typo']),
    );
  });

  it('finds the number that contradicts the tender itself when no detector output is given (工期 120 against the card)', () => {
    const f = find('card-conflict', 'a3');
    expect(f).toHaveLength(1);
    expect(f[0]!.excerpt).toContain('120');
    expect(f[0]!.severity).toBe('high');
    expect(f[0]!.sourceExcerpt).toBeTruthy();
  });

  it('scoring item answered by too little text', () => {
    expect(find('unanswered-scoring', 'b1')).toHaveLength(1);
    expect(find('unanswered-scoring', 'b1')[0]!.refId).toBe('s2');
    expect(find('unanswered-scoring', 'a1')).toHaveLength(0);
  });

  it('★ clause not responded to (7×24 missing, 3年 missing)', () => {
    const f = find('star-unanswered', 'b1');
    expect(f).toHaveLength(1);
    expect(f[0]!.severity).toBe('high');
  });

  it('placeholder quoted', () => {
    expect(find('placeholder', 'a1').map((f) => f.excerpt)).toEqual(['【待填写：项目经理姓名】']);
  });

  it('repeated passage reported on the later section', () => {
    const f = find('repeated', 'a2');
    expect(f).toHaveLength(1);
    expect(f[0]!.excerpt!.length).toBeGreaterThanOrEqual(60);
    expect(find('repeated', 'a1')).toHaveLength(0);
  });

  it('too short and empty', () => {
    expect(find('too-short', 'a3')).toHaveLength(1);
    expect(find('empty-heading', 'a4')).toHaveLength(1);
    expect(find('too-short', 'a4')).toHaveLength(0);
  });

  it('foreign names: a known other project and a 项目名称 that is not ours', () => {
    expect(find('foreign-name', 'a2').map((f) => f.excerpt)).toEqual(['西湖区智慧养老服务平台项目']);
    expect(find('foreign-name', 'p1').map((f) => f.excerpt)).toContain('西湖区智慧养老服务平台项目');
  });

  it('fact conflict quotes both', () => {
    const f = find('fact-conflict', 'b1');
    expect(f).toHaveLength(1);
    expect(f[0]!.excerpt).toBe('总工期为90日历天');
    expect(f[0]!.message).toContain('工期为120日历天');
  });

  it('invalid-bid risks: price above ceiling, 工期 beyond the limit', () => {
    expect(find('invalid-risk', 'p1').map((f) => f.excerpt)).toEqual(['投标报价：5,200,000元']);
    expect(find('invalid-risk', 'a3').map((f) => f.excerpt)).toEqual(['工期为120日历天']);
  });

  it('typos quote the wrong word', () => {
    expect(find('typo', 'a1').map((f) => f.excerpt).sort()).toEqual(['帐号', '登陆系统'].sort());
    expect(find('typo', 'a1')[0]!.message).toMatch(/应为/);
  });

  it('every excerpt exists verbatim in its section', () => {
    for (const f of r.findings) {
      expect(verifyFindingExcerpt(f, input.sections)).toBe(true);
      if (f.excerpt !== undefined) expect(input.sections[f.nodeId!]).toContain(f.excerpt);
    }
  });

  it('scores far below a clean bid', () => {
    expect(r.score).toBeLessThan(60);
  });
});

describe('foreign company names by pattern', () => {
  it('flags an unknown 有限公司 but not the enterprise, the purchaser or the agency', () => {
    const input = cleanInput();
    input.sections.n2 = input.sections.n2 + `本项目由${ENTERPRISE}实施，浙江华正招标代理有限公司组织招标。合作单位宁波海曙数智科技有限公司提供运维。`;
    const r = computeHealth(input);
    const f = r.findings.filter((x) => x.kind === 'foreign-name');
    expect(f.map((x) => x.excerpt)).toEqual(['宁波海曙数智科技有限公司']);
    expect(f[0]!.severity).toBe('medium');
  });
});

describe('foreign names: the tender\'s own names and words are not foreign', () => {
  const bank = () => {
    const input = cleanInput();
    input.card = card({
      purchaser: fact('厦门某某银行股份有限公司上海分行'),
      scoring: [...card().scoring, scoring('s4', '同类业绩', 5, '近3年商业综合体导视/LOGO字项目业绩，合同甲方须为中国某某铁路集团有限公司')],
    });
    return input;
  };

  it('the purchaser\'s head office with the words before it (「确保满足…股份有限公司」) is the purchaser', () => {
    const input = bank();
    input.sections.n2 += '服务质量确保满足厦门某某银行股份有限公司的管理规定，方便厦门某某银行股份有限公司随时检查。';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'foreign-name')).toEqual([]);
  });

  it('a 项目名称 the tender\'s own form prints is medium, saying it came with the form; another project\'s name stays high', () => {
    const input = cleanInput();
    // the tender's form carries the name of another of the purchaser's tenders (its author's leftover); the bid reproduces the form
    input.card = card({
      forms: [{ title: '不可偏离项应答表', page: 40, blocks: [{ t: 'p', text: '项目编号：BJ-2025-017' }, { t: 'table', rows: [['项目名称：滨江区数据中心机房改造项目', null], ['序号', '招标文件条目']] }] }],
    });
    input.sections.n2 += '\n项目编号：BJ-2025-017\t项目名称：滨江区数据中心机房改造项目\n';
    let f = computeHealth(input).findings.filter((x) => x.kind === 'foreign-name');
    expect(f.map((x) => [x.excerpt, x.severity])).toEqual([['滨江区数据中心机房改造项目', 'medium']]);
    expect(f[0]!.message).toContain('照录自招标文件的格式');
    // a name the tender prints nowhere is another bid's leftover
    input.sections.n3 += '\n项目名称：西湖区智慧养老服务平台项目\n';
    f = computeHealth(input).findings.filter((x) => x.kind === 'foreign-name');
    expect(f.map((x) => [x.excerpt, x.severity]).sort()).toEqual([['滨江区数据中心机房改造项目', 'medium'], ['西湖区智慧养老服务平台项目', 'high']]);
  });

  it('a company or quoted project named by the tender itself is not foreign; an unknown one still is', () => {
    const input = bank();
    input.sections.n2 += '针对评审要点“LOGO字项目”，我方提供合同复印件；合同甲方为中国某某铁路集团有限公司。合作单位宁波海曙数智科技有限公司参与“西湖区智慧养老服务平台项目”。';
    const f = computeHealth(input).findings.filter((x) => x.kind === 'foreign-name');
    expect(f.map((x) => x.excerpt)).toEqual(['宁波海曙数智科技有限公司', '西湖区智慧养老服务平台项目']);
  });
});

describe('repeated passages', () => {
  it('the tender\'s names and the blanks to fill in repeated in two forms are not a copied passage', () => {
    const input = cleanInput();
    const head = `致：滨江区数据资源管理局\n滨江区智慧社区平台建设项目（项目编号：BJ-2026-001），投标人：【待填写：投标人名称】，法定代表人：【待填写：法定代表人姓名】。`;
    input.sections.n2 = `${head}\n${input.sections.n2}`;
    input.sections.n3 = `${head}\n${input.sections.n3}`;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'repeated')).toEqual([]);
  });

  it('a form the tender prescribes twice (a 中小企业声明函 for qualification and for the price deduction) is followed twice, not copied; our own passage twice still is', () => {
    const input = cleanInput();
    const letter = '本公司（联合体）郑重声明，根据《政府采购促进中小企业发展管理办法》（财库〔2020〕46号）的规定，本公司（联合体）参加____的____采购活动，提供的货物全部由符合政策要求的中小企业制造。以上企业，不属于大企业的分支机构，不存在控股股东为大企业的情形，也不存在与大企业的负责人为同一人的情形。';
    const filled = letter.replace('参加____的____', '参加滨江区数据资源管理局的滨江区智慧社区平台建设项目');
    input.sections.n2 = `${input.sections.n2}\n${filled}`;
    input.sections.n3 = `${input.sections.n3}\n${filled}`;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'repeated')).toHaveLength(1);
    input.card.forms = [{ title: '中小企业声明函', blocks: [{ t: 'p', text: letter }] }] as never;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'repeated')).toEqual([]);
  });

  it('a requirement of the tender quoted in two sections (before each answers it) is quoted, not copied', () => {
    const input = cleanInput();
    const req = '项目经理：25-55周岁，有较强的责任心和组织协调能力，具有3年以上物业管理工作经验（须提供相关工作经验证明材料复印件），熟悉物业法规和物业知识，持有有效的物业管理证书';
    input.sections.n2 = `${input.sections.n2}\n招标文件第 24 页就此要求：“${req}”。`;
    input.sections.n3 = `${input.sections.n3}\n1\t第 24 页：${req}\t完全响应。`;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'repeated')).toHaveLength(1);
    input.card.requirements = [{ id: 'r1', text: req, section: '', figures: [], source: { page: 24, quote: req } }] as never;
    expect(computeHealth(input).findings.filter((f) => f.kind === 'repeated')).toEqual([]);
  });

  it('a copied passage around the names is still found, its excerpt verbatim from the section', () => {
    const input = cleanInput();
    const copied = '我方为滨江区智慧社区平台建设项目组建专门的服务团队，团队成员均具有同类项目经验，实行项目经理负责制，所有工作按周计划推进并向滨江区数据资源管理局书面汇报。';
    input.sections.n2 = `${input.sections.n2}${copied}`;
    input.sections.n3 = `${input.sections.n3}${copied}`;
    const f = computeHealth(input).findings.filter((x) => x.kind === 'repeated');
    expect(f).toHaveLength(1);
    expect(input.sections.n3).toContain(f[0]!.excerpt!);
  });
});

describe('placeholders', () => {
  it('the same blank repeated in a section is one finding that counts its places; different blanks are separate', () => {
    const input = cleanInput();
    input.sections.n2 = input.sections.n2 + '投标人：【待填写：投标人名称】。签章：【待填写：投标人名称】。地址：【待填写：投标人地址】。再次：【待填写：投标人名称】。';
    const f = computeHealth(input).findings.filter((x) => x.kind === 'placeholder');
    expect(f.map((x) => x.excerpt)).toEqual(['【待填写：投标人名称】', '【待填写：投标人地址】']);
    expect(f[0]!.message).toContain('共 3 处');
    expect(f[1]!.message).not.toContain('共');
  });
});

describe('verifyFindingExcerpt', () => {
  it('drops findings whose excerpt is not in the text', () => {
    const sections = { x: '项目组共8人' };
    expect(verifyFindingExcerpt({ kind: 'typo', severity: 'low', nodeId: 'x', message: '', excerpt: '帐号' }, sections)).toBe(false);
    expect(verifyFindingExcerpt({ kind: 'typo', severity: 'low', nodeId: null, message: '', excerpt: '项目组' }, sections)).toBe(false);
    expect(verifyFindingExcerpt({ kind: 'typo', severity: 'low', nodeId: 'x', message: '', excerpt: '项目组' }, sections)).toBe(true);
    expect(verifyFindingExcerpt({ kind: 'empty-heading', severity: 'high', nodeId: 'x', message: '' }, sections)).toBe(true);
  });
});

describe('score weights', () => {
  it('more problems never score higher; typos are capped', () => {
    const base = cleanInput();
    let prev = computeHealth(base).score;
    for (let i = 1; i <= 4; i++) {
      base.sections.n2 = base.sections.n2 + `【待填写：证书编号${i}】`;
      const s = computeHealth(base).score;
      expect(s).toBeLessThanOrEqual(prev);
      prev = s;
    }
    let last = prev;
    for (let i = 0; i < 20; i++) {
      base.sections.n1 = base.sections.n1 + '按装';
      const s = computeHealth(base).score;
      expect(s).toBeLessThanOrEqual(last);
      last = s;
    }
    const typos = computeHealth(base).findings.filter((f) => f.kind === 'typo');
    expect(typos.length * SEVERITY_WEIGHTS.low).toBeGreaterThan(KIND_CAPS.typo);
  });

  it('is bounded to 0–100', () => {
    const many: Pick<HealthFinding, 'kind' | 'severity'>[] = [];
    for (const kind of Object.keys(KIND_CAPS) as HealthFinding['kind'][]) for (let i = 0; i < 30; i++) many.push({ kind, severity: 'high' });
    expect(scoreFindings(many)).toBe(0);
    expect(scoreFindings([])).toBe(100);
  });
});

describe('★ clause key terms', () => {
  it('extracts numbers and phrases and matches a response', () => {
    const t = clauseTerms('★投标人须承诺质保期不少于3年，并提供7×24小时技术支持服务。');
    expect(t.numbers.map((n) => `${n.n}${n.unit}`)).toContain('3年');
    expect(t.words).toContain('质保期');
    expect(answersClause(t, '我公司承诺质保期3年，提供7×24小时技术支持服务。')).toBe(true);
    expect(answersClause(t, '我公司承诺质保期2年。')).toBe(false);
  });
});

describe('facts', () => {
  it('normalises units so 3个月 equals 90天 and reads Chinese numerals', () => {
    const a = extractFacts('交货期为3个月。质保期三年。项目团队共十二人。4小时内到达现场。');
    expect(a.map((f) => [f.kind, f.value, f.qualifier])).toEqual([
      ['delivery', '90天', ''],
      ['warranty', '36个月', ''],
      ['staffing', '12人', ''],
      ['response', '240分钟', '现场'],
    ]);
  });

  it('leaves a phase period out of the sheet', () => {
    expect(extractFacts('第一阶段工期为30天，总工期为90天。').map((f) => f.excerpt)).toEqual(['总工期为90天']);
    expect(extractFacts('分为两个阶段，工期为90天。').map((f) => f.excerpt)).toEqual(['工期为90天']);
    expect(extractFacts('供货后安装调试工期15天。').map((f) => f.excerpt)).toEqual([]);
  });

  it('keeps response times with different qualifiers apart', () => {
    const input = cleanInput();
    input.sections.n2 = input.sections.n2 + '远程响应时间30分钟，现场响应时间4小时。热线5×8小时值守。';
    const r = computeHealth(input);
    expect(r.findings.filter((f) => f.kind === 'fact-conflict')).toEqual([]);
  });
});

describe('invalid-bid risks', () => {
  it('reads the period limit from the card terms when the clause gives none, and skips what is not checkable', () => {
    const input = cleanInput();
    input.card.invalidClauses = [clause('v1', '工期超过招标文件要求的，投标无效。'), clause('v2', '投标文件未盖章的，投标无效。')];
    expect(computeHealth(input).findings).toEqual([]);
    input.card.terms = [{ id: 't1', key: 'delivery', text: '合同签订后60日历天内完成', source: src, verified: true }];
    const r = computeHealth(input);
    expect(r.findings.map((f) => [f.kind, f.nodeId, f.excerpt])).toEqual([['invalid-risk', 'n2', '总工期为90日历天']]);
  });

  it('flags a stated 负偏离 against ★ clauses but not 无负偏离', () => {
    const input = cleanInput();
    input.card.invalidClauses = [clause('v1', '对★实质性条款出现负偏离的，投标无效。')];
    input.sections.n3 = input.sections.n3 + '所有条款均无负偏离。';
    expect(computeHealth(input).findings).toEqual([]);
    // a form's instructions copied into the bid name the word, they state no deviation
    input.sections.n3 +=
      '【偏离情况】一栏应填写“正偏离”、“负偏离”或“无偏离”；不满足的均视为“负偏离”。带★号要求为不可偏离要求，如出现负偏离，将导致投标无效。经评审委员会认定，将判定为负偏离。';
    expect(computeHealth(input).findings).toEqual([]);
    input.sections.n3 = input.sections.n3 + '第5条响应：负偏离。';
    expect(computeHealth(input).findings.map((f) => f.kind)).toEqual(['invalid-risk']);
  });
});

describe('scale', () => {
  // its speed is a bench's (`npm run bench -- bidcheck --pages 300`), not a timed assertion
  it('checks a 300-section, ~300k-character bid: distinct sections are no repeats', () => {
    const leaves = Array.from({ length: 300 }, (_, i) => node(`L${i}`, `第${i}节`, { targetChars: 1000 }));
    const sections = Object.fromEntries(leaves.map((l, i) => [l.id, prose(`章节${i}内容`, 1000)]));
    const r = computeHealth({ card: card({ scoring: [], starClauses: [] }), outline: [node('root', '技术标', {}, leaves)], sections });
    expect(r.findings.filter((f) => f.kind === 'repeated')).toEqual([]);
  });
});

describe('typos', () => {
  it('has ≥ 40 unambiguous pairs and skips legitimate neighbours', () => {
    expect(TYPO_RULES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(TYPO_RULES.map((r) => r.wrong)).size).toBe(TYPO_RULES.length);
    expect(findTypos('按装修标准施工，既使用A也使用B，预防犯罪，按排名顺序，帐篷')).toEqual([]);
    expect(findTypos('设备按装完成后再接再励').map((h) => h.rule.right)).toEqual(['安装', '再接再厉']);
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// Issue 13 item 3: the score weighs what an evaluator weighs; coverage by points

describe('the score weighs what an evaluator weighs', () => {
  it('a clean bid passes and is not capped', () => {
    const r = computeHealth(cleanInput());
    expect(r.score).toBeGreaterThanOrEqual(HEALTH_PASSING_SCORE);
    expect(r.capped).toBeUndefined();
    expect(r.coverage).toMatchObject({ total: 2, answered: 2, percent: 100, pricePoints: 60, unknown: null });
  });

  it('900 placeholders in a 100,000-character bid score below passing (they used to leave 85)', () => {
    const input = cleanInput();
    const leaves = Array.from({ length: 30 }, (_, i) => node(`P${i}`, `第${i}节`, { targetChars: 3000 }));
    input.outline = [...input.outline, node('ch9', '其他', {}, leaves)];
    for (const [i, l] of leaves.entries()) {
      input.sections[l.id] = Array.from({ length: 30 }, (_, k) => `${prose(`部分${i}段${k}`, 100)}【待填写：第${i}节信息${k}】`).join('');
    }
    const r = computeHealth(input);
    expect(r.placeholders!.count).toBe(900);
    expect(r.placeholders!.per10k).toBeGreaterThan(50);
    expect(r.score).toBeLessThan(HEALTH_PASSING_SCORE);
    expect(r.capped!.reasons.join()).toContain('900 处【待填写】');
    // the same findings under the old rule (a flat cap of 15 for all placeholders) would have passed
    expect(100 - 15).toBeGreaterThanOrEqual(HEALTH_PASSING_SCORE);
  });

  it('a few placeholders in a long bid cost a few points, not the pass', () => {
    const input = cleanInput();
    input.sections.n1 = input.sections.n1 + prose('补充说明', 3000) + '【待填写：项目经理证书编号】';
    const r = computeHealth(input);
    expect(r.score).toBeGreaterThanOrEqual(HEALTH_PASSING_SCORE);
    expect(r.score).toBeLessThan(100);
  });

  it('one ★ clause without a response caps the score at 59 (it used to cost 10)', () => {
    const input = cleanInput();
    input.sections.n3 = input.sections.n3!.replace('质保期3年', '质保期按国家规定').replace('7×24小时', '工作日');
    const r = computeHealth(input);
    expect(r.findings.filter((f) => f.kind === 'star-unanswered').map((f) => f.severity)).toEqual(['high']);
    expect(r.score).toBe(HEALTH_CAPS.firstBlocker);
    expect(r.capped).toEqual({ max: 59, reasons: ['1 个★条款未响应'] });
  });

  it('an unanswered non-price scoring row caps; more blockers cap lower, never below the floor', () => {
    const input = cleanInput();
    input.sections.n1 = prose('架构设计', 800); // long, but names none of 总体架构 / 功能设计 / 安全设计
    const one = computeHealth(input);
    const f = one.findings.filter((x) => x.kind === 'unanswered-scoring');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ severity: 'high', nodeId: 'n1', refId: 's1' });
    expect(f[0]!.message).toContain('总体架构');
    expect(one.score).toBeLessThanOrEqual(59);
    input.sections.n3 = '';
    const two = computeHealth(input);
    expect(two.score).toBeLessThanOrEqual(54);
    const many = Array.from({ length: 20 }, (_, i) => ({ kind: 'star-unanswered' as const, severity: 'high' as const, i }));
    expect(scoreFindings(many.slice(0, 1))).toBe(59);
    expect(scoreFindings(many)).toBeGreaterThanOrEqual(0);
    expect(scoreHealth(many.slice(0, 3)).capped!.max).toBe(49);
    expect(scoreHealth(many).capped!.max).toBe(HEALTH_CAPS.floor);
  });

  it('a price row needs no text; a medium finding alone never caps', () => {
    const r = computeHealth(cleanInput());
    expect(r.coverage!.rows.find((x) => x.scoringId === 's3')!.state).toBe('price');
    expect(scoreHealth([{ kind: 'repeated', severity: 'medium' }]).capped).toBeUndefined();
  });

  it('a contradiction with the tender (from the card-conflict detector) is a high finding with both excerpts, and caps', () => {
    const input = cleanInput();
    input.cardConflicts = [
      { kind: 'duration', label: '工期', nodeId: 'n2', excerpt: '总工期为90日历天', value: '90天', cardValue: '60天', cardExcerpt: '工期：合同签订后60日历天内完成', cardPage: 12 },
      // an excerpt that is not in the section is dropped like any other
      { kind: 'warranty', label: '质保期', nodeId: 'n2', excerpt: '质保期5年', value: '60个月', cardValue: '36个月', cardExcerpt: '质保期3年' },
    ];
    const r = computeHealth(input);
    const f = r.findings.filter((x) => x.kind === 'card-conflict');
    expect(f).toEqual([
      expect.objectContaining({ severity: 'high', nodeId: 'n2', excerpt: '总工期为90日历天', sourceExcerpt: '工期：合同签订后60日历天内完成', sourcePage: 12 }),
    ]);
    expect(f[0]!.message).toContain('第 12 页');
    expect(r.score).toBeLessThanOrEqual(59);
  });

  it('a qualification without a response is high and caps; restating it answers it', () => {
    const input = cleanInput();
    input.card.qualifications = [clause('q1', '投标人须具有有效的安全生产许可证。')];
    const r = computeHealth(input);
    expect(r.findings.filter((f) => f.kind === 'qualification-missing').map((f) => [f.severity, f.refId])).toEqual([['high', 'q1']]);
    expect(r.score).toBeLessThanOrEqual(59);
    input.sections.n2 = input.sections.n2 + '我公司具有有效的安全生产许可证（见资格证明文件）。';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'qualification-missing')).toEqual([]);
  });

  it('every kind has a severity, and they mean what they say', () => {
    expect(KIND_SEVERITY['star-unanswered']).toBe('high');
    expect(KIND_SEVERITY['card-conflict']).toBe('high');
    expect(KIND_SEVERITY.repeated).toBe('medium');
    expect(KIND_SEVERITY.typo).toBe('low');
    // a blank in a form (投标函) is high, elsewhere medium
    const input = cleanInput();
    input.outline.push(node('ch3', '投标函', {}, [node('f1', '投标函', { mode: 'form', kind: '商务' })]));
    input.sections.f1 = '致滨江区数据资源管理局：我方【待填写：投标人名称】愿意参加本项目投标。';
    input.sections.n2 = input.sections.n2 + '【待填写：项目经理姓名】';
    const sev = Object.fromEntries(computeHealth(input).findings.filter((f) => f.kind === 'placeholder').map((f) => [f.nodeId, f.severity]));
    expect(sev).toEqual({ f1: 'high', n2: 'medium' });
  });
});

describe('coverage by points', () => {
  const row = (criteria: string, item = '服务方案') => ({ item, criteria });

  it('takes the sub-points an evaluator looks for, not the grading words', () => {
    expect(scoringTerms(row('服务方案包括人员配置、服务流程、考核与应急等，方案完整合理得10分，一般得5分。'))).toEqual(
      expect.arrayContaining(['人员配置', '服务流程', '考核', '应急']),
    );
    const terms = scoringTerms(row('根据项目负责人的工作经验、专业素质等方面综合评审：\n1、工作经验丰富，专业素质高，得10分；\n2、未提供的，不得分。', '项目负责人'));
    expect(terms).toEqual(expect.arrayContaining(['工作经验', '专业素质']));
    for (const t of terms) expect(t).not.toMatch(/得|分|合理|完整|丰富/);
  });

  it('a mapped title alone, or a quote of the criteria, answers nothing; the points named in text do', () => {
    const s = row('服务方案包括人员配置、服务流程、考核与应急等，方案完整合理得10分。');
    expect(rowResponse(s, '', '服务方案').state).toBe('unwritten');
    expect(rowResponse(s, '服务方案包括人员配置、服务流程、考核与应急等。' + prose('通用内容', 400), '服务方案').state).toBe('unanswered');
    expect(rowResponse(s, '人员配置：项目组12人。' + prose('通用内容', 400), '服务方案')).toMatchObject({ state: 'partial', missing: ['服务流程', '考核', '应急'] });
    expect(rowResponse(s, '人员配置：项目组12人；服务流程分受理、派单、回访；考核按月进行；应急预案分三级。' + prose('通用内容', 300), '服务方案').state).toBe('answered');
    expect(rowResponse(s, '人员配置、服务流程、考核、应急。', '服务方案').state).toBe('unanswered'); // too short
  });

  it('a table missed by the reader is unknown and never 100 %: 50 of 100 points found', () => {
    const input = cleanInput();
    input.card.scoringCheck = { total: 100, sum: 50, problem: '评分表各项合计 50 分，与招标文件注明的总分 100 分不一致，请核对' };
    input.card.scoring = [input.card.scoring[1]!, { ...input.card.scoring[2]!, points: 40 }];
    const r = computeHealth(input);
    expect(r.coverage!.unknown).toMatchObject({ points: 50 });
    expect(r.coverage!.answered).toBe(r.coverage!.total);
    expect(r.coverage!.percent).toBeLessThan(100);
    const f = r.findings.find((x) => x.kind === 'unanswered-scoring' && x.nodeId === null)!;
    expect(f.severity).toBe('high');
    expect(f.message).toContain('50 分');
    expect(r.score).toBeLessThanOrEqual(59);
  });

  it('a deviation row mapped to the deviation table is answered by its rows, not by naming words; an empty table is not', () => {
    const c = { scoring: [scoring('d', '重要技术要求偏离情况', 15)], lots: [] };
    const node = { id: 't', title: '技术要求偏离表', level: 1, isLeaf: true, index: 0, status: 0, parentId: '', readStatus: 0, number: '1', children: [], kind: '技术', mode: 'table', scoringIds: ['d'] } as never;
    const table = '序号\t招标技术要求\t投标技术响应\t偏离情况\n1\t▲续航不少于90分钟\t续航120分钟\t正偏离\n2\t防水IPX7\t防水IPX7\t无偏离';
    expect(scoringCoverage(c, [node], { t: table }).rows[0]!.state).toBe('answered');
    expect(scoringCoverage(c, [node], { t: '' }).rows[0]!.state).toBe('unwritten');
    // the tender's form alone — its head and template rows with blanks — holds no row
    const form = '采购包\t品目号\t商务条件\t投标响应\t是否偏离及说明\n*\t*-1\t\t【待填写：投标响应】\t【待填写：是否偏离及说明】\n…\t\t\t【待填写：投标响应】\t【待填写：是否偏离及说明】';
    expect(scoringCoverage(c, [node], { t: form }).rows[0]!.state).toBe('unanswered');
    expect(scoringCoverage(c, [node], { t: '序号\t招标要求\t投标响应\t偏离' }).rows[0]!.state).toBe('unanswered');
    // a written section is still judged by its points
    expect(scoringCoverage(c, [{ ...(node as object), mode: 'ai' } as never], { t: table }).rows[0]!.state).not.toBe('answered');
  });

  it('no printed total: rows coming to less than 100 points leave the rest unknown; no table at all is unknown', () => {
    expect(unknownScoring({ scoring: [scoring('a', '服务', 30), scoring('b', '价格', 20, '价格', 'price')], lots: [] })).toMatchObject({ points: 50 });
    expect(unknownScoring({ scoring: [scoring('a', '服务', 70), scoring('b', '价格', 30, '价格', 'price')], lots: [] })).toBeNull();
    expect(unknownScoring({ scoring: [], lots: [] })).toMatchObject({ points: null });
    const none = scoringCoverage({ scoring: [], lots: [] }, [], {});
    expect(none).toMatchObject({ total: 0, percent: 0 });
  });
});

describe('what an evaluator would reject, and what is the bidder’s own evidence (issue 25)', () => {
  it('a warranty of 2023 years and a form dated after the deadline or years before it are high findings; sane ones are not', () => {
    const input = cleanInput();
    input.card = card({ deadline: fact('2026-12-18 09:30') });
    input.sections.n3 = input.sections.n3!.replace('质保期3年', '质保期3年（质保期 24276 个月）');
    input.sections.n2 += '\n日期：2026年12月25日\n日期：2019年3月1日';
    const r = computeHealth(input);
    const absurd = r.findings.filter((f) => f.kind === 'absurd-figure');
    expect(absurd.map((f) => [f.nodeId, f.severity, f.excerpt])).toEqual([
      ['n2', 'high', '日期：2026年12月25日'],
      ['n2', 'high', '日期：2019年3月1日'],
      ['n3', 'high', '质保期 24276 个月'],
    ]);
    expect(absurd[2]!.message).toContain('约合 2023 年');
    expect(r.score).toBeLessThan(HEALTH_PASSING_SCORE);
    const sane = cleanInput();
    sane.card = card({ deadline: fact('2026-12-18 09:30') });
    sane.sections.n2 += '\n日期：2026年12月10日';
    expect(computeHealth(sane).findings.filter((f) => f.kind === 'absurd-figure')).toEqual([]);
  });

  it('a prescribed form left empty is high; an empty plan section stays medium', () => {
    const input = cleanInput();
    input.outline.push(node('ch3', '法定代表人身份证明书', { mode: 'form' }), node('ch4', '质量保证措施'));
    input.sections.ch3 = '';
    input.sections.ch4 = '';
    const empty = computeHealth(input).findings.filter((f) => f.kind === 'empty-heading');
    expect(empty.map((f) => [f.nodeId, f.severity])).toEqual([
      ['ch3', 'high'],
      ['ch4', 'medium'],
    ]);
    expect(empty[0]!.message).toContain('格式文件');
  });

  it('past clients in the performance list are evidence, not another bid’s leftovers; the same name elsewhere still is', () => {
    const input = cleanInput();
    input.outline.push(node('ch5', '类似项目业绩'));
    input.sections.ch5 = '序号 | 项目名称 | 合同甲方 | 合同金额\n1 | 社区网格化平台 | 宁波海曙数智科技有限公司 | 120万元';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'foreign-name')).toEqual([]);
    input.sections.n2 += '合作单位宁波海曙数智科技有限公司负责实施。';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'foreign-name').map((f) => [f.nodeId, f.excerpt])).toEqual([['n2', '宁波海曙数智科技有限公司']]);
  });

  it('a ★ over a part’s title is not a clause to answer; the clauses under it are', () => {
    const input = cleanInput();
    input.card = card({ starClauses: [...card().starClauses, clause('c2', '★三、商务和其他要求'), clause('c3', '★付款方式须接受验收合格后一次性支付')] });
    const stars = computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered');
    expect(stars.map((f) => f.refId)).toEqual(['c3']);
  });

  it('a ★ over a table’s column (「★数量」「★人员类别」) asks nothing; a short clause with a figure still does', () => {
    const input = cleanInput();
    input.card = card({ starClauses: [...card().starClauses, clause('c2', '★数量'), clause('c3', '★人员类别'), clause('c4', '★质保五年')] });
    const stars = computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered');
    expect(stars.map((f) => f.refId)).toEqual(['c4']);
  });

  it('a sibling clause’s row answers only its own clause: 「交货期不超过…」 is not answered by 「免费保修期不低于…」', () => {
    const input = cleanInput();
    const siblings = [clause('c2', '★投标文件载明的交货期不超过招标文件规定的期限'), clause('c3', '★投标文件载明的免费保修期不低于招标文件规定的期限')];
    input.card = card({ starClauses: [...card().starClauses, ...siblings] });
    input.sections.n3 += '\n序号\t招标要求\t投标响应\t偏离情况\n1\t★投标文件载明的免费保修期不低于招标文件规定的期限\t满足\t无偏离';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered').map((f) => f.refId)).toEqual(['c2']);
    // its own row, or a sentence in other words holding what sets it apart, answers it
    input.sections.n3 += '\n2\t★投标文件载明的交货期不超过招标文件规定的期限\t满足\t无偏离';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'star-unanswered')).toEqual([]);
  });

  it('a file’s heading titled with a scoring row’s whole wording answers the row, though the wording gives no name parts (「技术分-项目实施机构人员配备」)', () => {
    const rows = [scoring('s1', '技术分-项目实施机构人员配备', 20, ''), scoring('s2', '6.信息化软件服务能力', 20, ''), scoring('p', '价格分', 60, '', 'price')];
    const document = readBid([
      ['项目实施机构人员配备', '项目部设项目经理1名、技术负责人1名、驻场工程师6名，' + prose('人员配备', 400)],
      ['6.信息化软件服务能力', '我公司自有物业信息化管理平台，支持工单派发与巡检记录，' + prose('信息化服务', 400)],
    ]);
    const r = computeHealth({ card: card({ scoring: rows, starClauses: [] }), document, enterprise: { name: ENTERPRISE } });
    expect(r.findings.filter((f) => f.kind === 'unanswered-scoring')).toEqual([]);
    expect(r.coverage).toMatchObject({ total: 2, answered: 2 });
  });

  it('a file’s deviation rows are read from the deviation table of their side (technical parameters, after-sales terms), as a table: rows stating requirements answer them, template rows do not', () => {
    const rows = [
      scoring('t', '技术要求偏离情况', 38, '每有一项技术要求负偏离扣2分'),
      scoring('a', '免费保修期内售后服务条款偏离情况', 22, '每有一项售后服务条款负偏离扣1分'),
      scoring('p', '价格分', 40, '', 'price'),
    ];
    const technical = ['序号 | 招标技术要求 | 投标技术响应 | 偏离情况', '1 | 1.2.1 操控手柄≥2 个 | 操控手柄2个 | 无偏离', '2 | 1.2.2.2 分辨率≥3840×2160 | 3840×2160 | 无偏离'].join('\n');
    const commercial = ['序号\t商务条款\t投标响应\t偏离情况', '1\t免费保修期不少于3年（第32页）\t免费保修期3年\t无偏离'].join('\n');
    const template = ['序号\t招标要求\t投标响应\t偏离情况', '*\t【待填写：招标要求】\t【待填写：投标响应】\t【待填写：偏离情况】'].join('\n');
    const check = (tech: string, comm: string) =>
      computeHealth({ card: card({ scoring: rows, starClauses: [] }), document: readBid([['技术要求偏离表', tech], ['商务要求偏离表', comm]]), enterprise: { name: ENTERPRISE } }).findings.filter((f) => f.kind === 'unanswered-scoring');
    expect(check(technical, commercial)).toEqual([]);
    // the commercial table left as the form's template: the after-sales row is unanswered, the technical one still answered
    expect(check(technical, template).map((f) => f.refId)).toEqual(['a']);
  });

  it('a row is answered by every heading titled for it: 「企业资质」 (a short lead-in) and 「企业资质证明」 read together', () => {
    const rows = [scoring('s1', '企业资质', 40, ''), scoring('p', '价格分', 60, '', 'price')];
    const document = readBid([
      ['企业资质', '我公司具备本项目所需的全部企业资质，详见下文。'],
      ['技术方案', prose('技术方案', 400)],
      ['企业资质证明', '企业资质：建筑装饰工程专业承包二级、安全生产许可证，证书复印件附后。' + prose('企业资质', 300)],
    ]);
    const r = computeHealth({ card: card({ scoring: rows, starClauses: [] }), document, enterprise: { name: ENTERPRISE } });
    expect(r.findings.filter((f) => f.kind === 'unanswered-scoring')).toEqual([]);
  });

  it('a short answer that says what the row asks is thin (medium), not unanswered; a line or two still is unanswered (high)', () => {
    const s = scoring('s1', '绿色采购情况', 1, '投标产品属于节能产品、环境标志产品的，得1分。');
    const short = '我公司所投产品属于节能产品和环境标志产品，节能产品认证证书及环境标志产品认证证书复印件附后（证书编号、有效期见附表），产品生产和包装符合绿色采购要求，可回收包装材料占比不低于百分之九十，运输过程采用新能源车辆，减少碳排放；包装物由我公司负责回收处理，不给采购人增加负担。';
    expect(short.length).toBeGreaterThan(100);
    expect(short.length).toBeLessThan(200);
    expect(rowResponse(s, short, '绿色采购情况').state).toBe('partial');
    expect(rowResponse(s, '节能产品、环境标志产品。', '绿色采购情况').state).toBe('unanswered');
    const input = cleanInput();
    input.card.scoring = [...input.card.scoring, s];
    input.outline.push(node('ch6', '绿色采购情况', { scoringIds: ['s1x'] }));
    input.card.scoring[input.card.scoring.length - 1] = { ...s, id: 's1x' };
    input.sections.ch6 = short;
    const f = computeHealth(input).findings.filter((x) => x.kind === 'unanswered-scoring' && x.refId === 's1x');
    expect(f.map((x) => x.severity)).toEqual(['medium']);
    expect(f[0]!.message).toContain('偏少');
  });

  it('a schedule by quantity (交货期 7 / 15 / 80 日 by batch size) is no contradiction; two plain commitments still are', () => {
    const input = cleanInput();
    input.sections.n2 += '\n交货期7日历日。\n★1.2交货期限要求：小于等于20件/套的，交货期7日历日；大于20件/套，小于等于100件/套，交货期15日历日；2000件/套以上，交货期80日历日。';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'fact-conflict')).toEqual([]);
    input.sections.n3 += '\n我方交货期15日历日。';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'fact-conflict').map((f) => f.excerpt)).toEqual(['交货期15日']);
  });

  it('a ★ clause listing staff by letter (「A.1名及以上具有高级电工证…」) is answered by its own words restated', () => {
    const input = cleanInput();
    const text = '持证上岗。需配置以下持证人员： A.1名及以上具有高级电工证或技师证的岗位人员； B.1名及以上具备焊工证的岗位人员。';
    input.card = card({ starClauses: [...card().starClauses, clause('c9', text)] });
    expect(computeHealth(input).findings.filter((f) => f.refId === 'c9')).toHaveLength(1);
    input.sections.n3 += `\n• ${text}——我方完全满足。`;
    expect(computeHealth(input).findings.filter((f) => f.refId === 'c9')).toEqual([]);
  });

  it('a 项目名称 the tender itself names, quoted with a page note (「…项目（招标文件第 15 页）」), is not another project', () => {
    const input = cleanInput();
    input.card = card({ requirements: [{ id: 'r1', section: '技术要求', text: '项目名称：2025年社区网格设备带量集中采购项目，设备须与其兼容。', source: src, verified: true }] as TenderCard['requirements'] });
    input.sections.n1 += '\n1\t项目名称：2025年社区网格设备带量集中采购项目（招标文件第 15 页）\t满足\t无偏离';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'foreign-name')).toEqual([]);
    input.sections.n2 += '\n项目名称：某某市第二人民医院改扩建工程（详见合同）';
    expect(computeHealth(input).findings.filter((f) => f.kind === 'foreign-name').map((f) => f.excerpt)).toEqual(['某某市第二人民医院改扩建工程（详见合同）']);
  });

  it('in a read file, an empty 投标书 or 资格、符合性审查自查表 is an empty form (high), an empty plan section stays medium', () => {
    const document = readBid([
      ['投标书', ''],
      ['资格、符合性审查自查表', ''],
      ['质量保证措施', ''],
      ['技术方案', prose('技术方案', 400)],
    ]);
    const empty = computeHealth({ card: card(), document, enterprise: { name: ENTERPRISE } }).findings.filter((f) => f.kind === 'empty-heading');
    expect(empty.map((f) => [f.message.includes('格式文件'), f.severity])).toEqual([
      [true, 'high'],
      [true, 'high'],
      [false, 'medium'],
    ]);
  });

  it('a year is never a period: 「质保期」 over a line break from a date, or 「质保期自2023年起」, states no warranty', () => {
    expect(extractFacts('质保期\n2024年3月1日').filter((f) => f.kind === 'warranty')).toEqual([]);
    expect(extractFacts('质保期2023年起计算').filter((f) => f.kind === 'warranty')).toEqual([]);
    expect(extractFacts('质保期 2 年').find((f) => f.kind === 'warranty')).toMatchObject({ value: '24个月' });
  });

  it('a clause’s own dotted numbering (「1.4 」) is no figure to restate; a figure at the start still is', () => {
    expect(clauseTerms('1.4 驻场人员须持证上岗').numbers).toEqual([]);
    expect(clauseTerms('★2.3、系统可用性不低于99.9%').numbers).toEqual([{ n: '99.9', unit: '%' }]);
    expect(clauseTerms('1.5米高的围挡').numbers.length).toBe(1);
    // three levels run into the words: the whole 5.3.2 is the numbering, not 「5.3.」 and a figure 2
    expect(clauseTerms('★5.3.2采购人在验收中如货物的质量不符合合同规定的，应30个日历日内向中标人提出').numbers).toEqual([{ n: '30', unit: '' }]);
  });

  it('a table row read as 表头：内容 is answered by its contents, not by its column heads', () => {
    const row = clauseTerms('1.6；货物名称（标的名称）：高频电外科设备；单位：台；是否接受进口：拒绝进口');
    expect(row).toEqual({ numbers: [], words: ['高频电外科设备', '拒绝进口'] });
    expect(answersClause(row, '高频电外科设备：单位：台；是否接受进口：拒绝进口\t我方响应：【待填写：所投高频电外科设备的品牌、型号及规格】')).toBe(true);
    // a requirement under its column's head
    expect(clauseTerms('招标技术要求：1.16 机组自启动成功率：≥98%').words).toEqual(['机组自启动成功率']);
    // a clause with one head of its own keeps it
    expect(clauseTerms('质保期：验收合格后两年').words).toContain('质保期');
  });
});
