import * as z from 'zod';
import { adminCall, adminOrder, couponTemplate } from './admin.js';

/**
 * The operator console's money side (issue 28), beside admin.ts: the dashboard, LLM usage and the model configuration,
 * order reconciliation, coupon campaigns / the new-user pack / grants, welfare-task rewards. Same rules as admin.ts:
 * `access` decides who may call, the server scopes every answer to the operator's tenant.
 */

const str = z.string();
const int = z.number().int();
const money = z.number();
const id = z.string().trim().min(1).max(64);
const tenantId = z.string().trim().min(1).max(64).optional();
const reason = z.string().trim().min(2, { error: '请填写原因（至少 2 个字）' }).max(200);
const date = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' });
/** a campaign's start or end, Asia/Shanghai; '' = open */
const windowTime = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2})?$/, { error: '时间格式应为 YYYY-MM-DD HH:mm' })
  .optional();
const yuan = (min: number) =>
  z.coerce
    .number()
    .min(min, { error: min > 0 ? `不能低于 ${min} 元` : '不能为负数' })
    .max(1_000_000)
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { error: '最多两位小数' });

/* ---- dashboard ---- */

const dayFigures = {
  /** users who signed up */
  signUps: int,
  /** distinct buyers of the orders paid that day */
  payingUsers: int,
  /** yuan of the orders paid that day (refunded ones included: they were paid) */
  revenue: money,
  /** yuan refunded that day */
  refunds: money,
  /** orders created */
  orders: int,
  /** orders paid */
  paidOrders: int,
  bidsStarted: int,
  /** bids whose last section was written that day (now written or finished) */
  bidsWritten: int,
  bidsFinished: int,
  promptTokens: int,
  completionTokens: int,
  /** estimated yuan, from the price table (models without a price count 0 and are listed in `unpricedModels`) */
  llmCost: money,
};
const dashboardDay = z.strictObject({ date: str, ...dayFigures });
export type DashboardDay = z.infer<typeof dashboardDay>;
const dashboard = z.strictObject({
  from: str,
  to: str,
  tenantId: str.nullable(),
  days: z.array(dashboardDay),
  totals: z.strictObject(dayFigures),
  unpricedModels: z.array(str),
});
export type AdminDashboard = z.infer<typeof dashboard>;

/* ---- LLM usage ---- */

const usageRow = z.strictObject({
  /** tenant id, user id or bid id (empty: calls booked to no tenant) */
  key: str,
  name: str,
  tenantId: str.nullable(),
  tenantName: str,
  calls: int,
  promptTokens: int,
  completionTokens: int,
  cachedTokens: int,
  /** estimated yuan; null when none of its models has a price */
  cost: money.nullable(),
  models: z.array(str),
  /** some of its figures are our estimate (the endpoint reported no usage) */
  estimated: z.boolean(),
});
export type LlmUsageRow = z.infer<typeof usageRow>;
const usage = z.strictObject({
  from: str,
  to: str,
  by: z.enum(['tenant', 'user', 'bid']),
  rows: z.array(usageRow),
  totals: z.strictObject({ calls: int, promptTokens: int, completionTokens: int, cachedTokens: int, cost: money }),
  unpricedModels: z.array(str),
});
export type AdminLlmUsage = z.infer<typeof usage>;

const price = z.strictObject({ model: str, prompt: money, completion: money, cached: money });
const llmConfig = z.strictObject({
  /** 'offline' (no model configured: the template writer) or 'openai-compatible' */
  provider: str,
  /** the endpoint's origin and path, never its key or query */
  baseUrl: str,
  model: str,
  apiKeySet: z.boolean(),
  concurrency: int,
  firstTokenTimeoutMs: int,
  idleTimeoutMs: int,
  /** yuan per million tokens, from LLM_PRICES */
  prices: z.array(price),
});
export type AdminLlmConfig = z.infer<typeof llmConfig>;

