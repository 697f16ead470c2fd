/**
 * Local fakes of the payment vendors, and notifies signed with keys the tests generate (TECH-NOTES.md Payments).
 * - WeChat Pay v3: checks the merchant's `Authorization` signature on every call with the merchant PUBLIC key, records
 *   create/close/query calls, signs its answers and the notifies with the platform PRIVATE key.
 * - Alipay gateway: checks the RSA2 `sign` of every call with the app PUBLIC key, signs its answers and notifies with
 *   the Alipay PRIVATE key.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config.js';

const pem = (k: KeyObject, kind: 'private' | 'public') =>
  kind === 'private' ? (k.export({ type: 'pkcs8', format: 'pem' }) as string) : (k.export({ type: 'spki', format: 'pem' }) as string);

export function rsaPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/* ------------------------------------------------------------------ WeChat Pay v3 ------------------------------- */

export interface WechatCall {
  method: string;
  path: string;
  body: any;
  authOk: boolean;
}

export interface FakeWechat {
  url: string;
  calls: WechatCall[];
  /** orderNo → what the query answers */
  trades: Map<string, { state: 'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'REFUND'; txnId?: string; totalFen?: number }>;
  /** config overrides that point the server at this fake */
  config: Partial<Config>;
  /** when true, Native order creation answers HTTP 500 SYSTEM_ERROR */
  failCreates: boolean;
  /** refunds by out_refund_no: the money moves once per number; `requests` counts every call that named it */
  refunds: Map<string, { orderNo: string; refundFen: number; requests: number }>;
  /** the next N refund calls answer HTTP 500 SYSTEM_ERROR (a provider hiccup the caller retries) */
  failRefunds: number;
  mchid: string;
  appid: string;
  apiV3Key: string;
  platformSerial: string;
  platformKey: KeyObject;
  /** a signed notify for a successful transaction */
  notify(o: {
    orderNo: string;
    txnId: string;
    amountFen: number;
    timestamp?: number;
    signWith?: KeyObject;
    serial?: string;
    signature?: string;
    eventType?: string;
  }): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export function wechatSignature(key: KeyObject, timestamp: number, nonce: string, body: string): string {
  return createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
}

export async function startFakeWechat(): Promise<FakeWechat> {
  const merchant = rsaPair();
  const platform = rsaPair();
  const mchid = '1900000109';
  const appid = 'wx8888888888888888';
  const merchantSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  const platformSerial = 'PUB_KEY_ID_0114232134912410000000000000';
  const apiV3Key = randomBytes(16).toString('hex'); // 32 ASCII bytes
  const calls: WechatCall[] = [];
  const trades: FakeWechat['trades'] = new Map();

  const checkAuth = (method: string, pathWithQuery: string, body: string, auth: string | undefined): boolean => {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(auth ?? '');
    if (!m) return false;
    const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== mchid || f.serial_no !== merchantSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256')
      .update(`${method}\n${pathWithQuery}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
      .verify(merchant.publicKey, f.signature ?? '', 'base64');
  };
  const send = (res: http.ServerResponse, status: number, obj?: unknown) => {
    const body = obj === undefined ? '' : JSON.stringify(obj);
    const ts = Math.floor(Date.now() / 1000);
    const nonce = randomBytes(8).toString('hex');
    res.writeHead(status, {
      'content-type': 'application/json',
      'Wechatpay-Timestamp': String(ts),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': platformSerial,
      'Wechatpay-Signature': wechatSignature(platform.privateKey, ts, nonce, body),
    });
    res.end(body);
  };

  const { server, url } = await listen(async (req, res) => {
    const raw = await readBody(req);
    const pathWithQuery = req.url ?? '/';
    const authOk = checkAuth(req.method ?? 'GET', pathWithQuery, raw, req.headers.authorization);
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    calls.push({ method: req.method ?? '', path: pathWithQuery, body, authOk });
    if (!authOk) return send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    const u = new URL(pathWithQuery, url);
    if (req.method === 'POST' && u.pathname === '/v3/pay/transactions/native') {
      if (self.failCreates) return send(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
      if (!trades.has(body.out_trade_no)) trades.set(body.out_trade_no, { state: 'NOTPAY' });
      return send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${body.out_trade_no.slice(-8)}` });
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(u.pathname);
    if (req.method === 'GET' && q) {
      const no = decodeURIComponent(q[1]!);
      const t = trades.get(no);
      if (!t) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return send(res, 200, {
        appid,
        mchid,
        out_trade_no: no,
        trade_state: t.state,
        ...(t.state === 'SUCCESS' || t.state === 'REFUND' ? { transaction_id: t.txnId, amount: { total: t.totalFen, payer_total: t.totalFen, currency: 'CNY' } } : {}),
      });
    }
    if (req.method === 'POST' && u.pathname === '/v3/refund/domestic/refunds') {
      if (self.failRefunds > 0) {
        self.failRefunds--;
        return send(res, 500, { code: 'SYSTEM_ERROR', message: '系统繁忙，请稍后重试' });
      }
      const t = trades.get(body.out_trade_no);
      const seen = self.refunds.get(body.out_refund_no);
      // a refund number seen before answers that refund again (WeChat Pay's idempotency); a new one needs a paid trade
      if (!t || (!seen && t.state !== 'SUCCESS')) return send(res, 400, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在或未支付' });
      if (body.amount?.total !== t.totalFen || body.amount?.refund > (t.totalFen ?? 0)) return send(res, 400, { code: 'PARAM_ERROR', message: '退款金额不正确' });
      if (seen) seen.requests++;
      else self.refunds.set(body.out_refund_no, { orderNo: body.out_trade_no, refundFen: body.amount.refund, requests: 1 });
      // refunded in full: the payment query answers trade_state REFUND from now on, as WeChat Pay does
      if (body.amount.refund === t.totalFen) t.state = 'REFUND';
      return send(res, 200, {
        refund_id: `50000${body.out_refund_no}`,
        out_refund_no: body.out_refund_no,
        transaction_id: t.txnId,
        out_trade_no: body.out_trade_no,
        status: 'SUCCESS',
        amount: { refund: body.amount.refund, total: t.totalFen, currency: 'CNY' },
      });
    }
    const c = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(u.pathname);
    if (req.method === 'POST' && c) {
      const no = decodeURIComponent(c[1]!);
      const t = trades.get(no);
      if (t && t.state === 'NOTPAY') t.state = 'CLOSED';
      res.writeHead(204);
      return res.end();
    }
    return send(res, 404, { code: 'NOT_FOUND' });
  });

  const self: FakeWechat = {
    url,
    calls,
    trades,
    failCreates: false,
    refunds: new Map(),
    failRefunds: 0,
    mchid,
    appid,
    apiV3Key,
    platformSerial,
    platformKey: platform.privateKey,
    config: {
      payProvider: 'wechat',
      wechatpayMchid: mchid,
      wechatpayAppid: appid,
      wechatpaySerial: merchantSerial,
      wechatpayPrivateKey: pem(merchant.privateKey, 'private'),
      wechatpayApiV3Key: apiV3Key,
      wechatpayPlatformPublicKey: pem(platform.publicKey, 'public'),
      wechatpayPlatformSerial: platformSerial,
      wechatpayApiBase: url,
    },
    notify(o) {
      const tx = {
        mchid,
        appid,
        out_trade_no: o.orderNo,
        transaction_id: o.txnId,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: new Date().toISOString(),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: o.amountFen, payer_total: o.amountFen, currency: 'CNY', payer_currency: 'CNY' },
      };
      const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat sends
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const ct = Buffer.concat([cipher.update(JSON.stringify(tx), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: o.eventType ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: ct.toString('base64'), associated_data: 'transaction', nonce },
      });
      const ts = o.timestamp ?? Math.floor(Date.now() / 1000);
      const hdrNonce = randomBytes(16).toString('hex');
      return {
        body,
        headers: {
          'Content-Type': 'application/json',
          'Wechatpay-Timestamp': String(ts),
          'Wechatpay-Nonce': hdrNonce,
          'Wechatpay-Serial': o.serial ?? platformSerial,
          'Wechatpay-Signature': o.signature ?? wechatSignature(o.signWith ?? platform.privateKey, ts, hdrNonce, body),
        },
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return self;
}

/* ------------------------------------------------------------------ Alipay ------------------------------------- */

export interface AlipayCall {
  method: string;
  biz: any;
  params: Record<string, string>;
  signOk: boolean;
}

export interface FakeAlipay {
  url: string;
  calls: AlipayCall[];
  trades: Map<string, { status: 'TRADE_SUCCESS' | 'WAIT_BUYER_PAY' | 'TRADE_CLOSED'; tradeNo?: string; totalAmount?: string }>;
  config: Partial<Config>;
  appId: string;
  /** refunds by out_request_no: the money moves once per number; `requests` counts every call that named it */
  refunds: Map<string, { orderNo: string; refundFen: number; requests: number }>;
  /** the next N refund calls answer 20000 ACQ.SYSTEM_ERROR (a provider hiccup the caller retries) */
  failRefunds: number;
  /** a signed async notify; `tradeStatus` TRADE_SUCCESS unless given (TRADE_CLOSED: what Alipay sends after a full refund) */
  notify(o: { orderNo: string; tradeNo: string; totalAmount: string; signWith?: KeyObject; appId?: string; tradeStatus?: string }): string;
  close(): Promise<void>;
}

export function alipayContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export async function startFakeAlipay(): Promise<FakeAlipay> {
  const app = rsaPair();
  const alipay = rsaPair();
  const appId = '2021000000000001';
  const calls: AlipayCall[] = [];
  const trades: FakeAlipay['trades'] = new Map();
  const sign = (s: string, key: KeyObject = alipay.privateKey) => createSign('RSA-SHA256').update(s, 'utf8').sign(key, 'base64');
  const answer = (res: http.ServerResponse, method: string, obj: Record<string, unknown>) => {
    const inner = JSON.stringify(obj);
    const key = `${method.replace(/\./g, '_')}_response`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${inner},"sign":"${sign(inner)}"}`);
  };

  const { server, url } = await listen(async (req, res) => {
    const raw = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(raw)) as Record<string, string>;
    const signOk =
      params.app_id === appId &&
      params.sign_type === 'RSA2' &&
      createVerify('RSA-SHA256').update(alipayContent(params, ['sign']), 'utf8').verify(app.publicKey, params.sign ?? '', 'base64');
    let biz: any = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}');
    } catch {
      /* keep {} */
    }
    calls.push({ method: params.method ?? '', biz, params, signOk });
    const method = params.method ?? 'unknown';
    if (!signOk) return answer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    if (method === 'alipay.trade.precreate') {
      trades.set(biz.out_trade_no, { status: 'WAIT_BUYER_PAY' });
      return answer(res, method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax0${biz.out_trade_no.slice(-8)}` });
    }
    if (method === 'alipay.trade.query') {
      const t = trades.get(biz.out_trade_no);
      if (!t || (t.status === 'WAIT_BUYER_PAY' && !t.tradeNo)) {
        return answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
      }
      return answer(res, method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: t.tradeNo, trade_status: t.status, total_amount: t.totalAmount });
    }
    if (method === 'alipay.trade.refund') {
      if (self.failRefunds > 0) {
        self.failRefunds--;
        return answer(res, method, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
      }
      const t = trades.get(biz.out_trade_no);
      const seen = self.refunds.get(biz.out_request_no);
      // a request number seen before answers that refund again (fund_change N); a new one needs a trade still paid
      if (!t || (!seen && t.status !== 'TRADE_SUCCESS')) {
        return answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
      }
      if (biz.refund_amount !== t.totalAmount) {
        return answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' });
      }
      if (seen) seen.requests++;
      else self.refunds.set(biz.out_request_no, { orderNo: biz.out_trade_no, refundFen: Math.round(Number(biz.refund_amount) * 100), requests: 1 });
      // refunded in full: Alipay closes the trade (the query answers TRADE_CLOSED from now on)
      t.status = 'TRADE_CLOSED';
      return answer(res, method, {
        code: '10000',
        msg: 'Success',
        trade_no: t.tradeNo,
        out_trade_no: biz.out_trade_no,
        refund_fee: biz.refund_amount,
        fund_change: seen ? 'N' : 'Y',
      });
    }
    if (method === 'alipay.trade.close') {
      const t = trades.get(biz.out_trade_no);
      if (t && t.status === 'WAIT_BUYER_PAY') t.status = 'TRADE_CLOSED';
      return answer(res, method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no });
    }
    return answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.UNKNOWN' });
  });

  const self: FakeAlipay = {
    url,
    calls,
    trades,
    appId,
    refunds: new Map(),
    failRefunds: 0,
    config: {
      payProvider: 'alipay',
      alipayAppId: appId,
      // Alipay's key tool prints bare base64: the adapter takes that as well as PEM
      alipayPrivateKey: (app.privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64'),
      alipayPublicKey: pem(alipay.publicKey, 'public'),
      alipayGateway: `${url}/gateway.do`,
    },
    notify(o) {
      const params: Record<string, string> = {
        notify_time: '2026-05-01 12:00:00',
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(12).toString('hex'),
        app_id: o.appId ?? appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: o.tradeNo,
        out_trade_no: o.orderNo,
        trade_status: o.tradeStatus ?? 'TRADE_SUCCESS',
        total_amount: o.totalAmount,
        receipt_amount: o.totalAmount,
        subject: '标书AI 会员',
        buyer_logon_id: '159****5620',
        gmt_payment: '2026-05-01 12:00:00',
      };
      params.sign_type = 'RSA2';
      params.sign = sign(alipayContent(params, ['sign', 'sign_type']), o.signWith ?? alipay.privateKey);
      return new URLSearchParams(params).toString();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return self;
}
