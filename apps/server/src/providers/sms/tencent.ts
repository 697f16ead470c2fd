import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import { SmsSendError, scrubVendorMessage, templateValues, vendorFetch, type SmsProvider, type SmsPurpose } from './types.js';

/**
 * Tencent Cloud SMS (API 3.0, SendSms 2021-01-11) signed with TC3-HMAC-SHA256:
 * - CanonicalRequest = `POST\n/\n\n` + the signed headers as `name:value\n` (lower-case, sorted) + `\n` + their names
 *   joined by `;` + `\n` + hex(SHA256(body));
 * - StringToSign = `TC3-HMAC-SHA256\n<X-TC-Timestamp>\n<UTC date>/sms/tc3_request\n` + hex(SHA256(CanonicalRequest));
 * - key = HMAC-SHA256 chain "TC3"+SecretKey → date → service → "tc3_request"; Signature = hex(HMAC-SHA256(key, StringToSign));
 * - headers Authorization, X-TC-Action / -Version / -Timestamp / -Region.
 * The answer is `{ Response: { SendStatusSet: [{ Code: "Ok", … }], RequestId } }` or `{ Response: { Error: { Code, Message } } }`.
 */
export interface TencentSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  appId: string;
  signName: string;
  templateId: string;
  templateParams: Config['smsTemplateParams'];
  region: string;
  endpoint: string;
  timeoutMs: number;
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

export interface Tc3Input {
  secretKey: string;
  service: string;
  /** X-TC-Timestamp, seconds */
  timestamp: number;
  /** the signed headers, any case; their values are trimmed and lower-cased as the canonical request wants */
  headers: Record<string, string>;
  payload: string;
}

export function tc3CanonicalRequest(headers: Record<string, string>, payload: string): { canonicalRequest: string; signedHeaders: string } {
  const entries = Object.entries(headers)
    .map(([k, v]) => [k.trim().toLowerCase(), v.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = entries.map(([k]) => k).join(';');
  const canonicalHeaders = entries.map(([k, v]) => `${k}:${v}\n`).join('');
  return { canonicalRequest: `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256Hex(payload)}`, signedHeaders };
}

export function tc3Signature(i: Tc3Input): { signature: string; signedHeaders: string; credentialScope: string } {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const credentialScope = `${date}/${i.service}/tc3_request`;
  const { canonicalRequest, signedHeaders } = tc3CanonicalRequest(i.headers, i.payload);
  const stringToSign = `TC3-HMAC-SHA256\n${i.timestamp}\n${credentialScope}\n${sha256Hex(canonicalRequest)}`;
  const key = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  return { signature: createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex'), signedHeaders, credentialScope };
}

/** Per-number flow control (30 s / hour / day / same content) and API throttling. */
const RATE_LIMITED = /^(LimitExceeded\.PhoneNumber\w*|RequestLimitExceeded(\..*)?)$/;

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(
    private readonly o: TencentSmsOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(phone: string, code: string, _purpose: SmsPurpose, ttlS: number): Promise<void> {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: this.o.appId,
      SignName: this.o.signName,
      TemplateId: this.o.templateId,
      TemplateParamSet: templateValues(this.o.templateParams, code, ttlS).map((p) => p.value),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = { 'Content-Type': 'application/json; charset=utf-8', Host: new URL(this.o.endpoint).host, 'X-TC-Action': 'SendSms' };
    const { signature, signedHeaders, credentialScope } = tc3Signature({ secretKey: this.o.accessKeySecret, service: 'sms', timestamp, headers: signed, payload });
    const { Host: _host, ...sent } = signed; // fetch sets Host from the URL itself
    const res = await vendorFetch(
      this.fetchImpl,
      this.o.endpoint,
      {
        method: 'POST',
        headers: {
          ...sent,
          Authorization: `TC3-HMAC-SHA256 Credential=${this.o.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Version': '2021-01-11',
          'X-TC-Region': this.o.region,
        },
        body: payload,
      },
      this.o.timeoutMs,
    );
    let r: any = null;
    try {
      r = (JSON.parse(res.text) as { Response?: unknown }).Response ?? null;
    } catch {
      /* not JSON */
    }
    const failure = r?.Error ?? (Array.isArray(r?.SendStatusSet) ? r.SendStatusSet[0] : null);
    const vendorCode = typeof failure?.Code === 'string' ? failure.Code : `HTTP_${res.status}`;
    if (res.status === 200 && !r?.Error && vendorCode === 'Ok') return;
    throw new SmsSendError(vendorCode, RATE_LIMITED.test(vendorCode), scrubVendorMessage(failure?.Message, phone, code));
  }
}
