import { Link } from 'react-router';
import { boot } from '../../lib/boot';
import { BrandLogo } from '../BrandLogo';
import { SITE_MAP } from './nav';

/** Footer: brand, company name, 备案号 (BAno), phone, e-mail and the site map. */
export function SiteFooter() {
  const { branding } = boot();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          {/* the footer is dark: the light logo (white lettering); footerLogo carries dark lettering */}
          <BrandLogo src={branding.homeLogoLight || branding.footerLogo} height="2.5rem" textColor="#fff" />
          <p className="site-footer__slogan">{branding.text || 'AI 读懂招标文件，帮你写好每一份投标文件。'}</p>
          <ul className="site-footer__contact">
            {branding.phone ? (
              <li>
                客服电话：<a href={`tel:${branding.phone}`}>{branding.phone}</a>
              </li>
            ) : null}
            {branding.email ? (
              <li>
                商务邮箱：<a href={`mailto:${branding.email}`}>{branding.email}</a>
              </li>
            ) : null}
            <li>服务时间：工作日 9:00 – 18:00</li>
          </ul>
        </div>
        <nav className="site-footer__map" aria-label="网站地图">
          {SITE_MAP.map((col) => (
            <div key={col.title} className="site-footer__col">
              <h4>{col.title}</h4>
              {col.links.map((l) => (
                <Link key={l.to} to={l.to}>
                  {l.label}
                </Link>
              ))}
            </div>
          ))}
        </nav>
      </div>
      <div className="site-footer__legal">
        <span>
          © {year} {branding.companyName} 版权所有
        </span>
        {branding.BAno ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {branding.BAno}
          </a>
        ) : null}
      </div>
    </footer>
  );
}
