import type { RouteObject } from 'react-router';
import { RootLayout } from '../layouts/RootLayout';
import { RouteError } from '../components/RouteError';
import { layout, page } from './page';
import { PageSpinner } from '../components/PageSpinner';
import { rootLoader } from './guard';
import { inviteLoader } from './loaders';
import { activityLoader, merchantLoader, newsLoader, pageLoader, questionLoader, titleFrom } from '../features/site/loaders';
import type { ActivityDetail, MerchantDetail, NewsDetail, QuestionDetail, SitePage } from '../features/site/api';
import { workbenchChildren } from './workbenchRoutes';

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    loader: rootLoader,
    shouldRevalidate: () => true,
    children: [
      {
        lazy: layout(() => import('../layouts/DefaultLayout')),
        children: [
          page(() => import('../routes/public/Home'), { index: true }),
          page(() => import('../routes/public/Home'), { path: 'home' }),
          page(() => import('../routes/public/Demo'), { path: 'demo', handle: { title: '产品演示' } }),
          page(() => import('../routes/public/CustomerService'), { path: 'home/CustomerService', handle: { title: '客服中心' } }),
          page(() => import('../routes/public/Direction'), { path: 'home/direction.html', handle: { title: '使用指南' } }),
          page(() => import('../routes/public/IndustryDynamics'), {
            path: 'home/industry_dynamics.html',
            handle: { title: '行业动态' },
          }),
          page(() => import('../routes/public/Merchant'), { path: 'home/merchant.html', handle: { title: '商家名录' } }),
          page(() => import('../routes/public/PayAgreement'), { path: 'home/pay_agreement.html', handle: { title: '支付协议' } }),
          page(() => import('../routes/public/WebsiteMap'), { path: 'home/website_map.html', handle: { title: '网站地图' } }),
          page(() => import('../routes/public/HomeCodePage'), {
            path: 'home/:page',
            loader: pageLoader,
            handle: { title: titleFrom('专题页面', (p: SitePage) => p.title) },
          }),
          page(() => import('../routes/public/ActivityDetail'), {
            path: 'activity/:file',
            loader: activityLoader,
            handle: { title: titleFrom('活动详情', (a: ActivityDetail) => a.title) },
          }),
          page(() => import('../routes/public/DynamicDetail'), {
            path: 'dynamic/:file',
            loader: newsLoader,
            handle: { title: titleFrom('行业动态', (n: NewsDetail) => n.title) },
          }),
          page(() => import('../routes/public/QuestionDetail'), {
            path: 'question/:file',
            loader: questionLoader,
            handle: { title: titleFrom('常见问题', (q: QuestionDetail) => q.question) },
          }),
          page(() => import('../routes/public/MerchantDetail'), {
            path: 'merchantDetail/:file',
            loader: merchantLoader,
            handle: { title: titleFrom('商家详情', (m: MerchantDetail) => m.name) },
          }),
          page(() => import('../routes/public/UserProfile'), { path: 'user/profile', handle: { title: '个人资料' } }),
          page(() => import('../routes/public/InviteLanding'), {
            path: ':inviteCode',
            loader: inviteLoader,
            handle: { title: '好友邀请' },
          }),
          page(() => import('../routes/public/NotFound'), { path: '*', handle: { title: '页面不存在' } }),
        ],
      },
      {
        lazy: layout(() => import('../layouts/CorporateLayout')),
        children: [
          page(() => import('../routes/public/Business'), { path: 'home/business.html', handle: { title: '商务合作' } }),
        ],
      },
      {
        path: 'workbench',
        lazy: layout(() => import('../layouts/WorkbenchLayout')),
        children: workbenchChildren,
      },
    ],
  },
];
