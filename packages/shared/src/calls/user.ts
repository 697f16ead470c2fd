import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type { InvitedUser, RouteRule, UserInfo, UserSessionItem } from '../api/user.js';
import { EMAIL_PATTERN } from '../rules/phone.js';
import { phoneField, sendCodeResult } from './auth.js';
import { pageOf, time } from './answers.js';
import { ownImagePath } from './content.js';

/**
 * The current user (spec §7 "User"): its info and editable fields, the role switch, its invitations, the phone change
 * (send-code-present → validate-code → ticket, then send-code → update-phone), and the per-path route rules.
 */

/** `2021-02-30` has the right shape but is no day of the calendar. */
function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const flag = z.coerce.number().int().min(0).max(1);
/** The editable fields of update-info (UPDATABLE_USER_FIELDS), each optional; an unknown field is refused. */
const updateInfo = z
  .object({
    nickName: z.string().trim().min(1).max(30),
    realName: z.string().trim().max(30),
    name: z.string().trim().max(100),
    avatar: ownImagePath(),
    sex: z.coerce.number().int().min(0).max(2),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '格式应为 YYYY-MM-DD' })
      .refine(isCalendarDate, { error: '不是有效的日期' }),
    email: z.string().trim().max(100).regex(EMAIL_PATTERN, { error: '邮箱格式不正确' }),
    province: z.string().trim().max(30),
    city: z.string().trim().max(30),
    district: z.string().trim().max(30),
    regionCode: z.string().trim().regex(/^\d{0,12}$/, { error: '应为数字行政区划代码' }),
    address: z.string().trim().max(200),
    bidFileShowFlag: flag,
    projectListShowFlag: flag,
    guide: flag,
  })
  .partial()
  .strict();
const UPDATE_LABELS: Record<string, string> = {
  nickName: '昵称',
  realName: '真实姓名',
  name: '公司名称',
  avatar: '头像',
  sex: '性别',
  birthday: '生日',
  email: '邮箱',
  province: '省份',
  city: '城市',
  district: '区县',
  regionCode: '行政区划代码',
  address: '地址',
  bidFileShowFlag: '标书文件显示',
  projectListShowFlag: '项目列表显示',
  guide: '新手引导',
};

const smsKey = z.string().min(1).max(64);
const smsCode = z.string().min(1).max(8);

/* ---- answers ---- */

const int = z.number().int();
export const userInfo: z.ZodType<UserInfo> = z.strictObject({
  id: z.string(),
  account: z.string(),
  source: int,
  bidNumber: int,
  name: z.string(),
  bidFileShowFlag: int,
  projectListShowFlag: int,
  rights: z.array(z.string()),
  tenantId: z.string(),
  birthday: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  regionCode: z.string(),
  realName: z.string(),
  sex: int,
  address: z.string(),
  isBindWeChat: int,
  isTeamAdmin: int,
  privilegeList: z.array(z.string()),
  vipExpiryTime: z.string(),
  inviteUrl: z.string(),
  createTime: time,
  isNewUser: int,
  email: z.string(),
  inviteCode: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  guide: int,
  commonBidNumber: int,
  flagshipBidNumber: int,
  isVip: int,
  loginRole: int,
  team: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  isEmployee: int,
  maskPhone: z.string(),
});
const invitedUser: z.ZodType<InvitedUser> = z.strictObject({ id: z.string(), maskPhone: z.string(), nickName: z.string(), createTime: time });
const userSession: z.ZodType<UserSessionItem> = z.strictObject({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createTime: time,
  current: z.boolean(),
});
const routeRule: z.ZodType<RouteRule> = z.strictObject({
  redirect: z.string().optional(),
  absolute: z.boolean().optional(),
  appMiddleware: z.array(z.string()).optional(),
});

export const userCalls = {
  getInfo: defineCall({ path: '/btz/user/get-info', auth: true, response: userInfo }),
  routeRules: defineCall({
    path: '/btz-skip/route-rules',
    auth: false,
    query: z.object({ path: z.string().min(1).max(500) }),
    labels: { path: '路径' },
    response: routeRule.nullable(),
  }),
  /** answers the user as get-info does, after the change */
  updateInfo: defineCall({
    path: '/btz/user/update-info',
    auth: true,
    query: updateInfo,
    labels: UPDATE_LABELS,
    response: userInfo,
  }),
  /** multipart: file (a picture, ≤ 5 MB) → the user's avatar, a server-made JPEG at `/avatar/{sha256}.jpg`; answers get-info */
  uploadAvatar: defineCall({ path: '/btz/user/avatar', auth: true, fields: z.strictObject({}), response: userInfo }),
  /** 0 personal, 1 enterprise (the enterprise is created on the first switch to it) */
  switchRole: defineCall({
    path: '/btz/user/switch-role',
    auth: true,
    query: z.object({ loginRole: z.coerce.number().int().min(0).max(1) }),
    labels: { loginRole: '登录身份' },
    response: userInfo,
  }),
  inviteUserList: defineCall({
    path: '/btz/user/invite-user-list',
    auth: true,
    query: z.object({
      current: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(10),
    }),
    labels: { current: '页码', size: '每页条数' },
    response: pageOf(invitedUser),
  }),
  /** a code to the present phone (the first step of a phone change) */
  sendCodePresent: defineCall({
    path: '/btz/user/send-code-present',
    auth: true,
    response: sendCodeResult,
  }),
  /** the present phone's code → a ticket update-phone asks for */
  validateCode: defineCall({
    path: '/btz/user/validate-code',
    auth: true,
    query: z.object({ key: smsKey, code: smsCode }),
    labels: { key: '验证码标识', code: '短信验证码' },
    response: z.strictObject({ ticket: z.string().min(1) }),
  }),
  /** a code to the new phone */
  sendCode: defineCall({
    path: '/btz/user/send-code',
    auth: true,
    query: z.object({ phone: phoneField() }),
    labels: { phone: '新手机号' },
    response: sendCodeResult,
  }),
  updatePhone: defineCall({
    path: '/btz/user/update-phone',
    auth: true,
    query: z.object({ phone: phoneField(), key: smsKey, code: smsCode, ticket: z.string().max(512).optional() }),
    labels: { phone: '新手机号', key: '验证码标识', code: '短信验证码', ticket: '原手机号验证凭证' },
    response: userInfo,
  }),
  /** the account's live sign-ins (sessions neither revoked nor expired), newest first */
  sessions: defineCall({ path: '/btz/user/sessions', auth: true, response: z.array(userSession) }),
  /** 退出所有设备: revokes every session of the account, this one included (its tokens and realtime connections end) */
  logoutAll: defineCall({ path: '/btz/user/logout-all', auth: true, response: z.strictObject({ count: z.number().int().min(0) }) }),
  /** unbinds WeChat from an account that can still sign in by phone */
  unbindWechat: defineCall({ path: '/btz/user/unbind-wechat', auth: true, response: userInfo }),
};
