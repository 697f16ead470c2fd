/**
 * The four brands (tenants) of spec §3 with every branding field. Logos are original SVGs rendered by
 * modules/tenant/brand-assets.ts at `/brand/{code}/…` — nothing is fetched from outside.
 */
export interface BrandSeed {
  id: string;
  code: 'btz' | 'jw' | 'bs' | 'fz';
  name: string;
  slogan: string;
  mark: string;
  primaryColor: string;
  companyName: string;
  BAno: string;
  phone: string;
  email: string;
}

export const BRANDS: BrandSeed[] = [
  {
    id: '000000',
    code: 'btz',
    name: '标书AI',
    slogan: '让每一份标书都有备而来',
    mark: '标',
    primaryColor: '#1f5eff',
    companyName: '北京标书通智能科技有限公司',
    BAno: '京ICP备2024061234号-1',
    phone: '400-860-2026',
    email: 'service@biaoshu-ai.cn',
  },
  {
    id: '389572',
    code: 'jw',
    name: '金网标书',
    slogan: '金牌投标，网罗商机',
    mark: '金',
    primaryColor: '#c2410c',
    companyName: '杭州金网招投标服务有限公司',
    BAno: '浙ICP备2023047788号-2',
    phone: '400-571-3890',
    email: 'kefu@jinwang-bid.cn',
  },
  {
    id: '592716',
    code: 'bs',
    name: '标速AI',
    slogan: '更快写好每一份标书',
    mark: '速',
    primaryColor: '#0f8a6e',
    companyName: '深圳标速信息技术有限公司',
    BAno: '粤ICP备2024105566号-1',
    phone: '400-755-5927',
    email: 'hello@biaosu.cn',
  },
  {
    id: '329436',
    code: 'fz',
    name: '方舟标书',
    slogan: '投标路上的方舟',
    mark: '舟',
    primaryColor: '#6d28d9',
    companyName: '成都方舟智标科技有限公司',
    BAno: '蜀ICP备2024032943号-1',
    phone: '400-028-3294',
    email: 'support@fangzhou-bid.cn',
  },
];

/** The branding JSON stored per tenant: every field of spec §3 plus our primaryColor. */
export function brandingFor(b: BrandSeed): Record<string, string> {
  const a = (name: string) => `/brand/${b.code}/${name}.svg`;
  return {
    id: b.id,
    tenanId: b.id,
    text: `${b.name}——${b.slogan}`,
    homeLogoLight: a('logo-light'),
    homeLogoDark: a('logo-dark'),
    bannerLogo: a('banner'),
    footerLogo: a('logo-dark'),
    workLogoLight: a('work-light'),
    workLogoDark: a('work-dark'),
    ecLogo: a('mark'),
    avatar: a('avatar'),
    video_img: a('video-poster'),
    video: '',
    item_video1: '',
    item_video2: '',
    item_video3: '',
    wechat: a('wechat'),
    wechat2: a('wechat-service'),
    companyName: b.companyName,
    BAno: b.BAno,
    groupImg: a('group'),
    phone: b.phone,
    email: b.email,
    primaryColor: b.primaryColor,
    name: b.name,
  };
}

/** Hosts bound to a tenant by default (operators add more); fz has no host rule of its own (CONVENTIONS.md Tenancy). */
export const HOST_TENANTS: { host: string; tenantId: string }[] = [
  { host: 'fz.localhost', tenantId: '329436' },
  { host: 'fangzhou.localhost', tenantId: '329436' },
];

/** Per-path route rules (spec §7): a redirect, or an absolute redirect (full-page navigation). */
export const ROUTE_RULES: { path: string; redirect: string; absolute: boolean }[] = [
  { path: '/home/index.html', redirect: '/home', absolute: false },
  { path: '/more', redirect: '/home/website_map.html', absolute: false },
  { path: '/help', redirect: '/home/CustomerService', absolute: false },
];
