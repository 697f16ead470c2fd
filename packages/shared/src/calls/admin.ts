import * as z from 'zod';
import { defineCall, type CallDef } from '../api/contract.js';
import { PRIVILEGES, type PrivilegeId } from '../api/commerce.js';
import { pageOf, time } from './answers.js';

/**
 * The operator console (issue 28): every call under `/btz/admin/`. These calls do not take a user's token: `auth` is
 * false for the house's user check, and `access` says who may make them — anyone (`public`: the sign-in), any operator
 * (`operator`: a tenant's operator sees its own tenant only, the super-operator every tenant), or the platform
 * super-operator only (`super`). The server's admin routes read `access` (modules/admin/route.ts); the authorisation
 * matrix test walks every call of this group.
 */
export type AdminAccess = 'public' | 'operator' | 'super';
export type AdminCall = CallDef & { access: AdminAccess };

export function adminCall<
  const P extends `/btz/admin/${string}`,
  R,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
>(access: AdminAccess, def: Omit<CallDef<P, false, Q, B, R, F>, 'auth'>) {
  return Object.assign(defineCall<P, false, R, Q, B, F>({ ...def, auth: false }), { access });
}

/** The header an operator's token travels in (not Blade-Auth: an operator is not a user of the app). */
export const OPERATOR_AUTH_HEADER = 'Operator-Auth';

const current = z.coerce.number().int().min(1).default(1);
const size = z.coerce.number().int().min(1).max(100).default(20);
const PAGING = { current: '页码', size: '每页条数' };
const id = z.string().trim().min(1).max(64);
const tenantId = z.string().trim().min(1).max(64).optional();
const phone = z.string().trim().regex(/^1[3-9]\d{9}$/, { error: '应为 11 位中国大陆手机号' });
const reason = z.string().trim().min(2, { error: '请填写原因（至少 2 个字）' }).max(200);
const str = z.string();
const int = z.number().int();
const money = z.number().min(0);

/* ---- answers ---- */

export const operatorView = z.strictObject({
  id: str,
  role: z.enum(['super', 'operator']),
  roleName: str,
  tenantId: str.nullable(),
  tenantName: str,
  name: str,
  phone: str,
  status: int,
  /** the phone is bound (the one-time link was used) */
  bound: z.boolean(),
  lastSignInTime: time,
  createTime: time,
});
export type OperatorView = z.infer<typeof operatorView>;

const signedIn = z.strictObject({ token: str, expiresIn: int, operator: operatorView });
export type OperatorSignIn = z.infer<typeof signedIn>;

const tenantView = z.strictObject({ id: str, code: str, name: str });
export type AdminTenant = z.infer<typeof tenantView>;

const auditView = z.strictObject({
  id: str,
  operatorId: str,
  operatorName: str,
  tenantId: str.nullable(),
  action: str,
  actionName: str,
  targetType: str,
  targetId: str,
  before: z.unknown(),
  after: z.unknown(),
  reason: str,
  ip: str,
  createTime: time,
});
export type AuditView = z.infer<typeof auditView>;

const entitlements = z.strictObject({
  vipExpiry: time,
  isVip: z.boolean(),
  privileges: z.array(str),
  commonBidNumber: int,
  flagshipBidNumber: int,
});
export type AdminEntitlements = z.infer<typeof entitlements>;

const adminUser = z.strictObject({
  id: str,
  tenantId: str,
  phone: str,
  nickName: str,
  realName: str,
  companyName: str,
  status: int,
  statusName: str,
  loginRole: int,
  enterpriseId: str.nullable(),
  createTime: time,
  personal: entitlements,
});
export type AdminUser = z.infer<typeof adminUser>;

const ledgerView = z.strictObject({
  id: str,
  holder: z.enum(['user', 'enterprise']),
  kind: str,
  kindName: str,
  field: str,
  delta: int,
  reason: str,
  orderId: str.nullable(),
  vipExpiryBefore: time,
  vipExpiryAfter: time,
  createTime: time,
});
export type AdminLedgerEntry = z.infer<typeof ledgerView>;

