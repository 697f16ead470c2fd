import type { BidOutlineNode, CardClause, ScoringItem, TenderCard } from '@btz/shared';
import { blockChars, countChars, PLACEHOLDER_RE, toDoc, toText, type Block, type EditorDoc } from './doc.js';
import type { FactSheet } from './facts.js';
import { detectKind, scoringFor, type SectionKind } from './kinds.js';

/**
 * The offline section writer (issue 6 item 2): structured, tender-specific Chinese text for one leaf of the outline, built
 * from the tender card, the global fact sheet and the enterprise facts the user entered — never from invented ones (a
 * missing fact becomes a highlighted 【待填写：…】 placeholder). Deterministic: the wording varies by a hash of the node id,
 * never by chance. The length lands within ±20 % of the target (it aims at ±10 %), trimmed only at sentence ends.
 */

export interface EnterpriseFacts {
  name?: string;
  creditCode?: string;
  legalRep?: string;
  address?: string;
  contacts?: string;
  qualifications?: { name: string; number?: string; expiry?: string }[];
  staff?: { name: string; role: string; title?: string }[];
  projects?: { name: string; client?: string; year?: number | string; amount?: number | string }[];
}

export interface WriteSectionInput {
  card: TenderCard;
  node: BidOutlineNode;
  parentTitles: string[];
  siblingTitles: string[];
  facts: FactSheet;
  enterprise?: EnterpriseFacts;
  targetChars: number;
  bidType: 1 | 2;
}

export interface WriteSectionResult {
  doc: EditorDoc;
  text: string;
  chars: number;
  placeholders: string[];
  kind: SectionKind;
}

/** FNV-1a, for deterministic variation. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const CN_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];
const ph = (what: string) => `【待填写：${what}】`;
/** The ideographic space between fields of a form line. */
const SP = '\u3000';

interface Ctx {
  card: TenderCard;
  node: BidOutlineNode;
  kind: SectionKind;
  T: string;
  P: string;
  N: string;
  B: string;
  E: string;
  parent: string;
  siblings: string[];
  scoring: ScoringItem[];
  crit: string[];
  facts: FactSheet;
  ent: EnterpriseFacts;
  h: number;
  bidType: 1 | 2;
  pick<T>(list: readonly T[], salt?: number): T;
}

/** Criteria fragments worth quoting: "方案完整、先进、可行" from "方案完整、先进、可行，完全满足招标需求得15分". */
function criteriaWords(items: ScoringItem[]): string[] {
  const out: string[] = [];
  for (const s of items)
    for (const frag of s.criteria.split(/[，,；;。\n]/)) {
      const f = frag.replace(/得\s*\d+(\.\d+)?\s*分$/, '').replace(/^(其他|一般|否则)$/, '').trim();
      if (f.length >= 4 && f.length <= 30 && !/不得分|^\d/.test(f) && !out.includes(f)) out.push(f);
    }
  return out;
}

const F = (c: Ctx) => c.facts.facts;

function intro(c: Ctx): Block[] {
  const s = c.scoring[0];
  const opener = c.pick([
    `${c.P}（项目编号：${c.N}）由${c.B}组织采购，本节“${c.T}”`,
    `本节“${c.T}”是${c.E}针对${c.B}${c.P}（项目编号：${c.N}）编制的专项内容，`,
    `为满足${c.B}对${c.P}（${c.N}）的建设要求，本节“${c.T}”`,
  ]);
  const score = s
    ? `对应评分标准中的“${s.item}”${s.points !== null ? `（${s.points} 分）` : ''}，评审要点为：${s.criteria.replace(/[。；;]+$/, '')}。`
    : `在“${c.parent || c.T}”${(c.parent || c.T).endsWith('部分') ? '' : '部分'}中${c.siblings.length ? `与${c.siblings.slice(0, 3).map((x) => `“${x}”`).join('、')}等内容相互衔接、互不重复` : '独立成篇'}。`;
  const tail = s
    ? `${c.T}逐项对照上述评审要点展开，并与全局事实表（工期 ${F(c).duration.value}、质保期 ${F(c).warranty.value}）保持一致。`
    : `${c.T}所引用的工期 ${F(c).duration.value}、质保期 ${F(c).warranty.value}等数值均以全局事实表为准。`;
  return [{ t: 'p', text: `${opener}${score}${tail}` }];
}

const starLine = (c: Ctx, cl: CardClause, mark: string) =>
  `${mark}${cl.text.replace(/[。；;]+$/, '')}——${c.T}完全响应，${c.pick(['具体措施见本节相应条目', '在方案中逐条落实', '实施中作为控制基线'], hash(cl.id))}。`;

function relevantClauses(c: Ctx, re: RegExp): { star: CardClause[]; imp: CardClause[] } {
  return {
    star: c.card.starClauses.filter((x) => re.test(x.text)),
    imp: c.card.importantClauses.filter((x) => re.test(x.text)),
  };
}

function clauseList(c: Ctx, re: RegExp): Block[] {
  const { star, imp } = relevantClauses(c, re);
  const items = [...star.map((x) => starLine(c, x, '★')), ...imp.map((x) => starLine(c, x, '▲'))];
  return items.length ? [{ t: 'ul', items }] : [];
}

// -------------------------------------------------------------------------------------------------------------------
// Section bodies by kind: [heading, blocks][]

type Part = [string, Block[]];

