import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { formatYuan } from '@btz/shared';
import { adminCalls, adminMoneyCalls, type AdminCouponTemplate } from '@btz/shared/calls';
import { adminCall } from './api';
import { TenantField } from './TenantField';

export const COUPON_KINDS = [
  { value: 'grant', label: '活动券（运营发放）' },
  { value: 'new_user', label: '新人礼包' },
  { value: 'task', label: '任务奖励' },
] as const;

interface CouponValues {
  tenantId?: string;
  kind: 'grant' | 'new_user' | 'task';
  title: string;
  discountAmount: number;
  minAmount: number;
  validDays: number;
  sort?: number;
  enabled: boolean;
  /** the campaign's window, 'YYYY-MM-DD HH:mm'; empty = open */
  startTime?: string;
  endTime?: string;
}

const WINDOW_RULE = { pattern: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, message: '格式：2027-03-01 09:00（不限请留空）' };

/**
 * A coupon created or edited: a campaign, a coupon of the new-user pack (what a new user of the tenant claims), or a
 * welfare-task reward. Coupons already in users' hands keep the terms they were issued with.
 */
export function CouponEditor({ open, editing, onClose }: { open: boolean; editing: AdminCouponTemplate | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CouponValues>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        kind: editing.kind as CouponValues['kind'],
        title: editing.title,
        discountAmount: editing.discountAmount,
        minAmount: editing.minAmount,
        validDays: editing.validDays,
        enabled: editing.enabled,
        startTime: editing.startTime,
        endTime: editing.endTime,
      });
  }, [open, editing, form]);
  const save = async (v: CouponValues) => {
    setBusy(true);
    try {
      // a task reward has no window (it is issued with its task); a campaign sends both bounds, '' for an open one
      const bounds = v.kind === 'task' ? { startTime: undefined, endTime: undefined } : { startTime: v.startTime?.trim() ?? '', endTime: v.endTime?.trim() ?? '' };
      await adminCall(adminMoneyCalls.saveCoupon, { body: { ...v, ...bounds, id: editing?.id, tenantId: editing ? editing.tenantId : v.tenantId } });
      message.success(editing ? '已保存，新规则对之后发放的券生效' : '已新建优惠券');
      onClose();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={editing ? '编辑优惠券' : '新建优惠券'} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'grant', minAmount: 0, validDays: 30, sort: 0, enabled: true }} onFinish={save}>
        {!editing && <TenantField />}
        <Form.Item name="kind" label="类型">
          <Select disabled={!!editing} options={COUPON_KINDS.map((k) => ({ ...k }))} />
        </Form.Item>
        <Form.Item name="title" label="券名称" rules={[{ required: true, whitespace: true, message: '请输入券名称' }]}>
          <Input maxLength={40} placeholder="例如：双十二满减券" />
        </Form.Item>
        <Form.Item name="discountAmount" label="优惠金额（元）" rules={[{ required: true, message: '请输入优惠金额' }]}>
          <InputNumber min={0.01} max={1000000} precision={2} />
        </Form.Item>
        <Form.Item name="minAmount" label="使用门槛（元，0 为无门槛）">
          <InputNumber min={0} max={1000000} precision={2} />
        </Form.Item>
        <Form.Item name="validDays" label="券有效天数（发放后）" rules={[{ required: true, message: '请输入有效天数' }]}>
          <InputNumber min={1} max={3650} />
        </Form.Item>
        {kind !== 'task' && (
          <Form.Item label="活动时间（在此期间发放或领取，留空为不限）" style={{ marginBottom: 0 }}>
            <Form.Item name="startTime" rules={[WINDOW_RULE]} style={{ display: 'inline-block', marginRight: 8 }}>
              <Input aria-label="活动开始时间" placeholder="开始 2027-03-01 09:00" style={{ width: 190 }} allowClear />
            </Form.Item>
            <Form.Item name="endTime" rules={[WINDOW_RULE]} style={{ display: 'inline-block' }}>
              <Input aria-label="活动结束时间" placeholder="结束 2027-03-31 23:59" style={{ width: 190 }} allowClear />
            </Form.Item>
          </Form.Item>
        )}
        {!editing && (
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={10000} />
          </Form.Item>
        )}
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One coupon of a template to one user of its tenant (found by phone), with a reason kept in the audit. */
export function GrantCouponModal({ template, onClose }: { template: AdminCouponTemplate | null; onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPhone('');
    setReason('');
  }, [template]);
  const grant = async () => {
    if (!template) return;
    if (!/^1[3-9]\d{9}$/.test(phone.trim())) {
      message.error('请输入 11 位手机号');
      return;
    }
    setBusy(true);
    try {
      const found = await adminCall(adminCalls.users, { query: { tenantId: template.tenantId, keyword: phone.trim(), size: 5 } });
      const user = found.records.find((u) => u.phone === phone.trim());
      if (!user) throw new Error('该租户下没有这个手机号的用户');
      const c = await adminCall(adminMoneyCalls.grantCoupon, { body: { userId: user.id, templateId: template.id, reason } });
      message.success(`已向 ${user.phone} 发放「${c.title}」，有效期至 ${c.deadline.slice(0, 10)}`);
      onClose();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!template}
      title="发放优惠券"
      okText="发放"
      cancelText="取消"
      okButtonProps={{ disabled: reason.trim().length < 2 || !phone.trim() }}
      confirmLoading={busy}
      onOk={grant}
      onCancel={onClose}
    >
      {template && (
        <p>
          「{template.title}」{formatYuan(template.discountAmount)}
          {template.minAmount ? `（满 ${formatYuan(template.minAmount)} 可用）` : '（无门槛）'}，发放后 {template.validDays} 天内有效。
        </p>
      )}
      <Form layout="vertical">
        <Form.Item label="用户手机号">
          <Input aria-label="用户手机号" value={phone} maxLength={11} onChange={(e) => setPhone(e.target.value)} placeholder="该租户的注册手机号" />
        </Form.Item>
        <Form.Item label="原因（必填，记入操作审计）">
          <Input.TextArea aria-label="发放原因" rows={2} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
