import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCalls, type AdminEntitlements, type AdminUser } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';

const ent = (e: AdminEntitlements) => (
  <Space wrap>
    {e.isVip ? <Tag color="gold">VIP 至 {formatTime(e.vipExpiry)}</Tag> : <Tag>非 VIP</Tag>}
    <span>普通版 {e.commonBidNumber} 份</span>
    <span>旗舰版 {e.flagshipBidNumber} 份</span>
  </Space>
);

const FIELDS = [
  { value: 'common', label: '普通版标书（份）' },
  { value: 'flagship', label: '旗舰版标书（份）' },
  { value: 'vip', label: 'VIP（天）' },
];

/** Users and enterprises: search, entitlements and ledger, grants with a reason, disable / enable. */
export default function UsersPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'users', keyword, page],
    queryFn: () => adminCall(adminCalls.users, { query: { keyword: keyword || undefined, current: page, size: 20 } }),
  });
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">用户与企业</h2>
      <Input.Search
        className="admin-toolbar"
        style={{ maxWidth: 360 }}
        placeholder="手机号、昵称、姓名或公司"
        allowClear
        enterButton="搜索"
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table<AdminUser>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 人` }}
        columns={[
          { title: '手机号', dataIndex: 'phone' },
          { title: '昵称', dataIndex: 'nickName' },
          { title: '公司', dataIndex: 'companyName' },
          { title: '权益', render: (_, u) => ent(u.personal) },
          { title: '状态', render: (_, u) => <Tag color={u.status === 1 ? 'green' : 'red'}>{u.statusName}</Tag> },
          { title: '注册时间', dataIndex: 'createTime', render: formatTime },
          { title: '操作', render: (_, u) => <a onClick={() => setOpenId(u.id)}>查看</a> },
        ]}
      />
      <UserDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => adminCall(adminCalls.user, { query: { id: id! } }), enabled: !!id });
  const [granting, setGranting] = useState(false);
  const [form] = Form.useForm<{ field: 'vip' | 'common' | 'flagship'; amount: number; reason: string; toEnterprise: boolean }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const grant = useMutation({
    mutationFn: (v: { field: 'vip' | 'common' | 'flagship'; amount: number; reason: string; toEnterprise: boolean }) =>
      adminCall(adminCalls.grant, { body: { userId: id!, ...v } }),
    onSuccess: () => {
      message.success('已赠送');
      setGranting(false);
      form.resetFields();
      void refresh();
    },
    onError: (e) => message.error((e as Error).message),
  });
  const setStatus = (status: 1 | 2) => {
    let reason = '';
    Modal.confirm({
      title: status === 2 ? '停用该账号？停用后其登录立即失效' : '启用该账号？',
      content: <Input placeholder="原因（必填）" onChange={(e) => (reason = e.target.value)} />,
      okText: status === 2 ? '停用' : '启用',
      cancelText: '取消',
      onOk: async () => {
        try {
          await adminCall(adminCalls.setUserStatus, { body: { userId: id!, status, reason } });
          message.success(status === 2 ? '账号已停用' : '账号已启用');
          void refresh();
        } catch (e) {
          message.error((e as Error).message);
          throw e;
        }
      },
    });
  };
  const d = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} width={760} title="用户详情" destroyOnHidden>
      {d && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="手机号">{d.user.phone}</Descriptions.Item>
            <Descriptions.Item label="昵称">{d.user.nickName}</Descriptions.Item>
            <Descriptions.Item label="租户">{d.user.tenantId}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={d.user.status === 1 ? 'green' : 'red'}>{d.user.statusName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="个人权益" span={2}>
              {ent(d.user.personal)}
            </Descriptions.Item>
            {d.enterprise && (
              <Descriptions.Item label={`企业：${d.enterprise.name || d.enterprise.id}`} span={2}>
                {ent(d.enterprise.entitlements)}
                <div style={{ marginTop: 8 }}>
                  成员：
                  {d.enterprise.members.map((m) => (
                    <Tag key={m.id}>
                      {m.phone || m.nickName}
                      {m.isAdmin ? '（管理员）' : ''}
                    </Tag>
                  ))}
                </div>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space style={{ margin: '16px 0' }}>
            <Button type="primary" onClick={() => setGranting(true)}>
              赠送权益
            </Button>
            {d.user.status === 1 ? (
              <Button danger onClick={() => setStatus(2)}>
                停用账号
              </Button>
            ) : (
              <Button onClick={() => setStatus(1)}>启用账号</Button>
            )}
          </Space>
          <Typography.Title level={5}>权益流水</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.ledger}
            columns={[
              { title: '时间', dataIndex: 'createTime', width: 170, render: formatTime },
              { title: '归属', render: (_, r) => (r.holder === 'user' ? '个人' : '企业') },
              { title: '类型', dataIndex: 'kindName' },
              { title: '内容', render: (_, r) => `${FIELDS.find((f) => f.value === r.field)?.label ?? r.field} ${r.delta > 0 ? '+' : ''}${r.delta}` },
              { title: '说明', dataIndex: 'reason' },
            ]}
          />
          <Modal open={granting} title="赠送权益" okText="确认赠送" cancelText="取消" onCancel={() => setGranting(false)} onOk={() => form.submit()} confirmLoading={grant.isPending}>
            <Form form={form} layout="vertical" initialValues={{ field: 'common', amount: 1, toEnterprise: false }} onFinish={(v) => grant.mutate(v)}>
              <Form.Item name="field" label="赠送内容">
                <Select options={FIELDS} />
              </Form.Item>
              <Form.Item name="amount" label="数量" rules={[{ required: true }]}>
                <InputNumber min={1} max={3650} />
              </Form.Item>
              {d.enterprise && (
                <Form.Item name="toEnterprise" label="赠送给企业" valuePropName="checked">
                  <Switch />
                </Form.Item>
              )}
              <Form.Item name="reason" label="原因" rules={[{ required: true, min: 2, message: '请填写原因（至少 2 个字）' }]}>
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
            </Form>
          </Modal>
        </>
      )}
    </Drawer>
  );
}
