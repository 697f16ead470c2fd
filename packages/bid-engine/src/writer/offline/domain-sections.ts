import type { Block } from '../doc.js';
import { ANONYMOUS_MARK } from '../anonymity.js';
import { figuresOf } from '../../tender/requirements.js';
import type { Ctx, Part } from './context.js';
import { clauseList, F, ph } from './context.js';

/**
 * Section bodies in the register of a tender that is not an IT system (issue 13 item 2): people-serving tenders
 * (劳务外包、物业、餐饮、辅助服务) get 服务内容理解、人员配置、服务流程、考核与应急; works and goods tenders get 需求理解、
 * 制作（供货）与安装、质量与验收、进度与安全. Figures only from the tender's requirement items and the fact sheet (a
 * placeholder where the tender gives none).
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
  const staffRows = staff.length
    ? staff.slice(0, 8).map((r) => [short(r.text, 50), figuresOf(r.text).filter((f) => /[人名]$/.test(f)).join('、') || ph('人数'), `招标文件第 ${r.source.page} 页`])
    : [[ph(`${c.T}涉及的岗位`), ph('人数'), ph('任职条件')]];
  const parts: Part[] = [
    ['服务内容理解', [
      { t: 'p', text: `${c.P}属于${c.B}的${c.T.includes('服务') ? '' : '相关'}服务采购，${c.T}针对的是服务现场的人员、流程与质量，而不是一套需要开发的系统。${sections.length ? `招标文件就本节内容提出了${sections.map((s) => `“${s}”`).join('、')}等方面的要求，${c.E}逐条对照响应。` : `${c.E}以招标文件的服务要求为准组织服务。`}` },
      ...clauseList(c, /./),
    ]],
    ['人员配置', [
      { t: 'p', text: `人员配置以招标文件载明的岗位和人数为准${F(c).teamSize.assumed ? '' : `（项目组人数：${F(c).teamSize.value}）`}，${c.T}所涉岗位的人员均经资格审核后上岗：` },
      { t: 'table', head: ['岗位及要求（招标文件原文）', '人数', '出处'], rows: staffRows },
    ]],
    ['服务流程', [
      { t: 'ol', items: [`需求接收：${c.B}提出的服务需求由项目负责人统一登记并分派`, '服务执行：按岗位职责和作业标准执行，关键环节留存记录', '过程检查：主管每日巡查、定期抽查，问题即时纠正', `结果反馈：执行结果向${c.B}反馈，意见纳入改进清单`] },
    ]],
    ['考核与应急', [
      { t: 'p', text: `${c.T}的考核以${c.B}的评价为准，${c.E}内部同步开展岗位考核；出现人员缺岗、服务中断或其他突发情况时，启动应急预案，${F(c).response.assumed ? '响应时限以招标文件规定为准' : `在 ${F(c).response.value}内响应`}。` },
    ]],
  ];
  return parts;
}

export function serviceImplementation(c: Ctx): Part[] {
  const d = F(c).duration;
  return [
    ['服务进场与交接', [
      { t: 'p', text: `合同签订后，${c.E}按${c.B}确定的时间组织人员进场，完成岗位交接、制度交底和现场熟悉；${d.assumed ? '服务期限以合同约定为准' : `服务期限为${d.value}（招标文件：${short(d.source ?? '', 40)}）`}。` },
      ...clauseList(c, /服务期|进场|交接|到岗|工期/),
    ]],
    ['组织与分工', [
      { t: 'p', text: `${c.T}由项目负责人统一管理，按服务区域或岗位设班组长，班组长对本组人员的出勤、作业质量和安全负责，并与${c.B}的联系人保持日常沟通。` },
    ]],
    ['日常运行', [
      { t: 'ol', items: ['排班与考勤：按岗位工作时间排班，考勤记录每日汇总', '作业与记录：按作业标准执行并填写工作记录', `沟通与报告：定期向${c.B}报告服务情况`, '改进与复核：对检查发现的问题限期整改并复核'] },
    ]],
  ];
}

export function worksTechnical(c: Ctx): Part[] {
  const std = (c.card.requirements ?? []).filter((r) => /验收|误差|标准|检测/.test(`${r.section}${r.text}`)).slice(0, 6);
  return [
    ['需求理解', [
      { t: 'p', text: `${c.P}的工作内容是按${c.B}的要求完成${c.T.replace(/方案$/, '')}相关的制作、供货与安装，${c.E}以招标文件的技术规格和效果要求为准组织实施。` },
      ...clauseList(c, /./),
    ]],
    ['制作与安装方案', [
      { t: 'ol', items: ['深化设计：根据招标文件和现场条件出具深化图纸，报采购人确认', '材料采购：按规格采购并提交合格证明，样板确认后批量下料', '加工制作：按工艺标准加工，工序间自检互检', '运输与安装：成品保护运输，按图定位安装并调试'] },
    ]],
    ['质量与验收', [
      std.length
        ? { t: 'table', head: ['验收要求（招标文件原文）', '出处'], rows: std.map((r) => [short(r.text, 80), `招标文件第 ${r.source.page} 页`]) }
        : ({ t: 'p', text: `验收按招标文件及合同约定的标准执行，${c.E}先自检合格后提请${c.B}验收。` } as Block),
    ]],
  ];
}

export function serviceTraining(c: Ctx): Part[] {
  return [
    ['培训安排', [
      { t: 'p', text: `${c.T}面向${c.P}的全体服务人员，内容包括岗位职责、服务规范、${c.B}的管理制度、安全与保密要求${F(c).trainingSessions.assumed ? '' : `，培训场次：${F(c).trainingSessions.value}`}。` },
      { t: 'table', head: ['对象', '内容', '方式'], rows: [
        ['新进人员', '岗位职责、作业标准、规章制度', '集中授课与现场带教'],
        ['在岗人员', '技能提升、服务礼仪、案例复盘', '定期培训与考核'],
        ['班组长', '现场管理、应急处置、沟通协调', '专题培训'],
      ] },
    ]],
  ];
}

export function serviceEmergency(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['应急组织', [
      { t: 'p', text: `${c.E}成立${c.P}应急小组，项目负责人任组长，${c.T}明确人员顶岗、现场处置和信息报告的分工。` },
    ]],
    ['事件分类与处置', [
      { t: 'table', head: ['事件类型', '处置措施', '时限'], rows: [
        ['人员缺岗', '启用后备人员顶岗，报告采购人', f.response.assumed ? '以招标文件规定为准' : f.response.value],
        ['服务中断或设施故障', '现场先期处置并报修，跟踪恢复', f.response.assumed ? '以招标文件规定为准' : f.response.value],
        ['治安、消防或公共卫生事件', '按预案报警、疏散并配合处置', '立即'],
      ] },
    ]],
    ['演练与改进', [
      { t: 'p', text: `${c.T}的预案定期演练，演练记录报${c.B}备案，事件处置后总结原因并修订预案。` },
    ]],
  ];
}

export function serviceStaffing(c: Ctx): Part[] {
  const staff = c.ent.staff ?? [];
  const posts = staffItems(c);
  const rows = staff.length
    ? staff.map((s) => [s.role, s.name, s.title ?? ph(`${s.name}证书`)])
    : posts.length
      ? posts.slice(0, 10).map((r) => [short(r.text, 50), c.anonymous ? ANONYMOUS_MARK : ph('拟派人员姓名'), ph('证书或资格')])
      : [[ph(`${c.T}所列岗位`), c.anonymous ? ANONYMOUS_MARK : ph('拟派人员姓名'), ph('证书或资格')]];
  return [
    ['人员配置', [
      { t: 'p', text: `${c.E}为${c.P}配置的人员以招标文件载明的岗位与人数为准${F(c).teamSize.assumed ? '' : `（${F(c).teamSize.value}）`}，${c.T}所列人员经资格审核后上岗，未经${c.B}同意不予更换：` },
      { t: 'table', head: ['岗位（招标文件）', '姓名', '证书/资格'], rows },
    ]],
    ['岗位职责与管理', [
      { t: 'p', text: `${c.T}中的每个岗位均有岗位说明书，写明工作内容、作业标准与考核要求；项目负责人对人员出勤、服务质量与纪律负总责，并作为与${c.B}沟通的固定联系人。` },
    ]],
    ['人员稳定与补充', [
      { t: 'p', text: `${c.E}建立后备人员库，${c.T}涉及的人员离岗、休假或被${c.B}要求更换时，按招标文件规定的时限补充符合条件的人员到岗，并办理交接。` },
    ]],
  ];
}

export function serviceAftersales(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务响应与投诉处理', [
      { t: 'p', text: `${c.B}通过电话、书面或现场方式提出的服务需求和投诉，由${c.E}项目负责人统一登记、分派并跟踪闭环，${f.response.assumed ? '响应时限以招标文件规定为准' : `在 ${f.response.value}内响应`}；${c.T}的处理结果书面反馈${c.B}。` },
      ...clauseList(c, /服务|投诉|响应|质量/),
    ]],
    ['回访与持续改进', [
      { t: 'p', text: `${c.E}定期回访${c.B}的使用部门，收集对${c.T}的意见，形成改进清单并在下一周期落实，改进结果纳入服务报告。` },
    ]],
  ];
}

export function serviceQuality(c: Ctx): Part[] {
  const std = c.reqs.filter((r) => /标准|考核|检查|合格|完好|满意|率/.test(r.text)).slice(0, 6);
  return [
    ['质量目标与标准', [
      { t: 'p', text: `${c.T}以招标文件规定的服务标准为质量目标${std.length ? '，其中的量化指标照录如下' : `，${c.E}在进场后与${c.B}书面确认各岗位的检查标准`}。` },
      ...(std.length ? [{ t: 'table', head: ['服务标准（招标文件原文）', '出处'], rows: std.map((r) => [short(r.text, 80), `招标文件第 ${r.source.page} 页`]) } as Block] : []),
    ]],
    ['检查与考核', [
      { t: 'ol', items: ['自查：作业人员完成后自查并记录', '巡查：班组长按区域、按时段巡查', '抽查：项目负责人定期抽查并通报结果', `评价：配合${c.B}的考核，结果用于整改与奖惩`] },
    ]],
    ['问题整改', [
      { t: 'p', text: `${c.T}中发现的问题登记入整改台账，明确责任人和完成时限，整改完成后复查销项，同类问题纳入培训内容防止再次发生。` },
    ]],
  ];
}

export function goodsTechnical(c: Ctx): Part[] {
  const d = F(c).duration;
  return [
    ['供货需求理解', [
      { t: 'p', text: `${c.P}是${c.B}的货物采购，${c.T}围绕货源、供货、到货验收与售后组织，货物的品种、数量与规格以招标文件及${c.B}的订单为准。` },
      ...clauseList(c, /./),
    ]],
    ['供货组织', [
      { t: 'ol', items: ['订单确认：收到订单后核对品种、数量与规格，书面确认', '货源组织：按正规渠道采购，保留来源证明', `发运到货：按约定的期限与地点交付${d.assumed ? '' : `（${d.label}：${d.value}）`}，包装完好`, `缺损处理：到货缺漏或破损的，及时补发或更换并报告${c.B}`] },
    ]],
    ['到货验收', [
      { t: 'p', text: `货物到达后，${c.E}配合${c.B}逐项清点验收，验收记录双方签字；${c.T}中发现的不符项限期整改后再次提交验收。` },
    ]],
  ];
}

export function worksSchedule(c: Ctx): Part[] {
  const d = F(c).duration;
  const goods = c.domain === 'goods';
  const phases = goods
    ? [['订单确认与备货', '订单确认单'], ['发运与到货', '发货单、到货记录'], ['验收与交付', '验收记录']]
    : [['深化设计与材料准备', '深化图纸、材料合格证明'], ['加工制作', '制作记录、样板确认单'], ['运输与安装调试', '安装记录、调试记录'], ['竣工验收', '验收记录、竣工资料']];
  return [
    ['进度目标', [
      { t: 'p', text: d.assumed ? `${c.T}按招标文件和合同约定的期限组织实施，期限以合同为准（${d.value}）。` : `${c.P}的${d.label}为 ${d.value}（招标文件：${short(d.source ?? '', 40)}），${c.T}按此倒排计划。` },
    ]],
    ['阶段安排', [
      { t: 'table', head: ['阶段', '起止时间', '成果'], rows: phases.map(([name, out]) => [name!, ph(`${name}起止时间`), out!]) },
    ]],
    ['进度保障', [
      { t: 'p', text: `${c.E}按阶段检查${c.T}的执行情况，出现偏差即调配人员与资源纠偏，影响期限的事项提前书面报告${c.B}。` },
    ]],
  ];
}

export function userTraining(c: Ctx): Part[] {
  return [
    ['培训安排', [
      { t: 'p', text: `${c.T}面向${c.B}的使用与管理人员，内容为${c.P}交付成果的使用、日常维护与注意事项${F(c).trainingSessions.assumed ? '' : `，培训场次：${F(c).trainingSessions.value}`}，时间与地点按${c.B}的安排确定。` },
    ]],
  ];
}
