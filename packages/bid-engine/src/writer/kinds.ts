import type { BidOutlineNode, ScoringItem, TenderCard } from '@btz/shared';

/** The kinds of section the offline writer knows (issue 6 item 2). */
export type SectionKind =
  | 'technical'
  | 'implementation'
  | 'schedule'
  | 'quality'
  | 'safety'
  | 'staffing'
  | 'aftersales'
  | 'emergency'
  | 'commitment'
  | 'training'
  | 'performance'
  | 'qualification'
  | 'honor'
  | 'bidLetter'
  | 'authorization'
  | 'priceSummary'
  | 'priceDetail'
  | 'qualificationForm'
  | 'deviation'
  | 'generic';

/** Title patterns, most specific first; the node's own title wins over its parents', which win over the scoring item. */
const RULES: [SectionKind, RegExp][] = [
  ['deviation', /偏离表|逐条响应|响应表|偏离/],
  ['bidLetter', /投标函|响应函/],
  ['authorization', /授权委托书|授权书|法定代表人身份证明/],
  ['priceSummary', /开标一览表|报价一览表/],
  ['priceDetail', /报价部分|分项报价|报价明细|报价表|价格部分/],
  ['emergency', /应急/],
  ['training', /培训/],
  ['schedule', /进度|工期|交货期|交付期|里程碑/],
  ['quality', /质量/],
  ['safety', /安全文明|文明施工|安全生产|安全管理|环境保护|环保|保安|安保(?!障)/],
  ['commitment', /承诺/],
  ['aftersales', /售后|运维|维保|维护|服务体系|网点|响应时间|备品备件|服务方案/],
  ['staffing', /人员|团队|项目经理|项目负责人|组织架构|职责分工|成员|人力/],
  ['performance', /业绩|用户评价|案例/],
  ['honor', /荣誉|信誉|信用|诚信|获奖/],
  ['qualification', /资质|认证|资格证明|证书/],
  ['implementation', /实施|上线|验收|交付文档|部署|风险与应对/],
  ['technical', /技术|方案|设计|架构|功能|需求|标准与规范|可靠性|创新|系统/],
];

/** The kind a title names by itself (no parents, no scoring row), or null — what a past bid's heading is on (repository). */
export function titleKind(title: string): SectionKind | null {
  for (const [kind, re] of RULES) if (re.test(title)) return kind;
  return null;
}
const match = titleKind;

/** The kinds that are the tender's forms and declarations, not a plan: never content for a plan section. */
export const FORM_KINDS: readonly SectionKind[] = ['bidLetter', 'authorization', 'priceSummary', 'priceDetail', 'deviation', 'qualificationForm'];

export function detectKind(node: BidOutlineNode, parentTitles: string[], scoring: ScoringItem[]): SectionKind {
  // Form leaves under 资格证明文件 answer one qualification requirement each.
  if (node.mode === 'table') return 'deviation';
  const own = match(node.title);
  if (node.mode === 'form') {
    if (own && ['bidLetter', 'authorization', 'priceSummary', 'priceDetail', 'deviation'].includes(own)) return own;
    const parentForm = parentTitles.map(match).find((k) => k && ['priceSummary', 'priceDetail'].includes(k));
    if (parentForm) return parentForm;
    if (parentTitles.some((t) => /资格|资信/.test(t)) || node.kind === '资信') return 'qualificationForm';
    if (node.kind === '价格') return 'priceDetail';
    return own ?? 'qualificationForm';
  }
  if (own) return own;
  for (const t of [...parentTitles].reverse()) {
    const k = match(t);
    if (k) return k;
  }
  for (const s of scoring) {
    const k = match(s.item);
    if (k) return k;
  }
  if (node.kind === '技术') return 'technical';
  if (node.kind === '资信') return 'qualification';
  return 'generic';
}

/** The scoring items a node answers: its own ids, else an item named in its (or its parents') title. */
export function scoringFor(card: TenderCard, node: BidOutlineNode, parentTitles: string[]): ScoringItem[] {
  const own = card.scoring.filter((s) => node.scoringIds.includes(s.id));
  if (own.length) return own;
  for (const t of [node.title, ...[...parentTitles].reverse()]) {
    const hit = card.scoring.filter((s) => s.category !== 'price' && s.item.length >= 2 && (t.includes(s.item) || s.item.includes(t)));
    if (hit.length) return hit;
  }
  return [];
}
