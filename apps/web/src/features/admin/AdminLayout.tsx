import { useEffect } from 'react';
import { Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCalls } from '@btz/shared/calls';
import { AntdProvider } from '../../components/AntdProvider';
import { adminCall, operatorToken } from './api';
import './admin.css';

const { Sider, Header, Content } = Layout;

const MENU = [
  { key: '/admin/dashboard', label: '数据概览' },
  { key: '/admin', label: '用户与企业' },
  { key: '/admin/orders', label: '订单与退款' },
  { key: '/admin/packages', label: '套餐' },
  { key: '/admin/coupons', label: '优惠券与兑换码' },
  { key: '/admin/welfare', label: '福利任务奖励' },
  { key: '/admin/llm', label: '大模型用量' },
  { key: '/admin/content', label: '内容' },
  { key: '/admin/feedback', label: '用户反馈' },
  { key: '/admin/brand', label: '品牌设置' },
  { key: '/admin/audit', label: '操作审计' },
];

/** The operator console's frame (issue 28): its own sign-in, menu and header — nothing of the user's app. */
export default function AdminLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signingIn = location.pathname.startsWith('/admin/sign-in');
  const hasToken = !!operatorToken.get();
  const me = useQuery({ queryKey: ['admin', 'me'], queryFn: () => adminCall(adminCalls.me), enabled: !signingIn && hasToken, retry: false });

  useEffect(() => {
    document.body.classList.add('admin-body');
    return () => document.body.classList.remove('admin-body');
  }, []);

  if (signingIn) {
    return (
      <AntdProvider>
        <div className="admin-signin">
          <Outlet />
        </div>
      </AntdProvider>
    );
  }
  if (!hasToken) return <Navigate to="/admin/sign-in" replace />;
  if (!me.data) {
    return (
      <AntdProvider>
        <div className="admin-signin">{me.isError ? <Typography.Text type="danger">{(me.error as Error).message}</Typography.Text> : <Spin />}</div>
      </AntdProvider>
    );
  }
  const op = me.data;
  const items = op.role === 'super' ? [...MENU, { key: '/admin/operators', label: '运营人员' }] : MENU;
  const signOut = async () => {
    await adminCall(adminCalls.signOut).catch(() => undefined);
    operatorToken.clear();
    queryClient.removeQueries({ queryKey: ['admin'] });
    navigate('/admin/sign-in');
  };
  return (
    <AntdProvider>
      <Layout className="admin">
        <Sider width={200} className="admin__sider" theme="dark">
          <div className="admin__brand">标书AI 运营后台</div>
          <Menu theme="dark" mode="inline" selectedKeys={[location.pathname.replace(/\/$/, '')]} items={items} onClick={({ key }) => navigate(key)} />
        </Sider>
        <Layout>
          <Header className="admin__header">
            <Space>
              <Tag color={op.role === 'super' ? 'gold' : 'blue'}>{op.roleName}</Tag>
              <span>{op.tenantName}</span>
              <span className="admin__who">
                {op.name}（{op.phone}）
              </span>
              <Button size="small" onClick={signOut}>
                退出
              </Button>
            </Space>
          </Header>
          <Content className="admin__content">
            <Outlet context={op} />
          </Content>
        </Layout>
      </Layout>
    </AntdProvider>
  );
}
