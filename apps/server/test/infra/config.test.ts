/** The typed config fails fast with the whole list of problems (issue 2, Deliver 2). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('config', () => {
  it('lists every problem at once', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', CRYPTO_AES_KEY: 'short' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    expect(e.problems).toHaveLength(2);
    expect(e.problems.find((p) => p.includes('PORT'))).toContain('abc');
    expect(e.problems.some((p) => p.includes('CRYPTO_AES_KEY'))).toBe(true);
    expect(e.message).toContain('PORT');
    expect(e.message).toContain('CRYPTO_AES_KEY');
    expect(e.message).toMatch(/配置有误/);
  });

  it('refuses other bad values with the variable named', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems({ PORT: '70000' })[0]).toContain('PORT');
    expect(problems({ DATABASE_URL: 'not a url' })[0]).toContain('DATABASE_URL');
    expect(problems({ WECHAT_PROVIDER: 'open' })[0]).toContain('WECHAT_APP_ID');
    expect(problems({ PAY_PROVIDER: 'paypal' })[0]).toContain('PAY_PROVIDER');
    expect(problems({ SMS_CODE_TTL_S: '0' })[0]).toContain('SMS_CODE_TTL_S');
    expect(problems({ SMS_PROVIDER: 'twilio' })[0]).toContain('SMS_PROVIDER');
    expect(problems({ SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'LTAI5t' })).toEqual([
      'SMS_PROVIDER=aliyun 需要设置 SMS_ACCESS_KEY_SECRET、SMS_SIGN_NAME、SMS_TEMPLATE_ID',
    ]);
    const tencent = { SMS_PROVIDER: 'tencent', SMS_ACCESS_KEY_ID: 'AKID', SMS_ACCESS_KEY_SECRET: 's', SMS_SIGN_NAME: '标书', SMS_TEMPLATE_ID: '1' };
    expect(problems(tencent)).toEqual(['SMS_PROVIDER=tencent 需要设置 SMS_APP_ID']);
    expect(loadConfig({ ...tencent, SMS_APP_ID: '1400000000', SMS_TEMPLATE_PARAMS: 'code, min:minutes' }).smsTemplateParams).toEqual([
      { name: 'code', value: 'code' },
      { name: 'min', value: 'minutes' },
    ]);
    expect(problems({ SMS_TEMPLATE_PARAMS: 'time:minutes' })[0]).toContain('验证码');
    expect(problems({ SMS_TEMPLATE_PARAMS: 'code:seconds' })[0]).toContain('SMS_TEMPLATE_PARAMS');
    expect(problems({ SMS_TIMEOUT_MS: '10' })[0]).toContain('SMS_TIMEOUT_MS');
    expect(problems({ CRYPTO_DES_KEY: 'toolongkey' })[0]).toContain('CRYPTO_DES_KEY');
    // the ciphers take the key's bytes: 16 characters that are not 16 bytes cannot key AES-128
    expect(problems({ CRYPTO_AES_KEY: '标书密钥'.repeat(4) })).toEqual([expect.stringMatching(/^CRYPTO_AES_KEY .*ASCII/)]);
  });

  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      clientId: 'btz',
      clientSecret: 'btz_secret',
      tokenTtlS: 604800,
      smsCodeTtlS: 300,
      smsResendS: 60,
      smsMaxAttempts: 5,
      wechatProvider: 'sandbox',
      payProvider: 'sandbox',
      orderTtlS: 600,
      publicBaseUrl: 'http://localhost:3000',
      publicBaseUrlDefaulted: true,
    });
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://bid.example.cn' })).toMatchObject({
      publicBaseUrl: 'https://bid.example.cn',
      publicBaseUrlDefaulted: false,
    });
  });

  it('production refuses to start while the sandbox page can pay, unless both opt-ins are set explicitly', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    // the finding: NODE_ENV=production and no payment provider used to sell everything for free, silently
    const refused = problems({ NODE_ENV: 'production' });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/免费/);
    expect(refused[0]).toContain('PAY_SANDBOX_CONFIRM');
    expect(refused[0]).toContain('ALLOW_SANDBOX_PAY_IN_PRODUCTION');
    expect(refused[0]).toContain('PAY_PROVIDER');
    // one opt-in is not enough
    expect(problems({ NODE_ENV: 'production', PAY_SANDBOX_CONFIRM: 'true' })).toHaveLength(1);
    expect(problems({ NODE_ENV: 'production', ALLOW_SANDBOX_PAY_IN_PRODUCTION: 'true' })).toHaveLength(1);
    // a real provider, with the sandbox explicitly turned back on, is refused too (the other pay type would be free)
    const alipay = { PAY_PROVIDER: 'alipay', ALIPAY_APP_ID: 'app', ALIPAY_PRIVATE_KEY: 'k', ALIPAY_PUBLIC_KEY: 'p' };
    expect(problems({ NODE_ENV: 'production', ...alipay, PAY_SANDBOX_CONFIRM: 'true' })).toHaveLength(1);

    // what starts: both opt-ins (a demo), the sandbox switched off, or a real provider
    expect(loadConfig({ NODE_ENV: 'production', PAY_SANDBOX_CONFIRM: 'true', ALLOW_SANDBOX_PAY_IN_PRODUCTION: 'true' })).toMatchObject({
      production: true,
      paySandboxConfirm: true,
      allowSandboxPayInProduction: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', PAY_SANDBOX_CONFIRM: 'false' }).paySandboxConfirm).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...alipay }).paySandboxConfirm).toBe(false);
    // outside production nothing changes: the sandbox pays by default
    expect(loadConfig({}).paySandboxConfirm).toBe(true);
  });

  it('trusts no proxy unless TRUST_PROXY lists one, and never everyone', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    const problems = (v: string) => {
      try {
        loadConfig({ TRUST_PROXY: v });
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems('true')[0]).toMatch(/TRUST_PROXY 不能为 true/);
    expect(problems('10.0.0.0/33')[0]).toContain('10.0.0.0/33');
    expect(problems('proxy.example.com')[0]).toContain('proxy.example.com');
  });

  it('STORAGE_DRIVER=s3 reads the bucket settings, names the missing ones, and is off by default', () => {
    expect(loadConfig({}).storageS3).toBeUndefined();
    const s3 = {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      STORAGE_S3_BUCKET: 'btz-files',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ ...s3, STORAGE_S3_REGION: 'oss-cn-hangzhou', STORAGE_S3_PREFIX: '/btz/files/' }).storageS3).toEqual({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      bucket: 'btz-files',
      region: 'oss-cn-hangzhou',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'btz/files/',
    });
    expect(loadConfig({ ...s3, STORAGE_S3_FORCE_PATH_STYLE: 'true' }).storageS3).toMatchObject({ region: 'us-east-1', forcePathStyle: true, prefix: '' });
    let problems: string[] = [];
    try {
      loadConfig({ STORAGE_DRIVER: 's3', STORAGE_S3_ENDPOINT: 'https://cos.ap-shanghai.myqcloud.com' });
    } catch (e) {
      problems = (e as ConfigError).problems;
    }
    expect(problems.join('\n')).toContain('STORAGE_DRIVER=s3 需要设置 STORAGE_S3_BUCKET、STORAGE_S3_ACCESS_KEY_ID、STORAGE_S3_SECRET_ACCESS_KEY');
  });

  it('reads a rate limit per family as N/S and refuses anything else', () => {
    const c = loadConfig({ RATE_LIMIT_UPLOAD: '3/10' });
    expect(c.rateLimits.upload).toEqual({ max: 3, windowS: 10 });
    expect(c.rateLimits.token).toEqual({ max: 20, windowS: 60 });
    expect(() => loadConfig({ RATE_LIMIT_TOKEN: 'lots' })).toThrow(/RATE_LIMIT_TOKEN/);
    expect(() => loadConfig({ RATE_LIMIT_FORM: '0/60' })).toThrow(/RATE_LIMIT_FORM/);
  });

  it('refuses the tests-only captcha hook in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, { testCaptchaHook: () => undefined })).toThrow(/testCaptchaHook/);
  });

  it('LLM_PRICES: a JSON price table per model (cached defaults to the prompt price); a bad one is a problem, not a guess', () => {
    expect(loadConfig({}).llmPrices).toEqual({});
    const prices = loadConfig({ LLM_PRICES: '{"deepseek-chat":{"prompt":2,"completion":8,"cached":0.5},"qwen-plus":{"prompt":0.8,"completion":2}}' }).llmPrices;
    expect(prices).toEqual({ 'deepseek-chat': { prompt: 2, completion: 8, cached: 0.5 }, 'qwen-plus': { prompt: 0.8, completion: 2, cached: 0.8 } });
    const problems = (v: string) => {
      try {
        loadConfig({ LLM_PRICES: v });
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems('not json')).toEqual([expect.stringMatching(/^LLM_PRICES .*JSON/)]);
    expect(problems('{"m":{"prompt":-1,"completion":2}}')).toEqual([expect.stringMatching(/^LLM_PRICES .*格式不对/)]);
  });
});
