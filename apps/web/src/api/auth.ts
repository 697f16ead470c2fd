import {
  LOGIN_SOURCE,
  type ImageCaptcha,
  type QrCodeResult,
  type QrStateResult,
  type SendCodeResult,
  type TokenFailure,
  type TokenResponse,
} from '@btz/shared';
import { boot } from '../lib/boot';
import { readAdClickId, readInvitationCode } from '../lib/attribution';
import { http, postParams } from './request';

export interface PhoneLoginInput {
  phone: string;
  /** the key send-code answered (`Captcha-Key`) */
  codeKey: string;
  /** the SMS code the user typed (`Captcha-Code`) */
  code: string;
}

/**
 * Spec §7 `POST /blade-auth/oauth/token`, phone login: params tenantId, username, grant_type=sms_code, source,
 * invitation_code; headers Tenant-Id, Captcha-Key, Captcha-Code, msclkid. No user token; the raw body is read.
 */
export async function requestToken(input: PhoneLoginInput): Promise<TokenResponse | TokenFailure> {
  const { tenantId } = boot();
  const res = await http.post<TokenResponse | TokenFailure>('/blade-auth/oauth/token', undefined, {
    params: {
      tenantId,
      username: input.phone,
      grant_type: 'sms_code',
      source: LOGIN_SOURCE.phone,
      invitation_code: readInvitationCode() || undefined,
    },
    headers: {
      'Tenant-Id': tenantId,
      'Captcha-Key': input.codeKey,
      'Captcha-Code': input.code,
      msclkid: readAdClickId() || undefined,
    },
    authorize: false,
    raw: true,
    silent: true,
  });
  return res.data;
}

export const revokeToken = () =>
  http.post('/blade-auth/oauth/logout', undefined, { silent: true, repeatSubmit: false }).then(() => undefined);

export interface SendCodeInput {
  phone: string;
  captchaId?: string;
  captchaCode?: string;
}

/** `POST /btz-skip/send-code?phone=` (with `&captchaId=&captchaCode=` when the server asked for an image captcha). */
export const sendSmsCode = (input: SendCodeInput) =>
  postParams<SendCodeResult>('/btz-skip/send-code', input, { authorize: false, silent: true });

export const fetchImageCaptcha = () =>
  postParams<ImageCaptcha>('/btz-skip/captcha', undefined, { authorize: false, repeatSubmit: false });

export const requestLoginQr = () =>
  postParams<QrCodeResult>('/btz-skip/qr-code', { invitation_code: readInvitationCode() || undefined }, {
    authorize: false,
    repeatSubmit: false,
  });

export const pollLoginQr = (tager: string) =>
  postParams<QrStateResult>('/btz-skip/qr-code-state', { tager }, { authorize: false, repeatSubmit: false, silent: true });