/* ---- reconciliation ---- */

const mismatch = z.strictObject({
  order: adminOrder,
  /** what the provider says */
  providerState: z.enum(['paid', 'unpaid', 'closed', 'refunded', 'unknown']),
  providerTxnId: str,
  providerAmount: money.nullable(),
  problem: z.enum(['paid_not_recorded', 'recorded_not_paid', 'refunded_not_recorded', 'amount_mismatch', 'txn_mismatch', 'unknown']),
  problemName: str,
  detail: str,
  /** the provider's payment can be applied to the order (through the path the payment notify takes) */
  fixable: z.boolean(),
});
export type ReconcileMismatch = z.infer<typeof mismatch>;
const reconcile = z.strictObject({
  date: str,
  /** orders of the day asked about */
  checked: int,
  /** orders the provider cannot be asked about (the sandbox: no remote record) */
  local: int,
  matched: int,
  mismatches: z.array(mismatch),
});
export type AdminReconcile = z.infer<typeof reconcile>;

/* ---- coupons ---- */

const grantedCoupon = z.strictObject({ id: str, userId: str, title: str, discountAmount: money, minAmount: money, deadline: str, source: str });
export type AdminGrantedCoupon = z.infer<typeof grantedCoupon>;

const welfareTask = z.strictObject({
  tenantId: str,
  code: str,
  title: str,
  description: str,
  rewardKind: z.enum(['coupon', 'copies']),
  couponTemplateId: str.nullable(),
  couponTitle: str,
  copyField: z.enum(['common', 'flagship']).nullable(),
  copyNumber: int,
  sort: int,
  enabled: z.boolean(),
  /** users who claimed it */
  claims: int,
  updateTime: str,
});
export type AdminWelfareTask = z.infer<typeof welfareTask>;

const range = { tenantId, from: date.optional(), to: date.optional() };

