/**
 * Every route of spec §2, shared by the web router (what renders) and the server (which paths answer 200 and which 404).
 * Titles are the Chinese names the workbench shows.
 */

export interface WorkbenchMenuItem {
  path: string;
  title: string;
}

/** The workbench sider menu (DESIGN.md) — also the logged-in user's header-menu list (spec §2 access rule). */
export const WORKBENCH_MENU: WorkbenchMenuItem[] = [
  { path: '/workbench/historyBook', title: '我的标书' },
  { path: '/workbench/document', title: '新建标书' },
  { path: '/workbench/DataBank', title: '资料库' },
  { path: '/workbench/PictureLibrary', title: '图片库' },
  { path: '/workbench/repository', title: '知识库' },
  { path: '/workbench/BiddingTool', title: '标书工具' },
  { path: '/workbench/welfareCenter', title: '福利中心' },
  { path: '/workbench/profile', title: '个人中心' },
];

/** Every workbench route of spec §2 with its screen title. */
export const WORKBENCH_ROUTES: Record<string, string> = {
  '/workbench': '工作台',
  '/workbench/BiddingTool': '标书工具',
  '/workbench/DataBank': '资料库',
  '/workbench/historyBook': '我的标书',
  '/workbench/profile': '个人中心',
  '/workbench/PictureLibrary': '图片库',
  '/workbench/repository': '知识库',
  '/workbench/welfareCenter': '福利中心',
  '/workbench/data/BidDocuments': '资料库 · 标书资料',
  '/workbench/data/CompleteEntDialog': '完善企业信息',
  '/workbench/data/EnterpriseInfo': '企业信息',
  '/workbench/data/upload': '资料上传',
  '/workbench/document': '新建标书',
  '/workbench/document/BidingDocument': '标书编写',
  '/workbench/picture/ExtractImg': '图片提取',
  '/workbench/picture/ExtractUpload': '上传提取文件',
  '/workbench/picture/upload': '图片上传',
  '/workbench/repositorys/BidDocuments': '知识库 · 历史标书',
  '/workbench/repositorys/upload': '知识库上传',
  '/workbench/tools/barChart': '相似度图表',
  '/workbench/tools/BiddingCheck': '标书查重',
  '/workbench/tools/FileConversion': '文件转换',
  '/workbench/tools/IpRecord': 'IP与设备记录',
  '/workbench/tools/MetadataClearing': '元数据清除',
  '/workbench/tools/ReportView': '查重报告',
  '/workbench/tools/components/CheckTableData': '查重明细',
  '/workbench/tools/components/CommonTableData': '通用明细',
  '/workbench/tools/components/ReportTableData': '报告明细',
  '/workbench/user/userData': '用户资料',
  '/workbench/welfareCenter/component/ShareDialog': '分享有礼',
  '/workbench/welfareCenter/component/TaskHeader': '任务概览',
  '/workbench/welfareCenter/component/TaskList': '任务列表',
};

/** Static public routes of spec §2 (exact paths). */
export const PUBLIC_STATIC_ROUTES = [
  '/',
  '/demo',
  '/home',
  '/home/business.html',
  '/home/CustomerService',
  '/home/direction.html',
  '/home/industry_dynamics.html',
  '/home/merchant.html',
  '/home/pay_agreement.html',
  '/home/website_map.html',
  '/user/profile',
] as const;

/** Parametrised public routes of spec §2. */
export const PUBLIC_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'activity', pattern: /^\/activity\/([^/]+)\.html$/ },
  { name: 'dynamic', pattern: /^\/dynamic\/([^/]+)\.html$/ },
  { name: 'question', pattern: /^\/question\/([^/]+)\.html$/ },
  { name: 'merchantDetail', pattern: /^\/merchantDetail\/([^/]+)\.html$/ },
  { name: 'homePage', pattern: /^\/home\/([^/]+)\.html$/ },
];

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
  if ((PUBLIC_STATIC_ROUTES as readonly string[]).includes(p)) return true;
  if (p in WORKBENCH_ROUTES) return true;
  return PUBLIC_PATTERNS.some((r) => r.pattern.test(p));
}

/** A single path segment that could be an invitation code (`/{inviteCode}`). */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
export function inviteCodeFromPath(path: string): string | null {
  const p = normalizePath(path);
  const m = /^\/([A-Za-z0-9]{4,16})$/.exec(p);
  return m ? m[1]! : null;
}
