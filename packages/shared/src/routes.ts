/**
 * Every route of spec §2 in one table (APP_ROUTES), read by the web router (what renders), the access rule (who may open
 * it) and the server (which paths answer 200 and which 404, and their titles).
 */

export interface WorkbenchMenuItem {
  path: string;
  title: string;
}

/** The workbench sider menu (DESIGN.md) — also the logged-in user's header-menu list (spec §2 access rule). */
export const WORKBENCH_MENU: WorkbenchMenuItem[] = [
  { path: '/workbench/historyBook', title: '我的标书' },
  { path: '/workbench/myTasks', title: '我的任务' },
  { path: '/workbench/document', title: '新建标书' },
  { path: '/workbench/DataBank', title: '资料库' },
  { path: '/workbench/PictureLibrary', title: '图片库' },
  { path: '/workbench/repository', title: '知识库' },
  { path: '/workbench/BiddingTool', title: '标书工具' },
  { path: '/workbench/welfareCenter', title: '福利中心' },
  { path: '/workbench/team', title: '团队' },
  { path: '/workbench/profile', title: '个人中心' },
];

/** Which frame a page renders in: the public site's, the corporate page's, the workbench's, or the operator console's. */
export type RouteLayout = 'site' | 'corporate' | 'workbench' | 'admin';
/**
 * Who may open a page: anyone, a logged-in user (an anonymous visitor is sent home with the login dialog), or an
 * operator (the console's own layout signs the operator in: a user's login plays no part, and no user menu links there).
 */
export type RouteAccess = 'public' | 'login' | 'operator';

/** One page of the web app. */
export interface AppRoute {
  /** the path as the router matches it: `:name` is one segment, a final `*` anything below */
  path: string;
  /**
   * The Chinese title: the tab title (through the brand's template) and the server's `<title>`; a detail page shows its
   * item's own title once loaded and this one meanwhile. Absent: the brand's home title.
   */
  title?: string;
  layout: RouteLayout;
  access: RouteAccess;
  /**
   * A path with a parameter the server knows: the crawler view's name for it, and what the parameter must end with for
   * the server to answer 200 (`/activity/3.html`; the router also matches `/activity/3`, which the server answers 404).
   * A parameter without one (`/:inviteCode`) is decided by data; a `*` path is the 404 page.
   */
  param?: { name: string; suffix: string };
}

/**
 * Every page of the web app (spec §2) in one list: the web router renders exactly these (apps/web/src/router), the access
 * rule reads `access` (`routeAccess`), and the server answers 200 or 404 and writes `<title>` from it (`isKnownRoute`,
 * `routeTitle`, modules/web and modules/content/seo). The public static pages come in the order the sitemap lists them.
 */
