/**
 * Brand settings from the console (issue 28): a tenant's operator edits its brand's texts and SEO — the public site
 * serves them at once, without a restart — and its route rules; it cannot reach another brand nor the host map, which the
 * super-operator edits (a new host serves its brand at once; a host of another brand is refused). Audited before/after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { head } from '../content/helpers.js';
import { asOperator, inviteOperator, signInSuper } from './helpers.js';
import { OPERATOR_AUTH_HEADER } from '@btz/shared/calls';
import { gifFrameBomb } from '../../../../packages/bid-engine/test/fixtures/hostile-images.js';
import { drawPicture } from '../../../../packages/bid-engine/test/fixtures/pictures.js';

const A = '000000';
const B = '389572';
let t: TestServer;
let su: { token: string };
let opA: { token: string };
beforeAll(async () => {
  t = await startTestServer({ smsResendS: 0 });
  su = await signInSuper(t);
  opA = await inviteOperator(t, su.token, A, '运营A');
}, 60_000);
afterAll(async () => {
  await t?.close();
}, 30_000);

const brand = async (token: string, tenantId?: string) => (await asOperator(t, token, '/btz/admin/brand/detail', { query: { tenantId } })).json;
const bodyOf = (b: any) => ({ ...b.texts, ...b.logos, seoTitle: b.seo.title, seoDescription: b.seo.description, seoKeywords: b.seo.keywords });

describe('brand settings', () => {
  it("an operator edits its brand's texts and SEO; the public site serves them at once; the audit keeps what changed", async () => {
    const before = (await brand(opA.token)).data;
    expect(before).toMatchObject({ tenantId: A, seo: { title: '', description: '', keywords: '' } });
    expect(before.texts.name).toBe('标书AI');
    const res = await asOperator(t, opA.token, '/btz/admin/brand/save', {
      body: { ...bodyOf(before), phone: '400-800-1234', seoTitle: '标书AI｜运营设置的首页标题', seoDescription: '运营设置的站点描述', seoKeywords: '标书,投标' },
    });
    expect(res.json.data.seo).toEqual({ title: '标书AI｜运营设置的首页标题', description: '运营设置的站点描述', keywords: '标书,投标' });
    const info = (await t.api<any>('/btz-skip/tenant-info', { host: '127.0.0.1' })).json.data;
    expect(info.phone).toBe('400-800-1234');
    const home = await t.request('/', { host: '127.0.0.1' });
    expect(home.text).toContain('<title>标书AI｜运营设置的首页标题</title>');
    expect(head(home.text).description).toBe('运营设置的站点描述');
    // every public page of the brand carries it: a list page's and the map's title end with it, their head has its texts
    for (const [path, own] of [['/home/industry_dynamics.html', '行业动态'], ['/home/website_map.html', '网站地图'], ['/home/CustomerService', '客服中心']] as const) {
      const page = await t.request(path, { host: '127.0.0.1' });
      expect(page.status).toBe(200);
      expect(head(page.text).title).toBe(`${own} - 标书AI｜运营设置的首页标题`);
      expect(page.text).toContain('<meta name="keywords" content="标书,投标">');
      expect(page.text).not.toContain('AI智能标书写作平台</title>');
    }
    // another brand keeps its own
    const jw = await t.request('/', { host: 'jw.localhost' });
    expect(jw.text).not.toContain('运营设置的首页标题');
    const audit = (await asOperator(t, opA.token, '/btz/admin/audit/list', { query: { action: 'brand.update' } })).json.data.records;
    expect(audit[0]).toMatchObject({ targetId: A, before: { phone: before.texts.phone, seoTitle: '' }, after: { phone: '400-800-1234', seoTitle: '标书AI｜运营设置的首页标题' } });
  });

  it('bad input is named in Chinese; another brand and the host map are out of reach', async () => {
    const b = (await brand(opA.token)).data;
    expect((await asOperator(t, opA.token, '/btz/admin/brand/save', { body: { ...bodyOf(b), primaryColor: 'red' } })).json.msg).toContain('应为 #RRGGBB 形式的颜色');
    expect((await asOperator(t, opA.token, '/btz/admin/brand/save', { body: { ...bodyOf(b), homeLogoLight: 'https://evil.example/logo.svg' } })).json.msg).toContain('只能使用本站提供的图片');
    expect((await brand(opA.token, B)).msg).toBe('只能查看和操作本租户的数据');
    expect((await asOperator(t, opA.token, '/btz/admin/brand/hosts', { body: { tenantId: A, hosts: ['a.example'] } })).json.msg).toBe('当前操作没有权限');
    expect((await brand(su.token)).msg).toBe('请选择租户（tenantId）');
  });

  it('the super-operator maps a new host to a brand: it serves that brand at once; a host of another brand is refused', async () => {
    const b = (await brand(su.token, B)).data;
    expect((await t.api<any>('/btz-skip/tenant-info', { host: 'brand-new.example' })).json.data.tenanId).toBe(A);
    const res = await asOperator(t, su.token, '/btz/admin/brand/hosts', { body: { tenantId: B, hosts: [...b.hosts, 'Brand-New.example'] } });
    expect(res.json.data.hosts).toContain('brand-new.example');
    expect((await t.api<any>('/btz-skip/tenant-info', { host: 'brand-new.example' })).json.data.tenanId).toBe(B);
    const a = (await brand(su.token, A)).data;
    const clash = await asOperator(t, su.token, '/btz/admin/brand/hosts', { body: { tenantId: A, hosts: [...a.hosts, 'brand-new.example'] } });
    expect(clash.json.msg).toBe('域名 brand-new.example 已由其他租户使用，请先从该租户移除');
    expect((await asOperator(t, su.token, '/btz/admin/brand/hosts', { body: { tenantId: B, hosts: ['http://x.example'] } })).json.msg).toContain('域名格式不正确');
  });

  it("route rules: the brand's own rule answers on its hosts only, and can be removed", async () => {
    const res = await asOperator(t, opA.token, '/btz/admin/brand/route-rule', { body: { path: '/promo/', redirect: '/home/business.html', appMiddleware: [] } });
    expect(res.json.data.routeRules).toContainEqual({ path: '/promo', redirect: '/home/business.html', absolute: false, appMiddleware: [] });
    expect((await t.api<any>('/btz-skip/route-rules', { host: '127.0.0.1', query: { path: '/promo' } })).json.data).toMatchObject({ redirect: '/home/business.html', absolute: false });
    expect((await t.api<any>('/btz-skip/route-rules', { host: 'jw.localhost', query: { path: '/promo' } })).json.data).toBeNull();
    expect((await asOperator(t, opA.token, '/btz/admin/brand/route-rule', { body: { path: '/promo', redirect: '//evil.example' } })).json.msg).toContain('跳转地址应为本站路径');
    expect((await asOperator(t, opA.token, '/btz/admin/brand/route-rule', { body: { path: '/promo' } })).json.msg).toBe('请填写跳转地址或中间件（都不需要时请删除该规则）');
    await asOperator(t, opA.token, '/btz/admin/brand/route-rule', { body: { path: '/promo', remove: true } });
    expect((await t.api<any>('/btz-skip/route-rules', { host: '127.0.0.1', query: { path: '/promo' } })).json.data).toBeNull();
    const audit = (await asOperator(t, opA.token, '/btz/admin/audit/list', { query: { action: 'brand.route_rule' } })).json.data.records;
    expect(audit[0]).toMatchObject({ targetId: '/promo', before: { redirect: '/home/business.html' }, after: null });
  });

  it('a logo is uploaded (checked like every picture), saved into the brand, and served on its own hosts only', async () => {
    const up = (token: string, name: string, data: Buffer, tenantId?: string) =>
      t.upload('/btz/admin/brand/logo', { query: { tenantId }, file: { name, data }, headers: { [OPERATOR_AUTH_HEADER]: `bearer ${token}` } });
    const png = drawPicture(41, 360, 120);
    const res = await up(opA.token, 'logo.png', png);
    expect(res.json?.success, res.text).toBe(true);
    const logoPath = res.json.data.path as string;
    expect(logoPath).toMatch(/^\/brand-file\/[0-9a-f]{64}\.png$/);
    // the brand takes it as a logo; the public site serves it on A's host, as the bytes uploaded
    const b = (await brand(opA.token)).data;
    const saved = await asOperator(t, opA.token, '/btz/admin/brand/save', { body: { ...bodyOf(b), homeLogoLight: logoPath } });
    expect(saved.json.data.logos.homeLogoLight).toBe(logoPath);
    const file = await t.request(logoPath, { host: '127.0.0.1' });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.bytes.equals(png)).toBe(true);
    expect((await t.api<any>('/btz-skip/tenant-info', { host: '127.0.0.1' })).json.data.homeLogoLight).toBe(logoPath);
    // as the site's icon, the page and the web app manifest declare it a PNG (not the SVG of the generated default)
    const iconSaved = await asOperator(t, opA.token, '/btz/admin/brand/save', { body: { ...bodyOf((await brand(opA.token)).data), ecLogo: logoPath } });
    expect(iconSaved.json?.success, iconSaved.text).toBe(true);
    const manifest = (await t.request('/manifest.webmanifest', { host: '127.0.0.1' })).json;
    expect(manifest.icons).toEqual([{ src: logoPath, sizes: 'any', type: 'image/png', purpose: 'any' }]);
    expect((await t.request('/', { host: '127.0.0.1' })).text).toContain(`<link rel="icon" href="${logoPath}" type="image/png">`);
    // another brand's host does not serve it
    expect((await t.request(logoPath, { host: 'fz.localhost' })).status).toBe(404);
    // a hostile picture is refused in Chinese; an operator of A cannot upload for B
    const bomb = await up(opA.token, 'bomb.gif', gifFrameBomb());
    expect(bomb.json).toMatchObject({ success: false });
    expect(bomb.json.msg).toMatch(/图片尺寸过大/);
    const other = await up(opA.token, 'logo.png', png, B);
    expect(other.json).toMatchObject({ success: false, msg: '只能查看和操作本租户的数据' });
    // audited
    const audit = (await asOperator(t, su.token, '/btz/admin/audit/list', { query: { tenantId: A, size: 50 } })).json.data.records;
    expect(audit.some((r: any) => r.action === 'brand.logo')).toBe(true);
  });
});