const userDetail = z.strictObject({
  user: adminUser,
  enterprise: z
    .strictObject({
      id: str,
      name: str,
      entitlements,
      members: z.array(z.strictObject({ id: str, phone: str, nickName: str, isAdmin: z.boolean() })),
    })
    .nullable(),
  ledger: z.array(ledgerView),
});
export type AdminUserDetail = z.infer<typeof userDetail>;

export const adminOrder = z.strictObject({
  id: str,
  orderNo: str,
  tenantId: str,
  userId: str,
  userPhone: str,
  title: str,
  unitType: int,
  bidType: int.nullable(),
  number: int,
  validDay: int,
  amount: money,
  payType: int,
  provider: str,
  status: int,
  statusName: str,
  refundState: str,
  refundReason: str,
  providerTxnId: str,
  flag: str,
  createTime: time,
  paidTime: time,
  refundTime: time,
});
export type AdminOrder = z.infer<typeof adminOrder>;

const providerView = z.strictObject({
  provider: str,
  /** refunded: the provider refunded it in full (WeChat Pay), or — Alipay's TRADE_CLOSED and the sandbox — our order is refunded */
  state: z.enum(['paid', 'unpaid', 'closed', 'refunded', 'unknown']),
  txnId: str,
  amount: money.nullable(),
  detail: str,
});
export type AdminProviderView = z.infer<typeof providerView>;

const inviteResult = z.strictObject({ operator: operatorView, link: str, expiresIn: int });
export type OperatorInvite = z.infer<typeof inviteResult>;

const adminPackage = z.strictObject({
  id: str,
  tenantId: str,
  title: str,
  type: int,
  unitType: int,
  money,
  strokeMoney: money,
  validDay: int,
  describes: str,
  cornerMark: str,
  bidType: int.nullable(),
  privilegeValueList: z.array(str),
  sort: int,
  enabled: z.boolean(),
  updateTime: time,
});
export type AdminPackage = z.infer<typeof adminPackage>;

const yuan = (min: number) =>
  z.coerce
    .number()
    .min(min)
    .max(1_000_000)
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { error: '最多两位小数' });

/** A recharge option as the operator edits it (spec §3); `describes` may hold `{count}` (the quantity bought). */
const packageInput = z
  .object({
    id: id.optional(),
    tenantId,
    title: z.string().trim().min(1).max(40),
    type: z.union([z.literal(1), z.literal(2)]),
    unitType: z.union([z.literal(1), z.literal(2)]),
    money: yuan(0.01),
    strokeMoney: yuan(0).default(0),
    validDay: z.coerce.number().int().min(0).max(3650).default(0),
    describes: z.string().trim().max(200).default(''),
    cornerMark: z.string().trim().max(20).default(''),
    bidType: z.union([z.literal(1), z.literal(2)]).nullable().default(null),
    privilegeValueList: z.array(z.enum(Object.keys(PRIVILEGES) as [PrivilegeId, ...PrivilegeId[]])).max(20).default([]),
    sort: z.coerce.number().int().min(0).max(10000).default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.unitType === 1 && v.validDay < 1) ctx.addIssue({ code: 'custom', path: ['validDay'], message: '按时长的套餐需填写有效天数' });
    if (v.unitType === 2 && v.bidType === null) ctx.addIssue({ code: 'custom', path: ['bidType'], message: '按份数的套餐需选择标书版本' });
  });

export const couponTemplate = z.strictObject({
  id: str,
  tenantId: str,
  kind: str,
  kindName: str,
  title: str,
  discountAmount: money,
  minAmount: money,
  validDays: int,
  enabled: z.boolean(),
  /** the campaign's window, 'YYYY-MM-DD HH:mm' Asia/Shanghai; '' = open */
  startTime: str,
  endTime: str,
  /** whether the template may be issued now: enabled and inside its window */
  issuable: z.boolean(),
  /** redeem codes of the batch and how many of them were used at least once */
  codes: int,
  usedCodes: int,
  createTime: time,
});
export type AdminCouponTemplate = z.infer<typeof couponTemplate>;

