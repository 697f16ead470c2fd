import { PAY_TYPE } from '@btz/shared';
import type { Config } from '../../config.js';
import { AlipayProvider } from './alipay.js';
import { SandboxPaymentProvider } from './sandbox.js';
import type { PaymentProvider, ProviderName } from './types.js';
import { WechatPayProvider } from './wechat.js';

export * from './types.js';
export { SandboxPaymentProvider } from './sandbox.js';

/** The providers this configuration enables, and which one serves each `orderPayType`. */
export class PaymentProviders {
  readonly sandbox: SandboxPaymentProvider;
  readonly wechat?: WechatPayProvider;
  readonly alipay?: AlipayProvider;

  constructor(
    private readonly config: Config,
    fetchImpl: typeof fetch = fetch,
  ) {
    const enabled = config.payProvider.split(',').map((p) => p.trim());
    this.sandbox = new SandboxPaymentProvider(config.publicBaseUrl);
    if (enabled.includes('wechat')) {
      const need = (v: string | undefined, name: string) => {
        if (!v) throw new Error(`PAY_PROVIDER=wechat 需要设置 ${name}`);
        return v;
      };
      this.wechat = new WechatPayProvider(
        {
          mchid: need(config.wechatpayMchid, 'WECHATPAY_MCHID'),
          appid: need(config.wechatpayAppid, 'WECHATPAY_APPID'),
          serial: need(config.wechatpaySerial, 'WECHATPAY_SERIAL'),
          privateKey: need(config.wechatpayPrivateKey, 'WECHATPAY_PRIVATE_KEY'),
          apiV3Key: need(config.wechatpayApiV3Key, 'WECHATPAY_APIV3_KEY'),
          platformPublicKey: need(config.wechatpayPlatformPublicKey, 'WECHATPAY_PLATFORM_PUBLIC_KEY'),
          platformSerial: need(config.wechatpayPlatformSerial, 'WECHATPAY_PLATFORM_SERIAL'),
          apiBase: config.wechatpayApiBase,
          notifyUrl: `${config.publicBaseUrl}/api/pay/notify/wechat`,
        },
        fetchImpl,
      );
    }
    if (enabled.includes('alipay')) {
      const need = (v: string | undefined, name: string) => {
        if (!v) throw new Error(`PAY_PROVIDER=alipay 需要设置 ${name}`);
        return v;
      };
      this.alipay = new AlipayProvider(
        {
          appId: need(config.alipayAppId, 'ALIPAY_APP_ID'),
          privateKey: need(config.alipayPrivateKey, 'ALIPAY_PRIVATE_KEY'),
          alipayPublicKey: need(config.alipayPublicKey, 'ALIPAY_PUBLIC_KEY'),
          gateway: config.alipayGateway,
          notifyUrl: `${config.publicBaseUrl}/api/pay/notify/alipay`,
        },
        fetchImpl,
      );
    }
  }

  /**
   * orderPayType 1 → WeChat Pay when configured, 2 → Alipay when configured, otherwise the sandbox — unless the
   * sandbox cannot pay (PAY_SANDBOX_CONFIRM=false) while a real provider is configured: then that method is not offered.
   */
  forPayType(payType: number): PaymentProvider | null {
    const real = payType === PAY_TYPE.wechat ? this.wechat : this.alipay;
    if (real) return real;
    if (!this.config.paySandboxConfirm && (this.wechat || this.alipay)) return null;
    return this.sandbox;
  }

  byName(name: string): PaymentProvider | undefined {
    const map: Record<ProviderName, PaymentProvider | undefined> = { sandbox: this.sandbox, wechat: this.wechat, alipay: this.alipay };
    return map[name as ProviderName];
  }
}
