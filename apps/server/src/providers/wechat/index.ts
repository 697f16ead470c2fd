/**
 * WeChat website login behind one interface. `sandbox` (default): the login QR encodes a confirm page of this server;
 * `open`: the WeChat Open Platform website-login flow (qrconnect → our callback with `code` → sns/oauth2/access_token).
 */
export interface WechatIdentity {
  openid: string;
  unionid?: string;
  nickname?: string;
  avatar?: string;
}

export interface WechatProvider {
  readonly name: 'sandbox' | 'open';
  /** What the login QR encodes for this `tager`. */
  qrUrl(tager: string): string;
  /** Exchanges an authorization code (from the WeChat redirect) for the user's identity; null when refused. */
  exchangeCode(code: string): Promise<WechatIdentity | null>;
}

export class SandboxWechatProvider implements WechatProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly publicBaseUrl: string) {}
  qrUrl(tager: string): string {
    return `${this.publicBaseUrl}/m/wx-login?tager=${encodeURIComponent(tager)}`;
  }
  async exchangeCode(): Promise<WechatIdentity | null> {
    // The sandbox has no WeChat identities: its confirm page logs in by phone instead.
    return null;
  }
}

export class OpenPlatformWechatProvider implements WechatProvider {
  readonly name = 'open' as const;
  constructor(
    private readonly opts: { appId: string; appSecret: string; apiBase: string; publicBaseUrl: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  qrUrl(tager: string): string {
    const redirect = encodeURIComponent(`${this.opts.publicBaseUrl}/m/wx-callback`);
    return (
      `https://open.weixin.qq.com/connect/qrconnect?appid=${encodeURIComponent(this.opts.appId)}` +
      `&redirect_uri=${redirect}&response_type=code&scope=snsapi_login&state=${encodeURIComponent(tager)}#wechat_redirect`
    );
  }

  async exchangeCode(code: string): Promise<WechatIdentity | null> {
    const u = new URL('/sns/oauth2/access_token', this.opts.apiBase);
    u.search = new URLSearchParams({
      appid: this.opts.appId,
      secret: this.opts.appSecret,
      code,
      grant_type: 'authorization_code',
    }).toString();
    const res = await this.fetchImpl(u, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    const j = (await res.json()) as { openid?: string; unionid?: string; access_token?: string; errcode?: number };
    if (!j.openid || j.errcode) return null;
    const identity: WechatIdentity = { openid: j.openid, unionid: j.unionid };
    if (j.access_token) {
      const info = new URL('/sns/userinfo', this.opts.apiBase);
      info.search = new URLSearchParams({ access_token: j.access_token, openid: j.openid }).toString();
      const r = await this.fetchImpl(info, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (r?.ok) {
        const p = (await r.json()) as { nickname?: string; headimgurl?: string; errcode?: number };
        if (!p.errcode) Object.assign(identity, { nickname: p.nickname, avatar: p.headimgurl });
      }
    }
    return identity;
  }
}
