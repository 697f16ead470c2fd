import type { FastifyInstance, FastifyReply } from 'fastify';
import { LOGIN_SOURCE, TEXT, isValidPhone, maskPhone } from '@btz/shared';
import type { AppContext } from '../../context.js';
import { sendMobilePage } from '../tenant/mobile-page.js';
import { brandingOfTenant } from '../tenant/repo.js';
import { AppError } from '../../http/errors.js';
import { esc } from '../../lib/html.js';
import { randomToken } from '../../lib/ids.js';
import { provisionUser } from '../user/commands/provision-user.js';
import { bindWechat, findUserByOpenid } from '../user/repo.js';
import { exchangeWechatCode } from './login.js';
import { confirmQr, findQr, markScanned } from './repo.js';
import { consumeSmsCode, sendSmsCode } from '../verify/sms-codes.js';

/**
 * The pages a phone opens from a login QR (`/m/wx-login`). In the sandbox the phone confirms by phone number + SMS
 * code; with the WeChat Open Platform, WeChat redirects to `/m/wx-callback` with a code. Plain forms, no scripts.
 */
export function registerWxPages(fastify: FastifyInstance, app: AppContext): void {
  const page = (reply: FastifyReply, tenantId: string, title: string, body: string, status = 200) =>
    sendMobilePage(app, reply, tenantId, title, body, status);
  const expired = (reply: FastifyReply, tenantId: string) =>
    page(reply, tenantId, '二维码已失效', '<h1>二维码已失效</h1><p>请在电脑上刷新二维码后重新扫码。</p>', 410);
  const done = (reply: FastifyReply, tenantId: string, what: string) =>
    page(reply, tenantId, what, `<div class="ok">✓</div><h1>${esc(what)}</h1><p>请回到电脑端继续操作，本页面可以关闭。</p>`);

  const loginForm = (tager: string, opts: { phone?: string; key?: string; error?: string }) => `
    <h1>微信扫码登录</h1>
    <p>请输入手机号并完成短信验证，确认在电脑端登录。</p>
    ${opts.error ? `<div class="err">${esc(opts.error)}</div>` : ''}
    ${
      opts.key
        ? `<form method="post" action="/m/wx-login/confirm">
            <input type="hidden" name="tager" value="${esc(tager)}"><input type="hidden" name="key" value="${esc(opts.key)}">
            <input type="hidden" name="phone" value="${esc(opts.phone)}">
            <p>验证码已发送至 ${esc(maskPhone(opts.phone))}</p>
            <label for="code">短信验证码</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>
            <button type="submit">确认登录</button></form>`
        : `<form method="post" action="/m/wx-login/send">
            <input type="hidden" name="tager" value="${esc(tager)}">
            <label for="phone">手机号</label><input id="phone" name="phone" inputmode="numeric" maxlength="11" value="${esc(opts.phone)}" required>
            <button type="submit">获取验证码</button></form>`
    }`;
  const bindForm = (tager: string) => `
    <h1>绑定微信</h1><p>确认将本微信绑定到您的账号？绑定后可使用微信扫码登录。</p>
    <form method="post" action="/m/wx-login/confirm"><input type="hidden" name="tager" value="${esc(tager)}">
    <button type="submit">确认绑定</button></form>`;

  const liveQr = async (tager: unknown) => {
    const q = typeof tager === 'string' ? await findQr(app.db, tager) : undefined;
    if (!q || q.state === 'confirmed' || new Date(q.expires_at).getTime() <= Date.now()) return { q, live: false as const };
    return { q, live: true as const };
  };

  fastify.get('/m/wx-login', async (req, reply) => {
    const { tager } = req.query as { tager?: string };
    const { q, live } = await liveQr(tager);
    if (!q || !live) return expired(reply, q?.tenant_id ?? req.tenant.id);
    await markScanned(app.db, q.tager);
    return page(reply, q.tenant_id, '扫码确认', q.purpose === 'bind' ? bindForm(q.tager) : loginForm(q.tager, {}));
  });

  fastify.post('/m/wx-login/send', async (req, reply) => {
    const f = (req.body ?? {}) as Record<string, string>;
    const { q, live } = await liveQr(f.tager);
    if (!q || !live || q.purpose !== 'login') return expired(reply, q?.tenant_id ?? req.tenant.id);
    const phone = String(f.phone ?? '').trim();
    if (!isValidPhone(phone)) return page(reply, q.tenant_id, '扫码确认', loginForm(q.tager, { phone, error: '手机号格式不正确，请输入 11 位手机号' }));
    // the same SMS family limit as the API's send-code calls, answered on the page
    const wait = await app.rateLimits.hit(req, 'sms', { ip: true });
    if (wait !== null) return page(reply, q.tenant_id, '扫码确认', loginForm(q.tager, { phone, error: TEXT.tooFrequent(wait) }));
    try {
      const { key } = await sendSmsCode(app, { tenantId: q.tenant_id, phone, purpose: 'wx-confirm', ip: req.ip });
      return page(reply, q.tenant_id, '扫码确认', loginForm(q.tager, { phone, key }));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return page(reply, q.tenant_id, '扫码确认', loginForm(q.tager, { phone, error: e.message }));
    }
  });

  fastify.post('/m/wx-login/confirm', async (req, reply) => {
    const f = (req.body ?? {}) as Record<string, string>;
    const { q, live } = await liveQr(f.tager);
    if (!q || !live) return expired(reply, q?.tenant_id ?? req.tenant.id);
    if (q.purpose === 'bind') {
      // The sandbox has no real WeChat identity: it binds a generated one, which is what the real flow stores too.
      const openid = `sandbox_${randomToken(12)}`;
      await bindWechat(app.db, q.bind_user_id!, { openid });
      await confirmQr(app.db, q.tager, q.bind_user_id!);
      return done(reply, q.tenant_id, '绑定成功');
    }
    const phone = String(f.phone ?? '');
    try {
      await consumeSmsCode(app, { tenantId: q.tenant_id, phone, purpose: 'wx-confirm', key: f.key, code: f.code });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return page(reply, q.tenant_id, '扫码确认', loginForm(q.tager, { phone, key: f.key, error: e.message }));
    }
    const t = await brandingOfTenant(app.db, q.tenant_id);
    const user = await provisionUser(app, {
      tenantId: q.tenant_id,
      identity: { kind: 'phone', phone },
      source: LOGIN_SOURCE.wechat,
      avatar: (t?.branding as Record<string, string> | undefined)?.avatar ?? '',
      invitationCode: q.invitation_code,
    });
    if (!(await confirmQr(app.db, q.tager, user.id))) return expired(reply, q.tenant_id);
    return done(reply, q.tenant_id, '登录成功');
  });

  // WeChat Open Platform redirect: `code` + `state` (= tager).
  fastify.get('/m/wx-callback', async (req, reply) => {
    const { code, state } = req.query as { code?: string; state?: string };
    const { q, live } = await liveQr(state);
    if (!q || !live || !code) return expired(reply, q?.tenant_id ?? req.tenant.id);
    const identity = await exchangeWechatCode(app, code);
    if (!identity) return page(reply, q.tenant_id, '授权失败', '<h1>微信授权失败</h1><p>请在电脑上刷新二维码后重试。</p>', 400);
    if (q.purpose === 'bind') {
      const owner = await findUserByOpenid(app.db, q.tenant_id, identity.openid);
      if (owner && owner.id !== q.bind_user_id) {
        return page(reply, q.tenant_id, '绑定失败', '<h1>该微信已绑定其他账号</h1><p>请先在原账号解绑，或换一个微信。</p>', 409);
      }
      await bindWechat(app.db, q.bind_user_id!, { openid: identity.openid, unionid: identity.unionid ?? null });
      await confirmQr(app.db, q.tager, q.bind_user_id!);
      return done(reply, q.tenant_id, '绑定成功');
    }
    const t = await brandingOfTenant(app.db, q.tenant_id);
    const user = await provisionUser(app, {
      tenantId: q.tenant_id,
      identity: { kind: 'wechat', openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname },
      source: LOGIN_SOURCE.wechat,
      avatar: (t?.branding as Record<string, string> | undefined)?.avatar ?? '',
      invitationCode: q.invitation_code,
    });
    if (!(await confirmQr(app.db, q.tager, user.id))) return expired(reply, q.tenant_id);
    return done(reply, q.tenant_id, '登录成功');
  });
}
