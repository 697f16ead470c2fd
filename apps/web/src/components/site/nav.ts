/** The public site's top navigation (DESIGN.md Public site). */
export const SITE_NAV: { label: string; to: string }[] = [
  { label: '首页', to: '/' },
  { label: '产品功能', to: '/#features' },
  { label: '行业动态', to: '/home/industry_dynamics.html' },
  { label: '常见问题', to: '/home/direction.html' },
  { label: '商家入驻', to: '/home/merchant.html' },
  { label: '商务合作', to: '/home/business.html' },
  { label: '客服', to: '/home/CustomerService' },
];

/** The footer's site map. */
export const SITE_MAP: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: '产品',
    links: [
      { label: '产品功能', to: '/#features' },
      { label: '产品演示', to: '/demo' },
      { label: '新建标书', to: '/workbench/document' },
      { label: '标书工具', to: '/workbench/BiddingTool' },
    ],
  },
  {
    title: '资讯',
    links: [
      { label: '行业动态', to: '/home/industry_dynamics.html' },
      { label: '常见问题', to: '/home/direction.html' },
      { label: '网站地图', to: '/home/website_map.html' },
    ],
  },
  {
    title: '合作',
    links: [
      { label: '商家入驻', to: '/home/merchant.html' },
      { label: '商务合作', to: '/home/business.html' },
      { label: '客服中心', to: '/home/CustomerService' },
    ],
  },
  {
    title: '协议',
    links: [{ label: '支付协议', to: '/home/pay_agreement.html' }],
  },
];
