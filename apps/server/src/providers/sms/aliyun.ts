import { createHmac, randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import { SmsSendError, scrubVendorMessage, templateValues, vendorFetch, type SmsProvider, type SmsPurpose } from './types.js';

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) signed with the RPC signature (SignatureVersion 1.0, HMAC-SHA1):
 * - every parameter but `Signature`, sorted by name, each name and value percent-encoded (RFC 3986: everything but
 *   A–Z a–z 0–9 `-_.~` as %XY of its UTF-8 bytes, so a space is %20, `*` is %2A and `~` stays), joined `k=v&…`;
 * - StringToSign = `<METHOD>&%2F&` + percentEncode(that string);
 * - Signature = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign)), sent as the `Signature` parameter.
 * The call is a form-encoded POST; the answer is `{ Code: "OK", BizId, RequestId }` or `{ Code, Message, RequestId }`.
 */
export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateId: string;
  templateParams: Config['smsTemplateParams'];
  regionId: string;
  endpoint: string;
  timeoutMs: number;
}

export function aliyunPercentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function aliyunStringToSign(method: string, params: Record<string, string>): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k]!)}`)
    .join('&');
  return `${method.toUpperCase()}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
}

export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(aliyunStringToSign(method, params), 'utf8').digest('base64');
}

/** The vendor's flow-control answers for a number (per minute / hour / day) and API throttling. */
const RATE_LIMITED = /^(isv\.BUSINESS_LIMIT_CONTROL|isv\.DAY_LIMIT_CONTROL|Throttling(\..*)?)$/;

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly o: AliyunSmsOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(phone: string, code: string, _purpose: SmsPurpose, ttlS: number): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: this.o.regionId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      PhoneNumbers: phone,
      SignName: this.o.signName,
      TemplateCode: this.o.templateId,
      TemplateParam: JSON.stringify(Object.fromEntries(templateValues(this.o.templateParams, code, ttlS).map((p) => [p.name, p.value]))),
    };
    params.Signature = aliyunSignature('POST', params, this.o.accessKeySecret);
    const body = Object.entries(params)
      .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
      .join('&');
    const res = await vendorFetch(
      this.fetchImpl,
      this.o.endpoint,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' }, body },
      this.o.timeoutMs,
    );
    let answer = null as { Code?: unknown; Message?: unknown } | null;
    try {
      answer = JSON.parse(res.text) as typeof answer;
    } catch {
      /* not JSON: judged by the status below */
    }
    const vendorCode = typeof answer?.Code === 'string' ? answer.Code : `HTTP_${res.status}`;
    if (res.status === 200 && vendorCode === 'OK') return;
    throw new SmsSendError(vendorCode, RATE_LIMITED.test(vendorCode), scrubVendorMessage(answer?.Message, phone, code));
  }
}