function technical(c: Ctx): Part[] {
  const reqs = clauseList(c, /./);
  return [
    ['需求理解', [
      { t: 'p', text: `围绕“${c.T}”，${c.P}的核心目标是为${c.B}建成稳定、安全、可扩展的业务支撑体系，为此${c.T}对招标文件的采购需求逐条梳理，实质性条款（★）与重要条款（▲）的响应如下：` },
      ...reqs,
    ]],
    ['设计原则', [
      { t: 'ol', items: ['先进性：采用成熟主流技术路线', '可靠性：关键环节冗余设计', '安全性：满足等级保护相关要求', '开放性：标准接口，便于对接', '可扩展性：模块化、可平滑扩容', '国产化：适配国产软硬件环境'] },
    ]],
    ['技术路线与架构', [
      { t: 'p', text: `${c.T}采用分层解耦的总体架构，自下而上分为基础设施层、数据层、支撑层、应用层和展现层，各层之间通过标准接口交互，确保${c.P}后续扩展不影响既有功能。` },
      { t: 'table', head: ['层次', '主要内容', '对应要求'], rows: [
        ['基础设施层', '服务器、存储、网络及安全设备', '稳定可靠'],
        ['数据层', '业务库、数据仓库、文件存储', '国产数据库适配'],
        ['支撑层', '统一认证、消息、日志、接口网关', '标准开放'],
        ['应用层', `${c.P}各业务功能模块`, '满足采购需求'],
        ['展现层', 'B/S 门户、大屏、移动端', '易用高效'],
      ] },
    ]],
    ['关键指标保障', [
      { t: 'p', text: `针对${c.T}涉及的性能与安全指标，我方在设计阶段即建立指标台账，由项目经理（${F(c).managerTitle.value}）组织评审，在联调测试阶段逐项实测并形成测试报告，提交${c.B}确认。` },
    ]],
  ];
}

function implementation(c: Ctx): Part[] {
  const m = c.facts.milestones;
  return [
    ['实施目标', [
      { t: 'p', text: `${c.E}将在合同签订后 ${F(c).duration.value}内完成${c.P}的${c.T}相关工作，并按${c.B}要求完成上线试运行（试运行期 ${F(c).trialRun.value}）。` },
      ...clauseList(c, /交付|工期|上线|部署|完成/),
    ]],
    ['组织与分工', [
      { t: 'p', text: `${c.T}由项目经理统一指挥，项目组共 ${F(c).teamSize.value}，下设需求设计组、开发集成组、测试质量组和实施运维组，与${c.B}指定的项目联系人建立周例会与专题会机制。` },
      { t: 'ul', items: ['需求设计组：调研、方案深化、接口设计', '开发集成组：功能开发、系统集成、数据迁移', '测试质量组：测试计划、缺陷管理、质量评审', '实施运维组：部署上线、培训、运维交接'] },
    ]],
    ['实施步骤', [
      { t: 'ol', items: m.map((x) => `${x.name}（第 ${x.from}–${x.to} 天）：提交${x.deliverable}`) },
    ]],
    ['验收与交付', [
      { t: 'p', text: `${c.T}完成后，我方按${c.B}的验收程序提交全部交付文档，经初验、试运行（${F(c).trialRun.value}）和终验三个环节，终验合格之日起进入 ${F(c).warranty.value}质保期。` },
    ]],
  ];
}

function schedule(c: Ctx): Part[] {
  const m = c.facts.milestones;
  const d = F(c).duration;
  return [
    ['工期目标', [
      { t: 'p', text: `${c.P}总工期为合同签订后 **${d.value}**${d.source ? `（招标文件要求：${d.source.replace(/[。；;]+$/, '')}）` : ''}。${c.T}按五个阶段倒排计划，关键节点设置里程碑并由${c.B}确认。` },
      ...clauseList(c, /交付|工期|上线|完成|日内|天内/),
    ]],
    ['里程碑计划', [
      { t: 'table', head: ['阶段', '起止时间（合同签订后）', '主要交付物'], rows: m.map((x) => [x.name, `第 ${x.from}–${x.to} 天`, x.deliverable]) },
    ]],
    ['进度保障措施', [
      { t: 'ol', items: ['周计划、周报告、周例会', '关键路径识别与每日跟踪', '资源预留，关键岗位 A/B 角', '偏差超过 3 天即启动纠偏'] },
      { t: 'p', text: `如遇${c.B}需求调整等不可控因素，${c.T}所列计划将以书面变更形式调整，确保总工期 ${d.value}不突破。` },
    ]],
  ];
}

function quality(c: Ctx): Part[] {
  return [
    ['质量目标', [
      { t: 'p', text: `${c.P}的质量目标为：一次验收合格率 100%，${c.B}满意度不低于 95%，${c.T}所涉交付物全部符合招标文件及国家相关标准。` },
      ...clauseList(c, /测评|标准|规范|质量|等级保护/),
    ]],
    ['质量管理体系', [
      { t: 'p', text: `我方以项目经理为质量第一责任人，设专职质量负责人，按“计划—执行—检查—改进”循环管理${c.T}，质量管理体系认证情况以企业资质章节所附证书为准。` },
    ]],
    ['质量控制点', [
      { t: 'table', head: ['阶段', '控制点', '控制方式'], rows: c.facts.milestones.map((x, i) => [x.name, ['需求确认单签字', '设计方案评审', '代码评审与单元测试', '集成测试与用户测试', '上线检查与初验'][i] ?? '阶段评审', i % 2 ? '评审会' : '检查表']) },
    ]],
    ['质量问题处理', [
      { t: 'ol', items: ['发现：测试与巡检记录缺陷', '分析：定位原因并评估影响', '整改：限期整改并回归验证', '预防：纳入检查表防止复发'] },
    ]],
  ];
}

function safety(c: Ctx): Part[] {
  return [
    ['安全管理目标', [
      { t: 'p', text: `${c.P}实施期间杜绝安全责任事故与数据泄露事件，${c.T}覆盖人员安全、设备安全、数据安全和现场文明四个方面，并服从${c.B}的现场管理规定。` },
    ]],
    ['安全保障措施', [
      { t: 'ol', items: ['进场人员安全教育与保密承诺', '现场作业审批与专人监护', '数据分级管理、最小授权', '变更操作双人复核与备份', '施工现场整洁有序、工完场清'] },
      ...clauseList(c, /安全|等级保护|保密/),
    ]],
    ['检查与考核', [
      { t: 'p', text: `项目组每周开展一次${c.T}检查，检查结果记入项目周报并报${c.B}，发现隐患立即整改，整改完成前暂停相关作业。` },
    ]],
  ];
}

