/**
 * Local fakes of the SMS vendors that check every request's signature with their own implementation, written from the
 * vendors' documentation (not the adapters' signers), and answer success or the vendor's error shapes.
 * - Alibaba Cloud dysmsapi (RPC, SignatureVersion 1.0, HMAC-SHA1): parameters from the query and the form body; answers
 *   `{ Code: "OK", BizId }`, HTTP 404 InvalidAccessKeyId.NotFound, HTTP 400 SignatureDoesNotMatch (echoing the server's
 *   string to sign, as Alibaba does), InvalidTimeStamp.Expired, SignatureNonceUsed, isv.* business errors on HTTP 200.
 * - Tencent Cloud SMS (API 3.0 SendSms 2021-01-11, TC3-HMAC-SHA256 Authorization): answers
 *   `{ Response: { SendStatusSet: [{ Code: "Ok" }] } }`, `{ Response: { Error: { Code: "AuthFailure.…" } } }`, or a
 *   per-number LimitExceeded.* status, all on HTTP 200.
 * `mode`: 'ok' | 'rate' (the vendor's flow control for the number) | 'stall' (never answers).
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config.js';

export type SmsFakeMode = 'ok' | 'rate' | 'stall';

export interface SmsFakeCall {
  /** the signature checked out */
  signatureOk: boolean;
  /** what the fake answered: OK / Ok or the vendor's error code */
  answer: string;
  phone: string;
  signName: string;
  templateId: string;
  /** Alibaba: the TemplateParam object; Tencent: the TemplateParamSet array */
  templateParam: unknown;
  /** the request as the fake parsed it (parameters or headers + body) */
  raw: Record<string, unknown>;
}

export interface SmsFake {
  url: string;
  calls: SmsFakeCall[];
  mode: SmsFakeMode;
  /** the secret the fake verifies with; change it to play a server configured with a wrong secret */
  secret: string;
  config: Partial<Config>;
  close(): Promise<void>;
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

/* ------------------------------------------------------------------ Alibaba Cloud ------------------------------- */

const UNRESERVED = new Set(Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~'));

/** RFC 3986 percent-encoding byte by byte, as Alibaba's signature page describes it. */
function rfc3986(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) out += UNRESERVED.has(b) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

/** Alibaba's RPC signature, written from the documentation: the fake's own, independent of the adapter. */
export function aliyunDocSignature(method: string, params: Record<string, string>, secret: string): string {
  const names = Object.keys(params)
    .filter((n) => n !== 'Signature')
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const query = names.map((n) => `${rfc3986(n)}=${rfc3986(params[n]!)}`).join('&');
  const stringToSign = [method, rfc3986('/'), rfc3986(query)].join('&');
  return createHmac('sha1', Buffer.from(`${secret}&`, 'utf8')).update(Buffer.from(stringToSign, 'utf8')).digest('base64');
}

function formPairs(s: string): [string, string][] {
  return s
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
      return at < 0 ? [dec(pair), ''] : [dec(pair.slice(0, at)), dec(pair.slice(at + 1))];
    });
}