export const APP_ROUTES = [
  { path: '/', layout: 'site', access: 'public' },
  { path: '/demo', title: '产品演示', layout: 'site', access: 'public' },
  { path: '/home', layout: 'site', access: 'public' },
  { path: '/home/business.html', title: '商务合作', layout: 'corporate', access: 'public' },
  { path: '/home/CustomerService', title: '客服中心', layout: 'site', access: 'public' },
  { path: '/home/direction.html', title: '使用指南', layout: 'site', access: 'public' },
  { path: '/home/industry_dynamics.html', title: '行业动态', layout: 'site', access: 'public' },
  { path: '/home/merchant.html', title: '商家名录', layout: 'site', access: 'public' },
  { path: '/home/pay_agreement.html', title: '支付协议', layout: 'site', access: 'public' },
  { path: '/home/website_map.html', title: '网站地图', layout: 'site', access: 'public' },
  { path: '/user/profile', title: '个人资料', layout: 'site', access: 'login' },
  // the activities' list (a bare `/activity` is no invitation code)
  { path: '/activity', title: '优惠活动', layout: 'site', access: 'public' },
  { path: '/activity/:file', title: '活动详情', layout: 'site', access: 'public', param: { name: 'activity', suffix: '.html' } },
  { path: '/dynamic/:file', title: '行业动态', layout: 'site', access: 'public', param: { name: 'dynamic', suffix: '.html' } },
  { path: '/question/:file', title: '常见问题', layout: 'site', access: 'public', param: { name: 'question', suffix: '.html' } },
  {
    path: '/merchantDetail/:file',
    title: '商家详情',
    layout: 'site',
    access: 'public',
    param: { name: 'merchantDetail', suffix: '.html' },
  },
  { path: '/home/:page', title: '专题页面', layout: 'site', access: 'public', param: { name: 'homePage', suffix: '.html' } },
  // an invite landing when the code exists (the server asks the database), else a Chinese 「邀请链接无效」 page (HTTP 404)
  { path: '/:inviteCode', title: '好友邀请', layout: 'site', access: 'public' },
  { path: '*', title: '页面不存在', layout: 'site', access: 'public' },

  { path: '/workbench', title: '工作台', layout: 'workbench', access: 'login' },
  { path: '/workbench/BiddingTool', title: '标书工具', layout: 'workbench', access: 'login' },
  { path: '/workbench/DataBank', title: '资料库', layout: 'workbench', access: 'login' },
  { path: '/workbench/historyBook', title: '我的标书', layout: 'workbench', access: 'login' },
  { path: '/workbench/profile', title: '个人中心', layout: 'workbench', access: 'login' },
  { path: '/workbench/PictureLibrary', title: '图片库', layout: 'workbench', access: 'login' },
  { path: '/workbench/repository', title: '知识库', layout: 'workbench', access: 'login' },
  { path: '/workbench/welfareCenter', title: '福利中心', layout: 'workbench', access: 'login' },
  { path: '/workbench/team', title: '团队', layout: 'workbench', access: 'login' },
  { path: '/workbench/myTasks', title: '我的任务', layout: 'workbench', access: 'login' },
  { path: '/workbench/messages', title: '消息', layout: 'workbench', access: 'login' },
  { path: '/workbench/data/BidDocuments', title: '资料库 · 标书资料', layout: 'workbench', access: 'login' },
  { path: '/workbench/data/CompleteEntDialog', title: '完善企业信息', layout: 'workbench', access: 'login' },
  { path: '/workbench/data/EnterpriseInfo', title: '企业信息', layout: 'workbench', access: 'login' },
  { path: '/workbench/data/upload', title: '资料上传', layout: 'workbench', access: 'login' },
  { path: '/workbench/document', title: '新建标书', layout: 'workbench', access: 'login' },
  { path: '/workbench/document/BidingDocument', title: '标书编写', layout: 'workbench', access: 'login' },
  { path: '/workbench/picture/ExtractImg', title: '图片提取', layout: 'workbench', access: 'login' },
  { path: '/workbench/picture/ExtractUpload', title: '上传提取文件', layout: 'workbench', access: 'login' },
  { path: '/workbench/picture/upload', title: '图片上传', layout: 'workbench', access: 'login' },
  { path: '/workbench/repositorys/BidDocuments', title: '知识库 · 历史标书', layout: 'workbench', access: 'login' },
  { path: '/workbench/repositorys/upload', title: '知识库上传', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/barChart', title: '相似度图表', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/BiddingCheck', title: '标书查重', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/FileConversion', title: '文件转换', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/IpRecord', title: 'IP与设备记录', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/MetadataClearing', title: '元数据清除', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/ReportView', title: '查重报告', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/components/CheckTableData', title: '查重明细', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/components/CommonTableData', title: '通用明细', layout: 'workbench', access: 'login' },
  { path: '/workbench/tools/components/ReportTableData', title: '报告明细', layout: 'workbench', access: 'login' },
  { path: '/workbench/user/userData', title: '用户资料', layout: 'workbench', access: 'login' },
  { path: '/workbench/welfareCenter/component/ShareDialog', title: '分享有礼', layout: 'workbench', access: 'login' },
  { path: '/workbench/welfareCenter/component/TaskHeader', title: '任务概览', layout: 'workbench', access: 'login' },
  { path: '/workbench/welfareCenter/component/TaskList', title: '任务列表', layout: 'workbench', access: 'login' },
  // the 404 page inside the workbench frame
  { path: '/workbench/*', layout: 'workbench', access: 'login' },

  // the operator console (issue 28): its own layout and sign-in, never indexed
  { path: '/admin', title: '运营后台 · 用户与企业', layout: 'admin', access: 'operator' },
  { path: '/admin/sign-in', title: '运营后台登录', layout: 'admin', access: 'operator' },
  { path: '/admin/orders', title: '运营后台 · 订单与退款', layout: 'admin', access: 'operator' },
  { path: '/admin/audit', title: '运营后台 · 操作审计', layout: 'admin', access: 'operator' },
  { path: '/admin/operators', title: '运营后台 · 运营人员', layout: 'admin', access: 'operator' },
  { path: '/admin/packages', title: '运营后台 · 套餐', layout: 'admin', access: 'operator' },
  { path: '/admin/coupons', title: '运营后台 · 优惠券与兑换码', layout: 'admin', access: 'operator' },
  { path: '/admin/dashboard', title: '运营后台 · 数据概览', layout: 'admin', access: 'operator' },
  { path: '/admin/llm', title: '运营后台 · 大模型用量', layout: 'admin', access: 'operator' },
  { path: '/admin/welfare', title: '运营后台 · 福利任务奖励', layout: 'admin', access: 'operator' },
  { path: '/admin/content', title: '运营后台 · 内容', layout: 'admin', access: 'operator' },
  { path: '/admin/feedback', title: '运营后台 · 用户反馈', layout: 'admin', access: 'operator' },
  { path: '/admin/brand', title: '运营后台 · 品牌设置', layout: 'admin', access: 'operator' },
  { path: '/admin/*', layout: 'admin', access: 'operator' },
] as const satisfies readonly AppRoute[];

/** A path of the table: the web's page map is keyed by these, so a page outside the table does not type-check. */
export type AppRoutePath = (typeof APP_ROUTES)[number]['path'];

