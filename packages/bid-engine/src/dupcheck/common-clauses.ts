/**
 * Statutory and standard clauses that every bid in Chinese public procurement repeats whatever the tender says — the
 * supplier conditions of 《政府采购法》第二十二条, the credit-list checks, the usual declarations. Two bids that both
 * write them have not copied each other: the duplicate check leaves them out like the writer's stock phrasing
 * (compare.ts). Public legal text, word for word.
 */
export const COMMON_CLAUSES: readonly string[] = [
  // 《中华人民共和国政府采购法》第二十二条
  '供应商参加政府采购活动应当具备下列条件',
  '具有独立承担民事责任的能力',
  '具有良好的商业信誉和健全的财务会计制度',
  '具有履行合同所必需的设备和专业技术能力',
  '有依法缴纳税收和社会保障资金的良好记录',
  '参加政府采购活动前三年内，在经营活动中没有重大违法记录',
  '参加政府采购活动前3年内，在经营活动中没有重大违法记录',
  '没有重大违法记录的声明',
  '法律、行政法规规定的其他条件',
  '满足《中华人民共和国政府采购法》第二十二条规定',
  // 《政府采购法实施条例》第十八条
  '单位负责人为同一人或者存在直接控股、管理关系的不同供应商，不得参加同一合同项下的政府采购活动',
  '为采购项目提供整体设计、规范编制或者项目管理、监理、检测等服务的供应商，不得再参加该采购项目的其他采购活动',
  // credit lists (财库〔2016〕125号)
  '未被列入失信被执行人、重大税收违法失信主体、政府采购严重违法失信行为记录名单',
  '信用中国网站',
  '中国政府采购网',
  '政府采购严重违法失信行为记录名单',
  '失信被执行人',
  '重大税收违法失信主体',
  // the usual whole-bid clause and declarations
  '须对本项目进行整体投标，任何只对其中一部分内容进行的投标都被视为无效投标',
  '须对本项目为单位的服务进行整体响应，任何只对其中一部分内容进行的响应都被视为无效响应',
  '本项目不接受联合体投标',
  '本项目接受联合体投标',
  '落实政府采购政策需满足的资格要求',
  '本项目的特定资格要求',
  '中小企业声明函',
  '残疾人福利性单位声明函',
  '监狱企业',
  '法定代表人身份证明',
  '法定代表人授权委托书',
  '营业执照、资质证书复印件',
  '复印件加盖公章',
  '加盖单位公章',
  '须由法定代表人或授权代表签字并加盖单位公章',
  // the usual disqualifications (《政府采购货物和服务招标投标管理办法》, model tender texts)
  '被责令停产停业、暂扣或者吊销许可证、暂扣或者吊销执照',
  '进入清算程序，或被宣告破产，或其他丧失履约能力的情形',
  '财产被接管、冻结、破产状态',
  '在最近三年内有骗取中标或严重违约或重大工程质量问题',
  '列入严重违法失信企业名单',
  '列入经营异常名录',
];