export async function startFakeAliyunSms(): Promise<SmsFake> {
  const accessKeyId = `LTAI5t${randomBytes(8).toString('hex')}`;
  const signName = '标书测试';
  const templateCode = 'SMS_468250123';
  const nonces = new Set<string>();
  const stalled = new Set<http.ServerResponse>();
  const calls: SmsFakeCall[] = [];

  const { server, url } = await listen(async (req, res) => {
    const body = await readBody(req);
    const u = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> = Object.fromEntries([...formPairs(u.search.slice(1)), ...formPairs(body)]);
    const requestId = randomUUID().toUpperCase();
    const answer = (status: number, obj: Record<string, unknown>, signatureOk: boolean) => {
      let templateParam: unknown = params.TemplateParam;
      try {
        templateParam = JSON.parse(params.TemplateParam ?? '');
      } catch {
        /* kept as text */
      }
      calls.push({
        signatureOk,
        answer: String(obj.Code),
        phone: params.PhoneNumbers ?? '',
        signName: params.SignName ?? '',
        templateId: params.TemplateCode ?? '',
        templateParam,
        raw: params,
      });
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: requestId, ...obj }));
    };
    if (params.AccessKeyId !== accessKeyId) {
      return answer(404, { HostId: 'dysmsapi.aliyuncs.com', Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' }, false);
    }
    const method = (req.method ?? 'GET').toUpperCase();
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0' || aliyunDocSignature(method, params, self.secret) !== params.Signature) {
      const names = Object.keys(params).filter((n) => n !== 'Signature').sort();
      const serverStringToSign = `${method}&%2F&${rfc3986(names.map((n) => `${rfc3986(n)}=${rfc3986(params[n]!)}`).join('&'))}`;
      return answer(
        400,
        {
          HostId: 'dysmsapi.aliyuncs.com',
          Code: 'SignatureDoesNotMatch',
          Message: `Specified signature is not matched with our calculation. server string to sign is:${serverStringToSign}`,
        },
        false,
      );
    }
    const ts = Date.parse(params.Timestamp ?? '');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp ?? '') || Math.abs(Date.now() - ts) > 15 * 60_000) {
      return answer(400, { Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' }, true);
    }
    if (!params.SignatureNonce || nonces.has(params.SignatureNonce)) {
      return answer(400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' }, true);
    }
    nonces.add(params.SignatureNonce);
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25') {
      return answer(404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found, please check your url and method.' }, true);
    }
    if (!/^1\d{10}$/.test(params.PhoneNumbers ?? '')) return answer(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' }, true);
    if (params.SignName !== signName) return answer(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' }, true);
    if (params.TemplateCode !== templateCode) return answer(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' }, true);
    if (self.mode === 'stall') {
      stalled.add(res);
      return;
    }
    if (self.mode === 'rate') return answer(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' }, true);
    return answer(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` }, true);
  });

  const self: SmsFake = {
    url,
    calls,
    mode: 'ok',
    secret: randomBytes(15).toString('base64'),
    config: {},
    close: () =>
      new Promise<void>((r) => {
        for (const s of stalled) s.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  self.config = {
    smsProvider: 'aliyun',
    smsAccessKeyId: accessKeyId,
    smsAccessKeySecret: self.secret,
    smsSignName: signName,
    smsTemplateId: templateCode,
    smsEndpoint: `${url}/`,
  };
  return self;
}

/* ------------------------------------------------------------------ Tencent Cloud ------------------------------- */

const hex256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** TC3-HMAC-SHA256 written from Tencent's "Signature v3" page: the fake's own, independent of the adapter. */
export function tc3DocSignature(o: {
  secretKey: string;
  date: string;
  service: string;
  timestamp: string;
  method: string;
  signedHeaders: string[];
  headerValue: (name: string) => string;
  body: string;
}): string {
  const canonicalHeaders = o.signedHeaders.map((h) => `${h}:${o.headerValue(h).trim().toLowerCase()}\n`).join('');
  const canonicalRequest = [o.method, '/', '', canonicalHeaders, o.signedHeaders.join(';'), hex256(o.body)].join('\n');
  const stringToSign = ['TC3-HMAC-SHA256', o.timestamp, `${o.date}/${o.service}/tc3_request`, hex256(canonicalRequest)].join('\n');
  let key: Buffer = Buffer.from(`TC3${o.secretKey}`, 'utf8');
  for (const part of [o.date, o.service, 'tc3_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

export async function startFakeTencentSms(): Promise<SmsFake> {
  const secretId = `AKID${randomBytes(16).toString('hex')}`;
  const appId = '1400' + String(100000 + Math.floor(Math.random() * 800000));
  const signName = '标书测试';
  const templateId = '2233445';
  const stalled = new Set<http.ServerResponse>();
  const calls: SmsFakeCall[] = [];

  const { server, url } = await listen(async (req, res) => {
    const body = await readBody(req);
    const h = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(',') : (v ?? '');
    };
    let payload: any = {};
    try {
      payload = JSON.parse(body);
    } catch {
      /* judged below */
    }
    const requestId = randomUUID();
    const answer = (response: Record<string, unknown>, code: string, signatureOk: boolean) => {
      calls.push({
        signatureOk,
        answer: code,
        phone: String(payload?.PhoneNumberSet?.[0] ?? '').replace(/^\+86/, ''),
        signName: payload?.SignName ?? '',
        templateId: payload?.TemplateId ?? '',
        templateParam: payload?.TemplateParamSet,
        raw: { headers: req.headers, body: payload },
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }));
    };
    const fail = (code: string, message: string, signatureOk: boolean) => answer({ Error: { Code: code, Message: message } }, code, signatureOk);

    const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      h('authorization'),
    );
    if (!m) return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.', false);
    const [, id, date, service, signedList, signature] = m;
    const signed = signedList!.split(';');
    const timestamp = h('x-tc-timestamp');
    if (id !== secretId) return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.', false);
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) {
      return fail('AuthFailure.SignatureExpire', 'Signature expired, Timestamp is ' + timestamp, false);
    }
    const good =
      service === 'sms' &&
      date === new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) &&
      signed.includes('content-type') &&
      signed.includes('host') &&
      signed.join(';') === [...signed].sort().join(';') &&
      tc3DocSignature({ secretKey: self.secret, date: date!, service: service!, timestamp, method: req.method ?? '', signedHeaders: signed, headerValue: h, body }) ===
        signature;
    if (!good) return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.', false);
    if (h('x-tc-action') !== 'SendSms') return fail('InvalidAction', `the action ${h('x-tc-action')} is not found`, true);
    if (h('x-tc-version') !== '2021-01-11') return fail('NoSuchVersion', 'The requested version does not exist', true);
    if (!h('x-tc-region')) return fail('MissingParameter', 'The request is missing a required parameter `Region`.', true);
    if (payload?.SmsSdkAppId !== appId) return fail('FailedOperation.SmsSdkAppIdVerifyFail', 'SdkAppId verify fail', true);
    if (payload?.SignName !== signName) return fail('FailedOperation.SignatureIncorrectOrUnapproved', 'signature format is incorrect or signature is not approved', true);
    if (payload?.TemplateId !== templateId) return fail('FailedOperation.TemplateIncorrectOrUnapproved', 'template is not approved or request content does not match the approved template content', true);
    const phone = String(payload?.PhoneNumberSet?.[0] ?? '');
    if (!/^\+861\d{10}$/.test(phone)) return fail('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number', true);
    if (self.mode === 'stall') {
      stalled.add(res);
      return;
    }
    const status = (code: string, message: string) => ({
      SerialNo: `2645:${randomBytes(10).toString('hex')}`,
      PhoneNumber: phone,
      Fee: code === 'Ok' ? 1 : 0,
      SessionContext: '',
      Code: code,
      Message: message,
      IsoCode: 'CN',
    });
    if (self.mode === 'rate') {
      const code = 'LimitExceeded.PhoneNumberThirtySecondLimit';
      return answer({ SendStatusSet: [status(code, 'the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit')] }, code, true);
    }
    return answer({ SendStatusSet: [status('Ok', 'send success')] }, 'Ok', true);
  });

  const self: SmsFake = {
    url,
    calls,
    mode: 'ok',
    secret: randomBytes(16).toString('hex'),
    config: {},
    close: () =>
      new Promise<void>((r) => {
        for (const s of stalled) s.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  self.config = {
    smsProvider: 'tencent',
    smsAccessKeyId: secretId,
    smsAccessKeySecret: self.secret,
    smsAppId: appId,
    smsSignName: signName,
    smsTemplateId: templateId,
    smsEndpoint: `${url}/`,
  };
  return self;
}