const TABLE: readonly AppRoute[] = APP_ROUTES;
const isStatic = (r: AppRoute) => !r.path.includes(':') && !r.path.includes('*');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every workbench page with its screen title. */
export const WORKBENCH_ROUTES: Record<string, string> = Object.fromEntries(
  TABLE.filter((r) => r.layout === 'workbench' && isStatic(r)).map((r) => [r.path, r.title ?? '']),
);

/** A page of the public site's frames (not the workbench, not the operator console). */
const isSite = (r: AppRoute) => r.layout === 'site' || r.layout === 'corporate';

/** The public pages without a parameter (spec §2), in sitemap order. */
export const PUBLIC_STATIC_ROUTES: readonly string[] = TABLE.filter((r) => isSite(r) && isStatic(r)).map((r) => r.path);

/** The public pages a crawler may index (not the logged-in profile). */
export const INDEXABLE_STATIC_ROUTES: readonly string[] = TABLE.filter((r) => isSite(r) && isStatic(r) && r.access === 'public').map((r) => r.path);

/** Titles of the public pages without a parameter, as the site shows them. */
export const PUBLIC_ROUTE_TITLES: Record<string, string> = Object.fromEntries(
  TABLE.filter((r) => isSite(r) && isStatic(r) && r.title).map((r) => [r.path, r.title!]),
);

/** The operator console's pages (issue 28) with their titles. */
export const ADMIN_ROUTES: Record<string, string> = Object.fromEntries(
  TABLE.filter((r) => r.layout === 'admin' && isStatic(r)).map((r) => [r.path, r.title ?? '']),
);

/** A path of the operator console (`/admin`, `/admin/…`). */
export const isAdminPath = (path: string) => {
  const p = normalizePath(path);
  return p === '/admin' || p.startsWith('/admin/');
};

/** Parametrised public pages the server knows (spec §2), by name: the parameter is the pattern's group 1. */
export const PUBLIC_PATTERNS: { name: string; pattern: RegExp }[] = TABLE.flatMap((r) =>
  r.param
    ? [{ name: r.param.name, pattern: new RegExp(`^${r.path.split(/:[A-Za-z]+/).map(escapeRe).join(`([^/]+)${escapeRe(r.param.suffix)}`)}$`) }]
    : [],
);

/** How the router ranks a path that several entries match (react-router's: static segments over parameters over `*`). */
function rank(r: AppRoute, path: string): number | null {
  const want = r.path.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  const splat = want[want.length - 1] === '*';
  const fixed = splat ? want.slice(0, -1) : want;
  if (splat ? got.length < fixed.length : got.length !== fixed.length) return null;
  let score = splat ? -2 : 0;
  for (let i = 0; i < fixed.length; i++) {
    if (fixed[i]!.startsWith(':')) score += 3;
    else if (fixed[i] === got[i]) score += 10;
    else return null;
  }
  return score;
}

/** The table's entry the router renders for a path (the `*` 404 page when nothing else matches). */
export function routeFor(path: string): AppRoute {
  const p = normalizePath(path);
  let best: AppRoute = TABLE.find((r) => r.path === '*')!;
  let bestScore = -Infinity;
  for (const r of TABLE) {
    const s = rank(r, p);
    if (s !== null && s > bestScore) [best, bestScore] = [r, s];
  }
  return best;
}

/** Who may open a path: its page's `access` (an unknown path is the public 404 page). */
export const routeAccess = (path: string): RouteAccess => routeFor(path).access;

/** The fixed title of a page without a parameter (the workbench's screens, the site's static pages). */
export function routeTitle(path: string): string | undefined {
  const p = normalizePath(path);
  return TABLE.find((r) => r.path === p)?.title;
}

/** Prefixes an anonymous visitor may reach (spec §2 access rule). */
const ANON_PREFIXES = ['/home', '/more', '/help', '/dynamic', '/question', '/activity'];
const ANON_EXACT = ['/', '/demo', '/home', '/activity'];

/** Strip a trailing slash (but keep "/"). */
export function normalizePath(path: string): string {
  const p = path.split(/[?#]/)[0] || '/';
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** Spec §2: without a login token only these paths are reachable. */
export function isAnonymousPath(path: string): boolean {
  const p = normalizePath(path);
  if (ANON_EXACT.includes(p)) return true;
  return ANON_PREFIXES.some((prefix) => p === prefix || p.startsWith(prefix + '/'));
}

/** Routes the spec lists; `/{inviteCode}` and `/{slug...}` are decided by data (CONVENTIONS.md). */
export function isKnownRoute(path: string): boolean {
  const p = normalizePath(path);
  if (PUBLIC_STATIC_ROUTES.includes(p)) return true;
  if (p in WORKBENCH_ROUTES) return true;
  if (p in ADMIN_ROUTES) return true;
  return PUBLIC_PATTERNS.some((r) => r.pattern.test(p));
}

/** A single path segment that could be an invitation code (`/{inviteCode}`). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
export function inviteCodeFromPath(path: string): string | null {
  const p = normalizePath(path);
  const m = /^\/([A-Za-z0-9]{4,16})$/.exec(p);
  return m ? m[1]! : null;
}
