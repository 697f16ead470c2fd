/**
 * The real SMS gateways (SMS_PROVIDER=aliyun | tencent) against local fakes that verify each request's signature with
 * their own implementation of the vendors' documented algorithms (sms-fakes.ts): the login page's 发送验证码 reaches the
 * vendor signed, the template parameter carries the code and that code logs in; a request the vendor refuses (a wrong
 * secret), its flow control and its silence answer the user in Chinese, log the vendor's code (never the SMS code) and
 * leave nothing behind — the very next send goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniquePhone, type TestServer } from '../harness.js';
import { ALIYUN_SENDSMS_EXAMPLE, ALIYUN_SENDSMS_SIGNATURE } from './sms-doc-examples.js';
import { aliyunDocSignature, startFakeAliyunSms, startFakeTencentSms, tc3DocSignature, type SmsFake } from './sms-fakes.js';

describe('the fakes’ own signers reproduce the vendors’ published examples', () => {
  it('Alibaba Cloud SMS: SendSms of testId / testSecret → zJDF+Lrzhj/ThnlvIToysFRq6t4=', () => {
    expect(aliyunDocSignature('GET', ALIYUN_SENDSMS_EXAMPLE, 'testSecret')).toBe(ALIYUN_SENDSMS_SIGNATURE);
  });

  it('Tencent Cloud Signature v3: the CVM example of 2019-02-25 → 72e494ea…5168', () => {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' };
    const sig = tc3DocSignature({
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      date: '2019-02-25',
      service: 'cvm',
      timestamp: '1551113065',
      method: 'POST',
      signedHeaders: ['content-type', 'host'],
      headerValue: (n) => headers[n]!,
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(sig).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });
});

const vendors = [
  {
    name: 'aliyun',
    start: startFakeAliyunSms,
    templateParams: undefined,
    codeOf: (p: unknown) => (p as { code: string }).code,
    wrongSecret: 'SignatureDoesNotMatch',
    rateCode: 'isv.BUSINESS_LIMIT_CONTROL',
  },
  {
    name: 'tencent',
    start: startFakeTencentSms,
    // a template of two variables: 您的验证码为 {1}，{2} 分钟内有效
    templateParams: [
      { name: 'code', value: 'code' as const },
      { name: 'min', value: 'minutes' as const },
    ],
    codeOf: (p: unknown) => (p as string[])[0]!,
    wrongSecret: 'AuthFailure.SignatureFailure',
    rateCode: 'LimitExceeded.PhoneNumberThirtySecondLimit',
  },
];

describe.each(vendors)('SMS_PROVIDER=$name', (v) => {
  let t: TestServer;
  let fake: SmsFake;
  beforeAll(async () => {
    fake = await v.start();
    t = await startTestServer({ ...fake.config, ...(v.templateParams ? { smsTemplateParams: v.templateParams } : {}), smsTimeoutMs: 500 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  }, 30_000);

  const sendCode = (phone: string) => t.api<any>('/btz-skip/send-code', { query: { phone } });
  const callsTo = (phone: string) => fake.calls.filter((c) => c.phone === phone);
  const rowsOf = (phone: string) => t.server.db.db.selectFrom('sms_codes').select('key').where('phone', '=', phone).execute();
  /** the code anywhere in the server's log, also inside an echoed, encoded request (pino's own numbers left out) */
  const logged = (code: string) => t.logs.some((l) => l.replace(/"(time|pid|hostname|responseTime)":[^,}]*/g, '').includes(code));
  const failureLogged = (vendorCode: string) =>
    t.logs.some((l) => l.includes('"smsFailure"') && (JSON.parse(l) as { smsFailure: { vendorCode: string } }).smsFailure.vendorCode === vendorCode);
  const login = (phone: string, key: string, code: string) =>
    t.api<any>('/blade-auth/oauth/token', {
      query: { username: phone, grant_type: 'sms_code', source: 1 },
      headers: { 'Captcha-Key': key, 'Captcha-Code': code },
    });

  it('发送验证码 reaches the vendor signed, the template carries the code, and that code logs in', async () => {
    const phone = uniquePhone();
    const sent = await sendCode(phone);
    expect(sent.json).toMatchObject({ code: 200, success: true, data: { interval: 60 } });
    const [call, ...more] = callsTo(phone);
    expect(more).toHaveLength(0);
    expect(call).toMatchObject({ signatureOk: true, answer: v.name === 'aliyun' ? 'OK' : 'Ok', signName: '标书测试', templateId: fake.config.smsTemplateId });
    const code = v.codeOf(call!.templateParam);
    expect(code).toMatch(/^\d{6}$/);
    if (v.name === 'tencent') expect(call!.templateParam).toEqual([code, '5']);
    else expect(call!.templateParam).toEqual({ code });
    // the code went to the vendor only: not to the log (the console provider's line is not there either), not in the answer
    expect(() => t.smsCode(phone)).toThrow();
    expect(logged(code)).toBe(false);
    expect(sent.text).not.toContain(code);

    const res = await login(phone, sent.json.data.key, code);
    expect(res.json.access_token).toEqual(expect.any(String));
    expect(res.json.phone ?? phone).toBe(phone);
  });

  it('a wrong secret: the vendor refuses the signature, the user reads 短信发送失败, nothing is left half-done', async () => {
    const phone = uniquePhone();
    const right = fake.secret;
    fake.secret = `${right}x`; // the server now signs with a secret the vendor does not hold
    try {
      const res = await sendCode(phone);
      expect(res.json).toMatchObject({ code: 400, success: false, msg: '短信发送失败，请稍后重试' });
      const [call] = callsTo(phone);
      expect(call).toMatchObject({ signatureOk: false, answer: v.wrongSecret });
      expect(failureLogged(v.wrongSecret)).toBe(true);
      // the vendor's answer may echo the request (Alibaba does): the code still stays out of the log
      expect(logged(v.codeOf(call!.templateParam))).toBe(false);
      expect(await rowsOf(phone)).toHaveLength(0);
    } finally {
      fake.secret = right;
    }
    // no code is waiting and no 60 s interval holds the user: the next try goes out and logs in
    const again = await sendCode(phone);
    expect(again.json.success).toBe(true);
    const code = v.codeOf(callsTo(phone).at(-1)!.templateParam);
    expect((await login(phone, again.json.data.key, code)).json.access_token).toEqual(expect.any(String));
  });

  it('the vendor’s flow control → 短信发送过于频繁，请稍后再试, the vendor code in the log', async () => {
    const phone = uniquePhone();
    fake.mode = 'rate';
    try {
      const res = await sendCode(phone);
      expect(res.json).toMatchObject({ code: 400, success: false, msg: '短信发送过于频繁，请稍后再试' });
      expect(callsTo(phone)).toMatchObject([{ signatureOk: true, answer: v.rateCode }]);
      expect(failureLogged(v.rateCode)).toBe(true);
      expect(await rowsOf(phone)).toHaveLength(0);
    } finally {
      fake.mode = 'ok';
    }
    expect((await sendCode(phone)).json.success).toBe(true);
  });

  it('a vendor that does not answer: the send gives up after SMS_TIMEOUT_MS with 短信发送失败', async () => {
    const phone = uniquePhone();
    fake.mode = 'stall';
    try {
      const res = await sendCode(phone);
      expect(res.json).toMatchObject({ code: 400, success: false, msg: '短信发送失败，请稍后重试' });
      expect(failureLogged('TIMEOUT')).toBe(true);
      expect(await rowsOf(phone)).toHaveLength(0);
    } finally {
      fake.mode = 'ok';
    }
  });
});
