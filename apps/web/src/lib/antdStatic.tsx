import { ConfigProvider, message, Modal, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { boot } from './boot';
import { themeFor } from './theme';
import './dayjsLocale';

/**
 * antd's static message / modal / notification, themed like the app (brand colour, zh_CN) through holderRender.
 * Loaded on first use, so pages that never show a toast never download antd.
 */
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeFor(boot().branding.primaryColor)} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  ),
});

export { message, Modal, notification };
