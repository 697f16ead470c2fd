/**
 * Tenancy (CONVENTIONS.md): the Host picks the tenant (jw, bs, default; an operator host map binds any host, which is
 * how fz is reached); the Tenant-Id header must match it; users are per tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestServer, uniquePhone, type TestServer } from '../harness.js';

describe('tenancy', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['127.0.0.1', '000000', '北京标书通智能科技有限公司', '标书AI'],
    ['jw.localhost', '389572', '杭州金网招投标服务有限公司', '金网标书'],
    ['www.jw.localhost:3000', '389572', '杭州金网招投标服务有限公司', '金网标书'],
    ['bs.localhost', '592716', '深圳标速信息技术有限公司', '标速AI'],
    ['fz.localhost', '329436', '成都方舟智标科技有限公司', '方舟标书'],
    ['FZ.localhost:8080', '329436', '成都方舟智标科技有限公司', '方舟标书'],
  ])('Host %s resolves tenant %s with its branding', async (host, tenantId, companyName, name) => {
    const boot = await t.api('/btz-skip/boot', { host });
    expect(boot.json).toMatchObject({ code: 200, success: true, data: { tenantId, branding: { companyName, name } } });
    const info = await t.api('/btz-skip/tenant-info', { host });
    expect(info.json.data).toMatchObject({ companyName, tenanId: tenantId });
    // every branding field of spec §3
    for (const f of ['id', 'tenanId', 'text', 'homeLogoLight', 'homeLogoDark', 'bannerLogo', 'footerLogo', 'workLogoLight', 'workLogoDark', 'ecLogo', 'avatar', 'video_img', 'video', 'item_video1', 'item_video2', 'item_video3', 'wechat', 'wechat2', 'companyName', 'BAno', 'groupImg', 'phone', 'email']) {
      expect(info.json.data, f).toHaveProperty(f);
    }
  });

  it('makes the same phone two accounts on two brands', async () => {
    const phone = uniquePhone();
    const here = await newUser(t, { phone });
    const jw = await newUser(t, { phone, host: 'jw.localhost' });
    expect(jw.userId).not.toBe(here.userId);
    expect(here.tokenResponse.tenant_id).toBe('000000');
    expect(jw.tokenResponse.tenant_id).toBe('389572');
    const info = await t.api('/btz/user/get-info', { token: jw.token, host: 'jw.localhost' });
    expect(info.json.data).toMatchObject({ id: jw.userId, tenantId: '389572', avatar: '/brand/jw/avatar.svg' });
  });

  it("refuses a token on another brand's host (HTTP 401)", async () => {
    const btz = await newUser(t);
    const jw = await newUser(t, { host: 'jw.localhost' });
    const cross = await t.api('/btz/user/get-info', { token: btz.token, host: 'jw.localhost' });
    expect(cross.status).toBe(401);
    expect(cross.json.code).toBe(401);
    const back = await t.api('/btz/user/get-info', { token: jw.token, host: '127.0.0.1' });
    expect(back.status).toBe(401);
    // a token works on another host of its own tenant
    const sameTenant = await t.api('/btz/user/get-info', { token: jw.token, host: 'www.jw.localhost' });
    expect(sameTenant.json.data.id).toBe(jw.userId);
  });

  it("does not accept a code sent on one brand for another brand's login", async () => {
    const phone = uniquePhone();
    const sent = await t.api('/btz-skip/send-code', { query: { phone } });
    const res = await t.api('/blade-auth/oauth/token', {
      host: 'jw.localhost',
      query: { username: phone, grant_type: 'sms_code', source: 1 },
      headers: { 'Captcha-Key': sent.json.data.key, 'Captcha-Code': t.smsCode(phone) },
    });
    expect(res.json.success).toBe(false);
    expect(res.json.access_token).toBeUndefined();
  });

  it('refuses a Tenant-Id header that does not match the host (code 400), accepts a matching one', async () => {
    const res = await t.api('/btz-skip/boot', { headers: { 'Tenant-Id': '389572' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 400, success: false });
    expect(res.json.msg).toContain('Tenant-Id');
    const jw = await t.api('/btz-skip/boot', { host: 'jw.localhost', headers: { 'Tenant-Id': '000000' } });
    expect(jw.json.code).toBe(400);
    const ok = await t.api('/btz-skip/boot', { host: 'jw.localhost', headers: { 'Tenant-Id': '389572' } });
    expect(ok.json).toMatchObject({ code: 200, data: { tenantId: '389572' } });
    // a logged-in call with a mismatching header is refused too, whatever the token
    const u = await newUser(t);
    const info = await t.api('/btz/user/get-info', { token: u.token, headers: { 'Tenant-Id': '592716' } });
    expect(info.json.code).toBe(400);
  });
});
