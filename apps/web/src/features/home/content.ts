import { LOADING_TIPS } from '@btz/shared';
import type { IconName } from './icons';

/** The nine feature promises of spec §1 (the loading tips), each with a short heading and an icon. */
export const FEATURES: { title: string; text: string; icon: IconName }[] = [
  { title: '招标文件智能解析', text: LOADING_TIPS[0], icon: 'scan' },
  { title: '大纲紧扣评分标准', text: LOADING_TIPS[1], icon: 'outline' },
  { title: '大纲自由编辑', text: LOADING_TIPS[2], icon: 'edit' },
  { title: '一键生成全文', text: LOADING_TIPS[3], icon: 'write' },
  { title: '后台持续写作', text: LOADING_TIPS[4], icon: 'cloud' },
  { title: '自定义页码', text: LOADING_TIPS[5], icon: 'page' },
  { title: '内容健康度评分', text: LOADING_TIPS[6], icon: 'health' },
  { title: '完成后锁定只读', text: LOADING_TIPS[7], icon: 'lock' },
  { title: '导出标准 Word', text: LOADING_TIPS[8], icon: 'word' },
];

/** The four-step flow. */
export const STEPS: { title: string; text: string; icon: IconName }[] = [
  { title: '上传招标文件', text: '支持 PDF、Word、扫描件，单个文件最大 100MB', icon: 'upload' },
  { title: 'AI解析', text: '提取项目信息、评分表、★ 实质性条款与废标条款，并标注原文页码', icon: 'scan' },
  { title: '生成大纲', text: '按评分项逐条生成章节，可增删、重命名、拖拽调整', icon: 'outline' },
  { title: '一键成文', text: '逐章撰写全文，健康度检查后导出带目录与页码的 Word', icon: 'write' },
];

/** Proof in numbers — facts about the product itself, not invented customer counts. */
export const PROOF: { value: string; unit: string; label: string }[] = [
  { value: '4', unit: '步', label: '从招标文件到可递交的投标文件' },
  { value: '9', unit: '项', label: '健康度检查，缺漏与风险提前暴露' },
  { value: '100', unit: '%', label: '评分项逐条对应章节，覆盖情况一目了然' },
  { value: '0', unit: '安装', label: '浏览器打开即用，关闭页面写作不中断' },
];

export const INDUSTRIES = ['建筑工程', '政府采购', '信息化集成', '医疗器械', '物业服务', '交通运输', '教育装备', '环保水务'];

export const FAQ: { q: string; a: string }[] = [
  {
    q: 'AI 写出来的内容能直接递交吗？',
    a: '全文按招标文件的评分项与格式要求生成，并经过内容健康度检查；我们仍建议您在递交前通读并补充企业的真实业绩与资质信息。',
  },
  {
    q: '写到一半关闭页面会丢失吗？',
    a: '不会。全文写作在服务器后台进行，关闭页面或断网都不影响，回来后直接查看已写好的章节。',
  },
  {
    q: '支持哪些招标文件格式？',
    a: '支持 PDF（含扫描件）、Word（.docx / .doc）和 TXT；导出为标准 Word 文档，可继续在 Word 中编辑。',
  },
  {
    q: '如何收费？',
    a: '可以开通个人或企业会员，也可以按需购买普通版 / 旗舰版标书份数；支持微信支付与支付宝，新用户可领取优惠券礼包。',
  },
];
