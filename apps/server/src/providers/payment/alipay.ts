import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { fenToYuanString } from '@btz/shared';
import { formatTime } from '../../lib/time.js';
import { loadPrivateKey, loadPublicKey } from './keys.js';
import {
  ProviderError,
  type CreateRequest,
  type NotifyResult,
  type PaymentProvider,
  type QueryResult,
  type RefundRequest,
  type RefundResult,
} from './types.js';

/**
 * Alipay open platform (gateway.do, RSA2) with node:crypto only (TECH-NOTES.md Payments):
 * - requests: common params + `biz_content`, signed RSA-SHA256 over the sorted `k=v&…` of every non-empty param but
 *   `sign`, sent form-encoded; answers are verified over the raw JSON text of `<method>_response`;
 * - async notify: form-encoded; drop `sign`/`sign_type`, sort, join `k=v&…` (URL-decoded values), RSA-SHA256 with the
 *   Alipay public key; the shop answers plain `success`. `total_amount` is yuan with two decimals.
 */
export interface AlipayOptions {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

/** The string Alipay signs: sorted `k=v` pairs, empty values and the excluded keys left out. */
export function alipaySignContent(params: Record<string, string>, exclude: string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(content: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The raw text of the JSON value of `"key":` in `json` (Alipay signs the answer object exactly as sent). */
export function rawJsonMember(json: string, key: string): string | null {
  const at = json.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = json.indexOf(':', at + key.length + 2);
  if (i < 0) return null;
  i++;
  while (/\s/.test(json[i] ?? '')) i++;
  if (json[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < json.length; j++) {
    const c = json[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return json.slice(i, j + 1);
  }
  return null;
}

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(
    private readonly o: AlipayOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.privateKey = loadPrivateKey(o.privateKey, 'ALIPAY_PRIVATE_KEY');
    this.publicKey = loadPublicKey(o.alipayPublicKey, 'ALIPAY_PUBLIC_KEY');
  }

  private async call(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Promise<any> {
    const params: Record<string, string> = {
      app_id: this.o.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatTime(new Date()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = rsa2Sign(alipaySignContent(params), this.privateKey);
    const res = await this.fetchImpl(this.o.gateway, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new ProviderError(`alipay ${method}: HTTP ${res.status}`);
    const key = `${method.replace(/\./g, '_')}_response`;
    const raw = rawJsonMember(text, key);
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderError(`alipay ${method}: answer is not JSON`);
    }
    const answer = parsed?.[key];
    if (!raw || !answer) throw new ProviderError(`alipay ${method}: no ${key}`);
    // Error answers (code ≠ 10000) may come unsigned; a success must be signed by Alipay.
    if (answer.code === '10000' || parsed.sign) {
      if (!parsed.sign || !rsa2Verify(raw, String(parsed.sign), this.publicKey)) {
        throw new ProviderError(`alipay ${method}: answer signature refused`);
      }
    }
    return answer;
  }

  async create(req: CreateRequest): Promise<{ codeUrl: string }> {
    const a = await this.call(
      'alipay.trade.precreate',
      {
        out_trade_no: req.orderNo,
        total_amount: fenToYuanString(req.amountFen),
        subject: req.title.slice(0, 256),
        time_expire: formatTime(req.expiresAt),
      },
      { notify_url: this.o.notifyUrl },
    );
    if (a.code !== '10000' || typeof a.qr_code !== 'string') {
      throw new ProviderError(`alipay precreate failed: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`);
    }
    return { codeUrl: a.qr_code };
  }

  async query(orderNo: string): Promise<QueryResult> {
    const a = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    if (a.code !== '10000') {
      // A precreated trade exists at Alipay only once the payer scanned it.
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid' };
      return { state: 'unknown', detail: `${a.code} ${a.sub_code ?? ''}` };
    }
    switch (a.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        return { state: 'paid', orderNo: String(a.out_trade_no ?? orderNo), txnId: String(a.trade_no), amountFen: yuanStringToFen(a.total_amount) };
      case 'WAIT_BUYER_PAY':
        return { state: 'unpaid' };
      case 'TRADE_CLOSED':
        return { state: 'closed' };
      default:
        return { state: 'unknown', detail: String(a.trade_status) };
    }
  }

  async close(orderNo: string): Promise<void> {
    const a = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    if (a.code !== '10000' && a.sub_code !== 'ACQ.TRADE_NOT_EXIST' && a.sub_code !== 'ACQ.TRADE_STATUS_ERROR') {
      throw new ProviderError(`alipay close failed: ${a.code} ${a.sub_code ?? ''}`);
    }
  }

  /**
   * `alipay.trade.refund` (a whole refund). Alipay refunds once per `out_request_no`: a retry with the same number answers
   * success without moving money again (`fund_change: N`).
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const a = await this.call('alipay.trade.refund', {
      out_trade_no: req.orderNo,
      out_request_no: req.refundNo,
      refund_amount: fenToYuanString(req.refundFen),
      refund_reason: req.reason.slice(0, 256),
    });
    if (a.code === '10000') return { state: 'accepted', refundId: String(a.trade_no ?? ''), detail: `fund_change ${a.fund_change ?? ''}` };
    if (a.code === '20000') throw new ProviderError(`alipay refund: ${a.sub_code ?? 'service unavailable'}`);
    return { state: 'refused', detail: `${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`.trim() };
  }

  verifyNotify(rawBody: string): NotifyResult {
    const form = Object.fromEntries(new URLSearchParams(rawBody)) as Record<string, string>;
    if (!form.sign) return { payment: null, detail: 'no sign' };
    if (form.sign_type && form.sign_type !== 'RSA2') return { payment: null, detail: `sign_type ${form.sign_type}` };
    if (!rsa2Verify(alipaySignContent(form, ['sign', 'sign_type']), form.sign, this.publicKey)) {
      return { payment: null, detail: 'bad signature' };
    }
    if (form.app_id !== this.o.appId) return { payment: null, detail: 'app_id mismatch' };
    if (form.trade_status !== 'TRADE_SUCCESS' && form.trade_status !== 'TRADE_FINISHED') {
      return { payment: null, ignored: true, detail: `trade_status ${form.trade_status}` };
    }
    const amountFen = yuanStringToFen(form.total_amount);
    if (!form.out_trade_no || !form.trade_no || !Number.isInteger(amountFen)) return { payment: null, detail: 'incomplete notify' };
    return { payment: { orderNo: form.out_trade_no, txnId: form.trade_no, amountFen }, detail: 'verified' };
  }
}

/** `"12.30"` → 1230; anything that is not a yuan amount with at most two decimals → NaN. */
export function yuanStringToFen(s: unknown): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(s ?? '').trim());
  if (!m) return NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
