import { shanghaiRfc3339 } from '@btz/shared';
import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
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
 * WeChat Pay API v3, Native (QR) payments, with node:crypto only (TECH-NOTES.md Payments):
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`
 *   signed with the merchant private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - responses and notifies are verified with the platform public key chosen by `Wechatpay-Serial` over
 *   `TIMESTAMP\nNONCE\nRAW_BODY\n` (works for the public-key mode new merchants get);
 * - `WECHATPAY/SIGNTEST/` probe signatures are refused; timestamps older than 5 minutes are refused (replays);
 * - the notify `resource` is AES-256-GCM (key = APIv3 key, IV = nonce, AAD = associated_data, tag = last 16 bytes).
 */
export interface WechatPayOptions {
  mchid: string;
  appid: string;
  /** merchant API certificate serial number */
  serial: string;
  privateKey: string;
  apiV3Key: string;
  /** platform public key (or platform certificate key) and its serial / public-key id */
  platformPublicKey: string;
  platformSerial: string;
  apiBase: string;
  notifyUrl: string;
  /** how old a signed timestamp may be (default 300 s) */
  maxSkewS?: number;
}

type Headers = Record<string, string | string[] | undefined>;
const header = (h: Headers, name: string): string => {
  const v = h[name.toLowerCase()] ?? h[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/** Signs a v3 request the way WeChat Pay checks it. Exported for the tests' fake vendor. */
export function wechatAuthorization(o: {
  mchid: string;
  serial: string;
  privateKey: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp?: number;
  nonce?: string;
}): string {
  const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  const message = `${o.method}\n${o.pathWithQuery}\n${timestamp}\n${nonce}\n${o.body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(o.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${o.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${o.serial}"`;
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  private readonly privateKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  private readonly apiV3Key: Buffer;

  constructor(
    private readonly o: WechatPayOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.privateKey = loadPrivateKey(o.privateKey, 'WECHATPAY_PRIVATE_KEY');
    this.platformKeys = new Map([[o.platformSerial, loadPublicKey(o.platformPublicKey, 'WECHATPAY_PLATFORM_PUBLIC_KEY')]]);
    this.apiV3Key = Buffer.from(o.apiV3Key, 'utf8');
    if (this.apiV3Key.length !== 32) throw new Error('WECHATPAY_APIV3_KEY 必须是 32 字节');
  }

  /** Checks a WeChat signature over `timestamp\nnonce\nbody\n`; returns the reason it fails, or null when valid. */
  private checkSignature(h: Headers, rawBody: string): string | null {
    const signature = header(h, 'Wechatpay-Signature');
    const timestamp = header(h, 'Wechatpay-Timestamp');
    const nonce = header(h, 'Wechatpay-Nonce');
    const serial = header(h, 'Wechatpay-Serial');
    if (!signature || !timestamp || !nonce || !serial) return 'missing signature headers';
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) return 'signature probe (WECHATPAY/SIGNTEST/)';
    const key = this.platformKeys.get(serial);
    if (!key) return `unknown platform serial ${serial}`;
    const ts = Number(timestamp);
    if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > (this.o.maxSkewS ?? 300)) return 'timestamp outside the allowed window';
    const ok = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${rawBody}\n`).verify(key, signature, 'base64');
    return ok ? null : 'bad signature';
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: any }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const auth = wechatAuthorization({
      mchid: this.o.mchid,
      serial: this.o.serial,
      privateKey: this.privateKey,
      method,
      pathWithQuery,
      body: text,
    });
    const res = await this.fetchImpl(new URL(pathWithQuery, this.o.apiBase), {
      method,
      headers: {
        Authorization: auth,
        Accept: 'application/json',
        'User-Agent': 'biaoshu-ai',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(10_000),
    });
    const raw = await res.text();
    const headers: Headers = Object.fromEntries(res.headers.entries());
    if (res.status >= 200 && res.status < 300 && raw) {
      // A forged "SUCCESS" answer would grant: every answer with a body must carry the platform's signature.
      const why = this.checkSignature(headers, raw);
      if (why) throw new ProviderError(`wechat pay answer refused: ${why}`);
    }
    let json: any = null;
    try {
      json = raw ? JSON.parse(raw) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  async create(req: CreateRequest): Promise<{ codeUrl: string }> {
    const { status, json } = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.o.appid,
      mchid: this.o.mchid,
      description: req.title.slice(0, 127),
      out_trade_no: req.orderNo,
      time_expire: rfc3339(req.expiresAt),
      notify_url: this.o.notifyUrl,
      amount: { total: req.amountFen, currency: 'CNY' },
    });
    if (status !== 200 || typeof json?.code_url !== 'string') {
      throw new ProviderError(`wechat pay native order failed: HTTP ${status} ${json?.code ?? ''} ${json?.message ?? ''}`);
    }
    return { codeUrl: json.code_url };
  }

  async query(orderNo: string): Promise<QueryResult> {
    const { status, json } = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.o.mchid)}`,
    );
    if (status === 404) return { state: 'unpaid' };
    if (status !== 200 || !json) return { state: 'unknown', detail: `HTTP ${status} ${json?.code ?? ''}` };
    if (json.mchid && json.mchid !== this.o.mchid) return { state: 'unknown', detail: 'mchid mismatch' };
    switch (json.trade_state) {
      case 'SUCCESS':
        return { state: 'paid', orderNo: json.out_trade_no ?? orderNo, txnId: String(json.transaction_id), amountFen: Number(json.amount?.total) };
      case 'NOTPAY':
      case 'USERPAYING':
        return { state: 'unpaid' };
      case 'REFUND':
        return { state: 'refunded' };
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { state: 'closed' };
      default:
        return { state: 'unknown', detail: String(json.trade_state) };
    }
  }

  async close(orderNo: string): Promise<void> {
    const { status, json } = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
      mchid: this.o.mchid,
    });
    if (status !== 204 && status !== 200 && json?.code !== 'ORDER_CLOSED' && json?.code !== 'ORDER_NOT_EXIST') {
      throw new ProviderError(`wechat pay close failed: HTTP ${status} ${json?.code ?? ''}`);
    }
  }

  /**
   * `POST /v3/refund/domestic/refunds` (a whole refund). WeChat refunds once per `out_refund_no`: a retry with the same
   * number answers the same refund. SUCCESS and PROCESSING are accepted; ABNORMAL / CLOSED and 4xx answers are refused.
   */
  async refund(req: RefundRequest): Promise<RefundResult> {
    const { status, json } = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: req.orderNo,
      out_refund_no: req.refundNo,
      reason: req.reason.slice(0, 80),
      notify_url: this.o.notifyUrl,
      amount: { refund: req.refundFen, total: req.totalFen, currency: 'CNY' },
    });
    if (status >= 500) throw new ProviderError(`wechat pay refund: HTTP ${status} ${json?.code ?? ''}`);
    if (status !== 200 || !json) return { state: 'refused', detail: `HTTP ${status} ${json?.code ?? ''} ${json?.message ?? ''}`.trim() };
    if (json.status === 'SUCCESS' || json.status === 'PROCESSING') {
      return { state: 'accepted', refundId: String(json.refund_id ?? ''), detail: String(json.status) };
    }
    return { state: 'refused', detail: `refund status ${json.status}` };
  }

  verifyNotify(rawBody: string, headers: Headers): NotifyResult {
    const why = this.checkSignature(headers, rawBody);
    if (why) return { payment: null, detail: why };
    let note: any;
    try {
      note = JSON.parse(rawBody);
    } catch {
      return { payment: null, detail: 'body is not JSON' };
    }
    const r = note?.resource;
    if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') {
      return { payment: null, detail: 'no AEAD_AES_256_GCM resource' };
    }
    let tx: any;
    try {
      const data = Buffer.from(r.ciphertext, 'base64');
      if (data.length < 17) throw new Error('short');
      const decipher = createDecipheriv('aes-256-gcm', this.apiV3Key, Buffer.from(r.nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      decipher.setAAD(Buffer.from(String(r.associated_data ?? ''), 'utf8'));
      tx = JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8'));
    } catch {
      return { payment: null, detail: 'resource decryption failed' };
    }
    if (note.event_type !== 'TRANSACTION.SUCCESS' || tx.trade_state !== 'SUCCESS') {
      return { payment: null, ignored: true, detail: `event ${note.event_type} / ${tx.trade_state}` };
    }
    if (tx.mchid !== this.o.mchid || (tx.appid && tx.appid !== this.o.appid)) return { payment: null, detail: 'mchid/appid mismatch' };
    const amountFen = Number(tx.amount?.total);
    if (!tx.out_trade_no || !tx.transaction_id || !Number.isInteger(amountFen)) return { payment: null, detail: 'incomplete transaction' };
    return { payment: { orderNo: String(tx.out_trade_no), txnId: String(tx.transaction_id), amountFen }, detail: 'verified' };
  }
}

/** `2026-05-01T12:00:00+08:00` (WeChat's time_expire wants RFC 3339 with an offset). */
export const rfc3339 = shanghaiRfc3339;
