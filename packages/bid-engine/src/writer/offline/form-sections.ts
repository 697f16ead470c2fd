import type { CardClause, RequirementItem } from '@btz/shared';
import type { Block } from '../doc.js';
import type { Part, Ctx } from './context.js';
import type { ResponseRow } from './tender-form.js';
import { isParameterTable, parameterItems } from '../points.js';
import { bold, clauseList, F, ph, SP } from './context.js';
import { commitment, commits } from './respond.js';
import { ceilingSentence } from '../../tender/ceiling.js';
import { REQUIREMENT_HEAD } from '../../tender/rules/requirements.js';
import { termCovers, termRows } from './terms.js';

/**
 * Section bodies for the evidence and form sections (业绩、资质、荣誉、投标函、授权书、报价表、资格证明、偏离表) and the
 * generic fallback: fixed forms filled from the card and the enterprise facts, a placeholder for every fact not given.
 */

export function performance(c: Ctx): Part[] {
  const projects = c.ent.projects ?? [];
  const rows = projects.length
    ? projects.map((p, i) => [String(i + 1), p.name, p.client ?? ph('委托单位'), p.year !== undefined ? String(p.year) : ph('签订年份'), p.amount !== undefined ? String(p.amount) : ph('合同金额')])
    : // the blanks are named by their columns (「类似项目名称1」 in every bid is noise; the row number says which)
      [1, 2, 3].map((i) => [String(i), ph('项目名称'), ph('委托单位'), ph('签订年份'), ph('合同金额')]);
  return [
    ['业绩概况', [
      // without the bidder's projects the table of blanks is the section (a sentence about it reads the same in every bid)
      ...(projects.length ? [{ t: 'p', text: `${c.T}：${c.E}近年承担了 ${projects.length} 个与${c.P}类似的项目，详见下表，合同及验收证明附后。` } as Block] : []),
      { t: 'table', head: ['序号', '项目名称', '委托单位', '年份', '合同金额'], rows },
    ]],
  ];
}

export function qualification(c: Ctx): Part[] {
  const quals = c.ent.qualifications ?? [];
  const wanted = [...new Set(c.scoring.flatMap((s) => s.criteria.match(/(ISO\s?\d+[^，,；;。得]*?认证|[^，,；;。]{2,12}资质)/g) ?? []))];
  const rows: string[][] = quals.map((q) => [q.name, q.number ?? ph(`${q.name}证书编号`), q.expiry ?? ph(`${q.name}有效期`)]);
  for (const w of wanted) {
    const key = w.replace(/\s/g, '').slice(0, 9);
    if (!quals.some((q) => q.name.replace(/\s/g, '').includes(key))) rows.push([w, ph(`${w}证书编号`), ph(`${w}有效期`)]);
  }
  if (!rows.length) rows.push([ph('证书名称'), ph('证书编号'), ph('有效期')]);
  // the certificates themselves: no claim about them the bidder has not made (「均在有效期内」 is the bidder's to state)
  return [
    ['资质情况', [
      ...(c.ent.creditCode ? [{ t: 'p', text: `${c.T}：${c.E}（统一社会信用代码：${c.ent.creditCode}）的证书清单如下，复印件加盖公章附后。` } as Block] : []),
      { t: 'table', head: ['证书名称', '证书编号', '有效期'], rows },
    ]],
  ];
}

export function honor(c: Ctx): Part[] {
  // the credit sites only where the tender names them (its scoring rows or requirement items)
  const said = [...c.scoring.map((s) => s.criteria), ...c.reqs.map((r) => r.text)].join(' ');
  const sites = ['信用中国', '中国政府采购网', '国家企业信用信息公示系统'].filter((x) => said.includes(x));
  return [
    ['荣誉与信用', [
      { t: 'table', head: ['序号', '荣誉/信用名称', '授予单位', '获得时间'], rows: [1, 2].map((i) => [String(i), ph('名称'), ph('授予单位'), ph('获得时间')]) },
      ...(sites.length ? [{ t: 'p', text: `${sites.map((x) => `“${x}”`).join('及')}查询截图：${ph('查询日期及截图')}。` } as Block] : []),
    ]],
  ];
}

