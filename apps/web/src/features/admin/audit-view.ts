import { BRAND_LOGO_FIELDS, BRAND_TEXT_FIELDS } from '@btz/shared/calls';
import { fenToYuan, formatYuan, ORDER_STATUS_LABEL } from '@btz/shared';

/**
 * An audit row's before/after as an operator reads it: one line per field, its Chinese name, the value before and after
 * (amounts in yuan, yes/no, lists joined) — not the raw JSON with the code's field names. A field the console does not
 * name yet keeps its code name, so nothing recorded is hidden.
 */
const LABELS: Record<string, string> = {
  ...BRAND_TEXT_FIELDS,
  ...BRAND_LOGO_FIELDS,
  seoTitle: 'SEO 标题',
  seoDescription: 'SEO 描述',
  seoKeywords: 'SEO 关键词',
  hosts: '域名',
  path: '路径',
  redirect: '跳转到',
  absolute: '站外地址',
  appMiddleware: '页面中间件',
  title: '标题',
  name: '名称',
  description: '说明',
  status: '状态',
  enabled: '启用',
  published: '已发布',
  sort: '排序',
  kind: '类型',
  type: '类型',
  tenantId: '租户',
  phone: '手机号',
  reply: '回复',
  // packages
  unitType: '计费单位',
  money: '价格',
  strokeMoney: '原价',
  validDay: '有效天数',
  describes: '描述',
  cornerMark: '角标',
  bidType: '标书类型',
  privilegeValueList: '权益',
  // coupons, redeem codes
  discountFen: '优惠金额',
  minFen: '使用门槛',
  validDays: '有效天数',
  count: '数量',
  codeDays: '兑换码有效天数',
  startTime: '开始时间',
  endTime: '结束时间',
  couponId: '优惠券',
  templateId: '优惠券模板',
  deadline: '到期时间',
  // users, orders
  holder: '对象',
  entitlements: '权益',
  commonBidNumber: '普通版份数',
  flagshipBidNumber: '旗舰版份数',
  id: '编号',
  vipExpiry: '会员到期',
  grant: '发放',
  sessionsEnded: '结束的登录会话数',
  orderNo: '订单号',
  amountFen: '金额',
  providerTxnId: '渠道交易号',
  // welfare rewards
  rewardKind: '奖励类型',
  couponTemplateId: '奖励优惠券',
  copyField: '奖励份数类型',
  copyNumber: '奖励份数',
  // content
  body: '正文',
  summary: '摘要',
  cover: '封面',
  category: '分类',
  tags: '标签',
  publishTime: '发布时间',
  industry: '行业',
  region: '地区',
  question: '问题',
  code: '编码',
  // logo upload
  filePath: '文件',
  // refunds
  refundNo: '退款单号',
  providerRefundId: '渠道退款号',
  revoked: '收回的权益',
  field: '权益项',
  delta: '变动',
  vipBefore: '收回前会员到期',
  vipAfter: '收回后会员到期',
};

/** what a `status` number means, by the kind of object audited */
const STATUS_NAMES: Record<string, Record<number, string>> = {
  order: ORDER_STATUS_LABEL,
  user: { 1: '正常', 2: '停用' },
  operator: { 1: '正常', 2: '停用' },
  feedback: { 0: '待回复', 1: '已回复' },
};

const camel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function fieldLabel(key: string): string {
  return LABELS[key] ?? LABELS[camel(key)] ?? key;
}

/** A recorded value as text: amounts (fields ending in Fen) in yuan, yes/no, lists joined, nested records compact. */
export function auditValue(key: string, v: unknown, targetType = ''): string {
  if (v === null || v === undefined || v === '') return '（空）';
  if (key === 'status' && typeof v === 'number' && STATUS_NAMES[targetType]?.[v]) return STATUS_NAMES[targetType]![v]!;
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'number' && /fen$/i.test(key)) return formatYuan(fenToYuan(v));
  if (Array.isArray(v)) return v.length ? v.map((x) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x))).join('、') : '（空）';
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldLabel(k)} ${auditValue(k, x, targetType)}`)
      .join('，');
  }
  const s = String(v);
  return s.length > 200 ? `${s.slice(0, 200)}…（共 ${s.length} 字）` : s;
}

/** the kind of object an action was on, as the console's menus name it */
const TARGET_NAMES: Record<string, string> = {
  order: '订单',
  user: '用户',
  enterprise: '企业',
  operator: '运营人员',
  coupon_template: '优惠券',
  recharge_option: '套餐',
  tenant: '品牌',
  route_rule: '路由规则',
  welfare_task: '福利任务',
  feedback: '用户反馈',
  news: '行业动态',
  question: '常见问题',
  activity: '活动',
  merchant: '商家',
  page: '静态页面',
  barrage: '弹幕',
};

export const targetName = (type: string): string => TARGET_NAMES[type] ?? type;

export interface AuditLine {
  label: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

/**
 * One line per field of before ∪ after, in the order recorded; `before`/`after` null where that side has no such field.
 * A field only the before side records (the refunded order's number and amount) is context, not a change.
 */
export function auditLines(before: unknown, after: unknown, targetType = ''): AuditLine[] {
  const obj = (v: unknown): Record<string, unknown> | null =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? null : { value: v };
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((k) => {
    const bv = b && k in b ? auditValue(k, b[k], targetType) : null;
    const av = a && k in a ? auditValue(k, a[k], targetType) : null;
    return { label: k === 'value' ? '值' : fieldLabel(k), before: bv, after: av, changed: av !== null && bv !== av };
  });
}