export const adminMoneyCalls = {
  /** per day: sign-ups, paying users, revenue, orders, bids started / written / finished, LLM tokens and cost (default: the last 30 days) */
  dashboard: adminCall('operator', {
    path: '/btz/admin/dashboard',
    query: z.object(range),
    labels: { tenantId: '租户', from: '开始日期', to: '结束日期' },
    response: dashboard,
  }),
  llmUsage: adminCall('operator', {
    path: '/btz/admin/llm/usage',
    query: z.object({ ...range, by: z.enum(['tenant', 'user', 'bid']).default('tenant') }),
    labels: { tenantId: '租户', from: '开始日期', to: '结束日期', by: '统计维度' },
    response: usage,
  }),
  /** the model configuration in force, without secrets */
  llmConfig: adminCall('operator', { path: '/btz/admin/llm/config', response: llmConfig }),
  /** our orders of one day (Asia/Shanghai) against the provider: the mismatches */
  reconcile: adminCall('operator', {
    path: '/btz/admin/orders/reconcile',
    query: z.object({ tenantId, date }),
    labels: { tenantId: '租户', date: '日期' },
    response: reconcile,
  }),
  /** applies the payment the provider confirms to an order still open here — exactly once, as the payment notify does */
  reconcileFix: adminCall('operator', {
    path: '/btz/admin/orders/reconcile-fix',
    body: z.object({ id, reason }),
    labels: { id: '订单', reason: '原因' },
    response: adminOrder,
  }),
  /** creates (no `id`) or edits a coupon: a campaign (kind grant), a coupon of the new-user pack (new_user) or a task reward (task); coupons already issued keep their terms */
  saveCoupon: adminCall('operator', {
    path: '/btz/admin/coupons/save',
    body: z.object({
      id: id.optional(),
      tenantId,
      kind: z.enum(['grant', 'new_user', 'task']).default('grant'),
      title: z.string().trim().min(1, { error: '请输入券名称' }).max(40),
      discountAmount: yuan(0.01),
      minAmount: yuan(0).default(0),
      validDays: z.coerce.number().int().min(1).max(3650),
      /** none: 0 for a new coupon, unchanged for an edit */
      sort: z.coerce.number().int().min(0).max(10000).optional(),
      enabled: z.boolean().default(true),
      /** the campaign's window (grant, new_user): issued from startTime to endTime (Asia/Shanghai, minutes); '' = open; none: open for a new coupon, unchanged for an edit */
      startTime: windowTime,
      endTime: windowTime,
    }).superRefine((v, ctx) => {
      if (v.kind === 'task' && (v.startTime || v.endTime))
        ctx.addIssue({ code: 'custom', path: ['startTime'], message: '任务奖励券随福利任务发放，不设活动时间（请在福利任务中停用任务）' });
      if (v.startTime && v.endTime && v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间应晚于开始时间' });
    }),
    labels: {
      id: '优惠券',
      tenantId: '租户',
      kind: '类型',
      title: '名称',
      discountAmount: '优惠金额',
      minAmount: '使用门槛',
      validDays: '券有效天数',
      sort: '排序',
      enabled: '启用',
      startTime: '活动开始时间',
      endTime: '活动结束时间',
    },
    response: couponTemplate,
  }),
  /** gives a user one coupon of a template of the user's tenant, with a reason */
  grantCoupon: adminCall('operator', {
    path: '/btz/admin/coupons/grant',
    body: z.object({ userId: id, templateId: id, reason }),
    labels: { userId: '用户', templateId: '优惠券', reason: '原因' },
    response: grantedCoupon,
  }),
  welfareTasks: adminCall('operator', {
    path: '/btz/admin/welfare/tasks',
    query: z.object({ tenantId }),
    labels: { tenantId: '租户' },
    response: z.array(welfareTask),
  }),
  /** a welfare task's reward (a coupon of the tenant, or copies), title, description, order and switch */
  saveWelfareTask: adminCall('operator', {
    path: '/btz/admin/welfare/save',
    body: z
      .object({
        tenantId,
        code: z.enum(['profile', 'enterprise', 'tender', 'bid_finished', 'invite', 'share']),
        title: z.string().trim().min(1, { error: '请输入任务名称' }).max(40),
        description: z.string().trim().max(200).default(''),
        rewardKind: z.enum(['coupon', 'copies']),
        couponTemplateId: id.nullable().default(null),
        copyField: z.enum(['common', 'flagship']).nullable().default(null),
        copyNumber: z.coerce.number().int().min(0).max(1000).default(0),
        sort: z.coerce.number().int().min(0).max(10000).default(0),
        enabled: z.boolean().default(true),
      })
      .superRefine((v, ctx) => {
        if (v.rewardKind === 'coupon' && !v.couponTemplateId) ctx.addIssue({ code: 'custom', path: ['couponTemplateId'], message: '奖励为优惠券时请选择优惠券' });
        if (v.rewardKind === 'copies' && (!v.copyField || v.copyNumber < 1)) ctx.addIssue({ code: 'custom', path: ['copyNumber'], message: '奖励为标书份数时请选择版本并填写份数（至少 1 份）' });
      }),
    labels: {
      tenantId: '租户',
      code: '任务',
      title: '任务名称',
      description: '任务说明',
      rewardKind: '奖励类型',
      couponTemplateId: '奖励优惠券',
      copyField: '标书版本',
      copyNumber: '奖励份数',
      sort: '排序',
      enabled: '启用',
    },
    response: welfareTask,
  }),
};

/** Chinese names of this side's audited actions (merged into the console's audit list names). */
export const ADMIN_MONEY_ACTION_NAMES: Record<string, string> = {
  'order.reconcile_fix': '对账补单',
  'coupon.create': '新增优惠券',
  'coupon.update': '修改优惠券',
  'coupon.grant': '发放优惠券',
  'welfare.update': '修改福利任务奖励',
};
