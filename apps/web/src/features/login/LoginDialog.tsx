import { useCallback, useState } from 'react';
import { Modal, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { LOADING_TIPS } from '@btz/shared';
import { boot } from '../../lib/boot';
import { brandName } from '../../lib/brand';
import { session, STORAGE_KEYS } from '../../lib/storage';
import { BrandLogo } from '../../components/BrandLogo';
import { PhoneLoginForm } from './PhoneLoginForm';
import { WechatLoginPanel } from './WechatLoginPanel';
import { AntdProvider } from '../../components/AntdProvider';
import './login.css';

const PROMISES = [LOADING_TIPS[0], LOADING_TIPS[1], LOADING_TIPS[3], LOADING_TIPS[6]];

/** The login dialog: 手机号登录 and 微信登录 tabs; afterwards the user lands in /workbench or where they asked to go. */
export default function LoginDialog({ open, redirect, onClose }: { open: boolean; redirect?: string; onClose: () => void }) {
  const [tab, setTab] = useState<'phone' | 'wechat'>('phone');
  const navigate = useNavigate();
  const { branding } = boot();

  const onSuccess = useCallback(() => {
    const target = redirect || session.get(STORAGE_KEYS.afterLogin) || '/workbench';
    session.remove(STORAGE_KEYS.afterLogin);
    onClose();
    navigate(target);
  }, [navigate, onClose, redirect]);

  return (
    <AntdProvider>
      <Modal
        open={open}
        onCancel={() => {
          session.remove(STORAGE_KEYS.afterLogin);
          onClose();
        }}
        footer={null}
        width={820}
        centered
        destroyOnHidden
        className="login-modal"
        styles={{ body: { padding: 0 } }}
      >
        <div className="login-shell">
          <aside className="login-aside">
            <BrandLogo src={branding.homeLogoLight} height={40} textColor="#fff" />
            <h2>让每一份标书都写得又快又好</h2>
            <ul>
              {PROMISES.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <div className="login-aside__foot">{branding.companyName}</div>
          </aside>
          <section className="login-main">
            <h3 className="login-title">欢迎登录{brandName(branding)}</h3>
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as 'phone' | 'wechat')}
              centered
              items={[
                { key: 'phone', label: '手机号登录', children: <PhoneLoginForm onSuccess={onSuccess} /> },
                {
                  key: 'wechat',
                  label: '微信登录',
                  children: tab === 'wechat' ? <WechatLoginPanel onSuccess={onSuccess} /> : null,
                },
              ]}
            />
          </section>
        </div>
      </Modal>
    </AntdProvider>
  );
}
