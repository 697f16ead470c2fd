import { Outlet } from 'react-router';
import { SiteHeader } from '../components/site/SiteHeader';
import { SiteFooter } from '../components/site/SiteFooter';
import { boot } from '../lib/boot';
import '../styles/site.css';

/** The corporate layout (spec §2): the public shell with a company banner, for pages addressed to businesses. */
export default function CorporateLayout() {
  const { branding } = boot();
  return (
    <div className="site site--corporate">
      <SiteHeader />
      <div className="corporate-banner">
        <div className="corporate-banner__inner">
          <strong>{branding.companyName}</strong>
          <span>企业服务 · 渠道合作 · 定制部署</span>
        </div>
      </div>
      <main className="site__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
