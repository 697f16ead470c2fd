import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { boot } from '../../lib/boot';
import { openLogin } from '../../lib/events';
import { useUser } from '../../stores/user';
import { BrandLogo } from '../BrandLogo';
import { SITE_NAV } from './nav';

/** Top navigation of the public site; a menu button replaces the links on narrow screens. */
export function SiteHeader({ transparent = false }: { transparent?: boolean }) {
  const loggedIn = useUser((s) => Boolean(s.token));
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { branding } = boot();

  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const solid = !transparent || scrolled || menuOpen;
  return (
    <header className={`site-header${solid ? ' site-header--solid' : ''}`}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="返回首页">
          <BrandLogo src={branding.homeLogoDark} height="2.5rem" />
        </Link>
        <nav className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="主导航">
          {SITE_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) => `site-nav__link${isActive && !item.to.includes('#') ? ' is-active' : ''}`}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="site-header__actions">
          {loggedIn ? (
            <button type="button" className="btz-btn btz-btn--primary" onClick={() => navigate('/workbench')}>
              进入工作台
            </button>
          ) : (
            <button type="button" className="btz-btn btz-btn--primary" onClick={() => openLogin()}>
              登录 / 注册
            </button>
          )}
          <button
            type="button"
            className="site-header__burger"
            aria-label={menuOpen ? '收起菜单' : '展开菜单'}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
    </header>
  );
}
