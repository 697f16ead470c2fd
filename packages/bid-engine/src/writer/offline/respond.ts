import type { RequirementItem } from '@btz/shared';
import type { Block } from '../doc.js';
import { isServiceDomain, type TenderDomain } from '../domain.js';
import { keyPoints } from '../../tender/key-points.js';
import { pointShare } from '../points.js';
import type { Ctx, Part } from './context.js';

/**
 * The point-to-point parts of a written section (issue 13 item 2): each sub-point of the scoring rows it answers, restated
 * and answered; then each requirement item of the tender that belongs to it (points.ts), restated with the tender's own
 * figures and page and answered. The answer's wording follows the tender's domain; the figures are the tender's only.
 */

type Register = 'service' | 'it' | 'works';
const registerOf = (d: TenderDomain): Register => (d === 'it' ? 'it' : d === 'construction' || d === 'goods' ? 'works' : isServiceDomain(d) ? 'service' : 'service');

const MEASURES: Record<Register, [RegExp, string][]> = {
  service: [
    [/工资|薪酬|社保|社会保险|五险|公积金|劳动合同|个税|个人所得税/, '依法签订劳动合同，按时足额发放工资并缴纳社会保险和住房公积金，相关凭证接受采购人查验'],
    [/招聘|替换|增补|补充|到岗|离职|人员变动|淘汰/, '建立后备人员库，人员离岗或被要求更换时按招标文件规定的时限补充到岗，并报采购人确认'],
    [/培训/, '岗前培训与在岗培训相结合，内容覆盖岗位职责、操作规程、保密与安全，培训记录与考核结果留档备查'],
    [/应急|突发|预案|连续性/, '设立应急处置小组并明确分级响应流程，报告路径与处置时限以招标文件规定为准，定期演练并总结改进'],
    [/考核|评价|考评|监督|检查|巡检|满意|投诉/, '制定考核细则，日常检查、定期抽查与月度考核相结合，考核结果与人员奖惩挂钩并向采购人通报'],
    [/保密|信息安全|隐私|客户信息/, '全体人员签署保密承诺，严格执行采购人的保密与信息安全制度，违反者立即调离并追究责任'],
    [/保洁|清洁|清洗|消毒|垃圾|卫生/, '按区域和频次编制作业计划表，作业完成后自查签字，主管巡查复核，不合格即时返工'],
    [/设备|设施|维保|维修|电梯|消防|空调|配电|给排水|锅炉/, '建立设备台账和维保计划，按操作规程巡视、保养并记录，报修后按招标文件规定的时限响应处理'],
    [/餐|食|菜|厨|伙食/, '严格执行食品安全管理制度，食材采购索证索票，留样与餐具消毒全程记录'],
    [/绿化|花卉|养护/, '按季节制定养护计划，修剪、施肥、病虫害防治按计划执行并留存记录'],
    [/安保|保安|秩序|门岗|巡逻/, '按岗位职责执行门岗值守与巡逻制度，异常情况即时报告并配合处置'],
    [/会务|接待|会议/, '会前确认需求并布置会场，会中专人值守服务，会后清场并记录'],
    [/人员|岗位|配置|配备|资质|持证|经验|学历/, '按岗位要求选派符合条件的人员，建立人员花名册与岗位说明书，证书与证明材料随投标文件附后'],
    [/流程|制度|管理|规范|标准/, '将服务流程写成作业指导书，明确每个环节的责任人、标准与记录，做到全过程可追溯'],
    [/报告|台账|档案|资料|记录/, '建立服务台账与档案，按采购人要求的周期提交书面报告'],
    [/./, '由项目负责人牵头落实，明确责任人、工作标准和检查记录，执行情况定期向采购人书面报告'],
  ],
  it: [
    [/架构|技术路线|总体设计|设计/, '采用分层设计并与采购人现有环境对接，设计成果在深化设计阶段提交采购人评审确认'],
    [/功能|模块|业务/, '逐项建立需求跟踪矩阵，开发、测试与验收均对照矩阵逐条确认'],
    [/安全|等级保护|等保|保密|密码/, '按适用的安全标准落实身份认证、访问控制、日志审计与数据备份，安全测评问题限期整改'],
    [/性能|指标|并发|效率/, '性能指标纳入测试用例，上线前实测并出具测试报告'],
    [/接口|对接|集成|兼容/, '接口规范在设计阶段与相关方书面确认，联调测试逐一通过'],
    [/数据|迁移|备份/, '数据处理前制定方案并备份，处理后逐项核对并由采购人确认'],
    [/运维|售后|质保|维护|故障|响应/, '提供运维服务，故障按级别处理，响应与修复时限以招标文件规定为准'],
    [/培训/, '按培训对象分层设计课程，培训后进行考核并提交培训记录'],
    [/进度|实施|计划|部署|上线/, '按阶段编制实施计划，阶段成果经采购人确认后进入下一阶段'],
    [/文档|资料/, '各阶段文档随成果同步提交，版本受控'],
    [/./, '由项目经理牵头落实，明确责任人、完成标准和检查时点，执行结果提交采购人确认'],
  ],
  works: [
    [/材质|材料|选材|钢|板|亚克力|光源|LED|型号|品牌|规格/, '材料进场前提交合格证与检测报告，样板经采购人确认后方可批量采购和制作'],
    [/安装|施工|制作|工艺|焊接|吊装/, '按深化图纸和工艺标准组织制作与安装，关键工序实行自检、专检和交接检'],
    [/验收|检测|误差|测试|点亮/, '按招标文件的验收标准逐项自检并形成记录，再提请采购人验收'],
    [/安全|文明|防护|高空/, '作业前进行安全技术交底，高处与用电作业持证上岗并设专人监护'],
    [/进度|工期|交货|供货|到货|运输|包装/, '按招标文件规定的期限编制供货与施工计划，关键节点提前报采购人确认'],
    [/售后|质保|维保|维修|保修/, '质保期内提供维修服务，响应与修复时限以招标文件规定为准'],
    [/图|设计|深化|效果/, '深化设计与效果图经采购人签字确认后实施，变更须书面确认'],
    [/资料|竣工|合格证|报告/, '竣工资料随验收同步整理提交'],
    [/./, '由项目负责人组织落实，明确责任人、质量标准和检查记录'],
  ],
};