export function bidLetter(c: Ctx): Part[] {
  return [
    ['投标函', [
      { t: 'p', text: `致：${c.B}` },
      { t: 'p', text: `我方已仔细研究了${c.P}（项目编号：${bold(c.N)}）招标文件的全部内容，愿意以人民币（大写）${ph('投标总价（大写）')}（¥${ph('投标总价（小写）')}）的投标报价参加投标，并按招标文件要求完成全部工作。` },
      { t: 'ol', items: [
        `我方承诺在合同签订后 ${F(c).duration.value}内完成交付，质保期 ${F(c).warranty.value}`,
        '我方完全响应招标文件的全部★实质性条款',
        `投标有效期自投标截止之日起 ${ph('投标有效期（天）')}`,
        '我方同意提供招标人要求的一切补充资料',
      ] },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）` },
      { t: 'p', text: `法定代表人或授权代表：${c.ent.legalRep ?? ph('法定代表人或授权代表（签字）')}` },
      { t: 'p', text: `地址：${c.ent.address ?? ph('投标人地址')}${SP}联系方式：${c.ent.contacts ?? ph('联系电话')}` },
      { t: 'p', text: `日期：${ph('投标日期')}` },
    ]],
  ];
}

export function authorization(c: Ctx): Part[] {
  return [
    ['法定代表人授权书', [
      { t: 'p', text: `致：${c.B}` },
      { t: 'p', text: `本授权书声明：${c.E}的法定代表人 ${c.ent.legalRep ?? ph('法定代表人姓名')} 授权 ${ph('被授权人姓名')}（身份证号：${ph('被授权人身份证号')}）为我方合法代理人，以我方名义参加${c.P}（项目编号：${c.N}）的投标活动，签署投标文件、进行澄清并处理与之有关的一切事务。` },
      { t: 'p', text: `代理人无转委托权。授权期限：自${ph('授权起始日期')}至本项目合同签订之日止。` },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}法定代表人（签字）：${ph('法定代表人签字')}${SP}日期：${ph('日期')}` },
    ]],
  ];
}

