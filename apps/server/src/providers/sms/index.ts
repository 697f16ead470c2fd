import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@btz/shared';
import type { Config } from '../../config.js';
import { AliyunSmsProvider } from './aliyun.js';
import { TencentSmsProvider } from './tencent.js';
import type { SmsProvider, SmsPurpose } from './types.js';

export * from './types.js';

export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(phone: string, code: string, purpose: SmsPurpose, ttlS: number): Promise<void> {
    // The whole phone number is logged on purpose: this provider exists for development and tests.
    this.log.info(
      { sms: { phone, code, purpose } },
      `[短信] 发送至 ${phone}（${maskPhone(phone)}）：验证码 ${code}，${Math.round(ttlS / 60)} 分钟内有效`,
    );
  }
}

/** The provider SMS_PROVIDER names (loadConfig has checked that its settings are there). */
export function createSmsProvider(config: Config, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch): SmsProvider {
  if (config.smsProvider === 'console') {
    if (config.production) {
      log.warn('SMS_PROVIDER=console: verification codes are only written to this log, no phone receives them — set SMS_PROVIDER=aliyun or tencent');
    }
    return new ConsoleSmsProvider(log);
  }
  const need = (v: string | undefined, name: string) => {
    if (!v) throw new Error(`SMS_PROVIDER=${config.smsProvider} 需要设置 ${name}`);
    return v;
  };
  const common = {
    accessKeyId: need(config.smsAccessKeyId, 'SMS_ACCESS_KEY_ID'),
    accessKeySecret: need(config.smsAccessKeySecret, 'SMS_ACCESS_KEY_SECRET'),
    signName: need(config.smsSignName, 'SMS_SIGN_NAME'),
    templateId: need(config.smsTemplateId, 'SMS_TEMPLATE_ID'),
    templateParams: config.smsTemplateParams,
    timeoutMs: config.smsTimeoutMs,
  };
  if (config.smsProvider === 'aliyun') {
    return new AliyunSmsProvider(
      { ...common, regionId: config.smsRegion ?? 'cn-hangzhou', endpoint: config.smsEndpoint ?? 'https://dysmsapi.aliyuncs.com/' },
      fetchImpl,
    );
  }
  return new TencentSmsProvider(
    {
      ...common,
      appId: need(config.smsAppId, 'SMS_APP_ID'),
      region: config.smsRegion ?? 'ap-guangzhou',
      endpoint: config.smsEndpoint ?? 'https://sms.tencentcloudapi.com/',
    },
    fetchImpl,
  );
}