/** The measure a text's own words choose, null when only the catch-all would. */
function ownMeasure(c: Ctx, text: string): string | null {
  const list = MEASURES[registerOf(c.domain)];
  const hit = list.find(([re]) => re.test(text))!;
  return hit === list[list.length - 1] ? null : hit[1];
}

export function measureFor(c: Ctx, text: string): string {
  const list = MEASURES[registerOf(c.domain)];
  return list.find(([re]) => re.test(text))![1];
}

const SUBJECT = /(?:投标人|供应商|中标人|中标供应商|成交供应商|乙方|物业管理方|物业公司|服务商|外包服务商|外包服务供应商|承包人|承包方|服务方)/g;

/** A requirement turned into the bidder's commitment, the tender's words and figures kept. */
export function commitOf(text: string): string {
  const t = text
    .replace(/^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,2}\s*[)）]|\d{1,2}(?:\.\d{1,2})*\s*[.．、)）]|[①-⑳]|[a-hA-H]\s*[.．、)）]|[一二三四五六七八九十]{1,2}\s*、)\s*/, '')
    .replace(/[★▲]/g, '')
    .replace(SUBJECT, '我方')
    .replace(/[；;]/g, '，')
    .replace(/[。.…，,\s]+$/, '')
    .trim();
  return t;
}

/** The first sentence of a commitment (the rest of the requirement is quoted beside it, not copied twice). */
function firstSentence(s: string): string {
  const m = /^[^。！？]*[。！？]/.exec(s);
  return m && m[0].length < s.length ? `${m[0].slice(0, -1)}等各项要求` : s;
}

/** A requirement says what must be done; an item without such words describes the site (建筑面积、设备清单). */
const REQUIRES = /须|应|要求|不少于|不低于|不超过|不大于|不得|负责|提供|确保|保证|≥|≤|具备|配备|满足|承诺|必须|需要|严禁|禁止/;
const brief = (t: string) => {
  const s = commitOf(t).split(/[，,。；;]/)[0]!;
  return s.length > 24 ? `${s.slice(0, 24)}…` : s;
};

/** A table row (「评价项目：巡检完成率；评价标准：…」) is committed to by its first cell; a sentence by its first sentence. */
function commitment(text: string): string {
  const fields = text.split(/[；;]/).map((f) => /^([^：:]{1,12})[：:](.+)$/.exec(f.trim())).filter((m): m is RegExpExecArray => !!m);
  if (fields.length >= 2) return `满足“${fields[0]![2]!.trim().replace(/[。，,]+$/, '')}”一项的全部要求`;
  return firstSentence(commitOf(text));
}

/** Bigrams of a term's characters (to find the requirement item that speaks of it). */
function pairs(s: string): string[] {
  const t = s.replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '');
  const out: string[] = [];
  for (let i = 0; i + 1 < t.length; i++) out.push(t.slice(i, i + 2));
  return out;
}

/**
 * The requirement item of the tender that speaks of a key point: the section's own items first, then the whole tender's;
 * an item naming the point verbatim, else one holding most of its character pairs (for points of 3+ characters).
 */
function requirementOf(c: Ctx, term: string): RequirementItem | null {
  // the tender's names out first: 「银行」 in the purchaser's name does not make an item about banks
  const names = [c.card.projectName?.value, c.card.purchaser?.value, c.card.agency?.value].filter((v): v is string => typeof v === 'string' && v.length >= 2);
  const own = (r: RequirementItem) => ({ ...r, text: names.reduce((t, n) => t.split(n).join(' '), r.text) });
  const hits = (pool: RequirementItem[]) => pool.map((r) => [r, own(r).text] as const);
  const pools = [hits(c.reqs), hits(c.card.requirements ?? [])];
  for (const pool of pools) {
    const hit = pool.find(([, t]) => t.includes(term));
    if (hit) return hit[0];
  }
  const bg = pairs(term);
  if (bg.length < 3) return null;
  for (const pool of pools) {
    const hit = pool.find(([, t]) => bg.filter((b) => t.includes(b)).length / bg.length >= 0.75);
    if (hit) return hit[0];
  }
  return null;
}