export function priceSummary(c: Ctx): Part[] {
  return [
    ['开标一览表', [
      { t: 'p', text: `${c.T}（${c.P}，项目编号：${c.N}，采购人：${c.B}）。` },
      { t: 'table', head: ['项目名称', '投标总价（元）', '交付期限', '质保期'], rows: [[c.P, ph('投标总价'), `合同签订后 ${F(c).duration.value}`, F(c).warranty.value]] },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}日期：${ph('日期')}` },
    ]],
  ];
}

/**
 * A price breakdown when the tender prints no form of its own (its form is reproduced instead, tender-form.ts): the
 * tender's lots, or the project as one row, and a row for the bidder's own breakdown — never items the tender does not
 * name (a stock list of 软件开发 / 硬件设备… was invented for every tender).
 */
export function priceDetail(c: Ctx): Part[] {
  const lots = c.card.lots.length > 1 ? c.card.lots.map((l) => l.name) : [c.P];
  const rows = [...lots.map((x, i) => [String(i + 1), x, ph('数量及单位'), ph('单价'), ph('合价')]), [String(lots.length + 1), ph('其他分项（如有）'), ph('数量及单位'), ph('单价'), ph('合价')]];
  return [
    ['分项报价表', [
      { t: 'p', text: `${c.T}（${c.P}，项目编号：${c.N}）。` },
      { t: 'table', head: ['序号', '分项名称', '数量', '单价（元）', '合价（元）'], rows },
      { t: 'p', text: `合计：${ph('投标总价')}。${ceilingSentence(c.card)}` },
    ]],
  ];
}

/** What proves a requirement the tender says how to prove: 「（提供…）」 asks for that; 「由供应商在《…》中作出声明」 is proved there. */
function otherEvidence(req: string, title: string): string {
  const declared = /在《([^》]{2,40})》中(?:作出|做出)?(?:声明|承诺)/.exec(req);
  if (declared) return `见本投标文件《${declared[1]}》中的声明`;
  const asked = /[（(]\s*(?:须|需)?(?:提供|附)([^（）()]{2,60})[)）]/.exec(req);
  if (asked) return ph(asked[1]!.replace(/[。；;，,]+$/, ''));
  const short = (title.split(/[（(，,。；;]/)[0] ?? title).slice(0, 30).replace(/[、：:]+$/, '');
  return ph(`${short}的证明材料`);
}

/**
 * The attachment answering one qualification requirement: the requirement with its page and the evidence that proves
 * it (the enterprise's own licence or certificate where the bank holds it). Lean on purpose — ten of them in a bid, each
 * repeating a letter's 致 / project / signature lines, read as one passage copied ten times.
 */
export function qualificationForm(c: Ctx): Part[] {
  const q = c.card.qualifications.find((x) => x.text.includes(c.T) || c.T.includes(x.text.slice(0, 12)));
  const req = q?.text ?? c.T;
  const license = /营业执照|民事责任/.test(req);
  const cert = /资质|证书|认证|ITSS/.test(req);
  const matched = cert ? (c.ent.qualifications ?? []).find((x) => req.includes(x.name) || x.name.split(/[（(]/)[0]!.length > 1 && req.includes(x.name.split(/[（(]/)[0]!)) : undefined;
  const evidence: string[] = license
    ? [`营业执照副本复印件（统一社会信用代码：${c.ent.creditCode ?? ph('统一社会信用代码')}）`]
    : cert
      ? [matched ? `${matched.name}（证书编号：${matched.number ?? ph('证书编号')}，有效期至：${matched.expiry ?? ph('有效期')}）` : `${ph(`${req.split(/[，,。；;]/)[0]!.replace(/^(具备|具有|取得)/, '').replace(/及以上$/, '')}证书名称及编号`)}，有效期至：${ph('有效期')}`]
      : [otherEvidence(req, c.T)];
  return [
    ['资格条件响应', [
      { t: 'p', text: `招标文件要求（${c.P}，项目编号：${c.N}${q ? `，招标文件第 ${q.source.page} 页` : ''}）：${req.replace(/[。；;]+$/, '')}。` },
      // the bidder by name when it is known (a blank repeated in every attachment is not)
      { t: 'p', text: `${c.ent.name && !c.E.startsWith('【') ? c.E : '我方'}满足该要求，证明材料（复印件加盖公章）：${evidence.join('；')}。`.replace(/。。$/, '。') },
    ]],
  ];
}

export function generic(c: Ctx): Part[] {
  return [
    ['概述', [
      ...clauseList(c, /./),
      { t: 'p', text: ph(c.T) },
    ]],
  ];
}


// -------------------------------------------------------------------------------------------------------------------
// Response table (偏离表): one row per ★ / ▲ requirement.

const COMMERCIAL = /交付|交货|工期|付款|质保|保修|售后|运维|服务|报价|合同|保证金|有效期/;

export function deviationRows(c: Ctx): { mark: string; clause: CardClause }[] {
  const all = [...c.card.starClauses.map((clause) => ({ mark: '★', clause })), ...c.card.importantClauses.map((clause) => ({ mark: '▲', clause }))];
  if (c.node.clauseIds?.length) return all.filter((x) => c.node.clauseIds!.includes(x.clause.id));
  // a 资格条件响应表 (资格审查表) answers the qualification requirements, one row each — not the ★ clauses
  if (/资格/.test(c.T) && c.card.qualifications.length) return c.card.qualifications.map((clause) => ({ mark: '', clause }));
  if (/商务/.test(c.T) || c.node.kind === '商务') {
    const com = all.filter((x) => COMMERCIAL.test(x.clause.text));
    if (com.length) return com;
  }
  return all;
}

export function responseFor(c: Ctx, text: string): string {
  const f = F(c);
  // the tender's own figure when the clause states one (its words are kept); the fact sheet's otherwise
  const own = (re: RegExp) => re.exec(text)?.[0];
  if (/交付|交货|工期|日内|天内/.test(text)) {
    const stated = own(/\d+\s*个?(?:日历天|日历日|工作日|自然日|日|天|周|个月)/);
    // the fact sheet's wording when it is the same figure, the clause's own when the clause states another
    // a clause stating its own period is answered in its own words (one stock line under every delivery clause repeats);
    // a period that is not the delivery's (「采购人在验收中…应30个日历日内向中标人提出」) is never given our 工期
    const delivery = /交付|交货|供货|工期|完工|竣工|上线|完成/.test(text);
    if ((stated && c.domain !== 'it') || !delivery) return `完全满足：${text.replace(/^[^，,：:]*?须/, '').replace(/[。；;]+$/, '')}`;
    const d = stated && (f.duration.assumed || !f.duration.source?.includes(stated)) ? stated : f.duration.value;
    return c.domain === 'it' ? `合同签订后 ${d}内完成并上线试运行` : `完全满足：${text.replace(/^[^，,：:]*?须/, '').replace(/[。；;]+$/, '')}（期限：${d}）`;
  }
  if (/质保|保修|运维/.test(text)) return c.domain === 'it' ? `终验合格后免费质保 ${f.warranty.value}，${f.serviceHours.value}服务` : `按招标文件要求提供质保与维修服务（质保期：${own(/\d+\s*(?:年|个月)/) ?? f.warranty.value}）`;
  if (/响应时间.*(小时|分钟)/.test(text)) return `${own(/\d+\s*(?:小时|分钟)/) ?? f.response.value}内响应${f.onsite.assumed ? '' : `，${f.onsite.value}内到场`}`;
  return `完全满足：${text.replace(/^[^，,：:]*?须/, '').replace(/[。；;]+$/, '')}`;
}

/** The rows of a response table: the ★/▲ clauses it answers, each with our response (the table of a goods or works
 * tender: every technical parameter first, its offered value and deviation left to the bidder). */
export function responseRows(c: Ctx): ResponseRow[] {
  const clauses = deviationRows(c);
  const params = isParameterTable(c.card, c.node) ? parameterItems(c.card) : [];
  const stated = new Set<string>();
  const rows: ResponseRow[] = params.flatMap((r) => {
    const clause = clauses.find((x) => sameRequirement(x.clause.text, r.text));
    if (clause) stated.add(clause.clause.id);
    const mark = /★/.test(r.text) ? '★' : /▲/.test(r.text) ? '▲' : (clause?.mark ?? '');
    const p = parameterOf(r);
    if (!p) return [];
    const { text, asked } = p;
    return {
      requirement: `${mark}${text}（招标文件第 ${r.source.page} 页）`,
      response: `我方响应：${ph(asked)}`,
      deviation: ph('无偏离／正偏离／负偏离'),
      note: '',
    };
  });
  for (const r of clauses) {
    if (stated.has(r.clause.id)) continue;
    const text = r.clause.text.replace(/[。；;]+$/, '');
    rows.push(
      params.length
        ? { requirement: `${r.mark}${text.replace(/[★▲]/g, '')}（招标文件第 ${r.clause.source.page} 页）`, response: responseFor(c, r.clause.text), deviation: '无偏离', note: '' }
        : { requirement: `${r.mark}${text}`, response: responseFor(c, r.clause.text), deviation: '无偏离', note: `见招标文件第 ${r.clause.source.page} 页` },
    );
  }
  // the commercial table: the tender's commercial terms (offline/terms.ts), then the deal items assigned to it
  rows.push(...termRows(c, rows.map((r) => r.requirement), true));
  rows.push(...requirementRows(c, params.length > 0));
  return rows;
}

/**
 * The requirement items a response table answers (points.ts: the deal terms, and the items no written section is about),
 * each a row with the bidder's commitment — a penalty or a payment term is acknowledged here, not in a plan section.
 */
export function requirementRows(c: Ctx, withPage = false, withStated = false): ResponseRow[] {
  const own = new Set(isParameterTable(c.card, c.node) ? parameterItems(c.card) : []);
  // (an item a ★/▲ row of the table states is answered there — unless the table is the tender's form, which may not
  // have taken our ★/▲ rows: withStated)
  const clauses = withStated ? [] : deviationRows(c);
  // (an item stating a commercial term is answered by the term's row: offline/terms.ts)
  return c.reqs
    .filter((r) => !own.has(r) && !clauses.some((x) => sameRequirement(x.clause.text, r.text)) && !termCovers(c, r.text))
    .map((r) => {
      const text = r.text.replace(/\s+/g, ' ').trim().replace(/[。；;]+$/, '');
      const response = commits(r.text) ? `我方承诺${commitment(r.text)}` : '我方知悉并接受';
      return withPage
        ? { requirement: `${text}（招标文件第 ${r.source.page} 页）`, response, deviation: '无偏离', note: '' }
        : { requirement: text, response, deviation: '无偏离', note: `见招标文件第 ${r.source.page} 页` };
    });
}

const core = (s: string) => s.replace(/[★▲\s]|^\s*(?:[（(]?\d{1,3}[)）.．、]?)/g, '').replace(/[^\p{Script=Han}A-Za-z0-9.]/gu, '');

/** A ★/▲ clause that states this requirement item (the same words, one holding the other). */
function sameRequirement(clause: string, item: string): boolean {
  const a = core(clause);
  const b = core(item);
  if (a.length < 4 || b.length < 4) return false;
  return b.includes(a) || a.includes(b) || (a.length >= 8 && b.includes(a.slice(0, 8)));
}

/** Column heads of a parameter table that only label the cell (「参数名称：额定电流；技术要求：2000A」 → 「额定电流：2000A」). */
const valueHead = (head: string): boolean => REQUIREMENT_HEAD.test(head) || /^(?:内容|数值|参数值)$/.test(head);
/** A head naming the row: a parameter's name (参数名称) or a goods item's (货物名称（标的名称）). */
const NAME_HEAD = /^(?:参数|指标|项目)?名称$|^(?:参数|指标|项目)$/;
const ITEM_HEAD = /^(?:货物|设备|产品|标的|品目|物资)名称$/;
/** Cells that carry no requirement: the row's number, the plan's number, the SME and industry flags of the list. */
const ADMIN_HEAD = /^序号$|编号$|所属行业$|面向中小企业/;
/** Cells of the list's budget and total rows (a row of only these is no parameter). */
const BUDGET_HEAD = /预算|限额|最高限价|合计|总价|采购项目名称/;
/** A cell left empty in the tender's table (「单价限价（元）：/」). */
const EMPTY_VALUE = /^(?:[/／\\\-—－–]+|无|空|不适用)?$/;

/**
 * A parameter as the table prints it, and what the offered value is asked for by: 「所投产品的额定电流」 for a parameter row,
 * 「所投方凳的品牌、型号及规格」 for a row of the goods list. A row read as 「表头：内容；…」 keeps the heads that say what
 * a value is (单位：张), drops those that only label (技术要求), the list's number and flags, and the cells left empty; a
 * row of the list's budget or total only (「合计；财政预算限额（元）：8042100.00」) is no parameter: null.
 */
export function parameterOf(r: Pick<RequirementItem, 'text'>): { text: string; asked: string } | null {
  const raw = r.text.replace(/\s+/g, ' ').trim();
  const cells: { head: string; value: string }[] = [];
  // (the row's number leading it, 「1.9；货物名称：…」, is no field)
  for (const seg of raw.split(/[；;]/).map((x) => x.trim()).filter((x, i) => x && !(i === 0 && /^\d+(?:\.\d+)*$/.test(x)))) {
    const m = /^([^：:\d（(][^：:]{0,15})[：:](.*)$/.exec(seg);
    if (m) cells.push({ head: m[1]!.replace(/[★▲\s]/g, '').replace(/[（(][^）)]*[）)]$/, ''), value: m[2]!.trim() });
    else if (cells.length) cells[cells.length - 1]!.value += `；${seg}`;
    else cells.push({ head: '', value: seg });
  }
  const bare = (v: string) => v.replace(/[。；;]+$/, '').trim();
  const kept = cells.filter((x) => !ADMIN_HEAD.test(x.head) && !EMPTY_VALUE.test(bare(x.value)) && !/^(?:合计|小计|总计)$/.test(bare(x.value)));
  if (cells.length >= 2 && cells.some((x) => x.head) && kept.every((x) => BUDGET_HEAD.test(x.head))) return null;
  if (cells.length >= 2 && cells[0]!.head) {
    const named = kept.find((x) => NAME_HEAD.test(x.head) || ITEM_HEAD.test(x.head));
    const name = named?.value.replace(/[★▲]/g, '').trim() ?? '';
    const rest = kept.filter((x) => x !== named).map((x) => bare(valueHead(x.head) ? x.value : `${x.head}：${x.value}`));
    if (name && name.length <= 20) {
      const asked = ITEM_HEAD.test(named!.head) ? `所投${name}的品牌、型号及规格` : `所投产品的${name}`;
      return { text: rest.length ? `${name}：${rest.join('；')}` : name, asked };
    }
  }
  // a row of the requirement column alone (「招标技术要求：2、脚架采用…」): its words, the offered value asked for as such
  if (cells.length === 1 && valueHead(cells[0]!.head)) return { text: bare(cells[0]!.value).replace(/[★▲]/g, ''), asked: '所投产品的实际参数' };
  const text = raw.replace(/[★▲]/g, '').replace(/[。；;]+$/, '');
  const m = /^(?:[（(]?\d{1,3}(?:\.\d{1,2})*[)）.．、]?\s*)?([^：:，,。]{2,16})[：:]/.exec(text);
  return { text, asked: m ? `所投产品的${m[1]!.trim()}` : `所投产品对应“${text.split(/[，,。；;：:]/)[0]!.slice(0, 16)}”的实际参数` };
}

export function deviation(c: Ctx): Part[] {
  const rows = responseRows(c);
  const params = rows.length && isParameterTable(c.card, c.node) && parameterItems(c.card).length > 0;
  return [
    [c.T, [
      { t: 'p', text: `${c.T}（项目名称：${c.P}，项目编号：${c.N}，采购人：${c.B}）。` },
      {
        t: 'p',
        text: params
          ? `${c.E}对招标文件技术要求中的各项参数逐条响应如下（“投标响应”填写所投产品的实际参数，“偏离”填写无偏离、正偏离或负偏离）：`
          : `${c.E}对招标文件中的★实质性条款和▲重要条款逐条响应如下：`,
      },
      {
        t: 'table',
        head: params ? ['序号', '招标要求', '投标响应', '偏离', '说明'] : ['序号', '招标要求', '投标响应', '偏离情况', '说明'],
        rows: rows.map((r, i) => [String(i + 1), r.requirement, r.response, r.deviation, r.note]),
      },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}日期：${ph('日期')}` },
    ]],
  ];
}