function staffRows(c: Ctx): string[][] {
  const staff = c.ent.staff ?? [];
  const roles = ['项目经理', '技术负责人', '质量负责人', '实施工程师', '运维工程师'];
  if (staff.length) return staff.map((s) => [s.role, s.name, s.title ?? ph(`${s.name}职称/证书`), '全程']);
  return roles.map((r) => [r, ph(`${r}姓名`), r === '项目经理' ? ph(`项目经理职称（招标要求：${F(c).managerTitle.value}）`) : ph(`${r}职称/证书`), '全程']);
}

function staffing(c: Ctx): Part[] {
  const pm = (c.ent.staff ?? []).find((s) => /项目经理/.test(s.role));
  return [
    ['团队配置', [
      { t: 'p', text: `${c.E}为${c.P}组建专职项目组，共 **${F(c).teamSize.value}**，项目经理具备${F(c).managerTitle.value}职称，${c.T}中所列人员均为本单位在职人员，未经${c.B}同意不予更换。` },
      { t: 'table', head: ['岗位', '姓名', '职称/证书', '在岗时间'], rows: staffRows(c) },
    ]],
    ['项目经理', [
      { t: 'p', text: pm ? `项目经理由 **${pm.name}** 担任${pm.title ? `（${pm.title}）` : ''}，在${c.T}中全面负责进度、质量、安全与沟通协调。` : `项目经理由 ${ph('项目经理姓名')} 担任（职称：${ph('项目经理职称及证书编号')}），在${c.T}中全面负责进度、质量、安全与沟通协调。` },
    ]],
    ['职责分工', [
      { t: 'ul', items: ['项目经理：计划、协调、风险与对外沟通', '技术负责人：方案设计与技术决策', '质量负责人：质量计划与验收组织', '实施工程师：部署、联调与培训', '运维工程师：上线保障与售后服务'] },
    ]],
    ['人员稳定性', [
      { t: 'p', text: `${c.T}所列关键岗位实行 A/B 角制度，确需更换的，提前 7 日书面报${c.B}批准，且替换人员资历不低于原人员。` },
    ]],
  ];
}

function aftersales(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务承诺', [
      { t: 'p', text: `按${c.T}的安排，${c.P}终验合格后提供 **${f.warranty.value}**免费质保，服务时间 ${f.serviceHours.value}，接到${c.B}报修后 **${f.response.value}**内响应、${f.onsite.value}内到场、${f.resolve.value}内修复。` },
      ...clauseList(c, /运维|服务|质保|响应/),
    ]],
    ['服务响应标准', [
      { t: 'table', head: ['故障级别', '判定标准', '响应时间', '到场时间', '修复时间'], rows: [
        ['一级（紧急）', '系统整体不可用', f.response.value, f.onsite.value, f.resolve.value],
        ['二级（严重）', '核心功能受影响', f.response.value, f.onsite.value, f.resolve.value],
        ['三级（一般）', '非核心功能异常', f.response.value, '按需', '下一版本'],
      ] },
    ]],
    ['服务体系', [
      { t: 'ul', items: [`服务热线：${c.ent.contacts ?? ph('服务热线电话')}`, `服务网点：${c.ent.address ?? ph('本地服务网点地址')}`, '远程支持：工单系统、远程桌面', '定期巡检：每季度一次并出具报告'] },
    ]],
    ['运维保障', [
      { t: 'p', text: `${c.T}期间，我方建立${c.P}运维档案，记录每次故障、处理过程与结果，每季度向${c.B}提交运维报告，质保期满前进行一次全面健康检查。` },
    ]],
  ];
}

function emergency(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['应急组织', [
      { t: 'p', text: `${c.E}成立${c.P}应急领导小组，由项目经理任组长，下设技术处置组、后勤保障组和信息联络组，${c.T}明确各组职责与联络方式。` },
    ]],
    ['风险分级', [
      { t: 'table', head: ['级别', '典型事件', '响应要求'], rows: [
        ['Ⅰ级', '系统全面瘫痪、数据丢失', `${f.response.value}内响应，立即到场`],
        ['Ⅱ级', '核心业务中断', `${f.response.value}内响应，${f.onsite.value}内到场`],
        ['Ⅲ级', '局部功能异常', '当日处理'],
        ['Ⅳ级', '一般咨询与告警', '按工单处理'],
      ] },
    ]],
    ['应急响应流程', [
      { t: 'ol', items: ['监测预警与事件上报', '分级研判与启动预案', '现场处置与业务恢复', '原因分析与整改', '总结报告与预案修订'] },
    ]],
    ['应急保障', [
      { t: 'p', text: `${c.T}配备备用设备、数据备份与应急联络清单，每半年组织一次演练，演练记录报${c.B}备案。` },
    ]],
  ];
}

function commitment(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务承诺', [
      { t: 'ol', items: [
        `工期：合同签订后 ${f.duration.value}内完成交付`,
        `质保：终验合格后免费质保 ${f.warranty.value}`,
        `响应：${f.serviceHours.value}服务，${f.response.value}内响应`,
        `到场：${f.onsite.value}内到达现场`,
        `团队：项目组 ${f.teamSize.value}，关键人员不随意更换`,
        `培训：${f.trainingSessions.value}，直至操作人员熟练掌握`,
      ] },
      ...clauseList(c, /./),
    ]],
    ['承诺保障', [
      { t: 'p', text: `上述承诺是${c.E}对${c.B}的正式承诺，${c.T}内容与投标文件其他章节一致；如未兑现，我方接受合同约定的违约责任。` },
    ]],
  ];
}

