import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@btz/shared';

export type SmsPurpose = 'login' | 'present' | 'change' | 'wx-confirm' | 'admin';

/** The outside world's SMS gateway. The console default writes the code to the server log. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, code: string, purpose: SmsPurpose, ttlS: number): Promise<void>;
}

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
