import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Segmented, Space, Table, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatYuan } from '@btz/shared';
import { adminCalls, adminMoneyCalls, type AdminCouponTemplate } from '@btz/shared/calls';
import { formatTime } from '../../lib/time';
import { adminCall } from './api';
import { TenantField, useTenantNames } from './TenantField';
import { CouponEditor, GrantCouponModal } from './CouponForms';

interface BatchValues {
  tenantId?: string;
  title: string;
  discountAmount: number;
  minAmount: number;
  validDays: number;
  count: number;
  codeDays?: number;
}

/** Coupons: the tenant's coupon templates; redeem-code batches (generate N codes, export CSV, see which were used). */
export default function CouponsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'coupons'], queryFn: () => adminCall(adminCalls.coupons, { query: {} }) });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<BatchValues>();
  const names = useTenantNames();
  const [kind, setKind] = useState('all');
  const [editor, setEditor] = useState<{ open: boolean; editing: AdminCouponTemplate | null }>({ open: false, editing: null });
  const [granting, setGranting] = useState<AdminCouponTemplate | null>(null);
  const toggle = async (t: AdminCouponTemplate) => {
    try {
      await adminCall(adminMoneyCalls.saveCoupon, {
        body: { id: t.id, tenantId: t.tenantId, kind: t.kind as 'grant', title: t.title, discountAmount: t.discountAmount, minAmount: t.minAmount, validDays: t.validDays, enabled: !t.enabled },
      });
      message.success(t.enabled ? '已停用' : '已启用');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const create = async (v: BatchValues) => {
    setBusy(true);
    try {
      await adminCall(adminCalls.redeemBatch, { body: v });
      message.success(`已生成 ${v.count} 个兑换码`);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = async (t: AdminCouponTemplate) => {
    try {
      const { fileName, csv } = await adminCall(adminCalls.redeemCodes, { query: { id: t.id } });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">优惠券与兑换码</h2>
      <Space className="admin-toolbar" wrap>
        <Button type="primary" onClick={() => setEditor({ open: true, editing: null })}>
          新建优惠券
        </Button>
        <Button onClick={() => (form.resetFields(), setOpen(true))}>生成兑换码</Button>
        <Segmented
          value={kind}
          onChange={setKind}
          options={[
            { value: 'all', label: '全部' },
            { value: 'grant', label: '活动券' },
            { value: 'new_user', label: '新人礼包' },
            { value: 'task', label: '任务奖励' },
            { value: 'redeem', label: '兑换码' },
          ]}
        />
      </Space>
      {kind === 'new_user' && <p className="admin-muted">新人礼包：注册 7 天内的新用户在「新人专享」里一次领取下列已启用的券（每个租户各自配置）。</p>}
      <Table<AdminCouponTemplate>
        rowKey="id"
        loading={list.isLoading}
        dataSource={kind === 'all' ? list.data : list.data?.filter((t) => t.kind === kind)}
        pagination={false}
        columns={[
          { title: '租户', render: (_, t) => names[t.tenantId] ?? t.tenantId },
          { title: '名称', dataIndex: 'title' },
          { title: '类型', render: (_, t) => <Tag>{t.kindName}</Tag> },
          { title: '优惠', render: (_, t) => `${formatYuan(t.discountAmount)}${t.minAmount ? `（满 ${formatYuan(t.minAmount)}）` : ''}` },
          { title: '券有效期', render: (_, t) => `${t.validDays} 天` },
          {
            title: '活动时间',
            render: (_, t) => (t.kind === 'grant' || t.kind === 'new_user' ? (t.startTime || t.endTime ? `${t.startTime || '不限'} 至 ${t.endTime || '不限'}` : '不限') : '—'),
          },
          { title: '兑换码', render: (_, t) => (t.codes ? `已用 ${t.usedCodes} / ${t.codes}` : '—') },
          { title: '创建时间', dataIndex: 'createTime', render: formatTime },
          {
            title: '状态',
            render: (_, t) => (!t.enabled ? <Tag>已停用</Tag> : t.issuable ? <Tag color="green">启用</Tag> : <Tag color="orange">不在活动时间</Tag>),
          },
          {
            title: '操作',
            render: (_, t) =>
              t.kind === 'redeem' ? (
                t.codes ? <a onClick={() => void exportCsv(t)}>导出 CSV</a> : null
              ) : (
                <Space style={{ whiteSpace: 'nowrap' }}>
                  <a onClick={() => setEditor({ open: true, editing: t })}>编辑</a>
                  <a onClick={() => void toggle(t)}>{t.enabled ? '停用' : '启用'}</a>
                  {t.enabled && <a onClick={() => setGranting(t)}>发放给用户</a>}
                </Space>
              ),
          },
        ]}
      />
      <CouponEditor open={editor.open} editing={editor.editing} onClose={() => setEditor({ open: false, editing: null })} />
      <GrantCouponModal template={granting} onClose={() => setGranting(null)} />
      <Modal open={open} title="生成兑换码" okText="生成" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={() => setOpen(false)}>
        <Form form={form} layout="vertical" initialValues={{ minAmount: 0, validDays: 30, count: 100 }} onFinish={create}>
          <TenantField />
          <Form.Item name="title" label="券名称" rules={[{ required: true, message: '请输入券名称' }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="discountAmount" label="优惠金额（元）" rules={[{ required: true, message: '请输入优惠金额' }]}>
            <InputNumber min={0.01} precision={2} />
          </Form.Item>
          <Form.Item name="minAmount" label="使用门槛（元，0 为无门槛）">
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item name="validDays" label="券有效天数（兑换后）">
            <InputNumber min={1} max={3650} />
          </Form.Item>
          <Form.Item name="count" label="兑换码数量">
            <InputNumber min={1} max={5000} />
          </Form.Item>
          <Form.Item name="codeDays" label="兑换码有效天数（不填为长期有效）">
            <InputNumber min={1} max={3650} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
