import { LOGIN_SOURCE, type TokenFailure, type TokenResponse } from '@btz/shared';
import type { authCalls, CallQueryIn } from '@btz/shared/calls';
import { boot } from '../lib/boot';
import { readAdClickId, readInvitationCode } from '../lib/attribution';
import { callApi } from './call';

/* Defined in `@btz/shared/calls` (authCalls), named by type only: the login screens load with the first page. */
type Calls = typeof authCalls;

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
export function requestToken(input: PhoneLoginInput): Promise<TokenResponse | TokenFailure> {
  const { tenantId } = boot();
  const query: CallQueryIn<Calls['token']> = {
    tenantId,
    username: input.phone,
    grant_type: 'sms_code',
    source: LOGIN_SOURCE.phone,
    invitation_code: readInvitationCode() || undefined,
  };
  return callApi<Calls['token']>('/blade-auth/oauth/token', { query }, {
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
}

export const revokeToken = () =>
  callApi<Calls['logout']>('/blade-auth/oauth/logout', {}, { silent: true, repeatSubmit: false }).then(() => undefined);

export type SendCodeInput = CallQueryIn<Calls['sendCode']>;

/** `POST /btz-skip/send-code?phone=` (with `&captchaId=&captchaCode=` when the server asked for an image captcha). */
export const sendSmsCode = (input: SendCodeInput) =>
  callApi<Calls['sendCode']>('/btz-skip/send-code', { query: input }, { authorize: false, silent: true });

export const fetchImageCaptcha = () =>
  callApi<Calls['captcha']>('/btz-skip/captcha', {}, { authorize: false, repeatSubmit: false });

export const requestLoginQr = () =>
  callApi<Calls['qrCode']>('/btz-skip/qr-code', { query: { invitation_code: readInvitationCode() || undefined } }, {
    authorize: false,
    repeatSubmit: false,
  });

export const pollLoginQr = (tager: string) =>
  callApi<Calls['qrCodeState']>('/btz-skip/qr-code-state', { query: { tager } }, { authorize: false, repeatSubmit: false, silent: true });
