import { useEffect, useState } from 'react';
import { Drawer, Grid, Layout, Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useUser } from '../stores/user';
import { WorkbenchHeader } from '../features/workbench/WorkbenchHeader';
import { menuHref, menuItems, selectedMenuKey } from '../features/workbench/menu';
import { AntdProvider } from '../components/AntdProvider';
import '../styles/workbench.css';

const { Sider, Header, Content } = Layout;

/** Layout of every /workbench… path (spec §2): sider menu, header, grey content area. */
export default function WorkbenchLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const info = useUser((s) => s.info);
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  // the bid workspace needs the width for its three panes: below 1600 px the sider shows its icons only (names on hover)
  const compact = screens.xxl === false && /^\/workbench\/document\/BidingDocument\/?$/.test(location.pathname);
  const [drawer, setDrawer] = useState(false);

  useEffect(() => setDrawer(false), [location.key]);

  const menu = (
    <Menu
      mode="inline"
      inlineCollapsed={compact && !narrow}
      selectedKeys={[selectedMenuKey(location.pathname)]}
      items={menuItems()}
      onClick={({ key }) => navigate(menuHref(key, info))}
      className="wb-menu"
    />
  );

  return (
    <AntdProvider>
      <Layout className="wb">
        <Header className="wb__header">
          <WorkbenchHeader onToggleMenu={() => setDrawer((v) => !v)} />
        </Header>
        <Layout className="wb__body">
          {narrow ? (
            <Drawer
              open={drawer}
              placement="left"
              onClose={() => setDrawer(false)}
              size={240}
              styles={{ body: { padding: 8 } }}
            >
              {menu}
            </Drawer>
          ) : (
            <Sider width={216} collapsedWidth={64} collapsed={compact} theme="light" className="wb__sider">
              {menu}
            </Sider>
          )}
          <Content className="wb__content" data-scroll-root>
            <Outlet />
          </Content>
        </Layout>
      </Layout>
    </AntdProvider>
  );
}
