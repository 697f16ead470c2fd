import type { LoaderFunction } from 'react-router';
import type { AppRoutePath } from '@btz/shared';
import { activityLoader, merchantLoader, newsLoader, pageLoader, questionLoader } from '../features/site/loaders';
import type { ActivityDetail, MerchantDetail, NewsDetail, QuestionDetail, SitePage } from '../features/site/api';
import { inviteLoader, type InviteItem } from './loaders';
import type { PageModule } from './page';

/** What the web adds to a route of the table: its screen (one file per route, spec §2), its loader, its item's title. */
export interface PageDef {
  load: () => Promise<PageModule>;
  loader?: LoaderFunction;
  /** a detail page's title from its loaded item (the table's title meanwhile, and when the item has none) */
  title?: (item: never) => string | null | undefined;
}

const titled = <T>(pick: (item: T) => string | null | undefined) => pick as (item: never) => string | null | undefined;

/**
 * The screen of every route of the table (APP_ROUTES in packages/shared/src/routes.ts), keyed by its path: a route of the
 * table without a screen, or a screen for a path the table lacks, does not type-check. The router (routes.tsx) is built
 * from the table, in its layouts, with these.
 */
export const PAGES: Record<AppRoutePath, PageDef> = {
  '/': { load: () => import('../routes/public/Home') },
  '/demo': { load: () => import('../routes/public/Demo') },
  '/home': { load: () => import('../routes/public/Home') },
  '/home/business.html': { load: () => import('../routes/public/Business') },
  '/home/CustomerService': { load: () => import('../routes/public/CustomerService') },
  '/home/direction.html': { load: () => import('../routes/public/Direction') },
  '/home/industry_dynamics.html': { load: () => import('../routes/public/IndustryDynamics') },
  '/home/merchant.html': { load: () => import('../routes/public/Merchant') },
  '/home/pay_agreement.html': { load: () => import('../routes/public/PayAgreement') },
  '/home/website_map.html': { load: () => import('../routes/public/WebsiteMap') },
  '/user/profile': { load: () => import('../routes/public/UserProfile') },
  '/activity': { load: () => import('../routes/public/ActivityList') },
  '/activity/:file': {
    load: () => import('../routes/public/ActivityDetail'),
    loader: activityLoader,
    title: titled((a: ActivityDetail) => a.title),
  },
  '/dynamic/:file': { load: () => import('../routes/public/DynamicDetail'), loader: newsLoader, title: titled((n: NewsDetail) => n.title) },
  '/question/:file': {
    load: () => import('../routes/public/QuestionDetail'),
    loader: questionLoader,
    title: titled((q: QuestionDetail) => q.question),
  },
  '/merchantDetail/:file': {
    load: () => import('../routes/public/MerchantDetail'),
    loader: merchantLoader,
    title: titled((m: MerchantDetail) => m.name),
  },
  '/home/:page': { load: () => import('../routes/public/HomeCodePage'), loader: pageLoader, title: titled((p: SitePage) => p.title) },
  '/:inviteCode': {
    load: () => import('../routes/public/InviteLanding'),
    loader: inviteLoader,
    title: titled((i: InviteItem) => (i.valid ? null : '邀请链接无效')),
  },
  '*': { load: () => import('../routes/public/NotFound') },

  '/workbench': { load: () => import('../routes/workbench/Dashboard') },
  '/workbench/BiddingTool': { load: () => import('../routes/workbench/BiddingTool') },
  '/workbench/DataBank': { load: () => import('../routes/workbench/DataBank') },
  '/workbench/historyBook': { load: () => import('../routes/workbench/HistoryBook') },
  '/workbench/profile': { load: () => import('../routes/workbench/Profile') },
  '/workbench/PictureLibrary': { load: () => import('../routes/workbench/PictureLibrary') },
  '/workbench/team': { load: () => import('../routes/workbench/Team') },
  '/workbench/myTasks': { load: () => import('../routes/workbench/MyTasks') },
  '/workbench/messages': { load: () => import('../routes/workbench/Messages') },
  '/workbench/repository': { load: () => import('../routes/workbench/Repository') },
  '/workbench/welfareCenter': { load: () => import('../routes/workbench/WelfareCenter') },
  '/workbench/data/BidDocuments': { load: () => import('../routes/workbench/DataBidDocuments') },
  '/workbench/data/CompleteEntDialog': { load: () => import('../routes/workbench/DataCompleteEntDialog') },
  '/workbench/data/EnterpriseInfo': { load: () => import('../routes/workbench/DataEnterpriseInfo') },
  '/workbench/data/upload': { load: () => import('../routes/workbench/DataUpload') },
  '/workbench/document': { load: () => import('../routes/workbench/Document') },
  '/workbench/document/BidingDocument': { load: () => import('../routes/workbench/BidingDocument') },
  '/workbench/picture/ExtractImg': { load: () => import('../routes/workbench/PictureExtractImg') },
  '/workbench/picture/ExtractUpload': { load: () => import('../routes/workbench/PictureExtractUpload') },
  '/workbench/picture/upload': { load: () => import('../routes/workbench/PictureUpload') },
  '/workbench/repositorys/BidDocuments': { load: () => import('../routes/workbench/RepositorysBidDocuments') },
  '/workbench/repositorys/upload': { load: () => import('../routes/workbench/RepositorysUpload') },
  '/workbench/tools/barChart': { load: () => import('../routes/workbench/ToolsBarChart') },
  '/workbench/tools/BiddingCheck': { load: () => import('../routes/workbench/ToolsBiddingCheck') },
  '/workbench/tools/FileConversion': { load: () => import('../routes/workbench/ToolsFileConversion') },
  '/workbench/tools/IpRecord': { load: () => import('../routes/workbench/ToolsIpRecord') },
  '/workbench/tools/MetadataClearing': { load: () => import('../routes/workbench/ToolsMetadataClearing') },
  '/workbench/tools/ReportView': { load: () => import('../routes/workbench/ToolsReportView') },
  '/workbench/tools/components/CheckTableData': { load: () => import('../routes/workbench/ToolsCheckTableData') },
  '/workbench/tools/components/CommonTableData': { load: () => import('../routes/workbench/ToolsCommonTableData') },
  '/workbench/tools/components/ReportTableData': { load: () => import('../routes/workbench/ToolsReportTableData') },
  '/workbench/user/userData': { load: () => import('../routes/workbench/UserData') },
  '/workbench/welfareCenter/component/ShareDialog': { load: () => import('../routes/workbench/WelfareShareDialog') },
  '/workbench/welfareCenter/component/TaskHeader': { load: () => import('../routes/workbench/WelfareTaskHeader') },
  '/workbench/welfareCenter/component/TaskList': { load: () => import('../routes/workbench/WelfareTaskList') },
  '/workbench/*': { load: () => import('../routes/public/NotFound') },

  '/admin': { load: () => import('../features/admin/UsersPage') },
  '/admin/sign-in': { load: () => import('../features/admin/SignInPage') },
  '/admin/orders': { load: () => import('../features/admin/OrdersPage') },
  '/admin/audit': { load: () => import('../features/admin/AuditPage') },
  '/admin/operators': { load: () => import('../features/admin/OperatorsPage') },
  '/admin/packages': { load: () => import('../features/admin/PackagesPage') },
  '/admin/coupons': { load: () => import('../features/admin/CouponsPage') },
  '/admin/dashboard': { load: () => import('../features/admin/DashboardPage') },
  '/admin/llm': { load: () => import('../features/admin/LlmUsagePage') },
  '/admin/welfare': { load: () => import('../features/admin/WelfarePage') },
  '/admin/content': { load: () => import('../features/admin/ContentPage') },
  '/admin/feedback': { load: () => import('../features/admin/FeedbackPage') },
  '/admin/brand': { load: () => import('../features/admin/BrandPage') },
  '/admin/*': { load: () => import('../features/admin/AdminNotFound') },
};
