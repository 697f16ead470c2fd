import { createHash, randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH, isValidPhone, maskPhone } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { randomToken } from '../../lib/ids.js';
import { secondsFromNow, startOfShanghaiDay } from '../../lib/time.js';
import { SmsSendError, smsFailureText, type SmsPurpose } from '../../providers/sms/index.js';
import { verifyCaptcha } from './captcha.js';
import { addSmsAttempt, countSends, deleteSmsCode, findSmsCode, insertSmsCode, lockSends, useSmsCode } from './repo.js';

/**
 * SMS codes (PRODUCT.md §7): 60 s between sends to a phone for one purpose, daily caps per phone and per IP, an image captcha once an
 * IP sends too often, 5 minutes validity, 5 wrong tries burn the code. The counts come from the `sms_codes` rows
 * themselves, so the limits hold across instances without Redis.
 */
const hash = (key: string, code: string) => createHash('sha256').update(`${key}:${code}`).digest('hex');

export interface SendCodeInput {
  tenantId: string;
  phone: string;
  purpose: SmsPurpose;
  ip: string;
  captchaId?: string;
  captchaCode?: string;
}

/** The counts the limits read, from the `sms_codes` rows of this phone and this IP. */
function countsFor(db: AppContext['db'], config: AppContext['config'], input: SendCodeInput, now: Date) {
  return countSends(db, input, {
    recentSince: new Date(now.getTime() - config.smsResendS * 1000),
    dayStart: startOfShanghaiDay(now),
    windowSince: new Date(now.getTime() - config.smsCaptchaWindowS * 1000),
  });
}

const captchaRequired = () => badRequest('请先输入图形验证码', { captchaRequired: true });

export async function sendSmsCode(app: AppContext, input: SendCodeInput): Promise<{ key: string; interval: number }> {
  const { db, config } = app;
  if (!isValidPhone(input.phone)) throw badRequest('手机号（phone）格式不正确，请输入 11 位中国大陆手机号');
  const now = new Date();

  // The image captcha is checked (and spent) before the locks: it has its own queries.
  let captchaPassed = false;
  if ((await countsFor(db, config, input, now)).ipWindow >= config.smsCaptchaAfter) {
    if (!input.captchaId || !input.captchaCode) throw captchaRequired();
    if (!(await verifyCaptcha(app, input.captchaId, input.captchaCode))) {
      throw badRequest('图形验证码错误或已过期，请重新输入', { captchaRequired: true });
    }
    captchaPassed = true;
  }

  // Count and insert under a lock per phone and one per IP (always in this order, so two sends cannot wait on each
  // other): parallel sends see each other's rows, and the interval and the caps hold on PostgreSQL too.
  const key = randomToken(18);
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await db.transaction().execute(async (trx) => {
    await lockSends(trx, input);
    const counts = await countsFor(trx, config, input, now);
    if (config.smsResendS > 0 && counts.recent > 0) throw badRequest(`验证码发送过于频繁，请 ${config.smsResendS} 秒后再试`);
    if (counts.phoneToday >= config.smsDailyCapPhone) throw badRequest('该手机号今日获取验证码次数已达上限，请明天再试');
    if (counts.ipToday >= config.smsDailyCapIp) throw badRequest('当前网络今日获取验证码次数过多，请明天再试');
    if (counts.ipWindow >= config.smsCaptchaAfter && !captchaPassed) throw captchaRequired();
    await insertSmsCode(trx, {
      key,
      tenant_id: input.tenantId,
      phone: input.phone,
      purpose: input.purpose,
      code_hash: hash(key, code),
      ip: input.ip,
      expires_at: secondsFromNow(config.smsCodeTtlS),
    });
  });
  try {
    await app.sms.send(input.phone, code, input.purpose, config.smsCodeTtlS);
  } catch (err) {
    // Nothing half-done: the code that never left is taken back, so it neither blocks a retry nor counts against the caps.
    await deleteSmsCode(db, key);
    const e = err instanceof SmsSendError ? err : new SmsSendError('ERROR', false, (err as Error).message);
    app.log.warn(
      { smsFailure: { provider: app.sms.name, vendorCode: e.vendorCode, vendorMessage: e.vendorMessage, phone: maskPhone(input.phone), purpose: input.purpose } },
      `sms: ${app.sms.name} refused the send (${e.vendorCode})`,
    );
    throw badRequest(smsFailureText(e));
  }
  return { key, interval: config.smsResendS };
}

/** Consumes a code or throws a Chinese message that says what to do. */
export async function consumeSmsCode(
  app: AppContext,
  input: { tenantId: string; phone: string; purpose: SmsPurpose; key: string | undefined; code: string | undefined },
): Promise<void> {
  const { db, config } = app;
  if (!input.key) throw badRequest('请先获取短信验证码');
  if (!input.code || !/^\d{4,8}$/.test(input.code)) throw badRequest('请输入正确的短信验证码');
  const row = await findSmsCode(db, input.tenantId, input.key);
  if (!row || row.phone !== input.phone || row.purpose !== input.purpose || row.used_at) {
    throw badRequest('验证码无效，请重新获取');
  }
  if (row.attempts >= config.smsMaxAttempts) throw badRequest('验证码错误次数过多，已失效，请重新获取');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw badRequest('验证码已过期，请重新获取');
  if (row.code_hash !== hash(input.key, input.code)) {
    const attempts = await addSmsAttempt(db, input.key, config.smsMaxAttempts);
    const left = config.smsMaxAttempts - (attempts ?? config.smsMaxAttempts);
    throw badRequest(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，已失效，请重新获取');
  }
  if (!(await useSmsCode(db, input.key))) throw badRequest('验证码无效，请重新获取');
}
