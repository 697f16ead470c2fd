import type { Block } from '../doc.js';
import { ANONYMOUS_MARK } from '../anonymity.js';
import { figuresOf } from '../../tender/rules/requirements.js';
import type { Ctx, Part } from './context.js';
import { clauseList, F, ph } from './context.js';
import { factTable, todo } from './work-sections.js';
import { personRows } from './people.js';

/**
 * Section bodies in the register of a tender that is not an IT system (issue 13 item 2): people-serving tenders
 * (劳务外包、物业、餐饮、辅助服务) get 服务内容理解、人员配置、服务流程、考核与应急; works and goods tenders get 需求理解、
 * 制作（供货）与安装、质量与验收、进度与安全. Figures only from the tender's requirement items and the fact sheet (a
 * placeholder where the tender gives none); the bidder's way of working is a placeholder, never a stock practice (issue 24).
 */

/** The section's requirement items that state a head count (「项目经理 1人」「服务经理17人」). */
function staffItems(c: Ctx) {
  return c.reqs.filter((r) => r.figures.some((f) => /\d\s*[人名]$/.test(f)) && /岗|人员|经理|员工|人数|数量/.test(r.text));
}

const short = (s: string, n = 60) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

export function serviceTechnical(c: Ctx): Part[] {
  const sections = [...new Set(c.reqs.map((r) => r.section).filter(Boolean))].slice(0, 6);
  const staff = staffItems(c);
  const clauses = clauseList(c, /./);
  return [
    ...(sections.length || clauses.length
      ? ([['服务内容', [
          ...(sections.length ? [{ t: 'p', text: `招标文件就${c.T}提出了${sections.map((x) => `“${x}”`).join('、')}等方面的要求，逐条响应见上表。` } as Block] : []),
          ...clauses,
        ]]] as Part[])
      : []),
    ...(staff.length
      ? ([['人员配置', [
          { t: 'table', head: ['岗位及要求（招标文件原文）', '人数', '出处'], rows: staff.slice(0, 8).map((r) => [short(r.text, 50), figuresOf(r.text).filter((f) => /[人名]$/.test(f)).join('、') || ph('人数'), `招标文件第 ${r.source.page} 页`]) },
        ]]] as Part[])
      : []),
    ['服务方案', [todo(c, '服务流程、作业标准、检查与考核办法（按上文需求逐条说明）')]],
  ];
}

export function serviceImplementation(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务进场与交接', [
      ...factTable(c, [f.duration, f.teamSize]),
      ...clauseList(c, /服务期|进场|交接|到岗|工期/),
      todo(c, '进场准备、岗位交接与日常运行安排'),
    ]],
  ];
}

export function worksTechnical(c: Ctx): Part[] {
  // the tender's acceptance standards are restated once, in the requirement table of the leaf they belong to (points.ts)
  return [
    ...(clauseList(c, /./).length ? ([['实质性条款响应', clauseList(c, /./)]] as Part[]) : []),
    ['实施方案', [todo(c, c.domain === 'goods' ? '供货、运输、安装调试的组织与方法' : '施工（制作、安装）的组织、工艺与方法')]],
  ];
}

export function serviceTraining(c: Ctx): Part[] {
  const f = F(c);
  return [['培训安排', [...factTable(c, [f.trainingSessions]), todo(c, '培训对象、内容、方式与考核')]]];
}

export function serviceEmergency(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['应急要求', [...factTable(c, [f.response, f.onsite]), ...clauseList(c, /应急|突发|安全/)]],
    ['应急预案', [todo(c, '应急组织、事件类型与处置措施、演练安排')]],
  ];
}

export function serviceStaffing(c: Ctx): Part[] {
  // a row on people whose criteria score their attributes has its person table (people.ts): no second, generic one
  if (personRows(c).length) return [['人员管理', [todo(c, '岗位职责、考勤考核与人员替补办法')]]];
  const staff = c.ent.staff ?? [];
  const posts = staffItems(c);
  const rows = staff.length
    ? staff.map((s) => [s.role, s.name, s.title ?? ph(`${s.name}证书`)])
    : posts.length
      ? posts.slice(0, 10).map((r) => [short(r.text, 50), c.anonymous ? ANONYMOUS_MARK : ph('拟派人员姓名'), ph('证书或资格')])
      : // the posts the scoring row names (「安防主管配置情况」 → 安防主管), else one row to fill in
        (c.crit.length ? c.crit.slice(0, 8) : [ph('岗位')]).map((post) => [post, c.anonymous ? ANONYMOUS_MARK : ph('拟派人员姓名'), ph('证书或资格')]);
  return [
    ['人员配置', [
      ...factTable(c, [F(c).teamSize]),
      { t: 'table', head: ['岗位（招标文件）', '姓名', '证书/资格'], rows },
    ]],
    ['人员管理', [todo(c, '岗位职责、考勤考核与人员替补办法')]],
  ];
}

export function serviceAftersales(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务响应', [...factTable(c, [f.response, f.onsite, f.resolve, f.warranty]), ...clauseList(c, /服务|投诉|响应|质量/)]],
    ['投诉处理与回访', [todo(c, '需求受理、投诉处理、回访与改进的办法')]],
  ];
}

export function serviceQuality(c: Ctx): Part[] {
  // the tender's service standards are in the section's requirement table; what is left is the bidder's own way
  return [
    ...(clauseList(c, /质量|标准|考核|合格|满意/).length ? ([['质量要求', clauseList(c, /质量|标准|考核|合格|满意/)]] as Part[]) : []),
    ['检查与整改', [todo(c, '质量检查的层级与方法、考核与问题整改办法')]],
  ];
}

export function goodsTechnical(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['供货要求', [...factTable(c, [f.duration, f.warranty]), ...clauseList(c, /./)]],
    ['供货方案', [todo(c, '货源、供货组织、包装运输与到货验收的安排')]],
  ];
}

export function worksSchedule(c: Ctx): Part[] {
  const d = F(c).duration;
  const goods = c.domain === 'goods';
  const phases = goods
    ? [['订单确认与备货', '订单确认单'], ['发运与到货', '发货单、到货记录'], ['验收与交付', '验收记录']]
    : [['施工准备', '施工组织设计'], ['施工（制作、安装）', '施工记录'], ['竣工验收', '验收记录、竣工资料']];
  return [
    ['进度目标', [
      { t: 'p', text: d.assumed ? `${c.T}的期限以招标文件和合同约定为准：${d.value}。` : `${c.P}的${d.label}为 ${d.value}（招标文件：${short(d.source ?? '', 40)}），${c.T}按此倒排计划。` },
    ]],
    ['阶段安排', [
      { t: 'table', head: ['阶段', '起止时间', '成果'], rows: phases.map(([name, out]) => [name!, ph('起止时间'), out!]) },
    ]],
  ];
}

export function userTraining(c: Ctx): Part[] {
  const f = F(c);
  return [['培训安排', [...factTable(c, [f.trainingSessions]), todo(c, '培训对象、内容与时间地点')]]];
}
