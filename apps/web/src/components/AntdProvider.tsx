import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { boot } from '../lib/boot';
import { themeFor } from '../lib/theme';
import '../lib/dayjsLocale';

const theme = () => themeFor(boot().branding.primaryColor);

/**
 * antd with the brand theme and zh_CN locale, around the parts of the app that render antd (workbench, login dialog).
 * The public pages are plain HTML/CSS and do not load antd at all.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme()} button={{ autoInsertSpace: false }}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