/* ---- calls ---- */

export const adminCalls = {
  sendCode: adminCall('public', {
    path: '/btz/admin/auth/send-code',
    query: z.object({ phone }),
    labels: { phone: '手机号' },
    response: z.strictObject({ key: str, interval: int }),
  }),
  /** phone + SMS code; with `ticket` (the one-time link) the first sign-in, which binds the phone */
  signIn: adminCall('public', {
    path: '/btz/admin/auth/sign-in',
    body: z.object({ phone, key: z.string().trim().min(1).max(64), code: z.string().trim().min(4).max(8), ticket: z.string().trim().max(128).optional() }),
    labels: { phone: '手机号', key: '验证码标识', code: '短信验证码', ticket: '登录链接' },
    response: signedIn,
  }),
  /** what a one-time link is for (before the phone is entered) */
  ticketInfo: adminCall('public', {
    path: '/btz/admin/auth/ticket',
    query: z.object({ ticket: z.string().trim().min(1).max(128) }),
    labels: { ticket: '登录链接' },
    response: z.strictObject({ roleName: str, tenantName: str, name: str }),
  }),
  me: adminCall('operator', { path: '/btz/admin/auth/me', response: operatorView }),
  signOut: adminCall('operator', { path: '/btz/admin/auth/sign-out', response: z.null() }),

  tenants: adminCall('operator', { path: '/btz/admin/tenants/list', response: z.array(tenantView) }),

  operators: adminCall('super', {
    path: '/btz/admin/operators/list',
    query: z.object({ tenantId }),
    labels: { tenantId: '租户' },
    response: z.array(operatorView),
  }),
  inviteOperator: adminCall('super', {
    path: '/btz/admin/operators/invite',
    body: z.object({ tenantId: z.string().trim().min(1).max(64), name: z.string().trim().min(1).max(40) }),
    labels: { tenantId: '租户', name: '姓名' },
    response: inviteResult,
  }),
  setOperatorStatus: adminCall('super', {
    path: '/btz/admin/operators/status',
    body: z.object({ id, status: z.union([z.literal(1), z.literal(2)]) }),
    labels: { id: '运营人员', status: '状态' },
    response: operatorView,
  }),

  audit: adminCall('operator', {
    path: '/btz/admin/audit/list',
    query: z.object({ current, size, tenantId, action: z.string().trim().max(64).optional(), targetId: z.string().trim().max(64).optional() }),
    labels: { ...PAGING, tenantId: '租户', action: '操作', targetId: '对象' },
    response: pageOf(auditView),
  }),

  users: adminCall('operator', {
    path: '/btz/admin/users/search',
    query: z.object({ current, size, tenantId, keyword: z.string().trim().max(40).optional() }),
    labels: { ...PAGING, tenantId: '租户', keyword: '手机号或姓名' },
    response: pageOf(adminUser),
  }),
  user: adminCall('operator', {
    path: '/btz/admin/users/detail',
    query: z.object({ id }),
    labels: { id: '用户' },
    response: userDetail,
  }),
  grant: adminCall('operator', {
    path: '/btz/admin/users/grant',
    body: z.object({
      userId: id,
      /** vip: days of VIP; common / flagship: copies */
      field: z.enum(['vip', 'common', 'flagship']),
      amount: z.coerce.number().int().min(1).max(3650),
      /** the enterprise's entitlements instead of the user's own */
      toEnterprise: z.boolean().optional(),
      reason,
    }),
    labels: { userId: '用户', field: '赠送内容', amount: '数量', toEnterprise: '赠送给企业', reason: '原因' },
    response: userDetail,
  }),
  setUserStatus: adminCall('operator', {
    path: '/btz/admin/users/status',
    body: z.object({ userId: id, status: z.union([z.literal(1), z.literal(2)]), reason }),
    labels: { userId: '用户', status: '状态', reason: '原因' },
    response: adminUser,
  }),

  orders: adminCall('operator', {
    path: '/btz/admin/orders/search',
    query: z.object({
      current,
      size,
      tenantId,
      keyword: z.string().trim().max(40).optional(),
      status: z.coerce.number().int().min(1).max(4).optional(),
      payType: z.coerce.number().int().min(1).max(2).optional(),
    }),
    labels: { ...PAGING, tenantId: '租户', keyword: '订单号或手机号', status: '订单状态', payType: '支付方式' },
    response: pageOf(adminOrder),
  }),
  orderProvider: adminCall('operator', {
    path: '/btz/admin/orders/provider',
    query: z.object({ id }),
    labels: { id: '订单' },
    response: providerView,
  }),
  packages: adminCall('operator', {
    path: '/btz/admin/packages/list',
    query: z.object({ tenantId }),
    labels: { tenantId: '租户' },
    response: z.array(adminPackage),
  }),
  /** creates (no `id`) or edits a recharge option; orders already made keep the option as it was (their snapshot) */
  savePackage: adminCall('operator', {
    path: '/btz/admin/packages/save',
    body: packageInput,
    labels: {
      id: '套餐',
      tenantId: '租户',
      title: '标题',
      type: '套餐类型',
      unitType: '计费方式',
      money: '价格',
      strokeMoney: '原价',
      validDay: '有效天数',
      describes: '描述',
      cornerMark: '角标',
      bidType: '标书版本',
      privilegeValueList: '权益',
      sort: '排序',
      enabled: '上架',
    },
    response: adminPackage,
  }),
  coupons: adminCall('operator', {
    path: '/btz/admin/coupons/list',
    query: z.object({ tenantId }),
    labels: { tenantId: '租户' },
    response: z.array(couponTemplate),
  }),
  /** a redeem-code batch: a coupon template and `count` one-use codes of it */
  redeemBatch: adminCall('operator', {
    path: '/btz/admin/coupons/redeem-batch',
    body: z.object({
      tenantId,
      title: z.string().trim().min(1).max(40),
      discountAmount: yuan(0.01),
      minAmount: yuan(0).default(0),
      validDays: z.coerce.number().int().min(1).max(3650),
      count: z.coerce.number().int().min(1).max(5000),
      /** the codes stop working after this many days (none: never) */
      codeDays: z.coerce.number().int().min(1).max(3650).optional(),
    }),
    labels: { tenantId: '租户', title: '名称', discountAmount: '优惠金额', minAmount: '使用门槛', validDays: '券有效天数', count: '兑换码数量', codeDays: '兑换码有效天数' },
    response: couponTemplate,
  }),
  /** the batch's codes as CSV (code, uses, max uses, expiry) — the screen saves it as a file */
  redeemCodes: adminCall('operator', {
    path: '/btz/admin/coupons/redeem-codes',
    query: z.object({ id }),
    labels: { id: '兑换码批次' },
    response: z.strictObject({ fileName: str, csv: str }),
  }),
  refund: adminCall('operator', {
    path: '/btz/admin/orders/refund',
    body: z.object({ id, reason }),
    labels: { id: '订单', reason: '退款原因' },
    response: adminOrder,
  }),
};

/** Chinese names of the audited actions (the console's audit list). */
export const ADMIN_ACTION_NAMES: Record<string, string> = {
  'operator.sign_in': '运营人员登录',
  'operator.bind_phone': '首次登录绑定手机号',
  'operator.invite': '邀请运营人员',
  'operator.status': '启用/停用运营人员',
  'user.grant': '赠送权益',
  'user.status': '启用/停用账号',
  'order.refund': '订单退款',
  'package.create': '新增套餐',
  'package.update': '修改套餐',
  'coupon.redeem_batch': '生成兑换码',
  'content.create': '新建内容',
  'content.update': '修改内容',
  'content.publish': '发布内容',
  'content.unpublish': '下线内容',
  'feedback.reply': '回复用户反馈',
  'brand.update': '修改品牌设置',
  'brand.hosts': '修改域名映射',
  'brand.route_rule': '修改路由规则',
};