/**
 * A requirement named briefly for a key point: its first clause, cut short of the whole item (the item itself is restated
 * in full once, in the requirement table of the section it belongs to).
 */
const quote = (c: Ctx, text: string) => {
  // the tender's names shortened (a name cut at the clip would read as another project's)
  let t = text;
  if (c.card.projectName?.value) t = t.split(c.card.projectName.value).join('本项目');
  if (c.card.purchaser?.value) t = t.split(c.card.purchaser.value).join('采购人');
  const s = t.replace(/^\s*(?:[（(]\s*[\d一二三四五六七八九十]{1,2}\s*[)）]|\d{1,2}(?:\.\d{1,2})*\s*[.．、)）]|[①-⑳])\s*/, '').replace(/[★▲]/g, '').split(/[，,。；;]/)[0]!.trim();
  const max = Math.min(24, Math.max(6, Math.floor(text.replace(/\s+/g, '').length * 0.6)));
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

/** A key point that is a document to provide (复印件, 证明, 证书, 财务报告, 业绩…): answered by providing it, not by a work measure. */
const EVIDENCE = /复印件|扫描件|证明|证书|报告|简介|截图|合同|发票|执照|认证|荣誉|业绩|资质|财务|信用|奖项|获奖|社保|资信|规模|签约主体|项目名称|金额/;

function evidenceFor(c: Ctx, p: string): string {
  return c.pick(
    [
      `${p}作为证明材料随投标文件提供（复印件加盖公章），并列明名称、出具单位与有效期，供评审逐项核对`,
      `我方提供${p}的有效证明材料，复印件加盖公章后按评分顺序编排，原件备查`,
      `与${p}相关的材料以能够证明的事实为限，注明出处与页码，复印件加盖公章随本节附后`,
    ],
    p.length,
  );
}

/**
 * The scoring rows' key points (tender/key-points.ts — the points the coverage check looks for), each named and answered:
 * with the tender's requirement item that speaks of it (its page and words), else with the section's own measure.
 */
function pointsPart(c: Ctx): Part[] {
  const rows = c.scoring.filter((s) => s.category !== 'price');
  const items: string[] = [];
  const named = new Set<string>();
  for (const s of rows) {
    const { k, n } = pointShare(c.node, s.id, c.outline, c.siblingOrder);
    keyPoints(s).forEach((p, j) => {
      if (j % n !== k || named.has(p)) return;
      named.add(p);
      const r = requirementOf(c, p);
      const evidence = EVIDENCE.test(p);
      // the point's own words choose the measure; the row's name only when they choose none
      const measure = evidence ? evidenceFor(c, p) : ownMeasure(c, p) ?? measureFor(c, `${p} ${s.item}`);
      const own = r ? c.reqs.indexOf(r) : -1;
      items.push(
        r
          ? `针对评审要点“${p}”：招标文件第 ${r.source.page} 页要求“${quote(c, r.text)}”${own >= 0 ? `（下文需求表第 ${own + 1} 条）` : ''}，我方在${c.T}中据此落实${p}，${measure}。`
          : evidence
            ? `针对评审要点“${p}”：${measure}。`
            : `针对评审要点“${p}”：在${c.T}中，${measure}；${p}的执行情况单列记录、随时备查。`,
      );
    });
  }
  return items.length ? [['评审要点逐项响应', [{ t: 'ol', items }]]] : [];
}

/** The tender's requirement items of this section, restated and answered one by one. */
function requirementsPart(c: Ctx): Part[] {
  if (!c.reqs.length) return [];
  const rows = c.reqs.map((r: RequirementItem, i) => [
    String(i + 1),
    `第 ${r.source.page} 页：${r.text.replace(/\s+/g, ' ')}`,
    REQUIRES.test(r.text)
      ? `完全响应：我方承诺${commitment(r.text)}，${measureFor(c, `${r.section} ${r.text}`)}。`
      : `完全响应：我方已掌握“${brief(r.text)}”这一情况并纳入${c.T}的安排，${measureFor(c, `${r.section} ${r.text}`)}。`,
  ]);
  const blocks: Block[] = [
    // the section's title last: the sentence before the table is not the same passage in every section
    { t: 'p', text: `以下 ${c.reqs.length} 项为招标文件中属“${c.T}”范围的需求（注明页码，原文照录）：` },
    { t: 'table', head: ['序号', '招标要求', '我方响应与落实'], rows },
  ];
  return [['招标需求逐条响应', blocks]];
}

export function pointParts(c: Ctx): Part[] {
  if (c.node.mode !== 'ai') return [];
  return [...pointsPart(c), ...requirementsPart(c)];
}
