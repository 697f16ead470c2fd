import type { Config } from '../../config.js';

export type SmsPurpose = 'login' | 'present' | 'change' | 'wx-confirm' | 'admin';

/** The outside world's SMS gateway. The console default writes the code to the server log. */
export interface SmsProvider {
  readonly name: string;
  /** Sends the code or throws an SmsSendError; never logs the code (but the console provider, made for development). */
  send(phone: string, code: string, purpose: SmsPurpose, ttlS: number): Promise<void>;
}

/**
 * A send the vendor refused or did not answer. `rateLimited`: the vendor's flow control for this number (the user should
 * wait); `vendorCode`: the vendor's error code (or TIMEOUT / NETWORK / HTTP_nnn) for the log, never shown to the user.
 */
export class SmsSendError extends Error {
  constructor(
    readonly vendorCode: string,
    readonly rateLimited: boolean,
    readonly vendorMessage = '',
  ) {
    super(`sms: ${vendorCode}${vendorMessage ? ` ${vendorMessage}` : ''}`);
  }
}

/** The Chinese message the user reads for a failed send. */
export const smsFailureText = (e: SmsSendError) => (e.rateLimited ? '短信发送过于频繁，请稍后再试' : '短信发送失败，请稍后重试');

/** The template's variables for one send (SMS_TEMPLATE_PARAMS): the code, and the validity in minutes where asked. */
export function templateValues(params: Config['smsTemplateParams'], code: string, ttlS: number): { name: string; value: string }[] {
  return params.map((p) => ({ name: p.name, value: p.value === 'code' ? code : String(Math.max(1, Math.round(ttlS / 60))) }));
}

/** fetch with the send's timeout; a timeout or a connection failure becomes an SmsSendError. */
export async function vendorFetch(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; text: string }> {
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new SmsSendError('TIMEOUT', false, `no answer in ${timeoutMs} ms`);
    throw new SmsSendError('NETWORK', false, (err as Error).message);
  }
}

/** A vendor's message fit for the log: the code and the phone number taken out (some vendors echo the request back). */
export function scrubVendorMessage(message: unknown, phone: string, code: string): string {
  if (typeof message !== 'string') return '';
  return message.split(code).join('******').split(phone).join(`${phone.slice(0, 3)}****${phone.slice(7)}`).slice(0, 300);
}
