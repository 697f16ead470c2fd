import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch, Table, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOutletContext } from 'react-router';
import { formatYuan } from '@btz/shared';
import { adminCalls, adminMoneyCalls, type AdminWelfareTask, type OperatorView } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';
import { useTenantNames } from './TenantField';

interface TaskValues {
  title: string;
  description: string;
  rewardKind: 'coupon' | 'copies';
  couponTemplateId: string | null;
  copyField: 'common' | 'flagship' | null;
  copyNumber: number;
  enabled: boolean;
}

const reward = (t: AdminWelfareTask) =>
  t.rewardKind === 'coupon' ? `优惠券「${t.couponTitle || t.couponTemplateId}」` : `${t.copyField === 'flagship' ? '旗舰版' : '普通版'}标书 ${t.copyNumber} 份`;

/** The welfare centre's tasks (福利中心) and their rewards, per tenant: edited here, the user's centre shows the new reward. */
export default function WelfarePage() {
  const op = useOutletContext<OperatorView>();
  const queryClient = useQueryClient();
  const names = useTenantNames();
  const tasks = useQuery({ queryKey: ['admin', 'welfare'], queryFn: () => adminCall(adminMoneyCalls.welfareTasks, { query: {} }) });
  const coupons = useQuery({ queryKey: ['admin', 'coupons'], queryFn: () => adminCall(adminCalls.coupons, { query: {} }) });
  const [editing, setEditing] = useState<AdminWelfareTask | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<TaskValues>();
  const kind = Form.useWatch('rewardKind', form);
  useEffect(() => {
    if (editing)
      form.setFieldsValue({
        title: editing.title,
        description: editing.description,
        rewardKind: editing.rewardKind,
        couponTemplateId: editing.couponTemplateId,
        copyField: editing.copyField ?? 'common',
        copyNumber: editing.copyNumber || 1,
        enabled: editing.enabled,
      });
  }, [editing, form]);
  const save = async (v: TaskValues) => {
    if (!editing) return;
    setBusy(true);
    try {
      await adminCall(adminMoneyCalls.saveWelfareTask, { body: { ...v, tenantId: editing.tenantId, code: editing.code as 'profile', sort: editing.sort } });
      message.success('已保存，之后领取的奖励按新设置发放');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'welfare'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const couponOptions = (coupons.data ?? [])
    .filter((c) => editing && c.tenantId === editing.tenantId && c.kind !== 'redeem')
    .map((c) => ({ value: c.id, label: `${c.title} ${formatYuan(c.discountAmount)}${c.minAmount ? `（满 ${formatYuan(c.minAmount)}）` : ''}${c.enabled ? '' : '（已停用）'}` }));
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">福利任务奖励</h2>
      <Table<AdminWelfareTask>
        rowKey={(t) => `${t.tenantId}:${t.code}`}
        loading={tasks.isLoading}
        dataSource={tasks.data}
        pagination={false}
        columns={[
          ...(op.role === 'super' ? [{ title: '租户', width: 100, render: (_: unknown, t: AdminWelfareTask) => names[t.tenantId] ?? t.tenantId }] : []),
          { title: '任务', dataIndex: 'title' },
          { title: '说明', dataIndex: 'description' },
          { title: '奖励', render: (_, t) => reward(t) },
          { title: '已领取', width: 90, render: (_, t) => `${t.claims} 人` },
          { title: '状态', width: 80, render: (_, t) => (t.enabled ? <Tag color="green">启用</Tag> : <Tag>已停用</Tag>) },
          { title: '更新时间', dataIndex: 'updateTime', width: 180, render: formatTime },
          { title: '操作', width: 100, render: (_, t) => <a onClick={() => setEditing(t)}>编辑奖励</a> },
        ]}
      />
      <Modal open={!!editing} title={`编辑任务：${editing?.title ?? ''}`} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={() => setEditing(null)}>
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item name="title" label="任务名称" rules={[{ required: true, whitespace: true, message: '请输入任务名称' }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="description" label="任务说明">
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
          <Form.Item name="rewardKind" label="奖励类型">
            <Radio.Group
              options={[
                { value: 'coupon', label: '优惠券' },
                { value: 'copies', label: '标书份数' },
              ]}
            />
          </Form.Item>
          {kind === 'coupon' ? (
            <Form.Item name="couponTemplateId" label="奖励优惠券" rules={[{ required: true, message: '请选择优惠券' }]}>
              <Select options={couponOptions} placeholder="该租户的优惠券" />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="copyField" label="标书版本">
                <Select
                  options={[
                    { value: 'common', label: '普通版' },
                    { value: 'flagship', label: '旗舰版' },
                  ]}
                />
              </Form.Item>
              <Form.Item name="copyNumber" label="奖励份数" rules={[{ required: true, message: '请填写份数' }]}>
                <InputNumber min={1} max={1000} />
              </Form.Item>
            </>
          )}
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
