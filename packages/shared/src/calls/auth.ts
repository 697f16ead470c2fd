import * as z from 'zod';
import { defineCall } from '../api/contract.js';
import type { ImageCaptcha, QrCodeResult, QrStateResult, SendCodeResult, TokenFailure, TokenResponse } from '../api/auth.js';
import { PHONE_PATTERN } from '../rules/phone.js';

/**
 * Login and logout (spec §7 "Auth", CONVENTIONS.md "WeChat QR login"): SMS codes, the image captcha, the BladeX token
 * endpoint, the login QR and the logged-in QR that binds WeChat to an account.
 */

export const phoneField = () =>
  z.string({ error: '请输入手机号' }).regex(PHONE_PATTERN, { error: '格式不正确，请输入 11 位中国大陆手机号' });
const tager = z.string({ error: '缺少二维码标识' }).min(8).max(64);
const invitationCode = z.string().max(32).optional();

/**
 * The token endpoint's parameters (query string, or a form / JSON body): one shape per `grant_type`. The route validates
 * them itself, since a failure answers the BladeX shape (`{ success: false, error_description }`), not the envelope.
 */
export const tokenParamsSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('sms_code'),
    username: phoneField(),
    tenantId: z.string().optional(),
    source: z.coerce.number().int().optional(),
    invitation_code: invitationCode,
  }),
  z.object({
    grant_type: z.literal('social'),
    code: z.string({ error: '缺少微信授权码' }).min(1).max(512),
    tenantId: z.string().optional(),
    source: z.coerce.number().int().optional(),
    invitation_code: invitationCode,
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(2048),
    tenantId: z.string().optional(),
  }),
]);

export const TOKEN_LABELS = { username: '手机号', code: '微信授权码', grant_type: '登录方式', refresh_token: '刷新令牌' };

/* ---- answers ---- */

const tokenFields = {
  access_token: z.string().min(1),
  token_type: z.literal('bearer'),
  refresh_token: z.string().min(1),
  expires_in: z.number().int(),
  scope: z.literal('all'),
  tenant_id: z.string(),
  user_id: z.string(),
  account: z.string(),
  user_name: z.string(),
  nick_name: z.string(),
  avatar: z.string(),
  role_name: z.string(),
  login_role: z.number().int(),
  jti: z.string(),
};
const tokenResponse: z.ZodType<TokenResponse> = z.strictObject({ ...tokenFields, success: z.literal(true).optional() });
const tokenFailure: z.ZodType<TokenFailure> = z.strictObject({
  success: z.literal(false),
  error_code: z.number().int(),
  error_description: z.string().min(1),
});
export const sendCodeResult: z.ZodType<SendCodeResult> = z.strictObject({ key: z.string().min(1), interval: z.number().int().min(0) });
const qrCodeResult: z.ZodType<QrCodeResult> = z.strictObject({ tager: z.string().min(1), qrUrl: z.string().min(1), expiresIn: z.number() });
const qrStateResult: z.ZodType<QrStateResult> = z
  .strictObject({ state: z.enum(['waiting', 'scanned', 'confirmed', 'expired']), ...tokenFields, success: z.literal(true) })
  .partial()
  .required({ state: true });
const imageCaptcha: z.ZodType<ImageCaptcha> = z.strictObject({ captchaId: z.string().min(1), image: z.string().startsWith('data:image/png;base64,') });

export const authCalls = {
  /** headers of the SMS login: `Captcha-Key` (send-code's key) and `Captcha-Code` (the code typed) */
  token: defineCall({
    path: '/blade-auth/oauth/token',
    auth: false,
    query: tokenParamsSchema,
    labels: TOKEN_LABELS,
    envelope: false,
    response: z.union([tokenResponse, tokenFailure]),
  }),
  /** revokes the `Blade-Auth` token sent (if any); an already invalid one is still a success */
  logout: defineCall({ path: '/blade-auth/oauth/logout', auth: false, response: z.null() }),
  sendCode: defineCall({
    path: '/btz-skip/send-code',
    auth: false,
    query: z.object({ phone: phoneField(), captchaId: z.string().max(64).optional(), captchaCode: z.string().max(16).optional() }),
    labels: { phone: '手机号', captchaCode: '图形验证码' },
    response: sendCodeResult,
  }),
  captcha: defineCall({ path: '/btz-skip/captcha', auth: false, response: imageCaptcha }),
  qrCode: defineCall({
    path: '/btz-skip/qr-code',
    auth: false,
    // the desktop's invitation code rides on the QR: the account a phone creates by confirming it is credited with it
    query: z.object({ invitation_code: invitationCode.catch(undefined) }),
    response: qrCodeResult,
  }),
  qrCodeState: defineCall({
    path: '/btz-skip/qr-code-state',
    auth: false,
    query: z.object({ tager }),
    labels: { tager: '二维码标识' },
    response: qrStateResult,
  }),
  /** binding WeChat to the logged-in account: our own call creates the QR, the spec's call polls it */
  bindQrCode: defineCall({ path: '/btz/user/qr-code', auth: true, response: qrCodeResult }),
  bindQrCodeState: defineCall({
    path: '/btz/user/qr-code-state',
    auth: true,
    query: z.object({ tager }),
    labels: { tager: '二维码标识' },
    response: qrStateResult,
  }),
};
