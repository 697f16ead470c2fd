import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Table, Tag, Typography, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCalls, type OperatorView } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';

/** The platform super-operator's list of operators; inviting one gives a one-time sign-in link. */
export default function OperatorsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'operators'], queryFn: () => adminCall(adminCalls.operators, { query: {} }) });
  const tenants = useQuery({ queryKey: ['admin', 'tenants'], queryFn: () => adminCall(adminCalls.tenants) });
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState('');
  const [form] = Form.useForm<{ tenantId: string; name: string }>();
  const invite = async (v: { tenantId: string; name: string }) => {
    try {
      const r = await adminCall(adminCalls.inviteOperator, { body: v });
      setLink(r.link);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'operators'] });
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const toggle = async (o: OperatorView) => {
    try {
      await adminCall(adminCalls.setOperatorStatus, { body: { id: o.id, status: o.status === 1 ? 2 : 1 } });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'operators'] });
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">运营人员</h2>
      <Button type="primary" className="admin-toolbar" onClick={() => (setInviting(true), setLink(''), form.resetFields())}>
        邀请运营人员
      </Button>
      <Table<OperatorView>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data}
        pagination={false}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '角色', dataIndex: 'roleName' },
          { title: '租户', dataIndex: 'tenantName' },
          { title: '手机号', render: (_, o) => o.phone || <Tag>待首次登录</Tag> },
          { title: '状态', render: (_, o) => <Tag color={o.status === 1 ? 'green' : 'red'}>{o.status === 1 ? '正常' : '已停用'}</Tag> },
          { title: '最近登录', dataIndex: 'lastSignInTime', render: formatTime },
          { title: '操作', render: (_, o) => (o.role === 'operator' ? <a onClick={() => void toggle(o)}>{o.status === 1 ? '停用' : '启用'}</a> : null) },
        ]}
      />
      <Modal open={inviting} title="邀请运营人员" okText={link ? '完成' : '生成登录链接'} cancelText="取消" onCancel={() => setInviting(false)} onOk={() => (link ? setInviting(false) : form.submit())}>
        {link ? (
          <Alert
            type="success"
            showIcon
            message="请把这条一次性登录链接发给对方：首次登录时绑定其手机号，之后用手机号和验证码登录。"
            description={<Typography.Paragraph copyable>{link}</Typography.Paragraph>}
          />
        ) : (
          <Form form={form} layout="vertical" onFinish={invite}>
            <Form.Item name="tenantId" label="租户" rules={[{ required: true, message: '请选择租户' }]}>
              <Select options={(tenants.data ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.id}）` }))} />
            </Form.Item>
            <Form.Item name="name" label="姓名" rules={[{ required: true, message: '请输入姓名' }]}>
              <Input maxLength={40} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </div>
  );
}