function training(c: Ctx): Part[] {
  return [
    ['培训目标', [
      { t: 'p', text: `${c.T}的目标是使${c.B}的管理人员、业务操作人员和系统管理员熟练掌握${c.P}的使用与维护，培训共 ${F(c).trainingSessions.value}，考核合格率 100%。` },
    ]],
    ['课程安排', [
      { t: 'table', head: ['对象', '课程内容', '方式', '课时'], rows: [
        ['管理人员', '平台总体功能与管理驾驶舱', '集中授课', '4'],
        ['业务操作人员', '各业务模块操作', '上机实操', '8'],
        ['系统管理员', '部署、配置、备份与故障排查', '现场带教', '12'],
      ] },
    ]],
    ['培训保障', [
      { t: 'ul', items: ['讲师：由项目实施骨干担任', '教材：操作手册、维护手册、视频', '考核：笔试与上机操作', '持续：质保期内免费复训'] },
    ]],
  ];
}

function performance(c: Ctx): Part[] {
  const projects = c.ent.projects ?? [];
  const rows = projects.length
    ? projects.map((p, i) => [String(i + 1), p.name, p.client ?? ph('委托单位'), p.year !== undefined ? String(p.year) : ph('签订年份'), p.amount !== undefined ? String(p.amount) : ph('合同金额')])
    : [1, 2, 3].map((i) => [String(i), ph(`类似项目名称${i}`), ph('委托单位'), ph('签订年份'), ph('合同金额')]);
  return [
    ['业绩概况', [
      { t: 'p', text: projects.length
        ? `${c.T}：${c.E}近年承担了 ${projects.length} 个与${c.P}类似的项目，详见下表，合同及验收证明附后。`
        : `${c.T}：${c.E}与${c.P}类似的项目业绩列于下表，请按评分要求填写并附合同关键页及验收证明（不得虚构）。` },
      { t: 'table', head: ['序号', '项目名称', '委托单位', '年份', '合同金额'], rows },
    ]],
    ['证明材料', [
      { t: 'ul', items: ['中标通知书或合同关键页复印件', '项目验收报告或用户证明', '用户评价或回访记录'] },
    ]],
  ];
}

function qualification(c: Ctx): Part[] {
  const quals = c.ent.qualifications ?? [];
  const wanted = [...new Set(c.scoring.flatMap((s) => s.criteria.match(/(ISO\s?\d+[^，,；;。得]*?认证|[^，,；;。]{2,12}资质)/g) ?? []))];
  const rows: string[][] = quals.map((q) => [q.name, q.number ?? ph(`${q.name}证书编号`), q.expiry ?? ph(`${q.name}有效期`)]);
  for (const w of wanted) {
    const key = w.replace(/\s/g, '').slice(0, 9);
    if (!quals.some((q) => q.name.replace(/\s/g, '').includes(key))) rows.push([w, ph(`${w}证书编号`), ph(`${w}有效期`)]);
  }
  if (!rows.length) rows.push([ph('资质证书名称'), ph('证书编号'), ph('有效期')]);
  return [
    ['资质情况', [
      { t: 'p', text: `${c.T}：${c.E}（统一社会信用代码：${c.ent.creditCode ?? ph('统一社会信用代码')}）具备承担${c.P}所需的资质，证书清单如下，复印件加盖公章附后。` },
      { t: 'table', head: ['证书名称', '证书编号', '有效期'], rows },
    ]],
    ['说明', [
      { t: 'p', text: `以上证书均在有效期内，${c.T}所附复印件与原件一致，${c.B}可随时查验原件。` },
    ]],
  ];
}

function honor(c: Ctx): Part[] {
  return [
    ['荣誉与信用', [
      { t: 'p', text: `${c.E}依法经营、诚实守信，${c.T}所列荣誉与信用记录均以证书及官方查询结果为准，未获得的不予列出。` },
      { t: 'table', head: ['序号', '荣誉/信用名称', '授予单位', '获得时间'], rows: [1, 2].map((i) => [String(i), ph(`荣誉名称${i}`), ph('授予单位'), ph('获得时间')]) },
      { t: 'p', text: `“信用中国”及“中国政府采购网”查询截图：${ph('查询日期及截图')}。` },
    ]],
  ];
}

