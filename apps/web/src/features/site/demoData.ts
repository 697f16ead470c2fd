/**
 * The /demo walkthrough: one invented sample tender and what each step of the pipeline makes of it. Static on purpose —
 * an honest illustration of the screens, not a live run.
 */
export const DEMO_TENDER = {
  file: '江川市人民医院智慧病房信息化建设项目招标文件.pdf',
  pages: 86,
  size: '4.2 MB',
};

export const DEMO_FACTS: { label: string; value: string; page: number }[] = [
  { label: '项目名称', value: '江川市人民医院智慧病房信息化建设项目', page: 1 },
  { label: '项目编号', value: 'JCZC-2026-0417', page: 1 },
  { label: '采购方式', value: '公开招标', page: 3 },
  { label: '预算金额', value: '¥3,860,000.00', page: 3 },
  { label: '投标截止', value: '2026-12-18 09:30', page: 4 },
  { label: '服务期', value: '合同签订后 120 日历天内完成建设，质保 3 年', page: 21 },
  { label: '资格要求', value: '具有独立法人资格；近三年具有 2 个及以上医疗信息化项目业绩', page: 12 },
];

export const DEMO_SCORING: { item: string; points: number; kind: '技术' | '商务' | '价格' }[] = [
  { item: '总体设计方案', points: 15, kind: '技术' },
  { item: '智慧护理与移动查房方案', points: 12, kind: '技术' },
  { item: '系统集成与接口方案', points: 10, kind: '技术' },
  { item: '数据安全与等保方案', points: 8, kind: '技术' },
  { item: '项目实施与进度计划', points: 8, kind: '技术' },
  { item: '培训与售后服务方案', points: 7, kind: '商务' },
  { item: '类似项目业绩', points: 10, kind: '商务' },
  { item: '投标报价', points: 30, kind: '价格' },
];

export const DEMO_RISKS: { level: 'star' | 'void'; text: string; page: number }[] = [
  { level: 'star', text: '★ 护理终端须支持院内 Wi-Fi 与 5G 双网络接入', page: 27 },
  { level: 'star', text: '★ 系统须通过网络安全等级保护三级测评（提供承诺函）', page: 29 },
  { level: 'void', text: '未按要求提供投标保证金的，投标无效', page: 9 },
  { level: 'void', text: '投标报价超过预算金额的，投标无效', page: 10 },
];

export interface DemoNode {
  number: string;
  title: string;
  score?: string;
  children?: DemoNode[];
}

export const DEMO_OUTLINE: DemoNode[] = [
  {
    number: '1',
    title: '总体设计方案',
    score: '总体设计方案 15分',
    children: [
      { number: '1.1', title: '项目背景与建设目标' },
      { number: '1.2', title: '总体架构设计' },
      { number: '1.3', title: '关键技术路线' },
    ],
  },
  {
    number: '2',
    title: '智慧护理与移动查房方案',
    score: '智慧护理 12分',
    children: [
      { number: '2.1', title: '移动护理终端与双网络接入（★ 响应）' },
      { number: '2.2', title: '床旁交互与护理白板' },
    ],
  },
  { number: '3', title: '系统集成与接口方案', score: '系统集成 10分' },
  { number: '4', title: '数据安全与等级保护', score: '数据安全 8分' },
  { number: '5', title: '项目实施与进度计划', score: '项目实施 8分' },
  { number: '6', title: '培训与售后服务', score: '培训与售后 7分' },
];

export const DEMO_SECTION = {
  number: '2.1',
  title: '移动护理终端与双网络接入',
  paragraphs: [
    '针对招标文件第 27 页「护理终端须支持院内 Wi-Fi 与 5G 双网络接入」的实质性要求，我方提供的移动护理终端（PDA）内置双频 Wi-Fi 6 与 5G 通信模组，在院内无线网络覆盖区域优先使用 Wi-Fi 接入，信号低于阈值时自动切换至 5G 专网，切换过程业务不中断。',
    '终端接入采用 802.1X 认证与设备白名单双重管控，与医院现有无线控制器对接，护士登录后自动加载所辖病区的患者列表、医嘱执行单与护理评估表单。',
    '实施阶段，我方将对 12 个病区逐一进行无线信号勘测，对弱覆盖区域提出补点建议，确保床旁扫码、输液核对等关键操作的网络可用率不低于 99.9%。',
  ],
};

export const DEMO_HEALTH: { label: string; ok: boolean; note: string }[] = [
  { label: '评分项覆盖', ok: true, note: '8 个评分项均有对应章节' },
  { label: '★ 实质性条款响应', ok: true, note: '2 条均已逐条响应' },
  { label: '废标风险', ok: true, note: '保证金、报价上限已在商务部分提示' },
  { label: '前后一致性', ok: false, note: '第 5 章工期写为 150 天，与招标要求 120 天不一致' },
  { label: '企业信息待补充', ok: false, note: '类似项目业绩需补充合同扫描件' },
];

export const DEMO_STEPS = ['上传招标文件', '解析', '目录', '生成全文', '检查', '导出'] as const;
