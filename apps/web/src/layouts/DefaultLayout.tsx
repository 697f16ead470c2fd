import { Outlet } from 'react-router';
import { SiteHeader } from '../components/site/SiteHeader';
import { SiteFooter } from '../components/site/SiteFooter';
import '../styles/site.css';

/** The default layout of every non-workbench path (spec §2). */
export default function DefaultLayout() {
  return (
    <div className="site">
      <SiteHeader />
      <main className="site__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
