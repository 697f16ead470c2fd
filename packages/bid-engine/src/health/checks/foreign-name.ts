import type { BidOutlineNode, HealthFinding, TenderCard } from '@btz/shared';
import { label } from './bid.js';

/**
 * Names of other projects and companies in a section (`foreign-name`, a copied bid is rejected): the known other names
 * first (high), then company names matching neither the purchaser nor the bidder (medium) and a 项目名称 other than this
 * project's (high; medium when only quoted). Names the tender itself uses and the clients of the bidder's performance list
 * are not foreign. A 项目名称 the tender's own forms print (a form the tender's author carried over from another of its
 * tenders) came into the bid with the form: not another bid's leftover, still not this project's name — medium, saying so.
 */

const COMPANY_RE = /[\u4e00-\u9fa5A-Za-z0-9（）()]{2,30}?(?:股份有限公司|有限责任公司|有限公司|集团公司|研究院|设计院)/g;
const LEADING_WORDS =
  /^(?:按照|根据|依照|依据|我方|我公司|本公司|贵公司|该公司|投标人|供应商|合作单位|合作伙伴|分包单位|分包商|原厂|厂家|厂商|制造商|生产商|单位|委托|授权|特此|兹|由|与|和|向|为|在|对|是|及|经|被|给|将|从|同)+/;
const GENERIC_COMPANY = /^(?:我|本|贵|该|其|各|子|分|母|总)?(?:股份有限公司|有限责任公司|有限公司|集团公司|研究院|设计院)$/;

function nameAllowed(candidate: string, allowed: string[]): boolean {
  const c = candidate.replace(/[()（）\s]/g, '');
  return allowed.some((a0) => {
    const a = a0.replace(/[()（）\s]/g, '');
    if (a.length < 2) return false;
    if (c === a || c.endsWith(a) || a.endsWith(c) || c.includes(a) || a.includes(c)) return true;
    // the company pattern starts at any Chinese character, so it takes in the words before a name (「确保满足厦门国际银行
    // 股份有限公司」, 「方便…」): the name of the purchaser's head office (「…股份有限公司」 of 「…股份有限公司上海分行」) with
    // words before it is the tender's own name
    for (let i = 1; i + 6 <= c.length; i++) if (a.includes(c.slice(i))) return true;
    return false;
  });
}

/** Sections and lines that list the bidder's past work: the clients named there are evidence. */
const PERFORMANCE_TITLE = /业绩|案例|类似项目|同类项目|履约|合同(?:清单|一览)|服务经验|客户名单/;
const PERFORMANCE_LINE = /业绩|合同|甲方|客户|用户单位|业主|建设单位|委托单位|服务对象|采购单位|发包|签订|中标/;
/** The sentence (or table row) holding position `at`. */
function sentenceAt(text: string, at: number): string {
  let from = at;
  while (from > 0 && !/[。；;！？!?\n]/.test(text[from - 1]!)) from--;
  let to = at;
  while (to < text.length && !/[。；;！？!?\n]/.test(text[to]!)) to++;
  return text.slice(from, to);
}

/** The check for one bid: the names it allows are read once, then each section is checked (its findings in order). */
export function foreignNames(card: TenderCard, enterpriseName: string | undefined, otherNamesIn: readonly string[] | undefined): (node: BidOutlineNode, text: string) => HealthFinding[] {
  const allowedNames = [
    card.projectName?.value,
    card.purchaser?.value,
    card.agency?.value,
    enterpriseName,
  ].filter((v): v is string => typeof v === 'string' && v.trim().length >= 2);
  // names the tender itself uses (its scoring rows, requirements, clauses: the purchaser's parent company, 「LOGO字项目」 as
  // a kind of past work) are the tender's words, not another project's
  const tenderWords = [
    ...card.scoring.map((x) => `${x.item}\n${x.criteria}`),
    ...(card.requirements ?? []).map((r) => r.text),
    ...[...card.starClauses, ...card.importantClauses, ...card.qualifications].map((c) => c.text),
  ].join('\n');
  // (the name itself, or with the words the company pattern took in before it: 「合同甲方为中国某某集团有限公司」)
  const tenderOwn = (name: string) => {
    if (name.length >= 2 && tenderWords.includes(name)) return true;
    for (let i = 1; i + 6 <= name.length; i++) if (tenderWords.includes(name.slice(i))) return true;
    return false;
  };
  // the tender's forms as printed (the bid reproduces them): their names came with the form, not from another bid
  const formWords = (card.forms ?? []).flatMap((f) => f.blocks.map((b) => (b.t === 'p' ? b.text : b.rows.map((r) => r.filter(Boolean).join('\t')).join('\n')))).join('\n');
  const inForms = (name: string) => name.length >= 4 && formWords.includes(name);
  const otherNames = (otherNamesIn ?? []).map((n) => n.trim()).filter((n) => n.length >= 2 && !nameAllowed(n, allowedNames));
  return (node, text) => {
    const findings: HealthFinding[] = [];
    const id = node.id;
    // known other names first, then company / project-name patterns
    const reported = new Set<string>();
    for (const n of otherNames) {
      if (text.includes(n) && !reported.has(n)) {
        reported.add(n);
        findings.push({ kind: 'foreign-name', severity: 'high', nodeId: id, excerpt: n, message: `${label(node)}出现其他项目或单位的名称「${n}」，疑似沿用旧标书，请替换为本项目信息。` });
      }
    }
    const performance = PERFORMANCE_TITLE.test(node.title);
    for (const m of text.matchAll(COMPANY_RE)) {
      const name = m[0].replace(LEADING_WORDS, '');
      if (name.length < 6 || GENERIC_COMPANY.test(name) || reported.has(name) || [...reported].some((r) => r.includes(name) || name.includes(r))) continue;
      if (nameAllowed(name, allowedNames) || tenderOwn(name) || inForms(name)) continue;
      // a past client in the bidder's performance list or a contract row is the bidder's evidence, not another bid's leftover
      if (performance || PERFORMANCE_LINE.test(sentenceAt(text, m.index))) continue;
      reported.add(name);
      findings.push({ kind: 'foreign-name', severity: 'medium', nodeId: id, excerpt: name, message: `${label(node)}出现单位名称「${name}」，与本项目采购人及投标人均不一致，请确认是否为其他项目遗留内容。` });
    }
    const projectName = card.projectName?.value;
    if (projectName) {
      const projRe = /项目名称[：:]\s*([^\s，,。；;\n]{4,60})|[「“《]([^」”》\n]{2,60}?(?:项目|工程))[」”》]/g;
      for (const m of text.matchAll(projRe)) {
        // a bracket left open at the end is a note running on (「…采购项目（招标文件第 15 页）」), not part of the name
        const name = (m[1] ?? m[2] ?? '').trim().replace(/[（(][^）)]*$/, '');
        if (name.length < 4 || reported.has(name) || nameAllowed(name, [projectName]) || tenderOwn(name) || /[：:，,。；;□]/.test(name)) continue;
        reported.add(name);
        if (inForms(name))
          findings.push({ kind: 'foreign-name', severity: 'medium', nodeId: id, excerpt: name, message: `${label(node)}中的项目名称「${name}」照录自招标文件的格式，与本项目「${projectName}」不一致，请改为本项目名称。` });
        else findings.push({ kind: 'foreign-name', severity: m[1] ? 'high' : 'medium', nodeId: id, excerpt: name, message: `${label(node)}中的项目名称「${name}」与本项目「${projectName}」不一致，请改正。` });
      }
    }
    return findings;
  };
}
