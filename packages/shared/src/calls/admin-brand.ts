import * as z from 'zod';
import { adminCall } from './admin.js';
import { ownImagePath } from './content.js';

/**
 * A brand in the operator console (issue 28): the tenant branding texts and logos of spec §3, its SEO texts, the hosts
 * that serve it and its per-path route rules (spec §2 redirect / appMiddleware). A tenant's operator edits its own brand
 * (the host map is the platform's: the super-operator's only); every change takes effect without a restart.
 */

/** The branding texts an operator edits (spec §3), with their Chinese names. */
export const BRAND_TEXT_FIELDS = {
  name: '品牌名称',
  text: '品牌标语（名称——标语）',
  companyName: '公司名称',
  phone: '客服电话',
  email: '客服邮箱',
  BAno: 'ICP 备案号',
  primaryColor: '主题色',
} as const;
/** The logos (spec §3): paths this server serves itself. */
export const BRAND_LOGO_FIELDS = {
  homeLogoLight: '首页 Logo（浅色背景）',
  homeLogoDark: '首页 Logo（深色背景）',
  footerLogo: '页脚 Logo',
  workLogoLight: '工作台 Logo（浅色）',
  workLogoDark: '工作台 Logo（深色）',
  ecLogo: '站点图标',
  wechat: '微信客服二维码',
} as const;
export type BrandTextField = keyof typeof BRAND_TEXT_FIELDS;
export type BrandLogoField = keyof typeof BRAND_LOGO_FIELDS;

const str = z.string();
const tenantId = z.string().trim().min(1).max(64).optional();
const t = (max: number) => z.string().trim().max(max, { error: `不能超过 ${max} 个字符` }).default('');
const logo = z.union([z.literal(''), ownImagePath()]).default('');
const host = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, { error: '域名格式不正确（不含 http:// 和端口）' });
const path = z.string().trim().regex(/^\/[A-Za-z0-9/_.-]{0,199}$/, { error: '路径应以 / 开头，只含字母、数字和 / _ . -' });

const routeRule = z.strictObject({ path: str, redirect: str, absolute: z.boolean(), appMiddleware: z.array(str) });
export type AdminRouteRule = z.infer<typeof routeRule>;

const brandView = z.strictObject({
  tenantId: str,
  code: str,
  texts: z.record(str, str),
  logos: z.record(str, str),
  seo: z.strictObject({ title: str, description: str, keywords: str }),
  /** what the host variant shows when an SEO text is left empty */
  seoDefaults: z.strictObject({ title: str, description: str, keywords: str }),
  hosts: z.array(str),
  routeRules: z.array(routeRule),
});
export type AdminBrand = z.infer<typeof brandView>;

export const adminBrandCalls = {
  brand: adminCall('operator', {
    path: '/btz/admin/brand/detail',
    query: z.object({ tenantId }),
    labels: { tenantId: '租户' },
    response: brandView,
  }),
  saveBrand: adminCall('operator', {
    path: '/btz/admin/brand/save',
    body: z.object({
      tenantId,
      name: z.string({ error: '不能为空' }).trim().min(1, { error: '不能为空' }).max(20, { error: '不能超过 20 个字符' }),
      text: t(60),
      companyName: t(60),
      phone: t(30),
      email: z.union([z.literal(''), z.string().trim().max(100).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: '邮箱格式不正确' })]).default(''),
      BAno: t(40),
      primaryColor: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, { error: '应为 #RRGGBB 形式的颜色' }),
      homeLogoLight: logo,
      homeLogoDark: logo,
      footerLogo: logo,
      workLogoLight: logo,
      workLogoDark: logo,
      ecLogo: logo,
      wechat: logo,
      seoTitle: t(80),
      seoDescription: t(300),
      seoKeywords: t(200),
    }),
    labels: { tenantId: '租户', ...BRAND_TEXT_FIELDS, ...BRAND_LOGO_FIELDS, seoTitle: 'SEO 标题', seoDescription: 'SEO 描述', seoKeywords: 'SEO 关键词' },
    response: brandView,
  }),
  /**
   * multipart: file (PNG, JPEG, GIF or WebP, ≤ 5 MB; checked like every uploaded picture) → the path the brand's logo
   * fields take, `/brand-file/{sha256}.{ext}`, served on the brand's own hosts. Nothing changes until the brand is saved.
   */
  uploadLogo: adminCall('operator', {
    path: '/btz/admin/brand/logo',
    query: z.object({ tenantId }),
    fields: z.strictObject({}),
    labels: { tenantId: '租户' },
    response: z.strictObject({ path: str }),
  }),
  /** which hosts serve the brand: the platform's map, the super-operator's only */
  saveHosts: adminCall('super', {
    path: '/btz/admin/brand/hosts',
    body: z.object({ tenantId: z.string().trim().min(1).max(64), hosts: z.array(host).max(20) }),
    labels: { tenantId: '租户', hosts: '域名' },
    response: brandView,
  }),
  /** sets (or with `remove` deletes) the brand's rule for one path */
  saveRouteRule: adminCall('operator', {
    path: '/btz/admin/brand/route-rule',
    body: z.object({
      tenantId,
      path,
      redirect: z.union([z.literal(''), z.string().trim().regex(/^(\/(?![/\\])|https:\/\/)[^\s]{0,300}$/, { error: '跳转地址应为本站路径（/ 开头）或 https:// 地址' })]).default(''),
      appMiddleware: z.array(z.string().trim().regex(/^[a-zA-Z][\w-]{0,39}$/, { error: '中间件名称只能含字母、数字、下划线和短横线' })).max(10).default([]),
      remove: z.boolean().optional(),
    }),
    labels: { tenantId: '租户', path: '路径', redirect: '跳转地址', appMiddleware: '中间件', remove: '删除' },
    response: brandView,
  }),
};
