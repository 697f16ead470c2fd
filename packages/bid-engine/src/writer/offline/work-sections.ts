import type { Part, Ctx } from './context.js';
import { ANONYMOUS_MARK } from '../anonymity.js';
import { bold, clauseList, F, ph } from './context.js';

/**
 * Section bodies for the kinds of work a bid describes (技术方案、实施、进度、质量、安全、人员、售后、应急、承诺、培训): each
 * returns its parts as [heading, blocks][], wording from the tender card and the fact sheet.
 */

export function technical(c: Ctx): Part[] {
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

export function implementation(c: Ctx): Part[] {
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
      { t: 'ol', items: m.map((x) => `${x.name}：提交${x.deliverable}`) },
      { t: 'p', text: `各阶段的起止时间由${c.E}在${c.T}中按合同约定填写：${ph('各阶段起止时间')}。` },
    ]],
    ['验收与交付', [
      { t: 'p', text: `${c.T}完成后，我方按${c.B}的验收程序提交全部交付文档，经初验、试运行（${F(c).trialRun.value}）和终验三个环节，终验合格之日起进入 ${F(c).warranty.value}质保期。` },
    ]],
  ];
}

export function schedule(c: Ctx): Part[] {
  const m = c.facts.milestones;
  const d = F(c).duration;
  return [
    ['工期目标', [
      { t: 'p', text: `${c.P}总工期为合同签订后 ${bold(d.value)}${d.source ? `（招标文件要求：${d.source.replace(/[。；;]+$/, '')}）` : ''}。${c.T}按五个阶段倒排计划，关键节点设置里程碑并由${c.B}确认。` },
      ...clauseList(c, /交付|工期|上线|完成|日内|天内/),
    ]],
    ['里程碑计划', [
      { t: 'table', head: ['阶段', '起止时间（合同签订后）', '主要交付物'], rows: m.map((x) => [x.name, ph(`${x.name}起止时间`), x.deliverable]) },
    ]],
    ['进度保障措施', [
      { t: 'ol', items: ['周计划、周报告、周例会', '关键路径识别与每日跟踪', '资源预留，关键岗位 A/B 角', '出现偏差即启动纠偏'] },
      { t: 'p', text: `如遇${c.B}需求调整等不可控因素，${c.T}所列计划将以书面变更形式调整，确保总工期 ${d.value}不突破。` },
    ]],
  ];
}

export function quality(c: Ctx): Part[] {
  return [
    ['质量目标', [
      { t: 'p', text: `${c.P}的质量目标为：一次验收合格，${c.B}满意，${c.T}所涉交付物全部符合招标文件及国家相关标准。` },
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

export function safety(c: Ctx): Part[] {
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

export function staffRows(c: Ctx): string[][] {
  const staff = c.ent.staff ?? [];
  const roles = ['项目经理', '技术负责人', '质量负责人', '实施工程师', '运维工程师'];
  if (staff.length) return staff.map((s) => [s.role, s.name, s.title ?? ph(`${s.name}职称/证书`), '全程']);
  const title = F(c).managerTitle;
  return roles.map((r) => [r, c.anonymous ? ANONYMOUS_MARK : ph(`${r}姓名`), r === '项目经理' ? ph(title.assumed ? '项目经理职称' : `项目经理职称（招标要求：${title.value}）`) : ph(`${r}职称/证书`), '全程']);
}

export function staffing(c: Ctx): Part[] {
  const pm = (c.ent.staff ?? []).find((s) => /项目经理/.test(s.role));
  return [
    ['团队配置', [
      { t: 'p', text: `${c.E}为${c.P}组建专职项目组，共 ${bold(F(c).teamSize.value)}，项目经理具备${F(c).managerTitle.value}职称，${c.T}中所列人员均为本单位在职人员，未经${c.B}同意不予更换。` },
      { t: 'table', head: ['岗位', '姓名', '职称/证书', '在岗时间'], rows: staffRows(c) },
    ]],
    ['项目经理', [
      { t: 'p', text: pm && !c.anonymous ? `项目经理由 ${bold(pm.name)} 担任${pm.title ? `（${pm.title}）` : ''}，在${c.T}中全面负责进度、质量、安全与沟通协调。` : c.anonymous ? `项目经理具备${F(c).managerTitle.value}职称，在${c.T}中全面负责进度、质量、安全与沟通协调。` : `项目经理由 ${ph('项目经理姓名')} 担任（职称：${ph('项目经理职称及证书编号')}），在${c.T}中全面负责进度、质量、安全与沟通协调。` },
    ]],
    ['职责分工', [
      { t: 'ul', items: ['项目经理：计划、协调、风险与对外沟通', '技术负责人：方案设计与技术决策', '质量负责人：质量计划与验收组织', '实施工程师：部署、联调与培训', '运维工程师：上线保障与售后服务'] },
    ]],
    ['人员稳定性', [
      { t: 'p', text: `${c.T}所列关键岗位实行 A/B 角制度，确需更换的，提前书面报${c.B}批准，且替换人员资历不低于原人员。` },
    ]],
  ];
}

export function aftersales(c: Ctx): Part[] {
  const f = F(c);
  return [
    ['服务承诺', [
      { t: 'p', text: `按${c.T}的安排，${c.P}终验合格后提供 ${bold(f.warranty.value)}免费质保，服务时间 ${f.serviceHours.value}，接到${c.B}报修后 ${bold(f.response.value)}内响应、${f.onsite.value}内到场、${f.resolve.value}内修复。` },
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

export function emergency(c: Ctx): Part[] {
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

export function commitment(c: Ctx): Part[] {
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

export function training(c: Ctx): Part[] {
  return [
    ['培训目标', [
      { t: 'p', text: `${c.T}的目标是使${c.B}的管理人员、业务操作人员和系统管理员熟练掌握${c.P}的使用与维护，培训场次 ${F(c).trainingSessions.value}，学员经考核合格后上岗。` },
    ]],
    ['课程安排', [
      { t: 'table', head: ['对象', '课程内容', '方式', '课时'], rows: [
        ['管理人员', '平台总体功能与管理驾驶舱', '集中授课', ph('管理人员课时')],
        ['业务操作人员', '各业务模块操作', '上机实操', ph('业务操作人员课时')],
        ['系统管理员', '部署、配置、备份与故障排查', '现场带教', ph('系统管理员课时')],
      ] },
    ]],
    ['培训保障', [
      { t: 'ul', items: ['讲师：由项目实施骨干担任', '教材：操作手册、维护手册、视频', '考核：笔试与上机操作', '持续：质保期内免费复训'] },
    ]],
  ];
}