function bidLetter(c: Ctx): Part[] {
  return [
    ['投标函', [
      { t: 'p', text: `致：${c.B}` },
      { t: 'p', text: `我方已仔细研究了${c.P}（项目编号：**${c.N}**）招标文件的全部内容，愿意以人民币（大写）${ph('投标总价（大写）')}（¥${ph('投标总价（小写）')}）的投标报价参加投标，并按招标文件要求完成全部工作。` },
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

function authorization(c: Ctx): Part[] {
  return [
    ['法定代表人授权书', [
      { t: 'p', text: `致：${c.B}` },
      { t: 'p', text: `本授权书声明：${c.E}的法定代表人 ${c.ent.legalRep ?? ph('法定代表人姓名')} 授权 ${ph('被授权人姓名')}（身份证号：${ph('被授权人身份证号')}）为我方合法代理人，以我方名义参加${c.P}（项目编号：${c.N}）的投标活动，签署投标文件、进行澄清并处理与之有关的一切事务。` },
      { t: 'p', text: `代理人无转委托权。授权期限：自${ph('授权起始日期')}至本项目合同签订之日止。` },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}法定代表人（签字）：${ph('法定代表人签字')}${SP}日期：${ph('日期')}` },
    ]],
  ];
}

function priceSummary(c: Ctx): Part[] {
  return [
    ['开标一览表', [
      { t: 'p', text: `${c.T}（${c.P}，项目编号：${c.N}，采购人：${c.B}）。` },
      { t: 'table', head: ['项目名称', '投标总价（元）', '交付期限', '质保期'], rows: [[c.P, ph('投标总价'), `合同签订后 ${F(c).duration.value}`, F(c).warranty.value]] },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}日期：${ph('日期')}` },
    ]],
  ];
}

function priceDetail(c: Ctx): Part[] {
  const items = ['软件开发', '硬件设备及集成', '实施服务', '培训服务', `运维服务（${F(c).warranty.value}）`];
  return [
    ['分项报价表', [
      { t: 'p', text: `${c.T}（${c.P}，项目编号：${c.N}）。` },
      { t: 'table', head: ['序号', '分项名称', '数量', '单价（元）', '合价（元）'], rows: items.map((x, i) => [String(i + 1), x, '1 项', ph('单价'), ph('合价')]) },
      { t: 'p', text: `合计：${ph('投标总价')}。报价不超过最高限价${c.card.ceilingPrice ? `（${c.card.ceilingPrice.text}）` : ''}。` },
    ]],
  ];
}

function qualificationForm(c: Ctx): Part[] {
  const q = c.card.qualifications.find((x) => x.text.includes(c.T) || c.T.includes(x.text.slice(0, 12)));
  const req = q?.text ?? c.T;
  const license = /营业执照|民事责任/.test(req);
  const cert = /资质|证书|认证|ITSS/.test(req);
  const matched = cert ? (c.ent.qualifications ?? []).find((x) => req.includes(x.name) || x.name.split(/[（(]/)[0]!.length > 1 && req.includes(x.name.split(/[（(]/)[0]!)) : undefined;
  const evidence: string[] = license
    ? [`营业执照副本复印件（统一社会信用代码：${c.ent.creditCode ?? ph('统一社会信用代码')}）`]
    : cert
      ? [matched ? `${matched.name}（证书编号：${matched.number ?? ph('证书编号')}，有效期至：${matched.expiry ?? ph('有效期')}）` : `${ph(`${req.split(/[，,。；;]/)[0]!.replace(/^(具备|具有|取得)/, '').replace(/及以上$/, '')}证书名称及编号`)}，有效期至：${ph('有效期')}`]
      : [`${ph(`${c.T}的证明材料`)}`];
  return [
    ['资格条件响应', [
      { t: 'p', text: `致：${c.B}` },
      { t: 'p', text: `${c.P}（项目编号：${c.N}）资格证明——${c.T}。` },
      { t: 'p', text: `招标文件要求：${req.replace(/[。；;]+$/, '')}。` },
      { t: 'p', text: `响应：${c.E}满足上述资格要求，证明材料如下（复印件加盖公章）：` },
      { t: 'ul', items: evidence },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}日期：${ph('日期')}` },
    ]],
  ];
}

function generic(c: Ctx): Part[] {
  return [
    ['概述', [
      { t: 'p', text: `${c.T}是${c.E}为${c.P}编制的投标内容之一，按${c.B}招标文件的要求逐项说明如下。` },
      ...clauseList(c, /./),
    ]],
  ];
}

const BODIES: Record<SectionKind, (c: Ctx) => Part[]> = {
  technical, implementation, schedule, quality, safety, staffing, aftersales, emergency, commitment, training,
  performance, qualification, honor, bidLetter, authorization, priceSummary, priceDetail, qualificationForm, generic,
  deviation: () => [],
};

// -------------------------------------------------------------------------------------------------------------------
// Response table (偏离表): one row per ★ / ▲ requirement.

const COMMERCIAL = /交付|交货|工期|付款|质保|保修|售后|运维|服务|报价|合同|保证金|有效期/;

function deviationRows(c: Ctx): { mark: string; clause: CardClause }[] {
  const all = [...c.card.starClauses.map((clause) => ({ mark: '★', clause })), ...c.card.importantClauses.map((clause) => ({ mark: '▲', clause }))];
  if (c.node.clauseIds?.length) return all.filter((x) => c.node.clauseIds!.includes(x.clause.id));
  if (/商务/.test(c.T) || c.node.kind === '商务') {
    const com = all.filter((x) => COMMERCIAL.test(x.clause.text));
    if (com.length) return com;
  }
  return all;
}

function responseFor(c: Ctx, text: string): string {
  const f = F(c);
  if (/交付|交货|工期|日内|天内/.test(text)) return `合同签订后 ${f.duration.value}内完成并上线试运行`;
  if (/质保|保修|运维/.test(text)) return `终验合格后免费质保 ${f.warranty.value}，${f.serviceHours.value}服务`;
  if (/响应时间.*(小时|分钟)/.test(text)) return `${f.response.value}内响应，${f.onsite.value}内到场`;
  return `完全满足：${text.replace(/^[^，,：:]*?须/, '').replace(/[。；;]+$/, '')}`;
}

function deviation(c: Ctx): Part[] {
  const rows = deviationRows(c);
  return [
    [c.T, [
      { t: 'p', text: `${c.T}（项目名称：${c.P}，项目编号：${c.N}，采购人：${c.B}）。` },
      { t: 'p', text: `${c.E}对招标文件中的★实质性条款和▲重要条款逐条响应如下（共 ${rows.length} 条）：` },
      { t: 'table', head: ['序号', '招标要求', '投标响应', '偏离情况', '说明'], rows: rows.map((r, i) => [String(i + 1), `${r.mark}${r.clause.text.replace(/[。；;]+$/, '')}`, responseFor(c, r.clause.text), '无偏离', `见招标文件第 ${r.clause.source.page} 页`]) },
      { t: 'p', text: `投标人：${c.E}（盖单位公章）${SP}日期：${ph('日期')}` },
    ]],
  ];
}
BODIES.deviation = deviation;

// -------------------------------------------------------------------------------------------------------------------
// Expansion: tender-specific paragraphs, each sentence naming the section so that no two sections share a sentence.

const ASPECTS: Partial<Record<SectionKind, string[]>> = {
  technical: ['需求覆盖', '架构分层', '接口标准', '数据治理', '性能保障', '国产化适配', '安全防护', '可扩展设计', '运行监控', '容灾备份'],
  implementation: ['启动准备', '现场调研', '环境准备', '部署实施', '数据迁移', '联调测试', '上线切换', '文档交付', '风险控制', '沟通协调'],
  schedule: ['计划编制', '关键路径', '进度监控', '资源保障', '纠偏机制', '节点确认', '并行作业', '进度报告'],
  quality: ['质量策划', '过程检查', '评审机制', '测试管理', '缺陷跟踪', '文档质量', '验收准备', '持续改进'],
  safety: ['安全教育', '现场管理', '数据保密', '操作规范', '隐患排查', '文明作业', '设备防护'],
  staffing: ['岗位设置', '人员选派', '能力要求', '考勤管理', '绩效考核', '知识共享', '后备人员', '沟通机制'],
  aftersales: ['报修受理', '远程诊断', '现场处理', '定期巡检', '版本升级', '备品备件', '服务回访', '运维报告'],
  emergency: ['预警监测', '分级响应', '现场处置', '数据恢复', '通报机制', '应急演练', '资源储备', '事后评估'],
  commitment: ['工期兑现', '质保兑现', '响应兑现', '人员兑现', '培训兑现', '文档兑现', '保密兑现'],
  training: ['需求调研', '课程设计', '讲师安排', '实操演练', '考核评估', '资料交付', '复训安排'],
  performance: ['业绩相关性', '证明材料', '用户评价', '经验复用'],
  qualification: ['证书有效性', '原件备查', '资质匹配'],
  honor: ['信用查询', '荣誉证明', '守法经营'],
};
/** Aspects every written section can add once its own are used up. */
const COMMON_ASPECTS = ['组织保障', '制度保障', '资源保障', '沟通汇报', '文档管理', '风险预防', '考核评价', '信息化手段', '持续改进', '经验总结', '协同配合', '监督检查'];

const ACTIONS = [
  '明确责任人、完成标准和检查时点',
  '形成书面记录并纳入项目文档管理',
  '在周例会上通报执行情况',
  '与相关章节的安排逐项衔接',
  '按阶段设置检查点并留存证据',
  '对照招标文件要求进行自查',
  '编制专项工作清单逐条销项',
  '发现偏差及时纠正并复核',
];

/** Commercial sections (业绩、资质、荣誉) are about evidence, not work: their own verbs. */
const EVIDENCE_ACTIONS = [
  '提供证书或合同复印件并加盖公章',
  '注明原件存放地点以备核验',
  '与资格证明文件保持一致',
  '按评分标准逐项对应编排',
  '标注有效期并在递交前复核',
  '以官方查询结果截图为准',
  '不列示无法提供证明的内容',
  '按时间顺序编排便于评审查阅',
];
const EVIDENCE_KINDS: SectionKind[] = ['performance', 'qualification', 'honor'];

/** The ★/▲ clauses a kind of section may cite. */
const CLAUSE_FOCUS: Partial<Record<SectionKind, RegExp>> = {
  technical: /./,
  implementation: /交付|部署|上线|完成|架构|测评/,
  schedule: /交付|工期|日内|天内|上线/,
  quality: /测评|标准|响应时间|不少于|不大于|规范/,
  safety: /安全|等级保护|保密/,
  aftersales: /运维|服务|质保|保修|响应[^。；]*(小时|分钟)/,
  emergency: /安全|等级保护|运维/,
  commitment: /./,
};

/** Concrete practices by kind, quoted in the expansion. */
const PRACTICES: Partial<Record<SectionKind, string[]>> = {
  technical: ['接口统一采用 RESTful 规范并提供接口文档', '核心服务无状态部署，支持横向扩展', '关键数据每日增量、每周全量备份', '性能指标纳入压力测试用例', '日志、指标、链路统一接入监控平台'],
  implementation: ['每个阶段结束召开阶段评审会', '上线前完成回退方案演练', '数据迁移前后逐表核对记录数', '现场实施日志每日更新'],
  schedule: ['甘特图每周更新并标注关键路径', '节点延误超过 3 天启动纠偏', '里程碑完成后提交阶段确认单', '并行任务提前预留资源'],
  quality: ['交付物实行编写、审核、批准三级签署', '缺陷按严重程度分级并限期关闭', '测试用例覆盖全部需求条目', '每月开展一次内部质量审计'],
  safety: ['进场人员签署保密承诺书', '生产环境操作实行双人复核', '敏感数据脱敏后方可用于测试', '每日收工前清理作业现场'],
  staffing: ['关键岗位实行 A/B 角', '人员变更提前书面报批', '每月开展一次内部技术分享', '考勤与工作日志每周汇总'],
  aftersales: ['报修统一纳入工单系统闭环管理', '每季度上门巡检并出具报告', '重大版本升级前提交升级方案', '每次服务后进行满意度回访'],
  emergency: ['应急联络清单每季度更新', '备份数据定期恢复演练', '事件处置后 24 小时内提交报告', '每半年组织一次应急演练'],
  commitment: ['承诺事项逐条纳入合同附件', '承诺兑现情况按季度报告', '未兑现事项接受违约约定'],
  training: ['课前发放教材并调研学员基础', '实操环境与生产环境一致', '培训后笔试与上机考核', '质保期内提供免费复训'],
  performance: ['业绩以合同和验收证明为准', '证明材料复印件加盖公章', '原件备查'],
  qualification: ['证书在有效期内', '复印件加盖公章', '原件备查'],
  honor: ['以官方查询结果为准', '证书复印件加盖公章', '未获得的荣誉不予列出'],
};

const FORM_NOTES: [string, string][] = [
  ['填写要求', '所有标注“待填写”的内容须在递交前补全，不得留空'],
  ['金额填写', '金额大小写一致，以大写为准'],
  ['签章要求', '须由法定代表人或授权代表签字并加盖单位公章'],
  ['数值一致性', '所填数值与开标一览表、分项报价表及其他章节保持一致'],
  ['格式要求', '不得修改格式中的固定文字，不得增删栏目'],
  ['附件要求', '复印件须清晰可辨并逐页加盖公章'],
  ['装订要求', '按招标文件要求的正副本份数装订成册'],
  ['电子版', '电子版内容与纸质正本一致，如有不一致以正本为准'],
  ['原件备查', '原件备查，评标委员会可随时要求核验'],
  ['日期填写', '日期统一填写投标文件递交前的签署日期'],
  ['涂改', '不得涂改，确需修改的在修改处加盖公章'],
  ['有效期', '证明文件须在投标截止之日处于有效期内'],
  ['报价口径', '报价包含完成本项目全部工作所需的一切费用，招标文件未列明的费用视为已含在报价中'],
  ['币种', '报价以人民币计，保留两位小数'],
  ['唯一报价', '只允许有一个报价，有选择的报价将被拒绝'],
  ['最高限价', '投标报价不得超过招标文件规定的最高限价'],
  ['交付期限', '交付期限按招标文件实质性条款填写，不得低于其要求'],
  ['授权代表', '由授权代表签字的，须同时附法定代表人授权书'],
  ['身份证明', '法定代表人及授权代表身份证复印件正反面附后'],
  ['递交', '在投标截止时间前递交，逾期送达的投标文件不予受理'],
];

function expansion(c: Ctx): string[][] {
  const paras: string[][] = [];
  const used = new Set<string>();
  const push = (ss: string[]) => {
    const fresh = ss.filter((x) => !used.has(x));
    fresh.forEach((x) => used.add(x));
    if (fresh.length) paras.push(fresh);
  };
  if (c.node.mode !== 'ai') {
    FORM_NOTES.forEach(([a, note], k) =>
      push([c.pick([`${c.T}的${a}：${note}。`, `关于${c.T}的${a}，${note}。`, `${c.T}（${a}）：${note}。`], k)]),
    );
    return paras;
  }
  const own = ASPECTS[c.kind] ?? ASPECTS.technical!;
  const aspects = [...own, ...COMMON_ASPECTS.filter((a) => !own.includes(a))];
  const crit = c.crit;
  const focusRe = CLAUSE_FOCUS[c.kind];
  const clauses = focusRe
    ? [...c.card.starClauses, ...c.card.importantClauses].filter((x) => focusRe.test(x.text)).map((x) => x.text.replace(/[。；;]+$/, ''))
    : [];
  const practices = PRACTICES[c.kind] ?? PRACTICES.technical!;
  const f = F(c);
  const bits: Record<string, string> = {
    duration: `工期 ${f.duration.value}`,
    warranty: `质保期 ${f.warranty.value}`,
    response: `${f.response.value}响应`,
    team: `项目组 ${f.teamSize.value}`,
    hours: `${f.serviceHours.value}服务`,
    trial: `试运行期 ${f.trialRun.value}`,
    training: `培训${f.trainingSessions.value}`,
  };
  const FACTS_BY_KIND: Partial<Record<SectionKind, string[]>> = {
    schedule: ['duration', 'trial'],
    implementation: ['duration', 'trial', 'team'],
    quality: ['duration', 'trial'],
    staffing: ['team'],
    aftersales: ['warranty', 'response', 'hours'],
    emergency: ['response', 'hours'],
    training: ['training', 'trial'],
    safety: ['duration', 'team'],
  };
  const factBits = (FACTS_BY_KIND[c.kind] ?? Object.keys(bits)).map((k) => bits[k]!);
  const usedPractices = new Set<string>();
  const n = aspects.length;
  const start = c.h % n;
  for (let k = 0; k < n * ACTIONS.length * 2; k++) {
    const a = aspects[(start + k) % n]!;
    const evidence = EVIDENCE_KINDS.includes(c.kind);
    const acts = evidence ? EVIDENCE_ACTIONS : ACTIONS;
    const act = acts[(c.h + (k % n) * 3 + Math.floor(k / n)) % acts.length]!;
    const cr = crit.length ? crit[k % crit.length]! : '';
    const fb = factBits[(c.h + k) % factBits.length]!;
    const pr = practices[(c.h + k) % practices.length]!;
    const prFresh = !usedPractices.has(pr);
    const round = Math.floor(k / n);
    const s1 = c.pick(
      [
        cr
          ? `在${c.T}的“${a}”环节，${c.E}将${act}，确保满足${c.B}在评分标准中提出的“${cr}”。`
          : `在${c.T}的“${a}”环节，${c.E}将${act}，确保${c.P}按${c.B}的要求推进。`,
        cr
          ? `就${c.T}中的${a}而言，我方${act}，使该项工作与“${cr}”这一评审要点一一对应。`
          : `就${c.T}中的${a}而言，我方${act}，使该项工作可检查、可追溯。`,
        evidence
          ? `围绕${c.T}的${a}，我方${act}，供${c.B}评审时逐项核对。`
          : `围绕${c.T}的${a}，项目组${act}，并以${fb}作为统一口径向${c.B}报告。`,
        evidence
          ? `${c.T}的${a}以能够证明的事实为限，${act}，与${c.P}的评分要求对应。`
          : `${c.T}的${a}工作以${c.P}的实际需求为出发点，${act}，不以通用模板代替现场情况。`,
        evidence
          ? `${c.T}中关于${a}的内容，我方${act}，并在目录中标注页码，方便${c.B}评审。`
          : `为保证${c.T}的${a}落到实处，${c.E}${act}，结果纳入${c.P}的项目周报。`,
        `${c.T}的${a}由专人负责，${act}，如${c.B}提出调整意见，我方在 2 个工作日内书面回复。`,
      ],
      (k % n) + round * 5,
    );
    const cl = clauses.length && !evidence ? clauses[(c.h + k) % clauses.length]! : '';
    const s2 =
      cl && k % 2 === 0
        ? c.pick([`该环节同时落实“${cl}”这一要求，相关记录在${c.T}中归档。`, `${c.T}的${a}与“${cl}”的响应保持一致，执行结果由${c.B}确认。`], k * 7 + round)
        : prFresh
          ? c.pick([`${c.T}的${a}具体做法是：${pr}。`, `在${a}方面，${c.T}坚持${pr}。`], k * 5 + round)
          : '';
    if (s2 && !cl) usedPractices.add(pr);
    push(k % 3 === 2 || !s2 ? [s1] : [s1, s2]);
  }
  return paras;
}

// -------------------------------------------------------------------------------------------------------------------

function splitSentences(s: string): string[] {
  return s.match(/[^。！？；]+[。！？；]?/g) ?? [s];
}

function fit(parts: Part[], c: Ctx, target: number): Block[] {
  const build = (ps: Part[]): Block[] => {
    const blocks: Block[] = c.node.mode === 'ai' ? intro(c) : [];
    ps.forEach(([h, bs], i) => {
      if (c.node.mode === 'ai' || ps.length > 1) blocks.push({ t: 'h', level: 3, text: `${CN_NUM[i] ?? i + 1}、${h}` });
      blocks.push(...bs);
    });
    return blocks;
  };
  const total = (ps: Part[]) => build(ps).reduce((n, b) => n + blockChars(b), 0);
  const lo = target * 0.92;
  const hi = target * 1.1;
  let cur = total(parts);

  if (cur < lo) {
    const pool = expansion(c);
    const extra: Block[][] = parts.map(() => []);
    let i = 0;
    for (const sentences of pool) {
      if (cur >= lo) break;
      const kept: string[] = [];
      for (const s of sentences) {
        const add = countChars(s);
        if (cur + add > hi) break;
        kept.push(s);
        cur += add;
      }
      if (!kept.length) continue;
      extra[i % parts.length]!.push({ t: 'p', text: kept.join('') });
      i++;
    }
    parts = parts.map(([h, bs], j) => [h, [...bs, ...extra[j]!]]);
  } else if (cur > hi) {
    // Trim from the end: later sentences of paragraphs, then list items beyond two; tables (the rows a form or a
    // response table must keep) are left alone.
    const ps: Part[] = parts.map(([h, bs]) => [h, bs.map((b) => ({ ...b }) as Block)]);
    outer: for (let pi = ps.length - 1; pi >= 0; pi--) {
      const bs = ps[pi]![1];
      for (let bi = bs.length - 1; bi >= 0; bi--) {
        const b = bs[bi]!;
        if (b.t === 'p') {
          const ss = splitSentences(b.text);
          while (ss.length > 1 && total(ps) > hi) {
            ss.pop();
            bs[bi] = { t: 'p', text: ss.join('') };
          }
        } else if (b.t === 'ul' || b.t === 'ol') {
          const items = [...b.items];
          while (items.length > 2 && total(ps) > hi) {
            items.pop();
            bs[bi] = { ...b, items };
          }
        }
        if (total(ps) <= hi) break outer;
      }
    }
    parts = ps;
  }
  return build(parts);
}

/**
 * Sections with several siblings (需求理解 / 总体设计 / 系统架构 … under 技术方案) would otherwise all open with the same
 * parts: each keeps the parts its title names plus two chosen by its position, and the expansion fills the rest.
 */
function focus(parts: Part[], c: Ctx): Part[] {
  if (c.node.mode !== 'ai' || c.siblings.length < 2 || parts.length < 3) return parts;
  const n = parts.length;
  const i = typeof c.node.index === 'number' ? c.node.index : c.h;
  const keep = new Set([i % n, (i + 1) % n]);
  parts.forEach(([h], j) => {
    if ([...h.replace(/与|及|和/g, '')].filter((ch) => c.T.includes(ch)).length >= 2) keep.add(j);
  });
  return parts.filter((_, j) => keep.has(j));
}

export function writeSectionOffline(input: WriteSectionInput): WriteSectionResult {
  const { card, node, parentTitles, siblingTitles, facts, targetChars, bidType } = input;
  const ent = input.enterprise ?? {};
  const scoring = scoringFor(card, node, parentTitles);
  const kind = detectKind(node, parentTitles, scoring);
  const h = hash(node.id);
  const c: Ctx = {
    card,
    node,
    kind,
    T: node.title,
    P: card.projectName?.value ?? ph('项目名称'),
    N: card.projectNumber?.value ?? ph('项目编号'),
    B: card.purchaser?.value ?? ph('采购人'),
    E: ent.name ?? ph('投标人名称'),
    parent: parentTitles[parentTitles.length - 1] ?? '',
    siblings: siblingTitles.filter((t) => t !== node.title),
    scoring,
    crit: criteriaWords(scoring),
    facts,
    ent,
    h,
    bidType,
    pick: <T>(list: readonly T[], salt = 0) => list[(h + salt) % list.length]!,
  };
  const blocks = fit(focus(BODIES[kind](c), c), c, Math.max(200, targetChars));
  const text = toText(blocks);
  const placeholders = [...new Set(text.match(PLACEHOLDER_RE) ?? [])];
  return { doc: toDoc(blocks), text, chars: countChars(text), placeholders, kind };
}
