import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCalls } from '@btz/shared/calls';
import { adminCall, operatorToken } from './api';

/**
 * The console's sign-in: phone + SMS code. Opened from a one-time link (`?ticket=`), the first sign-in binds the phone
 * entered here to the operator the link was made for.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [key, setKey] = useState('');
  const [wait, setWait] = useState(0);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const info = useQuery({ queryKey: ['admin', 'ticket', ticket], queryFn: () => adminCall(adminCalls.ticketInfo, { query: { ticket: ticket! } }), enabled: !!ticket, retry: false });

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const send = async () => {
    setError('');
    try {
      const phone = (await form.validateFields(['phone'])).phone;
      const r = await adminCall(adminCalls.sendCode, { query: { phone } });
      setKey(r.key);
      setWait(r.interval || 60);
    } catch (e) {
      if (e instanceof Error) setError(e.message);
    }
  };
  const submit = async (v: { phone: string; code: string }) => {
    setError('');
    if (!key) return setError('请先获取短信验证码');
    setBusy(true);
    try {
      const r = await adminCall(adminCalls.signIn, { body: { phone: v.phone, code: v.code, key, ...(ticket ? { ticket } : {}) } });
      operatorToken.set(r.token);
      queryClient.removeQueries({ queryKey: ['admin'] });
      navigate('/admin', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="admin-signin__card" title="标书AI 运营后台">
      {ticket && info.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`首次登录：${info.data.roleName}${info.data.name ? ` · ${info.data.name}` : ''}（${info.data.tenantName}）`}
          description="输入您的手机号并完成短信验证，该手机号将绑定为此运营账号，以后用手机号和验证码登录。"
        />
      )}
      {ticket && info.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={(info.error as Error).message} />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="phone" label="手机号" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请输入 11 位手机号' }]}>
          <Input maxLength={11} placeholder="请输入手机号" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
              <Input maxLength={8} placeholder="请输入验证码" />
            </Form.Item>
            <Button onClick={send} disabled={wait > 0}>
              {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {ticket ? '绑定手机号并登录' : '登录'}
        </Button>
      </Form>
    </Card>
  );
}
