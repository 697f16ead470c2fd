import type { SectionKind } from '../kinds.js';

/**
 * Phrase banks of the expansion (issue 6 item 2): the aspects, verbs, practices and form notes the filler sentences are made
 * of, by kind of section. Words only; how they are combined is in expansion.ts.
 */

// Expansion: tender-specific paragraphs, each sentence naming the section so that no two sections share a sentence.

export const ASPECTS: Partial<Record<SectionKind, string[]>> = {
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
export const COMMON_ASPECTS = ['组织保障', '制度保障', '资源保障', '沟通汇报', '文档管理', '风险预防', '考核评价', '信息化手段', '持续改进', '经验总结', '协同配合', '监督检查'];

export const ACTIONS = [
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
export const EVIDENCE_ACTIONS = [
  '提供证书或合同复印件并加盖公章',
  '注明原件存放地点以备核验',
  '与资格证明文件保持一致',
  '按评分标准逐项对应编排',
  '标注有效期并在递交前复核',
  '以官方查询结果截图为准',
  '不列示无法提供证明的内容',
  '按时间顺序编排便于评审查阅',
];
export const EVIDENCE_KINDS: SectionKind[] = ['performance', 'qualification', 'honor'];

/** The ★/▲ clauses a kind of section may cite. */
export const CLAUSE_FOCUS: Partial<Record<SectionKind, RegExp>> = {
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
export const PRACTICES: Partial<Record<SectionKind, string[]>> = {
  technical: ['接口统一采用 RESTful 规范并提供接口文档', '核心服务无状态部署，支持横向扩展', '关键数据每日增量、每周全量备份', '性能指标纳入压力测试用例', '日志、指标、链路统一接入监控平台'],
  implementation: ['每个阶段结束召开阶段评审会', '上线前完成回退方案演练', '数据迁移前后逐表核对记录数', '现场实施日志每日更新'],
  schedule: ['甘特图每周更新并标注关键路径', '节点出现延误即启动纠偏', '里程碑完成后提交阶段确认单', '并行任务提前预留资源'],
  quality: ['交付物实行编写、审核、批准三级签署', '缺陷按严重程度分级并限期关闭', '测试用例覆盖全部需求条目', '每月开展一次内部质量审计'],
  safety: ['进场人员签署保密承诺书', '生产环境操作实行双人复核', '敏感数据脱敏后方可用于测试', '每日收工前清理作业现场'],
  staffing: ['关键岗位实行 A/B 角', '人员变更提前书面报批', '每月开展一次内部技术分享', '考勤与工作日志每周汇总'],
  aftersales: ['报修统一纳入工单系统闭环管理', '每季度上门巡检并出具报告', '重大版本升级前提交升级方案', '每次服务后进行满意度回访'],
  emergency: ['应急联络清单定期更新', '备份数据定期恢复演练', '事件处置后及时提交书面报告', '应急演练按计划组织并留存记录'],
  commitment: ['承诺事项逐条纳入合同附件', '承诺兑现情况按季度报告', '未兑现事项接受违约约定'],
  training: ['课前发放教材并调研学员基础', '实操环境与生产环境一致', '培训后笔试与上机考核', '按需提供复训'],
  performance: ['业绩以合同和验收证明为准', '证明材料复印件加盖公章', '原件备查'],
  qualification: ['证书在有效期内', '复印件加盖公章', '原件备查'],
  honor: ['以官方查询结果为准', '证书复印件加盖公章', '未获得的荣誉不予列出'],
};

export const FORM_NOTES: [string, string][] = [
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
/**
 * The register of a tender that is not an IT system (issue 13 item 2): aspects and practices of the kinds whose IT wording
 * (架构、接口、国产化…) would be wrong for a staffing, property, catering, works or goods tender.
 */
export const SERVICE_ASPECTS: Partial<Record<SectionKind, string[]>> = {
  technical: ['服务范围确认', '岗位设置', '人员选派', '作业标准', '服务流程', '过程检查', '考核评价', '沟通协调', '档案记录', '持续改进'],
  implementation: ['进场准备', '岗位交接', '制度交底', '排班考勤', '日常巡查', '问题整改', '服务报告'],
  aftersales: ['需求受理', '投诉处理', '回访评价', '服务报告', '人员补充'],
  training: ['岗前培训', '在岗培训', '制度培训', '安全培训', '考核评估'],
  emergency: ['预警报告', '人员顶岗', '现场处置', '信息通报', '应急演练', '事后评估'],
};
export const SERVICE_PRACTICES: Partial<Record<SectionKind, string[]>> = {
  technical: ['岗位说明书写明职责、标准与考核要求', '人员上岗前核验证件与体检证明', '作业记录每日填写、主管签字', '服务问题建立整改台账限期销项', '采购人意见纳入月度改进计划'],
  implementation: ['进场前与采购人核对服务清单', '交接时逐项清点并签字确认', '排班表提前公布并报采购人备案', '考勤记录按月汇总报送'],
  aftersales: ['投诉当日登记并指定责任人', '处理结果回访确认', '服务报告按月提交'],
  training: ['培训签到与考核记录存档', '新人实行师带徒', '培训效果纳入岗位考核'],
  emergency: ['应急联络表张贴于岗位', '后备人员名单定期更新', '演练后修订预案'],
};
export const WORKS_ASPECTS: Partial<Record<SectionKind, string[]>> = {
  technical: ['深化设计', '材料选用', '加工制作', '运输保护', '现场安装', '调试检测', '成品保护', '竣工资料'],
  implementation: ['施工准备', '测量放线', '材料进场', '安装作业', '隐蔽验收', '调试', '竣工验收'],
};
export const WORKS_PRACTICES: Partial<Record<SectionKind, string[]>> = {
  technical: ['材料进场提交合格证明', '样板经采购人确认后批量制作', '关键工序实行三检制', '成品运输加装防护', '安装完成后逐项自检'],
  implementation: ['开工前进行技术交底', '隐蔽工程验收合格后方可覆盖', '现场每日清理', '竣工资料随工程同步整理'],
};
export const GOODS_ASPECTS: Partial<Record<SectionKind, string[]>> = {
  technical: ['货源渠道', '订单确认', '包装发运', '到货时效', '到货验收', '缺损补换', '数据与资料', '售后服务'],
  implementation: ['订单处理', '供货计划', '发运跟踪', '交付验收', '结算资料'],
};
export const GOODS_PRACTICES: Partial<Record<SectionKind, string[]>> = {
  technical: ['货物来源保留正规渠道证明', '发运前核对品种数量', '到货清点记录双方签字', '缺损货物及时补发更换', '订单与到货情况定期对账'],
  implementation: ['订单逐单登记跟踪', '到货异常当日报告', '交付资料随货提交'],
};
