import { useState } from 'react';
import { Button, Descriptions, Form, Input, Modal, Select, Space, Table, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatYuan } from '@btz/shared';
import { adminCalls, type AdminOrder, type AdminProviderView } from '@btz/shared/calls';
import { adminCall } from './api';
import { formatTime } from '../../lib/time';
import { ReconcilePanel } from './ReconcilePanel';

const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'green', 3: 'default', 4: 'orange' };
const PROVIDER: Record<string, string> = { wechat: '微信支付', alipay: '支付宝', sandbox: '沙箱' };

/** Orders: search and filter, the provider's view, refund through the provider. */
export default function OrdersPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; status?: number; payType?: number }>({});
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [reconciling, setReconciling] = useState(false);
  const list = useQuery({
    queryKey: ['admin', 'orders', filter, page],
    queryFn: () => adminCall(adminCalls.orders, { query: { ...filter, current: page, size: 20 } }),
  });
  const showProvider = async (o: AdminOrder) => {
    try {
      const v: AdminProviderView = await adminCall(adminCalls.orderProvider, { query: { id: o.id } });
      Modal.info({
        title: `${PROVIDER[v.provider] ?? v.provider}的记录`,
        content: (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="状态">{{ paid: '已支付', unpaid: '未支付', closed: '已关闭', refunded: '已退款', unknown: '未知' }[v.state]}</Descriptions.Item>
            <Descriptions.Item label="交易号">{v.txnId || '—'}</Descriptions.Item>
            <Descriptions.Item label="金额">{v.amount === null ? '—' : formatYuan(v.amount)}</Descriptions.Item>
            <Descriptions.Item label="说明">{v.detail || '—'}</Descriptions.Item>
          </Descriptions>
        ),
      });
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const doRefund = async () => {
    if (!refunding) return;
    setBusy(true);
    try {
      await adminCall(adminCalls.refund, { body: { id: refunding.id, reason } });
      message.success('退款成功，权益已收回');
      setRefunding(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-page">
      <h2 className="admin-page__title">订单与退款</h2>
      <Form
        layout="inline"
        className="admin-toolbar"
        onFinish={(v: { keyword?: string; status?: number; payType?: number }) => {
          setFilter({ keyword: v.keyword?.trim() || undefined, status: v.status, payType: v.payType });
          setPage(1);
        }}
      >
        <Form.Item name="keyword">
          <Input placeholder="订单号或手机号" allowClear style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            placeholder="全部状态"
            allowClear
            style={{ width: 140 }}
            options={[
              { value: 1, label: '待支付' },
              { value: 2, label: '已支付' },
              { value: 3, label: '已关闭' },
              { value: 4, label: '已退款' },
            ]}
          />
        </Form.Item>
        <Form.Item name="payType">
          <Select
            placeholder="全部支付方式"
            allowClear
            style={{ width: 150 }}
            options={[
              { value: 1, label: '微信支付' },
              { value: 2, label: '支付宝' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button style={{ marginLeft: 8 }} onClick={() => setReconciling(true)}>
          支付对账
        </Button>
      </Form>
      <ReconcilePanel open={reconciling} onClose={() => setReconciling(false)} />
      <Table<AdminOrder>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 单` }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '用户', dataIndex: 'userPhone' },
          { title: '商品', dataIndex: 'title' },
          { title: '金额', render: (_, o) => formatYuan(o.amount) },
          { title: '支付方式', render: (_, o) => PROVIDER[o.provider] ?? o.provider },
          { title: '状态', render: (_, o) => <Tag color={STATUS_COLOR[o.status]}>{o.statusName}</Tag> },
          { title: '下单时间', dataIndex: 'createTime', render: formatTime },
          { title: '退款时间', render: (_, o) => formatTime(o.refundTime) },
          {
            title: '操作',
            render: (_, o) => (
              <Space>
                <a onClick={() => void showProvider(o)}>查询支付平台</a>
                {o.status === 2 && (
                  <a className="admin-refund" onClick={() => setRefunding(o)}>
                    退款
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!refunding}
        title="订单退款"
        okText="确认退款"
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2 }}
        cancelText="取消"
        confirmLoading={busy}
        onOk={doRefund}
        onCancel={() => setRefunding(null)}
      >
        {refunding && (
          <>
            <p>
              订单 {refunding.orderNo}（{refunding.title}）将通过{PROVIDER[refunding.provider] ?? refunding.provider}原路退款 {formatYuan(refunding.amount)}
              ，该订单发放的权益同时收回，用户会收到通知。
            </p>
            <Input.TextArea rows={2} placeholder="退款原因（必填）" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </>
        )}
      </Modal>
    </div>
  );
}
